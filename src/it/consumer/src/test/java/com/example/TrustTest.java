package com.example;

import static io.github.ptxlitmus.testing.LitmusAssertions.assertThat;
import static io.github.ptxlitmus.testing.LitmusAssertions.assertThatLitmus;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.bench.Family;
import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * Issue 16 seen from a separate project that depends on the installed artifact: each defect a
 * user hit is reproduced and now passes or fails as it should.
 */
class TrustTest {
  private static final String MP =
      "PTX MP\n{ x=0; y=0; }\n"
          + " P0@cta 0,gpu 0            | P1@cta 1,gpu 0             ;\n"
          + " st.weak.u32 x, 1          | ld.acquire.gpu.u32 r0, y   ;\n"
          + " st.release.gpu.u32 y, 1   | ld.weak.u32 r1, x          ;\n"
          + "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n";

  /** Defect 1: SB-64 in decide mode keeps no states; no assertion may pass on that. */
  @Test
  void assertionsOnALargeTestAreExactOrFail() {
    CheckResult sb64 = LitmusChecker.create().check("SB-64", Family.SB.generate(64));
    Assertions.assertThat(sb64.has(Flag.DECIDED)).isTrue();
    assertThat(sb64).isForbidden().conditionFails().forbids(allZero(64));
    // Before: passed on an empty list. Now: the state is decided (allowed) or the limit named.
    assertThatThrownBy(() -> assertThat(sb64).forbids("P0:r0 == 1"))
        .hasMessageContaining("Expecting SB-64 to forbid");
    assertThatThrownBy(() -> assertThat(sb64).hasExactlyStates())
        .hasMessageContaining("cannot tell");
  }

  /** Defect 1: an UNKNOWN result fails every assertion, naming the limit. */
  @Test
  void anUnknownResultFailsNamingTheLimit() {
    CheckResult unknown =
        LitmusChecker.create(
                CheckOptions.defaults().withMode(CheckOptions.Mode.STATES).withCandidateLimit(1))
            .check("MP", MP);
    Assertions.assertThat(unknown.verdict()).isEqualTo(Verdict.UNKNOWN);
    assertThatThrownBy(() -> assertThat(unknown).conditionHolds())
        .hasMessageContaining("candidate limit");
    assertThatThrownBy(() -> assertThat(unknown).conditionFails())
        .hasMessageContaining("candidate limit");
    assertThat(unknown).isUnknown();
  }

  /** Defect 1 on a small test: assertions still work as the guide shows. */
  @Test
  void aSmallTestAssertsAsBefore() {
    assertThatLitmus(MP)
        .isForbidden()
        .forbids("P1:r0=1 /\\ P1:r1=0")
        .allows("P1:%r0 == 1 /\\ P1:r1 == 1")
        .hasExactlyStates("P1:r0=0; P1:r1=0;", "P1:r0=0; P1:r1=1;", "P1:r0=1; P1:r1=1;");
  }

  /** Defect 4: explaining SB-16's refuted condition never claims what was not decided. */
  @Test
  void explainingALargeForbiddenTestSaysWhichLimitStoppedIt() {
    CheckResult sb16 =
        LitmusChecker.create(CheckOptions.defaults().withTimeLimit(Duration.ofSeconds(2)))
            .check("SB-16", Family.SB.generate(16));
    String text = sb16.explainCondition().toString();
    Assertions.assertThat(text)
        .contains("the pruned search proved that no consistent execution produces it")
        .doesNotContain("the first 0");
  }

  /** Defect 5 (Java API): states sort by value; %r0 and r0 name one register. */
  @Test
  void statesSortByValueAndPercentNamesTheRegister() {
    TreeSet<FinalState> states = new TreeSet<>();
    for (long v : new long[] {10, 2}) {
      states.add(FinalState.of(Map.of("P0:r0", v)));
    }
    List<String> printed = states.stream().map(FinalState::toString).collect(Collectors.toList());
    Assertions.assertThat(printed).containsExactly("P0:r0=2;", "P0:r0=10;");
    Assertions.assertThat(states.first().register(0, "%r0")).contains(2L);
  }

  /** Packaging: picocli (CLI only) is not on a library user's class path. */
  @Test
  void picocliIsNotOnTheClassPath() {
    assertThatThrownBy(() -> Class.forName("picocli.CommandLine"))
        .isInstanceOf(ClassNotFoundException.class);
  }

  private static String allZero(int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : " /\\ ").append("P").append(i).append(":r0 == 0");
    }
    return b.toString();
  }
}
