package io.github.ptxlitmus.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Memory follows what a test uses, not what it declares: a location no event accesses gets no
 * initial write, so the relations over a candidate's events do not grow with it, yet it keeps
 * its initial value in every state (8.2.6).
 */
class UntouchedLocationsTest {
  /** 50,000 declared locations, one store. */
  private static String manyDeclared(int n) {
    StringBuilder b = new StringBuilder("PTX decl\n{ ");
    for (int i = 0; i < n; i++) {
      b.append("x").append(i).append('=').append(i == n - 1 ? 7 : 0).append("; ");
    }
    return b.append("}\n P0@cta 0,gpu 0 ;\n st.relaxed.gpu x0, 1 ;\nexists (x0 == 1 /\\ x")
        .append(n - 1).append(" == 7)\n").toString();
  }

  @Test
  void declaredButUntouchedLocationsCostNoRelations() {
    LitmusTest test = LitmusParser.parse("decl", manyDeclared(50_000));
    // A relation over 50,001 events would be 312 MB; the bound here is 16 MB.
    SearchLimits limits = new SearchLimits(2, System.nanoTime() + Duration.ofMinutes(2).toNanos(),
        "120 s", Long.MAX_VALUE).withMemoryLimit(16L << 20);
    SearchResult r = Enumerator.run(test, limits);
    assertThat(r.limit()).isEmpty();
    assertThat(r.outcomeList()).hasSize(1);
    Map<String, Long> state = r.outcomeList().get(0).state();
    assertThat(state).containsEntry("x0", 1L).containsEntry("x49999", 7L)
        .containsEntry("x123", 0L);
    CheckResult checked = LitmusChecker.create().check(test);
    assertThat(checked.verdict()).isEqualTo(Verdict.ALLOWED);
  }

  @Test
  void anUntouchedLocationKeepsItsInitialValueInEveryForm() {
    CheckResult r = LitmusChecker.create(CheckOptions.defaults().withAllStates(true)).check("u",
        "PTX u\n{ x=0; y=5; .global .u64 w[2] = {3}; z @ generic aliases y; }\n"
            + " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
            + " st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;\n"
            + "exists (y == 5 /\\ z == 5 /\\ P1:r0 == 1)\n");
    assertThat(r.verdict()).isEqualTo(Verdict.ALLOWED);
    for (FinalState s : r.states()) {
      assertThat(s.values()).containsEntry("y", 5L).containsEntry("z", 5L)
          .containsEntry("w", 3L).containsEntry("w+8", 0L);
    }
  }
}
