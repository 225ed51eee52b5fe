package io.github.ptxlitmus.model;

import static io.github.ptxlitmus.litmus.Scope.CTA;
import static io.github.ptxlitmus.litmus.Scope.GPU;
import static io.github.ptxlitmus.litmus.Scope.SYS;
import static io.github.ptxlitmus.litmus.Semantics.ACQ_REL;
import static io.github.ptxlitmus.litmus.Semantics.SC;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.model.ExecutionBuilder.Derived;
import io.github.ptxlitmus.model.ExecutionBuilder.Execution;
import io.github.ptxlitmus.relation.Relation;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The six axioms of 8.10, each on a passing and a failing execution. */
class AxiomsTest {

  private static void assertViolation(
      Optional<Violation> actual, Axiom axiom, List<Integer> events, List<String> relations) {
    assertThat(actual).isPresent();
    Violation v = actual.orElseThrow();
    assertThat(v.axiom()).isEqualTo(axiom);
    assertThat(v.events()).isEqualTo(events);
    assertThat(v.relations()).isEqualTo(relations);
    assertThat(v.detail()).isNotBlank();
  }

  private static List<Axiom> failing(Derived d) {
    return d.violations().stream().map(Violation::axiom).toList();
  }

  // ---------------------------------------------------------------- 8.10.1 Coherence

  /** P0: st [x] (w1); st.release.gpu [flag].  P1: ld.acquire.gpu [flag]; st [x] (w2). */
  private static final class CausalWrites {
    final int w1;
    final int w2;
    final int rel;
    final int acq;
    final Execution e;

    CausalWrites() {
      ExecutionBuilder b = new ExecutionBuilder();
      b.init("x");
      b.init("flag");
      var p0 = b.thread(0, 0, 0);
      w1 = p0.st("x").weak();
      rel = p0.st("flag").release(GPU);
      var p1 = b.thread(1, 1, 0);
      acq = p1.ld("flag").acquire(GPU);
      w2 = p1.st("x").weak();
      e = b.build();
    }
  }

  @Test
  void coherenceHoldsWhenCoFollowsCausality() {
    CausalWrites t = new CausalWrites();
    Derived d = t.e.derive(t.e.rel(t.rel, t.acq), t.e.order(t.w1, t.w2));
    assertThat(d.model.coherence(d.cause, d.co)).isEmpty();
    assertThat(d.violations()).isEmpty();
  }

  @Test
  void coherenceFailsWhenTheLaterWriteInCausalityIsCoBefore() {
    CausalWrites t = new CausalWrites();
    Derived d = t.e.derive(t.e.rel(t.rel, t.acq), t.e.order(t.w2, t.w1));
    assertThat(d.co.contains(t.w2, t.w1)).isTrue();
    assertViolation(
        d.model.coherence(d.cause, d.co),
        Axiom.COHERENCE,
        List.of(t.w1, t.w2),
        List.of("cause", "co⁻¹"));
    assertThat(failing(d)).containsExactly(Axiom.COHERENCE);
  }

  // ---------------------------------------------------------------- 8.10.2 Fence-SC

  /**
   * SB with fence.sc, plus a flag that makes F1 bco F2 through the fence.sc release/acquire
   * patterns:
   *
   * <pre>
   * P0: st [x] (W1); fence.sc.sys (F1); ld [y] (R1); st.relaxed.sys [flag] (S)
   * P1: ld.relaxed.sys [flag] (A); st [y] (W2); fence.sc.sys (F2); ld [x] (R2)
   * </pre>
   */
  private static final class SbWithFlag {
    final int ix;
    final int iy;
    final int w1;
    final int f1;
    final int r1;
    final int s;
    final int a;
    final int w2;
    final int f2;
    final int r2;
    final Execution e;

    SbWithFlag() {
      ExecutionBuilder b = new ExecutionBuilder();
      ix = b.init("x");
      iy = b.init("y");
      b.init("flag");
      var p0 = b.thread(0, 0, 0);
      w1 = p0.st("x").weak();
      f1 = p0.fence(SC, SYS);
      r1 = p0.ld("y").weak();
      s = p0.st("flag").relaxed(SYS);
      var p1 = b.thread(1, 0, 1);
      a = p1.ld("flag").relaxed(SYS);
      w2 = p1.st("y").weak();
      f2 = p1.fence(SC, SYS);
      r2 = p1.ld("x").weak();
      e = b.build();
    }

