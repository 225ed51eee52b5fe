package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.report.ExpectationReport;
import io.github.ptxlitmus.report.Expectations;
import io.github.ptxlitmus.report.JunitReport;
import io.github.ptxlitmus.report.RunSummary;
import io.github.ptxlitmus.report.TestOutcome;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The report of a {@code check} whose paths arrive as it runs ({@link CheckStream}): each result
 * printed and flushed as soon as it is decided (text: its herd block and a blank line; JSON:
 * one object on one line, as {@code results[]} holds it), then, at the end of the input, the
 * summary (text: the {@code Summary:} line; JSON: one line {@code {"summary": {...}}}, with
 * {@code expect} when {@code --expect} was given). JUnit XML is one document, printed at the
 * end. A file's own expectation comments are compared as in a whole run. Results are kept
 * only when the end needs them ({@code --expect}, JUnit), so a stream of
 * any length runs in constant memory. One instance serves one run, from one thread.
 */
final class StreamedCheck {
  private final CheckCommand.Format format;
  private final boolean explain;
  private final boolean condition;
  private final PrintWriter out;
  private final Function<TestOutcome, Optional<ExplainStep.Explained>> finish;
  private final Optional<Expectations> expectations;
  private final Optional<Shard> shard;
  private final OwnExpectations own;
  private final String divergenceSource;
  private final boolean keep;
  private final List<TestOutcome> kept = new ArrayList<>();
  private final List<Optional<List<String>>> keptOwn = new ArrayList<>();
  private final List<String> mismatches = new ArrayList<>();
  private int ownFiles;
  private int ownFailed;
  private RunSummary summary = RunSummary.of(List.of());
  private boolean failed;
  private int compared;

  /**
   * @param format the output format
   * @param explain whether explanations are printed (not only the DOT files written)
   * @param condition true when the outcome of interest is explained, false for named states
   * @param out where the report goes
   * @param finish a checked test's explanations and warnings ({@link CheckCommand#finish})
   * @param expectations the {@code --expect} CSV, if given
   * @param shard the run's {@code --shard}, if given (said at the end)
   * @param own the comparison of each checked file with its own expectation comments
   * @param divergenceSource the divergence list {@code --expect} uses, as the report names it
   */
  StreamedCheck(
      CheckCommand.Format format,
      boolean explain,
      boolean condition,
      PrintWriter out,
      Function<TestOutcome, Optional<ExplainStep.Explained>> finish,
      Optional<Expectations> expectations,
      Optional<Shard> shard,
      OwnExpectations own,
      String divergenceSource) {
    this.own = own;
    this.divergenceSource = divergenceSource;
    this.format = format;
    this.explain = explain;
    this.condition = condition;
    this.out = out;
    this.finish = finish;
    this.expectations = expectations;
    this.shard = shard;
    this.keep = expectations.isPresent() || format == CheckCommand.Format.junit;
  }

  /**
   * Prints one outcome and flushes it.
   *
   * @return false when the output is gone (a closed pipe): the run should stop
   */
  boolean accept(TestOutcome outcome) {
    Optional<ExplainStep.Explained> e = finish.apply(outcome);
    summary = summary.plus(RunSummary.of(List.of(outcome)));
    if (outcome instanceof TestOutcome.Failed
        && !expectations.flatMap(x -> CheckCommand.listedDivergence(x, outcome.file()))
            .isPresent()) {
      failed = true;
    }
    if (e.isPresent() && !e.get().problems().isEmpty()) {
      failed = true;
    }
    Optional<List<String>> mine = outcome instanceof TestOutcome.Checked c
        ? own.of(c.file(), c.result()) : Optional.empty();
    if (mine.isPresent()) {
      ownFiles++;
      if (!mine.get().isEmpty()) {
        ownFailed++;
        failed = true;
        mine.get().forEach(p -> mismatches.add(ExplainedReport.mismatchLine(outcome.file(), p)));
      }
    }
    if (keep) {
      kept.add(outcome);
      keptOwn.add(mine);
    }
    switch (format) {
      case text -> out.print(ExplainedReport.textBlock(outcome, e, explain));
      case json -> out.println(ExplainedReport.jsonLine(outcome, e, explain, condition, mine));
      case junit -> { } // one document, at the end
    }
    out.flush();
    return !out.checkError();
  }

  /** {@return how many results the {@code --expect} CSV had a row for (after {@link #finish})} */
  int compared() {
    return compared;
  }

  /**
   * Prints what follows the results and says how the run ends.
   *
   * @return the exit code: 0, or 1 when a test could not be checked (unless listed as a
   *     divergence), an explanation failed, a file's own expectation comments are not met, or
   *     an expectation of {@code --expect} disagrees
   */
  int finish() {
    Optional<ExpectationReport> comparison = expectations.map(e -> e.compare(kept));
    compared = comparison.map(ExpectationReport::compared).orElse(0);
    switch (format) {
      case text -> out.print(ExplainedReport.textTail(summary, comparison, divergenceSource,
          mismatches, ownFiles, ownFailed, own.notCompared(), shard));
      case json -> out.println(ExplainedReport.jsonTail(summary, comparison, divergenceSource,
          ownFiles, ownFailed, own.notCompared(), shard));
      case junit -> out.print(JunitReport.render(
          "ptx-litmus", CheckCommand.junitCases(kept, expectations, keptOwn)));
    }
    out.flush();
    boolean mismatch = comparison.isPresent() && !comparison.get().passed();
    return failed || mismatch || out.checkError() ? 1 : 0;
  }
}
