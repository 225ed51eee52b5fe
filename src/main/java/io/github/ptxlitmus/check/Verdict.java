package io.github.ptxlitmus.check;

/**
 * The answer for a test's outcome of interest: the state its condition describes ({@code
 * exists}, {@code ~exists}) or, for {@code forall}, a state that violates it.
 *
 * <ul>
 *   <li>{@link #ALLOWED}: the model allows at least one final state showing the outcome;
 *   <li>{@link #FORBIDDEN}: no allowed final state shows it;
 *   <li>{@link #UNKNOWN}: a limit (time, candidates, loop bound in decide mode) was hit before
 *       the answer was certain; {@link CheckResult#unknownReason()} names it;
 *   <li>{@link #UNDEFINED}: a consistent execution has a mixed-size data race, so the axioms
 *       do not apply (8.7.2).
 * </ul>
 */
public enum Verdict {
  /** The model allows a final state showing the outcome of interest. */
  ALLOWED,
  /** No allowed final state shows the outcome of interest. */
  FORBIDDEN,
  /** A limit was hit before the answer was certain. */
  UNKNOWN,
  /** A consistent execution has a mixed-size data race (8.7.2). */
  UNDEFINED
}
