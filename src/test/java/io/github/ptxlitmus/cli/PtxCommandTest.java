package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PtxCommandTest {
  @TempDir Path dir;

  @Test
  void writesOneModulePerTestAndRefusesHostThreads() throws Exception {
    Path ok = dir.resolve("mp.litmus");
    Files.writeString(ok, "PTX MP+x\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\n"
        + "exists (x == 1)\n");
    Path host = dir.resolve("host.litmus");
    Files.writeString(host, "PTX host\n{ x=0; }\n P0@host | P1@cta 0,gpu 0,kernel k ;\n"
        + " cudaLaunchKernel k | ld.weak r0, x ;\nexists (P1:r0 == 0)\n");
    CommandRun run = new CommandRun();
    int code = run.run("ptx", "-o", dir.resolve("out").toString(), ok.toString(),
        host.toString());
    assertThat(code).isEqualTo(1);
    assertThat(dir.resolve("out/MP+x.ptx")).exists();
    assertThat(run.out.toString()).contains("Wrote ", "(sm_70 (PTX ISA 6.0))",
        "Summary: 2 tests, 1 written, 1 refused, 0 failed");
    assertThat(run.err.toString()).contains("host.litmus:4:2: cannot be emitted as PTX: P0 is"
        + " a host thread");
    run.clear();
    assertThat(run.run("ptx", "--allow-refused", "-o", dir.resolve("out").toString(),
        ok.toString(), host.toString())).isZero();
  }

  @Test
  void aTestOnTwoGpusIsRefusedAtTheThreadOnTheOtherGpu() throws Exception {
    Path two = dir.resolve("two.litmus");
    Files.writeString(two, "PTX two\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 1 ;\n"
        + " st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n");
    CommandRun run = new CommandRun();
    assertThat(run.run("ptx", "-o", dir.resolve("out").toString(), two.toString()))
        .isEqualTo(1);
    assertThat(run.err.toString()).contains("two.litmus:4:17: cannot be emitted as PTX: P1 runs"
        + " on another GPU than P0");
  }

  @Test
  void assemblingForANewerArchitectureThanTheTargetIsSaid() throws Exception {
    var ptxas = io.github.ptxlitmus.emit.Ptxas.find("ptxas", 60);
    org.junit.jupiter.api.Assumptions.assumeTrue(ptxas.isPresent(), "ptxas is not on the PATH");
    Path ok = dir.resolve("mp.litmus");
    Files.writeString(ok, "PTX MP+x\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\n"
        + "exists (x == 1)\n");
    CommandRun run = new CommandRun();
    assertThat(run.run("ptx", "--assemble", "-o", dir.resolve("out").toString(), ok.toString()))
        .isZero();
    Path module = dir.resolve("out/MP+x.ptx");
    int got = ptxas.get().assemble(module, 70).arch();
    if (got > 70) {
      assertThat(run.err.toString()).contains("generates no code for sm_70; assembled for sm_"
          + got + " instead");
    } else {
      assertThat(run.err.toString()).doesNotContain("assembled for");
    }
  }

  @Test
  void outputDirectoryIsRequired() {
    CommandRun run = new CommandRun();
    assertThat(run.run("ptx", "x.litmus")).isEqualTo(2);
    assertThat(run.err.toString()).contains("--output");
  }
}
