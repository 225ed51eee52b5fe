package io.github.ptxlitmus.model;

import java.util.List;

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
}
