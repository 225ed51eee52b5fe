package io.github.ptxlitmus.report;

import io.github.ptxlitmus.litmus.FinalCondition;
import io.github.ptxlitmus.litmus.LitmusPrinter;

/**
 * Prints a final condition in herd's concrete syntax, e.g. {@code exists (P1:r0 == 1 /\ P1:r1 ==
 * 0)}: the quantifier keyword, then the body as {@link LitmusPrinter#condition} prints it (the
 * fewest parentheses that parse back to the same tree). Stateless.
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
    return condition.quantifier().keyword() + " (" + LitmusPrinter.condition(condition.body())
        + ")";
  }
}
