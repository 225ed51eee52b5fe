package io.github.ptxlitmus.cat;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import org.junit.jupiter.api.Test;

class CatBuiltinsCliquesTest {
  @Test
  void aRelationWithNoSymmetricPairHasNoClique() {
    assertThat(CatBuiltins.cliques(Relation.empty(4))).isEmpty();
    assertThat(CatBuiltins.cliques(Relation.of(4, 0, 1, 2, 2))).isEmpty();
  }

  @Test
  void cliquesAreTheMaximalSetsPairwiseRelatedBothWays() {
    // 0-1-2 a triangle (both ways), 3-4 a pair, 5 related one way only, 6 only to itself.
    Relation r = Relation.of(7, 0, 1, 1, 0, 1, 2, 2, 1, 0, 2, 2, 0, 3, 4, 4, 3, 5, 0, 6, 6);
    assertThat(CatBuiltins.cliques(r))
        .containsExactlyInAnyOrder(EventSet.of(7, 0, 1, 2), EventSet.of(7, 3, 4));
  }
}
