package io.github.ptxlitmus.report;

import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.FinalCondition;
import java.util.Map;

/**
 * Values, states and conditions as herd7's logs write them, so that herd's log readers
 * (msort7, mcompare7; grammar in herdtools7 {@code tools/lexLog_tools.mll}) accept them:
 * registers are {@code 1:r0} (no {@code P}), states {@code 1:r0=1; x=2;}, conditions {@code
 * exists (1:r0=1 /\ ~(x=2))}. Stateless.
 */
public final class HerdSyntax {
  private HerdSyntax() {}

  /**
   * herd's key of a state entry: {@code P1:r0} → {@code 1:r0}; locations unchanged.
   *
   * @param key a {@link FinalState} key
   * @return the key as herd prints it
   */
  public static String key(String key) {
    return key.startsWith("P") && key.indexOf(':') > 1 ? key.substring(1) : key;
  }

  /**
   * A state as herd prints it: {@code 1:r0=1; x=2;}.
   *
   * @param state a final state
   * @return one line, no trailing newline
   */
  public static String state(FinalState state) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, Long> e : state.values().entrySet()) {
      sb.append(sb.length() == 0 ? "" : " ").append(key(e.getKey())).append('=')
          .append(e.getValue()).append(';');
    }
    return sb.toString();
  }

  /**
   * A condition as herd prints it: {@code exists (1:r0=1 /\ 1:r1=0)}, {@code ~exists (...)},
   * {@code forall (...)}. Equality is {@code =}, disequality {@code ~(a=b)}; the orderings
   * herd's logs lack keep our operators.
   *
   * @param condition a final condition
   * @return one line, no trailing newline
   */
  public static String condition(FinalCondition condition) {
    StringBuilder b = new StringBuilder(condition.quantifier().keyword()).append(" (");
    body(condition.body(), 0, b);
    return b.append(')').toString();
  }

  /**
   * Precedence: 0 top, 1 operand of \/, 2 operand of /\, 3 operand of ~. A chain of one
   * operator is written in one pass with an explicit stack, so that printing a condition of
   * many terms takes time and stack in proportion to its length.
   */
  private static void body(Condition c, int context, StringBuilder b) {
    if (c instanceof Condition.Or || c instanceof Condition.And) {
      boolean or = c instanceof Condition.Or;
      int precedence = or ? 1 : 2;
      boolean parenthesize = context > precedence;
      if (parenthesize) {
        b.append('(');
      }
      boolean first = true;
      for (Condition x : or ? c.disjuncts() : c.conjuncts()) {
        b.append(first ? "" : or ? " \\/ " : " /\\ ");
        first = false;
        body(x, precedence, b);
      }
      if (parenthesize) {
        b.append(')');
      }
    } else if (c instanceof Condition.Not n) {
      b.append('~');
      body(n.operand(), 3, b);
    } else if (c instanceof Condition.Constant k) {
      b.append(k.value() ? "true" : "false");
    } else {
      Condition.Compare cmp = (Condition.Compare) c;
      String left = term(cmp.left());
      String right = term(cmp.right());
      b.append(switch (cmp.op()) {
        case EQ -> context == 3 ? "(" + left + "=" + right + ")" : left + "=" + right;
        case NE -> "~(" + left + "=" + right + ")";
        default -> "(" + left + " " + cmp.op().symbol() + " " + right + ")";
      });
    }
  }

  private static String term(Condition.Term t) {
    if (t instanceof Condition.RegisterTerm r) {
      return r.thread() + ":" + r.register();
    } else if (t instanceof Condition.LocationTerm l) {
      return l.location();
    }
    return Long.toString(((Condition.ConstantTerm) t).value());
  }
}
