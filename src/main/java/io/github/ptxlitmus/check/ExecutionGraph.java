package io.github.ptxlitmus.check;

import java.util.List;
import java.util.Map;

/**
 * A candidate execution as a graph for reports: its events and the edges of each named
 * relation ({@code po} as immediate successors only, {@code rf}, {@code co}, {@code fr},
 * {@code sw}, {@code sc}), plus the events of a violating cycle or pair to highlight.
 *
 * @param events the events; {@code events.get(i).id() == i}
 * @param edges relation name → list of {@code {from, to}} event ids
 * @param highlight event ids of the violation evidence, in cycle order (empty for a witness)
 * @param highlightRelations the relation of each highlighted step (same length as highlight)
 */
public record ExecutionGraph(
    List<Explanation.EventRef> events,
    Map<String, List<int[]>> edges,
    List<Integer> highlight,
    List<String> highlightRelations) {

  /**
   * Copies the lists and the map (unmodifiable); none may be or hold null.
   *
   * @param events the events; {@code events.get(i).id() == i}
   * @param edges relation name → list of {@code {from, to}} event ids
   * @param highlight event ids of the violation evidence, in cycle order (empty for a witness)
   * @param highlightRelations the relation of each highlighted step (same length as highlight)
   */
  public ExecutionGraph {
    events = List.copyOf(events);
    edges = Map.copyOf(edges);
    highlight = List.copyOf(highlight);
    highlightRelations = List.copyOf(highlightRelations);
  }
}
