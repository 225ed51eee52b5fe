package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.bench.Family;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code check} reports about expectations, and its exit code, in every format: a file's
 * own oracle comments, the {@code --expect} CSV, the default divergence list (found wherever
 * the command runs) and listings cut by a limit.
 */
class CheckExpectationsTest {
  @TempDir Path dir;

  private static final Path MP = Path.of("src/test/resources/litmus/spec/MP+fence.sys.litmus");

  private Path copy(String name, String from, String to) throws Exception {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(file, Files.readString(MP).replace(from, to));
    return file;
  }

  @Test
  void aFilesOwnWrongExpectationFailsTheRunInEveryFormat() throws Exception {
    copy("t/ok.litmus", "", "");
    Path wrong = copy("t/wrong.litmus", "expect: Forbidden", "expect: Allowed");
    Path typo = copy("t/typo.litmus", "(* expect: Forbidden *)", "(* expext: Forbidden *)");
    for (String format : new String[] {"text", "json", "junit"}) {
      CommandRun cli = new CommandRun();
      assertThat(cli.run("check", "--format", format, dir.resolve("t").toString()))
          .as(format).isEqualTo(1);
      String out = cli.out.toString();
      assertThat(out).as(format).contains("verdict: expected ALLOWED, is FORBIDDEN")
          .contains("unknown comment 'expext:'; did you mean 'expect:'?");
      switch (format) {
        case "text" -> assertThat(out).contains(
            "Expectation mismatch " + typo + ": expect comments: " + typo
                + ":5:4: unknown comment 'expext:'; did you mean 'expect:'?\n"
                + "Expectation mismatch " + wrong + ": verdict: expected ALLOWED, is FORBIDDEN\n"
                + "File expectations met 1/3, 2 mismatches\n"
                + "Summary: 3 tests, 0 ok, 3 no, 0 undefined, 0 unknown, 0 errors\n");
        case "json" -> assertThat(out.replaceAll("\\s+", " "))
            .contains("\"fileExpectations\" : { \"met\" : false, \"mismatches\" : [ \"verdict:"
                + " expected ALLOWED, is FORBIDDEN\" ] }")
            .contains("\"fileExpectations\" : { \"files\" : 3, \"met\" : 1, \"mismatches\" : 2 }");
        default -> assertThat(out).contains("failures=\"2\"");
      }
    }
    // All met: exit 0, the report as without comments.
    CommandRun cli = new CommandRun();
    assertThat(cli.run("check", dir.resolve("t/ok.litmus").toString())).isEqualTo(0);
    assertThat(cli.out.toString()).doesNotContain("File expectations");
  }

  /** Paths read as they come (and shards) compare own comments as a whole run does. */
  @Test
  void streamedPathsAndShardsCompareOwnExpectationsToo() throws Exception {
    copy("t/ok.litmus", "", "");
    Path wrong = copy("t/wrong.litmus", "expect: Forbidden", "expect: Allowed");
    Path list = Files.writeString(dir.resolve("paths.txt"),
        dir.resolve("t/ok.litmus") + "\n" + wrong + "\n");
    for (String format : new String[] {"text", "json"}) {
      CommandRun cli = new CommandRun();
      assertThat(cli.run("check", "--format", format, "--paths-from", list.toString()))
          .as(format).isEqualTo(1);
      assertThat(cli.out.toString()).as(format)
          .contains("verdict: expected ALLOWED, is FORBIDDEN");
    }
    CommandRun cli = new CommandRun();
    assertThat(cli.run("check", "--shard", "1/1", dir.resolve("t").toString())).isEqualTo(1);
    assertThat(cli.out.toString()).contains("File expectations met 1/2, 1 mismatch\n");
    CommandRun met = new CommandRun();
    assertThat(met.run("check", "--shard", "1/1", dir.resolve("t/ok.litmus").toString()))
        .isEqualTo(0);
    assertThat(met.out.toString()).contains("File expectations met 1/1, 0 mismatches\n");
  }

