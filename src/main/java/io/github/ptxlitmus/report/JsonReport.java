package io.github.ptxlitmus.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * JSON report of a run: one document
 *
 * <pre>{@code
 * {"results": [ {"file": "MP.litmus", "test": "MP", "holds": false, "verdict": "Forbidden",
 *                "condition": "exists (P1:r0 == 1 /\\ P1:r1 == 0)",
 *                "states": [{"P1:r0": 0, "P1:r1": 0}, ...], "positive": 0, "negative": 3,
 *                "flags": ["data-race"], ("nonTerminatingLoops": ["P1 line 12"],)
 *                ("loopBound": 2, "cutLoops": ["P1 line 3"],)
 *                "millis": 12, "candidates": 40,
 *                "model": "ptx"}, ...,
 *               {"file": "bad.litmus", "error": "bad.litmus:3:7: reason"} ],
 *  "expect": {...},   // only with expectations
 *  "summary": {"tests": 2, "ok": 0, "no": 1, "undefined": 0, "unknown": 0, "errors": 1}}
 * }</pre>
 *
 * <p>{@code unknownReason} is present only when the checker gave one (verdict {@code Unknown}
 * or {@code Undefined}); a failed file has only {@code file} and {@code error}. Field names and
 * types are documented in {@code docs/cli.md}. Stateless.
 */
public final class JsonReport {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonReport() {}

  /**
   * The report as pretty-printed JSON text.
   *
   * @param outcomes the outcomes in the order to list them
   * @param expectations the comparison with an expected CSV, if one was given
   * @return the document and a trailing newline
   */
  public static String render(
      List<? extends TestOutcome> outcomes, Optional<ExpectationReport> expectations) {
    try {
      return new ObjectMapper()
              .writerWithDefaultPrettyPrinter()
              .writeValueAsString(toJson(outcomes, expectations))
          + "\n";
    } catch (JsonProcessingException e) {
      // A tree of plain nodes always serialises; this would be a Jackson bug.
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The report as a JSON tree.
   *
   * @param outcomes the outcomes in the order to list them
   * @param expectations the comparison with an expected CSV, if one was given
   * @return a fresh object node with {@code results}, optionally {@code expect}, and {@code
   *     summary}
   */
  public static ObjectNode toJson(
      List<? extends TestOutcome> outcomes, Optional<ExpectationReport> expectations) {
    ObjectNode root = NODES.objectNode();
    ArrayNode results = root.putArray("results");
    for (TestOutcome outcome : outcomes) {
      results.add(result(outcome));
    }
    expectations.ifPresent(e -> root.set("expect", expectations(e)));
    root.set("summary", summary(RunSummary.of(outcomes)));
    return root;
  }

  /**
   * The {@code summary} object.
   *
   * @param s the counts of a run
   * @return a fresh object node: {@code tests}, {@code ok}, {@code no}, {@code undefined},
   *     {@code unknown}, {@code errors}
   */
  public static ObjectNode summary(RunSummary s) {
    return Mapper.INSTANCE.valueToTree(s); // a record: its components in order
  }

  /**
   * One element of {@code results}.
   *
   * @param outcome a checked or failed file
   * @return a fresh object node
   */
  public static ObjectNode result(TestOutcome outcome) {
    ObjectNode node = NODES.objectNode();
    node.put("file", outcome.file().toString());
    if (outcome instanceof TestOutcome.Failed failed) {
      node.put("error", failed.message());
      return node;
    }
    CheckResult r = ((TestOutcome.Checked) outcome).result();
    node.put("test", r.testName());
    if (r.verdict() == io.github.ptxlitmus.check.Verdict.UNKNOWN) {
      node.putNull("holds"); // a limit was hit: not known
    } else {
      node.put("holds", r.conditionHolds());
    }
    node.put("verdict", Words.verdict(r.verdict()));
    r.unknownReason().ifPresent(reason -> node.put("unknownReason", reason));
    node.put("condition", ConditionPrinter.print(r.condition()));
    ArrayNode states = node.putArray("states");
    for (FinalState state : r.states()) {
      ObjectNode values = states.addObject();
      state.values().forEach(values::put);
    }
    node.put("positive", r.positive());
    node.put("negative", r.negative());
    ArrayNode flags = node.putArray("flags");
    for (Flag flag : Flag.values()) {
      if (r.has(flag)) {
        flags.add(Words.flag(flag));
      }
    }
    if (!r.nonTerminatingLoops().isEmpty()) {
      ArrayNode loops = node.putArray("nonTerminatingLoops"); // "P1 line 12"
      r.nonTerminatingLoops().forEach(loops::add);
    }
    if (r.has(Flag.LOOP_BOUND_HIT)) {
      node.put("loopBound", r.loopBound());
    }
    if (!r.cutLoops().isEmpty()) {
      ArrayNode cut = node.putArray("cutLoops"); // with within-loop-bound: "P1 line 3"
      r.cutLoops().forEach(cut::add);
    }
    if (r.has(Flag.FILTER_PASSES_NONE)) {
      r.filterText().ifPresent(f -> node.put("filter", f)); // the filter no state passes
    }
    if (!r.modelFlags().isEmpty()) {
      ArrayNode raised = node.putArray("modelFlags"); // a cat model's flag checks
      r.modelFlags().forEach(raised::add);
    }
    node.put("millis", r.millis());
    node.put("candidates", r.candidates());
    node.put("model", r.model());
    return node;
  }

  /**
   * The {@code expect} object: the comparison with an expected-outcome CSV.
   *
   * @param e the comparison
   * @return a fresh object node
   */
  public static ObjectNode expectations(ExpectationReport e) {
    ObjectNode node = NODES.objectNode();
    node.put("compared", e.compared());
    node.put("agree", e.agree());
    node.put("passed", e.passed());
    // records: each an object of its components in order
    node.set("mismatches", Mapper.INSTANCE.valueToTree(e.mismatches()));
    node.set("divergences", Mapper.INSTANCE.valueToTree(e.divergences()));
    ArrayNode stale = node.putArray("stale");
    e.stale().forEach(stale::add);
    ArrayNode missing = node.putArray("missing");
    e.missing().forEach(missing::add);
    node.put("unlisted", e.unlisted());
    return node;
  }

  /**
   * Turns the reports' records into trees, made on first use (a text report needs none):
   * thread-safe, and never reconfigured.
   */
  static final class Mapper {
    static final ObjectMapper INSTANCE = new ObjectMapper();
  }
}
