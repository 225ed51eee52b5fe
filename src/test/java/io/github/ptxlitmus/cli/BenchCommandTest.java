package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bench command's table and checks; the times themselves are not asserted. */
class BenchCommandTest {
  @TempDir Path dir;

  private final CommandRun cli = new CommandRun();

  @Test
  void measuresFamiliesAndACorpusAndChecksTheAnswers() throws Exception {
    Files.writeString(dir.resolve("MP-2.litmus"), io.github.ptxlitmus.bench.Family.MP.generate(2));
    int code =
        cli.run("bench", "--families", "SB,LB", "--sizes", "2,3", "--no-stress", "--repeat", "1",
            "--corpus", dir.toString());
    assertThat(code).as(cli.out.toString()).isEqualTo(0);
    String name = dir.getFileName().toString();
    assertThat(cli.out.toString())
        .contains("| case | mode | answer | check | pruned ms | baseline ms | ratio | check uses |"
            + " check ms |")
        .contains("| " + name + "/MP-2.litmus | states | Forbidden | ok | ")
        .contains("| SB-2 | decide | Forbidden | ok | ")
        .contains("| LB-3 | decide | Allowed | ok | ")
        .contains("| families | 4 | 0 | ")
        .contains("| " + name + " | 1 | 0 | ");
  }

  @Test
  void aFileThatDoesNotParseFailsTheRun() throws Exception {
    Files.writeString(dir.resolve("bad.litmus"), "PTX bad\n{ }\n");
    assertThat(cli.run("bench", "--no-families", "--no-stress", "--repeat", "1", "--corpus",
            dir.toString()))
        .isEqualTo(1);
    assertThat(cli.out.toString()).contains("/bad.litmus | states | error | ");
  }

  @Test
  void usageErrors() {
    assertThat(cli.run("bench", "--families", "XY")).isEqualTo(2);
    assertThat(cli.run("bench", "--repeat", "0", "--no-corpus")).isEqualTo(2);
    assertThat(cli.run("bench", "--corpus", dir.resolve("none").toString())).isEqualTo(2);
    assertThat(cli.run("bench", "--baseline-timeout", "0", "--no-corpus")).isEqualTo(2);
  }
}
