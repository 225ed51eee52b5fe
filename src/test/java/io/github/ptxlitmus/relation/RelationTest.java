package io.github.ptxlitmus.relation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Each operator on small hand-made relations, with the exact expected pairs. */
class RelationTest {
  // 0 -> 1 -> 2 -> 3, and 1 -> 3
  private final Relation chain = Relation.of(4, 0, 1, 1, 2, 2, 3, 1, 3);

  @Test
  void factoriesBuildTheExpectedPairs() {
    assertThat(Relation.empty(3)).hasToString("{}");
    assertThat(Relation.identity(3)).hasToString("{(0,0),(1,1),(2,2)}");
    assertThat(Relation.identity(EventSet.of(4, 1, 3))).hasToString("{(1,1),(3,3)}");
    assertThat(Relation.of(4, 2, 3, 0, 1, 0, 1)).hasToString("{(0,1),(2,3)}");
    assertThat(Relation.full(2)).hasToString("{(0,0),(0,1),(1,0),(1,1)}");
    assertThat(Relation.cross(4, EventSet.of(4, 0, 2), EventSet.of(4, 1, 3)))
        .hasToString("{(0,1),(0,3),(2,1),(2,3)}");
    assertThat(Relation.fromPredicate(3, (i, j) -> i < j)).hasToString("{(0,1),(0,2),(1,2)}");
    assertThat(Relation.builder(3).add(2, 0).addAll(Relation.of(3, 0, 1)).build())
        .isEqualTo(Relation.of(3, 0, 1, 2, 0));
    assertThat(Relation.empty(0)).hasToString("{}");
    assertThat(Relation.full(0).isAcyclic()).isTrue();
  }

  @Test
  void fullOverWordBoundaryHasExactlyNSquaredPairs() {
    assertThat(Relation.full(65).count()).isEqualTo(65 * 65);
    assertThat(Relation.full(64).count()).isEqualTo(64 * 64);
    assertThat(Relation.identity(130).count()).isEqualTo(130);
  }

  @Test
  void queries() {
    assertThat(chain.size()).isEqualTo(4);
    assertThat(chain.count()).isEqualTo(4);
    assertThat(chain.isEmpty()).isFalse();
    assertThat(Relation.empty(4).isEmpty()).isTrue();
    assertThat(chain.contains(1, 3)).isTrue();
    assertThat(chain.contains(3, 1)).isFalse();
    assertThat(chain.successors(1)).isEqualTo(EventSet.of(4, 2, 3));
    assertThat(chain.predecessors(3)).isEqualTo(EventSet.of(4, 1, 2));
    assertThat(chain.domain()).isEqualTo(EventSet.of(4, 0, 1, 2));
    assertThat(chain.range()).isEqualTo(EventSet.of(4, 1, 2, 3));
    assertThat(chain.pairs()).isDeepEqualTo(new int[][] {{0, 1}, {1, 2}, {1, 3}, {2, 3}});
    StringBuilder seen = new StringBuilder();
    chain.forEach((i, j) -> seen.append(i).append(j).append(' '));
    assertThat(seen).hasToString("01 12 13 23 ");
  }

  @Test
  void setOperators() {
    Relation r = Relation.of(3, 0, 1, 1, 2);
    Relation s = Relation.of(3, 1, 2, 2, 0);
    assertThat(r.union(s)).isEqualTo(Relation.of(3, 0, 1, 1, 2, 2, 0));
    assertThat(r.intersection(s)).isEqualTo(Relation.of(3, 1, 2));
    assertThat(r.difference(s)).isEqualTo(Relation.of(3, 0, 1));
    assertThat(r.inverse()).isEqualTo(Relation.of(3, 1, 0, 2, 1));
    assertThat(r.isSubsetOf(r.union(s))).isTrue();
    assertThat(r.isSubsetOf(s)).isFalse();
  }

  @Test
  void composeFollowsThisThenOther() {
    Relation rf = Relation.of(4, 0, 1); // W0 rf R1
    Relation co = Relation.of(4, 0, 2, 0, 3, 2, 3);
    // fr = rf^-1 ; co
    assertThat(rf.inverse().compose(co)).isEqualTo(Relation.of(4, 1, 2, 1, 3));
    assertThat(co.compose(rf)).isEqualTo(Relation.empty(4));
  }

  @Test
  void closures() {
    Relation r = Relation.of(4, 0, 1, 1, 2, 2, 3);
    assertThat(r.transitiveClosure())
        .isEqualTo(Relation.of(4, 0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3));
    assertThat(r.reflexiveTransitiveClosure())
        .isEqualTo(r.transitiveClosure().union(Relation.identity(4)));
    assertThat(r.optional()).isEqualTo(r.union(Relation.identity(4)));
    Relation loop = Relation.of(3, 0, 1, 1, 0);
    assertThat(loop.transitiveClosure()).isEqualTo(Relation.of(3, 0, 1, 1, 0, 0, 0, 1, 1));
  }

