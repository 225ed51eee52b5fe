package io.github.ptxlitmus.search;

/**
 * The value of an mbarrier object as the engine computes it through the chain of
 * read-modify-writes on it (model.md "Asynchronous operations": any encoding will do; users see
 * only the wait's
 * predicate and the opaque state). 64 bits, 20-bit fields since the PTX ISA allows counts up to
 * 2^20-1 (the parser rejects larger constants): pending arrivals (bits 0-19), expected arrivals
 * (20-39), tx-count (40-59, two's complement: complete_tx may come before expect_tx), phase
 * (60-63, modulo 16: a litmus test never sees 16 phases). An update is arrivals (bits 0-19),
 * dropped expected arrivals (20-39) and a signed tx-count change (40-63).
 */
final class MbarrierValue {
  private MbarrierValue() {}

  /** Mask of one 20-bit field. */
  static final long MASK = (1L << 20) - 1;
  /** Shift of the expected-arrivals field (dropped arrivals in an update). */
  static final int EXPECTED_SHIFT = 20;
  /** Shift of the tx-count field. */
  static final int TX_SHIFT = 40;

  /** The value {@code mbarrier.init [M], count} writes: phase 0, pending = expected = count. */
  static long init(long count) {
    long c = count & MASK;
    return c | c << EXPECTED_SHIFT;
  }

  /** The pending arrival count of a value or state (mbarrier.pending_count). */
  static long pending(long value) {
    return value & MASK;
  }

  /** An update of {@code arrivals}, {@code drops} and tx-count change {@code tx}. */
  static long updateOperand(long arrivals, long drops, long tx) {
    return (arrivals & MASK) | (drops & MASK) << EXPECTED_SHIFT | tx << TX_SHIFT;
  }

  /**
   * Applies an update: pending -= arrivals, expected -= drops, tx += change; when then pending
   * and tx-count are both 0 the phase completes: phase + 1, pending := expected, tx := 0 (PTX
   * ISA mbarrier, phase completion).
   */
  static long update(long value, long operand) {
    long pending = (value - operand) & MASK;
    long expected = ((value >>> EXPECTED_SHIFT) - (operand >>> EXPECTED_SHIFT)) & MASK;
    long tx = ((value >>> TX_SHIFT) + (operand >> TX_SHIFT)) & MASK;
    long phase = (value >>> 60) & 0xF;
    if (pending == 0 && tx == 0) {
      phase = (phase + 1) & 0xF;
      pending = expected;
    }
    return pending | expected << EXPECTED_SHIFT | tx << TX_SHIFT | phase << 60;
  }

  /** {@code test_wait [M], state}: the phase recorded in {@code state} is over. */
  static boolean phaseDone(long value, long state) {
    return ((value >>> 60) & 0xF) != ((state >>> 60) & 0xF);
  }

  /** {@code test_wait.parity [M], parity}: the current phase's parity differs from it. */
  static boolean parityDone(long value, long parity) {
    return ((value >>> 60) & 1) != (parity & 1);
  }
}
