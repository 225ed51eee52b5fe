package io.github.ptxlitmus.model;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.List;

/**
 * One candidate execution (model.md "Search"): the events of one choice of thread paths and the
 * choices that the axioms judge. Relations are over event ids {@code 0..events.size()-1}.
 * What the model derives from it is {@link PtxChain#derive}.
 *
 * @param events the events, initial writes first (id = index)
 * @param po program order (8.9.1), transitive, per thread
 * @param addr address dependencies (8.10.4), read → dependent event (empty until pointers are
 *     unfolded as such)
 * @param data data dependencies, read → write or branch whose value uses it
 * @param ctrl control dependencies, read → po-later events after a branch on it
 * @param rf reads-from (8.9.7), write → read; a read taking bytes from several writes has one
 *     edge per write
 * @param byteSources per event, per byte of its access, the write it reads the byte from
 *     ({@code null} for events that do not read)
 * @param coherenceTotal the chosen total order of the overlapping program writes per location
 *     (transitive; the initial writes are not in it: they precede every write, 8.2.6); the
 *     model's coherence order is derived from it ({@link PtxModel#coherenceOrder})
 * @param fenceScOrder the Fence-SC order (8.9.3), transitive, over morally strong fence.sc
 *     pairs
 * @param barrierSync barrier synchronization (8.9.4 rules 2 and 3): arrive → wait of one phase
 * @param async completions, what they carry, and API synchronization (model.md "Asynchronous
 * operations"; issue order
 *     is already in {@code po})
 */
public record CandidateExecution(
    List<Event> events,
    Relation po,
    Relation addr,
    Relation data,
    Relation ctrl,
    Relation rf,
    int[][] byteSources,
    Relation coherenceTotal,
    Relation fenceScOrder,
    Relation barrierSync,
    AsyncRelations async) {

  /**
   * Creates the record; the components are described above.
   *
   * @param events the events, initial writes first (id = index)
   * @param po program order (8.9.1), transitive, per thread
   * @param addr address dependencies (8.10.4), read → dependent event (empty until pointers are
   *     unfolded as such)
   * @param data data dependencies, read → write or branch whose value uses it
   * @param ctrl control dependencies, read → po-later events after a branch on it
   * @param rf reads-from (8.9.7), write → read; a read taking bytes from several writes has one
   *     edge per write
   * @param byteSources per event, per byte of its access, the write it reads the byte from
   *     ({@code null} for events that do not read)
   * @param coherenceTotal the chosen total order of the overlapping program writes per location
   *     (transitive; the initial writes are not in it: they precede every write, 8.2.6); the
   *     model's coherence order is derived from it ({@link PtxModel#coherenceOrder})
   * @param fenceScOrder the Fence-SC order (8.9.3), transitive, over morally strong fence.sc
   *     pairs
   * @param barrierSync barrier synchronization (8.9.4 rules 2 and 3): arrive → wait of one phase
   * @param async completions, what they carry, and API synchronization (model.md "Asynchronous
   * operations")
   */
  public CandidateExecution {
    events = List.copyOf(events);
  }

  /**
   * A candidate without asynchronous operations or API calls ({@link AsyncRelations#none}).
   *
   * @param events the events, initial writes first (id = index)
   * @param po program order (8.9.1), transitive, per thread
   * @param addr address dependencies (8.10.4)
   * @param data data dependencies
   * @param ctrl control dependencies
   * @param rf reads-from (8.9.7), write → read
   * @param byteSources per event, per byte of its access, the write it reads the byte from
   * @param coherenceTotal the chosen total order of the overlapping program writes
   * @param fenceScOrder the Fence-SC order (8.9.3)
   * @param barrierSync barrier synchronization (8.9.4 rules 2 and 3)
   */
  public CandidateExecution(List<Event> events, Relation po, Relation addr, Relation data,
      Relation ctrl, Relation rf, int[][] byteSources, Relation coherenceTotal,
      Relation fenceScOrder, Relation barrierSync) {
    this(events, po, addr, data, ctrl, rf, byteSources, coherenceTotal, fenceScOrder,
        barrierSync, AsyncRelations.none(events.size()));
  }

  /** {@return the dependencies of No-Thin-Air (8.10.4): addr ∪ data ∪ ctrl} */
  public Relation dep() {
    return addr.union(data).union(ctrl);
  }

  /**
   * {@return the atomic read-modify-write events (each one event: Dat3M's {@code rmw} is their
   * identity)}
   */
  public EventSet rmw() {
    return EventSet.fromPredicate(events.size(), i -> events.get(i).kind() == EventKind.RMW);
  }
}
