package io.github.ptxlitmus.check;

import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.LitmusWarning;
import io.github.ptxlitmus.litmus.FinalCondition;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The result of checking one litmus test under the PTX model. Immutable.
 *
 * <p>Accessors:
 *
 * <ul>
 *   <li>{@code testName}: the test's name from its {@code PTX <name>} header;
 *   <li>{@code source}: the file name given to the parser;
 *   <li>{@code states}: the allowed final states, sorted, without duplicates; restricted to
 *       the observed registers/locations (see {@link CheckOptions#allStates()});
 *   <li>{@code condition}: the test's final condition;
 *   <li>{@code conditionHolds}: the condition in the herd sense: {@code exists} holds when some
 *       allowed state satisfies the body; {@code ~exists} when none does; {@code forall} when
 *       all do;
 *   <li>{@code verdict}: whether the outcome of interest is allowed (see {@link Verdict});
 *   <li>{@code unknownReason}: for {@link Verdict#UNKNOWN} the limit that was hit, e.g. {@code
 *       "time limit 60 s"}; for {@link Verdict#UNDEFINED} the mixed-size racing pair; else
 *       empty;
 *   <li>{@code positive} / {@code negative}: consistent complete executions whose state
 *       satisfies / does not satisfy the body;
 *   <li>{@code flags}: qualifying facts (races, loop bound, deadlock, waits that never end,
 *       limits);
 *   <li>{@code millis}: wall-clock time of the check in milliseconds;
 *   <li>{@code candidates}: candidate executions examined;
 *   <li>{@code model}: the model that produced the result, e.g. {@code "ptx"} or {@code
 *       "dat3m-v7.5 without Causality"} ({@link io.github.ptxlitmus.model.ModelSpec#label()});
 *   <li>{@code nonTerminatingLoops}: with {@link Flag#MAY_NOT_TERMINATE}, the loops that may
 *       spin forever ({@code "P1 line 12"});
 *   <li>{@code modelFlags}: a cat model's {@code flag} checks raised by an allowed execution;
 *   <li>{@code loopBound}: the loop bound of the search that produced the result (after
 *       deepening, the bound reached);
 *   <li>{@code cutLoops}: with {@link Flag#WITHIN_LOOP_BOUND}, the loops whose cut at that
 *       bound could change the result ({@code "P1 line 3"}).
 * </ul>
 */
public final class CheckResult {
  private final String testName;
  private final String source;
  private final List<FinalState> states;
  private final FinalCondition condition;
  private final boolean conditionHolds;
  private final Verdict verdict;
  private final Optional<String> unknownReason;
  private final long positive;
  private final long negative;
  private final Set<Flag> flags;
  private final long millis;
  private final long candidates;
  private final Optional<Function<Condition, Explanation>> explainer;
  private final Optional<Recheck> recheck;
  private final String model;
  private final List<String> nonTerminatingLoops;
  private final List<LitmusWarning> warnings;
  private final List<String> modelFlags;
  private final int loopBound;
  private final List<String> cutLoops;
  private final Optional<Condition> filter;

  /**
   * Checks the same test again with the same options but another condition or mode; the
   * checker attaches one so that a result can answer questions its own search did not.
   */
  interface Recheck {
    /** Decide mode with {@code exists (state)} as the condition. */
    CheckResult decide(Condition state);

    /** States mode (every allowed state), unless that is hopeless; then an UNKNOWN result. */
    CheckResult listStates();

    /** Throws when {@code state} names a thread, register or location the test lacks. */
    void requireKnown(Condition state);
  }

  /**
   * A result without a checker attached ({@link #explain}, {@link #decide} and {@link
   * #listStates} throw); for tests and tools. The arguments are the accessors' values.
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
        negative, flags, millis, candidates, Optional.empty(), Optional.empty(), "ptx",
        List.of(), List.of(), List.of(), CheckOptions.defaults().loopBound(), List.of(),
        Optional.empty());
  }

  CheckResult(
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
      Optional<Function<Condition, Explanation>> explainer,
      Optional<Recheck> recheck,
      String model,
      List<LitmusWarning> warnings,
      List<String> nonTerminatingLoops,
      List<String> modelFlags,
      int loopBound,
      List<String> cutLoops,
      Optional<Condition> filter) {
    this.filter = Objects.requireNonNull(filter);
    this.model = Objects.requireNonNull(model);
    this.loopBound = loopBound;
    this.cutLoops = List.copyOf(cutLoops);
    this.modelFlags = List.copyOf(modelFlags);
    this.nonTerminatingLoops = List.copyOf(nonTerminatingLoops);
    this.testName = Objects.requireNonNull(testName);
    this.source = Objects.requireNonNull(source);
    this.states = List.copyOf(states);
    this.condition = Objects.requireNonNull(condition);
    this.conditionHolds = conditionHolds;
    this.verdict = Objects.requireNonNull(verdict);
    this.unknownReason = Objects.requireNonNull(unknownReason);
    this.positive = positive;
    this.negative = negative;
    this.flags = Set.copyOf(flags);
    this.millis = millis;
    this.candidates = candidates;
    this.explainer = explainer;
    this.recheck = recheck;
    this.warnings = List.copyOf(warnings);
  }

  /**
   * The Dat3M-only forms the test uses that PTX does not allow, each with what PTX allows and
   * how the test was read ({@link io.github.ptxlitmus.litmus.LitmusTest#warnings()}); empty
   * for tests in plain PTX.
   *
   * @return the warnings, in source order (unmodifiable)
   */
  public List<LitmusWarning> warnings() {
    return warnings;
  }

  /**
   * With {@link Flag#MAY_NOT_TERMINATE}: the loops that may spin forever, as {@code P<i> line
   * <n>} (the line of the loop's label); empty otherwise.
   *
   * @return the loops (unmodifiable)
   */
  public List<String> nonTerminatingLoops() {
    return nonTerminatingLoops;
  }

  /**
   * The flags a foreign model raised on some allowed execution: the names of a cat file's
   * {@code flag} checks that held ({@code check --cat}); empty for the built-in models, whose
   * facts are {@link #flags()}.
   *
   * @return the names, sorted (unmodifiable)
   */
  public List<String> modelFlags() {
    return modelFlags;
  }

  /**
   * The loop bound of the search that produced this result: how many times each backward
   * branch could be taken on a path. With the default options the check starts at 2 and
   * deepens where a cut could change the answer; this is the bound it ended at.
   *
   * @return the bound
   */
  public int loopBound() {
    return loopBound;
  }

  /**
   * With {@link Flag#WITHIN_LOOP_BOUND}: the loops whose paths were cut at {@link #loopBound()}
   * where another iteration could change the result, as {@code P<i> line <n>} (the line of
   * the loop's label); empty otherwise.
   *
   * @return the loops (unmodifiable)
   */
  public List<String> cutLoops() {
    return cutLoops;
  }

  /**
   * The test's {@code filter} clause, in the condition language ({@code P1:r0 == 1 /\ x ==
   * 2}): only final states satisfying it were judged. With {@link Flag#FILTER_PASSES_NONE} no
   * final state passed it.
   *
   * @return the filter, or empty when the test has none (or the result was built without one)
   */
  public Optional<String> filterText() {
    return filter.map(StateText::print);
  }

  /**
   * The model that produced this result.
   *
   * @return its label ({@link io.github.ptxlitmus.model.ModelSpec#label()}, or a foreign
   *     model's name)
   */
  public String model() {
    return model;
  }

  /**
   * The test's name from its {@code PTX <name>} header.
   *
   * @return the name
   */
  public String testName() {
    return testName;
  }

  /**
   * The file name given to the parser.
   *
   * @return the source name
   */
  public String source() {
    return source;
  }

  /**
   * The allowed final states found, sorted by value, without duplicates; every allowed state
   * only when {@link #hasAllStates()}.
   *
   * @return the states
   */
  public List<FinalState> states() {
    return states;
  }

  /**
   * The test's final condition.
   *
   * @return the condition
   */
  public FinalCondition condition() {
    return condition;
  }

  /**
   * Whether the condition holds in herd's sense; meaningless when {@link #verdict()} is
   * {@link Verdict#UNKNOWN}.
   *
   * @return true when it holds
   */
  public boolean conditionHolds() {
    return conditionHolds;
  }

  /**
   * Whether the outcome of interest is allowed.
   *
   * @return the verdict
   */
  public Verdict verdict() {
    return verdict;
  }

  /**
   * The limit hit (UNKNOWN) or the mixed-size racing pair (UNDEFINED).
   *
   * @return the reason, or empty
   */
  public Optional<String> unknownReason() {
    return unknownReason;
  }

  /**
   * Executions (states in decide mode) whose state satisfies the condition's body.
   *
   * @return the count
   */
  public long positive() {
    return positive;
  }

  /**
   * Executions (states in decide mode) whose state does not satisfy the body.
   *
   * @return the count
   */
  public long negative() {
    return negative;
  }

  /**
   * Qualifying facts about the check.
   *
   * @return the flags
   */
  public Set<Flag> flags() {
    return flags;
  }

  /**
   * Wall-clock time of the check.
   *
   * @return milliseconds
   */
  public long millis() {
    return millis;
  }

  /**
   * Candidate executions examined.
   *
   * @return the count
   */
  public long candidates() {
    return candidates;
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
    return recheck().decide(StateText.parse(state));
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
    return hasAllStates() ? this : recheck().listStates();
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
    recheck.ifPresent(r -> r.requireKnown(c));
  }

  private Recheck recheck() {
    return recheck.orElseThrow(
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
    return explainer().apply(StateText.parse(state));
  }

  private Function<Condition, Explanation> explainer() {
    return explainer.orElseThrow(
        () -> new IllegalStateException("result has no checker attached"));
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
    return explainer().apply(c);
  }

  static Function<Condition, Explanation> explainerFor(
      LitmusTest test,
      java.util.function.Supplier<io.github.ptxlitmus.search.SearchLimits> limits,
      io.github.ptxlitmus.model.MemoryModel model) {
    return c -> {
      StateText.requireKnown(c, test);
      return Explainer.explain(test, limits, model, c, StateText.print(c));
    };
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