  @Test
  void restrictions() {
    Relation r = Relation.full(3);
    EventSet a = EventSet.of(3, 0);
    EventSet b = EventSet.of(3, 1, 2);
    assertThat(r.restrict(a, b)).isEqualTo(Relation.of(3, 0, 1, 0, 2));
    assertThat(r.restrictTo(b)).isEqualTo(Relation.of(3, 1, 1, 1, 2, 2, 1, 2, 2));
    assertThat(r.withoutIdentity()).isEqualTo(Relation.of(3, 0, 1, 0, 2, 1, 0, 1, 2, 2, 0, 2, 1));
  }

  @Test
  void checks() {
    assertThat(chain.isIrreflexive()).isTrue();
    assertThat(chain.isAcyclic()).isTrue();
    assertThat(chain.isTransitive()).isFalse();
    assertThat(chain.transitiveClosure().isTransitive()).isTrue();
    assertThat(Relation.of(2, 1, 1).isIrreflexive()).isFalse();
    assertThat(Relation.of(2, 1, 1).isAcyclic()).isFalse();
    assertThat(Relation.of(3, 0, 1, 1, 2, 2, 0).isAcyclic()).isFalse();
    assertThat(Relation.of(3, 0, 1, 1, 2, 2, 0).isIrreflexive()).isTrue();
  }

  @Test
  void findCycleGivesAShortestCycleFromItsSmallestEvent() {
    assertThat(chain.findCycle()).isEmpty();
    assertThat(Relation.of(3, 2, 2).findCycle()).contains(java.util.List.of(2));
    // 0 -> 1 -> 2 -> 3 -> 0 and the shortcut 1 -> 3 -> 0 -> 1 (length 3)
    Relation r = Relation.of(5, 0, 1, 1, 2, 2, 3, 3, 0, 1, 3, 4, 0);
    assertThat(r.findCycle()).contains(java.util.List.of(0, 1, 3));
    // across the word boundary
    Relation far = Relation.of(130, 5, 70, 70, 129, 129, 5, 1, 2);
    assertThat(far.findCycle()).contains(java.util.List.of(5, 70, 129));
  }

  @Test
  void findPathIsShortestAndNeedsAtLeastOneEdge() {
    assertThat(chain.findPath(0, 3)).contains(java.util.List.of(0, 1, 3));
    assertThat(chain.findPath(3, 0)).isEmpty();
    assertThat(chain.findPath(0, 0)).isEmpty();
    Relation loop = Relation.of(3, 0, 1, 1, 0, 2, 2);
    assertThat(loop.findPath(0, 0)).contains(java.util.List.of(0, 1, 0));
    assertThat(loop.findPath(2, 2)).contains(java.util.List.of(2, 2));
  }

  @Test
  void anyEdgeOutsideGivesTheFirstOffendingPair() {
    assertThat(chain.anyEdgeOutside(chain.transitiveClosure())).isEmpty();
    assertThat(chain.anyEdgeOutside(Relation.of(4, 0, 1, 1, 2))).hasValueSatisfying(
        e -> assertThat(e).containsExactly(1, 3));
    Relation big = Relation.of(130, 3, 3, 100, 129);
    assertThat(big.anyEdgeOutside(Relation.of(130, 3, 3))).hasValueSatisfying(
        e -> assertThat(e).containsExactly(100, 129));
  }

  @Test
  void equalityIsByPairsAndSize() {
    assertThat(Relation.of(3, 0, 1)).isEqualTo(Relation.of(3, 0, 1))
        .hasSameHashCodeAs(Relation.of(3, 0, 1))
        .isNotEqualTo(Relation.of(4, 0, 1))
        .isNotEqualTo(Relation.of(3, 1, 0));
  }

  @Test
  void rejectsBadArgumentsWithAMessage() {
    assertThatThrownBy(() -> Relation.of(3, 0, 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("event 3 out of range 0..2");
    assertThatThrownBy(() -> Relation.of(3, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Relation.empty(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> chain.contains(-1, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> chain.union(Relation.empty(5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("4 vs 5");
    assertThatThrownBy(() -> chain.compose(Relation.empty(3)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> chain.restrictTo(EventSet.full(3)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Relation.cross(4, EventSet.full(4), EventSet.full(5)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> chain.findPath(0, 4)).isInstanceOf(IllegalArgumentException.class);
  }
}
