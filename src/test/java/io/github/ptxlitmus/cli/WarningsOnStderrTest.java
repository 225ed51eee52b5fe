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

/**
 * Dat3M-only forms that PTX does not allow are accepted with a warning on stderr ({@code
 * file:line:col: warning: ...}) by {@code check} and {@code parse}; stdout keeps only the
 * report, and the exit code is unchanged.
 */
class WarningsOnStderrTest {
  @TempDir Path dir;

  private static final String RED = "PTX Red\n{ x=2; }\n"
      + " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
      + " red.acq_rel.sys.add x, 1 | red.relaxed.sys.add x, 1 ;\n"
      + "forall (x == 4)\n";

  private static String[] run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cmd = new CommandLine(new Main());
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    int code = cmd.execute(args);
    return new String[] {Integer.toString(code), out.toString(), err.toString()};
  }

  @Test
  void checkAndParsePrintWarningsOnStderr() throws IOException {
    Path file = Files.writeString(dir.resolve("red.litmus"), RED);
    for (String command : new String[] {"check", "parse"}) {
      String[] r = run(command, file.toString());
      assertThat(r[0]).as(command).isEqualTo("0");
      assertThat(r[2]).as(command)
          .contains(file + ":4:2: warning: red takes only .relaxed or .release")
          .doesNotContain("Exception");
      assertThat(r[1]).as(command).doesNotContain("warning");
    }
  }
}
