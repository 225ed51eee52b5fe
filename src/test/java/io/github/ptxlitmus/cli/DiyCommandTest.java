package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.diy.Cycle;
import io.github.ptxlitmus.diy.Diy;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DiyCommandTest {
  @TempDir Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = new CommandLine(new Main());
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }

  @Test
  void oneCycleAsEdgesOrAsOneArgumentPrintsTheTest() {
    String sb = LitmusPrinter.print(Diy.generate(Cycle.parse("PodWR Fre PodWR Fre")));
    assertThat(run("diy", "PodWR", "Fre", "PodWR", "Fre")).isEqualTo(0);
    assertThat(out.toString()).isEqualTo(sb).startsWith("PTX SB\n\"PodWR Fre PodWR Fre\"\n");
    out.getBuffer().setLength(0);
    assertThat(run("diy", "PodWR Fre PodWR Fre")).isEqualTo(0);
    assertThat(out.toString()).isEqualTo(sb);
  }

  @Test
  void severalCyclesGoToADirectoryWithAnIndex() throws Exception {
    assertThat(run("diy", "PodWR Fre PodWR Fre", "PodWWPRel RfeRelAcq PodRRAcqP Fre", "-o",
        dir.toString())).isEqualTo(0);
    assertThat(Files.readAllLines(dir.resolve("@all")))
        .containsExactly("SB.litmus", "MP+poprel+poacqp.litmus");
    assertThat(Files.readString(dir.resolve("MP+poprel+poacqp.litmus")))
        .contains("st.release.gpu y, 1", "ld.acquire.gpu r0, y");
    assertThat(err.toString()).contains("Generator produced 2 tests");
  }

  @Test
  void nameOptionRenamesASingleTest() {
    assertThat(run("diy", "--name", "mine", "PodWR Fre PodWR Fre")).isEqualTo(0);
    assertThat(out.toString()).startsWith("PTX mine\n");
  }

  @Test
  void enumerationWritesEachTestOnce() throws Exception {
    assertThat(run("diy", "--relax", "PodWR", "--safe", "Fre,Rfe,Coe,PodRR,PodWW,PodRW",
        "--size", "4", "-o", dir.toString())).isEqualTo(0);
    assertThat(Files.readAllLines(dir.resolve("@all"))).contains("SB.litmus", "R.litmus")
        .doesNotContain("MP.litmus", "LB.litmus").doesNotHaveDuplicates();
  }

  @Test
  void badInputIsAOneLineUsageError() {
    assertThat(run("diy", "PodWR", "Frx")).isEqualTo(2);
    assertThat(run("diy", "PodWR Fre")).isEqualTo(2);
    assertThat(run("diy")).isEqualTo(2);
    assertThat(run("diy", "--safe", "Fre", "PodWR Fre PodWR Fre")).isEqualTo(2);
    assertThat(run("diy", "--safe", "Fre,PodWR", "--size", "1")).isEqualTo(2);
    assertThat(run("diy", "PodWRAcqP Fre PodWR Fre")).isEqualTo(2);
    assertThat(err.toString().lines()).containsExactly(
        "diy: bad edge 'Frx': unknown edge (expected Po, Rf, Fr, Co, Ws, Dp... or a fence such as"
            + " Fence.sc.gpu, Fence.acq_rel.cta, Membar.gl, Bar.sync)",
        "diy: a cycle with exactly one external edge cannot come back to its thread",
        "diy: give a cycle (e.g. 'PodWR Fre PodWR Fre') or --relax/--safe edges",
        "diy: give either cycles or --relax/--safe, not both",
        "diy: size must be between 2 and 12, got 1",
        "diy: bad edge 'PodWRAcqP': annotation Acq does not apply to a write");
    assertThat(out.toString()).isEmpty();
  }
}
