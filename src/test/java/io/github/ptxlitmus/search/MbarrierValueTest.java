package io.github.ptxlitmus.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The mbarrier value computed through the RMW chain (DESIGN §6.1). */
class MbarrierValueTest {
  private static long arrive(long v, long count) {
    return MbarrierValue.update(v, MbarrierValue.updateOperand(count, 0, 0));
  }

  @Test
  void phaseCompletesWhenPendingArrivalsReachZero() {
    long v = MbarrierValue.init(2);
    long first = arrive(v, 1);
    assertThat(MbarrierValue.phaseDone(first, v)).isFalse();
    long second = arrive(first, 1);
    assertThat(MbarrierValue.phaseDone(second, v)).isTrue();
    assertThat(MbarrierValue.parityDone(second, 0)).isTrue();
    assertThat(MbarrierValue.parityDone(second, 1)).isFalse();
    // the next phase expects 2 arrivals again
    assertThat(MbarrierValue.phaseDone(arrive(second, 1), second)).isFalse();
  }

  @Test
  void transactionCountMustAlsoReachZeroInEitherOrder() {
    long v = MbarrierValue.init(1);
    long expect = MbarrierValue.update(v, MbarrierValue.updateOperand(1, 0, 4));
    assertThat(MbarrierValue.phaseDone(expect, v)).isFalse();
    long done = MbarrierValue.update(expect, MbarrierValue.updateOperand(0, 0, -4));
    assertThat(MbarrierValue.phaseDone(done, v)).isTrue();
    long early = MbarrierValue.update(v, MbarrierValue.updateOperand(0, 0, -4));
    assertThat(MbarrierValue.phaseDone(early, v)).isFalse();
    long late = MbarrierValue.update(early, MbarrierValue.updateOperand(1, 0, 4));
    assertThat(MbarrierValue.phaseDone(late, v)).isTrue();
  }

  @Test
  void arriveDropLowersTheExpectedCountOfLaterPhases() {
    long v = MbarrierValue.init(2);
    long dropped = MbarrierValue.update(v, MbarrierValue.updateOperand(1, 1, 0));
    long phase1 = arrive(dropped, 1);
    assertThat(MbarrierValue.parityDone(phase1, 0)).isTrue();
    assertThat(MbarrierValue.parityDone(arrive(phase1, 1), 1)).isTrue();
  }
}
