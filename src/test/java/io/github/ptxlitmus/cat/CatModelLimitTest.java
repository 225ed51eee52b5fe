package io.github.ptxlitmus.cat;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A cat model's own bound (Dat3M's partial coherence orders are enumerated for at most 6 writes
 * to one location) is a limit of the check, reported as Unknown naming it, never an error.
 */
class CatModelLimitTest {
  @Test
  void sevenWritesToOneLocationGiveUnknownNamingTheCatLimit() throws URISyntaxException {
    StringBuilder t = new StringBuilder("PTX CoW7\n{ x=0; }\n P0@cta 0,gpu 0 ;\n");
    for (int v = 1; v <= 7; v++) {
      t.append(" st.relaxed.gpu x, ").append(v).append(" ;\n");
    }
    t.append("exists (x == 1)\n");
    Path sc = Path.of(getClass().getResource("/cat/sc.cat").toURI());
    CheckResult r =
        LitmusChecker.create(CheckOptions.defaults().withModel(CatMemoryModel.load(sc)))
            .check("CoW7.litmus", t.toString());
    assertThat(r.verdict()).isEqualTo(Verdict.UNKNOWN);
    assertThat(r.unknownReason()).hasValueSatisfying(
        reason -> assertThat(reason).contains("cat model limit").contains("7 writes"));
  }
}
