package io.github.ptxlitmus.model;

import static io.github.ptxlitmus.litmus.Scope.GPU;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.model.ExecutionBuilder.Derived;
import io.github.ptxlitmus.model.ExecutionBuilder.Execution;
import io.github.ptxlitmus.relation.Relation;
import org.junit.jupiter.api.Test;

/** 8.9.6 coherence order (a partial order) and 8.9.7 from-reads. */
class CoherenceOrderTest {

  // ---------------------------------------------------------------- 8.9.6

  /** P0: st [x] (w1); st.relaxed.gpu [x] (w2).  P1 (other CTA): st.relaxed.gpu [x] (w3). */
  private static final class WeakThenRelaxed {
    final int ix;
    final int w1;
    final int w2;
    final int w3;
    final Execution e;

    WeakThenRelaxed() {
      ExecutionBuilder b = new ExecutionBuilder();
      ix = b.init("x");
      var p0 = b.thread(0, 0, 0);
      w1 = p0.st("x").weak();
      w2 = p0.st("x").relaxed(GPU);
      w3 = b.thread(1, 1, 0).st("x").relaxed(GPU);
      e = b.build();
    }

    Relation co(int... order) {
      return e.derive(e.rel(), e.order(order)).co;
    }
  }

  @Test
  void coherenceKeepsOnlyMorallyStrongAndCausalPairsOfTheTotalOrder() {
    WeakThenRelaxed t = new WeakThenRelaxed();
    // w1–w3 are racy (w1 weak, other thread): T orders them, co does not.
    Relation expected = t.e.rel(t.ix, t.w1, t.ix, t.w2, t.ix, t.w3, t.w1, t.w2, t.w3, t.w2);
    assertThat(t.co(t.w1, t.w3, t.w2)).isEqualTo(expected);
    assertThat(t.co(t.w3, t.w1, t.w2)).isEqualTo(expected);
  }

  @Test
  void coherenceClosesTransitivelyEvenOverARacyPair() {
    // w1 co w2 (po, ms) and w2 co w3 (ms) give w1 co w3 (DESIGN §3: as ptx.als).
    WeakThenRelaxed t = new WeakThenRelaxed();
    assertThat(t.co(t.w1, t.w2, t.w3))
        .isEqualTo(
            t.e.rel(t.ix, t.w1, t.ix, t.w2, t.ix, t.w3, t.w1, t.w2, t.w2, t.w3, t.w1, t.w3));
    assertThat(t.co(t.w1, t.w2, t.w3).isTransitive()).isTrue();
  }

  @Test
  void causallyOrderedWeakWritesAreCoherenceOrderedAsTheTotalOrderSays() {
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    int iFlag = b.init("flag");
    var p0 = b.thread(0, 0, 0);
    int w1 = p0.st("x").weak();
    int rel = p0.st("flag").release(GPU);
    var p1 = b.thread(1, 1, 0);
    int acq = p1.ld("flag").acquire(GPU);
    int w2 = p1.st("x").weak();
    Execution e = b.build();

    Relation rf = e.rel(rel, acq);
    assertThat(e.derive(rf, e.order(w1, w2)).cause.contains(w1, w2)).isTrue();
    assertThat(e.derive(rf, e.order(w1, w2)).co)
        .isEqualTo(e.rel(ix, w1, ix, w2, w1, w2, iFlag, rel));
    // The reverse orientation is kept too (and then breaks Coherence, see AxiomsTest).
    assertThat(e.derive(rf, e.order(w2, w1)).co)
        .isEqualTo(e.rel(ix, w1, ix, w2, w2, w1, iFlag, rel));
  }

  @Test
  void racyWeakWritesStayUnorderedWhateverTheTotalOrder() {
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    int w1 = b.thread(0, 0, 0).st("x").weak();
    int w2 = b.thread(1, 0, 0).st("x").weak();
    Execution e = b.build();

    assertThat(e.derive(e.rel(), e.order(w1, w2)).co).isEqualTo(e.rel(ix, w1, ix, w2));
    assertThat(e.derive(e.rel(), e.order(w2, w1)).co).isEqualTo(e.rel(ix, w1, ix, w2));
  }

