package io.github.ptxlitmus.litmus;

/**
 * A proposition over a final state: comparisons of registers, locations and constants joined
 * with {@code /\}, {@code \/} and {@code ~}.
 */
public sealed interface Condition
    permits Condition.And, Condition.Or, Condition.Not, Condition.Compare, Condition.Constant {

  record And(Condition left, Condition right) implements Condition {}

  record Or(Condition left, Condition right) implements Condition {}

  record Not(Condition operand) implements Condition {}

  /** {@code true} or {@code false}. */
  record Constant(boolean value) implements Condition {}

  /** Comparison operators; {@code =} and {@code ==} are both EQ. */
  enum Op {
    EQ("=="),
    NE("!="),
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">=");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }
  }

  record Compare(Op op, Term left, Term right) implements Condition {}

  /** An operand of a comparison. */
  sealed interface Term permits RegisterTerm, LocationTerm, ConstantTerm {}

  /** {@code P1:r0} (or {@code 1:r0}): register r0 of thread 1 in the final state. */
  record RegisterTerm(int thread, String register) implements Term {
    @Override
    public String toString() {
      return "P" + thread + ":" + register;
    }
  }

  /** {@code x}: the final value of location x. */
  record LocationTerm(String location) implements Term {
    @Override
    public String toString() {
      return location;
    }
  }

  /** A constant. */
  record ConstantTerm(long value) implements Term {
    @Override
    public String toString() {
      return Long.toString(value);
    }
  }
}
