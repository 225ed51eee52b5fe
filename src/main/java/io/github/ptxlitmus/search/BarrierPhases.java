package io.github.ptxlitmus.search;

import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The ways CTA barrier arrivals can group into phases (8.9.4 rule 2; model.md "Barriers").
 * Arrivals at
 * one barrier (CTA, barrier id) happen in some order; each run of {@code expected} consecutive
 * arrivals completes a phase, and every arrival of a phase synchronizes with every wait of
 * it. Arrivals left in an incomplete last phase never complete: if one of them waits, its
 * thread waits forever.
 */
final class BarrierPhases {
  /**
   * One grouping of all barriers of an execution.
   *
   * @param samePhase arrive → arrive of the same completed phase, reflexive on them (what the
   *     model's barrier synchronization, 8.9.4 rule 2, is built from)
   * @param phaseOrder arrivals of phase k → arrivals of phase k+1 of the same barrier: time
   *     order that base causality must not contradict
   * @param stuck some waiting arrival is in an incomplete phase
   * @param phaseOfWait for each wait event of a completed phase, the arrive events of that
   *     phase (what a {@code bar.red} reduces over)
   */
  record Option(
      Relation samePhase, Relation phaseOrder, boolean stuck,
      Map<Integer, List<Integer>> phaseOfWait) {}

  /** One arrival: its arrive event, its wait event (-1 for bar.arrive), expected count. */
  record Arrival(int thread, int arrive, int waitEvent, long expected) {}

  private BarrierPhases() {}

  /**
   * @param groups for each barrier (CTA, id), the arrivals of each thread in program order
   * @param n number of events
   * @param step called once per interleaving step, so that the caller's limits apply (it may
   *     throw to stop)
   */
  static List<Option> options(
      List<Map<Integer, List<Arrival>>> groups, int n, Runnable step) {
    List<List<List<List<Arrival>>>> perGroup = new ArrayList<>();
    for (Map<Integer, List<Arrival>> g : groups) {
      perGroup.add(partitions(g, step));
    }
    List<Option> result = new ArrayList<>();
    combine(perGroup, 0, new ArrayList<>(), n, result);
    return result;
  }

  private static void combine(
      List<List<List<List<Arrival>>>> perGroup,
      int index,
      List<List<List<Arrival>>> chosen,
      int n,
      List<Option> out) {
    if (index == perGroup.size()) {
      out.add(toOption(chosen, n));
      return;
    }
    for (List<List<Arrival>> p : perGroup.get(index)) {
      chosen.add(p);
      combine(perGroup, index + 1, chosen, n, out);
      chosen.remove(chosen.size() - 1);
    }
  }

  private static Option toOption(List<List<List<Arrival>>> chosen, int n) {
    Relation.Builder samePhase = Relation.builder(n);
    Relation.Builder order = Relation.builder(n);
    boolean stuck = false;
    Map<Integer, List<Integer>> phaseOfWait = new java.util.HashMap<>();
    for (List<List<Arrival>> phases : chosen) {
      for (int k = 0; k < phases.size(); k++) {
        List<Arrival> phase = phases.get(k);
        boolean complete = phase.size() >= phase.get(0).expected();
        if (!complete) {
          stuck |= phase.stream().anyMatch(a -> a.waitEvent() >= 0);
          continue;
        }
        List<Integer> arrivals = phase.stream().map(Arrival::arrive).toList();
        for (Arrival w : phase) {
          if (w.waitEvent() >= 0) {
            phaseOfWait.put(w.waitEvent(), arrivals);
          }
          for (Arrival a : phase) {
            samePhase.add(a.arrive(), w.arrive());
          }
        }
        if (k + 1 < phases.size()) {
          for (Arrival a : phase) {
            for (Arrival b : phases.get(k + 1)) {
              order.add(a.arrive(), b.arrive());
            }
          }
        }
      }
    }
    return new Option(samePhase.build(), order.build(), stuck, Map.copyOf(phaseOfWait));
  }

  /** All distinct groupings of one barrier's arrivals into phases. */
  private static List<List<List<Arrival>>> partitions(
      Map<Integer, List<Arrival>> byThread, Runnable step) {
    List<List<Arrival>> sequences = new ArrayList<>(new TreeMap<>(byThread).values());
    List<List<List<Arrival>>> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    interleave(sequences, new int[sequences.size()], new ArrayList<>(), new ArrayList<>(), out,
        seen, step);
    return out;
  }

  private static void interleave(
      List<List<Arrival>> sequences,
      int[] next,
      List<List<Arrival>> closed,
      List<Arrival> open,
      List<List<List<Arrival>>> out,
      Set<String> seen,
      Runnable step) {
    step.run();
    boolean any = false;
    for (int t = 0; t < sequences.size(); t++) {
      List<Arrival> seq = sequences.get(t);
      if (next[t] >= seq.size()) {
        continue;
      }
      Arrival a = seq.get(next[t]);
      // A thread blocked in this phase cannot arrive again before it completes.
      boolean blocked = open.stream().anyMatch(o -> o.thread() == a.thread() && o.waitEvent() >= 0);
      if (blocked) {
        continue;
      }
      any = true;
      next[t]++;
      List<Arrival> phase = new ArrayList<>(open);
      phase.add(a);
      if (phase.size() >= phase.get(0).expected()) {
        closed.add(phase);
        interleave(sequences, next, closed, new ArrayList<>(), out, seen, step);
        closed.remove(closed.size() - 1);
      } else {
        interleave(sequences, next, closed, phase, out, seen, step);
      }
      next[t]--;
    }
    if (!any) {
      List<List<Arrival>> phases = new ArrayList<>(closed);
      if (!open.isEmpty()) {
        phases.add(open);
      }
      boolean allPlaced = true;
      for (int t = 0; t < sequences.size(); t++) {
        allPlaced &= next[t] == sequences.get(t).size();
      }
      if (!allPlaced) {
        // The remaining arrivals sit behind a thread blocked in the open phase: that phase
        // never completes, so they never happen; keep the grouping as stuck.
        phases = new ArrayList<>(phases);
      }
      String key = key(phases);
      if (seen.add(key)) {
        out.add(List.copyOf(phases));
      }
    }
  }

  /**
   * Identifies a grouping: the members of each phase and whether it completes. Completion
   * depends on the first arrival's expected count, so two interleavings with the same members
   * but a different first arrival (threads disagreeing on the count, which PTX leaves
   * undefined) are different groupings; keeping only one would make the answer depend on
   * thread numbering.
   */
  private static String key(List<List<Arrival>> phases) {
    StringBuilder sb = new StringBuilder();
    for (List<Arrival> p : phases) {
      p.stream().mapToInt(Arrival::arrive).sorted().forEach(i -> sb.append(i).append(','));
      sb.append(p.size() >= p.get(0).expected() ? "done" : "open").append('|');
    }
    return sb.toString();
  }
}
