package io.github.ptxlitmus.report;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.Verdict;
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

  /** herd's observation word: Never when no positive witness, Always when no negative one. */
  static String observation(CheckResult result) {
    // herd's words describe all executions; with a limit hit, or in decide mode (witnesses
    // only), that is not known.
    if (result.verdict() == io.github.ptxlitmus.check.Verdict.UNKNOWN) {
      return "Unknown";
    }
    if (result.has(io.github.ptxlitmus.check.Flag.DECIDED)) {
      return "Decided";
    }
    if (result.positive() == 0) {
      return "Never";
    }
    return result.negative() == 0 ? "Always" : "Sometimes";
  }
}
