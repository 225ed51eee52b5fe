package io.github.ptxlitmus.check;

import io.github.ptxlitmus.litmus.FinalCondition;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The result of checking one litmus test under the PTX model.
 *
 * @param testName the test's name from its {@code PTX <name>} header
 * @param source the file name given to the parser
 * @param states the allowed final states, sorted, without duplicates; restricted to the
 *     observed registers/locations (see {@link CheckOptions#allStates()})
 * @param condition the test's final condition
 * @param conditionHolds the condition in the herd sense: {@code exists} holds when some allowed
 *     state satisfies the body; {@code ~exists} when none does; {@code forall} when all do
 * @param verdict whether the outcome of interest is allowed (see {@link Verdict})
 * @param unknownReason for {@link Verdict#UNKNOWN}: the limit that was hit, e.g. {@code
 *     "time limit 60 s"}; for {@link Verdict#UNDEFINED}: the mixed-size racing pair; else empty
 * @param positive number of consistent complete executions whose state satisfies the body
 * @param negative number of consistent complete executions whose state does not
 * @param flags qualifying facts (races, loop bound, deadlock, limits)
 * @param millis wall-clock time of the check in milliseconds
 * @param candidates candidate executions examined
 */
public record CheckResult(
    String testName,
    String source,
    List<FinalState> states,
    FinalCondition condition,
    boolean conditionHolds,
    Verdict verdict,
    Optional<String> unknownReason,
    long positive,
    long negative,
    Set<Flag> flags,
    long millis,
    long candidates) {

  public CheckResult {
    states = List.copyOf(states);
    flags = Set.copyOf(flags);
  }

  /** True when the flag is set. */
  public boolean has(Flag flag) {
    return flags.contains(flag);
  }
}
