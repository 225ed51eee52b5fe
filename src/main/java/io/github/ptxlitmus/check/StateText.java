package io.github.ptxlitmus.check;

import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusPrinter;

/**
 * Reads a state written by a user: a proposition ({@code P1:r0 == 1 /\ x = 2}) or a printed
 * {@link FinalState} ({@code P1:r0=1; x=2;}), whose {@code ;} separators mean {@code /\}. The
 * form {@link CheckResult#explain(String)} and the CLI's {@code --explain-state} accept.
 */
public final class StateText {
  private StateText() {}

  /**
   * Parses a state.
   *
   * @param text a proposition or a printed final state ({@code ;}-separated equalities)
   * @return the proposition, as a litmus condition body
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when it is not a proposition
   */
  public static Condition parse(String text) {
    String t = text.strip();
    if (t.contains(";") && !t.contains("/\\") && !t.contains("\\/")) {
      t = String.join(" /\\ ", t.replaceAll(";\\s*$", "").split("\\s*;\\s*"));
    }
    return LitmusParser.parseCondition(t);
  }

  /**
   * Rejects a state that names a thread, register or location the test does not have, as the
   * parser does for the test's own condition.
   *
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException naming the first unknown one
   */
  static void requireKnown(Condition c, io.github.ptxlitmus.litmus.LitmusTest test) {
    java.util.Set<String> keys = new java.util.LinkedHashSet<>();
    ConditionEvaluator.collectKeys(c, keys);
    for (String key : keys) {
      String problem = null;
      int colon = key.indexOf(':');
      if (colon > 0) {
        int thread = Integer.parseInt(key.substring(1, colon));
        String register = key.substring(colon + 1);
        if (thread >= test.threads().size()) {
          problem = "thread P" + thread + " does not exist";
        } else if (!test.registers(thread).contains(register)) {
          problem = "register " + register + " is not used by P" + thread;
        }
      } else if (test.location(key).isEmpty()) {
        problem = "location " + key + " does not exist";
      }
      if (problem != null) {
        throw new io.github.ptxlitmus.litmus.LitmusSyntaxException(
            io.github.ptxlitmus.litmus.SourcePosition.synthetic("state"), problem);
      }
    }
  }

  static String print(Condition c) {
    return LitmusPrinter.condition(c);
  }
}
