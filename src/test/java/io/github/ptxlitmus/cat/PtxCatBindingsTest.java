package io.github.ptxlitmus.cat;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.ThreadPosition;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PtxCatBindingsTest {
  private static final ThreadPosition CTA0 = ThreadPosition.of(0, 0);
  private static final ThreadPosition CTA1 = ThreadPosition.of(0, 1);

  private static Event ev(int id, int thread, ThreadPosition pos, EventKind kind, Semantics sem,
      Scope scope) {
    boolean mem = kind == EventKind.INIT || kind == EventKind.READ || kind == EventKind.WRITE
        || kind == EventKind.RMW;
    return new Event(id, thread, pos, kind, sem, scope, Proxy.GENERIC, mem ? "x" : "",
        mem ? "x" : "", 0, mem ? 4 : 0, Optional.empty());
  }

  /**
   * 0: init x; 1: P0 st.release.gpu x; 2: P0 fence.sc.cta; 3: P1 atom.acquire.gpu x (split:
   * its store half is 4); 4... P1 is in another CTA.
   */
  private static final List<Event> EVENTS =
      List.of(
          ev(0, -1, ThreadPosition.of(0, -1), EventKind.INIT, Semantics.WEAK, Scope.SYS),
          ev(1, 0, CTA0, EventKind.WRITE, Semantics.RELEASE, Scope.GPU),
          ev(2, 0, CTA0, EventKind.FENCE, Semantics.SC, Scope.CTA),
          ev(3, 1, CTA1, EventKind.RMW, Semantics.ACQUIRE, Scope.GPU));

  private static PtxCatBindings bindings() {
    Relation po = Relation.of(4, 1, 2);
    Relation none = Relation.empty(4);
    return PtxCatBindings.of(EVENTS, po, none, none, none);
  }

  @Test
  void rmwsAreSplitIntoALoadAndAStoreWithDat3mTags() {
    PtxCatBindings p = bindings();
    assertThat(p.size()).isEqualTo(5);
    CatBindings b = p.bind(Relation.of(4, 1, 3), Relation.of(4, 0, 1, 0, 3, 1, 3),
        Relation.empty(4), Relation.empty(4));
    assertThat(b.set("R").orElseThrow()).isEqualTo(EventSet.of(5, 3));
    assertThat(b.set("W").orElseThrow()).isEqualTo(EventSet.of(5, 0, 1, 4));
    assertThat(b.set("ACQ").orElseThrow()).isEqualTo(EventSet.of(5, 3));
    assertThat(b.set("RLX").orElseThrow()).isEqualTo(EventSet.of(5, 4));
    assertThat(b.set("REL").orElseThrow()).isEqualTo(EventSet.of(5, 1));
    assertThat(b.set("SC").orElseThrow()).isEqualTo(EventSet.of(5, 2));
    assertThat(b.set("GEN").orElseThrow()).isEqualTo(EventSet.of(5, 1, 2, 3, 4));
    assertThat(b.set("IW").orElseThrow()).isEqualTo(EventSet.of(5, 0));
    assertThat(b.set("CTA").orElseThrow()).isEqualTo(EventSet.of(5, 2));
    assertThat(b.relation("rmw").orElseThrow()).isEqualTo(Relation.of(5, 3, 4));
    assertThat(b.relation("po").orElseThrow()).isEqualTo(Relation.of(5, 1, 2, 3, 4));
    // rf into the load half; co between store halves; fr from the load to later stores.
    assertThat(b.relation("rf").orElseThrow()).isEqualTo(Relation.of(5, 1, 3));
    assertThat(b.relation("co").orElseThrow()).isEqualTo(Relation.of(5, 0, 1, 0, 4, 1, 4));
    assertThat(b.relation("fr").orElseThrow()).isEqualTo(Relation.of(5, 3, 4));
  }

  @Test
  void scopesAndPlaces() {
    CatBindings b = bindings().bind(Relation.empty(4), Relation.empty(4), Relation.empty(4),
        Relation.empty(4));
    Relation sr = b.relation("sr").orElseThrow();
    // st.release.gpu (CTA 0) and the atom (gpu, CTA 1) include each other; the fence.sc.cta
    // does not include CTA 1; weak/init events have no scope.
    assertThat(sr.contains(1, 3)).isTrue();
    assertThat(sr.contains(1, 4)).isTrue();
    assertThat(sr.contains(2, 3)).isFalse();
    assertThat(sr.contains(2, 1)).isTrue();
    assertThat(sr.contains(0, 1)).isFalse();
    assertThat(b.relation("scta").orElseThrow().contains(1, 3)).isFalse();
    assertThat(b.relation("scta").orElseThrow().contains(3, 4)).isTrue();
    assertThat(b.relation("loc").orElseThrow().contains(0, 4)).isTrue();
    assertThat(b.relation("vloc").orElseThrow().contains(2, 1)).isFalse();
    assertThat(b.relation("ext").orElseThrow().contains(1, 3)).isTrue();
    assertThat(b.relation("int").orElseThrow().contains(3, 4)).isTrue();
    assertThat(PtxCatBindings.vocabulary()).containsKeys("sync_fence", "syncbar", "PROXY");
  }
}
