package io.github.ptxlitmus.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ptxlitmus.check.Explanation;
import io.github.ptxlitmus.check.StateText;
import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.report.ExpectationReport;
import io.github.ptxlitmus.report.ExplanationReport;
import io.github.ptxlitmus.report.HerdTextReport;
import io.github.ptxlitmus.report.JsonReport;
import io.github.ptxlitmus.report.RunSummary;
import io.github.ptxlitmus.report.TestOutcome;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The {@code check} report with what {@code --explain} and {@code --dot} added: in text, after
 * each test's block, its explanations, {@code Dot}/{@code Svg} lines naming the files written
 * and {@code Explain error} lines; in JSON, {@code explanation} (or {@code explanations} for
 * named states), {@code dot}, {@code svg} and {@code explainErrors} fields in each result.
 * Without those options the report is exactly {@link HerdTextReport} / {@link JsonReport}.
 */
final class ExplainedReport {
  private ExplainedReport() {}

  /**
   * Reads a state as {@code --explain-state} takes it: a proposition, or a printed state
   * whose {@code ;} separators mean {@code /\}. Same rules as {@code CheckResult.explain}.
   */
  static Condition parseState(String text) {
    return StateText.parse(text);
  }

  /**
   * One outcome's text: its herd block, its explanation lines, and the blank line after it.
   *
   * @param outcome the outcome
   * @param explained what the explain step produced for it
   * @param show whether to print the explanations (not only the files written)
   * @return the text, each line ending with a newline
   */
  static String textBlock(
      TestOutcome outcome, Optional<ExplainStep.Explained> explained, boolean show) {
    StringBuilder out = new StringBuilder(HerdTextReport.block(outcome));
    explained.ifPresent(e -> out.append(text(e, show)));
    return out.append('\n').toString();
  }

  /**
   * What follows the blocks: the expectation lines, if any, and the summary line.
   *
   * @param outcomes every outcome of the run
   * @param expectations the comparison with an expected CSV, if any
   * @param divergenceSource the divergence list the comparison used, as the report names it
   * @param own per outcome, its disagreements with the file's own expectation comments (empty
   *     when the file carries none)
   * @param notCompared how many files' comments were not compared and why, if any
   * @return the text, each line ending with a newline
   */
  static String textTail(
      List<TestOutcome> outcomes,
      Optional<ExpectationReport> expectations,
      String divergenceSource,
      List<Optional<List<String>>> own,
      Optional<String> notCompared) {
    StringBuilder out = new StringBuilder();
    expectations.ifPresent(e -> out.append("Divergences from ").append(divergenceSource)
        .append('\n').append(HerdTextReport.expectations(e)));
    int files = 0;
    int failed = 0;
    for (int i = 0; i < outcomes.size(); i++) {
      if (own.get(i).isPresent()) {
        files++;
        for (String problem : own.get(i).get()) {
          out.append("Expectation mismatch ").append(outcomes.get(i).file()).append(": ")
              .append(problem).append('\n');
        }
        failed += own.get(i).get().isEmpty() ? 0 : 1;
      }
    }
    if (failed > 0) {
      out.append("File expectations met ").append(files - failed).append('/').append(files)
          .append(", ").append(failed).append(failed == 1 ? " mismatch" : " mismatches")
          .append('\n');
    }
    notCompared.ifPresent(n -> out.append("File expectations: ").append(n).append('\n'));
    return out.append(RunSummary.of(outcomes)).append('\n').toString();
  }

  private static String text(ExplainStep.Explained e, boolean show) {
    StringBuilder out = new StringBuilder();
    if (show) {
      e.explanations().forEach(x -> out.append(ExplanationReport.text(x)));
      e.notes().forEach(note -> out.append("Explain ").append(note).append('\n'));
    }
    e.dot().forEach(p -> out.append("Dot ").append(p).append('\n'));
    e.svg().forEach(p -> out.append("Svg ").append(p).append('\n'));
    e.problems().forEach(p -> out.append("Explain error: ").append(p).append('\n'));
    return out.toString();
  }

  /**
   * The JSON report.
   *
   * @param outcomes the outcomes in order
   * @param explained for each outcome, what the explain step produced (same order)
   * @param expectations the comparison with an expected CSV, if any
   * @param divergenceSource the divergence list the comparison used, as the report names it
   * @param own per outcome, its disagreements with the file's own expectation comments
   * @param notCompared how many files' comments were not compared and why, if any
   * @param show whether to include the explanations (not only the files written)
   * @param condition true when the outcome of interest was explained ({@code explanation}),
   *     false for named states ({@code explanations})
   */
  static String json(
      List<TestOutcome> outcomes,
      List<Optional<ExplainStep.Explained>> explained,
      Optional<ExpectationReport> expectations,
      String divergenceSource,
      List<Optional<List<String>>> own,
      Optional<String> notCompared,
      boolean show,
      boolean condition) {
    ObjectNode root = JsonReport.toJson(outcomes, expectations);
    if (expectations.isPresent()) {
      ((ObjectNode) root.get("expect")).put("divergenceFile", divergenceSource);
    }
    ArrayNode results = (ArrayNode) root.get("results");
    int files = 0;
    int failed = 0;
    for (int i = 0; i < outcomes.size(); i++) {
      ObjectNode result = (ObjectNode) results.get(i);
      explained.get(i).ifPresent(e -> addTo(result, e, show, condition));
      if (own.get(i).isPresent()) {
        files++;
        failed += own.get(i).get().isEmpty() ? 0 : 1;
        ObjectNode node = result.putObject("fileExpectations");
        node.put("met", own.get(i).get().isEmpty());
        ArrayNode problems = node.putArray("mismatches");
        own.get(i).get().forEach(problems::add);
      }
    }
    if (files > 0 || notCompared.isPresent()) {
      ObjectNode summary = root.putObject("fileExpectations");
      summary.put("files", files);
      summary.put("met", files - failed);
      summary.put("mismatches", failed);
      notCompared.ifPresent(n -> summary.put("notCompared", n));
    }
    try {
      return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      // A tree of plain nodes always serialises; this would be a Jackson bug.
      throw new UncheckedIOException(e);
    }
  }

  private static void addTo(
      ObjectNode result, ExplainStep.Explained e, boolean show, boolean condition) {
    if (show) {
      if (condition) {
        e.explanations().stream()
            .findFirst()
            .ifPresent(x -> result.set("explanation", ExplanationReport.json(x)));
      } else {
        ArrayNode all = result.putArray("explanations");
        for (Explanation x : e.explanations()) {
          all.add(ExplanationReport.json(x));
        }
      }
      if (!e.notes().isEmpty()) {
        result.put("explainNote", String.join("; ", e.notes()));
      }
    }
    if (!e.dot().isEmpty()) {
      ArrayNode dot = result.putArray("dot");
      e.dot().stream().map(Path::toString).forEach(dot::add);
    }
    if (!e.svg().isEmpty()) {
      ArrayNode svg = result.putArray("svg");
      e.svg().stream().map(Path::toString).forEach(svg::add);
    }
    if (!e.problems().isEmpty()) {
      ArrayNode errors = result.putArray("explainErrors");
      e.problems().forEach(errors::add);
    }
  }
}
