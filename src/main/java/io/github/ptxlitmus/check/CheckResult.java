package io.github.ptxlitmus.check;

import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.LitmusWarning;
import io.github.ptxlitmus.litmus.FinalCondition;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The result of checking one litmus test under the PTX model. Immutable; {@link #equals} compares
 * what the check found (every component but {@code warnings}, {@code nonTerminatingLoops},
 * {@code modelFlags}, {@code filter} and {@code checker}).
 *
 * @param testName the test's name from its {@code PTX <name>} header
 * @param source the file name given to the parser
 * @param states the allowed final states found, sorted by value, without duplicates; restricted
 *     to the observed registers/locations (see {@link CheckOptions#allStates()}); every allowed
 *     state only when {@link #hasAllStates()}
 * @param condition the test's final condition
 * @param conditionHolds the condition in the herd sense: {@code exists} holds when some allowed
 *     state satisfies the body; {@code ~exists} when none does; {@code forall} when all do;
 *     meaningless when {@code verdict} is {@link Verdict#UNKNOWN}
 * @param verdict whether the outcome of interest is allowed (see {@link Verdict})
 * @param unknownReason for {@link Verdict#UNKNOWN} the limit that was hit, e.g. {@code "time
 *     limit 60 s"}; for {@link Verdict#UNDEFINED} the mixed-size racing pair; else empty
 * @param positive consistent complete executions (states in decide mode) whose state satisfies
 *     the condition's body
 * @param negative those whose state does not satisfy the body
 * @param flags qualifying facts (races, loop bound, deadlock, waits that never end, limits)
 * @param millis wall-clock time of the check in milliseconds
 * @param candidates candidate executions examined
 * @param model the model that produced the result, e.g. {@code "ptx"} or {@code "dat3m-v7.5
 *     without Causality"} ({@link io.github.ptxlitmus.model.ModelSpec#label()}, or a foreign
 *     model's name)
 * @param warnings the Dat3M-only forms the test uses that PTX does not allow, each with what PTX
 *     allows and how the test was read ({@link LitmusTest#warnings()}), in source order; empty
 *     for tests in plain PTX
 * @param nonTerminatingLoops with {@link Flag#MAY_NOT_TERMINATE}, the loops that may spin
 *     forever, as {@code P<i> line <n>} (the line of the loop's label); empty otherwise
 * @param modelFlags the flags a foreign model raised on some allowed execution: the names of a
 *     cat file's {@code flag} checks that held ({@code check --cat}), sorted; empty for the
 *     built-in models, whose facts are {@code flags}
 * @param loopBound the loop bound of the search that produced the result: how many times each
 *     backward branch could be taken on a path. With the default options the check starts at 2
 *     and deepens where a cut could change the answer; this is the bound it ended at
 * @param cutLoops with {@link Flag#WITHIN_LOOP_BOUND}, the loops whose paths were cut at {@code
 *     loopBound} where another iteration could change the result, as {@code P<i> line <n>};
 *     empty otherwise
 * @param filter the test's {@code filter} clause: only final states satisfying it were judged
 *     (with {@link Flag#FILTER_PASSES_NONE} none passed it); empty when the test has none
 * @param checker the checker that produced the result, which {@link #decide}, {@link
 *     #listStates} and {@link #explain} ask; empty for a result built without one (then they
 *     throw)
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
    long candidates,
    String model,
    List<LitmusWarning> warnings,
    List<String> nonTerminatingLoops,
    List<String> modelFlags,
    int loopBound,
    List<String> cutLoops,
    Optional<Condition> filter,
    Optional<Checker> checker) {

  /**
   * What a result asks the checker that produced it: the same test checked again with the same
   * options but another condition or mode, or explained. {@link LitmusChecker} attaches one so
   * that a result can answer questions its own search did not.
   */
  public interface Checker {
    /**
     * Decide mode with {@code exists (state)} as the condition.
     *
     * @param state a proposition over the test's registers and locations
     * @return the result of the re-check
     */
    CheckResult decide(Condition state);

    /**
     * States mode (every allowed state), unless that is hopeless; then an UNKNOWN result.
     *
     * @return the result of the re-check
     */
    CheckResult listStates();

    /**
     * Checks that {@code state} names only threads, registers and locations the test has.
     *
     * @param state a proposition
     * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when it names one the test lacks
     */
    void requireKnown(Condition state);

    /**
     * Why the model allows or forbids final states satisfying {@code state}.
     *
     * @param state a proposition
     * @return the explanation
     */
    Explanation explain(Condition state);
  }

  /**
   * A result without a checker attached ({@link #explain}, {@link #decide} and {@link
   * #listStates} throw), under model {@code ptx} at the default loop bound with no warnings,
   * loops or filter; for tests and tools. The arguments are the components of the same names.
   *
   * @param testName see {@link #testName()}
   * @param source see {@link #source()}
   * @param states see {@link #states()}
   * @param condition see {@link #condition()}
   * @param conditionHolds see {@link #conditionHolds()}
   * @param verdict see {@link #verdict()}
   * @param unknownReason see {@link #unknownReason()}
   * @param positive see {@link #positive()}
   * @param negative see {@link #negative()}
   * @param flags see {@link #flags()}
   * @param millis see {@link #millis()}
   * @param candidates see {@link #candidates()}
   */
  public CheckResult(
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
    this(testName, source, states, condition, conditionHolds, verdict, unknownReason, positive,
        negative, flags, millis, candidates, "ptx", List.of(), List.of(), List.of(),
        CheckOptions.defaults().loopBound(), List.of(), Optional.empty(), Optional.empty());
  }

  /**
   * Copies the collections (unmodifiable); no component may be or hold null.
   *
   * @param testName see above
   * @param source see above
   * @param states see above
   * @param condition see above
   * @param conditionHolds see above
   * @param verdict see above
   * @param unknownReason see above
   * @param positive see above
   * @param negative see above
   * @param flags see above
   * @param millis see above
   * @param candidates see above
   * @param model see above
   * @param warnings see above
   * @param nonTerminatingLoops see above
   * @param modelFlags see above
   * @param loopBound see above
   * @param cutLoops see above
   * @param filter see above
   * @param checker see above
   */
  public CheckResult {
    Objects.requireNonNull(testName);
    Objects.requireNonNull(source);
    states = List.copyOf(states);
    Objects.requireNonNull(condition);
    Objects.requireNonNull(verdict);
    Objects.requireNonNull(unknownReason);
    flags = Set.copyOf(flags);
    Objects.requireNonNull(model);
    warnings = List.copyOf(warnings);
    nonTerminatingLoops = List.copyOf(nonTerminatingLoops);
    modelFlags = List.copyOf(modelFlags);
    cutLoops = List.copyOf(cutLoops);
    Objects.requireNonNull(filter);
    Objects.requireNonNull(checker);
  }

  /**
   * The test's {@code filter} clause, in the condition language ({@code P1:r0 == 1 /\ x ==
   * 2}).
   *
   * @return the filter, or empty when the test has none (or the result was built without one)
   */
  public Optional<String> filterText() {
    return filter.map(StateText::print);
  }

  /**
   * Whether {@link #states()} lists every allowed final state: the check ran in states mode,
   * hit no limit, and no loop cut could hide a state. When false (decide mode keeps only a
   * witness; a limit or a loop cut leaves the list partial), a state missing from {@link
   * #states()} may still be allowed: ask {@link #decide(String)}.
   *
   * @return true when the state list, the counts and the race flags cover every execution
   */
  public boolean hasAllStates() {
    return !flags.contains(Flag.DECIDED) && !flags.contains(Flag.LIMIT_HIT)
        && !flags.contains(Flag.WITHIN_LOOP_BOUND) && verdict != Verdict.UNKNOWN;
  }

  /**
   * Whether {@link #verdict()} was decided: it is not {@link Verdict#UNKNOWN}, and not a
   * {@link Verdict#FORBIDDEN} that holds only within an explicit loop bound whose cut could
   * change it ({@link Flag#WITHIN_LOOP_BOUND}: no witness within the bound, but a longer
   * execution may show one). An {@link Verdict#ALLOWED} verdict is always decided (its witness
   * is an execution of the test), and so is {@link Verdict#UNDEFINED}.
   *
   * @return false when the verdict must not be taken as an answer
   */
  public boolean verdictDecided() {
    return verdict != Verdict.UNKNOWN
        && !(flags.contains(Flag.WITHIN_LOOP_BOUND) && verdict == Verdict.FORBIDDEN);
  }


  /**
   * With {@link Flag#WITHIN_LOOP_BOUND}: the bound the result holds within and the loops whose
   * cut could change it, in the words reports and assertions use: {@code "within loop bound 2
   * (P1 line 3 cut)"}.
   *
   * @return the words, or empty without that flag
   */
  public Optional<String> withinLoopBound() {
    return has(Flag.WITHIN_LOOP_BOUND)
        ? Optional.of("within loop bound " + loopBound + " (" + String.join(", ", cutLoops)
            + " cut)")
        : Optional.empty();
  }

  /**
   * Decides whether the model allows a final state satisfying {@code state}, whatever this
   * result's mode: re-checks the same test with the same options in decide mode, with {@code
   * exists (state)} as its condition (the test's filter still applies). The answer's {@link
   * #verdict()} is {@link Verdict#ALLOWED} (some allowed state satisfies it; {@link #states()}
   * holds a witness), {@link Verdict#FORBIDDEN} (none does), {@link Verdict#UNKNOWN} (a limit
   * stopped the search; {@link #unknownReason()} names it) or {@link Verdict#UNDEFINED}.
   *
   * @param state a proposition ({@code "P1:r0 == 1 /\\ x == 2"}) or a printed state ({@code
   *     "P1:r0=1; x=2;"}); {@code %r0} and {@code r0} name the same register
   * @return the result of the re-check
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when the state does not parse or
   *     names a thread, register or location the test does not have
   * @throws IllegalStateException when this result was built without a checker
   */
  public CheckResult decide(String state) {
    return attached().decide(StateText.parse(state));
  }

  /**
   * This result when it {@link #hasAllStates() has all states}, else the result of re-checking
   * the same test with the same options in states mode. That re-check is bounded by the same
   * limits; when the observed values have more than 2^{@link
   * CheckOptions#AUTO_DECIDE_STATES_LOG2} combinations it is not attempted, and the answer is an {@link Verdict#UNKNOWN} result whose {@link #unknownReason()} says so.
   *
   * @return a result with every allowed state, or an UNKNOWN one saying why there is none
   * @throws IllegalStateException when this result was built without a checker
   */
  public CheckResult listStates() {
    return hasAllStates() ? this : attached().listStates();
  }

  /**
   * Checks that {@code state} names only threads, registers and locations the test has, as the
   * parser does for the test's own condition, whatever the result's states hold (there are none
   * when no execution completes). The assertions call it, so that a misspelt name fails instead
   * of passing vacuously.
   *
   * @param state a proposition ({@code "P1:r0 == 1 /\\ x == 2"}) or a printed state ({@code
   *     "P1:r0=1; x=2;"})
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when the state does not parse or
   *     names a thread, register or location the test does not have (a result built without a
   *     checker knows no test: only the syntax is checked)
   */
  public void requireKnown(String state) {
    Condition c = StateText.parse(state);
    checker.ifPresent(r -> r.requireKnown(c));
  }

  private Checker attached() {
    return checker.orElseThrow(
        () -> new IllegalStateException("result has no checker attached"));
  }

  /**
   * Whether a flag is set.
   *
   * @param flag the flag
   * @return true when it is set
   */
  public boolean has(Flag flag) {
    return flags.contains(flag);
  }

  /**
   * Explains a final state given as a proposition over registers and locations: {@code
   * "P1:r0 == 1 /\ P1:r1 == 0"}, {@code "P1:r0=1 /\ x=2"}, or a printed {@link FinalState}
   * ({@code "P1:r0=1; P1:r1=0;"}). Runs the search again (same options) without pruning, so it
   * costs more than the check.
   *
   * @param state the state
   * @return why the model allows or forbids it
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when the state does not parse or
   *     names a thread, register or location the test does not have
   * @throws IllegalStateException when this result was built without a checker
   */
  public Explanation explain(String state) {
    return attached().explain(StateText.parse(state));
  }

  /**
   * Explains one of the {@link #states()} (or any state over the same keys).
   *
   * @param state the state
   * @return why the model allows or forbids it
   */
  public Explanation explain(FinalState state) {
    return explain(state.toString());
  }

  /**
   * Explains the outcome of interest: the condition's body for {@code exists}/{@code ~exists},
   * its negation for {@code forall}.
   *
   * @return why the model allows or forbids it
   */
  public Explanation explainCondition() {
    Condition c =
        condition.quantifier() == FinalCondition.Quantifier.FORALL
            ? new Condition.Not(condition.body())
            : condition.body();
    return attached().explain(c);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CheckResult r
        && testName.equals(r.testName)
        && source.equals(r.source)
        && states.equals(r.states)
        && condition.equals(r.condition)
        && conditionHolds == r.conditionHolds
        && verdict == r.verdict
        && unknownReason.equals(r.unknownReason)
        && positive == r.positive
        && negative == r.negative
        && flags.equals(r.flags)
        && millis == r.millis
        && candidates == r.candidates
        && model.equals(r.model)
        && loopBound == r.loopBound
        && cutLoops.equals(r.cutLoops);
  }

  @Override
  public int hashCode() {
    return Objects.hash(testName, source, states, condition, verdict, flags, positive, negative);
  }

  @Override
  public String toString() {
    return "CheckResult[" + testName + " " + verdict + ", " + states.size() + " states, flags="
        + flags + "]";
  }
}
