package io.github.ptxlitmus.cat;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which constraints a search may test on a partial choice, and the entry point that does. */
class CatMonotonicityTest {
  private static final Map<String, CatType> VOCAB = PtxCatBindings.vocabulary();
  private static final Set<String> CHOSEN = Set.of("rf", "co", "fr", "rfe", "coe", "fre");

  private static CatModel text(String src) {
    return CatModel.parse("t.cat", src, VOCAB);
  }

  private static CatBindings fixed(int n) {
    CatBindings.Builder b = CatBindings.builder(n);
    VOCAB.forEach((name, type) -> {
      if (type == CatType.SET) {
        b.set(name, EventSet.empty(n));
      } else {
        b.relation(name, Relation.empty(n));
      }
    });
    return b.relation("po", Relation.of(n, 0, 1)).build();
  }

  @Test
  void monotoneExpressionsThroughLetsAndFunctions() {
    CatModel m = text("T\nlet com = rf | co | fr\nlet f(r) = r ; po\n"
        + "acyclic po | com as sc\n"
        + "irreflexive f(rf) as through-a-function\n"
        + "empty rf \\ po as rf-minus-fixed\n"
        + "acyclic po \\ rf as minus-chosen\n"
        + "~empty rf as negated\n"
        + "acyclic co0 as final-writes\n");
    assertThat(m.monotoneConstraints(CHOSEN))
        .containsExactly("sc", "through-a-function", "rf-minus-fixed");
  }

  @Test
  void aPartialChoiceThatAlreadyFailsIsReported() {
    CatModel m = text("T\nacyclic po | rf as sc\nacyclic po \\ rf as not-monotone\n");
    CatModel.Prepared p = m.prepare(fixed(2), PtxCatBindings.VARYING);
    CatBindings none = CatBindings.builder(2).relation("rf", Relation.empty(2))
        .relation("co", Relation.empty(2)).relation("fr", Relation.empty(2)).build();
    assertThat(p.monotoneFailure(none)).isEmpty();
    CatBindings cycle = CatBindings.builder(2).relation("rf", Relation.of(2, 1, 0))
        .relation("co", Relation.empty(2)).relation("fr", Relation.empty(2)).build();
    assertThat(p.monotoneFailure(cycle)).hasValueSatisfying(f -> {
      assertThat(f.constraint()).isEqualTo("sc");
      assertThat(f.events()).containsExactly(0, 1);
      assertThat(f.relations()).containsExactly("po", "rf");
    });
  }

  @Test
  void coherenceBoundsAreFoundFromTheDefinitionsOfCo() {
    // co is a transitive order: co+ is co, so 'order' is within co | co^-1; (co ; po) and a
    // closure of the union are not within either, whatever their names
    CatModel m = text("T\nlet co = co+\nlet order = co | co^-1\n"
        + "empty po \\ co as required\n"
        + "empty loc \\ order as ordered\n"
        + "empty addr \\ (co ; po) as not-a-bound\n"
        + "empty data \\ order+ as closure-of-a-union\n");
    CatBindings.Builder b = CatBindings.builder(3);
    VOCAB.forEach((name, type) -> {
      if (type == CatType.SET) {
        b.set(name, EventSet.empty(3));
      } else {
        b.relation(name, Relation.empty(3));
      }
    });
    CatBindings fixed = b.relation("po", Relation.of(3, 0, 1)).relation("loc", Relation.of(3, 1, 2))
        .relation("addr", Relation.of(3, 2, 0)).relation("data", Relation.of(3, 0, 2)).build();
    CatModel.Prepared p = m.prepare(fixed, PtxCatBindings.VARYING);
    CatBindings none = CatBindings.builder(3).relation("rf", Relation.empty(3))
        .relation("co", Relation.empty(3)).relation("fr", Relation.empty(3)).build();
    assertThat(p.hasCoBounds()).isTrue();
    CatModel.CoBounds bounds = p.monotoneBounds(none);
    assertThat(bounds.failure()).isEmpty();
    assertThat(bounds.required()).isEqualTo(Relation.of(3, 0, 1));
    assertThat(bounds.ordered()).isEqualTo(Relation.of(3, 1, 2));
  }

  @Test
  void aModelWithoutCoherenceBoundsHasNone() {
    CatModel m = text("T\nacyclic po | co as sc\nempty po \\ (co | po) as not-within-co\n");
    assertThat(m.prepare(fixed(2), PtxCatBindings.VARYING).hasCoBounds()).isFalse();
  }
}
