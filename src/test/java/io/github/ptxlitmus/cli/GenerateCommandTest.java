package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.bench.Family;
import io.github.ptxlitmus.litmus.LitmusParser;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateCommandTest {
  @TempDir Path dir;

  private final CommandRun cli = new CommandRun();

  @Test
  void printsTheFamilyTestOnStdout() {
    assertThat(cli.run("generate", "sbacqrel", "5")).isEqualTo(0);
    assertThat(cli.out.toString()).isEqualTo(Family.SBACQREL.generate(5));
    assertThat(LitmusParser.parse("out", cli.out.toString()).threads()).hasSize(5);
    assertThat(cli.err.toString()).isEmpty();
  }

  @Test
  void writesTheFileWithDashO() throws Exception {
    Path file = dir.resolve("IRIW-6.litmus");
    assertThat(cli.run("generate", "IRIW", "6", "-o", file.toString())).isEqualTo(0);
    assertThat(Files.readString(file)).isEqualTo(Family.IRIW.generate(6));
    assertThat(cli.out.toString()).isEmpty();
  }

  @Test
  void badFamilyOrSizeIsAOneLineUsageError() {
    assertThat(cli.run("generate", "XYZ", "4")).isEqualTo(2);
    assertThat(cli.run("generate", "IRIW", "3")).isEqualTo(2);
    assertThat(cli.run("generate", "SB", "many")).isEqualTo(2);
    assertThat(cli.err.toString().lines())
        .containsExactly(
            "ptx-litmus generate: unknown family 'XYZ' (expected one of SB, SBacqrel, MP, LB, LBdep, IRIW,"
                + " CoWW), or a stress case (W8x8-allowed, W8x8-forbidden, W16x4-allowed,"
                + " W16x4-forbidden, W8x12-allowed, W8x12-forbidden, CoWW-8, W4x4, W8x2, SB-8,"
                + " 2+2W-8, IRIWsc-6)",
            "ptx-litmus generate: IRIW needs 4 <= N <= 512, got 3",
            "ptx-litmus generate: N must be an integer, got 'many'");
    assertThat(cli.out.toString()).isEmpty();
  }

  @Test
  void printsAStressCaseByName() {
    assertThat(cli.run("generate", "w8x8-allowed")).isEqualTo(0);
    assertThat(cli.out.toString())
        .isEqualTo(io.github.ptxlitmus.bench.Stress.cases().get(0).text());
    assertThat(cli.run("generate", "2+2W-8", "3")).isEqualTo(2);
    assertThat(cli.run("generate", "SB")).isEqualTo(2);
    assertThat(cli.err.toString().lines())
        .containsExactly(
            "ptx-litmus generate: a stress case takes no N: generate 2+2W-8",
            "ptx-litmus generate: missing N, the number of threads");
  }

  @Test
  void unwritableOutputIsExitOne() {
    Path file = dir.resolve("missing").resolve("x.litmus");
    assertThat(cli.run("generate", "SB", "4", "-o", file.toString())).isEqualTo(1);
    assertThat(cli.err.toString()).startsWith("cannot write " + file);
  }
}
