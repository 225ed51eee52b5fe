package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code check -} fed paths and {@code --paths-from}: the scripted protocol (write a path, read
 * its result, then the next) through in-process pipes and through a real process; the old
 * meaning of {@code -} (one test's text) where the input begins like a test.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CheckStreamTest {
  @TempDir Path dir;

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String MP =
      "PTX %s\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
          + " st.relaxed.gpu x, 1 | ld.acquire.gpu r0, y ;\n"
          + " st.release.gpu y, 1 | ld.relaxed.gpu r1, x ;\n"
          + "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n";

  private Path test(String name) throws IOException {
    Path file = dir.resolve(name + ".litmus");
    Files.writeString(file, String.format(MP, name));
    return file;
  }

  /** A check command reading {@code stdin}, and what it printed. */
  private static final class Run {
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();
    int code;

    Run(InputStream stdin, String... args) {
      CheckCommand check = new CheckCommand();
      check.stdin = stdin;
      CommandLine cmd = new CommandLine(CheckCommandSpec.of(check));
      cmd.setOut(new PrintWriter(out, true));
      cmd.setErr(new PrintWriter(err, true));
      code = cmd.execute(args);
    }
  }

  private static InputStream lines(String... lines) {
    return new ByteArrayInputStream(
        (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void oneAtATimeThroughPipesEachResultComesBeforeTheNextPathIsWritten() throws Exception {
    List<Path> tests = List.of(test("A"), test("B"), test("C"));
    PipedOutputStream toChecker = new PipedOutputStream();
    PipedInputStream stdin = new PipedInputStream(toChecker);
    PipedWriter fromChecker = new PipedWriter();
    BufferedReader results = new BufferedReader(new PipedReader(fromChecker, 1 << 16));
    CheckCommand check = new CheckCommand();
    check.stdin = stdin;
    CommandLine cmd = new CommandLine(CheckCommandSpec.of(check));
    cmd.setOut(new PrintWriter(fromChecker, true));
    cmd.setErr(new PrintWriter(new StringWriter(), true));
    CompletableFuture<Integer> code =
        CompletableFuture.supplyAsync(() -> cmd.execute("--format", "json", "-"));
    for (Path t : tests) {
      toChecker.write((t + "\n").getBytes(StandardCharsets.UTF_8));
      toChecker.flush();
      // The checker's output has only this result: it cannot have run ahead of the input.
      JsonNode result = JSON.readTree(results.readLine());
      assertThat(result.get("file").asText()).isEqualTo(t.toString());
      assertThat(result.get("verdict").asText()).isEqualTo("Forbidden");
    }
    toChecker.close();
    JsonNode summary = JSON.readTree(results.readLine());
    assertThat(summary.get("summary").get("tests").asInt()).isEqualTo(3);
    assertThat(summary.get("summary").get("no").asInt()).isEqualTo(3);
    assertThat(code.get(60, TimeUnit.SECONDS)).isZero();
  }

  @Test
  void throughARealProcessAndPipe() throws Exception {
    List<Path> tests = List.of(test("P1"), test("P2"));
    Path missing = dir.resolve("missing.litmus");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                java, "-cp", System.getProperty("java.class.path"),
                "io.github.ptxlitmus.cli.Main", "check", "--format", "json", "-")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    OutputStream in = p.getOutputStream();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    List<JsonNode> got = new ArrayList<>();
    for (Path t : List.of(tests.get(0), missing, tests.get(1))) {
      in.write((t + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
      got.add(JSON.readTree(out.readLine()));
    }
    in.close();
    JsonNode summary = JSON.readTree(out.readLine());
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(got.get(0).get("test").asText()).isEqualTo("P1");
    assertThat(got.get(1).get("file").asText()).isEqualTo(missing.toString());
    assertThat(got.get(1).get("error").asText()).isEqualTo("no such file or directory");
    assertThat(got.get(2).get("test").asText()).isEqualTo("P2");
    assertThat(summary.get("summary").get("errors").asInt()).isEqualTo(1);
    assertThat(p.exitValue()).isEqualTo(1); // a path that names no test fails the run
  }

  @Test
  void aTestsTextOnStandardInputIsStillOneTest() {
    Run run = new Run(new ByteArrayInputStream(String.format(MP, "Piped").getBytes(
        StandardCharsets.UTF_8)), "-");
    assertThat(run.code).isZero();
    assertThat(run.out.toString()).contains("Test Piped Allowed").contains("Summary: 1 tests");
  }

  @Test
  void aTestBeginningWithACommentOrBlankLinesIsStillOneTest() {
    Run run = new Run(new ByteArrayInputStream(("\n\n(* a comment *)\n" + String.format(MP, "C"))
        .getBytes(StandardCharsets.UTF_8)), "-");
    assertThat(run.code).isZero();
    assertThat(run.out.toString()).contains("Test C Allowed");
  }

  @Test
  void textStreamsBlocksAndEndsWithTheSummary() throws IOException {
    Path a = test("TA");
    Path b = test("TB");
    Run run = new Run(lines(a.toString(), "", b.toString() + "\r"), "-");
    assertThat(run.code).isZero();
    String out = run.out.toString();
    assertThat(out.indexOf("Test TA ")).isLessThan(out.indexOf("Test TB "));
    assertThat(out).endsWith("Summary: 2 tests, 0 ok, 2 no, 0 undefined, 0 unknown, 0 errors\n");
  }

  @Test
  void aDirectoryLineChecksItsTestsAndAnEmptyOneIsThatLinesError() throws IOException {
    test("D1");
    test("D2");
    Path empty = Files.createDirectory(dir.resolve("empty"));
    Run run = new Run(lines(dir.toString(), empty.toString()), "--format", "json", "-");
    String[] out = run.out.toString().split("\n");
    assertThat(out).hasSize(4);
    assertThat(out[0]).contains("\"test\":\"D1\"");
    assertThat(out[1]).contains("\"test\":\"D2\"");
    assertThat(out[2]).contains("\"error\":\"no *.litmus files under " + empty + "\"");
    assertThat(run.code).isEqualTo(1);
  }

  @Test
  void parallelJobsKeepTheInputOrder() throws IOException {
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      paths.add(test("J" + i).toString());
    }
    Path list = dir.resolve("list.txt");
    Files.write(list, paths);
    Run run = new Run(InputStream.nullInputStream(), "-j", "4", "--paths-from", list.toString());
    assertThat(run.code).isZero();
    List<String> order = new ArrayList<>();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(?m)^Test (\\S+) ").matcher(run.out.toString());
    while (m.find()) {
      order.add(m.group(1));
    }
    assertThat(order).containsExactly(
        "J0", "J1", "J2", "J3", "J4", "J5", "J6", "J7", "J8", "J9", "J10", "J11");
  }

  @Test
  void pathsFromStandardInputNeverTakesTheInputForATest() throws IOException {
    Path t = test("PTX"); // a file named like a header
    Run run = new Run(lines(t.toString()), "--paths-from", "-");
    assertThat(run.code).isZero();
    assertThat(run.out.toString()).contains("Test PTX Allowed");
  }

  @Test
  void shardsOfAStreamPartitionIt() throws IOException {
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      paths.add(test("S" + i).toString());
    }
    List<String> seen = new ArrayList<>();
    for (int k = 1; k <= 3; k++) {
      Run run = new Run(lines(paths.toArray(String[]::new)), "--shard", k + "/3", "-");
      java.util.regex.Matcher m =
          java.util.regex.Pattern.compile("(?m)^Test (\\S+) ").matcher(run.out.toString());
      while (m.find()) {
        assertThat(seen).doesNotContain(m.group(1));
        seen.add(m.group(1));
      }
    }
    assertThat(seen).hasSize(10);
  }

  @Test
  void emptyInputAndMisusedOptionsAreUsageErrors() throws IOException {
    assertThat(new Run(lines("", "  "), "-").code).isEqualTo(Main.USAGE_ERROR);
    Path empty = Files.writeString(dir.resolve("none.txt"), "\n");
    Run none = new Run(InputStream.nullInputStream(), "--paths-from", empty.toString());
    assertThat(none.code).isEqualTo(Main.USAGE_ERROR);
    assertThat(none.err.toString()).contains("no test paths in " + empty);
    Run both = new Run(InputStream.nullInputStream(), "--paths-from", "-", "x.litmus");
    assertThat(both.code).isEqualTo(Main.USAGE_ERROR);
    assertThat(new Run(InputStream.nullInputStream()).code).isEqualTo(Main.USAGE_ERROR);
    assertThat(new Run(InputStream.nullInputStream(), "--paths-from", dir.toString()).code)
        .isEqualTo(Main.USAGE_ERROR);
  }

  @Test
  void whatBeginsLikeATest() {
    assertThat(StandardInput.isTestText("PTX MP")).isTrue();
    assertThat(StandardInput.isTestText("ptx MP+fence")).isTrue();
    assertThat(StandardInput.isTestText("PTX")).isTrue();
    assertThat(StandardInput.isTestText("PTX(* c *)")).isTrue();
    assertThat(StandardInput.isTestText("(* a comment *)")).isTrue();
    assertThat(StandardInput.isTestText("tests/MP.litmus")).isFalse();
    assertThat(StandardInput.isTestText("PTXs/MP.litmus")).isFalse();
    assertThat(StandardInput.isTestText("/tmp/PTX MP.litmus")).isFalse();
  }
}
