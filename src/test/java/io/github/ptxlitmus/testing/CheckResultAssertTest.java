package io.github.ptxlitmus.testing;

import static io.github.ptxlitmus.testing.LitmusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.FinalCondition;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Each assertion: a passing case and the exact failure message. */
class CheckResultAssertTest {
  /** MP with weak accesses: the outcome of interest (r0=1, r1=0) is allowed. */
  static final CheckResult ALLOWED = result(Verdict.ALLOWED, true, Set.of(Flag.DATA_RACE),
      "P1:r0=0; P1:r1=0;", "P1:r0=0; P1:r1=1;", "P1:r0=1; P1:r1=0;", "P1:r0=1; P1:r1=1;");
  /** MP with release/acquire: the outcome is forbidden, no race. */
  static final CheckResult FORBIDDEN = result(Verdict.FORBIDDEN, false, Set.of(),
      "P1:r0=0; P1:r1=0;", "P1:r0=0; P1:r1=1;", "P1:r0=1; P1:r1=1;");

  static CheckResult result(Verdict verdict, boolean holds, Set<Flag> flags, String... states) {
    List<FinalState> list = Arrays.stream(states).map(States::parseState).sorted()
        .collect(Collectors.toList());
    return new CheckResult("MP", "mp/MP.litmus", list,
        new FinalCondition(FinalCondition.Quantifier.EXISTS,
            LitmusParser.parseCondition("P1:r0 == 1 /\\ P1:r1 == 0")),
        holds, verdict, Optional.empty(), 1, 3, flags, 4, 16);
  }

  static final String ALLOWED_STATES = "Allowed final states (4):\n"
      + "  P1:r0=0; P1:r1=0;\n"
      + "  P1:r0=0; P1:r1=1;\n"
      + "  P1:r0=1; P1:r1=0;\n"
      + "  P1:r0=1; P1:r1=1;";
  static final String FORBIDDEN_STATES = "Allowed final states (3):\n"
      + "  P1:r0=0; P1:r1=0;\n"
      + "  P1:r0=0; P1:r1=1;\n"
      + "  P1:r0=1; P1:r1=1;";

  @Test
  void isAllowed() {
    assertThat(ALLOWED).isAllowed();
    assertThatThrownBy(() -> assertThat(FORBIDDEN).isAllowed()).hasMessage(
        "Expecting the outcome of interest of MP (mp/MP.litmus)\n"
            + "  exists (P1:r0 == 1 /\\ P1:r1 == 0)\n"
            + "to be ALLOWED but it is FORBIDDEN.\n" + FORBIDDEN_STATES);
  }

  @Test
  void isForbidden() {
    assertThat(FORBIDDEN).isForbidden();
    assertThatThrownBy(() -> assertThat(ALLOWED).isForbidden()).hasMessage(
        "Expecting the outcome of interest of MP (mp/MP.litmus)\n"
            + "  exists (P1:r0 == 1 /\\ P1:r1 == 0)\n"
            + "to be FORBIDDEN but it is ALLOWED.\n" + ALLOWED_STATES);
  }

  @Test
  void isUndefinedShowsTheReason() {
    CheckResult undefined = new CheckResult("Tear", "Tear", List.of(), ALLOWED.condition(),
        false, Verdict.UNDEFINED, Optional.of("mixed-size data race: a, b"), 0, 0,
        Set.of(Flag.MIXED_SIZE_RACE), 1, 1);
    assertThat(undefined).isUndefined();
    CheckResult unknown = new CheckResult("Slow", "Slow", List.of(), ALLOWED.condition(),
        false, Verdict.UNKNOWN, Optional.of("time limit 60 s"), 0, 0, Set.of(Flag.LIMIT_HIT),
        60_000, 9);
    assertThatThrownBy(() -> assertThat(unknown).isUndefined()).hasMessage(
        "Expecting Slow to be UNDEFINED\n"
            + "but the check stopped at a limit before the answer was certain: UNKNOWN (time"
            + " limit 60 s). Raise the limit (CheckOptions.withTimeLimit / withCandidateLimit).");
  }

  @Test
  void conditionHolds() {
    assertThat(ALLOWED).conditionHolds();
    assertThatThrownBy(() -> assertThat(FORBIDDEN).conditionHolds()).hasMessage(
        "Expecting the condition of MP (mp/MP.litmus)\n"
            + "  exists (P1:r0 == 1 /\\ P1:r1 == 0)\n"
            + "to hold but it fails.\n" + FORBIDDEN_STATES);
  }

