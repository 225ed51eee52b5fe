package io.github.ptxlitmus.report;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.FinalCondition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Text report in herd7's log format, so that herd's companion tools (msort7, mcompare7) read
 * it: one block per test, a blank line after each, then (with expectations) one line per
 * mismatch/divergence/stale/missing entry and an {@code Expect} line, then the {@link
 * RunSummary} line. A checked test prints as
 *
 * <pre>
 * Test MP Allowed
 * States 3
 * 1:r0=0; 1:r1=0;
 * 1:r0=0; 1:r1=1;
 * 1:r0=1; 1:r1=1;
 * No
 * Witnesses
 * Positive: 0 Negative: 3
 * Flag data-race
 * Condition exists (1:r0=1 /\ 1:r1=0)
 * Observation MP Never 0 3
 * Verdict MP Forbidden
 * Time MP 0.01
 * Hash=5d41402abc4b2a76b9719d911017c592
 * </pre>
 *
 * <p>As in herd: {@code Test NAME KIND} names the condition's kind ({@code Allowed} for {@code
 * exists}, {@code Forbidden} for {@code ~exists}, {@code Required} for {@code forall}); the
 * validation line is {@code Ok} or {@code No} (herd's {@code ??} when a limit left it unknown,
 * {@code Undef} for a mixed-size race); {@code Flag name} lines sit between the witnesses and
 * the condition; {@code Observation NAME Never|Sometimes|Always p n} says how many executions
 * satisfy the condition's body. Our additions follow herd's {@code Key NAME text} line shape,
 * which its log reader skips: {@code Verdict NAME Allowed|Forbidden|Unknown|Undefined} (whether
 * the outcome of interest is allowed), and {@code Unknown NAME reason} / {@code Undefined NAME
 * reason}. Where herd's observation word would claim more than was computed (decide mode keeps
 * only witnesses; a limit or a loop cut that could hide executions leaves the search partial)
 * the word is {@code Unknown}. {@code Flag within-loop-bound K: P1 line 3} says the result
 * holds within loop bound K, where the named loop was cut. {@code Hash=} is the
 * MD5 digest of the file's bytes (herd hashes its own normal form of the test, so the two
 * differ). A file that could not be checked prints as {@code Error <file>: <message>}. Lines
 * end with {@code \n}. Stateless.
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
   * The block of one outcome: {@link #block(CheckResult, Optional)} with the file's digest, or
   * {@link #error(Path, String)}.
   *
   * @param outcome a checked or failed file
   * @return the block, each line ending with a newline
   */
  public static String block(TestOutcome outcome) {
    if (outcome instanceof TestOutcome.Checked checked) {
      return block(checked.result(), digest(checked.file()));
    }
    TestOutcome.Failed failed = (TestOutcome.Failed) outcome;
    return error(failed.file(), failed.message());
  }

  /**
   * The herd-style block of one result, without a {@code Hash=} line.
   *
   * @param r the result
   * @return the block, each line ending with a newline
   */
  public static String block(CheckResult r) {
    return block(r, Optional.empty());
  }

  /**
   * The herd-style block of one result.
   *
   * @param r the result
   * @param hash the digest for the {@code Hash=} line, if any
   * @return the block, each line ending with a newline
   */
  public static String block(CheckResult r, Optional<String> hash) {
    String name = r.testName();
    StringBuilder out = new StringBuilder();
    line(out, "Test " + name + " " + kind(r.condition()));
    line(out, "States " + r.states().size());
    for (FinalState state : r.states()) {
      line(out, HerdSyntax.state(state));
    }
    // With a limit hit the states may be incomplete, so the condition is not known either.
    line(out, r.verdict() == Verdict.UNKNOWN ? "??" : r.verdict() == Verdict.UNDEFINED ? "Undef"
        : r.conditionHolds() ? "Ok" : "No");
    line(out, "Witnesses");
    line(out, "Positive: " + r.positive() + " Negative: " + r.negative());
    for (Flag flag : Flag.values()) {
      if (r.has(flag)) {
        line(out, "Flag " + Words.flag(flag)
            + (flag == Flag.MAY_NOT_TERMINATE
                ? " " + String.join(", ", r.nonTerminatingLoops())
                : flag == Flag.WITHIN_LOOP_BOUND
                    ? " " + r.loopBound() + ": " + String.join(", ", r.cutLoops())
                    : flag == Flag.FILTER_PASSES_NONE
                        ? r.filterText().map(f -> ": " + f).orElse("")
                        : ""));
      }
    }
    for (String flag : r.modelFlags()) {
      line(out, "Flag " + flag); // a cat model's flag check, as herd prints it
    }
    line(out, "Condition " + HerdSyntax.condition(r.condition()));
    line(
        out,
        "Observation " + name + " " + Words.observation(r) + " " + r.positive() + " "
            + r.negative());
    line(out, "Verdict " + name + " " + Words.verdict(r.verdict()));
    if (!r.model().equals("ptx")) {
      line(out, "Model " + name + " " + r.model()); // herd's 'Key NAME text' shape
    }
    if (r.verdict() == Verdict.UNKNOWN || r.verdict() == Verdict.UNDEFINED) {
      String word = Words.verdict(r.verdict());
      line(out, word + " " + name + " " + r.unknownReason().orElse("no reason recorded"));
    }
    line(out, "Time " + name + " " + seconds(r.millis()));
    hash.ifPresent(h -> line(out, "Hash=" + h));
    return out.toString();
  }

  /** herd's word for the condition's kind (its {@code ConstrGen.pp_kind}). */
  static String kind(FinalCondition condition) {
    return switch (condition.quantifier()) {
      case EXISTS -> "Allowed";
      case NOT_EXISTS -> "Forbidden";
      case FORALL -> "Required";
    };
  }

  /** The MD5 digest of a file's bytes in hex, or empty when it cannot be read. */
  static Optional<String> digest(Path file) {
    try {
      return Optional.of(HexFormat.of().formatHex(Md5.digest(Files.readAllBytes(file))));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
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
    if (millis < 0 || millis >= 1_000_000_000_000L) { // beyond 31 years: as the double prints
      return String.format(Locale.ROOT, "%.2f", millis / 1000.0);
    }
    // As %.2f rounds (half up), without java.util.Formatter: its first use sets up the
    // locale's number symbols, milliseconds of every one-test run.
    long hundredths = millis / 10 + (millis % 10 >= 5 ? 1 : 0);
    long cents = hundredths % 100;
    return (hundredths / 100) + (cents < 10 ? ".0" : ".") + cents;
  }

  private static void line(StringBuilder out, String text) {
    out.append(text).append('\n');
  }
}
