package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CudaCommandTest {
  @TempDir Path dir;

  @Test
  void writesOneProgramPerTestAndRefusesHostThreads() throws Exception {
    Path ok = dir.resolve("mp.litmus");
    Files.writeString(ok, "PTX MP+x\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
        + " st.release.gpu x, 1 | ld.acquire.gpu r0, x ;\nexists (P1:r0 == 1)\n");
    Path host = dir.resolve("host.litmus");
    Files.writeString(host, "PTX host\n{ x=0; }\n P0@host | P1@cta 0,gpu 0,kernel k ;\n"
        + " cudaLaunchKernel k | ld.weak r0, x ;\nexists (P1:r0 == 0)\n");
    CommandRun run = new CommandRun();
    int code = run.run("cuda", "-o", dir.resolve("out").toString(), ok.toString(),
        host.toString());
    assertThat(code).isEqualTo(1);
    Path program = dir.resolve("out/MP+x.cu");
    assertThat(program).exists();
    assertThat(Files.readString(program)).contains("ld.acquire.gpu.b64 %%P1_r0")
        .contains("int main(int argc, char** argv)");
    assertThat(run.out.toString()).contains("Wrote ", "(nvcc -arch=sm_75)",
        "Summary: 2 tests, 1 written, 1 refused, 0 failed");
    assertThat(run.err.toString()).contains("host.litmus:4:2: cannot be emitted as PTX: P0 is"
        + " a host thread");
    run.clear();
    assertThat(run.run("cuda", "--allow-refused", "-o", dir.resolve("out").toString(),
        ok.toString(), host.toString())).isZero();
  }

  @Test
  void outputDirectoryIsRequired() {
    CommandRun run = new CommandRun();
    assertThat(run.run("cuda", "x.litmus")).isEqualTo(2);
    assertThat(run.err.toString()).contains("--output");
  }
}
