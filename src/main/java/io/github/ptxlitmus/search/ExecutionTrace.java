package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.model.Violation;
import io.github.ptxlitmus.relation.Relation;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One candidate execution examined while explaining a final state: its events, the choices
 * that make it (rf, Fence-SC order, coherence order) and what follows from them, and the first
 * axiom it breaks, if any.
 *
 * @param events the events, ids 0..n-1
 * @param po program order
 * @param rf reads-from (byte-wise sources collapsed to pairs)
 * @param co coherence order
 * @param fr from-reads
 * @param sw synchronizes-with (patterns, Fence-SC, barriers)
 * @param sc the Fence-SC order
 * @param violation the first axiom violated, in spec order of the checks; empty when the
 *     candidate is consistent
 * @param state the full final state; empty when values are undetermined (a thin-air cycle)
 * @param races data races of a consistent candidate (pairs of event ids)
 */
public record ExecutionTrace(
    List<Event> events,
    Relation po,
    Relation rf,
    Relation co,
    Relation fr,
    Relation sw,
    Relation sc,
    Optional<Violation> violation,
    Optional<Map<String, Long>> state,
    List<int[]> races) {

  public ExecutionTrace {
    events = List.copyOf(events);
    races = List.copyOf(races);
  }

  public boolean consistent() {
    return violation.isEmpty();
  }
}
