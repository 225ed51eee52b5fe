package io.github.ptxlitmus.model;

import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;

/**
 * What the unfolding knows about asynchronous operations and API calls of one set of thread
 * paths, as the model's inputs (model.md "Asynchronous operations").
 *
 * @param issueOrder issue order (model.md "Asynchronous operations", 8.9.1.1): an instruction
 * before the operations of
 *     every asynchronous unit its thread issues later; a unit's reads before its writes before
 *     its completion; a completed unit's operations before the wait that observes them (only
 *     the reads for {@code .read}); a thread's cp.async units before its asynchronous arrive
 * @param completions the completion operations: implicit complete-tx of bulk copies and
 *     st.async/red.async, and the asynchronous arrive of cp.async.mbarrier.arrive
 * @param carried (operation, completion) pairs: the synchronization that a completion
 *     establishes carries only these operations (8.9.1.1); the pairs (c, c) are included
 * @param api the synchronization the CUDA API calls establish (8.9.4 API synchronization)
 */
public record AsyncRelations(
    Relation issueOrder, EventSet completions, Relation carried, Relation api) {
  /**
   * No asynchronous operations, no API calls: the model's po is the thread's program order
   * (8.9.1) alone and API synchronization (8.9.4) is empty.
   *
   * @param n the number of events (relations are n × n over event ids)
   * @return empty issue order, completions, carried pairs and API synchronization
   */
  public static AsyncRelations none(int n) {
    return new AsyncRelations(
        Relation.empty(n), EventSet.empty(n), Relation.empty(n), Relation.empty(n));
  }
}
