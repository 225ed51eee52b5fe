package io.github.ptxlitmus.report;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.FinalCondition;
import java.util.Locale;

/** The words the reports use for enum values, shared by the text and JSON formats. */
final class Words {
  private Words() {}

  /** {@code Allowed}, {@code Forbidden}, {@code Unknown}, {@code Undefined}. */
  static String verdict(Verdict verdict) {
    String name = verdict.name();
    return name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT);
  }

  /** {@code data-race}, {@code mixed-size-race}, {@code loop-bound-hit}, ... */
  static String flag(Flag flag) {
    return flag.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * herd's observation word: Never when no execution satisfies the condition's body, Always
   * when all do, else Sometimes; {@code Unknown} when that was not computed (a limit hit, a
   * loop cut that could hide executions, or decide mode without the answer that settles it).
   */
  static String observation(CheckResult result) {
    if (!result.verdictDecided()) {
      return "Unknown"; // not computed, or never seen within the bound (longer executions may)
    }
    if (result.has(Flag.DECIDED) || result.has(Flag.LIMIT_HIT)
        || result.has(Flag.WITHIN_LOOP_BOUND)) {
      // Decide mode searched only for the outcome of interest, and a limit cut the listing of
      // executions (the verdict was settled by a witness first): the counts are partial. A
      // FORBIDDEN answer is exact: no execution satisfies the body (exists, ~exists) or
      // violates it (forall).
      if (result.verdict() == Verdict.FORBIDDEN) {
        return result.condition().quantifier() == FinalCondition.Quantifier.FORALL
            ? "Always" : "Never";
      }
      return result.positive() > 0 && result.negative() > 0 ? "Sometimes" : "Unknown";
    }
    if (result.positive() == 0) {
      return "Never";
    }
    return result.negative() == 0 ? "Always" : "Sometimes";
  }
}