  @Test
  void conditionFails() {
    assertThat(FORBIDDEN).conditionFails();
    assertThatThrownBy(() -> assertThat(ALLOWED).conditionFails()).hasMessage(
        "Expecting the condition of MP (mp/MP.litmus)\n"
            + "  exists (P1:r0 == 1 /\\ P1:r1 == 0)\n"
            + "to fail but it holds.\n" + ALLOWED_STATES);
  }

  @Test
  void allows() {
    assertThat(ALLOWED).allows("P1:r1=1 /\\ P1:r0=0").allows("P1:r0 == 1 \\/ P1:r1 > 5");
    assertThatThrownBy(() -> assertThat(FORBIDDEN).allows("P1:r0=1 /\\ P1:r1=0")).hasMessage(
        "Expecting MP (mp/MP.litmus) to allow a final state with\n"
            + "  P1:r0 == 1 /\\ P1:r1 == 0\n"
            + "but no allowed final state satisfies it.\n" + FORBIDDEN_STATES);
  }

  /** A result from the checker can explain: the failure of allows ends with the axiom. */
  @Test
  void allowsOnAForbiddenStateExplainsWhy() {
    assertThatThrownBy(() -> LitmusAssertions.assertThatLitmus(
            java.nio.file.Path.of("src/test/resources/litmus/mp/MP+rel+acq-gpu.litmus"))
        .allows("P1:r0 == 1 /\\ P1:r1 == 0"))
        .hasMessageStartingWith("Expecting MP+rel+acq-gpu"
            + " (src/test/resources/litmus/mp/MP+rel+acq-gpu.litmus) to allow a final state with\n"
            + "  P1:r0 == 1 /\\ P1:r1 == 0\n"
            + "but no allowed final state satisfies it.\n"
            + "Allowed final states (3):\n"
            + "  P1:r0=0; P1:r1=0;\n"
            + "  P1:r0=0; P1:r1=1;\n"
            + "  P1:r0=1; P1:r1=1;\n"
            + "Why:\n")
        .hasMessageContaining("Causality");
  }

  @Test
  void forbids() {
    assertThat(FORBIDDEN).forbids("P1:r0 = 1 /\\ P1:r1 = 0").forbids("P1:r1 < 0");
    assertThatThrownBy(() -> assertThat(ALLOWED).forbids("P1:r0 != P1:r1")).hasMessage(
        "Expecting MP (mp/MP.litmus) to forbid every final state with\n"
            + "  P1:r0 != P1:r1\n"
            + "but these allowed final states satisfy it:\n"
            + "  P1:r0=0; P1:r1=1;\n"
            + "  P1:r0=1; P1:r1=0;\n" + ALLOWED_STATES);
  }

  @Test
  void aKeyThatIsNotObservedFails() {
    assertThatThrownBy(() -> assertThat(ALLOWED).forbids("P1:r2 == 1 /\\ x == 1")).hasMessage(
        "Expecting MP (mp/MP.litmus) to forbid every final state with\n"
            + "  P1:r2 == 1 /\\ x == 1\n"
            + "but P1:r2, x are not observed: the final states show only P1:r0, P1:r1.\n"
            + "Check with CheckOptions.defaults().withAllStates(true) to observe every register"
            + " and location.");
    assertThatThrownBy(() -> assertThat(ALLOWED).allows("y == 1"))
        .hasMessageContaining("but y is not observed");
  }

  @Test
  void aStateThatDoesNotParseIsASyntaxError() {
    assertThatThrownBy(() -> assertThat(ALLOWED).allows("P1:r0 ="))
        .isInstanceOf(LitmusSyntaxException.class)
        .hasMessage("condition:1:8: expected a register, location or constant but found end of input");
  }

  @Test
  void hasExactlyStates() {
    assertThat(FORBIDDEN).hasExactlyStates(
        "P1:r0=1; P1:r1=1;", "P1:r0 == 0 /\\ P1:r1 == 1", "P1:r1=0; P1:r0=0");
    assertThatThrownBy(() -> assertThat(ALLOWED).hasExactlyStates(
        "P1:r0=0; P1:r1=0;", "P1:r0=1; P1:r1=1;", "P1:r0=2; P1:r1=2;")).hasMessage(
        "Expecting MP (mp/MP.litmus) to have exactly these final states (3):\n"
            + "  P1:r0=0; P1:r1=0;\n"
            + "  P1:r0=1; P1:r1=1;\n"
            + "  P1:r0=2; P1:r1=2;\n"
            + "but the allowed final states are (4):\n"
            + "  P1:r0=0; P1:r1=0;\n"
            + "  P1:r0=0; P1:r1=1;\n"
            + "  P1:r0=1; P1:r1=0;\n"
            + "  P1:r0=1; P1:r1=1;\n"
            + "Missing (expected, not allowed):\n"
            + "  P1:r0=2; P1:r1=2;\n"
            + "Unexpected (allowed, not expected):\n"
            + "  P1:r0=0; P1:r1=1;\n"
            + "  P1:r0=1; P1:r1=0;");
  }

