package io.github.ptxlitmus.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ptxlitmus.check.ExecutionGraph;
import io.github.ptxlitmus.check.Explanation;
import java.util.List;

/**
 * An {@link Explanation} for the reports: as text (the explanation's own printing) and as a
 * JSON object
 *
 * <pre>{@code
 * {"state": "P1:r0 == 1 /\\ P1:r1 == 0", "allowed": false, "candidates": 1, "complete": true,
 *  "reasons": [{"axiom": "Causality", "section": "8.10.6", "candidates": 1,
 *               "path": "P1: ld... -fr-> P0: st... -po-> ...", "detail": "a read reads ..."}],
 *  "witness": {"rf": [{"from": "init x", "to": "P1: ld..."}], "co": [...], "races": [...]}}
 * }</pre>
 *
 * <p>{@code witness} is present only for an allowed state. Field meanings are documented in
 * {@code docs/cli.md}. Stateless.
 */
public final class ExplanationReport {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ExplanationReport() {}

  /**
   * The explanation as text lines.
   *
   * @param e the explanation
   * @return its printing, each line ending with a newline
   */
  public static String text(Explanation e) {
    return e.toString();
  }

  /**
   * The explanation as a JSON object.
   *
   * @param e the explanation
   * @return a fresh object node
   */
  public static ObjectNode json(Explanation e) {
    ObjectNode node = NODES.objectNode();
    node.put("state", e.state());
    node.put("allowed", e.allowed());
    node.put("candidates", e.candidates());
    node.put("complete", e.complete());
    node.put("decided", e.decided());
    e.limit().ifPresent(l -> node.put("limit", l));
    if (!e.skipped().isEmpty()) {
      ArrayNode skipped = node.putArray("skipped");
      e.skipped().forEach(x -> skipped.add(x.title()));
    }
    node.set("reasons", JsonReport.Mapper.INSTANCE.valueToTree(
        e.reasons().stream().map(ReasonJson::of).toList()));
    e.witness()
        .ifPresent(
            w -> {
              ObjectNode witness = node.putObject("witness");
              witness.set("rf", edges(w.graph(), "rf"));
              witness.set("co", edges(w.graph(), "co"));
              ArrayNode races = witness.putArray("races");
              w.races().forEach(races::add);
            });
    return node;
  }

  /**
   * One element of {@code reasons}: the fields in this order.
   *
   * @param axiom the axiom's (or cat constraint's) title
   * @param section its spec section
   * @param candidates how many candidates producing the state fail this way
   * @param path the evidence, as events and relations
   * @param detail one sentence in spec terms
   */
  private record ReasonJson(
      String axiom, String section, long candidates, String path, String detail) {
    static ReasonJson of(Explanation.Reason r) {
      return new ReasonJson(r.title(), r.section(), r.candidates(), r.path(), r.detail());
    }
  }

  /** The edges of one relation, sorted by event ids, as {@code {from, to}} event texts. */
  private static ArrayNode edges(ExecutionGraph g, String relation) {
    ArrayNode array = NODES.arrayNode();
    g.edges().getOrDefault(relation, List.of()).stream()
        .sorted((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]))
        .forEach(
            edge -> {
              ObjectNode item = array.addObject();
              item.put("from", g.events().get(edge[0]).toString());
              item.put("to", g.events().get(edge[1]).toString());
            });
    return array;
  }
}
