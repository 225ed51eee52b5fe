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
 *   <li>{@code flags}: qualifying facts (races, loop bound, deadlock, limits);
 *   <li>{@code millis}: wall-clock time of the check in milliseconds;
 *   <li>{@code candidates}: candidate executions examined;
 *   <li>{@code model}: the model that produced the result, e.g. {@code "ptx"} or {@code
 *       "dat3m-v7.5 without Causality"} ({@link io.github.ptxlitmus.model.ModelSpec#label()}).
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
  private final String model;
  private final List<LitmusWarning> warnings;

  /** A result without explanations ({@link #explain} throws); for tests and tools. */
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
        negative, flags, millis, candidates, Optional.empty(), "ptx", List.of());
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
      String model,
      List<LitmusWarning> warnings) {
    this.model = Objects.requireNonNull(model);
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
    this.warnings = List.copyOf(warnings);
  }

  /**
   * The Dat3M-only forms the test uses that PTX does not allow, each with what PTX allows and
   * how the test was read ({@link io.github.ptxlitmus.litmus.LitmusTest#warnings()}); empty
   * for tests in plain PTX.
   */
  public List<LitmusWarning> warnings() {
    return warnings;
  }

  /** The model that produced this result ({@link io.github.ptxlitmus.model.ModelSpec#label()}). */
  public String model() {
    return model;
  }

  public String testName() {
    return testName;
  }

  public String source() {
    return source;
  }

  public List<FinalState> states() {
    return states;
  }

  public FinalCondition condition() {
    return condition;
  }

  public boolean conditionHolds() {
    return conditionHolds;
  }

  public Verdict verdict() {
    return verdict;
  }

  public Optional<String> unknownReason() {
    return unknownReason;
  }

  public long positive() {
    return positive;
  }

  public long negative() {
    return negative;
  }

  public Set<Flag> flags() {
    return flags;
  }

  public long millis() {
    return millis;
  }

  public long candidates() {
    return candidates;
  }

  /** True when the flag is set. */
  public boolean has(Flag flag) {
    return flags.contains(flag);
  }

  /**
   * Explains a final state given as a proposition over registers and locations: {@code
   * "P1:r0 == 1 /\ P1:r1 == 0"}, {@code "P1:r0=1 /\ x=2"}, or a printed {@link FinalState}
   * ({@code "P1:r0=1; P1:r1=0;"}). Runs the search again (same options) without pruning, so it
   * costs more than the check.
   *
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

  /** Explains one of the {@link #states()} (or any state over the same keys). */
  public Explanation explain(FinalState state) {
    return explain(state.toString());
  }

  /**
   * Explains the outcome of interest: the condition's body for {@code exists}/{@code ~exists},
   * its negation for {@code forall}.
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
        && model.equals(r.model);
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
