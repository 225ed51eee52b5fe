package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.observe.ObservedLog;
import io.github.ptxlitmus.observe.Observations;
import io.github.ptxlitmus.report.HerdSyntax;
import io.github.ptxlitmus.report.TestOutcome;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.ParameterException;

/**
 * {@code check --observed LOG} (once per log): reads the logs before the check (a malformed log is a usage
 * error {@code file:line:col: reason}), then judges each log's tests against the checked
 * tests of the same name and prints, after the check's report, one block per logged test and a
 * summary line. A state the model forbids is printed as {@code FORBIDDEN} with its
 * explanation, and also on standard error; the run then fails (exit 1), as it does for a logged
 * test that is not among the checked ones.
 */
final class ObservedStep {
  private final List<ObservedLog> logs;

  private ObservedStep(List<ObservedLog> logs) {
    this.logs = logs;
  }

  /**
   * Reads the logs.
   *
   * @throws ParameterException (from {@code usage}) for a missing, unreadable or malformed log
   */
  static ObservedStep read(List<Path> paths, Function<String, ParameterException> usage) {
    List<ObservedLog> logs = new ArrayList<>();
    for (Path p : paths) {
      if (!Files.isRegularFile(p)) {
        throw usage.apply("--observed: " + IoMessages.notRegular(p, "a log"));
      }
      try {
        logs.add(ObservedLog.read(p));
      } catch (IOException e) {
        throw usage.apply("--observed: cannot read " + p + ": " + IoMessages.reason(e));
      } catch (LitmusSyntaxException e) {
        throw usage.apply("--observed: " + e.getMessage());
      }
    }
    return new ObservedStep(logs);
  }

  /**
   * Judges and prints.
   *
   * @param outcomes the check's outcomes
   * @param out the report stream
   * @param err where forbidden observations are also announced
   * @return true when the run must fail: a forbidden observed state, or a logged test that was
   *     not checked
   */
  boolean report(List<TestOutcome> outcomes, PrintWriter out, PrintWriter err) {
    Map<String, CheckResult> byName = new LinkedHashMap<>();
    for (TestOutcome o : outcomes) {
      if (o instanceof TestOutcome.Checked c) {
        byName.putIfAbsent(c.result().testName(), c.result());
      }
    }
    int tests = 0;
    int clean = 0;
    int forbidden = 0;
    int undecided = 0;
    int missing = 0;
    out.println("Observations");
    for (ObservedLog log : logs) {
      for (ObservedLog.Test t : log.tests()) {
        tests++;
        CheckResult r = byName.get(t.name());
        String runs = t.runs().isPresent() ? t.runs().getAsLong() + " runs" : "no counts";
        if (r == null) {
          missing++;
          out.println("Observed " + t.name() + " (" + t.position() + "): not checked: no test"
              + " of that name among the TEST arguments");
          continue;
        }
        Observations.Report rep = Observations.judge(t, r);
        out.println("Observed " + t.name() + " (" + t.position() + "): " + t.states().size()
            + " states, " + runs);
        for (Observations.Judged j : rep.judged()) {
          String count = j.state().count().isPresent() ? j.state().count().getAsLong() + "" : "-";
          switch (j.judgement()) {
            case ALLOWED -> out.println("  allowed    " + pad(count) + j.state().herdText());
            case FORBIDDEN -> {
              out.println("  FORBIDDEN  " + pad(count) + j.state().herdText()
                  + "   <- the model forbids this observed state");
              for (String line : j.detail().split("\n")) {
                out.println("      " + line);
              }
              err.println(j.state().position() + ": observed state forbidden by the model: "
                  + t.name() + ": " + j.state().herdText());
            }
            default -> out.println("  " + j.judgement().name().toLowerCase(java.util.Locale.ROOT)
                + pad("", 11 - j.judgement().name().length()) + pad(count)
                + j.state().herdText() + "   (" + j.detail() + ")");
          }
        }
        if (rep.unobservedNote().isPresent()) {
          out.println("  (allowed states not listed: " + rep.unobservedNote().get() + ")");
        }
        for (FinalState f : rep.unobserved()) {
          out.println("  info: allowed, not observed: " + HerdSyntax.state(f));
        }
        if (!rep.forbidden().isEmpty()) {
          forbidden++;
          out.println("Result " + t.name() + ": FORBIDDEN STATE OBSERVED ("
              + rep.forbidden().size() + " of " + t.states().size() + " states)");
        } else if (rep.undecided()) {
          undecided++;
          out.println("Result " + t.name() + ": undecided (no forbidden state found; some"
              + " states not decided)");
        } else {
          clean++;
          out.println("Result " + t.name() + ": every observed state is allowed");
        }
      }
    }
    out.println("Observed: " + tests + " tests, " + clean + " all allowed, " + forbidden
        + " with a forbidden state, " + undecided + " undecided, " + missing + " not checked");
    out.flush();
    err.flush();
    return forbidden > 0 || missing > 0;
  }

  private static String pad(String count) {
    return pad(count, 10 - count.length()) + " ";
  }

  private static String pad(String s, int spaces) {
    return s + " ".repeat(Math.max(0, spaces));
  }
}
