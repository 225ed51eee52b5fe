package io.github.ptxlitmus.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExpectationsTest {
  @TempDir Path dir;

  @Test
  void readsTheThreeComments() throws Exception {
    Path file = dir.resolve("MP.litmus");
    Files.writeString(file, "PTX MP\n\"desc\"\n(* spec: 8.8 *)\n(* expect: Forbidden *)\n"
        + "(* expect-states: P1:r0=0; P1:%r1=0; | 1:r0=1; P1:r1=1; x=2; *)\n"
        + "(* expect-flags: DATA_RACE, LOOP_BOUND_HIT *)\n{ x=0; }\n");
    Expectations e = Expectations.read(file);
    assertThat(e.verdict()).contains(Verdict.FORBIDDEN);
    assertThat(e.states()).contains(Set.of(
        FinalState.of(Map.of("P1:r0", 0L, "P1:r1", 0L)),
        FinalState.of(Map.of("P1:r0", 1L, "P1:r1", 1L, "x", 2L))));
    assertThat(e.flags()).containsExactlyInAnyOrder(Flag.DATA_RACE, Flag.LOOP_BOUND_HIT);
    assertThat(e.conditionHolds()).isEmpty();
    assertThat(e.isEmpty()).isFalse();
  }

  @Test
  void absentCommentsAreAbsentAndEmptyStatesMeanNoExecution() {
    assertThat(Expectations.read("PTX t\n{ }\n").isEmpty()).isTrue();
    assertThat(Expectations.read("(* expect-states: *)").states()).contains(Set.of());
    assertThat(Expectations.read("(* expect: allowed *)").withConditionHolds(true))
        .isEqualTo(new Expectations(Optional.of(Verdict.ALLOWED), Optional.empty(), Set.of(),
            Optional.of(true)));
  }

  @Test
  void malformedCommentsAreSyntaxErrorsWithPositions() {
    assertThatThrownBy(() -> Expectations.read("PTX t\n(* expect: Maybe *)"))
        .isInstanceOf(LitmusSyntaxException.class)
        .hasMessage("<string>:2:11: unknown verdict 'Maybe' in (* expect: *); expected Allowed,"
            + " Forbidden, Undefined or Unknown");
    assertThatThrownBy(() -> Expectations.read("t.litmus", "(* expect-states: P1:r0=1; | r1 *)"))
        .hasMessage("t.litmus:1:30: bad key=value 'r1' in expect-states");
    assertThatThrownBy(() -> Expectations.read("(* expect-states: P1:r0=1; P1:r0=2; *)"))
        .hasMessage("<string>:1:28: key P1:r0 twice in one expected state");
    assertThatThrownBy(() -> Expectations.read("(* expect-states: x=1; | x=1; *)"))
        .hasMessage("<string>:1:25: duplicate expected state x=1;");
    assertThatThrownBy(() -> Expectations.read("(* expect-flags: DATA_RACE, RACY *)"))
        .hasMessage("<string>:1:29: unknown flag 'RACY' in expect-flags; expected one of"
            + " DATA_RACE, MIXED_SIZE_RACE, LOOP_BOUND_HIT, WITHIN_LOOP_BOUND, DEADLOCK, MAY_NOT_TERMINATE,"
            + " BAD_ADDRESS, FILTER_PASSES_NONE,"
            + " LIMIT_HIT,"
            + " OUTSIDE_MODEL, DECIDED, DISTINCT_STATES");
    assertThatThrownBy(() -> Expectations.read("(* expect: Allowed *)\n(* expect: Allowed *)"))
        .hasMessage("<string>:2:1: second (* expect: *) comment; the first is at <string>:1:1");
  }
}
