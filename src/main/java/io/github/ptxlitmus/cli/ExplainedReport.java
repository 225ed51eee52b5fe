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
   * @param outcomes every outcome of the run
   * @param expectations the comparison with an expected CSV, if any
   * @param divergenceSource the divergence list the comparison used, as the report names it
   * @param own per outcome, its disagreements with the file's own expectation comments (empty
   *     when the file carries none)
   * @param notCompared how many files' comments were not compared and why, if any
   * @param shard the run's shard, if it is one
   * @return the text, each line ending with a newline
   */
  static String textTail(
      List<TestOutcome> outcomes,
      Optional<ExpectationReport> expectations,
      String divergenceSource,
      List<Optional<List<String>>> own,
      Optional<String> notCompared,
      Optional<Shard> shard) {
    List<String> mismatches = new java.util.ArrayList<>();
    int files = 0;
    int failed = 0;
    for (int i = 0; i < outcomes.size(); i++) {
      if (own.get(i).isPresent()) {
        files++;
        for (String problem : own.get(i).get()) {
          mismatches.add(mismatchLine(outcomes.get(i).file(), problem));
        }
        failed += own.get(i).get().isEmpty() ? 0 : 1;
      }
    }
    return textTail(RunSummary.of(outcomes), expectations, divergenceSource, mismatches, files,
        failed, notCompared, shard);
  }

  /** The text line of one disagreement with a file's own expectation comments. */
  static String mismatchLine(java.nio.file.Path file, String problem) {
    return "Expectation mismatch " + file + ": " + problem;
  }

  /**
   * What follows the blocks, from counts kept as the results went by (a streamed run).
   *
   * @param summary the run's counts
   * @param expectations the comparison with an expected CSV, if any
   * @param divergenceSource the divergence list the comparison used, as the report names it
   *     (empty: not said)
   * @param mismatches the lines of the disagreements with files' own comments, in order
   * @param files how many files carry own comments that were compared
   * @param failed how many of them disagree
   * @param notCompared how many files' comments were not compared and why, if any
   * @param shard the run's shard, if it is one
   * @return the text, each line ending with a newline
   */
  static String textTail(
      RunSummary summary,
      Optional<ExpectationReport> expectations,
      String divergenceSource,
      List<String> mismatches,
      int files,
      int failed,
      Optional<String> notCompared,
      Optional<Shard> shard) {
    StringBuilder out = new StringBuilder();
    expectations.ifPresent(e -> {
      if (!divergenceSource.isEmpty()) { // a joined report whose shards did not say
        out.append("Divergences from ").append(divergenceSource).append('\n');
      }
      out.append(HerdTextReport.expectations(e));
    });
    mismatches.forEach(m -> out.append(m).append('\n'));
    // A shard says its count even when all are met, so that merge can add them up.
    if (failed > 0 || (shard.isPresent() && files > 0)) {
      out.append("File expectations met ").append(files - failed).append('/').append(files)
          .append(", ").append(failed).append(failed == 1 ? " mismatch" : " mismatches")
          .append('\n');
    }
    notCompared.ifPresent(n -> out.append("File expectations: ").append(n).append('\n'));
    shard.ifPresent(s -> out.append("Shard ").append(s.line()).append('\n'));
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
   * @param divergenceSource the divergence list the comparison used, as the report names it
   * @param own per outcome, its disagreements with the file's own expectation comments
   * @param notCompared how many files' comments were not compared and why, if any
   * @param show whether to include the explanations (not only the files written)
   * @param condition true when the outcome of interest was explained ({@code explanation}),
   *     false for named states ({@code explanations})
   * @param shard the run's shard, if it is one: the field {@code shard}, {@code "K/N"}
   */
  static String json(
      List<TestOutcome> outcomes,
      List<Optional<ExplainStep.Explained>> explained,
      Optional<ExpectationReport> expectations,
      String divergenceSource,
      List<Optional<List<String>>> own,
      Optional<String> notCompared,
      boolean show,
      boolean condition,
      Optional<Shard> shard) {
    ObjectNode root = JsonReport.toJson(outcomes, expectations);
    if (expectations.isPresent()) {
      ((ObjectNode) root.get("expect")).put("divergenceFile", divergenceSource);
    }
    shard.ifPresent(s -> {
      root.put("shard", s.text());
      if (!s.run().isEmpty()) {
        root.put("run", s.run());
      }
    });
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
    putFileExpectations(root, files, failed, notCompared);
    try {
      return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      // A tree of plain nodes always serialises; this would be a Jackson bug.
      throw new UncheckedIOException(e);
    }
  }

  /**
   * One result as one line of JSON (no newline): the object {@code results[]} holds, with the
   * explanation fields and, when the file carries its own expectation comments, {@code
   * fileExpectations}.
   */
  static String jsonLine(
      TestOutcome outcome, Optional<ExplainStep.Explained> explained, boolean show,
      boolean condition, Optional<List<String>> own) {
    ObjectNode result = JsonReport.result(outcome);
    explained.ifPresent(e -> addTo(result, e, show, condition));
    own.ifPresent(p -> addOwn(result, p));
    return compact(result);
  }

  /** The field {@code fileExpectations} of a result: met, and the disagreements. */
  private static void addOwn(ObjectNode result, List<String> problems) {
    ObjectNode node = result.putObject("fileExpectations");
    node.put("met", problems.isEmpty());
    ArrayNode list = node.putArray("mismatches");
    problems.forEach(list::add);
  }

  /**
   * The last line of a JSON stream: {@code {"summary": ..., "expect": ...,
   * "fileExpectations": ..., "shard": "K/N"}} on one line (fields as in the whole report).
   */
  static String jsonTail(
      RunSummary summary,
      Optional<ExpectationReport> expectations,
      String divergenceSource,
      int files,
      int failed,
      Optional<String> notCompared,
      Optional<Shard> shard) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.set("summary", JsonReport.summary(summary));
    expectations.ifPresent(e -> {
      ObjectNode expect = JsonReport.expectations(e);
      expect.put("divergenceFile", divergenceSource);
      root.set("expect", expect);
    });
    putFileExpectations(root, files, failed, notCompared);
    shard.ifPresent(s -> {
      root.put("shard", s.text());
      if (!s.run().isEmpty()) {
        root.put("run", s.run());
      }
    });
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

  /**
   * The {@code fileExpectations} summary object (files compared, met, mismatches and why some
   * were not compared), put in {@code root} when any file was compared or some were not.
   */
  static void putFileExpectations(
      ObjectNode root, int files, int failed, Optional<String> notCompared) {
    if (files > 0 || notCompared.isPresent()) {
      ObjectNode own = root.putObject("fileExpectations");
      own.put("files", files);
      own.put("met", files - failed);
      own.put("mismatches", failed);
      notCompared.ifPresent(n -> own.put("notCompared", n));
    }
  }
}
