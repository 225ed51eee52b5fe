package io.github.ptxlitmus.model;

import static io.github.ptxlitmus.litmus.Scope.CLUSTER;
import static io.github.ptxlitmus.litmus.Scope.CTA;
import static io.github.ptxlitmus.litmus.Scope.GPU;
import static io.github.ptxlitmus.litmus.Scope.SYS;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.model.ExecutionBuilder.Execution;
import org.junit.jupiter.api.Test;

/** 8.7 morally strong, 8.7.1 conflict and data race, on hand-built executions. */
class MorallyStrongTest {

  // ---------------------------------------------------------------- 8.7 condition 1: po

  @Test
  void weakOperationsRelatedByProgramOrderAreMorallyStrong() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    var p0 = b.thread(0, 0, 0);
    int w = p0.st("x").weak();
    int r = p0.ld("x").weak();
    Execution e = b.build();

    assertThat(e.model().morallyStrong()).isEqualTo(e.sym(w, r));
  }

  @Test
  void weakOperationsInDifferentThreadsAreNotMorallyStrong() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    b.thread(0, 0, 0).st("x").weak();
    var p1 = b.thread(1, 0, 0); // same CTA
    p1.ld("x").weak();
    b.thread(2, 0, 0).ld("x").relaxed(SYS); // one side strong is not enough
    Execution e = b.build();

    assertThat(e.model().morallyStrong()).isEqualTo(e.empty());
  }

  // ---------------------------------------------------------------- 8.7 condition 1: scopes

  @Test
  void ctaScopeInTheSameCtaIsMorallyStrong() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    int w = b.thread(0, 0, 0).st("x").relaxed(CTA);
    int r = b.thread(1, 0, 0).ld("x").acquire(CTA);
    Execution e = b.build();

    assertThat(e.model().morallyStrong()).isEqualTo(e.sym(w, r));
  }

  @Test
  void ctaScopeAcrossCtasIsNotMorallyStrongButGpuScopeIs() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    int wCta = b.thread(0, 0, 0).st("x").relaxed(CTA); // cta 0
    int rCta = b.thread(1, 1, 0).ld("x").relaxed(CTA); // cta 1
    int rGpu = b.thread(2, 1, 0).ld("x").relaxed(GPU); // cta 1
    int wGpu = b.thread(3, 2, 0).st("x").relaxed(GPU); // cta 2
    Execution e = b.build();

    // wCta–rGpu: rGpu's gpu scope includes P0, but wCta's cta scope does not include P2.
    // rCta–rGpu: same CTA, each scope includes the other.
    assertThat(e.model().morallyStrong()).isEqualTo(e.sym(rGpu, wGpu, rCta, rGpu));
    assertThat(e.model().morallyStrong().contains(wCta, rCta)).isFalse();
  }

  @Test
  void gpuScopeAcrossGpusIsNotMorallyStrongButSysScopeIs() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    int wGpu = b.thread(0, 0, 0).st("x").relaxed(GPU); // gpu 0
    int rGpu = b.thread(1, 0, 1).ld("x").relaxed(GPU); // gpu 1
    int wSys = b.thread(2, 0, 0).st("x").release(SYS); // gpu 0
    int rSys = b.thread(3, 0, 1).ld("x").acquire(SYS); // gpu 1
    Execution e = b.build();

    // Same GPU (P0, P2): gpu ⊇ P2 and sys ⊇ P0. Same GPU 1 (P1, P3) likewise.
    assertThat(e.model().morallyStrong()).isEqualTo(e.sym(wSys, rSys, wGpu, wSys, rGpu, rSys));
  }

  @Test
  void clusterScopeIncludesTheCtasOfAnExplicitClusterOnly() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    int a = b.threadInCluster(0, 0, 0, 0).st("x").relaxed(CLUSTER); // cta 0, cluster 0
    int c = b.threadInCluster(1, 1, 0, 0).ld("x").relaxed(CLUSTER); // cta 1, cluster 0
    int d = b.threadInCluster(2, 2, 1, 0).ld("x").relaxed(CLUSTER); // cta 2, cluster 1
    int f = b.thread(3, 3, 0).ld("x").relaxed(CLUSTER); // cta 3, its own cluster
    int g = b.thread(4, 3, 0).st("x").relaxed(CLUSTER); // cta 3 too
    Execution e = b.build();

    assertThat(e.model().morallyStrong()).isEqualTo(e.sym(a, c, f, g));
    assertThat(e.model().morallyStrong().contains(a, d)).isFalse();
  }

  // ---------------------------------------------------------------- 8.7 conditions 2 and 3

  @Test
  void differentProxiesAreNotMorallyStrongEvenInProgramOrder() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    var p0 = b.thread(0, 0, 0);
    int w = p0.st("x").relaxed(SYS);
    p0.ld("x").proxy(Proxy.CONSTANT).weak(); // ld.const
    var p1 = b.thread(1, 0, 0);
    p1.ld("x").proxy(Proxy.TEXTURE).relaxed(SYS);
    int r = p1.ld("x").relaxed(SYS);
    Execution e = b.build();

    assertThat(e.model().morallyStrong()).isEqualTo(e.sym(w, r));
  }

  @Test
  void differentVirtualAddressesOfOneLocationAreNotMorallyStrong() {
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    b.alias("y", "x");
    var p0 = b.thread(0, 0, 0);
    int wx = p0.st("x").relaxed(SYS);
    int ry = p0.ld("y").relaxed(SYS); // po-related, but another virtual address
    int rx = b.thread(1, 0, 0).ld("x").relaxed(SYS);
    Execution e = b.build();

    assertThat(e.model().morallyStrong()).isEqualTo(e.sym(wx, rx));
    // The three still overlap physically (8.2.2 aliases), and overlap the initial write.
    assertThat(e.model().overlap()).isEqualTo(e.sym(ix, wx, ix, ry, ix, rx, wx, ry, wx, rx, ry, rx));
  }

  @Test
  void partiallyOverlappingStrongOperationsAreNotMorallyStrong() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    int whole = b.thread(0, 0, 0).st("x").relaxed(SYS);
    int half = b.thread(1, 0, 0).ld("x").bytes(0, 2).relaxed(SYS);
    int same = b.thread(2, 0, 0).ld("x").relaxed(SYS);
    Execution e = b.build();

    assertThat(e.model().morallyStrong()).isEqualTo(e.sym(whole, same));
    assertThat(e.model().overlap().contains(whole, half)).isTrue();
  }

  @Test
  void initialWritesAreMorallyStrongWithNothing() {
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    int w0 = b.thread(0, 0, 0).st("x").relaxed(SYS);
    int w1 = b.thread(1, 0, 1).st("x").relaxed(SYS);
    Execution e = b.build();

    assertThat(e.model().morallyStrong()).isEqualTo(e.sym(w0, w1));
    assertThat(e.model().morallyStrong().successors(ix).isEmpty()).isTrue();
    assertThat(e.model().morallyStrong().predecessors(ix).isEmpty()).isTrue();
  }

  @Test
  void fencesAreStrongAndMorallyStrongWithinTheirScopes() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    var p0 = b.thread(0, 0, 0);
    int f0 = p0.fence(Semantics.SC, GPU);
    int w = p0.st("x").relaxed(GPU);
    int f1 = b.thread(1, 1, 0).fence(Semantics.SC, GPU); // another CTA, same GPU
    int f2 = b.thread(2, 2, 0).fence(Semantics.SC, CTA); // cta scope, another CTA
    int f3 = b.thread(3, 2, 0).fence(Semantics.ACQ_REL, CTA); // same CTA as f2
    int wWeak = b.thread(4, 1, 0).st("x").weak();
    Execution e = b.build();

    // f0–w by po; f1–w by gpu scopes (a fence is not a memory operation: no overlap needed);
    // f2–f3 in one CTA; a weak write is ms with nothing outside its thread.
    assertThat(e.model().morallyStrong()).isEqualTo(e.sym(f0, w, f0, f1, f1, w, f2, f3));
    assertThat(e.model().fenceScPairs()).isEqualTo(e.sym(f0, f1));
    assertThat(e.model().morallyStrong().successors(wWeak).isEmpty()).isTrue();
  }

  // ---------------------------------------------------------------- 8.7.1 conflict, race

  @Test
  void conflictsAreOverlappingPairsWithAWriteAndNeverTheInitialWrite() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    b.init("y");
    var p0 = b.thread(0, 0, 0);
    int wx = p0.st("x").weak();
    int ry0 = p0.ld("y").weak();
    var p1 = b.thread(1, 1, 0);
    int rx = p1.ld("x").weak();
    int ry1 = p1.ld("y").weak();
    Execution e = b.build();

    assertThat(e.model().conflict()).isEqualTo(e.sym(wx, rx));
    assertThat(e.model().conflict().contains(ry0, ry1)).isFalse();

    ExecutionBuilder.Derived d = e.derive(e.rel(), e.empty());
    assertThat(e.model().dataRaces(d.cause)).isEqualTo(e.sym(wx, rx));
  }

  @Test
  void synchronizedConflictsAreNotRacesAndNeitherAreMorallyStrongOnes() {
    // MP with release/acquire: data is ordered by causality, flag accesses are ms.
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("data");
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    int wData = p0.st("data").weak();
    int wFlag = p0.st("flag").release(GPU);
    var p1 = b.thread(1, 1, 0);
    int rFlag = p1.ld("flag").acquire(GPU);
    int rData = p1.ld("data").weak();
    Execution e = b.build();

    ExecutionBuilder.Derived d = e.derive(e.rel(wFlag, rFlag, wData, rData), e.empty());
    assertThat(e.model().conflict()).isEqualTo(e.sym(wData, rData, wFlag, rFlag));
    assertThat(d.cause.contains(wData, rData)).isTrue();
    assertThat(e.model().dataRaces(d.cause)).isEqualTo(e.empty());

    // Without the acquire reading the release, data is racy again; flag is still ms.
    ExecutionBuilder.Derived unsync = e.derive(e.rel(wData, rData), e.empty());
    assertThat(e.model().dataRaces(unsync.cause)).isEqualTo(e.sym(wData, rData));
  }

  @Test
  void strongAccessesWhoseScopesMissEachOtherRace() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    int wCta = b.thread(0, 0, 0).st("x").relaxed(CTA); // cta 0
    int rGpu = b.thread(1, 1, 0).ld("x").relaxed(GPU); // cta 1
    int wGpu = b.thread(2, 2, 0).st("x").relaxed(GPU); // cta 2
    Execution e = b.build();

    ExecutionBuilder.Derived d = e.derive(e.rel(), e.empty());
    // wCta conflicts with both; rGpu–wGpu are ms, so not a race.
    assertThat(e.model().conflict()).isEqualTo(e.sym(wCta, rGpu, wCta, wGpu, rGpu, wGpu));
    assertThat(e.model().dataRaces(d.cause)).isEqualTo(e.sym(wCta, rGpu, wCta, wGpu));
    assertThat(e.model().mixedSizeRaces(d.cause)).isEqualTo(e.empty()); // uniform size
  }

  @Test
  void partiallyOverlappingStrongAccessesRace() {
    // 8.7.2: a race between partially overlapping operations is a mixed-size race.
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    int whole = b.thread(0, 0, 0).st("x").relaxed(SYS);
    int high = b.thread(1, 0, 0).st("x").bytes(2, 2).relaxed(SYS);
    int other = b.thread(2, 0, 0).ld("x").bytes(0, 2).relaxed(SYS); // bytes 0..1 only
    Execution e = b.build();

    ExecutionBuilder.Derived d = e.derive(e.rel(), e.empty());
    assertThat(e.model().overlap().contains(high, other)).isFalse();
    assertThat(e.model().dataRaces(d.cause)).isEqualTo(e.sym(whole, high, whole, other));
    assertThat(e.model().mixedSizeRaces(d.cause)).isEqualTo(e.sym(whole, high, whole, other));
  }
}
