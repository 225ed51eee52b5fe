package io.github.ptxlitmus.model;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.relation.Relation;
import java.util.List;

/**
 * The events of one choice of thread paths and the relations they fix before any choice of
 * a candidate (rf, Fence-SC order, barrier phases, coherence): what a model is bound to once per
 * choice of paths ({@link PtxModel}, {@link PartialModel.Factory#over}).
 *
 * @param events the events, initial writes first; an event's id is its index
 * @param po program order (8.9.1) extended by the issue order of asynchronous units (8.9.1.1),
 *     transitive (the constructor closes {@code po ∪ async.issueOrder()})
 * @param addr address dependencies (8.10.4), read → dependent event
 * @param data data dependencies, read → write or branch whose value uses it
 * @param ctrl control dependencies, read → po-later events after a branch on it
 * @param async asynchronous completions, what they carry, API synchronization (8.9.1.1, 8.9.4)
 */
public record EventStructure(List<Event> events, Relation po, Relation addr, Relation data,
    Relation ctrl, AsyncRelations async) {
  /**
   * Creates the record; the components are described above. {@code po} is extended by {@code
   * async.issueOrder()} and closed transitively (issue order composes like program order).
   *
   * @param events the events, initial writes first
   * @param po program order, per thread, transitive
   * @param addr address dependencies
   * @param data data dependencies
   * @param ctrl control dependencies
   * @param async the asynchronous structure
   */
  public EventStructure {
    events = List.copyOf(events);
    po = async.issueOrder().isEmpty() ? po : po.union(async.issueOrder()).transitiveClosure();
  }

  /**
   * Events without asynchronous operations.
   *
   * @param events the events, initial writes first
   * @param po program order (8.9.1), transitive, per thread
   * @param dep the dependencies of No-Thin-Air (8.10.4), read → dependent event
   * @return the structure, {@code dep} as its data dependencies
   */
  public static EventStructure of(List<Event> events, Relation po, Relation dep) {
    Relation none = Relation.empty(events.size());
    return new EventStructure(events, po, none, dep, none, AsyncRelations.none(events.size()));
  }

  /** {@return the dependencies of No-Thin-Air (8.10.4): addr ∪ data ∪ ctrl} */
  public Relation dep() {
    return addr.union(data).union(ctrl);
  }

  /**
   * The events of a candidate, without asynchronous operations.
   *
   * @param x the candidate: its events, po and dependencies are used
   * @return the structure
   */
  public static EventStructure of(CandidateExecution x) {
    return new EventStructure(x.events(), x.po(), x.addr(), x.data(), x.ctrl(),
        AsyncRelations.none(x.events().size()));
  }
}