  /**
   * The required case: two racy weak writes, W1 (P0) and W2 (P1), both made visible
   * by release/acquire to two readers, which read x twice and see them in opposite orders:
   *
   * <pre>
   * P0: st [x], 1 (W1); st.release.gpu [f0], 1
   * P1: st [x], 2 (W2); st.release.gpu [f1], 1
   * P2: ld.acquire.gpu [f0]; ld.acquire.gpu [f1]; ld [x] (R1 = 1); ld [x] (R2 = 2)
   * P3: ld.acquire.gpu [f0]; ld.acquire.gpu [f1]; ld [x] (R3 = 2); ld [x] (R4 = 1)
   * </pre>
   *
   * Both writes cause every read. Under a total coherence order, the co-earlier write would be
   * hidden from all four reads (Causality rule 2). The spec's coherence order is partial: the
   * writes race, so co relates neither way and the execution satisfies every axiom. The reads
   * are weak and in other threads than the writes, so no pairwise morally strong set holds a
   * write and a read (SC-per-Location does not apply across them).
   */
  private static final class RacyWritesSynchronizedReaders {
    final Execution e;
    final int ix;
    final int if0;
    final int if1;
    final int w1;
    final int w2;
    final int rel0;
    final int rel1;
    final int[] acquires;
    final int r1;
    final int r2;
    final int r3;
    final int r4;
    final Relation rf;

    RacyWritesSynchronizedReaders() {
      ExecutionBuilder b = new ExecutionBuilder();
      ix = b.init("x");
      if0 = b.init("f0");
      if1 = b.init("f1");
      var p0 = b.thread(0, 0, 0);
      w1 = p0.st("x").weak();
      rel0 = p0.st("f0").release(GPU);
      var p1 = b.thread(1, 1, 0);
      w2 = p1.st("x").weak();
      rel1 = p1.st("f1").release(GPU);
      var p2 = b.thread(2, 2, 0);
      int a20 = p2.ld("f0").acquire(GPU);
      int a21 = p2.ld("f1").acquire(GPU);
      r1 = p2.ld("x").weak();
      r2 = p2.ld("x").weak();
      var p3 = b.thread(3, 3, 0);
      int a30 = p3.ld("f0").acquire(GPU);
      int a31 = p3.ld("f1").acquire(GPU);
      r3 = p3.ld("x").weak();
      r4 = p3.ld("x").weak();
      e = b.build();
      acquires = new int[] {a20, a21, a30, a31};
      rf =
          e.rel(
              rel0, a20, rel1, a21, rel0, a30, rel1, a31, // flags
              w1, r1, w2, r2, // P2 sees W1 then W2
              w2, r3, w1, r4); // P3 sees W2 then W1
    }
  }

  @Test
  void racyWritesSeenInOppositeOrdersByTwoSynchronizedReadersStayUnorderedInCo() {
    RacyWritesSynchronizedReaders t = new RacyWritesSynchronizedReaders();
    Execution e = t.e;
    for (Relation total : new Relation[] {e.order(t.w1, t.w2), e.order(t.w2, t.w1)}) {
      Derived d = e.derive(t.rf, total);

      // Both writes causally precede all four reads...
      for (int r : new int[] {t.r1, t.r2, t.r3, t.r4}) {
        assertThat(d.cause.contains(t.w1, r)).isTrue();
        assertThat(d.cause.contains(t.w2, r)).isTrue();
      }
      // ...but not each other: they race, and co relates neither way.
      assertThat(e.model().dataRaces(d.cause)).isEqualTo(e.sym(t.w1, t.w2));
      assertThat(d.co.contains(t.w1, t.w2)).isFalse();
      assertThat(d.co.contains(t.w2, t.w1)).isFalse();
      assertThat(d.co).isEqualTo(e.rel(t.ix, t.w1, t.ix, t.w2, t.if0, t.rel0, t.if1, t.rel1));
      assertThat(d.fr).isEqualTo(e.empty());
      assertThat(d.violations()).isEmpty();
    }
  }

