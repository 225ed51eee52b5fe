package io.github.ptxlitmus.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.FinalCondition;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HerdTextReportTest {

  @Test
  void blockInHerdLayout() {
    assertThat(HerdTextReport.block(Results.mp()))
        .isEqualTo(
            """
            Test MP Allowed
            States 3
            1:r0=0; 1:r1=0;
            1:r0=0; 1:r1=1;
            1:r0=1; 1:r1=1;
            No
            Witnesses
            Positive: 0 Negative: 3
            Flag data-race
            Condition exists (1:r0=1 /\\ 1:r1=0)
            Observation MP Never 0 3
            Verdict MP Forbidden
            Time MP 0.01
            """);
  }

  @Test
  void unknownBlockNamesTheLimitAndObservationWords() {
    CheckResult r =
        new CheckResult(
            "SB",
            "SB.litmus",
            List.of(FinalState.of(Map.of("P0:r0", 0L, "x", 1L))),
            new FinalCondition(FinalCondition.Quantifier.FORALL, Results.mpBody()),
            true,
            Verdict.UNKNOWN,
            Optional.of("time limit 60 s"),
            2,
            1,
            Set.of(Flag.LIMIT_HIT, Flag.LOOP_BOUND_HIT),
            60_004,
            7);
    assertThat(HerdTextReport.block(r))
        .isEqualTo(
            """
            Test SB Required
            States 1
            0:r0=0; x=1;
            ??
            Witnesses
            Positive: 2 Negative: 1
            Flag loop-bound-hit
            Flag limit-hit
            Condition forall (1:r0=1 /\\ 1:r1=0)
            Observation SB Unknown 2 1
            Verdict SB Unknown
            Unknown SB time limit 60 s
            Time SB 60.00
            """);
  }

  @Test
  void observationUnknownWhenALimitCutTheListingAfterAWitness() {
    // States mode found a witness (the verdict is exact: Allowed), then a limit stopped the
    // listing: 7 positive and 0 negative executions so far do not make herd's "Always".
    CheckResult r =
        new CheckResult(
            "L",
            "L.litmus",
            List.of(FinalState.of(Map.of("x", 1L))),
            new FinalCondition(FinalCondition.Quantifier.EXISTS, Results.mpBody()),
            true,
            Verdict.ALLOWED,
            Optional.empty(),
            7,
            0,
            Set.of(Flag.LIMIT_HIT),
            5_020,
            7);
    assertThat(HerdTextReport.block(r))
        .contains("Observation L Unknown 7 0\n")
        .contains("Verdict L Allowed\n");
  }

  @Test
  void observationAlwaysWhenNoNegativeWitness() {
    assertThat(HerdTextReport.block(Results.simple("A", true, Verdict.ALLOWED)))
        .contains("Observation A Always 1 0\n")
        .startsWith("Test A Allowed\nStates 0\nOk\n");
  }

  @Test
  void runWithErrorExpectationsAndSummary() {
    List<TestOutcome> outcomes =
        List.of(
            new TestOutcome.Checked(
                Path.of("d/A.litmus"), Results.simple("A", true, Verdict.ALLOWED)),
            new TestOutcome.Failed(Path.of("d/B.litmus"), "d/B.litmus:2:5: unknown instruction"),
            new TestOutcome.Checked(
                Path.of("d/C.litmus"), Results.simple("C", false, Verdict.FORBIDDEN)),
            new TestOutcome.Checked(
                Path.of("d/D.litmus"), Results.simple("D", false, Verdict.UNKNOWN)));
    ExpectationReport e =
        new ExpectationReport(
            4,
            1,
            List.of(new ExpectationReport.Mismatch("C.litmus", true, "0", "Forbidden")),
            List.of(
                new ExpectationReport.Divergence("B.litmus", "proxies unsupported", "error", "x")),
            List.of("A.litmus"),
            List.of("E.litmus"),
            0);
    String text = HerdTextReport.render(outcomes, Optional.of(e));
    assertThat(text)
        .contains("Time A 1.23\n\nError d/B.litmus: d/B.litmus:2:5: unknown instruction\n\nTest C")
        .endsWith(
            """
            Time D 1.23

            Mismatch C.litmus: expected 1, got 0 (Forbidden)
            Divergence B.litmus: proxies unsupported
            Stale A.litmus: listed as a divergence but agrees
            Missing E.litmus
            Expect agree 1/4, 1 mismatches, 1 divergences, 1 missing, 0 without row
            Summary: 4 tests, 1 ok, 1 no, 0 undefined, 1 unknown, 1 errors
            """);
  }

  @Test
  void emptyRunPrintsOnlyTheSummary() {
    assertThat(HerdTextReport.render(List.of(), Optional.empty()))
        .isEqualTo("Summary: 0 tests, 0 ok, 0 no, 0 undefined, 0 unknown, 0 errors\n");
  }
}
