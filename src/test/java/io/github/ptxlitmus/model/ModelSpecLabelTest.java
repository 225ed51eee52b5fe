package io.github.ptxlitmus.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link ModelSpec#label()} names the model that produced a result (text {@code Model} line,
 * JSON {@code model}, {@code CheckResult.model()}): two specs that check different axioms must
 * not share a label.
 */
class ModelSpecLabelTest {
  @Test
  void defaultVariantsAreTheirNames() {
    assertThat(ModelSpec.ptx().label()).isEqualTo("ptx");
    assertThat(ModelSpec.dat3mV75().label()).isEqualTo("dat3m-v7.5");
    assertThat(ModelSpec.dat3mV60().label()).isEqualTo("dat3m-v6.0");
  }

  @Test
  void switchedOffAxiomsAreNamed() {
    assertThat(ModelSpec.dat3mV75().without(Axiom.CAUSALITY).label())
        .isEqualTo("dat3m-v7.5 without Causality");
    assertThat(ModelSpec.ptx().withAxioms(Set.of()).label())
        .isEqualTo("ptx without Coherence, Fence-SC, Atomicity, No-Thin-Air, SC-per-Location,"
            + " Causality");
  }

  @Test
  void anAxiomTheVariantLacksSwitchedOnIsNamed() {
    // dat3m-v7.5 has no SC-per-Location; withAxioms(all) adds it, a different model.
    ModelSpec all = ModelSpec.dat3mV75().withAxioms(EnumSet.allOf(Axiom.class));
    assertThat(all.has(Axiom.SC_PER_LOCATION)).isTrue();
    assertThat(all.label()).isEqualTo("dat3m-v7.5 with SC-per-Location");
    ModelSpec mixed = ModelSpec.dat3mV75()
        .withAxioms(EnumSet.of(Axiom.SC_PER_LOCATION, Axiom.COHERENCE));
    assertThat(mixed.label()).isEqualTo(
        "dat3m-v7.5 with SC-per-Location without Fence-SC, Atomicity, No-Thin-Air, Causality");
  }
}
