package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code merge}: the reports of {@code check --shard 1/N .. N/N} joined give the report of one
 * run (same results, counts and {@code --expect} comparison); reports that cannot be joined are
 * refused.
 */
class MergeCommandTest {
  @TempDir Path dir;

  private Path tests;
  private Path csv;
  private final CommandRun cli = new CommandRun();
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String MP =
      "PTX %s\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
          + " st.relaxed.gpu x, 1 | ld.%s.gpu r0, y ;\n"
          + " st.release.gpu y, 1 | ld.relaxed.gpu r1, x ;\n"
          + "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n";

  @BeforeEach
  void corpus() throws IOException {
    tests = Files.createDirectories(dir.resolve("tests"));
    StringBuilder rows = new StringBuilder();
    for (int i = 0; i < 14; i++) {
      boolean acquire = i % 2 == 0;
      Path file = tests.resolve("d" + i % 3).resolve("T" + i + ".litmus");
      Files.createDirectories(file.getParent());
      Files.writeString(file, String.format(MP, "T" + i, acquire ? "acquire" : "relaxed"));
      // T3 is expected wrongly, T5 has no row
      if (i != 5) {
        rows.append(tests.relativize(file)).append(',').append(acquire == (i == 3) ? 1 : 0)
            .append('\n');
      }
    }
    rows.append("gone.litmus,1\n");
    Files.writeString(tests.resolve("d0/Bad.litmus"), "PTX Bad\n{ x=0; }\n P0@cta 0,gpu 0 ;\n"
        + " ld.foo r0, x ;\nexists (P0:r0 == 0)\n");
    csv = Files.writeString(tests.resolve("expected.csv"), rows.toString());
    Files.writeString(dir.resolve("none.csv"), ""); // no known divergences (it must exist)
  }

  private String check(String... args) {
    return check(true, args);
  }

  private String check(boolean path, String... args) {
    cli.clear();
    List<String> all = new ArrayList<>(List.of("check", "--expect", csv.toString(),
        "--divergences", dir.resolve("none.csv").toString()));
    all.addAll(List.of(args));
    if (path) {
      all.add(tests.toString());
    }
    cli.run(all.toArray(String[]::new));
    return cli.out.toString();
  }

  private List<Path> shards(String format, int n) throws IOException {
    List<Path> out = new ArrayList<>();
    for (int k = 1; k <= n; k++) {
      Path report = dir.resolve("shard" + k + "." + format);
      Files.writeString(report, check("--format", format.equals("txt") ? "text" : format,
          "--shard", k + "/" + n));
      out.add(report);
    }
    return out;
  }

  private int merge(List<Path> reports, String... more) {
    cli.clear();
    List<String> args = new ArrayList<>(List.of("merge"));
    reports.forEach(r -> args.add(r.toString()));
    args.addAll(List.of(more));
    return cli.run(args.toArray(String[]::new));
  }

  private static JsonNode withoutTimes(String json) throws IOException {
    JsonNode root = JSON.readTree(json);
    root.get("results").forEach(r -> ((ObjectNode) r).remove("millis"));
    return root;
  }

  @Test
  void joinedJsonShardsAreTheJsonOfOneRun() throws IOException {
    JsonNode one = withoutTimes(check("--format", "json"));
    assertThat(one.get("expect").get("mismatches")).hasSize(1);
    assertThat(merge(shards("json", 3))).isEqualTo(1); // a mismatch and an error, as check
    assertThat(withoutTimes(cli.out.toString())).isEqualTo(one);
  }

  @Test
  void joinedStreamsAreTheJsonOfOneRunToo() throws IOException {
    JsonNode one = withoutTimes(check("--format", "json"));
    List<Path> reports = new ArrayList<>();
    for (int k = 1; k <= 2; k++) {
      List<String> files = new ArrayList<>();
      for (Path f : io.github.ptxlitmus.litmus.LitmusFileTree.under(tests)) {
        files.add(f.toString());
      }
      Path list = Files.write(dir.resolve("list" + k), files);
      Path report = dir.resolve("stream" + k + ".jsonl");
      Files.writeString(report, check(false, "--format", "json", "--shard", k + "/2",
          "--paths-from", list.toString()));
      reports.add(report);
    }
    assertThat(Files.readString(reports.get(0)).lines().count()).isGreaterThan(2);
    merge(reports);
    assertThat(withoutTimes(cli.out.toString()).get("results")).isEqualTo(one.get("results"));
  }

  @Test
  void joinedHerdLogsHoldTheLinesOfOneRun() throws IOException {
    String one = check();
    assertThat(merge(shards("txt", 4))).isEqualTo(1);
    String joined = cli.out.toString();
    assertThat(sortedWithoutTimes(joined)).isEqualTo(sortedWithoutTimes(one));
    assertThat(joined).endsWith(one.substring(one.indexOf("Expect agree")))
        .contains("Missing gone.litmus\n");
  }

  private static List<String> sortedWithoutTimes(String log) {
    return log.lines().filter(l -> !l.startsWith("Time ")).sorted().toList();
  }

