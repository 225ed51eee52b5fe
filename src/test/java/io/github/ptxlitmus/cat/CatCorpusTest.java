package io.github.ptxlitmus.cat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.report.Expectations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Dat3M's own PTX cat models, run by the interpreter on the shared corpus, agree with Dat3M's
 * expected verdicts on every file except those listed in docs/cat-divergences.csv (barrier semantics, and spin loops a cat model leaves undecided within its loop bound)
 * (docs/cat-divergences.csv). Skipped when {@code ../shared} is absent.
 */
class CatCorpusTest {
  private static final Path CORPUS = CatModelTest.shared().resolve("corpus/dat3m-ptx");

  @ParameterizedTest
  @CsvSource({"ptx-v7.5.cat, expected-PTXv7_5.csv", "ptx-v6.0.cat, expected-PTXv6_0.csv"})
  void agreesWithDat3mExceptBarrierSemantics(String cat, String csv) throws IOException {
    assumeTrue(Files.isDirectory(CORPUS), "../shared corpus absent");
    Expectations e = Expectations.load(CORPUS.resolve(csv), Path.of("docs/cat-divergences.csv"));
    LitmusChecker checker = LitmusChecker.create(CheckOptions.defaults()
        .withModel(CatMemoryModel.load(CORPUS.resolve("cat").resolve(cat))));
    Map<String, Boolean> expected = e.expected();
    Set<String> differ;
    try (Stream<String> files = expected.keySet().stream()) {
      differ = files.parallel()
          .filter(f -> {
            CheckResult r = checker.check(CORPUS.resolve(f));
            assertThat(r.model()).isEqualTo(cat);
            return !r.verdictDecided() || r.conditionHolds() != expected.get(f);
          })
          .collect(Collectors.toCollection(TreeSet::new));
    }
    assertThat(differ).isEqualTo(new TreeSet<>(e.divergences().keySet()));
    assertThat(differ).hasSize(15).allMatch(f -> f.contains("bar") || f.contains("quorum")
        || !checker.check(CORPUS.resolve(f)).verdictDecided());
  }
}