  @Test
  void aFileWithoutOracleCommentsIsNotCompared() throws Exception {
    Path bare = dir.resolve("MP-3.litmus");
    Files.writeString(bare, Family.MP.generate(3));
    CommandRun cli = new CommandRun();
    assertThat(cli.run("check", bare.toString())).isEqualTo(0);
    assertThat(cli.out.toString()).doesNotContain("File expectations");
  }

  @Test
  void aVerdictThatHoldsOnlyWithinAnExplicitLoopBoundAgreesWithNoCsvRow() throws Exception {
    // P1 counts the rounds of its spin: 20 rounds are possible, but not within bound 2.
    String loop = "PTX LoopCount\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
        + " st.relaxed.gpu x, 1 | L: ld.relaxed.gpu r0, x ;\n"
        + " | add r2, r2, 1 ;\n | beq r0, 0, L ;\n";
    Files.writeString(dir.resolve("loop.litmus"), loop + "exists (P1:r2 == 20)\n");
    Files.writeString(dir.resolve("loop2.litmus"), loop + "~exists (P1:r2 == 20)\n");
    Path csv = Files.writeString(dir.resolve("exp.csv"), "loop.litmus,0\nloop2.litmus,1\n");
    for (String format : new String[] {"text", "json", "junit"}) {
      CommandRun cli = new CommandRun();
      assertThat(cli.run("check", "--format", format, "--bound", "2", "--expect",
          csv.toString(), dir.resolve("loop.litmus").toString(),
          dir.resolve("loop2.litmus").toString())).as(format).isEqualTo(1);
      if (format.equals("text")) {
        assertThat(cli.out.toString()).contains("Expect agree 0/2")
            .contains("no witness within loop bound 2")
            .contains("Summary: 2 tests, 0 ok, 0 no, 0 undefined, 2 unknown, 0 errors");
      }
    }
  }

  @Test
  void anExpectCsvMatchingNoTestIsAUsageError() throws Exception {
    Path test = copy("t/ok.litmus", "", "");
    Path csv = Files.writeString(dir.resolve("elsewhere.csv"), "other/ok.litmus,0\n");
    CommandRun cli = new CommandRun();
    assertThat(cli.run("check", "--expect", csv.toString(), test.toString())).isEqualTo(2);
    assertThat(cli.err.toString()).startsWith("ptx-litmus check: --expect: none of the 1 test"
        + " has a row in " + csv + " (its paths are relative to " + dir + ")");
    assertThat(cli.out.toString()).isEmpty();
    // The same when the paths are read as they come: said at the end, exit 2.
    Path list = Files.writeString(dir.resolve("paths.txt"), test + "\n");
    CommandRun streamed = new CommandRun();
    assertThat(streamed.run("check", "--expect", csv.toString(), "--paths-from",
        list.toString())).isEqualTo(2);
    assertThat(streamed.err.toString()).contains("--expect: none of the 1 test has a row in");
  }

  /** A shard whose own files have no row passes when the split's files have rows. */
  @Test
  void aShardWithoutRowsOfItsOwnIsNotAUsageError() throws Exception {
    copy("s/a.litmus", "", "");
    copy("s/b.litmus", "", "");
    copy("s/c.litmus", "", "");
    Path csv = Files.writeString(dir.resolve("s/exp.csv"), "a.litmus,0\n");
    for (int k = 1; k <= 3; k++) {
      CommandRun cli = new CommandRun();
      assertThat(cli.run("check", "--shard", k + "/3", "--expect", csv.toString(),
          dir.resolve("s").toString())).as("shard " + k).isNotEqualTo(2);
    }
    CommandRun none = new CommandRun();
    assertThat(none.run("check", "--shard", "1/3", "--expect",
        Files.writeString(dir.resolve("none.csv"), "zzz.litmus,0\n").toString(),
        dir.resolve("s").toString())).isEqualTo(2);
  }

