package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.litmus.Address;
import io.github.ptxlitmus.litmus.AsyncInstruction;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.ThreadPosition;
import io.github.ptxlitmus.litmus.ThreadSpec;
import io.github.ptxlitmus.model.AsyncRelations;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.List;
import java.util.Optional;

/**
 * Turns the per-path asynchronous structure ({@link PathAsync}) into the relations over the
 * events of one execution: the program order extended by issue order and observed completion
 * (model.md "Asynchronous operations"), the completions and what their synchronization carries,
 * and the API
 * synchronization of host threads ({@link ApiSynchronization}).
 */
final class AsyncOrder {
  private AsyncOrder() {}

  /**
   * Whether path events {@code i < j} with group(i) &lt; group(j), at least one of them in an
   * asynchronous unit, are in issue order: an own event before every event of a unit issued
   * later, unless that unit is not issue-ordered; a fence-like unit event before every later
   * own event. Other pairs involving units come from {@link #addOrder}.
   */
  static boolean issueOrdered(PathAsync async, int i, int j) {
    boolean ai = async.isAsync(i);
    boolean aj = async.isAsync(j);
    if (!ai) {
      return !async.unissued().get(j);
    }
    return !aj && async.ordersLater().get(i);
  }

  /** Adds the explicit ordering pairs of every path (unit order, observed completion). */
  static void addOrder(List<ThreadPath> paths, int[] threadBase, Relation.Builder po) {
    for (int t = 0; t < paths.size(); t++) {
      int base = threadBase[t];
      for (int[] p : paths.get(t).async().order()) {
        po.add(base + p[0], base + p[1]);
      }
    }
  }

  /** The model's view of the asynchronous operations and API calls of these paths. */
  static AsyncRelations structure(
      LitmusTest test, List<Event> events, List<ThreadPath> paths, int[] threadBase,
      Relation issueOrder) {
    int n = events.size();
    Relation.Builder carried = Relation.builder(n);
    java.util.BitSet completions = new java.util.BitSet();
    for (int t = 0; t < paths.size(); t++) {
      int base = threadBase[t];
      PathAsync async = paths.get(t).async();
      for (int[] p : async.carried()) {
        carried.add(base + p[0], base + p[1]);
      }
      async.completions().stream().forEach(c -> completions.set(base + c));
    }
    EventSet completionSet = EventSet.fromPredicate(n, completions::get);
    return new AsyncRelations(issueOrder, completionSet, carried.build(),
        ApiSynchronization.relation(test, events));
  }

  /**
   * The position of the CTA owning the mbarrier {@code location}: the thread that initialises
   * it, else the first thread (by id) that accesses it, else {@code fallback} (model.md
   * "Asynchronous operations"
   * decision: a completion counts as performed in the CTA that owns the mbarrier).
   */
  static ThreadPosition owner(
      LitmusTest test, Locations locations, String location, ThreadPosition fallback) {
    String physical = locations.get(location).map(Locations.Info::physical).orElse(location);
    Optional<ThreadPosition> first = Optional.empty();
    for (ThreadSpec t : test.threads()) {
      for (Instruction i : t.instructions()) {
        Optional<Address> a =
            i instanceof AsyncInstruction.MbarrierInit init
                ? Optional.of(init.mbarrier())
                : Locations.addressOf(i);
        boolean same =
            a.isPresent()
                && !a.get().isRegister()
                && locations.get(a.get().name()).map(Locations.Info::physical)
                    .filter(physical::equals).isPresent();
        if (!same) {
          continue;
        }
        if (i instanceof AsyncInstruction.MbarrierInit) {
          return t.position();
        }
        if (first.isEmpty()) {
          first = Optional.of(t.position());
        }
      }
    }
    return first.orElse(fallback);
  }
}
