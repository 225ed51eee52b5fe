package io.github.ptxlitmus.emit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.litmus.LitmusFileTree;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * CUDA harnesses: the threads' instructions are the PTX module's (one translation), threads
 * are placed by the scope tree (clusters by a launch attribute, GPUs by one kernel each, with a
 * run-time refusal where fewer GPUs are present), the keys are the checker's, and tests that
 * cannot run are refused with the reason.
 */
class CudaHarnessTest {
  private static final Path SUITE = Path.of("src/test/resources/litmus");

  private static LitmusTest parse(String relative) throws Exception {
    return LitmusParser.parse(SUITE.resolve(relative));
  }

  @Test
  void everyBundledModuleIsAlsoAHarness() throws Exception {
    int harnesses = 0;
    List<String> onlyModules = new ArrayList<>();
    for (Path f : LitmusFileTree.under(SUITE)) {
      LitmusTest t = LitmusParser.parse(f);
      boolean module;
      try {
        PtxModule.of(t);
        module = true;
      } catch (NotEmittableException e) {
        module = false;
      }
      try {
        CudaHarness.of(t);
        harnesses++;
      } catch (NotEmittableException e) {
        if (module && !e.reason().contains("filter")) {
          onlyModules.add(f + ": " + e.reason());
        }
      }
    }
    assertThat(onlyModules).isEmpty();
    assertThat(harnesses).isGreaterThan(250);
  }

  @Test
  void threadsRunTheModulesInstructions() throws Exception {
    for (String name : List.of("mp/MP+rel+acq-gpu.litmus", "space/CoRR+shared-cluster-relaxed.gpu.litmus",
        "async/MP+fence.release+mbarrier.relaxed-arrive.litmus", "barrier/bar.red-and-or.litmus")) {
      LitmusTest t = parse(name);
      List<String> module = instructions(PtxModule.of(t).text().replace("%", "%%"));
      List<String> harness = instructions(CudaHarness.of(t).text());
      assertThat(module).as(name).hasSizeGreaterThan(1);
      // Every instruction of the module's threads, operands aside, in the same order.
      int at = 0;
      for (String m : module) {
        int found = harness.subList(at, harness.size()).indexOf(m);
        assertThat(found).as(name + ": " + m).isNotNegative();
        at += found + 1;
      }
    }
  }

  /** Mnemonics of the litmus threads' lines (temporaries, addresses and labels erased). */
  private static List<String> instructions(String text) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("(?m)^\\s*\"?\\\\?t?((?:ld|st|atom|red|fence|membar|bar|barrier"
        + "|mbarrier|cp|mapa)\\.[^ ;\\\\\"]*)").matcher(text);
    while (m.find()) {
      String mnemonic = m.group(1);
      if (!mnemonic.startsWith("bar.sync") && !mnemonic.startsWith("barrier.cluster")
          && !mnemonic.startsWith("mapa") && !mnemonic.startsWith("st.u64")
          && !mnemonic.startsWith("st.shared.b")) {
        out.add(mnemonic);
      }
    }
    return out;
  }

  @Test
  void clustersAreLaunchedWithTheirDimensionAndReachRemoteSharedMemoryWithMapa()
      throws Exception {
    CudaHarness h = CudaHarness.of(parse("space/CoRR+shared-cluster-relaxed.gpu.litmus"));
    assertThat(h.nvccArch()).isEqualTo("sm_90");
    assertThat(h.text()).contains("cudaLaunchAttributeClusterDimension")
        .contains("static const int GPU_CLUSTER[GPUS] = {2};")
        .contains("mapa.shared::cluster.u64")
        .contains("barrier.cluster.arrive;");
  }

  @Test
  void twoGpusRunOneKernelEachAndAreRefusedAtRunTimeWhereFewerArePresent() throws Exception {
    CudaHarness h = CudaHarness.of(parse("spec/CoRR.litmus"));
    assertThat(h.text()).contains("#define GPUS 2").contains("litmus_gpu0(Params p)")
        .contains("litmus_gpu1(Params p)").contains("cudaDeviceEnablePeerAccess")
        .contains("\"%s: the test runs threads on %d GPUs (system scope across devices); this\"");
  }

  @Test
  void keysAreTheCheckersAndTheConditionIsAPredicate() throws Exception {
    CudaHarness h = CudaHarness.of(parse("mp/MP+rel+acq-gpu.litmus"));
    assertThat(h.text()).contains("static const char* const KEY_NAMES[] = {\"1:r0\", \"1:r1\"};")
        .contains("return ((v[0] == 1LL) && (v[1] == 0LL));")
        .contains("static const char* const TEST_KIND = \"Allowed\";")
        .contains("Histogram (%zu states)")
        .contains("cudaLaunchKernelExC");
    assertThat(h.nvccArch()).isEqualTo("sm_75");
  }

  @Test
  void refusals() throws Exception {
    assertThatThrownBy(() -> CudaHarness.of(parse("async/api-stream-order.litmus")))
        .isInstanceOf(NotEmittableException.class).hasMessageContaining("host thread");
    LitmusTest filtered = LitmusParser.parse("f.litmus", "PTX F\n{ x=0; }\n P0@cta 0,gpu 0 ;\n"
        + " ld.weak r0, x ;\nfilter (P0:r0 == 0)\nexists (P0:r0 == 0)\n");
    assertThatThrownBy(() -> CudaHarness.of(filtered)).hasMessageContaining("filter clause");
    LitmusTest dynamic = LitmusParser.parse("b.litmus", "PTX B\n{ x=0; }\n P0@cta 0,gpu 0 ;\n"
        + " mov r1, 3 ;\n bar.sync r1 ;\nexists (x == 0)\n");
    assertThatThrownBy(() -> CudaHarness.of(dynamic)).hasMessageContaining("barrier id in a"
        + " register");
  }
}
