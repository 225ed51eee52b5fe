package io.github.ptxlitmus.model;

import static io.github.ptxlitmus.litmus.Scope.CTA;
import static io.github.ptxlitmus.litmus.Scope.GPU;
import static io.github.ptxlitmus.litmus.Scope.SYS;
import static io.github.ptxlitmus.litmus.Semantics.ACQUIRE;
import static io.github.ptxlitmus.litmus.Semantics.ACQ_REL;
import static io.github.ptxlitmus.litmus.Semantics.RELEASE;
import static io.github.ptxlitmus.litmus.Semantics.SC;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.model.ExecutionBuilder.Execution;
import io.github.ptxlitmus.relation.Relation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * 8.9.2 observation, 8.8 release and acquire patterns, 8.9.4 synchronizes-with (pattern
 * synchronization and fence.sc synchronization), 8.11.1 reductions.
 */
class SynchronizationTest {

  // ---------------------------------------------------------------- 8.9.2 observation

  @Test
  void morallyStrongReadsFromIsObservation() {
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    int w = b.thread(0, 0, 0).st("x").relaxed(GPU);
    var p1 = b.thread(1, 1, 0);
    int r = p1.ld("x").relaxed(GPU);
    int r0 = p1.ld("x").relaxed(GPU);
    Execution e = b.build();

    // r0 reads the initial write, which is ms with nothing: no observation.
    assertThat(e.model().observation(e.rel(w, r, ix, r0))).isEqualTo(e.rel(w, r));
  }

  @Test
  void observationChainsThroughAtomicReadModifyWrites() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    int w = b.thread(0, 0, 0).st("x").relaxed(GPU); // W
    int z1 = b.thread(1, 1, 0).atom("x").relaxed(GPU); // RMW reads W
    int z2 = b.thread(2, 2, 0).red("x").relaxed(SYS); // red reads z1
    int r = b.thread(3, 3, 0).ld("x").acquire(GPU); // R reads z2
    Execution e = b.build();

