package io.github.ptxlitmus.litmus;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A proposition over a final state: comparisons of registers, locations and constants joined
 * with {@code /\}, {@code \/} and {@code ~}.
 */
public sealed interface Condition
    permits Condition.And, Condition.Or, Condition.Not, Condition.Compare, Condition.Constant {

  /**
   * {@return the conjuncts of a chain of {@code /\}: for {@code a /\ (b /\ c)} the list {@code
   * [a, b, c]}, left to right; a proposition that is no conjunction is its one conjunct}
   */
  default List<Condition> conjuncts() {
    return operands(this, And.class);
  }

  /**
   * {@return the disjuncts of a chain of {@code \/}, left to right, as {@link #conjuncts()} does
   * for {@code /\}}
   */
  default List<Condition> disjuncts() {
    return operands(this, Or.class);
  }

  /** {@return every comparison of the proposition, through every connective, left to right} */
  default List<Compare> comparisons() {
    List<Compare> out = new ArrayList<>();
    for (Condition x : operands(this, Condition.class)) {
      if (x instanceof Compare cmp) {
        out.add(cmp);
      }
    }
    return out;
  }

  /**
   * {@return the state keys the proposition reads ({@code P1:r0}, {@code x}; see {@link
   * Term#stateKey()}), in order of appearance, without repeats}
   */
  default Set<String> stateKeys() {
    Set<String> keys = new LinkedHashSet<>();
    for (Compare cmp : comparisons()) {
      cmp.left().stateKey().ifPresent(keys::add);
      cmp.right().stateKey().ifPresent(keys::add);
    }
    return keys;
  }

  /**
   * The operands of {@code c} under the connective {@code kind} ({@link And}, {@link Or}, or
   * {@code Condition} for every connective, negation included), flattened left to right with an
   * explicit stack, so that a flat chain of any length costs no recursion.
   */
  private static List<Condition> operands(Condition c, Class<? extends Condition> kind) {
    List<Condition> out = new ArrayList<>();
    Deque<Condition> todo = new ArrayDeque<>();
    todo.push(c);
    while (!todo.isEmpty()) {
      Condition x = todo.pop();
      if (x instanceof And a && kind.isAssignableFrom(And.class)) {
        todo.push(a.right());
        todo.push(a.left());
      } else if (x instanceof Or o && kind.isAssignableFrom(Or.class)) {
        todo.push(o.right());
        todo.push(o.left());
      } else if (x instanceof Not n && kind == Condition.class) {
        todo.push(n.operand());
      } else {
        out.add(x);
      }
    }
    return out;
  }

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
  sealed interface Term permits RegisterTerm, LocationTerm, ConstantTerm {
    /**
     * {@return the key of the final state this term reads: {@code P1:r0} for a register, the
     * name for a location; empty for a constant}
     */
    default Optional<String> stateKey() {
      return this instanceof ConstantTerm ? Optional.empty() : Optional.of(toString());
    }
  }

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
