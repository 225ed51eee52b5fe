package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.model.ModelSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The built-in Dat3M variants give Dat3M's expected answers (the condition holds: 1, or not: 0)
 * on the shared corpus, except the files where Dat3M's barrier semantics differ from ours
 * (docs/model.md "Variants and switches"). Skipped when ../shared is absent.
 */
class Dat3mVariantsCorpusTest {
  private static final Path CORPUS = Path.of("../shared/corpus/dat3m-ptx");

  /** Dat3M lets threads pass barriers whose phase never completes; we deadlock. */
  private static final Set<String> BARRIER_SEMANTICS =
      Set.of(
          "Barrier/quorum1-pass.litmus",
          "Barrier/quorum2-pass.litmus",
          "Barrier/quorum3-pass.litmus",
          "Barrier/quorum4-pass.litmus",
          "Manual/SB+bar-const-diff.litmus",
          "Manual/SB+named-bar-dyn-reg-const.litmus",
          "Manual/SB+named-bar-reg-const-diff.litmus",
          "Manual/SB+named-bar-reg-diff.litmus",
          "Manual/SB+twice-bars-diff.litmus",
          "Manual/barrier-instance-id-exists.litmus",
          "Manual/barrier-logical-id-exists.litmus");

  private static List<String> mismatches(ModelSpec model, String csv) throws IOException {
    Assumptions.assumeTrue(Files.isRegularFile(CORPUS.resolve(csv)), "../shared absent");
    LitmusChecker checker = LitmusChecker.create(CheckOptions.defaults().withModel(model));
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(CORPUS.resolve(csv))) {
      String[] row = line.strip().split(",");
      if (row.length != 2 || BARRIER_SEMANTICS.contains(row[0])) {
        continue;
      }
      CheckResult r = checker.check(CORPUS.resolve(row[0]));
      if (r.conditionHolds() != row[1].equals("1")) {
        out.add(row[0] + ": expected " + row[1] + ", got " + r.verdict());
      }
    }
    return out;
  }

  @Test
  void dat3mV75AgreesWithExpectedPTXv75() throws IOException {
    assertThat(mismatches(ModelSpec.dat3mV75(), "expected-PTXv7_5.csv")).isEmpty();
  }

  @Test
  void dat3mV60AgreesWithExpectedPTXv60() throws IOException {
    assertThat(mismatches(ModelSpec.dat3mV60(), "expected-PTXv6_0.csv")).isEmpty();
  }
}
