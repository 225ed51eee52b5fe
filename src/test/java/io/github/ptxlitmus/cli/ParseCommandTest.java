package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ptx-litmus parse}: output lines and exit codes. */
class ParseCommandTest {
  @TempDir Path dir;

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cmd = Main.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    int code = cmd.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    return Files.writeString(p, text);
  }

  private static final String GOOD = "PTX MP\n{ x=0; y=0; }\n"
      + " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.weak x, 1 | LC0: ;\n"
      + " st.release.gpu y, 1 | ld.acquire.gpu r1, y ;\n | ld.weak r2, x ;\n"
      + "exists (P1:r1 == 1 /\\ P1:r2 == 0)\n";

  @Test
  void okLinesInSortedOrder() throws IOException {
    write("b/two.litmus", GOOD.replace("PTX MP", "PTX Two"));
    write("a/one.litmus", GOOD);
    write("a/ignored.txt", "not litmus");
    Run r = run("parse", dir.toString());
    assertThat(r.code).isZero();
    assertThat(r.out.lines()).containsExactly(
        "OK MP 2 threads 4 instructions", "OK Two 2 threads 4 instructions");
    assertThat(r.err).isEmpty();
  }

  @Test
  void failureGoesToStderrWithPosition() throws IOException {
    Path good = write("good.litmus", GOOD);
    Path bad = write("bad.litmus", GOOD.replace("st.weak x, 1", "st.acquire.gpu x, 1"));
    Run r = run("parse", good.toString(), bad.toString());
    assertThat(r.code).isEqualTo(1);
    assertThat(r.out.lines()).containsExactly("OK MP 2 threads 4 instructions");
    assertThat(r.err.strip()).isEqualTo(bad + ":4:4: st cannot be .acquire");
  }

  @Test
  void usageErrors() {
    assertThat(run("parse").code).isEqualTo(2);
    assertThat(run("parse", "--nope", dir.toString()).code).isEqualTo(2);
    Run missing = run("parse", dir.resolve("missing.litmus").toString());
    assertThat(missing.code).isEqualTo(2);
    assertThat(missing.err).contains("no such file or directory");
    // As check does: an empty directory is no green run, a FIFO would block the run.
    Run empty = run("parse", dir.toString());
    assertThat(empty.code).isEqualTo(2);
    assertThat(empty.err).contains("no *.litmus files under");
    assertThat(run().code).isEqualTo(2);
    assertThat(run("frobnicate").code).isEqualTo(2);
  }

  @Test
  void garbageFileIsAOneLineError() throws IOException {
    Path junk = dir.resolve("junk.litmus");
    Files.write(junk, new byte[] {0, 1, 2, (byte) 0xff, '\n', 'x'});
    Run r = run("parse", junk.toString());
    assertThat(r.code).isEqualTo(1);
    assertThat(r.err.lines()).hasSize(1);
    assertThat(r.err).startsWith(junk + ":1:4: not UTF-8: byte 0xff").doesNotContain("Exception");
  }

  @Test
  void helpAndVersion() {
    assertThat(run("--version").out).contains("ptx-litmus");
    assertThat(run("parse", "--help").code).isZero();
  }

  /**
   * Dat3M-only forms that PTX does not allow are accepted with a warning on stderr ({@code
   * file:line:col: warning: ...}) by {@code check} and {@code parse}; stdout keeps only the
   * report, and the exit code is unchanged.
   */
  @Test
  void dat3mFormsWarnOnStderr() throws IOException {
    Path file = write("red.litmus", "PTX Red\n{ x=2; }\n"
        + " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
        + " red.acq_rel.sys.add x, 1 | red.relaxed.sys.add x, 1 ;\n"
        + "forall (x == 4)\n");
    for (String command : new String[] {"check", "parse"}) {
      Run r = run(command, file.toString());
      assertThat(r.code).as(command).isZero();
      assertThat(r.err).as(command)
          .contains(file + ":4:2: warning: red takes only .relaxed or .release")
          .doesNotContain("Exception");
      assertThat(r.out).as(command).doesNotContain("warning");
    }
  }
}
