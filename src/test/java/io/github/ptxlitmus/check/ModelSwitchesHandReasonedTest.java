package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.ModelSpec;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Axiom switches on classic tests whose state sets follow by hand from the spec (8.10): each
 * switch set removes exactly the axioms that forbid the outcome, nothing more is allowed.
 */
class ModelSwitchesHandReasonedTest {
  private static List<String> states(String text, Axiom... off) {
    ModelSpec m = ModelSpec.ptx();
    for (Axiom a : off) {
      m = m.without(a);
    }
    CheckResult r = LitmusChecker.create(CheckOptions.defaults().withModel(m)).check("t", text);
    return r.states().stream().map(s -> s.toString().strip()).toList();
  }

  private static final String COWW = """
      PTX CoWW
      { x=0; }
       P0@cta 0,gpu 0 ;
       st.weak x, 1 ;
       st.weak x, 2 ;
      exists (x == 1)
      """;

  @Test
  void cowwNeedsBothCoherenceAndScPerLocationOff() {
    // po between same-thread writes is causality (8.10.1) and po-loc in SC-per-Location (8.10.5).
    assertThat(states(COWW)).containsExactlyInAnyOrder("x=2;");
    assertThat(states(COWW, Axiom.COHERENCE)).containsExactlyInAnyOrder("x=2;");
    assertThat(states(COWW, Axiom.SC_PER_LOCATION)).containsExactlyInAnyOrder("x=2;");
    assertThat(states(COWW, Axiom.COHERENCE, Axiom.SC_PER_LOCATION))
        .containsExactlyInAnyOrder("x=1;", "x=2;");
  }

  private static final String ATOM2 = """
      PTX Atom2
      { x=0; }
       P0@cta 0,gpu 0                | P1@cta 1,gpu 0 ;
       atom.relaxed.gpu.add r0, x, 1 | atom.relaxed.gpu.add r1, x, 1 ;
      exists (P0:r0 == 0 /\\ P1:r1 == 0 /\\ x == 1)
      """;

  @Test
  void lostUpdateNeedsAtomicityAndScPerLocationOff() {
    // Two ms RMWs reading the same write: fr both ways, a com cycle (8.10.5) and 8.10.3.
    assertThat(states(ATOM2)).containsExactlyInAnyOrder(
        "P0:r0=0; P1:r1=1; x=2;", "P0:r0=1; P1:r1=0; x=2;");
    assertThat(states(ATOM2, Axiom.ATOMICITY)).containsExactlyInAnyOrder(
        "P0:r0=0; P1:r1=1; x=2;", "P0:r0=1; P1:r1=0; x=2;");
    assertThat(states(ATOM2, Axiom.ATOMICITY, Axiom.SC_PER_LOCATION)).containsExactlyInAnyOrder(
        "P0:r0=0; P1:r1=0; x=1;", "P0:r0=0; P1:r1=1; x=1;", "P0:r0=0; P1:r1=1; x=2;",
        "P0:r0=1; P1:r1=0; x=1;", "P0:r0=1; P1:r1=0; x=2;");
  }

  private static final String LB_CTRL = """
      PTX LB+ctrl2
      { x=0; y=0; }
       P0@cta 0,gpu 0       | P1@cta 1,gpu 0       ;
       ld.relaxed.gpu r0, x | ld.relaxed.gpu r1, y ;
       beq r0, 0, LC00      | beq r1, 0, LC01      ;
       st.relaxed.gpu y, 1  | st.relaxed.gpu x, 1  ;
       LC00:                | LC01:                ;
      exists (P0:r0 == 1 /\\ P1:r1 == 1)
      """;

  @Test
  void controlDependentLbIsAllowedOnlyWithoutNoThinAir() {
    assertThat(states(LB_CTRL)).containsExactlyInAnyOrder("P0:r0=0; P1:r1=0;");
    assertThat(states(LB_CTRL, Axiom.NO_THIN_AIR))
        .containsExactlyInAnyOrder("P0:r0=0; P1:r1=0;", "P0:r0=1; P1:r1=1;");
  }

  private static final String CORR = """
      PTX CoRR
      { x=0; }
       P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;
       st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;
                           | ld.relaxed.gpu r1, x ;
      exists (P1:r0 == 1 /\\ P1:r1 == 0)
      """;

  @Test
  void corrIsForbiddenByCausalityEvenWithoutScPerLocation() {
    // W obs R1, R1 po R2: W causality-before R2 (8.9.5), R2 fr W (8.10.6).
    Set<String> three = Set.of("P1:r0=0; P1:r1=0;", "P1:r0=0; P1:r1=1;", "P1:r0=1; P1:r1=1;");
    assertThat(states(CORR, Axiom.SC_PER_LOCATION)).containsExactlyInAnyOrderElementsOf(three);
    assertThat(states(CORR, Axiom.CAUSALITY)).containsExactlyInAnyOrderElementsOf(three);
    assertThat(states(CORR, Axiom.SC_PER_LOCATION, Axiom.CAUSALITY))
        .contains("P1:r0=1; P1:r1=0;").hasSize(4);
  }
}
