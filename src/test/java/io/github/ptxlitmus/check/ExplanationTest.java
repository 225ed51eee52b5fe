package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.model.Axiom;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Explanations of the spec's litmus tests name the axiom the spec gives and show the events
 * the spec's argument uses. Assertions are on instruction texts, not event ids.
 */
class ExplanationTest {
  private static final Path SPEC = Path.of("src/test/resources/litmus/spec");

  private static CheckResult check(String name) {
    return LitmusChecker.create().check(SPEC.resolve(name + ".litmus"));
  }

  private static List<String> instructions(Explanation.Reason r) {
    return r.events().stream().map(Explanation.EventRef::instruction).collect(Collectors.toList());
  }

  private static Set<Axiom> axioms(Explanation e) {
    return e.reasons().stream().map(Explanation.Reason::axiom).collect(Collectors.toSet());
  }

  @Test
  void coRRIsForbiddenBySCPerLocationOrCausalityWithBothLoadsAndTheStore() {
    Explanation e = check("CoRR").explainCondition();
    assertThat(e.allowed()).isFalse();
    assertThat(e.reasons()).isNotEmpty();
    for (Explanation.Reason r : e.reasons()) {
      assertThat(r.axiom()).isIn(Axiom.SC_PER_LOCATION, Axiom.CAUSALITY);
      assertThat(instructions(r))
          .contains(
              "st.global.relaxed.sys.u32 [x], 1",
              "ld.global.relaxed.sys.u32 %r0, [x]",
              "ld.global.relaxed.sys.u32 %r1, [x]");
    }
    assertThat(e.toString()).contains("SC-per-Location (8.10.5)");
  }

  /** 8.10.1: the first store is causality-before the second (po), so co must order them so. */
  @Test
  void coWWFinalValueIsForbiddenByCoherenceWithTheCycle() {
    Explanation e =
        LitmusChecker.create()
            .check(Path.of("src/test/resources/litmus/coherence/CoWW+weak.litmus"))
            .explainCondition();
    assertThat(e.allowed()).isFalse();
    assertThat(e.reasons()).isNotEmpty();
    Explanation.Reason first = e.reasons().get(0);
    assertThat(axioms(e)).contains(Axiom.COHERENCE);
    Explanation.Reason coherence =
        e.reasons().stream().filter(r -> r.axiom() == Axiom.COHERENCE).findFirst().orElseThrow();
    assertThat(instructions(coherence)).containsExactly("st.weak x, 1", "st.weak x, 2");
    assertThat(coherence.relations()).containsExactly("po", "co⁻¹"); // cause expanded: po
    assertThat(first.axiom()).isEqualTo(Axiom.COHERENCE);
    assertThat(e.toString()).contains("Coherence (8.10.1)");
  }

  /** With Coherence switched off, the CoWW value is still forbidden here by SC-per-Location. */
  @Test
  void coWWWithoutCoherenceIsExplainedBySCPerLocation() {
    CheckOptions options =
        CheckOptions.defaults()
            .withModel(io.github.ptxlitmus.model.ModelSpec.ptx().without(Axiom.COHERENCE));
    CheckResult r =
        LitmusChecker.create(options)
            .check(Path.of("src/test/resources/litmus/coherence/CoWW+weak.litmus"));
    assertThat(r.model()).isEqualTo("ptx without Coherence");
    Explanation e = r.explainCondition();
    assertThat(e.allowed()).isFalse();
    assertThat(axioms(e)).doesNotContain(Axiom.COHERENCE).contains(Axiom.SC_PER_LOCATION);
  }

  @Test
  void lbWithDependenciesIsForbiddenByNoThinAirThroughBothLoadsAndStores() {
    Explanation e = check("LB+deps").explainCondition();
    assertThat(e.allowed()).isFalse();
    assertThat(axioms(e)).containsExactly(Axiom.NO_THIN_AIR);
    Explanation.Reason r = e.reasons().get(0);
    assertThat(instructions(r))
        .containsExactlyInAnyOrder(
            "ld.global.u32 %r0, [x]",
            "st.global.u32 [y], %r0",
            "ld.global.u32 %r1, [y]",
            "st.global.u32 [x], %r1");
    assertThat(r.relations()).containsOnly("dep", "rf");
  }

  @Test
  void atomicityTestOneLosingAnUpdateIsForbiddenByAtomicityOfBothAtoms() {
    Explanation e = check("Atomicity-1").explain("x == 1");
    assertThat(e.allowed()).isFalse();
    assertThat(e.candidates()).isPositive();
    List<Explanation.Reason> atomicity =
        e.reasons().stream().filter(r -> r.axiom() == Axiom.ATOMICITY).collect(Collectors.toList());
    assertThat(atomicity).isNotEmpty();
    for (Explanation.Reason r : atomicity) {
      assertThat(r.events())
          .extracting(Explanation.EventRef::thread)
          .containsExactlyInAnyOrder(0, 1);
      assertThat(instructions(r)).containsOnly("atom.sys.inc.u32 %r0, [x], 100");
    }
  }

