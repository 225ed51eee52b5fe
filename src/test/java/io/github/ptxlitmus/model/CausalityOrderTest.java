package io.github.ptxlitmus.model;

import static io.github.ptxlitmus.litmus.Scope.GPU;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.litmus.Instruction.ProxyFenceKind;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.model.ExecutionBuilder.Derived;
import io.github.ptxlitmus.model.ExecutionBuilder.Execution;
import io.github.ptxlitmus.relation.Relation;
import org.junit.jupiter.api.Test;

/** 8.9.5 base causality, proxy-preserved base causality and causality order. */
class CausalityOrderTest {

  // ---------------------------------------------------------------- base causality

  @Test
  void baseCausalityIsTransitiveThroughTwoSynchronizationsAndStartsAtInitialWrites() {
    // ISA2-like: P0 -> P1 -> P2 by two release/acquire pairs.
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    int iy = b.init("y");
    int iz = b.init("z");
    var p0 = b.thread(0, 0, 0);
    int a = p0.st("x").weak();
    int rel = p0.st("y").release(GPU);
    var p1 = b.thread(1, 1, 0);
    int acq = p1.ld("y").acquire(GPU);
    int rel2 = p1.st("z").release(GPU);
    var p2 = b.thread(2, 2, 0);
    int acq2 = p2.ld("z").acquire(GPU);
    int c = p2.ld("x").weak();
    Execution e = b.build();

    Derived d = e.derive(e.rel(rel, acq, rel2, acq2, ix, c), e.empty());
    assertThat(d.sw).isEqualTo(e.rel(rel, acq, rel2, acq2));
    Relation.Builder expected = Relation.builder(e.n());
    for (int init : new int[] {ix, iy, iz}) {
      for (int ev : new int[] {a, rel, acq, rel2, acq2, c}) {
        expected.add(init, ev);
      }
    }
    // a < rel < acq < rel2 < acq2 < c is a chain of po and sw edges: all pairs, in order.
    int[] chain = {a, rel, acq, rel2, acq2, c};
    for (int i = 0; i < chain.length; i++) {
      for (int j = i + 1; j < chain.length; j++) {
        expected.add(chain[i], chain[j]);
      }
    }
    assertThat(d.bco).isEqualTo(expected.build());
    // Causality: same-address generic pairs of bco only.
    assertThat(d.cause)
        .isEqualTo(
            e.rel(ix, a, ix, c, a, c, iy, rel, iy, acq, rel, acq, iz, rel2, iz, acq2, rel2, acq2));
  }

  @Test
  void withoutSynchronizationBaseCausalityIsProgramOrderAndInitialWrites() {
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    var p0 = b.thread(0, 0, 0);
    int w = p0.st("x").weak();
    int f = p0.fence(Semantics.SC, GPU);
    int r = b.thread(1, 1, 0).ld("x").weak();
    Execution e = b.build();

    Relation bco = e.model().baseCausality(e.empty());
    assertThat(bco).isEqualTo(e.rel(ix, w, ix, f, ix, r, w, f));
  }

  // ---------------------------------------------------------------- proxy-preserved

  @Test
  void genericProxySameAddressIsPreservedButDifferentAddressesAreNot() {
    // MP with release/acquire.
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    int iFlag = b.init("flag");
    var p0 = b.thread(0, 0, 0);
    int w = p0.st("x").weak();
    int rel = p0.st("flag").release(GPU);
    var p1 = b.thread(1, 1, 0);
    int acq = p1.ld("flag").acquire(GPU);
    int r = p1.ld("x").weak();
    Execution e = b.build();

    Derived d = e.derive(e.rel(rel, acq, w, r), e.empty());
    assertThat(d.bco.contains(w, acq)).isTrue();
    assertThat(d.ppbco)
        .isEqualTo(e.rel(ix, w, ix, r, w, r, iFlag, rel, iFlag, acq, rel, acq));
    assertThat(d.ppbco.contains(w, acq)).isFalse(); // x vs flag
  }

  @Test
  void aliasesAreNotPreservedWithoutAnAliasFence() {
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    b.alias("y", "x");
    var p0 = b.thread(0, 0, 0);
    int w = p0.st("x").weak();
    int r = p0.ld("y").weak();
    Execution e = b.build();

    Derived d = e.derive(e.rel(w, r), e.empty());
    assertThat(d.bco.contains(w, r)).isTrue();
    assertThat(d.ppbco).isEqualTo(e.rel(ix, w));
  }

  @Test
  void aliasesArePreservedWithAnAliasFenceOnThePath() {
    // The spec's CoWR with aliases: st [x]; fence.proxy.alias; ld [y].
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    b.alias("y", "x");
    var p0 = b.thread(0, 0, 0);
    int w = p0.st("x").weak();
    p0.proxyFence(ProxyFenceKind.ALIAS);
    int r = p0.ld("y").weak();
    Execution e = b.build();

    Derived d = e.derive(e.rel(w, r), e.empty());
    assertThat(d.ppbco).isEqualTo(e.rel(ix, w, ix, r, w, r));
  }

  @Test
  void anAliasFenceInAnotherThreadOffThePathDoesNotHelp() {
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    b.alias("y", "x");
    var p0 = b.thread(0, 0, 0);
    int w = p0.st("x").weak();
    int r = p0.ld("y").weak();
    b.thread(1, 0, 0).proxyFence(ProxyFenceKind.ALIAS);
    Execution e = b.build();

    Derived d = e.derive(e.rel(w, r), e.empty());
    assertThat(d.ppbco).isEqualTo(e.rel(ix, w));
  }

