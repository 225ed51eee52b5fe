package io.github.ptxlitmus.testing;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on a {@link CheckResult}; obtain one with {@link
 * LitmusAssertions#assertThat(CheckResult)}. Each assertion returns {@code this}, so they chain:
 *
 * <pre>{@code
 * assertThat(result).isForbidden().allows("P1:r0=0 /\\ P1:r1=0").hasNoDataRace();
 * }</pre>
 *
 * <p>States are written in the condition language ({@code P1:r1 == 1 /\ x == 2}, {@code =}
 * and {@code ==} alike) or, where a full state is meant, also as {@code P1:r1=1; x=2;}.
 * Failure messages list the expected and the allowed states, one per line.
 *
 * <p>No assertion passes vacuously. When the result {@link CheckResult#hasAllStates() holds
 * every allowed state} (states mode, no limit hit) states are evaluated against {@link
 * CheckResult#states()}, which hold only the observed keys: a key that is not observed fails
 * the assertion (check with {@code CheckOptions.defaults().withAllStates(true)} to observe
 * every register and location). Otherwise (decide mode keeps only a witness) a state the list
 * does not settle is decided by re-checking the test with that state as its condition ({@link
 * CheckResult#decide(String)}), and {@link #hasExactlyStates}, {@link #hasNoDataRace()} and
 * absent flags re-check in states mode ({@link CheckResult#listStates()}); when that re-check
 * hits a limit the assertion fails and says which. A result whose verdict is {@link
 * Verdict#UNKNOWN} fails every assertion except {@link #isUnknown()} and {@code
 * hasFlag(Flag.LIMIT_HIT)}, naming the limit. A result whose verdict is {@link
 * Verdict#UNDEFINED} (a mixed-size data race: the model does not apply, 8.7.2) fails every
 * assertion about states, the condition or races, naming the race; {@link #isUndefined()},
 * {@code hasFlag} of a set flag and {@link #meets} of expectations that say {@code Undefined}
 * pass. A state that names a thread, register or location the test does not have fails the
 * assertion, even when no execution completes. {@link #meets} of empty expectations fails. A
 * result that holds only within its loop bound ({@link Flag#WITHIN_LOOP_BOUND}: a loop was cut
 * where another iteration could change the answer) supports what a witness shows ({@link
 * #isAllowed()}, {@link #allows} of a state found) and fails every assertion that something
 * never happens ({@link #isForbidden()}, {@link #forbids}, {@link #hasExactlyStates}, ...),
 * naming the bound and the loop. A result where no final state passes the test's {@code
 * filter} ({@link Flag#FILTER_PASSES_NONE}) fails every assertion except {@code hasFlag} of a
 * set flag and {@link #meets} of an oracle that lists that flag, naming the filter: its
 * condition was judged on no execution.
 *
 * <p>Not thread-safe (like every AssertJ assert): use one instance from one thread.
 */
public final class CheckResultAssert extends AbstractAssert<CheckResultAssert, CheckResult> {

  /**
   * An assert on {@code actual}.
   *
   * @param actual the result under test; a null result fails every assertion
   */
  public CheckResultAssert(CheckResult actual) {
    super(actual, CheckResultAssert.class);
  }

  /**
   * The outcome of interest is allowed ({@link Verdict#ALLOWED}).
   *
   * @return this
   * @throws AssertionError when the verdict is anything else
   */
  public CheckResultAssert isAllowed() {
    return hasVerdict(Verdict.ALLOWED);
  }

  /**
   * The outcome of interest is forbidden ({@link Verdict#FORBIDDEN}).
   *
   * @return this
   * @throws AssertionError when the verdict is anything else
   */
  public CheckResultAssert isForbidden() {
    return hasVerdict(Verdict.FORBIDDEN);
  }

  /**
   * The verdict is {@link Verdict#UNDEFINED}: a mixed-size data race (8.7.2).
   *
   * @return this
   * @throws AssertionError when the verdict is anything else
   */
  public CheckResultAssert isUndefined() {
    return hasVerdict(Verdict.UNDEFINED);
  }

  /**
   * A limit stopped the check before the answer was certain ({@link Verdict#UNKNOWN}).
   *
   * @return this
   * @throws AssertionError when the verdict is definite
   */
  public CheckResultAssert isUnknown() {
    isNotNull();
    if (actual.verdict() != Verdict.UNKNOWN) {
      fail("Expecting the check of " + name() + " to be UNKNOWN (stopped by a limit) but its"
          + " verdict is " + verdict() + ".");
    }
    return this;
  }

  private CheckResultAssert hasVerdict(Verdict expected) {
    known("to be " + expected);
    if (expected == Verdict.FORBIDDEN) {
      notOnlyWithinBound(actual, "Expecting the outcome of interest of " + name() + "\n  "
          + condition() + "\nto be FORBIDDEN\n");
    }
    if (actual.verdict() != expected) {
      fail("Expecting the outcome of interest of " + name() + "\n  " + condition()
          + "\nto be " + expected + " but it is " + verdict() + ".\n" + allowed());
    }
    return this;
  }

  /**
   * The test's condition holds in the herd sense ({@code exists}: some allowed state satisfies
   * the body; {@code ~exists}: none does; {@code forall}: all do).
   *
   * @return this
   * @throws AssertionError when it fails
   */
  public CheckResultAssert conditionHolds() {
    return condition(true);
  }

  /**
   * The test's condition fails (the negation of {@link #conditionHolds()}).
   *
   * @return this
   * @throws AssertionError when it holds
   */
  public CheckResultAssert conditionFails() {
    return condition(false);
  }

  private CheckResultAssert condition(boolean holds) {
    decided("to have a condition that " + (holds ? "holds" : "fails"));
    notOnlyWithinBound(actual, "Expecting the condition of " + name() + "\n  " + condition()
        + "\nto " + (holds ? "hold" : "fail") + "\n");
    if (actual.conditionHolds() != holds) {
      fail("Expecting the condition of " + name() + "\n  " + condition() + "\nto "
          + (holds ? "hold but it fails" : "fail but it holds") + ".\n" + allowed());
    }
    return this;
  }

  /**
   * Some allowed final state satisfies {@code state}.
   *
   * @param state a proposition in the condition language, e.g. {@code "P1:r1=1 /\\ P1:r2=0"}
   * @return this
   * @throws AssertionError when no allowed state satisfies it (the message ends with the
   *     model's explanation, {@link CheckResult#explain(String)}, when the result has one), or
   *     it names a key the states do not observe
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when {@code state} does not parse
   */
  public CheckResultAssert allows(String state) {
    Condition c = parse(state);
    String head = expect(state, c, "to allow a final state with");
    if (actual.hasAllStates()) {
      checkObserved(c, head);
      if (actual.states().stream().noneMatch(s -> States.holds(c, s))) {
        fail(head + "but no allowed final state satisfies it.\n" + allowed()
            + explanation(state));
      }
    } else if (!listedSatisfies(c)) {
      CheckResult decided = decide(state, head);
      if (decided.verdict() != Verdict.ALLOWED) {
        // No explanation here: listing the candidates of a large test can take the whole limit.
        fail(head + "but the model forbids it (decided by a search with that state as the"
            + " condition; " + mode() + "). CheckResult.explain(state) says why.");
      }
    }
    return this;
  }

  /**
   * The first line of a failure message about {@code state}, once the result is known to decide
   * and {@code state} to name only what the test has.
   */
  private String expect(String state, Condition c, String expectation) {
    String head = "Expecting " + name() + " " + expectation + "\n  "
        + LitmusPrinter.condition(c) + "\n";
    decided(head);
    requireKnown(state, head);
    return head;
  }

  /**
   * Why the model forbids {@code state}, from {@link CheckResult#explain(String)}, or empty when
   * the result cannot explain (built without a checker) or the explanation fails.
   */
  private String explanation(String state) {
    try {
      return "\nWhy:\n" + actual.explain(state).toString().stripTrailing();
    } catch (RuntimeException e) {
      return "";
    }
  }

  /**
   * No allowed final state satisfies {@code state}.
   *
   * @param state a proposition in the condition language, e.g. {@code "P1:r1 == 1 /\\ x == 2"}
   * @return this
   * @throws AssertionError when some allowed state satisfies it, or it names a key the states
   *     do not observe
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when {@code state} does not parse
   */
  public CheckResultAssert forbids(String state) {
    Condition c = parse(state);
    String head = expect(state, c, "to forbid every final state with");
    if (actual.hasAllStates() || listedSatisfies(c)) {
      checkObserved(c, head);
      List<FinalState> witnesses =
          actual.states().stream().filter(s -> States.holds(c, s)).collect(Collectors.toList());
      if (!witnesses.isEmpty()) {
        fail(head + "but these allowed final states satisfy it:\n"
            + States.lines(witnesses, "  ") + "\n" + allowed());
      }
      return this;
    }
    CheckResult decided = decide(state, head);
    notOnlyWithinBound(decided, head);
    if (decided.verdict() != Verdict.FORBIDDEN) {
      fail(head + "but the model allows it (decided by a search with that state as the"
          + " condition; " + mode() + "); a witness state:\n"
          + States.lines(decided.states(), "  "));
    }
    return this;
  }

  /**
   * Whether a listed state satisfies {@code c}: every listed state is allowed (a consistent
   * execution produced it), so this settles {@code allows} even when the list is partial.
   * False when {@code c} reads a key the list does not observe.
   */
  private boolean listedSatisfies(Condition c) {
    if (actual.states().isEmpty()) {
      return false;
    }
    Set<String> observed = actual.states().get(0).values().keySet();
    return observed.containsAll(States.keys(c))
        && actual.states().stream().anyMatch(s -> States.holds(c, s));
  }

  /**
   * {@link CheckResult#decide(String)}, or a failure when it cannot decide: no checker
   * attached, a key the test does not have, or a limit.
   */
  private CheckResult decide(String state, String head) {
    CheckResult decided;
    try {
      decided = actual.decide(state);
    } catch (IllegalStateException e) {
      fail(head + "but cannot tell: " + mode() + " and the result has no checker attached to"
          + " decide the state.");
      throw e;
    } catch (io.github.ptxlitmus.litmus.LitmusSyntaxException e) {
      fail(head + "but the state is not one of this test: " + e.getMessage());
      throw e;
    }
    if (decided.verdict() == Verdict.UNKNOWN || decided.verdict() == Verdict.UNDEFINED) {
      fail(head + "but cannot tell: " + mode() + ", and deciding the state was stopped: "
          + decided.verdict() + decided.unknownReason().map(r -> " (" + r + ")").orElse("")
          + ".");
    }
    return decided;
  }

  /** Why {@link CheckResult#states()} do not settle a query, for messages. */
  private String mode() {
    return actual.has(Flag.DECIDED)
        ? "the check ran in decide mode, which keeps only a witness state"
        : actual.has(Flag.WITHIN_LOOP_BOUND) && actual.unknownReason().isEmpty()
            ? withinBound(actual)
            : "the state list is incomplete";
  }

  /**
   * The result with every allowed state ({@link CheckResult#listStates()}), or a failure
   * saying why there is none.
   */
  private CheckResult allStates(String head) {
    if (actual.hasAllStates()) {
      return actual;
    }
    CheckResult listed;
    try {
      listed = actual.listStates();
    } catch (IllegalStateException e) {
      fail(head + "but cannot tell: " + mode() + " and the result has no checker attached to"
          + " list every state.");
      throw e;
    }
    if (!listed.hasAllStates()) {
      fail(head + "but cannot tell: " + mode() + ", and listing every state in states mode was"
          + " stopped: " + listed.unknownReason().orElseGet(() -> listed.has(
              Flag.WITHIN_LOOP_BOUND) ? withinBound(listed) : "a limit was hit")
          + ". Assert allows/forbids of single states instead, or raise the limit.");
    }
    return listed;
  }

  /**
   * Fails when {@code r} found no witness and holds only within its loop bound: that nothing
   * was found rests on a loop cut another iteration could change.
   */
  private void notOnlyWithinBound(CheckResult r, String head) {
    if (r.verdict() != Verdict.UNKNOWN && !r.verdictDecided()) {
      fail(head + "but cannot tell: " + withinBound(r) + ". Nothing was found within the"
          + " bound, but a longer execution may show it. Check without an explicit loop bound"
          + " (CheckOptions.withLoopBound) to let the checker deepen, or with a larger one.");
    }
  }

  /** {@code "the result holds only within loop bound 2 (P1 line 3 cut), where ..."}. */
  private static String withinBound(CheckResult r) {
    return "the result holds only " + r.withinLoopBound().orElseThrow()
        + ", where another iteration could change the answer";
  }

  /**
   * Fails when the verdict is UNKNOWN: nothing about the test is certain then; or when no final
   * state passes the filter: the condition was judged on no execution.
   */
  private void known(String what) {
    known(what, false);
  }

  /** As {@link #known(String)}; {@code filterExpected}: an oracle lists FILTER_PASSES_NONE. */
  private void known(String what, boolean filterExpected) {
    isNotNull();
    if (actual.has(Flag.FILTER_PASSES_NONE) && !filterExpected) {
      fail(headOf(what) + "but no execution passes the filter " + actual.filterText()
          .map(f -> "(" + f + ")").orElse("") + ": the condition was judged on no execution,"
          + " so nothing about it was decided (flag FILTER_PASSES_NONE). Fix the filter, or"
          + " assert hasFlag(Flag.FILTER_PASSES_NONE).");
    }
    if (actual.verdict() == Verdict.UNKNOWN) {
      fail(headOf(what) + "but the check stopped at a limit before the answer was certain: "
          + verdict() + (actual.unknownReason().orElse("").startsWith("loop bound")
              ? ". Check with a larger explicit bound (CheckOptions.withLoopBound), whose"
                  + " result holds within it."
              : ". Raise the limit (CheckOptions.withTimeLimit / withCandidateLimit)."));
    }
  }

  /**
   * Fails when the verdict is UNKNOWN (see {@link #known}) or UNDEFINED: with a mixed-size data
   * race the model does not apply (8.7.2), so it neither allows nor forbids any final state.
   */
  private void decided(String what) {
    known(what);
    if (actual.verdict() == Verdict.UNDEFINED) {
      fail(headOf(what) + "but the verdict is " + verdict() + ": with a mixed-size data race the"
          + " model does not apply (8.7.2), so it neither allows nor forbids a final state.");
    }
  }

  private String headOf(String what) {
    return what.startsWith("Expecting") ? what : "Expecting " + name() + " " + what + "\n";
  }

  /** Fails when {@code state} names a thread, register or location the test does not have. */
  private void requireKnown(String state, String head) {
    try {
      actual.requireKnown(state);
    } catch (io.github.ptxlitmus.litmus.LitmusSyntaxException e) {
      fail(head + "but the state is not one of this test: " + e.reason() + ".");
    }
  }

  private static Condition parse(String state) {
    return io.github.ptxlitmus.check.StateText.parse(state);
  }

  /**
   * The allowed final states are exactly {@code states} (order irrelevant).
   *
   * @param states one full state per string: {@code "P1:r0=1; P1:r1=0;"} or {@code "P1:r0 == 1
   *     /\\ P1:r1 == 0"}; no strings means no execution completes
   * @return this
   * @throws AssertionError when a state is missing or an unexpected one is allowed
   * @throws IllegalArgumentException when a string is not a full state
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when a condition form does not parse
   */
  public CheckResultAssert hasExactlyStates(String... states) {
    Set<FinalState> expected = new LinkedHashSet<>();
    for (String s : states) {
      expected.add(States.parseState(s));
    }
    String head = "Expecting " + name() + " to have exactly these final states ("
        + expected.size() + "):\n" + States.lines(expected, "  ") + "\n";
    decided(head);
    for (String s : states) {
      requireKnown(s, head);
    }
    CheckResult all = allStates(head);
    String diff = States.diff(expected, all.states());
    if (!diff.isEmpty()) {
      fail(head + "but " + allowed("the allowed final states are", all) + "\n" + diff);
    }
    return this;
  }

  /**
   * No consistent execution has a data race: neither {@link Flag#DATA_RACE} nor {@link
   * Flag#MIXED_SIZE_RACE} is set.
   *
   * @return this
   * @throws AssertionError when a race flag is set
   */
  public CheckResultAssert hasNoDataRace() {
    String head = "Expecting " + name() + " to have no data race\n";
    decided(head);
    CheckResult all =
        actual.has(Flag.DATA_RACE) || actual.has(Flag.MIXED_SIZE_RACE) ? actual : allStates(head);
    if (all.has(Flag.DATA_RACE) || all.has(Flag.MIXED_SIZE_RACE)) {
      fail("Expecting " + name() + " to have no data race but its flags are " + flags(all)
          + all.unknownReason().map(r -> " (" + r + ")").orElse("") + ".");
    }
    return this;
  }

  /**
   * The flag is set.
   *
   * @param flag the flag
   * @return this
   * @throws AssertionError when it is not set
   */
  public CheckResultAssert hasFlag(Flag flag) {
    isNotNull();
    if (actual.has(flag) && (flag == Flag.LIMIT_HIT || actual.verdict() != Verdict.UNKNOWN)) {
      return this; // a set flag is a fact about some execution (or about the check itself)
    }
    String head = "Expecting " + name() + " to have flag " + flag + "\n";
    known(head);
    CheckResult all = flag == Flag.DECIDED ? actual : allStates(head);
    if (!all.has(flag)) {
      fail("Expecting " + name() + " to have flag " + flag + " but its flags are " + flags(all)
          + ".");
    }
    return this;
  }

  /**
   * The result meets a file's oracle (see {@link Expectations} for the rules). All mismatches
   * are reported at once. Empty expectations (a file without oracle comments) fail: they would
   * pass whatever the model says. An {@link Verdict#UNDEFINED} result meets only expectations
   * whose verdict is {@code Undefined}.
   *
   * @param expected the expectations, e.g. from {@link Expectations#read(java.nio.file.Path)}
   * @return this
   * @throws AssertionError when any part of the expectations is not met, or there are none
   */
  public CheckResultAssert meets(Expectations expected) {
    isNotNull();
    if (expected.isEmpty()) {
      fail("Expecting " + name() + " to meet its expectations, but there are none: a file"
          + " without oracle comments (or with misspelt ones) would pass whatever the model"
          + " says. Add a (* expect: Allowed|Forbidden *) or (* expect-states: ... *) comment.");
    }
    // An oracle that lists FILTER_PASSES_NONE expects the filter to pass nothing.
    boolean filterExpected = expected.flags().contains(Flag.FILTER_PASSES_NONE);
    if (expected.verdict().filter(v -> v == Verdict.UNDEFINED).isEmpty() && !filterExpected) {
      decided("to meet its expectations");
    }
    known("to meet its expectations", filterExpected);
    Expectations.Comparison c = expected.compare(actual);
    if (!c.met()) {
      StringBuilder b = new StringBuilder("Expecting " + name() + " to meet its expectations, but:\n");
      c.problems().forEach(p -> b.append("  ").append(p).append('\n'));
      expected.states().ifPresent(s -> b.append("Expected final states (").append(s.size())
          .append("):\n").append(States.lines(s, "  ")).append('\n'));
      b.append(allowed("Allowed final states", c.listed()));
      if (!c.stateDiff().isEmpty()) {
        b.append('\n').append(c.stateDiff());
      }
      b.append("\nFlags: ").append(flags(c.listed()));
      fail(b.toString());
    }
    return this;
  }

  /** Fails when {@code c} reads a key the final states do not show. */
  private void checkObserved(Condition c, String head) {
    if (actual.states().isEmpty()) {
      return;
    }
    Set<String> observed = actual.states().get(0).values().keySet();
    List<String> missing =
        States.keys(c).stream().filter(k -> !observed.contains(k)).collect(Collectors.toList());
    if (!missing.isEmpty()) {
      fail(head + "but " + String.join(", ", missing) + (missing.size() == 1 ? " is" : " are")
          + " not observed: the final states show only " + String.join(", ", observed)
          + ".\nCheck with CheckOptions.defaults().withAllStates(true) to observe every register"
          + " and location.");
    }
  }

  private String name() {
    String source = actual.source();
    return source.isEmpty() || source.equals(actual.testName())
        ? actual.testName()
        : actual.testName() + " (" + source + ")";
  }

  private String condition() {
    return actual.condition().quantifier().keyword() + " ("
        + LitmusPrinter.condition(actual.condition().body()) + ")";
  }

  private String verdict() {
    return actual.verdict() + actual.unknownReason().map(r -> " (" + r + ")").orElse("")
        + (actual.verdict() != Verdict.UNKNOWN
            ? actual.withinLoopBound().map(w -> " " + w).orElse("") : "");
  }

  private static String flags(CheckResult r) {
    return r.flags().isEmpty() ? "[]" : EnumSet.copyOf(r.flags()).toString();
  }

  private String flags() {
    return flags(actual);
  }

  private String allowed() {
    return allowed(actual.hasAllStates() ? "Allowed final states" : "Allowed final states"
        + " found (" + mode() + ")", actual);
  }

  private static String allowed(String label, CheckResult r) {
    return label + " (" + r.states().size() + "):\n" + States.lines(r.states(), "  ");
  }

  /** AssertJ formats the message with {@code String.format}: pass it as an argument. */
  private void fail(String message) {
    failWithMessage("%s", message);
  }
}
