package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.CandidateExecution;
import io.github.ptxlitmus.model.MemoryModel;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.model.Violation;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Model choice from Java beside docs/api.md section 1 (whose example ApiGuideTest runs): the
 * spec's SB+fence.sc.sys without Fence-SC alone stays forbidden; a foreign model that accepts
 * everything gives the states of the built-in model with every axiom off.
 */
class ModelChoiceApiTest {
  private static final Path SB = Path.of("src/test/resources/litmus/spec/SB+fence.sc.sys.litmus");

  @Test
  void withoutFenceScAloneSbStaysForbidden() {
    // 8.10.2 only ties the Fence-SC order to causality; the order itself still synchronizes
    // (8.9.4 rule 1), so Causality still forbids the SB outcome.
    CheckResult r = LitmusChecker.create(
        CheckOptions.defaults().withModel(ModelSpec.ptx().without(Axiom.FENCE_SC))).check(SB);
    assertThat(r.verdict()).isEqualTo(Verdict.FORBIDDEN);
  }

  @Test
  void anAcceptAllForeignModelEqualsTheBuiltInModelWithEveryAxiomOff() {
    MemoryModel all = new MemoryModel() {
      @Override
      public String name() {
        return "accept-all";
      }

      @Override
      public Optional<Violation> check(CandidateExecution c) {
        return Optional.empty();
      }
    };
    LitmusChecker foreign = LitmusChecker.create(CheckOptions.defaults().withModel(all));
    LitmusChecker builtIn = LitmusChecker.create(CheckOptions.defaults()
        .withMode(CheckOptions.Mode.STATES).withModel(ModelSpec.ptx().withAxioms(Set.of())));
    for (String f : new String[] {"spec/SB+fence.sc.sys.litmus", "spec/LB+deps.litmus",
        "coherence/CoWW+weak.litmus", "pointer/MP-pointer.litmus", "deps/LB+ctrl.litmus"}) {
      Path p = Path.of("src/test/resources/litmus", f);
      CheckResult a = foreign.check(p);
      assertThat(a.model()).isEqualTo("accept-all");
      assertThat(a.states()).as(f).isEqualTo(builtIn.check(p).states());
    }
  }
}
