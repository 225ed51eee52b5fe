package io.github.ptxlitmus.report;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.Verdict;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Text report in herd7's layout: one block per test, a blank line after each, then (with
 * expectations) one line per mismatch/divergence/stale/missing entry and an {@code Expect}
 * line, then the {@link RunSummary} line. A checked test prints as
 *
 * <pre>
 * Test MP Allowed
 * States 3
 * P1:r0=0; P1:r1=0;
 * P1:r0=0; P1:r1=1;
 * P1:r0=1; P1:r1=1;
 * No
 * Witnesses
 * Positive: 0 Negative: 3
 * Flag data-race
 * Condition exists (P1:r0 == 1 /\ P1:r1 == 0)
 * Observation MP Never 0 3
 * Time MP 0.01
 * </pre>
 *
 * <p>with an {@code Unknown <reason>} (or {@code Undefined <reason>}) line after the flags when
 * the verdict is not definite; a file that could not be checked prints as {@code Error <file>:
 * <message>}. Lines end with {@code \n}. Stateless.
 */
public final class HerdTextReport {
  private HerdTextReport() {}

  /**
   * The whole report of a run.
   *
   * @param outcomes the outcomes in the order to print them
   * @param expectations the comparison with an expected CSV, if one was given
   * @return the report text, ending with the summary line and a newline
   */
  public static String render(
      List<? extends TestOutcome> outcomes, Optional<ExpectationReport> expectations) {
    StringBuilder out = new StringBuilder();
    for (TestOutcome outcome : outcomes) {
      out.append(block(outcome)).append('\n');
    }
    expectations.ifPresent(e -> out.append(expectations(e)));
    out.append(RunSummary.of(outcomes)).append('\n');
    return out.toString();
  }

  /**
   * The block of one outcome: {@link #block(CheckResult)} or {@link #error(Path, String)}.
   *
   * @param outcome a checked or failed file
   * @return the block, each line ending with a newline
   */
  public static String block(TestOutcome outcome) {
    if (outcome instanceof TestOutcome.Checked checked) {
      return block(checked.result());
    }
    TestOutcome.Failed failed = (TestOutcome.Failed) outcome;
    return error(failed.file(), failed.message());
  }

  /**
   * The herd-style block of one result.
   *
   * @param r the result
   * @return the block, each line ending with a newline
   */
  public static String block(CheckResult r) {
    String name = r.testName();
    StringBuilder out = new StringBuilder();
    line(out, "Test " + name + " " + Words.verdict(r.verdict()));
    line(out, "States " + r.states().size());
    for (FinalState state : r.states()) {
      line(out, state.toString());
    }
    // With a limit hit the states may be incomplete, so the condition is not known either.
    line(out, r.verdict() == Verdict.UNKNOWN ? "Unknown" : r.conditionHolds() ? "Ok" : "No");
    line(out, "Witnesses");
    line(out, "Positive: " + r.positive() + " Negative: " + r.negative());
    for (Flag flag : Flag.values()) {
      if (r.has(flag)) {
        line(out, "Flag " + Words.flag(flag));
      }
    }
    if (r.verdict() == Verdict.UNKNOWN || r.verdict() == Verdict.UNDEFINED) {
      String word = Words.verdict(r.verdict());
      line(out, r.unknownReason().map(reason -> word + " " + reason).orElse(word));
    }
    line(out, "Condition " + ConditionPrinter.print(r.condition()));
    line(
        out,
        "Observation " + name + " " + Words.observation(r) + " " + r.positive() + " "
            + r.negative());
    if (!r.model().equals("ptx")) {
      line(out, "Model " + r.model()); // the default model's block stays herd's
    }
    line(out, "Time " + name + " " + seconds(r.millis()));
    return out.toString();
  }

  /**
   * The block of a file that could not be parsed or checked.
   *
   * @param file the file
   * @param message a one-line message
   * @return {@code Error <file>: <message>} and a newline
   */
  public static String error(Path file, String message) {
    return "Error " + file + ": " + message + "\n";
  }

  /**
   * The expectation lines: {@code Mismatch}, {@code Divergence}, {@code Stale}, {@code Missing}
   * lines, then {@code Expect agree N/M, ...}.
   *
   * @param e the comparison
   * @return the lines, each ending with a newline
   */
  public static String expectations(ExpectationReport e) {
    StringBuilder out = new StringBuilder();
    for (ExpectationReport.Mismatch m : e.mismatches()) {
      line(
          out,
          "Mismatch " + m.file() + ": expected " + (m.expected() ? "1" : "0") + ", got "
              + m.got() + " (" + m.detail() + ")");
    }
    for (ExpectationReport.Divergence d : e.divergences()) {
      line(out, "Divergence " + d.file() + ": " + d.reason());
    }
    for (String file : e.stale()) {
      line(out, "Stale " + file + ": listed as a divergence but agrees");
    }
    for (String file : e.missing()) {
      line(out, "Missing " + file);
    }
    line(
        out,
        "Expect agree " + e.agree() + "/" + e.compared() + ", " + e.mismatches().size()
            + " mismatches, " + e.divergences().size() + " divergences, " + e.missing().size()
            + " missing, " + e.unlisted() + " without row");
    return out.toString();
  }

  /** Milliseconds as seconds with two decimals, {@code 0.01}. */
  static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.2f", millis / 1000.0);
  }

  private static void line(StringBuilder out, String text) {
    out.append(text).append('\n');
  }
}
