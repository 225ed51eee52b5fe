package io.github.ptxlitmus.check;

import io.github.ptxlitmus.model.Axiom;
import java.util.List;
import java.util.Optional;

/**
 * Why the PTX model allows or forbids a final state.
 *
 * <p>For a forbidden state: every candidate execution that would produce it, grouped by the
 * axiom that rejects it and the evidence (a cycle or an offending pair of events with the
 * relation of each step), simplest evidence first. For an allowed state: one witness
 * execution and its data races. {@link #toString()} prints it for people.
 *
 * @param state the state explained, as given (e.g. {@code P1:r0=1 /\ P1:r1=0})
 * @param allowed true when some consistent execution produces the state
 * @param reasons for a forbidden state, the groups of rejected candidates (may also be present
 *     for an allowed state: other candidates that produce it but are rejected)
 * @param witness for an allowed state, one consistent execution producing it
 * @param candidates candidate executions listed that produce the state, consistent or not
 * @param complete false when a search limit stopped the explanation early: then either the
 *     state is not decided ({@link #decided()} false) or the reasons are a partial list
 * @param decided whether allowed/forbidden is known (a witness found, or proven that none
 *     exists)
 * @param limit the limit that was hit, if any
 * @param skipped for a forbidden state, the axioms whose pruning rules kept some candidates out
 *     of the listing (every candidate they skip violates that axiom; whether one would produce
 *     the state is not known): Causality (a read taking its value from a write po-after it to
 *     its own address), SC-per-Location in variant dat3m-v6.0. Empty when no candidate was
 *     skipped. (Torn variants of morally strong reads are never candidates: 8.10.3.)
 */
