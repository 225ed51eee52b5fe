package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.Instruction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * The barrier part of a candidate (8.9.4 rule 2, PTX ISA bar.sync and bar.red): how the
 * arrivals at each CTA barrier group into phases ({@link BarrierPhases}, once the values fix
 * each barrier's id and expected count), and the guesses of the {@code bar.red} results, which
 * feed registers before the grouping that decides them is chosen.
 */
final class Barriers {
  private Barriers() {}

  /**
   * The groupings of the barrier arrivals of a choice into phases.
   *
   * @param values the values of the choice (barrier ids and counts may be read from memory)
   */
  static List<BarrierPhases.Option> options(EventGraph graph, Values values, Budget budget) {
    Map<String, Map<Integer, List<BarrierPhases.Arrival>>> groups = new LinkedHashMap<>();
    for (Event e : graph.events) {
      if (e.kind() != EventKind.BARRIER_ARRIVE) {
        continue;
      }
      PathEvent pe = graph.pathEvents.get(e.id());
      long id = values.eval(pe.barrierId(), e.thread()).orElse(0);
      long expected = pe.barrierExpected()
          .map(x -> values.eval(x, e.thread()).orElse(0))
          .orElseGet(() -> graph.ctaSize(e.position()));
      String key = e.position().gpu() + "/" + e.position().cta() + "/" + id;
      groups.computeIfAbsent(key, k -> new TreeMap<>())
          .computeIfAbsent(e.thread(), k -> new ArrayList<>())
          .add(new BarrierPhases.Arrival(
              e.thread(), e.id(), pe.barrierWaits() ? e.id() + 1 : -1, expected));
    }
    return BarrierPhases.options(new ArrayList<>(groups.values()), graph.n, budget::step);
  }

  /**
   * Runs {@code body} once per guess of the {@code bar.red} results ({@link #reductionsHold}
   * keeps the groupings that agree with the guess).
   *
   * @return false when {@code body} stopped the walk
   */
  static boolean forEachReductionGuess(EventGraph graph, RfChoice choice, BooleanSupplier body) {
    return guess(graph, choice, 0, body);
  }

  private static boolean guess(EventGraph graph, RfChoice choice, int k, BooleanSupplier body) {
    if (k == graph.reductionWaits.length) {
      return body.getAsBoolean();
    }
    int w = graph.reductionWaits[k];
    long max = graph.reduction(w).orElseThrow().op() == Instruction.ReductionOp.POPC
        ? graph.test.threads().size()
        : 1;
    for (long v = 0; v <= max; v++) {
      choice.reductionGuess[w] = v;
      if (!guess(graph, choice, k + 1, body)) {
        return false;
      }
    }
    return true;
  }

  /**
   * True when every {@code bar.red} result guessed equals the reduction over the predicates
   * of its phase in this grouping (8.9.4 rule 2 phases; PTX ISA bar.red).
   */
  static boolean reductionsHold(
      EventGraph graph, RfChoice choice, Values values, BarrierPhases.Option bar) {
    for (int w : graph.reductionWaits) {
      List<Integer> phase = bar.phaseOfWait().get(w);
      if (phase == null) {
        continue; // incomplete phase: the thread is stuck anyway
      }
      int trues = 0;
      for (int a : phase) {
        var r = graph.reduction(a);
        if (r.isPresent()) {
          Event arrive = graph.events.get(a);
          boolean p = values.eval(graph.pathEvents.get(a).value(), arrive.thread()).orElse(0) != 0;
          trues += p != r.get().negated() ? 1 : 0;
        }
      }
      long expected = switch (graph.reduction(w).orElseThrow().op()) {
        case POPC -> trues;
        case AND -> trues == phase.size() ? 1 : 0;
        case OR -> trues > 0 ? 1 : 0;
      };
      if (expected != choice.reductionGuess[w]) {
        return false;
      }
    }
    return true;
  }
}
