package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.bench.Family;
import io.github.ptxlitmus.litmus.LitmusParser;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class GenerateCommandTest {
  @TempDir Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = Main.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }

  @Test
  void printsTheFamilyTestOnStdout() {
    assertThat(run("generate", "sbacqrel", "5")).isEqualTo(0);
    assertThat(out.toString()).isEqualTo(Family.SBACQREL.generate(5));
    assertThat(LitmusParser.parse("out", out.toString()).threads()).hasSize(5);
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void writesTheFileWithDashO() throws Exception {
    Path file = dir.resolve("IRIW-6.litmus");
    assertThat(run("generate", "IRIW", "6", "-o", file.toString())).isEqualTo(0);
    assertThat(Files.readString(file)).isEqualTo(Family.IRIW.generate(6));
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void badFamilyOrSizeIsAOneLineUsageError() {
    assertThat(run("generate", "XYZ", "4")).isEqualTo(2);
    assertThat(run("generate", "IRIW", "3")).isEqualTo(2);
    assertThat(run("generate", "SB", "many")).isEqualTo(2);
    assertThat(err.toString().lines())
        .containsExactly(
            "generate: unknown family 'XYZ' (expected one of SB, SBacqrel, MP, LB, LBdep, IRIW,"
                + " CoWW)",
            "generate: IRIW needs 4 <= N <= 512, got 3",
            "generate: N must be an integer, got 'many'");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void unwritableOutputIsExitOne() {
    Path file = dir.resolve("missing").resolve("x.litmus");
    assertThat(run("generate", "SB", "4", "-o", file.toString())).isEqualTo(1);
    assertThat(err.toString()).startsWith("cannot write " + file);
  }
}