  @Test
  void anAliasFenceAfterSynchronizationInTheReaderIsOnThePath() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    b.alias("y", "x");
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    int w = p0.st("x").weak();
    int rel = p0.st("flag").release(GPU);
    var p1 = b.thread(1, 1, 0);
    int acq = p1.ld("flag").acquire(GPU);
    p1.proxyFence(ProxyFenceKind.ALIAS);
    int r = p1.ld("y").weak();
    Execution e = b.build();

    Derived d = e.derive(e.rel(rel, acq, w, r), e.empty());
    assertThat(d.ppbco.contains(w, r)).isTrue();
  }

  @Test
  void constantProxyNeedsAConstantProxyFence() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    var p0 = b.thread(0, 0, 0);
    int w = p0.st("x").weak();
    int r = p0.ld("x").proxy(Proxy.CONSTANT).weak(); // ld.const, no fence
    Execution e = b.build();

    Derived d = e.derive(e.rel(w, r), e.empty());
    assertThat(d.bco.contains(w, r)).isTrue();
    assertThat(d.ppbco.contains(w, r)).isFalse();
  }

  @Test
  void constantProxyFenceInTheSameCtaPreserves() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    var p0 = b.thread(0, 0, 0);
    int w = p0.st("x").weak();
    p0.proxyFence(ProxyFenceKind.CONSTANT);
    int r = p0.ld("x").proxy(Proxy.CONSTANT).weak();
    Execution e = b.build();

    Derived d = e.derive(e.rel(w, r), e.empty());
    assertThat(d.ppbco.contains(w, r)).isTrue();
  }

  @Test
  void constantProxyFenceMustBeInTheCtaOfTheConstantAccess() {
    // Writer in CTA 0 fences and releases; the ld.const in CTA 1 has no fence of its own.
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    int w = p0.st("x").weak();
    p0.proxyFence(ProxyFenceKind.CONSTANT);
    int rel = p0.st("flag").release(GPU);
    var p1 = b.thread(1, 1, 0);
    int acq = p1.ld("flag").acquire(GPU);
    int r = p1.ld("x").proxy(Proxy.CONSTANT).weak();
    Execution e = b.build();

    Derived d = e.derive(e.rel(rel, acq, w, r), e.empty());
    assertThat(d.bco.contains(w, r)).isTrue();
    assertThat(d.ppbco.contains(w, r)).isFalse();
  }

  @Test
  void constantProxyFenceInTheReadersCtaAfterSynchronizationPreserves() {
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    int w = p0.st("x").weak();
    int rel = p0.st("flag").release(GPU);
    var p1 = b.thread(1, 1, 0);
    int acq = p1.ld("flag").acquire(GPU);
    p1.proxyFence(ProxyFenceKind.CONSTANT);
    int r = p1.ld("x").proxy(Proxy.CONSTANT).weak();
    Execution e = b.build();

    Derived d = e.derive(e.rel(rel, acq, w, r), e.empty());
    assertThat(d.ppbco.contains(w, r)).isTrue();
  }

  @Test
  void sameNonGenericProxyIsPreservedInOneCtaOnly() {
    // Case 2 of 8.9.5: same proxy, same CTA, same address.
    ExecutionBuilder b = new ExecutionBuilder();
    b.init("x");
    b.init("flag");
    var p0 = b.thread(0, 0, 0);
    int c0 = p0.ld("x").proxy(Proxy.CONSTANT).weak();
    int c1 = p0.ld("x").proxy(Proxy.CONSTANT).weak();
    int rel = p0.st("flag").release(GPU);
    var p1 = b.thread(1, 1, 0);
    int acq = p1.ld("flag").acquire(GPU);
    int c2 = p1.ld("x").proxy(Proxy.CONSTANT).weak();
    Execution e = b.build();

    Derived d = e.derive(e.rel(rel, acq), e.empty());
    assertThat(d.bco.contains(c0, c2)).isTrue();
    assertThat(d.ppbco.contains(c0, c1)).isTrue();
    assertThat(d.ppbco.contains(c0, c2)).isFalse();
    assertThat(d.ppbco.contains(c1, c2)).isFalse();
  }

  // ---------------------------------------------------------------- causality

  @Test
  void causalityAddsObservationFollowedByProxyPreservedBaseCausality() {
    // P0: st.relaxed [x] (w);  P1: ld.relaxed [x] (r) reads w; st.relaxed [x] (w2).
    // No acquire, so w is not bco-before w2, but w obs r ppbco w2.
    ExecutionBuilder b = new ExecutionBuilder();
    int ix = b.init("x");
    int w = b.thread(0, 0, 0).st("x").relaxed(GPU);
    var p1 = b.thread(1, 1, 0);
    int r = p1.ld("x").relaxed(GPU);
    int w2 = p1.st("x").relaxed(GPU);
    Execution e = b.build();

    Derived d = e.derive(e.rel(w, r), e.empty());
    assertThat(d.sw).isEqualTo(e.empty());
    assertThat(d.ppbco).isEqualTo(e.rel(ix, w, ix, r, ix, w2, r, w2));
    assertThat(d.obs).isEqualTo(e.rel(w, r));
    assertThat(d.cause).isEqualTo(e.rel(ix, w, ix, r, ix, w2, r, w2, w, w2));
    assertThat(d.cause).isEqualTo(d.ppbco.union(d.obs.compose(d.ppbco)));
  }
}