  @Test
  void anExplicitDivergenceFileMustExistAndNeedsExpect() throws Exception {
    Path test = copy("t/ok.litmus", "", "");
    Path csv = Files.writeString(dir.resolve("expected.csv"), "t/ok.litmus,0\n");
    CommandRun cli = new CommandRun();
    assertThat(cli.run("check", "--expect", csv.toString(), "--divergences",
        dir.resolve("typo.csv").toString(), test.toString())).isEqualTo(2);
    assertThat(cli.err.toString()).contains("--divergences: no such file: ");
    cli.clear();
    assertThat(cli.run("check", "--divergences", csv.toString(), test.toString())).isEqualTo(2);
    assertThat(cli.err.toString()).contains("--divergences lists divergences from --expect");
  }

  @Test
  void theDefaultDivergenceListIsFoundWhateverTheWorkingDirectory() throws Exception {
    // The test runs from the project directory, but the list is found from the installation
    // (here the class directory under target/), never from the working directory: it is the
    // project's docs/divergences.csv, named in the report.
    Path test = copy("t/ok.litmus", "", "");
    Path csv = Files.writeString(dir.resolve("expected.csv"), "t/ok.litmus,0\n");
    CommandRun cli = new CommandRun();
    assertThat(cli.run("check", "--expect", csv.toString(), test.toString())).isEqualTo(0);
    assertThat(cli.out.toString())
        .contains("Divergences from none (" + Path.of("docs/divergences.csv").toAbsolutePath()
            + " not applied: it was written for expected-PTXv7_5.csv (sha256:864c60b400ca...), and "
            + csv + " has other content (sha256:")
        .contains("Expect agree 1/1, 0 mismatches, 0 divergences, 0 missing, 0 without row\n");
    assertThat(DefaultDivergences.find("divergences.csv").orElseThrow().lines())
        .isEqualTo(Files.readAllLines(Path.of("docs/divergences.csv")));
    // The copy packaged for installations without the project beside them.
    assertThat(DefaultDivergences.class.getResource("divergences.csv")).isNotNull();
    assertThat(DefaultDivergences.class.getResource("cat-divergences.csv")).isNotNull();
  }

  /**
   * The installation's divergence list excuses only the corpus CSV it was written for: a user's
   * own CSV with a row whose path is a listed corpus path still fails on it, in every format,
   * and the report says why the list was not applied.
   */
  @Test
  void theDefaultDivergenceListDoesNotExcuseAUsersOwnCsv() throws Exception {
    // A listed path (docs/divergences.csv: Manual/LB+RMW-a.litmus) with a wrong expectation.
    Path test = copy("Manual/LB+RMW-a.litmus", "", "");
    Path csv = Files.writeString(dir.resolve("expected.csv"), "Manual/LB+RMW-a.litmus,1\n");
    assertThat(Files.readString(Path.of("docs/divergences.csv")))
        .contains("\nManual/LB+RMW-a.litmus,");
    for (String format : new String[] {"text", "json", "junit"}) {
      CommandRun cli = new CommandRun();
      assertThat(cli.run("check", "--format", format, "--expect", csv.toString(),
          test.toString())).as(format).isEqualTo(1);
      String out = cli.out.toString();
      switch (format) {
        case "text" -> assertThat(out)
            .contains("Mismatch Manual/LB+RMW-a.litmus: expected 1, got 0")
            .contains(" not applied: it was written for expected-PTXv7_5.csv")
            .contains("Expect agree 0/1, 1 mismatches, 0 divergences");
        case "json" -> assertThat(out.replaceAll("\\s+", " "))
            .contains("\"divergenceFile\" : \"none (")
            .contains(" not applied: it was written for expected-PTXv7_5.csv")
            .contains("\"divergences\" : [ ]");
        default -> assertThat(out).contains("failures=\"1\"");
      }
    }
    // The default list is also refused when it names no expectations (an edited copy).
    Path bare = Files.writeString(dir.resolve("bare.csv"), "Manual/LB+RMW-a.litmus,why\n");
    io.github.ptxlitmus.report.Expectations e = io.github.ptxlitmus.report.Expectations.load(
        csv, "bare.csv", Files.readAllLines(bare), true);
    assertThat(e.divergences()).isEmpty();
    assertThat(e.divergenceNote()).contains("none (bare.csv not applied: it does not say which"
        + " expectations it was written for, no 'applies-to:' line)");
  }

