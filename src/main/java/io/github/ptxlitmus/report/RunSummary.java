package io.github.ptxlitmus.report;

import io.github.ptxlitmus.check.Verdict;
import java.util.List;

/**
 * Counts over a run. Every test lands in exactly one bucket, so {@code ok + no + undefined +
 * unknown + errors == tests}: {@code errors} when it failed to parse or check, else {@code
 * unknown} when the verdict is {@link Verdict#UNKNOWN}, else {@code undefined} when it is
 * {@link Verdict#UNDEFINED}, else {@code ok} or {@code no} by whether the condition holds.
 *
 * @param tests number of files
 * @param ok checked, definite verdict, condition holds (herd's {@code Ok})
 * @param no checked, definite verdict, condition does not hold (herd's {@code No})
 * @param undefined checked, a mixed-size race makes the model not apply
 * @param unknown checked, a limit was hit before the answer was certain
 * @param errors the file could not be parsed or checked
 */
public record RunSummary(int tests, int ok, int no, int undefined, int unknown, int errors) {

  /**
   * Counts the outcomes of a run.
   *
   * @param outcomes any number of outcomes
   * @return the counts
   */
  public static RunSummary of(List<? extends TestOutcome> outcomes) {
    int ok = 0;
    int no = 0;
    int undefined = 0;
    int unknown = 0;
    int errors = 0;
    for (TestOutcome outcome : outcomes) {
      if (outcome instanceof TestOutcome.Checked checked) {
        Verdict verdict = checked.result().verdict();
        if (!checked.result().verdictDecided()) {
          unknown++;
        } else if (verdict == Verdict.UNDEFINED) {
          undefined++;
        } else if (checked.result().conditionHolds()) {
          ok++;
        } else {
          no++;
        }
      } else {
        errors++;
      }
    }
    return new RunSummary(outcomes.size(), ok, no, undefined, unknown, errors);
  }

  /**
   * The counts of two runs together (a run whose outcomes are counted as they come).
   *
   * @param other the other counts
   * @return the sums, bucket by bucket
   */
  public RunSummary plus(RunSummary other) {
    return new RunSummary(tests + other.tests, ok + other.ok, no + other.no,
        undefined + other.undefined, unknown + other.unknown, errors + other.errors);
  }

  /** {@code Summary: 117 tests, 110 ok, 7 no, 0 undefined, 0 unknown, 0 errors} */
  @Override
  public String toString() {
    return "Summary: " + tests + " tests, " + ok + " ok, " + no + " no, " + undefined
        + " undefined, " + unknown + " unknown, " + errors + " errors";
  }
}
