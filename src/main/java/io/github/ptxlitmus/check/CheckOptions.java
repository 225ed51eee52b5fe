package io.github.ptxlitmus.check;

import io.github.ptxlitmus.model.MemoryModel;
import io.github.ptxlitmus.model.ModelSpec;
import java.time.Duration;

/**
 * Limits and switches of a check. Immutable; start from {@link #defaults()} and use the
 * {@code with*} methods.
 *
 * @param loopBound how many times each backward branch may be taken on one path: the bound
 *     the check starts at (default 2); longer paths are cut and flagged {@link
 *     Flag#LOOP_BOUND_HIT}. Where a cut could change the answer (docs/model.md "Loops and the
 *     bound"), the check raises the bound (4, 8, ... up to {@link #MAX_DEEPENED_LOOP_BOUND})
 *     until the answer is settled, else answers {@link Verdict#UNKNOWN} naming the bound
 * @param timeLimit wall-clock budget per test (default 60 s); when exceeded the verdict is
 *     {@link Verdict#UNKNOWN}
 * @param candidateLimit the most candidate executions examined per test (default
 *     50,000,000); when exceeded the verdict is {@link Verdict#UNKNOWN}
 * @param allStates when true, final states list every register of every thread and every
 *     location; when false (default) only those named in the condition and in a {@code
 *     locations [...]} clause, as herd does
 * @param mode what to compute (default {@link Mode#AUTO})
 * @param model the model: a built-in {@link ModelSpec} (variant and axioms switched on;
 *     default {@link ModelSpec#ptx()}, the spec), or any other {@link MemoryModel} (e.g. a cat
 *     file), which is always checked by the exhaustive search in states mode
 * @param fixedLoopBound true when the check must stay at {@code loopBound} ({@link
 *     #withLoopBound}): where a cut could change the answer, the result then holds within the
 *     bound and says so ({@link Flag#WITHIN_LOOP_BOUND}); false (the default) lets it deepen
 */