  /** An explicit list applies when it names no expectations or names this CSV's digest. */
  @Test
  void anExplicitDivergenceListAppliesOnlyToTheExpectationsItNames() throws Exception {
    Path test = copy("t/ok.litmus", "", "");
    Path csv = Files.writeString(dir.resolve("expected.csv"), "t/ok.litmus,1\n");
    String digest = com.google.common.hash.Hashing.sha256()
        .hashBytes(Files.readAllBytes(csv)).toString();
    Path mine = Files.writeString(dir.resolve("mine.csv"),
        "applies-to: expected.csv sha256:" + digest + "\nt/ok.litmus,8.10.6 why\n");
    Path plain = Files.writeString(dir.resolve("plain.csv"), "t/ok.litmus,8.10.6 why\n");
    for (Path list : new Path[] {mine, plain}) {
      CommandRun cli = new CommandRun();
      assertThat(cli.run("check", "--expect", csv.toString(), "--divergences", list.toString(),
          test.toString())).as(list.toString()).isEqualTo(0);
      assertThat(cli.out.toString()).contains("Divergences from " + list + "\n")
          .contains("Divergence t/ok.litmus: 8.10.6 why");
    }
    // The same list, once the CSV is edited: not applied, the mismatch fails the run.
    Files.writeString(csv, "# edited\nt/ok.litmus,1\n");
    CommandRun cli = new CommandRun();
    assertThat(cli.run("check", "--expect", csv.toString(), "--divergences", mine.toString(),
        test.toString())).isEqualTo(1);
    assertThat(cli.out.toString())
        .contains("Divergences from none (" + mine + " not applied: it was written for"
            + " expected.csv (sha256:" + digest.substring(0, 12) + "...), and " + csv
            + " has other content")
        .contains("Mismatch t/ok.litmus: expected 1, got 0");
    // A malformed applies-to line is an error naming its line.
    Path bad = Files.writeString(dir.resolve("bad.csv"), "# x\napplies-to: expected.csv 12ab\n");
    cli.clear();
    assertThat(cli.run("check", "--expect", csv.toString(), "--divergences", bad.toString(),
        test.toString())).isEqualTo(2);
    assertThat(cli.err.toString()).contains(bad + ":2: expected 'applies-to: FILE sha256:HEX'");
  }

