package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.ModelSpec;
import org.junit.jupiter.api.Test;

/**
 * Variant dat3m-v6.0 has no proxies: an alias is another name of the same bytes, so a store
 * through one name and a po-later load through the other are morally strong (po-related,
 * complete overlap of the physical bytes; ptx-v6.0.cat's ms2 = (M * M) & loc) and
 * SC-per-Location (acyclic (ms ∩ com) ∪ po-loc) makes the load read the store.
 */
class Dat3mV60AliasTest {
  private static final String TEXT = """
      PTX alias-store-load
      { x = 0; y @ generic aliases x; P0:r0 = 0; }
       P0@cta 0,gpu 0 ;
       st.weak x, 42  ;
       ld.weak r0, y  ;
      exists (P0:r0 == 0)
      """;

  @Test
  void aStoreIsReadThroughItsAliasInProgramOrder() {
    LitmusTest test = LitmusParser.parse("alias-store-load", TEXT);
    CheckResult v60 = LitmusChecker.create(CheckOptions.defaults()
        .withModel(ModelSpec.dat3mV60()).withMode(CheckOptions.Mode.STATES)).check(test);
    assertThat(v60.states()).map(FinalState::toString).containsExactly("P0:r0=42;");
    assertThat(v60.verdict()).isEqualTo(Verdict.FORBIDDEN);
  }
}
