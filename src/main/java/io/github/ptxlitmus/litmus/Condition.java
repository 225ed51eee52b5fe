package io.github.ptxlitmus.litmus;

/**
 * A proposition over a final state: comparisons of registers, locations and constants joined
 * with {@code /\}, {@code \/} and {@code ~}.
 */
public sealed interface Condition
    permits Condition.And, Condition.Or, Condition.Not, Condition.Compare, Condition.Constant {

  /**
   * {@code left /\ right}: both hold.
   *
   * @param left the first conjunct
   * @param right the second conjunct
   */
  record And(Condition left, Condition right) implements Condition {}

  /**
   * {@code left \/ right}: at least one holds.
   *
   * @param left the first disjunct
   * @param right the second disjunct
   */
  record Or(Condition left, Condition right) implements Condition {}

  /**
   * {@code ~operand}: the operand does not hold.
   *
   * @param operand the negated proposition
   */
  record Not(Condition operand) implements Condition {}

  /**
   * {@code true} or {@code false}.
   *
   * @param value the truth value
   */
  record Constant(boolean value) implements Condition {}

  /** Comparison operators; {@code =} and {@code ==} are both EQ. */
  enum Op {
    /** {@code ==} (also written {@code =}): equal. */
    EQ("=="),
    /** {@code !=}: not equal. */
    NE("!="),
    /** {@code <}: less than, on signed 64-bit values. */
    LT("<"),
    /** {@code <=}: less than or equal, signed. */
    LE("<="),
    /** {@code >}: greater than, signed. */
    GT(">"),
    /** {@code >=}: greater than or equal, signed. */
    GE(">=");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    /** {@return the operator as printed, e.g. {@code "=="} for EQ} */
    public String symbol() {
      return symbol;
    }
  }

  /**
   * {@code left op right}, e.g. {@code P0:r0 == 1} or {@code x = 2}: compares the final values
   * of the terms as signed 64-bit integers.
   *
   * @param op the comparison
   * @param left the term before the operator
   * @param right the term after the operator
   */
  record Compare(Op op, Term left, Term right) implements Condition {}

  /** An operand of a comparison. */
  sealed interface Term permits RegisterTerm, LocationTerm, ConstantTerm {}

  /**
   * {@code P1:r0} (or {@code 1:r0}): register r0 of thread 1 in the final state (0 when the
   * thread never writes it).
   *
   * @param thread the thread index, 0-based as in {@code P0}
   * @param register the register name without the PTX {@code %}
   */
  record RegisterTerm(int thread, String register) implements Term {
    @Override
    public String toString() {
      return "P" + thread + ":" + register;
    }
  }

  /**
   * {@code x}: the final value of location x (each byte that of the co-last write to it).
   *
   * @param location the location name
   */
  record LocationTerm(String location) implements Term {
    @Override
    public String toString() {
      return location;
    }
  }

  /**
   * A constant.
   *
   * @param value the value, as a signed 64-bit integer
   */
  record ConstantTerm(long value) implements Term {
    @Override
    public String toString() {
      return Long.toString(value);
    }
  }
}
