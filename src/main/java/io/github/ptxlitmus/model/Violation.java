package io.github.ptxlitmus.model;

import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Evidence that a candidate execution breaks an axiom: the events involved (a cycle, in
 * order, or the offending pair) and the relation of each step, e.g. events {@code [4, 2, 5]}
 * with relations {@code ["fr", "rf", "po"]} means 4 -fr-> 2 -rf-> 5 -po-> 4.
 *
 * @param axiom the axiom that fails
 * @param events event ids of the execution, in cycle or path order
 * @param relations for each step from {@code events[i]} to {@code events[i+1]} (cyclically),
 *     the name of a relation containing it
 * @param detail one sentence in spec terms
 */
public record Violation(Axiom axiom, List<Integer> events, List<String> relations, String detail) {
  /**
   * Creates the record; the components are described above.
   *
   * @param axiom the axiom that fails
   * @param events event ids of the execution, in cycle or path order
   * @param relations for each step from {@code events[i]} to {@code events[i+1]} (cyclically),
   *     the name of a relation containing it
   * @param detail one sentence in spec terms
   */
  public Violation {
    events = List.copyOf(events);
    relations = List.copyOf(relations);
  }

  /**
   * A violation whose evidence is a cycle: each step {@code cycle[i] → cycle[i+1]} (and the
   * closing one) is labelled with the name of the first of {@code named} that contains it, or
   * {@code "?"} when none does.
   *
   * @param axiom the axiom that fails
   * @param cycle event ids, in cycle order
   * @param named candidate labels and their relations, tried in list order
   * @param detail one sentence in spec terms
   * @return the violation
   */
  public static Violation cycle(
      Axiom axiom, List<Integer> cycle, List<Map.Entry<String, Relation>> named, String detail) {
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < cycle.size(); i++) {
      int a = cycle.get(i);
      int b = cycle.get((i + 1) % cycle.size());
      String label = "?";
      for (Map.Entry<String, Relation> e : named) {
        if (e.getValue().contains(a, b)) {
          label = e.getKey();
          break;
        }
      }
      labels.add(label);
    }
    return new Violation(axiom, cycle, labels, detail);
  }
}