    Derived derive(int... scOrder) {
      return e.derive(e.rel(s, a, iy, r1, w1, r2), e.order(scOrder), e.empty());
    }
  }

  @Test
  void fenceScHoldsWhenTheFenceScOrderFollowsBaseCausality() {
    SbWithFlag t = new SbWithFlag();
    Derived d = t.derive(t.f1, t.f2);
    assertThat(d.sw).isEqualTo(t.e.rel(t.f1, t.f2));
    assertThat(d.model.fenceSc(d.bco, d.sc)).isEmpty();
    assertThat(d.violations()).isEmpty();
  }

  @Test
  void fenceScFailsWhenTheFenceScOrderContradictsBaseCausality() {
    SbWithFlag t = new SbWithFlag();
    Derived d = t.derive(t.f2, t.f1);
    assertViolation(
        d.model.fenceSc(d.bco, d.sc),
        Axiom.FENCE_SC,
        List.of(t.f1, t.f2),
        List.of("bco", "sc"));
  }

  @Test
  void fenceScCtaInDifferentCtasIsUnconstrained() {
    ExecutionBuilder b = new ExecutionBuilder();
    int f1 = b.thread(0, 0, 0).fence(SC, CTA);
    int f2 = b.thread(1, 1, 0).fence(SC, CTA);
    Execution e = b.build();

    // f1 and f2 are not ms, so even f1 bco f2 with no sc order between them is fine.
    assertThat(e.model().fenceSc(e.rel(f1, f2), e.empty())).isEmpty();
  }

  /** Plain SB (8.10.6): P0: st [x]; fence F1; ld [y] (R1).  P1: st [y]; fence F2; ld [x]. */
  private static final class Sb {
    final int ix;
    final int iy;
    final int w1;
    final int f1;
    final int r1;
    final int w2;
    final int f2;
    final int r2;
    final Execution e;

    Sb(Semantics fence) {
      ExecutionBuilder b = new ExecutionBuilder();
      ix = b.init("x");
      iy = b.init("y");
      var p0 = b.thread(0, 0, 0);
      w1 = p0.st("x").weak();
      f1 = p0.fence(fence, SYS);
      r1 = p0.ld("y").weak();
      var p1 = b.thread(1, 1, 0);
      w2 = p1.st("y").weak();
      f2 = p1.fence(fence, SYS);
      r2 = p1.ld("x").weak();
      e = b.build();
    }

    /** Both reads return the initial value. */
    Derived bothZero(int... scOrder) {
      return e.derive(e.rel(iy, r1, ix, r2), e.order(scOrder), e.empty());
    }
  }

  @Test
  void storeBufferingWithFenceScForbidsBothZeroInEitherFenceScOrder() {
    Sb t = new Sb(SC);
    Derived f1First = t.bothZero(t.f1, t.f2);
    assertViolation(
        f1First.model.causality(f1First.rf, f1First.fr, f1First.readerCause, f1First.cause),
        Axiom.CAUSALITY,
        List.of(t.r2, t.w1),
        List.of("fr", "cause"));
    assertThat(failing(f1First)).containsExactly(Axiom.CAUSALITY);

    Derived f2First = t.bothZero(t.f2, t.f1);
    assertViolation(
        f2First.model.causality(f2First.rf, f2First.fr, f2First.readerCause, f2First.cause),
        Axiom.CAUSALITY,
        List.of(t.r1, t.w2),
        List.of("fr", "cause"));
  }

  @Test
  void storeBufferingWithFenceAcqRelAllowsBothZero() {
    Sb t = new Sb(ACQ_REL);
    Derived d = t.bothZero();
    assertThat(d.model.fenceScPairs()).isEqualTo(t.e.empty());
    assertThat(d.violations()).isEmpty();
  }

  // ---------------------------------------------------------------- 8.10.3 Atomicity

  /** Atomicity litmus test 1 (two atom.sys.inc in two CTAs) or 2 (atom.cta vs atom.gpu). */
  private static final class TwoIncrements {
    final int ix;
    final int a1;
    final int a2;
    final Execution e;