public record CheckOptions(
    int loopBound,
    Duration timeLimit,
    long candidateLimit,
    boolean allStates,
    Mode mode,
    MemoryModel model,
    boolean fixedLoopBound) {

  /** What a check computes. */
  public enum Mode {
    /** States mode for tests whose candidate space is small, decide mode otherwise. */
    AUTO,
    /**
     * Every allowed final state, exactly, however large the test: by the exhaustive search,
     * with herd's execution counts, when its estimated candidate space is at most
     * 2^{@link #AUTO_DECIDE_LOG2} (or accesses may overlap partially, or the model is not a
     * {@link ModelSpec}); otherwise by the pruned search's states mode, whose cost follows the
     * distinct states: each state once, counts of states, flagged {@link Flag#DISTINCT_STATES}.
     */
    STATES,
    /**
     * Every allowed final state by the exhaustive search, whatever the test's size: herd's
     * execution counts, and the oracle the pruned search is checked against (the benchmark's
     * baseline). May take as long as the candidate space is large; the limits still hold.
     */
    EXHAUSTIVE,
    /**
     * Only the condition: the pruned search stops at the first consistent execution showing
     * the outcome of interest; {@link CheckResult#states()} then holds that witness state (or
     * nothing) and the result is flagged {@link Flag#DECIDED}.
     */
    DECIDE
  }

  /**
   * The largest loop bound a check with the default bound deepens to: an answer a cut at this
   * bound could still change is {@link Verdict#UNKNOWN} ({@code "loop bound 16 (P1 line 3)"}).
   */
  public static final int MAX_DEEPENED_LOOP_BOUND = 16;

  /**
   * The candidate-space size (log2) above which {@link Mode#AUTO} decides instead; the same
   * bound up to which states mode lists with the exhaustive search.
   */
  public static final int AUTO_DECIDE_LOG2 = io.github.ptxlitmus.search.Engines.EXHAUSTIVE_STATES_MAX_LOG2;

  /**
   * The number (log2) of combinations of the observed registers' possible values above which
   * {@link Mode#AUTO} decides instead: listing that many states is what makes a test slow.
   */
  public static final int AUTO_DECIDE_STATES_LOG2 = 12;

  /**
   * Validates the options.
   *
   * @param loopBound how many times each backward branch may be taken on one path: the bound
   *     the check starts at (default 2), see the record's description
   * @param timeLimit wall-clock budget per test (default 60 s); when exceeded the verdict is
   *     {@link Verdict#UNKNOWN}
   * @param candidateLimit the most candidate executions examined per test (default
   *     50,000,000); when exceeded the verdict is {@link Verdict#UNKNOWN}
   * @param allStates when true, final states list every register of every thread and every
   *     location; when false (default) only those named in the condition and in a {@code
   *     locations [...]} clause, as herd does
   * @param mode what to compute (default {@link Mode#AUTO})
   * @param model the model: a built-in {@link ModelSpec} (variant and axioms switched on;
   *     default {@link ModelSpec#ptx()}, the spec), or any other {@link MemoryModel} (e.g. a cat
   *     file), which is always checked by the exhaustive search in states mode
   * @param fixedLoopBound true to stay at {@code loopBound}, false (default) to deepen
   * @throws IllegalArgumentException if {@code loopBound} is negative, {@code timeLimit} is
   *     not positive or {@code candidateLimit} is not positive
   * @throws NullPointerException if {@code mode} or {@code model} is null
   */
  public CheckOptions {
    if (loopBound < 0) {
      throw new IllegalArgumentException("loopBound must be >= 0: " + loopBound);
    }
    if (timeLimit.isNegative() || timeLimit.isZero()) {
      throw new IllegalArgumentException("timeLimit must be positive: " + timeLimit);
    }
    java.util.Objects.requireNonNull(mode, "mode");
    java.util.Objects.requireNonNull(model, "model");
    if (candidateLimit <= 0) {
      throw new IllegalArgumentException("candidateLimit must be positive: " + candidateLimit);
    }
  }

  /**
   * The defaults: loop bound 2 (deepened where a cut could change the answer), 60 s,
   * 50,000,000 candidates, observed locations only, {@link Mode#AUTO}, {@link ModelSpec#ptx()}.
   *
   * @return the default options
   */
  public static CheckOptions defaults() {
    return new CheckOptions(
        2, Duration.ofSeconds(60), 50_000_000L, false, Mode.AUTO, ModelSpec.ptx(), false);
  }

  /**
   * These options checking within a fixed loop bound: no deepening. Where a cut at the bound
   * could change the answer, the result holds within the bound and says so ({@link
   * Flag#WITHIN_LOOP_BOUND}, {@link CheckResult#loopBound()}); a cut that provably changes
   * nothing leaves the result exact.
   *
   * @param bound times each backward branch may be taken on one path, {@code >= 0}
   * @return a copy with {@code loopBound == bound} and {@code fixedLoopBound}
   * @throws IllegalArgumentException if {@code bound} is negative
   */
  public CheckOptions withLoopBound(int bound) {
    return new CheckOptions(bound, timeLimit, candidateLimit, allStates, mode, model, true);
  }

  /**
   * These options with another wall-clock budget per test.
   *
   * @param limit the budget, positive
   * @return a copy with {@code timeLimit == limit}
   * @throws IllegalArgumentException if {@code limit} is zero or negative
   */
  public CheckOptions withTimeLimit(Duration limit) {
    return new CheckOptions(
        loopBound, limit, candidateLimit, allStates, mode, model, fixedLoopBound);
  }

  /**
   * These options with another candidate budget.
   *
   * @param limit the most candidate executions examined per test, positive
   * @return a copy with {@code candidateLimit == limit}
   * @throws IllegalArgumentException if {@code limit} is not positive
   */
  public CheckOptions withCandidateLimit(long limit) {
    return new CheckOptions(
        loopBound, timeLimit, limit, allStates, mode, model, fixedLoopBound);
  }

  /**
   * These options listing every register and location in final states, or only the observed
   * ones.
   *
   * @param all true for every register and location, false for those the condition and the
   *     {@code locations} clause name
   * @return a copy with {@code allStates == all}
   */
  public CheckOptions withAllStates(boolean all) {
    return new CheckOptions(
        loopBound, timeLimit, candidateLimit, all, mode, model, fixedLoopBound);
  }

  /**
   * The same limits under another model variant or axiom switches.
   *
   * @param m the model: a {@link ModelSpec} or any other {@link MemoryModel}
   * @return a copy with {@code model == m}
   * @throws NullPointerException if {@code m} is null
   */
  public CheckOptions withModel(MemoryModel m) {
    return new CheckOptions(
        loopBound, timeLimit, candidateLimit, allStates, mode, m, fixedLoopBound);
  }

  /**
   * The name reports give the model.
   *
   * @return {@link ModelSpec#label()} for a built-in model, {@link MemoryModel#name()} otherwise
   */
  public String modelLabel() {
    return model instanceof ModelSpec spec ? spec.label() : model.name();
  }

  /**
   * These options computing something else.
   *
   * @param m what to compute
   * @return a copy with {@code mode == m}
   * @throws NullPointerException if {@code m} is null
   */
  public CheckOptions withMode(Mode m) {
    return new CheckOptions(
        loopBound, timeLimit, candidateLimit, allStates, m, model, fixedLoopBound);
  }
}
