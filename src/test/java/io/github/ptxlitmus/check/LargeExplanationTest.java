package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.bench.Family;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Issue 16, defect 4: explaining a large forbidden test must not claim what was not decided.
 * The pruned search refutes SB-16's condition quickly; listing the candidates that would
 * produce it (to name axioms) cannot finish in the limit, and the explanation says exactly that.
 */
class LargeExplanationTest {
  @Test
  void aRefutedStateWhoseCandidatesCannotBeListedSaysWhichLimitStoppedIt() {
    CheckResult r =
        LitmusChecker.create(CheckOptions.defaults().withTimeLimit(Duration.ofSeconds(2)))
            .check("SB-16", Family.SB.generate(16));
    assertThat(r.verdict()).isEqualTo(Verdict.FORBIDDEN);
    Explanation e = r.explainCondition();
    assertThat(e.decided()).isTrue();
    assertThat(e.allowed()).isFalse();
    String text = e.toString();
    assertThat(text)
        .contains("is forbidden: the pruned search proved that no consistent execution produces it")
        .contains("stopped at the time limit 2 s")
        .doesNotContain("the first 0");
  }
}
