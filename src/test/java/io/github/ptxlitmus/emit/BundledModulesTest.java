package io.github.ptxlitmus.emit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ptxlitmus.litmus.LitmusFileTree;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every bundled test that can be one PTX module is written as one, and NVIDIA's assembler
 * accepts it for the target the module names; the others are refused for one of the reasons
 * a module cannot express (host threads, several GPUs, aliases, Dat3M-only forms). The
 * assembler runs only when {@code ptxas} is on the PATH.
 */
class BundledModulesTest {
  private static final Path SUITE = Path.of("src/test/resources/litmus");

  private static final Map<Path, PtxModule> modules = new TreeMap<>();
  private static final Map<Path, String> refused = new TreeMap<>();

  @BeforeAll
  static void emit() throws IOException {
    for (Path f : LitmusFileTree.under(SUITE)) {
      LitmusTest t = LitmusParser.parse(f);
      try {
        modules.put(f, PtxModule.of(t));
      } catch (NotEmittableException e) {
        refused.put(f, e.reason());
      }
    }
  }

  @Test
  void mostBundledTestsAreModules() {
    assertThat(modules.size()).isGreaterThan(250);
  }

  @Test
  void refusalsNameAReasonAModuleCannotExpress() {
    assertThat(refused).allSatisfy((file, reason) -> assertThat(reason).containsAnyOf(
        "host thread", "GPUs", "alias", "surface", "constant-proxy", "PTX has no",
        "chapter 8's schematic", "schematic"));
  }

  @Test
  void everyModuleHasItsTargetAndOneKernel() {
    assertThat(modules).allSatisfy((file, m) -> {
      assertThat(m.text()).contains(".target " + m.target().smName() + "\n")
          .contains(".version " + m.target().version() + "\n");
      assertThat(m.text().split("\\.entry ", -1)).hasSize(2);
    });
  }

  @Test
  void ptxasAcceptsEveryModuleAtItsTarget() {
    Optional<Ptxas> ptxas = Ptxas.find("ptxas", 60);
    assumeTrue(ptxas.isPresent(), "ptxas is not on the PATH: the bundled modules are not"
        + " assembled");
    Map<Path, String> rejected = new ConcurrentHashMap<>();
    List<Map.Entry<Path, PtxModule>> all = Collections.synchronizedList(
        new ArrayList<>(modules.entrySet()));
    all.parallelStream().forEach(e -> {
      try {
        Ptxas.Result r = ptxas.get().assemble(e.getValue().text(), e.getValue().target().sm());
        if (!r.accepted()) {
          rejected.put(e.getKey(), r.output().strip());
        }
      } catch (IOException x) {
        throw new UncheckedIOException(x);
      }
    });
    assertThat(rejected).isEmpty();
  }
}
