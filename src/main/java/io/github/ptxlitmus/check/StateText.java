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
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when it is not a proposition
   */
  public static Condition parse(String text) {
    String t = text.strip();
    if (t.contains(";") && !t.contains("/\\") && !t.contains("\\/")) {
      t = String.join(" /\\ ", t.replaceAll(";\\s*$", "").split("\\s*;\\s*"));
    }
    return LitmusParser.parseCondition(t);
  }

  static String print(Condition c) {
    return LitmusPrinter.condition(c);
  }
}
