package io.github.ptxlitmus.diy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DiyTest {
  @ParameterizedTest
  @ValueSource(strings = {"PodWR", "PosRR", "Rfe", "Rfi", "Fre", "Fri", "Coe", "Coi",
      "Fence.sc.gpudWR", "Fence.acq_rel.ctasWW", "Membar.gldRW", "Bar.syncdWW",
      "Fence.proxy.aliasdWR", "DpAddrdR", "DpDatasW", "DpCtrldW", "RfeRelAcq@cta",
      "FreAcqCtaRelCta@sys", "CoeXRelCluRlx@cluster", "PodWWPXAcqSys", "Fence.sc.clusterdRRAcqP"})
  void edgesPrintAsTheyParse(String text) {
    Edge e = Edge.parse(text);
    assertThat(e.toString()).isEqualTo(text);
    assertThat(Edge.parse(e.toString())).isEqualTo(e);
  }

  @Test
  void diyAliasesAndWildcards() {
    assertThat(Edge.parse("Wse")).isEqualTo(Edge.parse("Coe"));
    assertThat(Edge.parse("RfeRelAcq@gpu")).isEqualTo(Edge.parse("RfeRelAcq"));
    assertThat(Edge.parseList("PodR*, Fre")).map(Edge::toString)
        .containsExactly("PodRR", "PodRW", "Fre");
  }

  @Test
  void badEdgesSayWhy() {
    assertThatThrownBy(() -> Edge.parse("PodXR")).hasMessage(
        "bad edge 'PodXR': expected R or W, got 'X'");
    assertThatThrownBy(() -> Edge.parse("RfeRel")).hasMessageContaining("give two annotations");
    assertThatThrownBy(() -> Edge.parse("PodWR@cta")).hasMessageContaining(
        "only external edges");
    assertThatThrownBy(() -> Edge.parse("Rfe@warp")).hasMessageContaining("unknown placement");
    assertThatThrownBy(() -> Edge.parse("DpDatadR")).hasMessageContaining("targets a write");
  }

  @Test
  void namesFollowDiy() {
    assertThat(Diy.name(Cycle.parse("Fre PodWR Fre PodWR"))).isEqualTo("SB");
    assertThat(Diy.name(Cycle.parse("Fence.sc.gpudWR Fre Fence.sc.gpudWR Fre")))
        .isEqualTo("SB+fence.sc.gpus");
    assertThat(Diy.name(Cycle.parse("Fence.sc.gpudWW Rfe PodRR Fre")))
        .isEqualTo("MP+fence.sc.gpu+po");
    assertThat(Diy.name(Cycle.parse("Rfe DpCtrldW Rfe DpDatadW"))).isEqualTo("LB+ctrl+data");
    assertThat(Diy.name(Cycle.parse("Rfe PodRR Fre Rfe PodRR Fre"))).isEqualTo("IRIW");
    assertThat(Diy.name(Cycle.parse("PodWR Fre@cta PodWR Fre@cta"))).isEqualTo("SB@cta");
    assertThat(Diy.name(Cycle.parse("Rfe PosRR Fre"))).isEqualTo("CoRR");
    assertThat(Diy.name(Cycle.parse("Rfe PodRW Rfe PodRR Fre"))).isEqualTo("WRC");
  }

  @Test
  void placementsLayOutThreads() {
    String sameCta = LitmusPrinter.print(Diy.generate(Cycle.parse("PodWR Fre@cta PodWR Fre@cta")));
    assertThat(sameCta).contains("P0@cta 0,gpu 0 | P1@cta 0,gpu 0");
    String cluster =
        LitmusPrinter.print(Diy.generate(Cycle.parse("PodWR Fre@cluster PodWR Fre@cluster")));
    assertThat(cluster).contains("P0@cta 0,cluster 0,gpu 0 | P1@cta 1,cluster 0,gpu 0");
    String sys = LitmusPrinter.print(Diy.generate(Cycle.parse("PodWR Fre@sys PodWR Fre@sys")));
    assertThat(sys).contains("P0@cta 0,gpu 0 | P1@cta 1,gpu 1");
    assertThatThrownBy(() -> Diy.generate(Cycle.parse("PodWR Fre@cta PodWR Fre")))
        .hasMessage("placements contradict each other: P0 and P1 must meet @gpu but the other"
            + " edges put them @cta");
  }

  @Test
  void dependenciesAreTrueDependencies() {
    LitmusTest lb = Diy.generate(Cycle.parse("DpDatadW Rfe DpCtrldW Rfe"));
    String text = LitmusPrinter.print(lb);
    assertThat(text).contains("bne r0, 1, LC00").contains("LC00:").contains("add r2, r1, 0")
        .contains("st.weak x, r2");
    assertThat(LitmusChecker.create().check(lb).verdict()).isEqualTo(Verdict.FORBIDDEN);
    String addr = LitmusPrinter.print(Diy.generate(Cycle.parse("DpAddrdW Rfe DpAddrdW Rfe")));
    assertThat(addr).contains("setp.eq r2, r0, 1").contains("sub r3, &y, &dummy")
        .contains("mul r3, r2, r3").contains("add r3, r3, &dummy").contains("st.weak [%r3], 1");
  }

  @Test
  void atomicAccessesUseAtom() {
    String text = LitmusPrinter.print(Diy.generate(Cycle.parse("PodWWPX Rfe PodRRXAcqP Fre")));
    assertThat(text).contains("atom.relaxed.gpu.exch r2, y, 1")
        .contains("atom.acquire.gpu.add r0, y, 0");
  }

  /** The Java API example of docs/diy.md. */
  @Test
  void docsExample() {
    LitmusTest mp = Diy.generate(Cycle.parse("PodWWPRel RfeRelAcq PodRRAcqP Fre"));
    List<CycleEnumerator.Generated> all = CycleEnumerator.enumerate(
        Edge.parseList("PodWR"), Edge.parseList("Fre,Rfe,Coe,PodWW,PodRR,PodRW"), 4, 4);
    List<Catalogue.Entry> rows = Catalogue.run(
        all.stream().map(CycleEnumerator.Generated::test).toList(),
        List.of(new Catalogue.Model("ptx", LitmusChecker.create())));
    String table = Catalogue.format(rows, List.of("ptx"), Catalogue.Format.MARKDOWN);
    assertThat(mp.name()).isEqualTo("MP+poprel+poacqp");
    assertThat(table).contains("| `PodWR Fre PodWR Fre` | `SB` | Allowed |");
    assertThat(Catalogue.forbiddenByAxiom(rows, 0)).isNotEmpty();
  }

  @Test
  void enumerationGivesEachTestOnce() {
    // PodWWRelP ... Fre, PodWW ... FrePRel and PodWWRelP ... FrePRel are one test
    List<CycleEnumerator.Generated> all = CycleEnumerator.enumerate(List.of(),
        Edge.parseList("PodWW,PodWWRelP,Rfe,PodRR,Fre,FrePRel"), 4, 2);
    assertThat(all).extracting(g -> g.test().name()).doesNotHaveDuplicates()
        .filteredOn(n -> n.startsWith("MP")).containsExactlyInAnyOrder("MP", "MP+porelp+po");
    assertThat(all).extracting(g -> g.cycle().toString())
        .contains("PodWW Rfe PodRR FrePRel").doesNotContain("PodWWRelP Rfe PodRR Fre");
  }

  @Test
  void invalidCyclesSayWhy() {
    for (List<String> c : List.of(
        List.of("PodWR Rfe", "Rfe ends at a read but PodWR starts at a write"),
        List.of("PodWW Rfe PodRR Fre PodWR", "ends at a read but PodWW starts at a write"),
        List.of("Rfe Fre", "order the writes to x in a cycle"),
        List.of("PodWRPRel Fre PodWR Fre", "annotation Rel does not apply to a read"),
        List.of("PodWWPRel RfePAcq PodRR Fre", "is annotated both Rel and P"))) {
      assertThatThrownBy(() -> Diy.generate(Cycle.parse(c.get(0)))).as(c.get(0))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(c.get(1));
    }
  }
}
