package io.github.ptxlitmus.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ptxlitmus.bench.Benchmark;
import io.github.ptxlitmus.bench.Family;
import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.ModelSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 9: pruning changes no answer. For every file of the bundled suite and the shared corpus,
 * the pruned search's decide-mode verdict equals the exhaustive search's, and its states mode
 * gives exactly the exhaustive states projected to the same keys (registers and observed
 * locations). For every scaling family, at each size where the exhaustive search finishes
 * quickly, both engines give {@link Family#expectAllowed()}.
 */
class PrunedEquivalenceTest {
  private static final Path BUNDLED = Path.of("src", "test", "resources", "litmus");
  private static final Path SHARED = Path.of("..", "shared", "corpus");
  private static final Duration LIMIT = Duration.ofSeconds(30);

  /**
   * The largest size of each family whose exhaustive check takes well under a second (measured
   * with {@code ptx-litmus bench --sizes 2,3,4,5,6,7,8}; the next size takes 10-100 times
   * longer, see docs/performance.md).
   */
  private static final Map<Family, Integer> BASELINE_SIZES =
      Map.of(
          Family.SB, 5,
          Family.SBACQREL, 6,
          Family.MP, 6,
          Family.LB, 6,
          Family.LBDEP, 6,
          Family.IRIW, 6,
          Family.COWW, 3);

  @TestFactory
  Stream<DynamicTest> bundledSuite() throws IOException {
    return files(BUNDLED).stream()
        .map(f -> DynamicTest.dynamicTest(BUNDLED.relativize(f).toString(), () -> compare(f)));
  }

  @TestFactory
  Stream<DynamicTest> sharedCorpus() throws IOException {
    assumeTrue(Files.isDirectory(SHARED), "no shared corpus at " + SHARED);
    return files(SHARED).stream()
        .map(f -> DynamicTest.dynamicTest(SHARED.relativize(f).toString(), () -> compare(f)));
  }

  /**
   * The pruning rules rest on the axioms switched on (PtxModel.fenceScForcedByCommunication:
   * Causality, Coherence): with each axiom off in turn, and in variant dat3m-v7.5, the pruned
   * search's verdict on every bundled test with fence.sc equals the exhaustive search's.
   */
  @TestFactory
  Stream<DynamicTest> fenceScTestsUnderVariants() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    List<ModelSpec> specs = new ArrayList<>();
    for (Axiom axiom : Axiom.values()) {
      specs.add(ModelSpec.ptx().without(axiom));
    }
    specs.add(ModelSpec.dat3mV75());
    for (Path f : files(BUNDLED)) {
      if (!Files.readString(f).contains("fence.sc")) {
        continue;
      }
      for (ModelSpec spec : specs) {
        tests.add(
            DynamicTest.dynamicTest(
                BUNDLED.relativize(f) + " " + spec.label(), () -> compareUnder(f, spec)));
      }
    }
    return tests.stream();
  }

  private static void compareUnder(Path file, ModelSpec spec) throws IOException {
    LitmusTest test = LitmusParser.parse(file);
    CheckOptions options = CheckOptions.defaults().withModel(spec).withTimeLimit(LIMIT);
    CheckResult exhaustive =
        LitmusChecker.create(options.withMode(CheckOptions.Mode.STATES)).check(test);
    CheckResult pruned =
        LitmusChecker.create(options.withMode(CheckOptions.Mode.DECIDE)).check(test);
    assertThat(exhaustive.flags()).as("exhaustive flags").doesNotContain(Flag.LIMIT_HIT);
    assertThat(pruned.flags()).as("decide-mode flags").doesNotContain(Flag.LIMIT_HIT);
    assertThat(pruned.verdict()).as("decide-mode verdict").isEqualTo(exhaustive.verdict());
  }

  @TestFactory
  Stream<DynamicTest> families() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Family family : Family.values()) {
      for (int n = family.minimum(); n <= BASELINE_SIZES.get(family); n++) {
        int size = n;
        tests.add(
            DynamicTest.dynamicTest(
                family.displayName() + "-" + n, () -> compareFamily(family, size)));
      }
    }
    return tests.stream();
  }

  private static List<Path> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(p -> p.toString().endsWith(".litmus"))
          .sorted()
          .collect(Collectors.toList());
    }
  }

  private static void compare(Path file) throws IOException {
    LitmusTest test = LitmusParser.parse(file);
    CheckResult exhaustive = check(test, CheckOptions.Mode.STATES);
    CheckResult pruned = check(test, CheckOptions.Mode.DECIDE);
    assertThat(exhaustive.flags()).as("exhaustive flags").doesNotContain(Flag.LIMIT_HIT);
    assertThat(pruned.flags()).as("decide-mode flags").doesNotContain(Flag.LIMIT_HIT);
    assertThat(pruned.verdict()).as("decide-mode verdict").isEqualTo(exhaustive.verdict());
    assertThat(pruned.conditionHolds()).as("decide-mode condition").isEqualTo(
        exhaustive.conditionHolds());

    Set<String> locations = Benchmark.observedLocations(test);
    SearchResult all = Enumerator.run(test, limits());
    SearchResult states =
        Engines.pruned(test, limits(), Goal.allStates(locations), ModelSpec.ptx());
    assertThat(all.limit()).as("exhaustive limit").isEmpty();
    assertThat(states.limit()).as("pruned limit").isEmpty();
    Set<Map<String, Long>> expected =
        all.outcomes().keySet().stream()
            .map(s -> SearchResult.project(s, locations))
            .collect(Collectors.toSet());
    assertThat(states.outcomes().keySet())
        .as("pruned states mode vs exhaustive states over registers and %s", locations)
        .containsExactlyInAnyOrderElementsOf(expected);
  }

  private static void compareFamily(Family family, int n) {
    LitmusTest test = LitmusParser.parse(family.displayName() + "-" + n, family.generate(n));
    Verdict expected = family.expectAllowed() ? Verdict.ALLOWED : Verdict.FORBIDDEN;
    assertThat(check(test, CheckOptions.Mode.STATES).verdict()).as("exhaustive").isEqualTo(
        expected);
    assertThat(check(test, CheckOptions.Mode.DECIDE).verdict()).as("pruned").isEqualTo(expected);
  }

  private static CheckResult check(LitmusTest test, CheckOptions.Mode mode) {
    return LitmusChecker.create(CheckOptions.defaults().withMode(mode).withTimeLimit(LIMIT))
        .check(test);
  }

  private static SearchLimits limits() {
    CheckOptions d = CheckOptions.defaults();
    return new SearchLimits(
        d.loopBound(), System.nanoTime() + LIMIT.toNanos(), "30 s", d.candidateLimit());
  }
}
