package io.github.ptxlitmus.cat;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CoherenceSubordersTest {
  @Test
  void countsTheStrictPartialOrdersContainedInAChain() {
    // Sub-orders of a chain of k: 1, 1, 2, 7, 40 (transitive subsets of the pairs i<j).
    int[] expected = {1, 1, 2, 7, 40};
    for (int k = 1; k <= 4; k++) {
      List<Integer> chain = new ArrayList<>();
      for (int i = 0; i < k; i++) {
        chain.add(i);
      }
      assertThat(CoherenceSuborders.suborders(5, chain)).hasSize(expected[k]);
    }
  }

  @Test
  void theTotalOrderComesFirstAndGroupsCombine() {
    // Two locations: 0 < 1 and 3 < 2 < 4.
    Relation total = Relation.of(6, 0, 1, 3, 2, 3, 4, 2, 4);
    assertThat(CoherenceSuborders.groups(total))
        .containsExactly(List.of(0, 1), List.of(3, 2, 4));
    List<Relation> seen = new ArrayList<>();
    boolean found = CoherenceSuborders.anyOf(total, r -> {
      seen.add(r);
      return false;
    });
    assertThat(found).isFalse();
    assertThat(seen).hasSize(2 * 7);
    assertThat(seen.get(0)).isEqualTo(total);
    assertThat(seen).contains(Relation.empty(6));
    assertThat(CoherenceSuborders.anyOf(total, Relation::isEmpty)).isTrue();
  }
}
