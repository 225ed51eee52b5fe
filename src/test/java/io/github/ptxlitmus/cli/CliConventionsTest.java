package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, defect 5 and the CI conventions, on the real checker: usage errors are one line and
 * a hint, a path with no tests exits 2, {@code -} reads standard input, text streams test by
 * test, {@code --format junit} fails on a disagreeing {@code (* expect *)}, progress goes to
 * stderr only when asked.
 */
class CliConventionsTest {
  private static final Path MP = Path.of("src/test/resources/litmus/spec/MP+fence.sys.litmus");

  @TempDir Path dir;

  private final CommandRun cli = new CommandRun();

  @Test
  void aUsageErrorIsOneLineAndAHint() {
    assertThat(cli.run("check", "--timeout", "-3", MP.toString())).isEqualTo(2);
    assertThat(cli.err.toString())
        .isEqualTo(
            "ptx-litmus check: --timeout must be a positive number of seconds: -3.0\n"
                + "Try 'ptx-litmus check --help' for more information.\n");
    assertThat(cli.out.toString()).isEmpty();
  }

  @Test
  void aHugeTimeoutIsAUsageErrorNotAnOverflow() {
    assertThat(cli.run("check", "--timeout", "99999999999", MP.toString())).isEqualTo(2);
    assertThat(cli.err.toString())
        .startsWith("ptx-litmus check: --timeout must be at most 1000000000 seconds: ");
    assertThat(cli.run("check", "--timeout", "1000000000", MP.toString())).isEqualTo(0);
  }

  @Test
  void aPathWithoutTestsExits2() throws Exception {
    Files.writeString(dir.resolve("notes.txt"), "no tests here");
    assertThat(cli.run("check", dir.toString())).isEqualTo(2);
    assertThat(cli.err.toString()).startsWith("ptx-litmus check: no *.litmus files under " + dir);
    assertThat(cli.run("check", dir.resolve("typo").toString())).isEqualTo(2);
  }

  @Test
  void dashReadsStandardInput() throws Exception {
    InputStream saved = System.in;
    try {
      System.setIn(new ByteArrayInputStream(Files.readAllBytes(MP)));
      assertThat(cli.run("check", "-")).isEqualTo(0);
      assertThat(cli.out.toString()).startsWith("Test MP+fence.sys Allowed\n")
          .contains("Verdict MP+fence.sys Forbidden\n");
      System.setIn(new ByteArrayInputStream("PTX\n".getBytes(StandardCharsets.UTF_8)));
      cli.out.getBuffer().setLength(0);
      assertThat(cli.run("check", "-")).isEqualTo(1);
      assertThat(cli.out.toString()).startsWith("Error -: -:");
    } finally {
      System.setIn(saved);
    }
  }

  @Test
  void junitFailsWhereTheFileExpectsOtherwise() throws Exception {
    String text = Files.readString(MP).replaceAll("\\(\\* expect[^*]*\\*\\)", "");
    Files.writeString(dir.resolve("right.litmus"), "(* expect: Forbidden *)\n" + text);
    Files.writeString(dir.resolve("wrong.litmus"), "(* expect: Allowed *)\n" + text);
    assertThat(cli.run("check", "--format", "junit", dir.toString())).isEqualTo(1);
    String xml = cli.out.toString();
    assertThat(xml).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite ")
        .contains("tests=\"2\" failures=\"1\" errors=\"0\"")
        .contains("right.litmus\" time=")
        .contains("<failure type=\"expectation\" message=\"verdict: expected ALLOWED, is"
            + " FORBIDDEN\">");
    assertThat(xml.split("<testcase ", -1)).hasSize(3);
  }

  @Test
  void progressOnlyWhenAsked() throws Exception {
    for (int i = 0; i < TestRunner.PROGRESS_THRESHOLD + 1; i++) {
      Files.copy(MP, dir.resolve("t" + i + ".litmus"));
    }
    assertThat(cli.run("check", "--no-progress", dir.toString())).isEqualTo(0);
    assertThat(cli.err.toString()).isEmpty();
    assertThat(cli.run("check", "--progress", "-j", "1", dir.toString())).isEqualTo(0);
    assertThat(cli.err.toString()).contains("\r\033[K");
  }
}