    TwoIncrements(boolean morallyStrong) {
      ExecutionBuilder b = new ExecutionBuilder();
      ix = b.init("x");
      a1 = b.thread(0, 0, 0).atom("x").relaxed(morallyStrong ? SYS : CTA);
      a2 = b.thread(1, 1, 0).atom("x").relaxed(morallyStrong ? SYS : GPU);
      e = b.build();
    }
  }

  @Test
  void atomicityHoldsWhenTheSecondIncrementReadsTheFirst() {
    TwoIncrements t = new TwoIncrements(true); // x == 2
    Derived d = t.e.derive(t.e.rel(t.ix, t.a1, t.a1, t.a2), t.e.order(t.a1, t.a2));
    assertThat(d.model.atomicity(d.byteSources, d.fr, d.co)).isEmpty();
    assertThat(d.violations()).isEmpty();
  }

  @Test
  void atomicityFailsWhenTwoMorallyStrongIncrementsReadTheSameValue() {
    // Atomicity litmus test 1 with FINAL x == 1: both read 0.
    TwoIncrements t = new TwoIncrements(true);
    Derived d = t.e.derive(t.e.rel(t.ix, t.a1, t.ix, t.a2), t.e.order(t.a1, t.a2));
    assertThat(d.co).isEqualTo(t.e.rel(t.ix, t.a1, t.ix, t.a2, t.a1, t.a2));
    assertThat(d.fr).isEqualTo(t.e.rel(t.a1, t.a2, t.a2, t.a1));
    // a2 reads from ix, co-before a1, yet a2 is co-after a1.
    assertViolation(
        d.model.atomicity(d.byteSources, d.fr, d.co),
        Axiom.ATOMICITY,
        List.of(t.a2, t.a1),
        List.of("fr", "co"));
    // a1 co a2 fr a1 is also an SC-per-Location cycle among the two ms atomics.
    assertThat(failing(d)).containsExactly(Axiom.ATOMICITY, Axiom.SC_PER_LOCATION);

    Derived other = t.e.derive(t.e.rel(t.ix, t.a1, t.ix, t.a2), t.e.order(t.a2, t.a1));
    assertViolation(
        other.model.atomicity(other.byteSources, other.fr, other.co),
        Axiom.ATOMICITY,
        List.of(t.a1, t.a2),
        List.of("fr", "co"));
  }

  @Test
  void atomicityDoesNotConstrainIncrementsThatAreNotMorallyStrong() {
    // Atomicity litmus test 2: atom.cta and atom.gpu in different CTAs may both read 0.
    TwoIncrements t = new TwoIncrements(false);
    Derived d = t.e.derive(t.e.rel(t.ix, t.a1, t.ix, t.a2), t.e.order(t.a1, t.a2));
    assertThat(d.co).isEqualTo(t.e.rel(t.ix, t.a1, t.ix, t.a2));
    assertThat(d.model.atomicity(d.byteSources, d.fr, d.co)).isEmpty();
    assertThat(d.violations()).isEmpty();
  }

  @Test
  void atomicityIgnoresCausallyOrderedAtomicsThatAreNotMorallyStrong() {
    // P0: atom.cta [x] (A1); st.release.gpu [flag].  P1 (other CTA): ld.acquire.gpu [flag];
    // atom.gpu [x] (A2) reading the initial value. A1 cause A2 orders them in co, so A2 is
    // co-after A1 while reading from a write co-before it; not ms, so Atomicity is silent and
    // Causality (rule 2) rejects the execution instead.
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    int a1 = p0.atom("x").relaxed(CTA);
    int rel = p0.st("flag").release(GPU);
    var p1 = b.thread(1, 1, 0);
    int acq = p1.ld("flag").acquire(GPU);
    int a2 = p1.atom("x").relaxed(GPU);
    Execution e = b.build();

    Derived d = e.derive(e.rel(ix, a1, rel, acq, ix, a2), e.order(a1, a2));
    assertThat(d.co.contains(a1, a2)).isTrue();
    assertThat(d.fr.contains(a2, a1)).isTrue();
    assertThat(d.model.atomicity(d.byteSources, d.fr, d.co)).isEmpty();
    assertThat(failing(d)).containsExactly(Axiom.CAUSALITY);
  }

  /** A1: atom.sys [x] (4 bytes, P0); A2: atom.sys [x] on bytes 0..1 (P1, other GPU). */
  private static final class PartialAtomics {
    final int ix;
    final int a1;
    final int a2;
    final Execution e;

