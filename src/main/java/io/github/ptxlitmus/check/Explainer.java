package io.github.ptxlitmus.check;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.Violation;
import io.github.ptxlitmus.relation.Relation;
import io.github.ptxlitmus.search.Engines;
import io.github.ptxlitmus.search.Enumerator;
import io.github.ptxlitmus.search.ExecutionTrace;
import io.github.ptxlitmus.search.SearchLimits;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Builds {@link Explanation}s from the traces of the search's explain mode. */
final class Explainer {
  private Explainer() {}

  /**
   * Explains a state: the search {@link Engines#explain} chooses first decides it (a witness,
   * or none); for a forbidden state it then lists the candidates that would produce it and the
   * axiom each violates.
   */
  static Explanation explain(
      LitmusTest test,
      java.util.function.Supplier<SearchLimits> limits,
      io.github.ptxlitmus.model.MemoryModel model,
      Condition target,
      String targetText) {
    Engines.Explained explained = Engines.explain(test, limits, model,
        state -> ConditionEvaluator.holds(target, state),
        ConditionEvaluator.goal(target, List.of()));
    if (explained.decided().isPresent()) {
      Engines.Witness decided = explained.decided().get();
      if (decided.witness().isPresent()) {
        return new Explanation(
            targetText, true, List.of(), Optional.of(witness(decided.witness().get())), 1, true,
            true, Optional.empty(), List.of());
      }
      return new Explanation(
          targetText, false, List.of(), Optional.empty(), 0, false, false, decided.limit(),
          List.of());
    }
    return listing(explained.listing().orElseThrow(), model, targetText);
  }

  /**
   * The exhaustive listing of the candidates producing the target: a witness when one is
   * consistent (the only way to decide for a foreign model), else the reasons.
   */
  private static Explanation listing(Enumerator.ExplainResult listed,
      io.github.ptxlitmus.model.MemoryModel model, String targetText) {
    List<ExecutionTrace> traces = listed.traces();
    Optional<ExecutionTrace> consistent =
        traces.stream().filter(ExecutionTrace::consistent).findFirst();
    if (consistent.isPresent()) {
      return new Explanation(
          targetText, true, List.of(), Optional.of(witness(consistent.get())), 1, true, true,
          Optional.empty(), List.of());
    }
    Map<List<Object>, Explanation.Reason> groups = new LinkedHashMap<>();
    for (ExecutionTrace t : traces) {
      if (t.consistent()) {
        continue; // cannot happen: the pruned search found no witness
      }
      Violation v = model instanceof io.github.ptxlitmus.model.ModelSpec
          ? expand(t, t.violation().orElseThrow()) : t.violation().orElseThrow();
      List<Object> key = List.of(v.axiom(), v.constraint(), v.relations(), v.events());
      Explanation.Reason prev = groups.get(key);
      if (prev != null) {
        groups.put(
            key,
            new Explanation.Reason(prev.axiom(), prev.candidates() + 1, prev.events(),
                prev.relations(), prev.detail(), prev.graph(), prev.constraint()));
      } else {
        ExecutionGraph g = graph(t, v.events(), v.relations());
        List<Explanation.EventRef> refs = new ArrayList<>();
        v.events().forEach(e -> refs.add(g.events().get(e)));
        groups.put(
            key, new Explanation.Reason(v.axiom(), 1, refs, v.relations(), v.detail(), g,
                v.constraint()));
      }
    }
    List<Explanation.Reason> reasons = new ArrayList<>(groups.values());
    reasons.sort(
        Comparator.comparingInt((Explanation.Reason r) -> r.events().size())
            .thenComparing(Comparator.comparingLong(Explanation.Reason::candidates).reversed()));
    return new Explanation(
        targetText, false, reasons, Optional.empty(), traces.size(), listed.limit().isEmpty(),
        true, listed.limit(), listed.pruned().stream().sorted().toList());
  }

  private static Explanation.Witness witness(ExecutionTrace t) {
    ExecutionGraph g = graph(t, List.of(), List.of());
    List<String> races = new ArrayList<>();
    for (int[] r : t.races()) {
      if (r[0] < r[1]) { // dataRaces is symmetric: name each pair once
        races.add(g.events().get(r[0]) + " ~ " + g.events().get(r[1]));
      }
    }
    return new Explanation.Witness(g, races);
  }

  /**
   * Replaces each causality step ({@code cause}, {@code bco}) of the evidence by a shortest
   * path of po, sw and rf (observation) edges, so the reader sees how the order arises.
   */
  private static Violation expand(ExecutionTrace t, Violation v) {
    if (!v.relations().contains("cause") && !v.relations().contains("bco")) {
      return v;
    }
    Relation step = t.po().union(t.sw()).union(t.rf());
    List<Integer> events = new ArrayList<>();
    List<String> relations = new ArrayList<>();
    List<Integer> cycle = v.events();
    for (int i = 0; i < cycle.size(); i++) {
      int a = cycle.get(i);
      int b = cycle.get((i + 1) % cycle.size());
      String rel = v.relations().get(i);
      Optional<List<Integer>> path =
          rel.equals("cause") || rel.equals("bco") ? step.findPath(a, b) : Optional.empty();
      if (path.isEmpty()) {
        events.add(a);
        relations.add(rel);
        continue;
      }
      List<Integer> p = path.get();
      for (int k = 0; k + 1 < p.size(); k++) {
        int x = p.get(k);
        int y = p.get(k + 1);
        events.add(x);
        relations.add(
            t.sw().contains(x, y) ? "sw" : t.po().contains(x, y) ? "po" : "obs");
      }
    }
    return new Violation(v.axiom(), events, relations, v.detail());
  }

  private static ExecutionGraph graph(
      ExecutionTrace t, List<Integer> highlight, List<String> relations) {
    List<Explanation.EventRef> refs = new ArrayList<>();
    for (Event e : t.events()) {
      refs.add(ref(e));
    }
    Map<String, List<int[]>> edges = new LinkedHashMap<>();
    edges.put("po", immediate(t.po()));
    edges.put("rf", List.of(t.rf().pairs()));
    edges.put("co", nonInit(t.co(), t.events()));
    edges.put("fr", List.of(t.fr().pairs()));
    edges.put("sw", List.of(t.sw().pairs()));
    edges.put("sc", List.of(t.sc().pairs()));
    return new ExecutionGraph(refs, edges, highlight, relations);
  }

  static Explanation.EventRef ref(Event e) {
    if (e.isInit()) {
      return new Explanation.EventRef(e.id(), -1, "init " + e.physical(), 0);
    }
    Instruction i = e.instruction().orElseThrow();
    return new Explanation.EventRef(e.id(), e.thread(), i.text(), i.position().line());
  }

  /** Program order as immediate successors, for drawing. */
  private static List<int[]> immediate(Relation po) {
    List<int[]> out = new ArrayList<>();
    Relation twoSteps = po.compose(po);
    po.forEach(
        (a, b) -> {
          if (!twoSteps.contains(a, b)) {
            out.add(new int[] {a, b});
          }
        });
    return out;
  }

  /** Coherence edges between program writes (the initial write precedes all of them). */
  private static List<int[]> nonInit(Relation co, List<Event> events) {
    List<int[]> out = new ArrayList<>();
    co.forEach(
        (a, b) -> {
          if (!events.get(a).isInit()) {
            out.add(new int[] {a, b});
          }
        });
    return out;
  }
}
