package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.diy.Cycle;
import io.github.ptxlitmus.diy.Diy;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiyCommandTest {
  @TempDir Path dir;

  private final CommandRun cli = new CommandRun();

  @Test
  void oneCycleAsEdgesOrAsOneArgumentPrintsTheTest() {
    String sb = LitmusPrinter.print(Diy.generate(Cycle.parse("PodWR Fre PodWR Fre")));
    assertThat(cli.run("diy", "PodWR", "Fre", "PodWR", "Fre")).isEqualTo(0);
    assertThat(cli.out.toString()).isEqualTo(sb).startsWith("PTX SB\n\"PodWR Fre PodWR Fre\"\n");
    cli.out.getBuffer().setLength(0);
    assertThat(cli.run("diy", "PodWR Fre PodWR Fre")).isEqualTo(0);
    assertThat(cli.out.toString()).isEqualTo(sb);
  }

  @Test
  void severalCyclesGoToADirectoryWithAnIndex() throws Exception {
    assertThat(cli.run("diy", "PodWR Fre PodWR Fre", "PodWWPRel RfeRelAcq PodRRAcqP Fre", "-o",
        dir.toString())).isEqualTo(0);
    assertThat(Files.readAllLines(dir.resolve("@all")))
        .containsExactly("SB.litmus", "MP+poprel+poacqp.litmus");
    assertThat(Files.readString(dir.resolve("MP+poprel+poacqp.litmus")))
        .contains("st.release.gpu y, 1", "ld.acquire.gpu r0, y");
    assertThat(cli.err.toString()).contains("Generator produced 2 tests");
  }

  @Test
  void nameOptionRenamesASingleTest() {
    assertThat(cli.run("diy", "--name", "mine", "PodWR Fre PodWR Fre")).isEqualTo(0);
    assertThat(cli.out.toString()).startsWith("PTX mine\n");
  }

  @Test
  void enumerationWritesEachTestOnce() throws Exception {
    assertThat(cli.run("diy", "--relax", "PodWR", "--safe", "Fre,Rfe,Coe,PodRR,PodWW,PodRW",
        "--size", "4", "-o", dir.toString())).isEqualTo(0);
    assertThat(Files.readAllLines(dir.resolve("@all"))).contains("SB.litmus", "R.litmus")
        .doesNotContain("MP.litmus", "LB.litmus").doesNotHaveDuplicates();
  }

  @Test
  void badInputIsAOneLineUsageError() {
    assertThat(cli.run("diy", "PodWR", "Frx")).isEqualTo(2);
    assertThat(cli.run("diy", "PodWR Fre")).isEqualTo(2);
    assertThat(cli.run("diy")).isEqualTo(2);
    assertThat(cli.run("diy", "--safe", "Fre", "PodWR Fre PodWR Fre")).isEqualTo(2);
    assertThat(cli.run("diy", "--safe", "Fre,PodWR", "--size", "1")).isEqualTo(2);
    assertThat(cli.run("diy", "PodWRAcqP Fre PodWR Fre")).isEqualTo(2);
    assertThat(cli.err.toString().lines()).containsExactly(
        "ptx-litmus diy: bad edge 'Frx': unknown edge (expected Po, Rf, Fr, Co, Ws, Dp... or a fence such as"
            + " Fence.sc.gpu, Fence.acq_rel.cta, Membar.gl, Bar.sync)",
        "ptx-litmus diy: a cycle with exactly one external edge cannot come back to its thread",
        "ptx-litmus diy: give a cycle (e.g. 'PodWR Fre PodWR Fre') or --relax/--safe edges",
        "ptx-litmus diy: give either cycles or --relax/--safe, not both",
        "ptx-litmus diy: size must be between 2 and 12, got 1",
        "ptx-litmus diy: bad edge 'PodWRAcqP': annotation Acq does not apply to a write");
    assertThat(cli.out.toString()).isEmpty();
  }
}
