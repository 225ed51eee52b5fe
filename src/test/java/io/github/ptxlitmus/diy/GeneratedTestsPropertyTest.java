package io.github.ptxlitmus.diy;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.ModelSpec;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Properties of generated tests, on a seeded sample of every cycle of up to 4 edges over the
 * PTX edge set of docs/diy.md (and all its cycles of up to 3 edges):
 *
 * <ol>
 *   <li>the printed test parses, and printing the parsed test gives the same text, threads,
 *       instructions and condition;
 *   <li>the cycle's outcome is not vacuous: some candidate execution produces it before the
 *       axioms are applied: the model with every axiom switched off ({@code
 *       ModelSpec.ptx().withAxioms(none)}) allows it. With no axiom on, the engines' pruning
 *       rules (each sound only while its axiom is on) are all off, so every candidate execution
 *       counts. (The spec check's explanation is not enough: it keeps the rf pruning of
 *       {@code PtxModel.mayReadFrom}, so for CoRW1 it lists no candidate at all.) (A cyclic base
 *       causality is part of Causality, 8.10.6, so such candidates count too.)
 * </ol>
 */
class GeneratedTestsPropertyTest {
  /** The documented PTX edge set (docs/diy.md). */
  static final String EDGES = Edge.PTX_EDGES;

  private static final int SAMPLE = 120;

  @Test
  void generatedTestsRoundTripAndAreNotVacuous() {
    List<Edge> safe = Edge.parseList(EDGES + ",PosWW,PosRR,PosWR,PosRW,Rfi,Fri,Coi");
    List<CycleEnumerator.Generated> small = CycleEnumerator.enumerate(List.of(), safe, 3, 3);
    List<CycleEnumerator.Generated> all =
        new ArrayList<>(CycleEnumerator.enumerate(List.of(), Edge.parseList(EDGES), 4, 4));
    java.util.Collections.shuffle(all, new Random(17));
    List<CycleEnumerator.Generated> sample = new ArrayList<>(small);
    sample.addAll(all.subList(0, Math.min(SAMPLE, all.size())));
    assertThat(small).isNotEmpty();
    LitmusChecker noAxioms = LitmusChecker.create(CheckOptions.defaults()
        .withModel(ModelSpec.ptx().withAxioms(EnumSet.noneOf(Axiom.class))));
    for (CycleEnumerator.Generated g : sample) {
      LitmusTest t = g.test();
      String printed = LitmusPrinter.print(t);
      LitmusTest reparsed = LitmusParser.parse(t.name(), printed);
      assertThat(LitmusPrinter.print(reparsed)).as("print(parse(print(%s)))", g.cycle())
          .isEqualTo(printed);
      assertThat(reparsed.threads().size()).isEqualTo(t.threads().size());
      assertThat(reparsed.instructionCount()).isEqualTo(t.instructionCount());
      assertThat(reparsed.condition()).isEqualTo(t.condition());
      assertThat(reparsed.descriptions()).containsExactly(g.cycle().toString());
      assertThat(noAxioms.check(reparsed).verdict())
          .as("with no axiom, some candidate execution shows the outcome of %s:%n%s",
              g.cycle(), printed)
          .isEqualTo(Verdict.ALLOWED);
    }
  }

  /**
   * LB with synchronization both ways: base causality is cyclic in the only candidate with
   * the outcome. That is Causality's business (8.10.6): forbidden by it, allowed without it
   * (not "no candidate"), and the explanation lists the candidate under Causality.
   */
  @Test
  void cyclicBaseCausalityIsCausality() {
    LitmusTest lb = Diy.generate(Cycle.parse("PodRW RfeRelAcq PodRW RfeRelAcq"));
    io.github.ptxlitmus.check.CheckResult spec = LitmusChecker.create().check(lb);
    assertThat(spec.verdict()).isEqualTo(Verdict.FORBIDDEN);
    String why = spec.explainCondition().toString();
    assertThat(why).contains("Causality").contains("base causality");
    for (Axiom off : List.of(Axiom.CAUSALITY)) {
      LitmusChecker without = LitmusChecker.create(CheckOptions.defaults()
          .withModel(ModelSpec.ptx().without(off)));
      assertThat(without.check(lb).verdict()).as("without %s", off).isEqualTo(Verdict.ALLOWED);
    }
    LitmusChecker noAxioms = LitmusChecker.create(CheckOptions.defaults()
        .withModel(ModelSpec.ptx().withAxioms(EnumSet.noneOf(Axiom.class))));
    assertThat(noAxioms.check(lb).verdict()).isEqualTo(Verdict.ALLOWED);
  }
}
