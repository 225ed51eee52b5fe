package io.github.ptxlitmus.report;

import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.FinalCondition;

/**
 * Prints a final condition in herd's concrete syntax, e.g. {@code exists (P1:r0 == 1 /\ P1:r1 ==
 * 0)}. Precedence follows herd: {@code ~} binds tightest, then {@code /\}, then {@code \/};
 * parentheses are added only where the tree needs them, so printing a parsed condition gives
 * text that parses back to the same tree (up to associativity of {@code /\} and {@code \/}).
 * Stateless.
 */
public final class ConditionPrinter {
  private ConditionPrinter() {}

  /**
   * The condition with its quantifier: {@code exists (...)}, {@code ~exists (...)} or {@code
   * forall (...)}.
   *
   * @param condition a final condition (not null)
   * @return one line, no trailing newline
   */
  public static String print(FinalCondition condition) {
    return condition.quantifier().keyword() + " (" + print(condition.body()) + ")";
  }

  /**
   * The proposition alone, without the quantifier or outer parentheses.
   *
   * @param condition a proposition (not null)
   * @return one line, no trailing newline
   */
  public static String print(Condition condition) {
    return print(condition, Level.OR);
  }

  /** Binding strength of the context a sub-condition is printed in. */
  private enum Level {
    OR,
    AND,
    NOT
  }

  private static String print(Condition c, Level context) {
    if (c instanceof Condition.Or or) {
      String text = print(or.left(), Level.OR) + " \\/ " + print(or.right(), Level.OR);
      return context == Level.OR ? text : "(" + text + ")";
    } else if (c instanceof Condition.And and) {
      String text = print(and.left(), Level.AND) + " /\\ " + print(and.right(), Level.AND);
      return context == Level.NOT ? "(" + text + ")" : text;
    } else if (c instanceof Condition.Not not) {
      return "~" + print(not.operand(), Level.NOT);
    } else if (c instanceof Condition.Compare cmp) {
      String text = cmp.left() + " " + cmp.op().symbol() + " " + cmp.right();
      return context == Level.NOT ? "(" + text + ")" : text;
    } else if (c instanceof Condition.Constant k) {
      return Boolean.toString(k.value());
    }
    throw new IllegalArgumentException("unknown condition " + c);
  }
}