    PartialAtomics(boolean mutuallyScoped) {
      ExecutionBuilder b = new ExecutionBuilder();
      ix = b.init("x");
      a1 = b.thread(0, 0, 0).atom("x").relaxed(mutuallyScoped ? SYS : GPU);
      a2 = b.thread(1, 0, 1).atom("x").bytes(0, 2).relaxed(SYS);
      e = b.build();
    }

    int[][] sources(int a1From, int a2From) {
      int[][] src = new int[e.n()][];
      src[a1] = new int[] {a1From, a1From, a1From, a1From};
      src[a2] = new int[] {a2From, a2From};
      return src;
    }
  }

  @Test
  void rmwAtomicityHoldsForPartiallyOverlappingMutuallyScopedAtomics() {
    // 8.7.2: overlapping atomics whose scopes include each other execute one after the other,
    // partial overlap included, although they are not morally strong (and race).
    PartialAtomics t = new PartialAtomics(true);
    Execution e = t.e;
    Derived bad = e.derive(e.rel(t.ix, t.a1, t.ix, t.a2), t.sources(t.ix, t.ix), e.order(t.a1, t.a2));
    assertThat(e.model().morallyStrong()).isEqualTo(e.empty());
    assertThat(e.model().mixedSizeRaces(bad.cause)).isEqualTo(e.sym(t.a1, t.a2));
    assertThat(bad.co).isEqualTo(e.rel(t.ix, t.a1, t.ix, t.a2, t.a1, t.a2));
    assertThat(bad.fr).isEqualTo(e.rel(t.a1, t.a2, t.a2, t.a1));
    assertViolation(
        bad.model.atomicity(bad.byteSources, bad.fr, bad.co),
        Axiom.ATOMICITY,
        List.of(t.a2, t.a1),
        List.of("fr", "co"));

    Derived good =
        e.derive(e.rel(t.ix, t.a1, t.a1, t.a2), t.sources(t.ix, t.a1), e.order(t.a1, t.a2));
    assertThat(good.model.atomicity(good.byteSources, good.fr, good.co)).isEmpty();
  }

  @Test
  void partiallyOverlappingAtomicsWhoseScopesMissEachOtherAreNotAtomic() {
    PartialAtomics t = new PartialAtomics(false); // a1 gpu-scoped, a2 on another GPU
    Execution e = t.e;
    Derived d = e.derive(e.rel(t.ix, t.a1, t.ix, t.a2), t.sources(t.ix, t.ix), e.order(t.a1, t.a2));
    assertThat(d.co).isEqualTo(e.rel(t.ix, t.a1, t.ix, t.a2));
    assertThat(d.model.atomicity(d.byteSources, d.fr, d.co)).isEmpty();
  }

  /** P0: st.sem [x] (W, 4 bytes).  P1: ld.sem [x] (R) taking bytes 0..1 from W, 2..3 from W0. */
  private static Derived tornRead(boolean strong, int[] ids) {
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    var p0 = b.thread(0, 0, 0);
    int w = strong ? p0.st("x").relaxed(SYS) : p0.st("x").weak();
    var p1 = b.thread(1, 0, 1);
    int r = strong ? p1.ld("x").relaxed(SYS) : p1.ld("x").weak();
    Execution e = b.build();
    int[][] src = new int[e.n()][];
    src[r] = new int[] {w, w, ix, ix};
    ids[0] = w;
    ids[1] = r;
    return e.derive(e.rel(w, r, ix, r), src, e.order(w));
  }

  @Test
  void singleCopyAtomicityForbidsAMorallyStrongReadMixingAWriteAndAnEarlierOne() {
    int[] ids = new int[2];
    Derived d = tornRead(true, ids);
    int w = ids[0];
    int r = ids[1];
    assertThat(d.fr).isEqualTo(Relation.of(d.rf.size(), r, w));
    assertViolation(
        d.model.atomicity(d.byteSources, d.fr, d.co),
        Axiom.ATOMICITY,
        List.of(r, w),
        List.of("rf", "co"));
  }

  @Test
  void singleCopyAtomicityDoesNotConstrainWeakAccesses() {
    Derived d = tornRead(false, new int[2]);
    assertThat(d.model.atomicity(d.byteSources, d.fr, d.co)).isEmpty();
  }

