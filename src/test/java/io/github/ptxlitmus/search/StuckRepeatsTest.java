package io.github.ptxlitmus.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.ModelSpec;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Waits that never end (docs/model.md): a stuck path whose last iteration repeats the one
 * before it, which ended a stuck path of its own, shows no loop that the shorter one does not
 * ({@link LoopCuts#repeatsShorter}), and the search of waits that never end leaves it out only
 * when the iteration's silent atomics are morally strong with every overlapping access under a
 * model that checks Atomicity.
 */
class StuckRepeatsTest {
  private static LitmusTest parse(String p1, String... p0) {
    StringBuilder text = new StringBuilder("PTX t\n{ x=0; }\n"
        + "P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n");
    int lines = Math.max(p0.length, 3);
    String[] spin = {"L:", p1, "beq r1, 1, L"};
    for (int i = 0; i < lines; i++) {
      text.append(i < p0.length ? p0[i] : "").append(" | ")
          .append(i < spin.length ? spin[i] : "").append(" ;\n");
    }
    text.append("exists (0 == 0)\n");
    return LitmusParser.parse("t.litmus", text.toString());
  }

  /** The lengths of P1's stuck paths offered to the search under {@code spec}. */
  private static List<Integer> stuckOffered(LitmusTest test, Optional<ModelSpec> spec) {
    Set<List<PathEvent>> seen = new HashSet<>();
    List<Integer> lengths = new ArrayList<>();
    PathCombinations.forEach(test, Locations.of(test), 2, true, spec,
        new Budget(SearchLimits.unlimited(2)), new LoopCuts(), combo -> {
          ThreadPath p = combo.get(1);
          if (p.stuck().isPresent() && seen.add(p.events())) {
            lengths.add(p.events().size());
          }
          return true;
        });
    return lengths;
  }

  @Test
  void aSilentExchangeSpinKeepsOnlyItsFirstStuckIteration() {
    LitmusTest t = parse("atom.relaxed.gpu.exch r1, x, 1", "st.relaxed.gpu x, 1");
    assertThat(stuckOffered(t, Optional.empty())).containsExactly(1, 2, 3);
    assertThat(stuckOffered(t, Optional.of(ModelSpec.ptx()))).containsExactly(1);
  }

  @Test
  void aLoadSpinKeepsOnlyItsFirstStuckIteration() {
    LitmusTest t = parse("ld.relaxed.gpu r1, x", "st.weak x, 1");
    assertThat(stuckOffered(t, Optional.of(ModelSpec.ptx()))).containsExactly(1);
  }

  @Test
  void anAtomicThatChangesMemoryEndsNoStuckPath() {
    // add 1 changes memory every round: the iteration cannot repeat forever.
    LitmusTest t = parse("atom.relaxed.gpu.add r1, x, 1", "st.relaxed.gpu x, 1");
    assertThat(stuckOffered(t, Optional.empty())).isEmpty();
    // An exchange of 0 that stays in the loop only on reading 1 changes memory too.
    assertThat(stuckOffered(parse("atom.relaxed.gpu.exch r1, x, 0", "st.relaxed.gpu x, 1"),
        Optional.empty())).isEmpty();
  }

  @Test
  void anAtomicThatMayWriteWhatItReadKeepsItsStuckPaths() {
    // or 1 leaves memory as it was once bit 0 is set: no branch says whether it is.
    LitmusTest t = parse("atom.relaxed.gpu.or r1, x, 1", "st.relaxed.gpu x, 1");
    assertThat(stuckOffered(t, Optional.empty())).containsExactly(1, 2, 3);
  }

  @Test
  void aWeakAccessOverlappingTheSilentAtomicKeepsEveryStuckIteration() {
    // Not morally strong with the weak store: deleting an iteration could grow observation.
    LitmusTest t = parse("atom.relaxed.gpu.exch r1, x, 1", "st.weak x, 1");
    assertThat(stuckOffered(t, Optional.of(ModelSpec.ptx()))).containsExactly(1, 2, 3);
  }

  @Test
  void withoutAtomicityEveryStuckIterationIsKept() {
    LitmusTest t = parse("atom.relaxed.gpu.exch r1, x, 1", "st.relaxed.gpu x, 1");
    EnumSet<Axiom> axioms = EnumSet.allOf(Axiom.class);
    axioms.remove(Axiom.ATOMICITY);
    assertThat(stuckOffered(t, Optional.of(ModelSpec.ptx().withAxioms(axioms))))
        .containsExactly(1, 2, 3);
  }

  @Test
  void aCounterTheIterationChangesKeepsEveryStuckIteration() {
    // r2 is read by the loop (the stored value): each iteration enters with another value.
    StringBuilder text = new StringBuilder("PTX t\n{ x=0; y=0; }\n"
        + "P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n");
    String[] p1 = {"L:", "add r2, r2, 1", "atom.relaxed.gpu.exch r1, x, 1", "beq r1, 1, L",
        "st.relaxed.gpu y, r2"};
    for (int i = 0; i < p1.length; i++) {
      text.append(i == 0 ? "st.relaxed.gpu x, 1" : "").append(" | ").append(p1[i]).append(" ;\n");
    }
    text.append("exists (0 == 0)\n");
    LitmusTest t = LitmusParser.parse("t.litmus", text.toString());
    assertThat(stuckOffered(t, Optional.of(ModelSpec.ptx())))
        .isEqualTo(stuckOffered(t, Optional.empty()));
  }

  @Test
  void theLoopIsStillFoundSpinningForever() {
    // Nothing writes 0 after P0's 1: P1's exchange keeps reading 1, a wait that never ends.
    CheckResult r = LitmusChecker.create(CheckOptions.defaults())
        .check(parse("atom.relaxed.gpu.exch r1, x, 1", "st.relaxed.gpu x, 1"));
    assertThat(r.has(Flag.MAY_NOT_TERMINATE)).isTrue();
    assertThat(r.nonTerminatingLoops()).containsExactly("P1 line 4");
  }
}
