package io.github.ptxlitmus.search;

import java.util.BitSet;
import java.util.List;

/**
 * The asynchronous structure of one thread path (model.md "Asynchronous operations"), by
 * path-local event index.
 * Events of an asynchronous unit are not in the thread's program order; the engine orders them
 * by these rules instead:
 *
 * <ul>
 *   <li>{@code unit[i]} is -1 for the thread's own events, else the unit event i belongs to;
 *   <li><em>issue order</em>: an own event precedes every event of a later-issued unit (by
 *       {@link PathEvent#group()}), unless the unit is in {@code unissued} (a fence that orders
 *       only what {@code order} says);
 *   <li>{@code order}: further ordering pairs (from, to): a unit's reads before its writes
 *       before its completion, completed units' operations before the wait that observes them,
 *       and the operations an asynchronous arrive tracks before it;
 *   <li>{@code ordersLater}: unit events that precede every later own event (fence-like);
 *   <li>{@code carried}: pairs (operation, completion): the synchronization a completion
 *       establishes carries only these operations (8.9.1.1, the relation C of model.md
 * "Asynchronous operations");
 *   <li>{@code completions}: the completion operations (implicit complete-tx, async arrive).
 * </ul>
 */
record PathAsync(
    int[] unit,
    BitSet unissued,
    List<int[]> order,
    BitSet ordersLater,
    List<int[]> carried,
    BitSet completions) {

  PathAsync {
    unit = unit.clone();
    unissued = (BitSet) unissued.clone();
    order = List.copyOf(order);
    ordersLater = (BitSet) ordersLater.clone();
    carried = List.copyOf(carried);
    completions = (BitSet) completions.clone();
  }

  /** A path of {@code size} own events. */
  static PathAsync none(int size) {
    int[] u = new int[size];
    java.util.Arrays.fill(u, -1);
    return new PathAsync(u, new BitSet(), List.of(), new BitSet(), List.of(), new BitSet());
  }

  boolean isAsync(int event) {
    return unit[event] >= 0;
  }

  /** True when the path has asynchronous events. */
  boolean any() {
    for (int u : unit) {
      if (u >= 0) {
        return true;
      }
    }
    return false;
  }
}