  /** The lists shipped apply to the corpus CSVs they were written for (when present). */
  @Test
  void theShippedListsNameTheCorpusCsvsByDigest() throws Exception {
    Path corpus = Path.of("../shared/corpus/dat3m-ptx");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(corpus));
    for (String[] pair : new String[][] {{"divergences.csv", "expected-PTXv7_5.csv"},
        {"cat-divergences.csv", "expected-PTXv7_5.csv"},
        {"cat-divergences.csv", "expected-PTXv6_0.csv"}}) {
      io.github.ptxlitmus.report.Expectations e = io.github.ptxlitmus.report.Expectations.load(
          corpus.resolve(pair[1]), pair[0],
          Files.readAllLines(Path.of("docs", pair[0])), true);
      assertThat(e.divergenceNote()).as(pair[0] + " for " + pair[1]).isEmpty();
      assertThat(e.divergences()).as(pair[0]).isNotEmpty();
    }
  }

  /**
   * A filter that no final state passes: flagged in every format and mode (JUnit: skipped,
   * saying why), and a file's own expectation of a verdict fails unless it lists the flag.
   */
  @Test
  void aFilterNoStatePassesIsFlaggedInEveryFormat() throws Exception {
    Path t = copy("f/empty.litmus", "exists", "filter (P1:r0 == 7)\nexists");
    for (String mode : new String[] {"--states", "--decide"}) {
      for (String format : new String[] {"text", "json", "junit"}) {
        CommandRun cli = new CommandRun();
        assertThat(cli.run("check", mode, "--format", format, t.toString()))
            .as(mode + " " + format).isEqualTo(1); // its own (* expect: Forbidden *) not met
        String out = cli.out.toString();
        assertThat(out).as(mode + " " + format)
            .contains("flag FILTER_PASSES_NONE set but not expected");
        switch (format) {
          case "text" -> assertThat(out).contains("Flag filter-passes-none: P1:r0 == 7\n");
          case "json" -> assertThat(out.replaceAll("\\s+", " "))
              .contains("\"filter-passes-none\"").contains("\"filter\" : \"P1:r0 == 7\"");
          default -> assertThat(out).contains("Flag filter-passes-none: P1:r0 == 7");
        }
      }
    }
    // Without own expectations: JUnit says it was skipped and why; exit 0.
    Path bare = copy("g/bare.litmus", "exists", "filter (P1:r0 == 7)\nexists");
    Files.writeString(bare, Files.readString(bare).replaceAll("\\(\\* expect[^*]*\\*\\)", ""));
    CommandRun cli = new CommandRun();
    assertThat(cli.run("check", "--format", "junit", bare.toString())).isEqualTo(0);
    assertThat(cli.out.toString()).contains("skipped=\"1\"")
        .contains("<skipped message=\"no execution passes the filter (P1:r0 == 7): the"
            + " condition was judged on no execution\"/>");
    // Listed, the flag is met.
    Path listed = copy("h/listed.litmus", "exists",
        "filter (P1:r0 == 7)\nexists");
    Files.writeString(listed, Files.readString(listed)
        .replaceAll("\\(\\* expect-states[^*]*\\*\\)", "")
        .replace("expect-flags: DATA_RACE", "expect-flags: FILTER_PASSES_NONE"));
    cli = new CommandRun();
    assertThat(cli.run("check", listed.toString())).as(cli.out.toString()).isEqualTo(0);
  }

  @Test
  void aListingCutByALimitAfterAWitnessIsUnknownInEveryFormat() throws Exception {
    // IRIW with 10 readers: P2:r0 == 0 shows up in the first executions, listing the 2^20
    // states takes far longer than the limit.
    Path iriw = dir.resolve("IRIW-12.litmus");
    Files.writeString(iriw,
        Family.IRIW.generate(12).replaceFirst("exists \\(.*", "exists (P2:r0 == 0)"));
    for (String format : new String[] {"text", "json", "junit"}) {
      CommandRun cli = new CommandRun();
      assertThat(cli.run("check", "--states", "--timeout", "1", "--format", format,
          iriw.toString())).as(format).isEqualTo(0);
      String out = cli.out.toString();
      switch (format) {
        case "text" -> assertThat(out)
            .contains("\n??\n")
            .doesNotContain("\nOk\n")
            .contains("Observation IRIW-12 Unknown ")
            .contains("Verdict IRIW-12 Unknown\n")
            .contains("Unknown IRIW-12 time limit 1 s")
            .endsWith("Summary: 1 tests, 0 ok, 0 no, 0 undefined, 1 unknown, 0 errors\n");
        case "json" -> assertThat(out.replaceAll("\\s+", " "))
            .contains("\"holds\" : null")
            .contains("\"verdict\" : \"Unknown\"")
            .contains("\"unknown\" : 1");
        default -> assertThat(out).contains("skipped=\"1\"").contains("<skipped message=\"Unknown:"
            + " time limit 1 s");
      }
    }
  }
}
