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
  void sevenWritesToOneLocationAreDecidedUnderTotalCoherence() throws URISyntaxException {
    // herd's reading (total co): no cap on the writes per location beyond the search limits
    CheckResult r =
        LitmusChecker.create(CheckOptions.defaults().withModel(CatMemoryModel.load(sc())))
            .check("CoW7.litmus", coW7());
    assertThat(r.verdict()).isEqualTo(Verdict.FORBIDDEN);
  }

  @Test
  void sevenWritesGiveUnknownUnderDat3msPartialCoherence() throws URISyntaxException {
    CatMemoryModel partial = CatMemoryModel.load(sc(),
        CatOptions.defaults().withCoherence(CatModel.Coherence.PARTIAL));
    CheckResult r = LitmusChecker.create(CheckOptions.defaults().withModel(partial))
        .check("CoW7.litmus", coW7());
    assertThat(r.verdict()).isEqualTo(Verdict.UNKNOWN);
    assertThat(r.unknownReason()).hasValueSatisfying(
        reason -> assertThat(reason).contains("cat model limit").contains("7 writes"));
  }

  private static String coW7() {
    StringBuilder t = new StringBuilder("PTX CoW7\n{ x=0; }\n P0@cta 0,gpu 0 ;\n");
    for (int v = 1; v <= 7; v++) {
      t.append(" st.relaxed.gpu x, ").append(v).append(" ;\n");
    }
    return t.append("exists (x == 1)\n").toString();
  }

  private Path sc() throws URISyntaxException {
    return Path.of(getClass().getResource("/cat/sc.cat").toURI());
  }
}
