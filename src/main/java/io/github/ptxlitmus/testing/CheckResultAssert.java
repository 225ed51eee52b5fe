package io.github.ptxlitmus.testing;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
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
 * and {@code ==} alike) or, where a full state is meant, also as {@code P1:r1=1; x=2;}. They
 * are evaluated against {@link CheckResult#states()}, which hold only the observed keys: a key
 * that is not observed fails the assertion (check with {@code
 * CheckOptions.defaults().withAllStates(true)} to observe every register and location).
 * Failure messages list the expected and the allowed states, one per line.
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

  private CheckResultAssert hasVerdict(Verdict expected) {
    isNotNull();
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
    isNotNull();
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
    isNotNull();
    Condition c = LitmusParser.parseCondition(state);
    String head = "Expecting " + name() + " to allow a final state with\n  "
        + LitmusPrinter.condition(c) + "\n";
    checkObserved(c, head);
    if (actual.states().stream().noneMatch(s -> States.holds(c, s))) {
      fail(head + "but no allowed final state satisfies it.\n" + allowed() + explanation(state));
    }
    return this;
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
    isNotNull();
    Condition c = LitmusParser.parseCondition(state);
    String head = "Expecting " + name() + " to forbid every final state with\n  "
        + LitmusPrinter.condition(c) + "\n";
    checkObserved(c, head);
    List<FinalState> witnesses =
        actual.states().stream().filter(s -> States.holds(c, s)).collect(Collectors.toList());
    if (!witnesses.isEmpty()) {
      fail(head + "but these allowed final states satisfy it:\n" + States.lines(witnesses, "  ")
          + "\n" + allowed());
    }
    return this;
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
    isNotNull();
    Set<FinalState> expected = new LinkedHashSet<>();
    for (String s : states) {
      expected.add(States.parseState(s));
    }
    String diff = stateDiff(expected);
    if (!diff.isEmpty()) {
      fail("Expecting " + name() + " to have exactly these final states (" + expected.size()
          + "):\n" + States.lines(expected, "  ") + "\nbut " + allowed("the allowed final states are") + "\n" + diff);
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
    isNotNull();
    if (actual.has(Flag.DATA_RACE) || actual.has(Flag.MIXED_SIZE_RACE)) {
      fail("Expecting " + name() + " to have no data race but its flags are " + flags()
          + actual.unknownReason().map(r -> " (" + r + ")").orElse("") + ".");
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
    if (!actual.has(flag)) {
      fail("Expecting " + name() + " to have flag " + flag + " but its flags are " + flags()
          + ".");
    }
    return this;
  }

  /**
   * The result meets a file's oracle (see {@link Expectations} for the rules). All mismatches
   * are reported at once.
   *
   * @param expected the expectations, e.g. from {@link Expectations#read(java.nio.file.Path)}
   * @return this
   * @throws AssertionError when any part of the expectations is not met
   */
  public CheckResultAssert meets(Expectations expected) {
    isNotNull();
    List<String> problems = new ArrayList<>();
    expected.verdict().filter(v -> v != actual.verdict()).ifPresent(v ->
        problems.add("verdict: expected " + v + ", is " + verdict()));
    expected.conditionHolds().ifPresent(h -> {
      if (actual.conditionHolds() != h || actual.verdict() == Verdict.UNKNOWN) {
        problems.add("condition " + condition() + ": expected to " + (h ? "hold" : "fail")
            + ", " + (actual.verdict() == Verdict.UNKNOWN ? "is unknown (" + verdict() + ")"
                : actual.conditionHolds() ? "holds" : "fails"));
      }
    });
    String diff = expected.states().map(this::stateDiff).orElse("");
    if (!diff.isEmpty()) {
      problems.add("states differ");
    }
    for (Flag f : EnumSet.allOf(Flag.class)) {
      if (expected.flags().contains(f) && !actual.has(f)) {
        problems.add("flag " + f + " expected but not set");
      } else if (Expectations.ABSENT_UNLESS_LISTED.contains(f) && actual.has(f)
          && !expected.flags().contains(f)) {
        problems.add("flag " + f + " set but not expected");
      }
    }
    if (!problems.isEmpty()) {
      StringBuilder b = new StringBuilder("Expecting " + name() + " to meet its expectations, but:\n");
      problems.forEach(p -> b.append("  ").append(p).append('\n'));
      expected.states().ifPresent(s -> b.append("Expected final states (").append(s.size())
          .append("):\n").append(States.lines(s, "  ")).append('\n'));
      b.append(allowed());
      if (!diff.isEmpty()) {
        b.append('\n').append(diff);
      }
      b.append("\nFlags: ").append(flags());
      fail(b.toString());
    }
    return this;
  }

  /** Missing and unexpected states, or empty when the sets are equal. */
  private String stateDiff(Set<FinalState> expected) {
    Set<FinalState> allowed = new TreeSet<>(actual.states());
    Set<FinalState> missing = new TreeSet<>(expected);
    missing.removeAll(allowed);
    Set<FinalState> unexpected = new TreeSet<>(allowed);
    unexpected.removeAll(expected);
    List<String> parts = new ArrayList<>();
    if (!missing.isEmpty()) {
      parts.add("Missing (expected, not allowed):\n" + States.lines(missing, "  "));
    }
    if (!unexpected.isEmpty()) {
      parts.add("Unexpected (allowed, not expected):\n" + States.lines(unexpected, "  "));
    }
    return String.join("\n", parts);
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
    return actual.verdict() + actual.unknownReason().map(r -> " (" + r + ")").orElse("");
  }

  private String flags() {
    return actual.flags().isEmpty() ? "[]" : EnumSet.copyOf(actual.flags()).toString();
  }

  private String allowed() {
    return allowed("Allowed final states");
  }

  private String allowed(String label) {
    return label + " (" + actual.states().size() + "):\n" + States.lines(actual.states(), "  ");
  }

  /** AssertJ formats the message with {@code String.format}: pass it as an argument. */
  private void fail(String message) {
    failWithMessage("%s", message);
  }
}