  @Test
  void hasExactlyStatesRejectsWhatIsNotAState() {
    assertThatThrownBy(() -> assertThat(ALLOWED).hasExactlyStates("P1:r0 > 1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not a final state: 'P1:r0 > 1'; write 'P1:r0=1; x=2;' or"
            + " 'P1:r0 == 1 /\\ x == 2'");
  }

  @Test
  void hasNoDataRace() {
    assertThat(FORBIDDEN).hasNoDataRace();
    assertThatThrownBy(() -> assertThat(ALLOWED).hasNoDataRace()).hasMessage(
        "Expecting MP (mp/MP.litmus) to have no data race but its flags are [DATA_RACE].");
  }

  @Test
  void hasFlag() {
    assertThat(ALLOWED).hasFlag(Flag.DATA_RACE);
    assertThatThrownBy(() -> assertThat(FORBIDDEN).hasFlag(Flag.DEADLOCK)).hasMessage(
        "Expecting MP (mp/MP.litmus) to have flag DEADLOCK but its flags are [].");
  }

  @Test
  void aMisspeltRegisterInExpectedStatesIsNamed() {
    Expectations typo = Expectations.read("(* expect-states: P1:r0=0; P1:r1=0; | P1:r0=0;"
        + " P1:r1=1; | P1:r0=1; P1:r1=0; | P1:r0=1; P1:r9=1; *)");
    assertThatThrownBy(() -> assertThat(ALLOWED).meets(typo))
        .hasMessageContaining("states differ (1 missing, 1 unexpected); expect-states names"
            + " P1:r9, which no final state of this test has (its final states have P1:r0,"
            + " P1:r1)");
  }

  @Test
  void meets() {
    Expectations ok = Expectations.read("(* expect: Allowed *)\n(* expect-flags: DATA_RACE *)\n"
        + "(* expect-states: P1:r0=0; P1:r1=0; | P1:r0=0; P1:r1=1; | P1:r0=1; P1:r1=0; |"
        + " P1:r0=1; P1:r1=1; *)");
    assertThat(ALLOWED).meets(ok).meets(Expectations.none().withConditionHolds(true));
    Expectations wrong = Expectations.read("(* expect: Forbidden *)\n"
        + "(* expect-states: P1:r0=0; P1:r1=0; | P1:r0=1; P1:r1=1; *)\n"
        + "(* expect-flags: DEADLOCK *)").withConditionHolds(false);
    assertThatThrownBy(() -> assertThat(ALLOWED).meets(wrong)).hasMessage(
        "Expecting MP (mp/MP.litmus) to meet its expectations, but:\n"
            + "  verdict: expected FORBIDDEN, is ALLOWED\n"
            + "  condition exists (P1:r0 == 1 /\\ P1:r1 == 0): expected to fail, holds\n"
            + "  states differ (0 missing, 2 unexpected)\n"
            + "  flag DEADLOCK expected but not set\n"
            + "Expected final states (2):\n"
            + "  P1:r0=0; P1:r1=0;\n"
            + "  P1:r0=1; P1:r1=1;\n"
            + ALLOWED_STATES + "\n"
            + "Unexpected (allowed, not expected):\n"
            + "  P1:r0=0; P1:r1=1;\n"
            + "  P1:r0=1; P1:r1=0;\n"
            + "Flags: [DATA_RACE]");
  }

  @Test
  void meetsRejectsUnlistedDeadlockAndLoopBound() {
    CheckResult spin = result(Verdict.FORBIDDEN, false,
        Set.of(Flag.LOOP_BOUND_HIT, Flag.DATA_RACE), "P1:r0=1; P1:r1=1;");
    assertThat(spin).meets(Expectations.read("(* expect-flags: LOOP_BOUND_HIT *)"));
    assertThatThrownBy(() -> assertThat(spin).meets(Expectations.read("(* expect: Forbidden *)")))
        .hasMessage("Expecting MP (mp/MP.litmus) to meet its expectations, but:\n"
            + "  flag LOOP_BOUND_HIT set but not expected\n"
            + "Allowed final states (1):\n"
            + "  P1:r0=1; P1:r1=1;\n"
            + "Flags: [DATA_RACE, LOOP_BOUND_HIT]");
  }

  @Test
  void aNullResultFails() {
    assertThatThrownBy(() -> assertThat((CheckResult) null).isAllowed())
        .hasMessageContaining("Expecting actual not to be null");
  }
}