  @Test
  void sbWithFenceScIsForbiddenThroughBothFences() {
    Explanation e = check("SB+fence.sc.sys").explainCondition();
    assertThat(e.allowed()).isFalse();
    assertThat(e.reasons()).isNotEmpty();
    for (Explanation.Reason r : e.reasons()) {
      assertThat(r.axiom()).isIn(Axiom.FENCE_SC, Axiom.CAUSALITY);
      assertThat(r.events())
          .filteredOn(ev -> ev.instruction().equals("fence.sc.sys"))
          .extracting(Explanation.EventRef::thread)
          .containsExactlyInAnyOrder(0, 1);
    }
  }

  @Test
  void mpWithFencesIsForbiddenByCausalityThroughTheFencesAndTheData() {
    Explanation e = check("MP+fence.sys").explainCondition();
    assertThat(e.allowed()).isFalse();
    assertThat(axioms(e)).containsExactly(Axiom.CAUSALITY);
    Explanation.Reason r = e.reasons().get(0);
    assertThat(r.events())
        .filteredOn(ev -> ev.instruction().equals("fence.sys"))
        .extracting(Explanation.EventRef::thread)
        .containsExactlyInAnyOrder(0, 1);
    assertThat(instructions(r)).contains("st.global.u32 [data], 1", "ld.global.u32 %r1, [data]");
    assertThat(r.path())
        .contains("-sw->")
        .startsWith("P1: ld.global.u32 %r1, [data] (line 12) -fr-> P0: st.global.u32 [data], 1");
    assertThat(r.graph().highlight()).hasSameSizeAs(r.events());
  }

  @Test
  void anAllowedStateHasAWitnessWhoseReadsFromProduceIt() {
    Explanation e = check("LB").explain("P0:r0=1; P1:r1=1;");
    assertThat(e.allowed()).isTrue();
    assertThat(e.reasons()).isEmpty();
    ExecutionGraph g = e.witness().orElseThrow().graph();
    List<String> rf =
        g.edges().get("rf").stream()
            .map(p -> g.events().get(p[0]).instruction() + " -> "
                + g.events().get(p[1]).instruction())
            .collect(Collectors.toList());
    // r0 = 1 and r1 = 1 only if each load reads the other thread's store of 1.
    assertThat(rf)
        .containsExactlyInAnyOrder(
            "st.global.u32 [x], 1 -> ld.global.u32 %r0, [x]",
            "st.global.u32 [y], 1 -> ld.global.u32 %r1, [y]");
    assertThat(e.witness().orElseThrow().races()).isNotEmpty();
    assertThat(e.toString()).startsWith("State P0:r0 == 1 /\\ P1:r1 == 1 is allowed.\nWitness");
  }

  @Test
  void aStateNoCandidateProducesSaysSo() {
    Explanation e = check("CoRR").explain("P1:r0 == 2");
    assertThat(e.allowed()).isFalse();
    assertThat(e.candidates()).isZero();
    assertThat(e.reasons()).isEmpty();
    assertThat(e.witness()).isEmpty();
    assertThat(e.toString())
        .isEqualTo("State P1:r0 == 2 is forbidden: no candidate execution produces it.\n");
  }

  /** CoRW1: the only candidate reads from the po-later write, which the rf pruning skips. */
  @Test
  void candidatesSkippedByAPruningRuleAreNamedWithTheirAxiom() throws java.io.IOException {
    CheckResult r = LitmusChecker.create().check(io.github.ptxlitmus.litmus.LitmusParser.parse(
        Path.of("src/test/resources/litmus/coherence/CoRW1+weak.litmus")));
    Explanation e = r.explainCondition();
    assertThat(e.allowed()).isFalse();
    assertThat(e.candidates()).isZero();
    assertThat(e.skipped()).containsExactly(Axiom.CAUSALITY);
    assertThat(e.toString()).isEqualTo(
        "State P0:r0 == 1 is forbidden: no candidate execution examined produces it.\n"
            + "  Not examined: candidates in which a read takes its value from a write po-after"
            + " it to its own address; Causality (8.10.6) rejects every such candidate.\n");
    // Without Causality the rule is off: the candidate is examined (SC-per-Location rejects
    // it: the load and the store are po-related, so morally strong).
    CheckResult without = LitmusChecker.create(CheckOptions.defaults()
        .withModel(io.github.ptxlitmus.model.ModelSpec.ptx().without(Axiom.CAUSALITY)))
        .check(io.github.ptxlitmus.litmus.LitmusParser.parse(
            Path.of("src/test/resources/litmus/coherence/CoRW1+weak.litmus")));
    assertThat(without.verdict()).isEqualTo(Verdict.FORBIDDEN);
    assertThat(without.explainCondition().skipped()).isEmpty();
    assertThat(without.explainCondition().reasons()).extracting(Explanation.Reason::axiom)
        .containsExactly(Axiom.SC_PER_LOCATION);
  }
}