  @Test
  void aShardGivenTwiceOrCutShortIsRefused() throws IOException {
    List<Path> json = shards("json", 2);
    assertThat(merge(List.of(json.get(0), json.get(0), json.get(1))))
        .isEqualTo(Main.USAGE_ERROR);
    assertThat(cli.err.toString()).contains("shard 1/2 is both");
    assertThat(merge(List.of(json.get(1)))).isEqualTo(Main.USAGE_ERROR);
    assertThat(cli.err.toString()).contains("shard 1/2 is missing");
    List<Path> text = shards("txt", 2);
    String log = Files.readString(text.get(0));
    assertThat(log).containsPattern("\nShard 1/2 of run [0-9a-f]{16}\nSummary: ");
    Path cut = Files.writeString(dir.resolve("cut.txt"),
        log.substring(log.indexOf("\n\n") + 2)); // first block lost
    assertThat(merge(List.of(cut, text.get(1)))).isEqualTo(Main.USAGE_ERROR);
    assertThat(cli.err.toString()).contains("cut short");
    Path noSummary = Files.writeString(dir.resolve("nosummary.txt"),
        log.substring(0, log.indexOf("Expect agree")));
    assertThat(merge(List.of(noSummary))).isEqualTo(Main.USAGE_ERROR);
    assertThat(merge(List.of(json.get(0), text.get(1)))).isEqualTo(Main.USAGE_ERROR);
    assertThat(cli.err.toString()).contains("mix herd logs and JSON");
    assertThat(merge(List.of(dir.resolve("absent.txt")))).isEqualTo(Main.USAGE_ERROR);
    assertThat(cli.err.toString()).startsWith("ptx-litmus merge: no such file: ");
  }

  /**
   * Shards of different runs with the same N (other paths, model, options, expectations) are
   * refused with one line naming both files, in both formats; the same run's shards join.
   */
  @Test
  void shardsOfDifferentRunsAreRefused() throws IOException {
    Path other = Files.createDirectories(dir.resolve("other"));
    Files.writeString(other.resolve("T0.litmus"), String.format(MP, "T0", "acquire"));
    for (String format : new String[] {"txt", "json"}) {
      String f = format.equals("txt") ? "text" : format;
      List<Path> mine = shards(format, 2);
      String[][] others = {
        {"--without", "Causality"},
        {"--model", "dat3m-v6.0"},
        {"--states"},
        {"--bound", "3"},
        {"--timeout", "7"},
      };
      for (String[] opts : others) {
        List<String> args = new ArrayList<>(List.of(opts));
        args.addAll(List.of("--format", f, "--shard", "2/2"));
        Path second = Files.writeString(dir.resolve("other2." + format),
            check(args.toArray(String[]::new)));
        assertThat(merge(List.of(mine.get(0), second))).as(String.join(" ", opts))
            .isEqualTo(Main.USAGE_ERROR);
        assertThat(cli.err.toString()).as(String.join(" ", opts))
            .startsWith("ptx-litmus merge: " + mine.get(0) + " and " + second + " are shards of different"
                + " runs (run ")
            .doesNotContain("\n\n").hasLineCount(1);
      }
      // Other paths: the same options on another directory.
      cli.clear();
      cli.run("check", "--expect", csv.toString(), "--divergences",
          dir.resolve("none.csv").toString(), "--format", f, "--shard", "2/2",
          tests.toString(), other.toString());
      Path second = Files.writeString(dir.resolve("paths2." + format), cli.out.toString());
      assertThat(merge(List.of(mine.get(0), second))).isEqualTo(Main.USAGE_ERROR);
      assertThat(cli.err.toString()).contains("are shards of different runs");
      // Another expected CSV.
      Path csv2 = Files.writeString(tests.resolve("expected2.csv"), Files.readString(csv) + "\n");
      cli.clear();
      cli.run("check", "--expect", csv2.toString(), "--divergences",
          dir.resolve("none.csv").toString(), "--format", f, "--shard", "2/2",
          tests.toString());
      second = Files.writeString(dir.resolve("csv2." + format), cli.out.toString());
      assertThat(merge(List.of(mine.get(0), second))).isEqualTo(Main.USAGE_ERROR);
      assertThat(cli.err.toString()).contains("are shards of different runs");
      // A report that names no run (an older version) with one that does.
      String first = Files.readString(mine.get(1));
      Path unnamed = Files.writeString(dir.resolve("unnamed." + format),
          first.replaceAll(" of run [0-9a-f]{16}", "").replaceAll(",?\\s*\"run\" : \"[0-9a-f]{16}\"", ""));
      assertThat(merge(List.of(mine.get(0), unnamed))).isEqualTo(Main.USAGE_ERROR);
      assertThat(cli.err.toString()).contains("are shards of different runs (run ")
          .contains(", no run named)");
      // -j changes nothing decided: those shards join.
      Path j1 = Files.writeString(dir.resolve("j1." + format),
          check("-j", "1", "--format", f, "--shard", "2/2"));
      assertThat(merge(List.of(mine.get(0), j1))).isEqualTo(1);
    }
  }

  @Test
  void aPassingRunMergesToExit0AndCanGoToAFile() throws IOException {
    Files.delete(tests.resolve("d0/Bad.litmus"));
    Files.writeString(csv, Files.readString(csv).replaceAll("(?m)^d0/T3.litmus,.*\\n", ""));
    Path out = dir.resolve("joined.txt");
    assertThat(merge(shards("txt", 2), "-o", out.toString())).isZero();
    assertThat(Files.readString(out)).endsWith(
        "Summary: 14 tests, 7 ok, 7 no, 0 undefined, 0 unknown, 0 errors\n");
  }
}
