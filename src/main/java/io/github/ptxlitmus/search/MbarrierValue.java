package io.github.ptxlitmus.search;

/**
 * The value of an mbarrier object as the engine computes it through the chain of
 * read-modify-writes on it (DESIGN §6.1: any encoding will do; users see only the wait's
 * predicate and the opaque state). 64 bits: pending arrivals (bits 0-15), expected arrivals
 * (16-31), tx-count (32-47, two's complement: complete_tx may come before expect_tx), phase
 * (48-63). An update is arrivals (bits 0-15), dropped expected arrivals (16-31) and a signed
 * tx-count change (32-63).
 */
final class MbarrierValue {
  private MbarrierValue() {}

  /** The value {@code mbarrier.init [M], count} writes: phase 0, pending = expected = count. */
  static long init(long count) {
    long c = count & 0xFFFF;
    return c | c << 16;
  }

  /** An update of {@code arrivals}, {@code drops} and tx-count change {@code tx}. */
  static long updateOperand(long arrivals, long drops, long tx) {
    return (arrivals & 0xFFFF) | (drops & 0xFFFF) << 16 | tx << 32;
  }

  /**
   * Applies an update: pending -= arrivals, expected -= drops, tx += change; when then pending
   * and tx-count are both 0 the phase completes: phase + 1, pending := expected, tx := 0 (PTX
   * ISA mbarrier, phase completion).
   */
  static long update(long value, long operand) {
    long pending = (value - operand) & 0xFFFF;
    long expected = ((value >>> 16) - (operand >>> 16)) & 0xFFFF;
    long tx = ((value >>> 32) + (operand >> 32)) & 0xFFFF;
    long phase = (value >>> 48) & 0xFFFF;
    if (pending == 0 && tx == 0) {
      phase = (phase + 1) & 0xFFFF;
      pending = expected;
    }
    return pending | expected << 16 | tx << 32 | phase << 48;
  }

  /** {@code test_wait [M], state}: the phase recorded in {@code state} is over. */
  static boolean phaseDone(long value, long state) {
    return ((value >>> 48) & 0xFFFF) != ((state >>> 48) & 0xFFFF);
  }

  /** {@code test_wait.parity [M], parity}: the current phase's parity differs from it. */
  static boolean parityDone(long value, long parity) {
    return ((value >>> 48) & 1) != (parity & 1);
  }
}
