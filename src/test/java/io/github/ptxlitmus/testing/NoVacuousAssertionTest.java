package io.github.ptxlitmus.testing;

import static io.github.ptxlitmus.testing.LitmusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.bench.Family;
import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 16, defect 1: an assertion is exact or fails. A generated SB-16 is checked in decide
 * mode (only a witness kept, here none; the issue saw it on SB-64, the consumer test in src/it repeats that); states it names are decided by re-checking, the full
 * state list is refused, and a result stopped by a limit fails every assertion.
 */
class NoVacuousAssertionTest {
  private static CheckResult sb16;

  @BeforeAll
  static void check() {
    sb16 = LitmusChecker.create().check("SB-16", Family.SB.generate(16));
  }

  @Test
  void decideModeKeepsNoStatesButTheVerdictIsExact() {
    org.assertj.core.api.Assertions.assertThat(sb16.has(Flag.DECIDED)).isTrue();
    org.assertj.core.api.Assertions.assertThat(sb16.hasAllStates()).isFalse();
    assertThat(sb16).isForbidden().conditionFails();
  }

  @Test
  void forbidsDecidesTheStateInsteadOfReadingAnEmptyList() {
    // P0 may read P1's store: the state is allowed, so forbids must fail.
    assertThatThrownBy(() -> assertThat(sb16).forbids("P0:r0 == 1"))
        .hasMessageContaining("but the model allows it")
        .hasMessageContaining("decide mode");
    assertThat(sb16).allows("P0:r0 == 1").allows("P0:%r0 == 1");
    assertThat(sb16).forbids(all16(0));
    assertThatThrownBy(() -> assertThat(sb16).allows(all16(0)))
        .hasMessageContaining("but the model forbids it");
  }

  @Test
  void hasExactlyStatesRefusesAPartialList() {
    assertThatThrownBy(() -> assertThat(sb16).hasExactlyStates())
        .hasMessageContaining("cannot tell")
        .hasMessageContaining("not listed: the observed values have about 2^16 combinations");
    assertThatThrownBy(() -> assertThat(sb16).hasNoDataRace()).hasMessageContaining("cannot tell");
  }

  @Test
  void aSmallDecidedResultListsItsStatesToCompare() {
    Path mp = Path.of("src/test/resources/litmus/mp/MP+rel+acq-gpu.litmus");
    CheckResult decided =
        LitmusChecker.create(CheckOptions.defaults().withMode(CheckOptions.Mode.DECIDE))
            .check(mp);
    assertThat(decided)
        .hasExactlyStates("P1:r0=0; P1:r1=0;", "P1:r0=0; P1:r1=1;", "P1:r0=1; P1:r1=1;")
        .hasFlag(Flag.DATA_RACE)
        .forbids("P1:r0 == 1 /\\ P1:r1 == 0")
        .allows("P1:r0 == 1 /\\ P1:r1 == 1");
    assertThatThrownBy(() -> assertThat(decided).hasExactlyStates("P1:r0=0; P1:r1=0;"))
        .hasMessageContaining("Unexpected (allowed, not expected)");
  }

  @Test
  void anUnknownResultFailsEveryAssertionNamingTheLimit() {
    CheckResult unknown =
        LitmusChecker.create(
                CheckOptions.defaults().withMode(CheckOptions.Mode.STATES).withCandidateLimit(1))
            .check(Path.of("src/test/resources/litmus/mp/MP+rel+acq-gpu.litmus"));
    org.assertj.core.api.Assertions.assertThat(unknown.verdict()).isEqualTo(Verdict.UNKNOWN);
    assertThat(unknown).isUnknown().hasFlag(Flag.LIMIT_HIT);
    for (Runnable assertion :
        new Runnable[] {
          () -> assertThat(unknown).conditionHolds(),
          () -> assertThat(unknown).conditionFails(),
          () -> assertThat(unknown).isForbidden(),
          () -> assertThat(unknown).forbids("P1:r0 == 1 /\\ P1:r1 == 0"),
          () -> assertThat(unknown).allows("P1:r0 == 0"),
          () -> assertThat(unknown).hasExactlyStates(),
          () -> assertThat(unknown).hasNoDataRace(),
          () -> assertThat(unknown).hasFlag(Flag.DATA_RACE),
        }) {
      assertThatThrownBy(assertion::run)
          .hasMessageContaining("stopped at a limit")
          .hasMessageContaining("candidate limit");
    }
  }

  private static String all16(long value) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 16; i++) {
      b.append(i == 0 ? "" : " /\\ ").append("P").append(i).append(":r0 == ").append(value);
    }
    return b.toString();
  }
}
