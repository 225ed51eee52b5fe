package io.github.ptxlitmus.relation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

class IncrementalClosureTest {
  @Test
  void addKeepsTheClosure() {
    IncrementalClosure c = IncrementalClosure.empty(4);
    assertThat(c.add(0, 1)).isTrue();
    assertThat(c.add(2, 3)).isTrue();
    assertThat(c.add(1, 2)).isTrue();
    assertThat(c.toRelation()).isEqualTo(Relation.of(4, 0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3));
    assertThat(c.add(0, 3)).isFalse();
    assertThat(c.wouldCreateCycle(3, 0)).isTrue();
    assertThat(c.wouldCreateCycle(0, 3)).isFalse();
    assertThat(c.wouldCreateCycle(2, 2)).isTrue();
    assertThat(c.isAcyclic()).isTrue();
    c.add(3, 1);
    assertThat(c.isAcyclic()).isFalse();
    assertThat(c.contains(2, 2)).isTrue();
  }

  @Test
  void undoRestoresTheStateAtTheMark() {
    IncrementalClosure c = IncrementalClosure.of(Relation.of(70, 0, 65));
    Relation before = c.toRelation();
    int m = c.mark();
    c.add(65, 69);
    c.add(69, 0);
    assertThat(c.isAcyclic()).isFalse();
    IncrementalClosure copy = c.copy();
    c.undoTo(m);
    assertThat(c.toRelation()).isEqualTo(before);
    assertThat(copy.contains(69, 65)).isTrue();
    assertThatThrownBy(() -> c.undoTo(m + 1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void equalsBatchClosureAfterRandomAdditionsAndUndos() {
    Random rnd = new Random(11);
    int cases = 0;
    for (int n : Naive.SIZES) {
      for (int c = 0; c < (n > 100 ? 40 : 200); c++) {
        Relation start = Naive.random(rnd, n);
        IncrementalClosure inc = IncrementalClosure.of(start);
        assertThat(inc.toRelation()).isEqualTo(start.transitiveClosure());
        Relation.Builder edges = Relation.builder(n).addAll(start);
        int m = inc.mark();
        Relation atMark = inc.toRelation();
        int additions = rnd.nextInt(2 * n + 1);
        for (int k = 0; k < additions; k++) {
          int i = rnd.nextInt(n);
          int j = rnd.nextInt(n);
          boolean wouldCycle = inc.wouldCreateCycle(i, j);
          boolean wasAcyclic = inc.isAcyclic();
          inc.add(i, j);
          edges.add(i, j);
          if (wasAcyclic) {
            assertThat(inc.isAcyclic()).isEqualTo(!wouldCycle);
          }
        }
        Relation batch = edges.build().transitiveClosure();
        assertThat(inc.toRelation()).isEqualTo(batch);
        assertThat(inc.isAcyclic()).isEqualTo(batch.isIrreflexive());
        inc.undoTo(m);
        assertThat(inc.toRelation()).isEqualTo(atMark);
        cases++;
      }
    }
    assertThat(cases).isGreaterThanOrEqualTo(1000);
  }
}
