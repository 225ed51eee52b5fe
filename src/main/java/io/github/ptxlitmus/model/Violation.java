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
 * @param constraint the name a foreign model gives the failing constraint (a cat file's {@code
 *     as} name, e.g. {@code sc}); empty for the built-in axioms, which {@code axiom} names
 */
public record Violation(
    Axiom axiom, List<Integer> events, List<String> relations, String detail,
    String constraint) {
  /**
   * Creates the record; the components are described above.
   *
   * @param axiom the axiom that fails
   * @param events event ids of the execution, in cycle or path order
   * @param relations for each step from {@code events[i]} to {@code events[i+1]} (cyclically),
   *     the name of a relation containing it
   * @param detail one sentence in spec terms
   * @param constraint a foreign model's name for the constraint; empty for a built-in axiom
   */
  public Violation {
    events = List.copyOf(events);
    relations = List.copyOf(relations);
    java.util.Objects.requireNonNull(constraint, "constraint");
  }

  /**
   * A violation of a built-in axiom.
   *
   * @param axiom the axiom that fails
   * @param events event ids of the execution, in cycle or path order
   * @param relations the relation of each step
   * @param detail one sentence in spec terms
   */
  public Violation(Axiom axiom, List<Integer> events, List<String> relations, String detail) {
    this(axiom, events, relations, detail, "");
  }

  /** {@return what reports call the failing rule: the constraint's name, else the axiom's} */
  public String title() {
    return constraint.isEmpty() ? axiom.title() : constraint;
  }

  /** {@return the spec section of a built-in axiom; empty for a foreign model's constraint} */
  public String section() {
    return constraint.isEmpty() ? axiom.section() : "";
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