  // ---------------------------------------------------------------- 8.10.4 No-Thin-Air

  /** LB: P0: ld [x] (R1); st [y] (W1).  P1: ld [y] (R2); st [x] (W2); with or without deps. */
  private static final class Lb {
    final int ix;
    final int iy;
    final int r1;
    final int w1;
    final int r2;
    final int w2;
    final Execution e;

    Lb(boolean deps) {
      ExecutionBuilder b = new ExecutionBuilder();
      ix = b.init("x");
      iy = b.init("y");
      var p0 = b.thread(0, 0, 0);
      r1 = p0.ld("x").weak();
      w1 = p0.st("y").weak();
      var p1 = b.thread(1, 1, 0);
      r2 = p1.ld("y").weak();
      w2 = p1.st("x").weak();
      if (deps) {
        b.dep(r1, w1).dep(r2, w2);
      }
      e = b.build();
    }

    Derived cyclic() {
      return e.derive(e.rel(w1, r2, w2, r1), e.empty());
    }
  }

  @Test
  void noThinAirHoldsWhenTheReadsSeeTheInitialValues() {
    Lb t = new Lb(true);
    Derived d = t.e.derive(t.e.rel(t.ix, t.r1, t.iy, t.r2), t.e.empty());
    assertThat(d.model.noThinAir(d.rf)).isEmpty();
    assertThat(d.violations()).isEmpty();
  }

  @Test
  void noThinAirFailsOnLoadBufferingWithDependencies() {
    Lb t = new Lb(true);
    Derived d = t.cyclic();
    assertViolation(
        d.model.noThinAir(d.rf),
        Axiom.NO_THIN_AIR,
        List.of(t.r1, t.w1, t.r2, t.w2),
        List.of("dep", "rf", "dep", "rf"));
    assertThat(failing(d)).containsExactly(Axiom.NO_THIN_AIR);
  }

  @Test
  void loadBufferingWithoutDependenciesIsAllowed() {
    Lb t = new Lb(false);
    assertThat(t.cyclic().violations()).isEmpty();
  }

  // ---------------------------------------------------------------- 8.10.5 SC-per-Location

  /** CoRR: P0: st.sem [x] (W1).  P1: ld.sem [x] (R1); ld.sem [x] (R2). */
  private static final class CoRR {
    final int ix;
    final int w1;
    final int r1;
    final int r2;
    final Execution e;

    CoRR(boolean relaxedSys) {
      ExecutionBuilder b = new ExecutionBuilder();
      ix = b.init("x");
      var p0 = b.thread(0, 0, 0);
      w1 = relaxedSys ? p0.st("x").relaxed(SYS) : p0.st("x").weak();
      var p1 = b.thread(1, 0, 1);
      r1 = relaxedSys ? p1.ld("x").relaxed(SYS) : p1.ld("x").weak();
      r2 = relaxedSys ? p1.ld("x").relaxed(SYS) : p1.ld("x").weak();
      e = b.build();
    }

    /** R1 reads W1, R2 reads the initial value. */
    Derived newThenOld() {
      return e.derive(e.rel(w1, r1, ix, r2), e.order(w1));
    }
  }

  @Test
  void scPerLocationHoldsWhenBothReadsSeeTheWrite() {
    CoRR t = new CoRR(true);
    Derived d = t.e.derive(t.e.rel(t.w1, t.r1, t.w1, t.r2), t.e.order(t.w1));
    assertThat(d.model.scPerLocation(d.rf, d.co, d.fr)).isEmpty();
    assertThat(d.violations()).isEmpty();
  }

  @Test
  void scPerLocationFailsOnCoRRWithRelaxedSys() {
    CoRR t = new CoRR(true);
    Derived d = t.newThenOld();
    assertThat(d.fr).isEqualTo(t.e.rel(t.r2, t.w1));
    // The spec's cycle R2 -fr-> W1 -rf-> R1 -po-> R2, reported from its smallest event.
    assertViolation(
        d.model.scPerLocation(d.rf, d.co, d.fr),
        Axiom.SC_PER_LOCATION,
        List.of(t.w1, t.r1, t.r2),
        List.of("rf", "po", "fr"));
    // W1 obs R1 ppbco R2 also makes W1 cause R2, so Causality rule 2 fails as well.
    assertThat(failing(d)).containsExactly(Axiom.SC_PER_LOCATION, Axiom.CAUSALITY);
  }

