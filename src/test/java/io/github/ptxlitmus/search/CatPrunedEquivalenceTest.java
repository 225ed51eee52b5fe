package io.github.ptxlitmus.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ptxlitmus.bench.Benchmark;
import io.github.ptxlitmus.cat.CatMemoryModel;
import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.MemoryModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The pruned search runs cat models with the answers of the exhaustive one: for every file of
 * the bundled suite whose exhaustive search under the model has at most a few thousand
 * candidates (a count, so that what is compared does not depend on the machine), the pruned search's states
 * mode gives exactly the exhaustive states (projected to registers and observed locations) and
 * its decide mode the same verdict. Models: the test models (herd's total coherence order, with
 * and without {@code with co from}), and Dat3M's PTX cat files (partial coherence orders) when
 * {@code ../shared} is present.
 */
class CatPrunedEquivalenceTest {
  private static final Path BUNDLED = Path.of("src", "test", "resources", "litmus");
  private static final Path MODELS = Path.of("src", "test", "resources", "cat", "models");
  private static final Path DAT3M = Path.of("..", "shared", "corpus", "dat3m-ptx", "cat");
  private static final Duration LIMIT = Duration.ofSeconds(30);
  /** The oracle's candidate limit under the test models and under Dat3M's (slower) files. */
  private static final long ORACLE = 3_000;

  private static final long DAT3M_ORACLE = 600;

  @TestFactory
  Stream<DynamicTest> testModels() throws IOException {
    return tests(List.of(MODELS.resolve("sc.cat"), MODELS.resolve("tso.cat"),
        MODELS.resolve("sc-herd.cat")), ORACLE);
  }

  @TestFactory
  Stream<DynamicTest> dat3mModels() throws IOException {
    assumeTrue(Files.isDirectory(DAT3M), "no Dat3M cat files at " + DAT3M);
    return tests(List.of(DAT3M.resolve("ptx-v7.5.cat"), DAT3M.resolve("ptx-v6.0.cat")),
        DAT3M_ORACLE);
  }

  private static Stream<DynamicTest> tests(List<Path> cats, long oracle) throws IOException {
    List<DynamicTest> out = new ArrayList<>();
    List<Path> files = files(BUNDLED);
    for (Path cat : cats) {
      CatMemoryModel model = CatMemoryModel.load(cat);
      assertThat(model.partialModels()).as(cat + " offers the pruned search").isPresent();
      out.add(DynamicTest.dynamicTest(cat.getFileName().toString(), () -> {
        int compared = 0;
        for (Path f : files) {
          compared += compare(f, model, oracle) ? 1 : 0;
        }
        assertThat(compared).as("files compared under " + cat).isGreaterThan(files.size() / 3);
      }));
    }
    return out.stream();
  }

  /** False when the exhaustive search has more than {@code oracle} candidates. */
  private static boolean compare(Path file, MemoryModel model, long oracle) throws IOException {
    LitmusTest test = LitmusParser.parse(file);
    String what = BUNDLED.relativize(file) + " under " + model.name();
    SearchResult all = Enumerator.run(test, limits(oracle), model);
    if (all.limit().isPresent()) {
      return false;
    }
    Set<String> locations = Benchmark.observedLocations(test);
    SearchResult states =
        Engines.pruned(test, limits(Long.MAX_VALUE), Goal.allStates(locations), model);
    assertThat(states.limit()).as("pruned limit, " + what).isEmpty();
    Set<Map<String, Long>> expected = all.outcomes().keySet().stream()
        .map(s -> SearchResult.project(s, locations)).collect(Collectors.toSet());
    assertThat(states.outcomes().keySet()).as("pruned states, " + what)
        .containsExactlyInAnyOrderElementsOf(expected);
    CheckOptions options = CheckOptions.defaults().withModel(model).withTimeLimit(LIMIT);
    CheckResult exhaustive =
        LitmusChecker.create(options.withMode(CheckOptions.Mode.EXHAUSTIVE)).check(test);
    CheckResult decided =
        LitmusChecker.create(options.withMode(CheckOptions.Mode.DECIDE)).check(test);
    assertThat(decided.verdict()).as("decide-mode verdict, " + what)
        .isEqualTo(exhaustive.verdict());
    assertThat(decided.conditionHolds()).as("decide-mode condition, " + what)
        .isEqualTo(exhaustive.conditionHolds());
    return true;
  }

  private static List<Path> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(p -> p.toString().endsWith(".litmus")).sorted()
          .collect(Collectors.toList());
    }
  }

  private static SearchLimits limits(long candidates) {
    CheckOptions d = CheckOptions.defaults();
    return new SearchLimits(d.loopBound(), System.nanoTime() + LIMIT.toNanos(), "30 s",
        candidates);
  }
}