    assertThat(e.model().observation(e.rel(w, z1, z1, z2, z2, r)))
        .isEqualTo(e.rel(w, z1, w, z2, w, r, z1, z2, z1, r, z2, r));
  }

  @Test
  void aChainLinkThatIsNotMorallyStrongBreaksObservation() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    int w = b.thread(0, 0, 0).st("x").relaxed(CTA); // cta 0, cta scope
    int z = b.thread(1, 1, 0).atom("x").relaxed(GPU); // cta 1
    int r = b.thread(2, 2, 0).ld("x").relaxed(GPU); // cta 2
    Execution e = b.build();

    assertThat(e.model().observation(e.rel(w, z, z, r))).isEqualTo(e.rel(z, r));
  }

  @Test
  void weakReadsFromAnotherThreadIsNotObservation() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    b.init("y");
    int wx = b.thread(0, 0, 0).st("x").weak();
    int wy = b.thread(1, 0, 0).st("y").relaxed(SYS);
    var p2 = b.thread(2, 0, 0);
    int rx = p2.ld("x").relaxed(SYS); // strong read of a weak write
    int ry = p2.ld("y").weak(); // weak read of a strong write
    Execution e = b.build();

    assertThat(e.model().observation(e.rel(wx, rx, wy, ry))).isEqualTo(e.empty());
  }

  // ---------------------------------------------------------------- 8.8 release patterns

  /** P1: ld.acquire.gpu [flag] (acquire pattern 1). */
  private static int acquireReader(ExecutionBuilder b) {
    return b.thread(1, 1, 0).ld("flag").acquire(GPU);
  }

  @Test
  void releasePattern1ReleaseOperation() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    int w = b.thread(0, 0, 0).st("flag").release(GPU);
    int a = acquireReader(b);
    Execution e = b.build();

    assertThat(sw(e, e.rel(w, a))).isEqualTo(e.rel(w, a));
  }

  @Test
  void releasePattern1AtomicRelease() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    int w = b.thread(0, 0, 0).atom("flag").release(GPU);
    int a = acquireReader(b);
    Execution e = b.build();

    assertThat(sw(e, e.rel(w, a))).isEqualTo(e.rel(w, a));
  }

  @Test
  void releasePattern2ReleaseThenStrongWriteEdgeStartsAtTheRelease() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    int rel = p0.st("flag").release(GPU);
    int w = p0.st("flag").relaxed(GPU);
    int a = acquireReader(b);
    Execution e = b.build();

    // Pattern "st.release [flag]; st.relaxed [flag]": first = the release, write = w.
    assertThat(sw(e, e.rel(w, a))).isEqualTo(e.rel(rel, a));
  }

  @Test
  void releasePattern2NeedsAStrongWrite() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    p0.st("flag").release(GPU);
    int w = p0.st("flag").weak();
    var p1 = b.thread(1, 0, 0); // same CTA: po-unrelated weak write is not ms anyway
    int a = p1.ld("flag").acquire(GPU);
    Execution e = b.build();

    assertThat(sw(e, e.rel(w, a))).isEqualTo(e.empty());
  }

  @Test
  void releasePattern2NeedsTheReleaseOnTheSameLocation() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("y");
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    p0.st("y").release(GPU); // a release on y is no release pattern on flag
    int w = p0.st("flag").relaxed(GPU);
    var p1 = b.thread(1, 1, 0);
    int r = p1.ld("flag").relaxed(GPU);
    p1.fence(ACQUIRE, GPU); // a fence as last(Y), so ms(first(X), last(Y)) cannot hide it
    Execution e = b.build();

    assertThat(sw(e, e.rel(w, r))).isEqualTo(e.empty());
  }

  @ParameterizedTest
  @EnumSource(
      value = Semantics.class,
      names = {"RELEASE", "ACQ_REL", "SC"})
  void releasePattern3ReleaseClassFenceThenStrongWrite(Semantics fenceSem) {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    int f = p0.fence(fenceSem, GPU);
    int w = p0.st("flag").relaxed(GPU);
    int a = acquireReader(b);
    Execution e = b.build();

    assertThat(sw(e, e.rel(w, a))).isEqualTo(e.rel(f, a));
  }

  @Test
  void anAcquireFenceIsNotAReleaseFence() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    p0.fence(ACQUIRE, GPU);
    int w = p0.st("flag").relaxed(GPU);
    int a = acquireReader(b);
    Execution e = b.build();

    assertThat(sw(e, e.rel(w, a))).isEqualTo(e.empty());
  }

  // ---------------------------------------------------------------- 8.8 acquire patterns

  /** P0: st.release.gpu [flag] (release pattern 1). */
  private static int releaseWriter(ExecutionBuilder b) {
    return b.thread(0, 0, 0).st("flag").release(GPU);
  }

  @Test
  void acquirePattern1AcquireOperation() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    int w = releaseWriter(b);
    int a = b.thread(1, 1, 0).atom("flag").acqRel(GPU);
    Execution e = b.build();

    assertThat(sw(e, e.rel(w, a))).isEqualTo(e.rel(w, a));
  }

  @Test
  void acquirePattern2StrongReadThenAcquireOperationEdgeEndsAtTheAcquire() {
    ExecutionBuilder b = new ExecutionBuilder();
    int iFlag = b.init("flag");
    int w = releaseWriter(b);
    var p1 = b.thread(1, 1, 0);
    int r = p1.ld("flag").relaxed(GPU);
    int a = p1.ld("flag").acquire(GPU);
    Execution e = b.build();

    // The acquire itself reads the initial value, so only pattern 2 ("r; a") can sync.
    assertThat(sw(e, e.rel(w, r, iFlag, a))).isEqualTo(e.rel(w, a));
  }

  @Test
  void acquirePattern2NeedsTheAcquireOnTheSameLocation() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("y");
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    p0.fence(RELEASE, GPU); // a fence as first(X), so ms(first(X), last(Y)) cannot hide it
    int w = p0.st("flag").relaxed(GPU);
    var p1 = b.thread(1, 1, 0);
    int r = p1.ld("flag").relaxed(GPU);
    p1.ld("y").acquire(GPU); // an acquire on y is no acquire pattern on flag
    Execution e = b.build();

    assertThat(sw(e, e.rel(w, r))).isEqualTo(e.empty());
  }

  @ParameterizedTest
  @EnumSource(
      value = Semantics.class,
      names = {"ACQUIRE", "ACQ_REL", "SC"})
  void acquirePattern3StrongReadThenAcquireClassFence(Semantics fenceSem) {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    int w = releaseWriter(b);
    var p1 = b.thread(1, 1, 0);
    int r = p1.atom("flag").relaxed(GPU);
    int f = p1.fence(fenceSem, GPU);
    Execution e = b.build();

    assertThat(sw(e, e.rel(w, r))).isEqualTo(e.rel(w, f));
  }

  @Test
  void aReleaseFenceIsNotAnAcquireFence() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    int w = releaseWriter(b);
    var p1 = b.thread(1, 1, 0);
    int r = p1.ld("flag").relaxed(GPU);
    p1.fence(RELEASE, GPU);
    Execution e = b.build();

    assertThat(sw(e, e.rel(w, r))).isEqualTo(e.empty());
  }

  @Test
  void acquirePattern3NeedsAStrongRead() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    int w = p0.st("flag").release(GPU);
    int r = p0.ld("flag").weak(); // po-related, so observes w (ms by program order)
    p0.fence(ACQUIRE, GPU);
    Execution e = b.build();

    assertThat(e.model().observation(e.rel(w, r))).isEqualTo(e.rel(w, r));
    assertThat(sw(e, e.rel(w, r))).isEqualTo(e.empty());
  }

  @Test
  void reductionFollowedByAcquireFenceIsNotAnAcquirePattern() {
    // 8.11.1: "red.add [M], 1; fence.acquire;" does not form an acquire pattern.
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    int w = releaseWriter(b);
    var p1 = b.thread(1, 1, 0);
    int red = p1.red("flag").relaxed(SYS);
    p1.fence(ACQUIRE, GPU);
    Execution e = b.build();

    assertThat(e.model().observation(e.rel(w, red))).isEqualTo(e.rel(w, red));
    assertThat(sw(e, e.rel(w, red))).isEqualTo(e.empty());
  }

  @Test
  void atomFollowedByAcquireFenceIsAnAcquirePattern() {
    // The same shape with atom instead of red (8.11.1's contrast).
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    int w = releaseWriter(b);
    var p1 = b.thread(1, 1, 0);
    int atom = p1.atom("flag").relaxed(SYS);
    int f = p1.fence(ACQUIRE, GPU);
    Execution e = b.build();

    assertThat(sw(e, e.rel(w, atom))).isEqualTo(e.rel(w, f));
  }

  @Test
  void observationThroughAnRmwChainSynchronizes() {
    // Release sequence: st.release; atom.relaxed (other thread); ld.acquire reads the atom.
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    int w = releaseWriter(b);
    int z = b.thread(2, 2, 0).atom("flag").relaxed(GPU);
    int a = acquireReader(b);
    Execution e = b.build();

    // w sw a through the chain; z (a relaxed RMW) is no release pattern.
    assertThat(sw(e, e.rel(w, z, z, a))).isEqualTo(e.rel(w, a));
  }

  @Test
  void messagePassingWithFencesSynchronizesFenceToFence() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("data");
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    p0.st("data").weak();
    int f1 = p0.fence(ACQ_REL, SYS);
    int w2 = p0.st("flag").relaxed(SYS);
    var p1 = b.thread(1, 0, 1); // another GPU
    int r1 = p1.ld("flag").relaxed(SYS);
    int f2 = p1.fence(ACQ_REL, SYS);
    p1.ld("data").weak();
    Execution e = b.build();

    assertThat(sw(e, e.rel(w2, r1))).isEqualTo(e.rel(f1, f2));
  }

  @Test
  void fenceScCountsAsReleaseAndAcquireFence() {
    // The C++ seq_cst mapping: fence.sc; st.relaxed  /  ld.relaxed; fence.sc.
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    int f0 = p0.fence(SC, GPU);
    int w = p0.st("flag").relaxed(GPU);
    var p1 = b.thread(1, 1, 0);
    int r = p1.ld("flag").relaxed(GPU);
    int f1 = p1.fence(SC, GPU);
    Execution e = b.build();

    assertThat(sw(e, e.rel(w, r))).isEqualTo(e.rel(f0, f1));
  }

  // ---------------------------------------------------------------- scopes of patterns

  @Test
  void ctaScopedPatternsAcrossCtasDoNotSynchronize() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    int w = b.thread(0, 0, 0).st("flag").release(CTA);
    int a = b.thread(1, 1, 0).ld("flag").acquire(CTA);
    Execution e = b.build();

    assertThat(e.model().observation(e.rel(w, a))).isEqualTo(e.empty());
    assertThat(sw(e, e.rel(w, a))).isEqualTo(e.empty());
  }

  @Test
  void ctaScopedFencesAcrossCtasDoNotSynchronizeEvenWhenTheFlagIsObserved() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    p0.fence(ACQ_REL, CTA);
    int w = p0.st("flag").relaxed(GPU);
    var p1 = b.thread(1, 1, 0);
    int r = p1.ld("flag").relaxed(GPU);
    p1.fence(ACQ_REL, CTA);
    Execution e = b.build();

    // The flag accesses are ms (gpu), but first(X) and last(Y) are not (8.9.4 rule 4).
    assertThat(e.model().observation(e.rel(w, r))).isEqualTo(e.rel(w, r));
    assertThat(sw(e, e.rel(w, r))).isEqualTo(e.empty());
  }

  @Test
  void ctaScopedPatternsInOneCtaSynchronize() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("flag");
    int w = b.thread(0, 0, 0).st("flag").release(CTA);
    int a = b.thread(1, 0, 0).ld("flag").acquire(CTA);
    Execution e = b.build();

    assertThat(sw(e, e.rel(w, a))).isEqualTo(e.rel(w, a));
  }

  // ---------------------------------------------------------------- 8.9.3/8.9.4 fence.sc

  @Test
  void fenceScSynchronizesAlongTheFenceScOrder() {
    ExecutionBuilder b = new ExecutionBuilder();
    int f0 = b.thread(0, 0, 0).fence(SC, SYS);
    int f1 = b.thread(1, 0, 1).fence(SC, SYS);
    int f2 = b.thread(2, 0, 0).fence(ACQ_REL, SYS);
    Execution e = b.build();

    assertThat(e.model().fenceScPairs()).isEqualTo(e.sym(f0, f1));
    // Only fence.sc pairs take part, even if an order mentions other events.
    assertThat(e.model().fenceScSynchronization(e.rel(f1, f0, f0, f2))).isEqualTo(e.rel(f1, f0));
  }

  @Test
  void ctaFenceScInDifferentCtasNeedNoOrder() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.thread(0, 0, 0).fence(SC, CTA);
    b.thread(1, 1, 0).fence(SC, CTA);
    Execution e = b.build();

    assertThat(e.model().fenceScPairs()).isEqualTo(e.empty());
  }

  /** Pattern synchronization (8.9.4 rule 4) for a given rf. */
  private static Relation sw(Execution e, Relation rf) {
    return new PtxChain(e.model()).observed(rf).patternSw();
  }
}
