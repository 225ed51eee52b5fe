package io.github.ptxlitmus.model;

import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;

/**
 * What the unfolding knows about asynchronous operations and API calls of one set of thread
 * paths, as the model's inputs (DESIGN §6). Issue order and completion observed by the issuer
 * are already part of the program order the model is given (they compose like it, DESIGN §6.2).
 *
 * @param completions the completion operations: implicit complete-tx of bulk copies and
 *     st.async/red.async, and the asynchronous arrive of cp.async.mbarrier.arrive
 * @param carried (operation, completion) pairs: the synchronization that a completion
 *     establishes carries only these operations (8.9.1.1); the pairs (c, c) are included
 * @param api the synchronization the CUDA API calls establish (8.9.4 API synchronization)
 */
public record AsyncRelations(EventSet completions, Relation carried, Relation api) {
  /** No asynchronous operations, no API calls, over {@code n} events. */
  public static AsyncRelations none(int n) {
    return new AsyncRelations(EventSet.empty(n), Relation.empty(n), Relation.empty(n));
  }
}