  @Test
  void scPerLocationDoesNotApplyToWeakAccessesOfDifferentThreads() {
    CoRR t = new CoRR(false);
    Derived d = t.newThenOld();
    assertThat(d.fr).isEqualTo(t.e.rel(t.r2, t.w1));
    assertThat(d.model.scPerLocation(d.rf, d.co, d.fr)).isEmpty();
    assertThat(d.violations()).isEmpty();
  }

  // ---------------------------------------------------------------- 8.10.6 Causality

  /**
   * The spec's MP with fences: P0: st [data] (W1); fence.sys (F1); st.relaxed.sys [flag] (W2).
   * P1: ld.relaxed.sys [flag] (R1); fence.sys (F2); ld [data] (R2).
   */
  private static final class MpFences {
    final int iData;
    final int w1;
    final int f1;
    final int w2;
    final int r1;
    final int f2;
    final int r2;
    final Execution e;

    MpFences() {
      ExecutionBuilder b = new ExecutionBuilder();
      iData = b.init("data");
      b.init("flag");
      var p0 = b.thread(0, 0, 0);
      w1 = p0.st("data").weak();
      f1 = p0.fence(ACQ_REL, SYS); // fence without semantics = fence.acq_rel
      w2 = p0.st("flag").relaxed(SYS);
      var p1 = b.thread(1, 0, 1);
      r1 = p1.ld("flag").relaxed(SYS);
      f2 = p1.fence(ACQ_REL, SYS);
      r2 = p1.ld("data").weak();
      e = b.build();
    }

    Derived r2Reads(int source) {
      return e.derive(e.rel(w2, r1, source, r2), e.order(w1));
    }
  }

  @Test
  void causalityHoldsWhenTheDataReadSeesTheData() {
    MpFences t = new MpFences();
    Derived d = t.r2Reads(t.w1);
    assertThat(d.sw).isEqualTo(t.e.rel(t.f1, t.f2));
    assertThat(d.cause.contains(t.w1, t.r2)).isTrue();
    assertThat(d.model.causality(d.rf, d.fr, d.readerCause, d.cause)).isEmpty();
    assertThat(d.violations()).isEmpty();
  }

  @Test
  void causalityFailsWhenTheDataReadSeesTheInitialValueAfterSynchronizing() {
    MpFences t = new MpFences();
    Derived d = t.r2Reads(t.iData);
    assertThat(d.fr).isEqualTo(t.e.rel(t.r2, t.w1));
    assertViolation(
        d.model.causality(d.rf, d.fr, d.readerCause, d.cause),
        Axiom.CAUSALITY,
        List.of(t.r2, t.w1),
        List.of("fr", "cause"));
    assertThat(failing(d)).containsExactly(Axiom.CAUSALITY);
  }

  @Test
  void causalityRuleOneForbidsReadingFromACausallyLaterWrite() {
    // P0: ld [x] (R); st.release.gpu [flag].  P1: ld.acquire.gpu [flag]; st [x] (W); R reads W.
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    int r = p0.ld("x").weak();
    int rel = p0.st("flag").release(GPU);
    var p1 = b.thread(1, 1, 0);
    int acq = p1.ld("flag").acquire(GPU);
    int w = p1.st("x").weak();
    Execution e = b.build();

    Derived d = e.derive(e.rel(rel, acq, w, r), e.empty());
    assertThat(d.bco.isAcyclic()).isTrue();
    assertViolation(
        d.model.causalityReadsFrom(d.rf, d.readerCause),
        Axiom.CAUSALITY,
        List.of(w, r),
        List.of("rf", "cause"));
    assertThat(d.model.causality(d.rf, d.fr, d.readerCause, d.cause)).isEqualTo(
        d.model.causalityReadsFrom(d.rf, d.readerCause));
    assertThat(failing(d)).containsExactly(Axiom.CAUSALITY);

    // Without the acquire reading the release, the same rf is allowed (LB shape).
    Derived unsync = e.derive(e.rel(w, r), e.empty());
    assertThat(unsync.model.causalityReadsFrom(unsync.rf, unsync.readerCause)).isEmpty();
    assertThat(unsync.violations()).isEmpty();
  }
}
