package io.github.ptxlitmus.emit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ptxlitmus.litmus.LitmusParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * nvcc compiles a sample of generated harnesses (no GPU needed): one is built into a program
 * (host code, launch API and device code), the others' device code (the inline PTX, through
 * ptxas) at their own architecture, one nvcc call per architecture. Skipped with a message
 * where nvcc is not on the PATH.
 */
class NvccHarnessTest {
  private static final Path SUITE = Path.of("src/test/resources/litmus");
  private static final List<String> SAMPLE = List.of(
      "mp/MP+rel+acq-gpu.litmus",
      "spec/CoRR.litmus",
      "space/CoRR+shared-cluster-relaxed.gpu.litmus",
      "async/MP+fence.release+mbarrier.relaxed-arrive.litmus",
      "async/bulk-dsmem-remote-cta.litmus",
      "barrier/bar.red-and-or.litmus",
      "space/CoWR+local.litmus");

  @TempDir Path dir;

  @Test
  void nvccCompilesASampleOfHarnesses() throws Exception {
    assumeTrue(run(List.of("nvcc", "--version"), 60).exitCode == 0,
        "nvcc is not on the PATH: the generated harnesses are not compiled");
    Map<String, List<String>> byArch = new LinkedHashMap<>();
    String first = null;
    String firstArch = null;
    for (String name : SAMPLE) {
      CudaHarness h = CudaHarness.of(LitmusParser.parse(SUITE.resolve(name)));
      String file = PtxModule.identifier(Path.of(name).getFileName().toString()
          .replace(".litmus", "")) + ".cu";
      Files.writeString(dir.resolve(file), h.text(), StandardCharsets.UTF_8);
      if (first == null) {
        first = file;
        firstArch = h.nvccArch();
      } else {
        byArch.computeIfAbsent(h.nvccArch(), a -> new ArrayList<>()).add(file);
      }
    }
    Result build = run(List.of("nvcc", "-O3", "-arch=" + firstArch, "-o", "harness", first), 600);
    assertThat(build.exitCode).as(build.output).isZero();
    assertThat(dir.resolve("harness")).exists();
    for (Map.Entry<String, List<String>> e : byArch.entrySet()) {
      List<String> cmd = new ArrayList<>(List.of("nvcc", "-arch=" + e.getKey(), "-cubin",
          "-odir", dir.toString()));
      cmd.addAll(e.getValue());
      Result r = run(cmd, 600);
      assertThat(r.exitCode).as(e.getKey() + ": " + r.output).isZero();
    }
  }

  private record Result(int exitCode, String output) {}

  private Result run(List<String> command, long seconds) throws InterruptedException {
    try {
      Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
          .start();
      p.getOutputStream().close();
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return new Result(-1, "time limit");
      }
      return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(),
          StandardCharsets.UTF_8));
    } catch (IOException e) {
      return new Result(-1, e.getMessage());
    }
  }
}
