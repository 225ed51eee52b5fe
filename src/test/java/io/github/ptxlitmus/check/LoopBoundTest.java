package io.github.ptxlitmus.check;

import static io.github.ptxlitmus.testing.LitmusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.report.HerdTextReport;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * No verdict, state list or assertion rests on a loop cut that could change it (docs/model.md
 * "Loops and the bound"): with the default options the check deepens until the answer is
 * settled or answers Unknown naming the bound; with an explicit bound the result says it holds
 * within it, and assertions that something never happens fail. The files are under {@code
 * src/test/resources/loops-bounded} (their state lists are not exact, so they are not in the
 * regression suite).
 */
class LoopBoundTest {
  private static final Path DIR = Path.of("src", "test", "resources", "loops-bounded");

  private static CheckResult check(String file, CheckOptions options) {
    return LitmusChecker.create(options).check(DIR.resolve(file + ".litmus"));
  }

  @Test
  void theCountingLoopDeepensToTheWitness() {
    CheckResult r = check("count-spins", CheckOptions.defaults());
    assertThat(r.verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(r.loopBound()).isEqualTo(4);
    assertThat(r.flags()).contains(Flag.LOOP_BOUND_HIT, Flag.WITHIN_LOOP_BOUND);
    assertThat(r.cutLoops()).containsExactly("P1 line 6");
    assertThat(r.hasAllStates()).isFalse();
    assertThat(r).isAllowed().allows("P1:r2 == 4").allows("P1:r2 == 1");
    assertThatThrownBy(() -> assertThat(r).isForbidden()).isInstanceOf(AssertionError.class);
    assertThatThrownBy(() -> assertThat(r).hasExactlyStates("P1:r2=1;"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("loop bound");
  }

  @Test
  void anExplicitBoundSaysTheResultHoldsWithinIt() {
    CheckResult r = check("count-spins", CheckOptions.defaults().withLoopBound(2));
    assertThat(r.verdict()).isEqualTo(Verdict.FORBIDDEN);
    assertThat(r.loopBound()).isEqualTo(2);
    assertThat(r.flags()).contains(Flag.WITHIN_LOOP_BOUND);
    assertThat(r.cutLoops()).containsExactly("P1 line 6");
    // The user's report: isForbidden() and forbids("P1:r2 == 4") passed. They fail now,
    // naming the bound and the loop.
    assertThatThrownBy(() -> assertThat(r).isForbidden())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("within loop bound 2").hasMessageContaining("P1 line 6");
    assertThatThrownBy(() -> assertThat(r).forbids("P1:r2 == 4"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("loop bound 2");
    // What a witness shows still holds.
    assertThat(r).allows("P1:r2 == 2");
    String text = HerdTextReport.block(r);
    assertThat(text).contains("Flag within-loop-bound 2: P1 line 6")
        .contains("Observation count-spins Unknown");
  }

  @Test
  void anExplicitBoundLargeEnoughFindsTheWitness() {
    CheckResult r = check("count-spins-beyond-cap", CheckOptions.defaults().withLoopBound(19));
    assertThat(r.verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(r).allows("P1:r2 == 20");
  }

  @Test
  void deepeningEndsUnknownAtTheCapNamingTheBound() {
    CheckResult r = check("count-spins-beyond-cap", CheckOptions.defaults());
    assertThat(r.verdict()).isEqualTo(Verdict.UNKNOWN);
    assertThat(r.unknownReason()).contains(
        "loop bound " + CheckOptions.MAX_DEEPENED_LOOP_BOUND + " (P1 line 6)");
    assertThat(r.flags()).contains(Flag.LIMIT_HIT, Flag.WITHIN_LOOP_BOUND);
    assertThatThrownBy(() -> assertThat(r).isForbidden())
        .isInstanceOf(AssertionError.class).hasMessageContaining("loop bound 16");
    assertThat(r).isUnknown();
  }

  @Test
  void aStoreInEachRoundIsNotProvedHarmlessSoTheAnswerIsUnknownRatherThanForbidden() {
    // Every execution spins forever (nobody writes 1): Forbidden is the truth, but the cut
    // rule does not cover stores; Unknown is the honest answer, and an explicit bound says
    // Forbidden within it.
    CheckResult r = check("spin-store-same-value", CheckOptions.defaults());
    assertThat(r.verdict()).isEqualTo(Verdict.UNKNOWN);
    assertThat(r.unknownReason()).contains("loop bound 16 (P0 line 9)");
    assertThat(r.flags()).contains(Flag.MAY_NOT_TERMINATE);
    CheckResult within = check("spin-store-same-value", CheckOptions.defaults().withLoopBound(2));
    assertThat(within.verdict()).isEqualTo(Verdict.FORBIDDEN);
    assertThat(within.flags()).contains(Flag.WITHIN_LOOP_BOUND, Flag.MAY_NOT_TERMINATE);
  }

  @Test
  void spinLoopsWhoseCutsCouldHideStatesKeepTheirWitnessesWithinTheBound() {
    for (String f : new String[] {
        "spin-exch-weak-partner", "spin-store-other-consumes", "spin-store-overwrites"}) {
      CheckResult r = check(f, CheckOptions.defaults());
      assertThat(r.verdict()).as(f).isEqualTo(Verdict.ALLOWED);
      assertThat(r.flags()).as(f).contains(Flag.LOOP_BOUND_HIT, Flag.WITHIN_LOOP_BOUND);
      assertThat(r.hasAllStates()).as(f).isFalse();
      assertThat(r).as(f).isAllowed();
    }
    assertThat(check("spin-store-other-consumes", CheckOptions.defaults()).nonTerminatingLoops())
        .containsExactly("P0 line 9");
    assertThat(check("spin-store-overwrites", CheckOptions.defaults()).flags())
        .doesNotContain(Flag.MAY_NOT_TERMINATE);
  }

  @Test
  void aHarmlessCutLeavesTheResultExactEvenWithAnExplicitBound() {
    CheckResult r = LitmusChecker.create(CheckOptions.defaults().withLoopBound(1))
        .check(Path.of("src/test/resources/litmus/loops/spin-atomic-add-zero.litmus"));
    assertThat(r.verdict()).isEqualTo(Verdict.FORBIDDEN);
    assertThat(r.flags()).contains(Flag.LOOP_BOUND_HIT).doesNotContain(Flag.WITHIN_LOOP_BOUND);
    assertThat(r).isForbidden().hasExactlyStates("P1:r1=42;");
  }
}
