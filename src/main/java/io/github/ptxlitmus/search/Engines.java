package io.github.ptxlitmus.search;

import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.MemoryModel;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The one place that decides which search runs (model.md "Search"): the exhaustive {@link
 * Enumerator}
 * (every candidate; herd's execution counts; the oracle) or the pruned {@link DecisionSearch}
 * (distinct states, or a witness), for each way a check asks — list the states, decide a
 * condition, find a witness, explain a state. The engines never call each other: when the
 * pruned search meets what it does not handle (writes of different ranges to one location, or
 * a model that offers it no {@link io.github.ptxlitmus.model.PartialModel}), the exhaustive
 * search runs instead, here.
 * Stateless.
 */
public final class Engines {
  /**
   * States mode lists with the exhaustive search while the estimated candidate space is at
   * most 2^this (and always when accesses may overlap partially: only it can tell whether some
   * execution has a mixed-size race, 8.7.2).
   */
  public static final int EXHAUSTIVE_STATES_MAX_LOG2 = 18;

  private Engines() {}

  /**
   * A search's result and whether the pruned search's states or decide mode produced it (its
   * counts are then of distinct states, not of executions; a fallback to the exhaustive search
   * is projected to the same shape).
   *
   * @param result what the search found
   * @param pruned the pruned search was chosen
   */
  public record Run(SearchResult result, boolean pruned) {}

  /**
   * Lists every allowed state with the exhaustive search, whatever the test's size.
   *
   * @param model a built-in {@link ModelSpec} or any {@link MemoryModel}
   * @return the exhaustive search's result
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link Enumerator#run}
   */
  public static Run exhaustive(LitmusTest test, SearchLimits limits, MemoryModel model) {
    return new Run(Enumerator.run(test, limits, model), false);
  }

  /**
   * Lists every allowed state exactly: the exhaustive search for a model that offers the
   * pruned search nothing ({@link MemoryModel#partialModels()} empty), for a test whose
   * estimated candidate space is at most 2^{@link
   * #EXHAUSTIVE_STATES_MAX_LOG2} (unless the model {@link MemoryModel#prefersPrunedStates()
   * prefers the pruned search}), and for one whose accesses may overlap partially; the pruned
   * search's states mode for the rest (its cost follows the distinct states rather than the
   * candidates).
   *
   * @param observedLocations the locations the states must show (the pruned search keeps only
   *     those and the registers)
   * @param estimate the test's cost estimate, asked for only when needed
   * @return the result, {@code pruned} when the pruned search's states mode was chosen
   * @throws Budget.Exhausted when computing the estimate hits the time limit
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link Enumerator#run}
   */
  public static Run states(LitmusTest test, SearchLimits limits, MemoryModel model,
      Set<String> observedLocations, Supplier<Estimate> estimate) {
    if (model.partialModels().isEmpty()) {
      return exhaustive(test, limits, model);
    }
    Estimate e = estimate.get();
    if (e.partialOverlap()
        || (e.candidatesLog2() <= EXHAUSTIVE_STATES_MAX_LOG2 && !model.prefersPrunedStates())) {
      return exhaustive(test, limits, model);
    }
    return new Run(pruned(test, limits, Goal.allStates(observedLocations), model), true);
  }

  /**
   * Decides the goal's target with the pruned search: the first consistent execution whose
   * state satisfies it (the result then holds that one state, or none).
   *
   * @param model a model that offers {@link MemoryModel#partialModels()}
   * @return the result, {@code pruned}
   * @throws IllegalArgumentException when the model offers the pruned search nothing
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link Enumerator#run}
   */
  public static Run decide(LitmusTest test, SearchLimits limits, MemoryModel model, Goal goal) {
    return new Run(pruned(test, limits, goal, model), true);
  }

  /**
   * The pruned search, in states mode (no target) or decide mode; a test whose writes to one
   * location differ in range is searched exhaustively and its states projected alike.
   *
   * @param model a model that offers {@link MemoryModel#partialModels()}
   * @return every achievable state over the registers and the goal's observed locations (each
   *     counted once), or with a target the first one satisfying it
   * @throws IllegalArgumentException when the model offers the pruned search nothing
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link Enumerator#run}
   */
  public static SearchResult pruned(LitmusTest test, SearchLimits limits, Goal goal,
      MemoryModel model) {
    DecisionSearch.Outcome o = DecisionSearch.search(test, limits, goal, model);
    return o.mixedSizes()
        ? projected(Enumerator.run(test, limits, model), goal, limits)
        : o.result();
  }

  /** The exhaustive search's answer in the pruned search's shape (projected; target-filtered). */
  private static SearchResult projected(SearchResult all, Goal goal, SearchLimits limits) {
    SearchResult.Collector outcomes = new SearchResult.Collector(new Budget(limits));
    for (SearchResult.Outcome o : all.outcomeList()) {
      if (goal.target().isPresent() && !goal.target().get().test(o.state())) {
        continue;
      }
      Map<String, Long> state = SearchResult.project(o.state(), goal.observedLocations());
      outcomes.add(state, o.count());
      o.race().ifPresent(r -> outcomes.race(state, r));
      o.mixedRace().ifPresent(r -> outcomes.mixedRace(state, r));
      if (goal.target().isPresent()) {
        break;
      }
    }
    return new SearchResult(outcomes.outcomes(), all.boundHit(), all.deadlock(),
        outcomes.isEmpty() ? all.limit() : Optional.empty(), all.candidates(), all.rejections())
        .withLoopCuts(all.loopCuts());
  }

  /**
   * A witness, or why there is none.
   *
   * @param witness the consistent execution found
   * @param limit the limit that stopped the search; empty with no witness: none exists
   */
  public record Witness(Optional<ExecutionTrace> witness, Optional<String> limit) {}

  /**
   * A consistent execution whose state satisfies the goal's target: the pruned search's first
   * for a model that offers it partial models, the exhaustive search's first for a test with
   * partially overlapping writes or a model that offers none.
   *
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link Enumerator#run}
   */
  public static Witness witness(LitmusTest test, SearchLimits limits, Goal goal,
      MemoryModel model) {
    Predicate<Map<String, Long>> target = goal.target().orElseThrow();
    if (model.partialModels().isEmpty()) {
      return firstWitness(Enumerator.explain(test, limits, model, target));
    }
    DecisionSearch.Outcome o = DecisionSearch.search(test, limits, goal, model);
    if (o.mixedSizes()) {
      return firstWitness(Enumerator.explain(test, limits, model, target));
    }
    return o.witness().isPresent()
        ? new Witness(o.witness(), Optional.empty())
        : new Witness(Optional.empty(), o.result().limit());
  }

  private static Witness firstWitness(Enumerator.ExplainResult r) {
    Optional<ExecutionTrace> w = r.traces().stream().filter(ExecutionTrace::consistent)
        .findFirst();
    return new Witness(w, w.isPresent() ? Optional.empty() : r.limit());
  }

  /**
   * What an explanation of a state rests on: for a model that offers partial models, the
   * pruned search's decision first (a witness, or a limit); when it finds none within its
   * limits, and always for a model that offers none, the exhaustive listing of the candidates
   * producing the state (explain
   * mode: nothing pruned but the rf rule), whose consistent one, if any, is the witness.
   *
   * @param decided the pruned search's decision; empty when the listing was made instead
   * @param listing the exhaustive listing; empty when the decision settled the explanation
   */
  public record Explained(Optional<Witness> decided, Optional<Enumerator.ExplainResult> listing) {}

  /**
   * Explains a state.
   *
   * @param limits fresh limits for each search run
   * @param target the states to explain
   * @param goal the same target as the pruned search's goal
   * @return the decision or the listing
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link Enumerator#run}
   */
  public static Explained explain(LitmusTest test, Supplier<SearchLimits> limits,
      MemoryModel model, Predicate<Map<String, Long>> target, Goal goal) {
    if (model.partialModels().isPresent()) {
      Witness w = witness(test, limits.get(), goal, model);
      if (w.witness().isPresent() || w.limit().isPresent()) {
        return new Explained(Optional.of(w), Optional.empty());
      }
    }
    return new Explained(Optional.empty(),
        Optional.of(Enumerator.explain(test, limits.get(), model, target)));
  }
}
