package io.github.ptxlitmus.diy;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Explanation;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Properties of generated tests, on a seeded sample of every cycle of up to 4 edges over the
 * PTX edge set of docs/diy.md (and all its cycles of up to 3 edges):
 *
 * <ol>
 *   <li>the printed test parses, and printing the parsed test gives the same text, threads,
 *       instructions and condition;
 *   <li>the cycle's outcome is not vacuous: some candidate execution produces it before the
 *       axioms are applied (an allowed outcome has a consistent witness; for a forbidden one
 *       the explanation lists at least one candidate, each rejected by an axiom).
 * </ol>
 */
class GeneratedTestsPropertyTest {
  /** The documented PTX edge set (docs/diy.md). */
  static final String EDGES = Edge.PTX_EDGES;

  private static final int SAMPLE = 120;

  @Test
  void generatedTestsRoundTripAndAreNotVacuous() {
    List<Edge> safe = Edge.parseList(EDGES + ",PosWW,PosRR,PosWR,PosRW,Rfi,Fri,Coi");
    List<CycleEnumerator.Generated> small = CycleEnumerator.enumerate(List.of(), safe, 3, 3);
    List<CycleEnumerator.Generated> all =
        new ArrayList<>(CycleEnumerator.enumerate(List.of(), Edge.parseList(EDGES), 4, 4));
    java.util.Collections.shuffle(all, new Random(17));
    List<CycleEnumerator.Generated> sample = new ArrayList<>(small);
    sample.addAll(all.subList(0, Math.min(SAMPLE, all.size())));
    assertThat(small).isNotEmpty();
    LitmusChecker checker = LitmusChecker.create();
    for (CycleEnumerator.Generated g : sample) {
      LitmusTest t = g.test();
      String printed = LitmusPrinter.print(t);
      LitmusTest reparsed = LitmusParser.parse(t.name(), printed);
      assertThat(LitmusPrinter.print(reparsed)).as("print(parse(print(%s)))", g.cycle())
          .isEqualTo(printed);
      assertThat(reparsed.threads().size()).isEqualTo(t.threads().size());
      assertThat(reparsed.instructionCount()).isEqualTo(t.instructionCount());
      assertThat(reparsed.condition()).isEqualTo(t.condition());
      assertThat(reparsed.descriptions()).containsExactly(g.cycle().toString());
      assertThat(notVacuous(checker, reparsed))
          .as("some candidate execution shows the outcome of %s:%n%s", g.cycle(), printed)
          .isTrue();
    }
  }

  /** Some candidate execution, consistent or not, produces the outcome of interest. */
  static boolean notVacuous(LitmusChecker checker, LitmusTest t) {
    CheckResult r = checker.check(t);
    if (r.verdict() == Verdict.ALLOWED) {
      return true;
    }
    Explanation e = r.explainCondition();
    return e.candidates() > 0;
  }
}
