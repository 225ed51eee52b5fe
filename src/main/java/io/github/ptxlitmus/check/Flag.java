package io.github.ptxlitmus.check;

/** Facts about a check that qualify its answer. */
public enum Flag {
  /** Some consistent execution has a (uniform-size) data race (8.7.1). */
  DATA_RACE,
  /** Some consistent execution has a mixed-size data race: the verdict is UNDEFINED (8.7.2). */
  MIXED_SIZE_RACE,
  /**
   * A loop was cut at the unrolling bound: paths longer than the bound were not explored. On
   * its own it changes nothing (the cut provably hides no execution, or the answer was settled
   * by deepening); where a cut could change the result, {@link #WITHIN_LOOP_BOUND} says so.
   */
  LOOP_BOUND_HIT,
  /**
   * The result holds within the loop bound {@link CheckResult#loopBound()}: a path was cut at
   * a loop ({@link CheckResult#cutLoops()}) whose next iteration could change what the result
   * shows (docs/model.md "Loops and the bound"). The states listed are allowed, but longer
   * executions may allow more ({@link CheckResult#hasAllStates()} is false); a {@link
   * Verdict#FORBIDDEN} verdict holds only within the bound. With the default bound the check
   * deepens first, so this comes with a verdict a witness settled ({@link Verdict#ALLOWED},
   * the listing partial) or with {@link Verdict#UNKNOWN} at {@link
   * CheckOptions#MAX_DEEPENED_LOOP_BOUND}; with an explicit bound ({@link
   * CheckOptions#withLoopBound}) with whatever was found within it.
   */
  WITHIN_LOOP_BOUND,
  /**
   * Some candidate executions cannot complete: a thread waits forever at a barrier, or the
   * barriers make base causality cyclic. They contribute no final state.
   */
  DEADLOCK,
  /**
   * Some loop may spin forever in a fair execution (as Dat3M's liveness check): a
   * consistent execution ends with a thread in a loop whose last iteration reads only values
   * that repeat forever (from writes last in coherence order), so the loop never exits. The
   * loops are listed by {@link CheckResult#nonTerminatingLoops()}. Unlike {@link
   * #LOOP_BOUND_HIT}, which says only that unrolling was cut, this is a property of the test.
   */
  MAY_NOT_TERMINATE,
  /**
   * Some consistent execution accesses memory through a value that is no address (a pointer
   * read returned a number, or pointed outside every location): that thread stops at the
   * access, and such executions contribute no final state.
   */
  BAD_ADDRESS,
  /**
   * The test has a {@code filter} clause and no final state passes it (herd's filter discards
   * executions before the condition is judged): the condition was judged on no execution at
   * all, so its verdict, listing and counts say nothing about the test. The verdict is what an
   * empty state set gives ({@link Verdict#FORBIDDEN}); the reports print the flag, and every
   * state assertion fails on it naming the filter ({@link CheckResult#filterText()}). Where
   * only the outcome was searched for (decide mode), the filter alone is decided too.
   */
  FILTER_PASSES_NONE,
  /**
   * A time, candidate or memory limit was hit, or the check deepened to {@link
   * CheckOptions#MAX_DEEPENED_LOOP_BOUND} without settling the answer: the state set may be
   * incomplete; {@link CheckResult#unknownReason()} names the limit.
   */
  LIMIT_HIT,
  /**
   * The test uses texture or surface accesses, to which 8.1 says the model does not apply;
   * they are modelled as NVIDIA's proxy work does.
   */
  OUTSIDE_MODEL,
  /**
   * Decide mode: only the condition was decided (the pruned search stopped at the first
   * witness). The states listed are witnesses, not every allowed state; the counts are of
   * distinct states found; and {@link #DATA_RACE} reflects only the witness execution, not all
   * executions (a test with possible partial overlaps is never decided this way, so {@link
   * #MIXED_SIZE_RACE} and the UNDEFINED verdict stay exact).
   */
  DECIDED,
  /**
   * States mode on a test too large for the exhaustive search (estimated candidate space over
   * 2^{@link CheckOptions#AUTO_DECIDE_LOG2}): the pruned search listed every allowed state
   * exactly, once each, so the counts are of distinct states, not executions, and {@link
   * #DATA_RACE} speaks of one witness execution per state.
   */
  DISTINCT_STATES
}
