package io.github.ptxlitmus.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusParser;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The stress generators give the answers {@link Stress.Case#allowed()} claims: small instances
 * of each shape checked by the exhaustive search (the oracle), and every listed case parses.
 */
class StressTest {
  private static final LitmusChecker ORACLE =
      LitmusChecker.create(
          CheckOptions.defaults()
              .withMode(CheckOptions.Mode.EXHAUSTIVE)
              .withTimeLimit(Duration.ofSeconds(30)));

  private static CheckResult exhaustive(String name, String text) {
    CheckResult r = ORACLE.check(name, text);
    assertThat(r.unknownReason()).as(name).isEmpty();
    assertThat(r.has(Flag.DISTINCT_STATES)).as("the exhaustive search ran").isFalse();
    return r;
  }

  @Test
  void writesToOneLocation() {
    // 8.10.1 Coherence / 8.10.5 SC-per-Location: a thread's later write is coherence-after its
    // earlier one, so P0's first value cannot be final; its last one can.
    assertThat(exhaustive("W3x2-allowed", Stress.writes("W3x2-allowed", 3, 2, true)).verdict())
        .isEqualTo(Verdict.ALLOWED);
    CheckResult forbidden =
        exhaustive("W3x2-forbidden", Stress.writes("W3x2-forbidden", 3, 2, false));
    assertThat(forbidden.verdict()).isEqualTo(Verdict.FORBIDDEN);
    // x ends with one thread's last write: 2, 4 or 6.
    assertThat(forbidden.states()).hasSize(3);
  }

  @Test
  void twoPlusTwoWRingWithFenceSc() {
    // 8.9.4 Fence-SC order with 8.10.1: forbidden; every x_i ends 1 or 2, all but all-1.
    CheckResult r = exhaustive("2+2W-3", Stress.ring2p2w(3));
    assertThat(r.verdict()).isEqualTo(Verdict.FORBIDDEN);
    assertThat(r.states()).hasSize(7);
  }

  @Test
  void iriwWithFenceScReaders() {
    // 8.10.6 Causality with the Fence-SC order between the readers' fences.
    assertThat(exhaustive("IRIWsc-2", Stress.iriwSc(2)).verdict()).isEqualTo(Verdict.FORBIDDEN);
  }

  @Test
  void statesModeListsALargeTestWithThePrunedSearch() {
    // --states switches to the pruned states mode above 2^18 candidates (--exhaustive never).
    String text = Stress.writes("W4x4", 4, 4, true);
    CheckResult states =
        LitmusChecker.create(CheckOptions.defaults().withMode(CheckOptions.Mode.STATES))
            .check("W4x4", text);
    assertThat(states.has(Flag.DISTINCT_STATES)).isTrue();
    assertThat(states.states()).hasSize(4);
  }

  @Test
  void everyCaseParsesAndNamesItsShape() {
    List<Stress.Case> cases = Stress.cases();
    assertThat(cases).extracting(Stress.Case::name)
        .containsExactly("W8x8-allowed", "W8x8-forbidden", "W16x4-allowed", "W16x4-forbidden",
            "W8x12-allowed", "W8x12-forbidden", "CoWW-8", "W4x4", "W8x2", "SB-8", "2+2W-8",
            "IRIWsc-6");
    for (Stress.Case c : cases) {
      assertThat(LitmusParser.parse(c.name(), c.text()).name()).isEqualTo(c.name());
    }
  }
}
