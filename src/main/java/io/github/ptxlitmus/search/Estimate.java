package io.github.ptxlitmus.search;

import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.ThreadSpec;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.model.PartialModel;
import io.github.ptxlitmus.model.PtxPartialModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What decides between states and decide mode, from one unfolding of the test.
 *
 * @param candidatesLog2 a cheap estimate (log2) of the candidates the exhaustive search would
 *     examine: path combinations, rf choices, Fence-SC orientations and coherence orders
 * @param statesLog2 an estimate (log2) of how many value combinations the given registers can
 *     end with: for each register holding a loaded value, the number of writes its load may
 *     read from
 * @param partialOverlap two memory accesses may overlap partially (different offsets or sizes
 *     on one physical location): only the exhaustive search can then tell whether some
 *     execution has a mixed-size race (8.7.2)
 */
public record Estimate(double candidatesLog2, double statesLog2, boolean partialOverlap) {

  /**
   * Estimates the cost of listing the states of {@code test}, within the time limit and
   * interruption of {@code limits} (unfolding the paths of a test with a large loop bound can
   * take long). The counts use the shortest path of each thread: longer ones are mostly loop
   * iterations that branch constraints prune as soon as the values are known.
   *
   * @param limits the loop bound, and the deadline the unfolding is stopped at
   * @param registerKeys the {@code P<i>:<reg>} keys whose values the states show
   * @return the estimate
   * @throws Budget.Exhausted when the deadline passes or the thread is interrupted; its message
   *     names the limit
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link Enumerator#run}
   */
  public static Estimate of(LitmusTest test, SearchLimits limits, Set<String> registerKeys) {
    Budget budget = new Budget(limits);
    Locations locations = Locations.of(test);
    double combos = 0;
    List<ThreadPath> shortest = new ArrayList<>();
    List<PathEvent> memory = new ArrayList<>();
    for (ThreadSpec t : test.threads()) {
      List<ThreadPath> paths =
          ThreadUnfolder.unfold(t, test.registerInits(), locations, limits.loopBound(), budget)
              .paths().stream()
              .filter(p -> p.stuck().isEmpty())
              .toList();
      if (paths.isEmpty()) {
        return new Estimate(0, 0, false);
      }
      combos += log2(paths.size());
      shortest.add(paths.stream().min(Comparator.comparingInt(x -> x.events().size()))
          .orElseThrow());
      paths.forEach(
          p -> p.events().stream().filter(e -> e.kind().isMemory()).forEach(memory::add));
    }
    EventGraph graph = new EventGraph(test, locations, shortest, budget);
    PartialModel model = PtxPartialModel.factory(ModelSpec.ptx()).over(graph.structure);
    ReadSources sources = new ReadSources(graph, model);
    double candidates = combos + model.fenceScPairs().count() / 2.0;
    // A tearable segment (8.9.7) may take each differing byte from any of its sources.
    double[] readLog2 = new double[graph.n];
    for (int i = 0; i < sources.segments.size(); i++) {
      double choices = sources.choicesLog2(i);
      candidates += choices;
      readLog2[sources.segments.get(i).read()] += choices;
    }
    for (List<Integer> group : graph.coherenceGroups()) {
      for (int k = 2; k <= group.size(); k++) {
        candidates += log2(k);
      }
    }
    double states = 0;
    for (int t = 0; t < shortest.size(); t++) {
      for (Map.Entry<String, Expr> r : shortest.get(t).registers().entrySet()) {
        if (registerKeys.contains("P" + t + ":" + r.getKey())
            && r.getValue() instanceof Expr.ReadValue rv) {
          states += readLog2[graph.event(t, rv.readIndex())];
        }
      }
    }
    return new Estimate(candidates, states, partiallyOverlapping(memory, locations));
  }

  private static double log2(double v) {
    return Math.log(v) / Math.log(2);
  }

  private static boolean partiallyOverlapping(List<PathEvent> memory, Locations locations) {
    // Some pair of accesses to one physical location differs in offset or width exactly when
    // some access differs from the first one seen there.
    Map<String, PathEvent> first = new HashMap<>();
    for (PathEvent a : memory) {
      PathEvent b = first.putIfAbsent(locations.get(a.location()).orElseThrow().physical(), a);
      if (b != null && (a.offset() != b.offset() || a.bits() != b.bits())) {
        return true;
      }
    }
    return false;
  }
}
