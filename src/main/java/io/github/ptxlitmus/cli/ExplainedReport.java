package io.github.ptxlitmus.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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
   * What follows the blocks: the expectation lines, if any, the {@code Shard K/N} line of a
   * run with {@code --shard}, and the summary line.
   *
   * @param summary the run's counts
   * @param expectations the comparison with an expected CSV, if any
   * @param shard the run's shard, if it is one
   * @return the text, each line ending with a newline
   */
  static String textTail(
      RunSummary summary, Optional<ExpectationReport> expectations, Optional<Shard> shard) {
    StringBuilder out = new StringBuilder();
    expectations.ifPresent(e -> out.append(HerdTextReport.expectations(e)));
    shard.ifPresent(s -> out.append("Shard ").append(s.text()).append('\n'));
    return out.append(summary).append('\n').toString();
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
   * @param show whether to include the explanations (not only the files written)
   * @param condition true when the outcome of interest was explained ({@code explanation}),
   *     false for named states ({@code explanations})
   * @param shard the run's shard, if it is one: the field {@code shard}, {@code "K/N"}
   */
  static String json(
      List<TestOutcome> outcomes,
      List<Optional<ExplainStep.Explained>> explained,
      Optional<ExpectationReport> expectations,
      boolean show,
      boolean condition,
      Optional<Shard> shard) {
    ObjectNode root = JsonReport.toJson(outcomes, expectations);
    shard.ifPresent(s -> root.put("shard", s.text()));
    ArrayNode results = (ArrayNode) root.get("results");
    for (int i = 0; i < outcomes.size(); i++) {
      ObjectNode result = (ObjectNode) results.get(i);
      explained.get(i).ifPresent(e -> addTo(result, e, show, condition));
    }
    try {
      return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      // A tree of plain nodes always serialises; this would be a Jackson bug.
      throw new UncheckedIOException(e);
    }
  }

  /**
   * One result as one line of JSON (no newline): the object {@code results[]} holds, with the
   * explanation fields.
   */
  static String jsonLine(
      TestOutcome outcome, Optional<ExplainStep.Explained> explained, boolean show,
      boolean condition) {
    ObjectNode result = JsonReport.result(outcome);
    explained.ifPresent(e -> addTo(result, e, show, condition));
    return compact(result);
  }

  /**
   * The last line of a JSON stream: {@code {"summary": ..., "expect": ..., "shard": "K/N"}} on
   * one line.
   */
  static String jsonTail(
      RunSummary summary, Optional<ExpectationReport> expectations, Optional<Shard> shard) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.set("summary", JsonReport.summary(summary));
    expectations.ifPresent(e -> root.set("expect", JsonReport.expectations(e)));
    shard.ifPresent(s -> root.put("shard", s.text()));
    return compact(root);
  }

  private static String compact(ObjectNode node) {
    try {
      return Compact.MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      // A tree of plain nodes always serialises; this would be a Jackson bug.
      throw new UncheckedIOException(e);
    }
  }

  /**
   * One mapper for a stream's lines, made on first use (not by a text report): an ObjectMapper
   * is costly to create, and safe to share once configured.
   */
  private static final class Compact {
    static final ObjectMapper MAPPER = new ObjectMapper();
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