public record Explanation(
    String state,
    boolean allowed,
    List<Reason> reasons,
    Optional<Witness> witness,
    long candidates,
    boolean complete,
    boolean decided,
    Optional<String> limit,
    List<Axiom> skipped) {

  /**
   * Copies {@code reasons} and {@code skipped} (unmodifiable); they may not be or hold null.
   *
   * @param state the state explained, as given (e.g. {@code P1:r0=1 /\ P1:r1=0})
   * @param allowed true when some consistent execution produces the state
   * @param reasons for a forbidden state, the groups of rejected candidates (may also be present
   *     for an allowed state: other candidates that produce it but are rejected)
   * @param witness for an allowed state, one consistent execution producing it
   * @param candidates candidate executions listed that produce the state, consistent or not
   * @param complete false when a search limit stopped the explanation early: then either the
   *     state is not decided ({@link #decided()} false) or the reasons are a partial list
   * @param decided whether allowed/forbidden is known (a witness found, or proven that none
   *     exists)
   * @param limit the limit that was hit, if any
   * @param skipped for a forbidden state, the axioms whose pruning rules kept some candidates
   *     out of the listing; empty when no candidate was skipped
   */
  public Explanation {
    reasons = List.copyOf(reasons);
    skipped = List.copyOf(skipped);
  }

  /**
   * An event in a report.
   *
   * @param id event id in its execution
   * @param thread thread id, -1 for an initial write
   * @param instruction the instruction as written (or {@code init x} for an initial write)
   * @param line 1-based source line, 0 when unknown
   */
  public record EventRef(int id, int thread, String instruction, int line) {
    @Override
    public String toString() {
      if (thread < 0) {
        return instruction;
      }
      return "P" + thread + ": " + instruction + (line > 0 ? " (line " + line + ")" : "");
    }
  }

  /**
   * A group of candidates rejected for the same reason.
   *
   * @param axiom the axiom
   * @param candidates how many candidates producing the state fail this way
   * @param events the evidence: a cycle (in order) or an offending pair
   * @param relations the relation of each step {@code events[i] → events[i+1]} (cyclically)
   * @param detail one sentence in spec terms
   * @param graph one such candidate, with the evidence highlighted
   * @param constraint a foreign model's name for the failing constraint (a cat file's {@code as}
   *     name); empty for a built-in axiom
   */
  public record Reason(
      Axiom axiom,
      long candidates,
      List<EventRef> events,
      List<String> relations,
      String detail,
      ExecutionGraph graph,
      String constraint) {

    /**
     * Copies the lists (unmodifiable); they may not be or hold null.
     *
     * @param axiom the axiom
     * @param candidates how many candidates producing the state fail this way
     * @param events the evidence: a cycle (in order) or an offending pair
     * @param relations the relation of each step {@code events[i] → events[i+1]} (cyclically)
     * @param detail one sentence in spec terms
     * @param graph one such candidate, with the evidence highlighted
     * @param constraint a foreign model's name for the constraint; empty for a built-in axiom
     */
    public Reason {
      events = List.copyOf(events);
      relations = List.copyOf(relations);
      java.util.Objects.requireNonNull(constraint, "constraint");
    }

    /**
     * A reason under a built-in axiom.
     *
     * @param axiom the axiom
     * @param candidates how many candidates producing the state fail this way
     * @param events the evidence
     * @param relations the relation of each step
     * @param detail one sentence in spec terms
     * @param graph one such candidate, with the evidence highlighted
     */
    public Reason(Axiom axiom, long candidates, List<EventRef> events, List<String> relations,
        String detail, ExecutionGraph graph) {
      this(axiom, candidates, events, relations, detail, graph, "");
    }

    /** {@return the failing rule's name: the constraint's, else the axiom's title} */
    public String title() {
      return constraint.isEmpty() ? axiom.title() : constraint;
    }

    /** {@return the spec section of a built-in axiom; empty for a foreign constraint} */
    public String section() {
      return constraint.isEmpty() ? axiom.section() : "";
    }

    /** {@return the title, with the section in parentheses when there is one} */
    public String heading() {
      return section().isEmpty() ? title() : title() + " (" + section() + ")";
    }

    /**
     * The evidence as text.
     *
     * @return {@code a -rel-> b -rel-> ... }, ending with the first event again for a cycle,
     *     with the last event for a path (one relation fewer than events)
     */
    public String path() {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < relations.size(); i++) {
        sb.append(events.get(i)).append(" -").append(relations.get(i)).append("-> ");
      }
      if (relations.size() < events.size()) {
        return sb.append(events.get(events.size() - 1)).toString();
      }
      return sb.append(events.get(0)).toString();
    }
  }

  /**
   * A consistent execution producing the state.
   *
   * @param graph the execution
   * @param races data races in it, as {@code a ~ b}
   */
  public record Witness(ExecutionGraph graph, List<String> races) {
    /**
     * Copies {@code races} (unmodifiable); it may not be or hold null.
     *
     * @param graph the execution
     * @param races data races in it, as {@code a ~ b}
     */
    public Witness {
      races = List.copyOf(races);
    }
  }

  /**
   * The explanation in prose: the verdict on the state, the witness's rf/co/sc/sw edges and
   * races, or each rejecting axiom with its spec section, candidate count and evidence path.
   *
   * @return lines, each ending with {@code \n}
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    if (!decided) {
      sb.append("State ").append(state).append(" could not be decided: ")
          .append(limit.orElse("a search limit was hit")).append(".\n");
      return sb.toString();
    }
    if (allowed) {
      sb.append("State ").append(state).append(" is allowed.\n");
    } else if (candidates == 0 && complete) {
      sb.append("State ").append(state).append(skipped.isEmpty()
          ? " is forbidden: no candidate execution produces it.\n"
          : " is forbidden: no candidate execution examined produces it.\n");
    } else if (complete) {
      sb.append("State ").append(state).append(" is forbidden: all ").append(candidates)
          .append(skipped.isEmpty() ? "" : " examined")
          .append(" candidate executions that produce it violate an axiom.\n");
    } else if (candidates == 0) {
      // The pruned search refuted the state; listing candidates (to name axioms) got nowhere.
      sb.append("State ").append(state).append(" is forbidden: the pruned search proved that")
          .append(" no consistent execution produces it. Listing the candidate executions that")
          .append(" would produce it, to name the axiom each violates, stopped at the ")
          .append(limit.orElse("search limit")).append(" before any was listed.\n");
    } else {
      sb.append("State ").append(state).append(" is forbidden: the pruned search proved that")
          .append(" no consistent execution produces it. Listing the candidate executions that")
          .append(" would produce it stopped at the ").append(limit.orElse("search limit"))
          .append(" after ").append(candidates).append("; those listed violate:\n");
    }
    witness.ifPresent(
        w -> {
          sb.append("Witness execution:\n");
          for (String rel : List.of("rf", "co", "sc", "sw")) {
            List<int[]> edges = w.graph().edges().getOrDefault(rel, List.of());
            for (int[] e : edges) {
              sb.append("  ").append(w.graph().events().get(e[0])).append(" -").append(rel)
                  .append("-> ").append(w.graph().events().get(e[1])).append('\n');
            }
          }
          if (w.races().isEmpty()) {
            sb.append("  no data race\n");
          } else {
            w.races().forEach(r -> sb.append("  data race: ").append(r).append('\n'));
          }
        });
    if (!allowed) {
      for (Reason r : reasons) {
        sb.append("  ").append(r.heading()).append(", ").append(r.candidates())
            .append(r.candidates() == 1 ? " candidate: " : " candidates: ")
            .append(r.detail()).append('\n');
        sb.append("    ").append(r.path()).append('\n');
      }
    }
    if (!allowed) {
      for (Axiom a : skipped) {
        sb.append("  Not examined: candidates in which a read takes its value from a write")
            .append(" po-after it to its own address; ").append(a.title()).append(" (")
            .append(a.section()).append(") rejects every such candidate.\n");
      }
    }
    if (!complete && !(decided && !allowed && candidates == 0)) {
      sb.append("  (list incomplete: ").append(limit.orElse("a search limit was hit"))
          .append(")\n");
    }
    return sb.toString();
  }
}