  @Test
  void theSameExecutionWithATotalCoherenceOrderBreaksCausality() {
    // Shows the previous test can fail: ordering the racy pair makes a read of W1 stale.
    RacyWritesSynchronizedReaders t = new RacyWritesSynchronizedReaders();
    Execution e = t.e;
    Derived d = e.derive(t.rf, e.order(t.w1, t.w2));
    Relation totalCo = d.co.union(e.rel(t.w1, t.w2));
    Relation fr = e.model().fromReads(d.byteSources, totalCo);

    assertThat(fr).isEqualTo(e.rel(t.r1, t.w2, t.r4, t.w2));
    Violation v = e.model().causality(t.rf, fr, d.readerCause, d.cause).orElseThrow();
    assertThat(v.axiom()).isEqualTo(Axiom.CAUSALITY);
    assertThat(v.events()).containsExactly(t.r1, t.w2);
    assertThat(v.relations()).containsExactly("fr", "cause");
  }

  @Test
  void unsynchronizedReadersMayAlsoDisagreeOnTheOrderOfRacyWrites() {
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    int w1 = b.thread(0, 0, 0).st("x").weak();
    int w2 = b.thread(1, 1, 0).st("x").weak();
    var p2 = b.thread(2, 2, 0);
    int r1 = p2.ld("x").weak();
    int r2 = p2.ld("x").weak();
    var p3 = b.thread(3, 3, 0);
    int r3 = p3.ld("x").weak();
    int r4 = p3.ld("x").weak();
    Execution e = b.build();

    Relation rf = e.rel(w1, r1, w2, r2, w2, r3, w1, r4);
    for (Relation total : new Relation[] {e.order(w1, w2), e.order(w2, w1)}) {
      Derived d = e.derive(rf, total);
      assertThat(d.co).isEqualTo(e.rel(ix, w1, ix, w2));
      assertThat(d.violations()).isEmpty();
    }
  }

  // ---------------------------------------------------------------- 8.9.7 from-reads

  @Test
  void fromReadsRelatesAReadToTheWritesCoAfterTheOneItReads() {
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    var p0 = b.thread(0, 0, 0);
    int w1 = p0.st("x").relaxed(GPU);
    int w2 = p0.st("x").relaxed(GPU);
    var p1 = b.thread(1, 1, 0);
    int r1 = p1.ld("x").relaxed(GPU);
    int r2 = p1.ld("x").relaxed(GPU);
    Execution e = b.build();

    Derived d = e.derive(e.rel(ix, r1, w1, r2), e.order(w1, w2));
    assertThat(d.co).isEqualTo(e.rel(ix, w1, ix, w2, w1, w2));
    assertThat(d.fr).isEqualTo(e.rel(r1, w1, r1, w2, r2, w2));
  }

  @Test
  void anRmwIsNotFromReadsBeforeItself() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    int w = b.thread(0, 0, 0).st("x").relaxed(GPU);
    int z = b.thread(1, 1, 0).atom("x").relaxed(GPU);
    Execution e = b.build();

    Derived d = e.derive(e.rel(w, z), e.order(w, z));
    assertThat(d.rf.inverse().compose(d.co).contains(z, z)).isTrue(); // z reads w, w co z
    assertThat(d.fr).isEqualTo(e.empty());
  }

  @Test
  void anRmwReadingTheInitialValueIsFromReadsBeforeTheOtherWrite() {
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    int w = b.thread(0, 0, 0).st("x").relaxed(GPU);
    int z = b.thread(1, 1, 0).atom("x").relaxed(GPU);
    Execution e = b.build();

    Derived d = e.derive(e.rel(ix, z), e.order(z, w));
    assertThat(d.fr).isEqualTo(e.rel(z, w));
  }
}
