package io.github.ptxlitmus.search;

import io.github.ptxlitmus.litmus.ThreadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The choices of thread paths a search walks (model.md "Search"): every thread unfolded
 * ({@link ThreadUnfolder}), then each combination of one path per thread.
 */
final class PathCombinations {
  private PathCombinations() {}

  /**
   * Unfolds every thread and runs {@code body} on each combination of one path per thread,
   * until it returns false. {@code withStuck} also offers the paths that end spinning in a loop
   * ({@link ThreadPath#stuck()}), for the search of waits that never end.
   *
   * @param cuts receives the paths the loop bound cut ({@link LoopCuts#resolve} says which
   *     matter), as soon as every thread is unfolded, whatever {@code body} throws
   * @throws Budget.Exhausted when a limit of {@code budget} is hit while unfolding
   */
  static void forEach(
      io.github.ptxlitmus.litmus.LitmusTest test,
      Locations locations,
      int loopBound,
      boolean withStuck,
      Budget budget,
      LoopCuts cuts,
      java.util.function.Predicate<List<ThreadPath>> body) {
    forEach(test, locations, loopBound, withStuck, Optional.empty(), budget, cuts, body);
  }

  /**
   * {@link #forEach(io.github.ptxlitmus.litmus.LitmusTest, Locations, int, boolean, Budget,
   * LoopCuts, java.util.function.Predicate)}, leaving out, under {@code
   * spinModel}, the stuck paths that show no loop spinning forever that a shorter stuck path
   * of the same thread does not ({@link ThreadPath.Stuck#repeatsShorter()}): a search of waits
   * that never end finds the same loops without them.
   *
   * @param spinModel the built-in model the stuck paths are searched under; empty keeps every
   *     stuck path
   */
  static void forEach(
      io.github.ptxlitmus.litmus.LitmusTest test,
      Locations locations,
      int loopBound,
      boolean withStuck,
      Optional<io.github.ptxlitmus.model.ModelSpec> spinModel,
      Budget budget,
      LoopCuts cuts,
      java.util.function.Predicate<List<ThreadPath>> body) {
    List<List<ThreadPath>> perThread = new ArrayList<>();
    List<List<ThreadPath>> kept = new ArrayList<>();
    cuts.paths(kept);
    for (ThreadSpec t : test.threads()) {
      ThreadUnfolder.Result r = ThreadUnfolder.unfold(t, test.registerInits(), locations, loopBound, budget);
      cuts.addAll(r.cuts());
      kept.add(r.paths());
      perThread.add(
          withStuck
              ? r.paths()
              : r.paths().stream().filter(p -> p.stuck().isEmpty()).toList());
      if (perThread.get(perThread.size() - 1).isEmpty()) {
        // No path of this thread ends: no execution completes, whatever the others do (its
        // cuts are judged with the threads unfolded so far).
        return;
      }
    }
    if (withStuck && spinModel.isPresent()) {
      // Judged once every thread is unfolded: moral strength looks at every thread's accesses.
      for (int t = 0; t < perThread.size(); t++) {
        int thread = t;
        perThread.set(t, perThread.get(t).stream().filter(p -> p.stuck().isEmpty()
            || p.stuck().get().repeatsShorter().isEmpty()
            || !cuts.uniform(thread, p.stuck().get().repeatsShorter().get(), spinModel.get(),
                test, locations)).toList());
      }
    }
    int[] choice = new int[perThread.size()];
    while (true) {
      List<ThreadPath> combo = new ArrayList<>();
      for (int t = 0; t < choice.length; t++) {
        combo.add(perThread.get(t).get(choice[t]));
      }
      if (!body.test(combo)) {
        return; // the body stops the walk
      }
      int t = 0;
      while (t < choice.length && ++choice[t] == perThread.get(t).size()) {
        choice[t++] = 0;
      }
      if (t == choice.length) {
        return;
      }
    }
  }

}
