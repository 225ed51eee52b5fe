package io.github.ptxlitmus.cat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CatModelTest {
  private static final Map<String, CatType> VOCAB = PtxCatBindings.vocabulary();

  static Path resource(String name) {
    try {
      return Path.of(CatModelTest.class.getResource("/cat/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Three events 0 → 1 → 2 in po; rf 1 → 0 closes a cycle with po. */
  private static CatBindings threeEvents(Relation rf) {
    int n = 3;
    CatBindings.Builder b = CatBindings.builder(n);
    for (Map.Entry<String, CatType> e : VOCAB.entrySet()) {
      if (e.getValue() == CatType.SET) {
        b.set(e.getKey(), EventSet.empty(n));
      } else {
        b.relation(e.getKey(), Relation.empty(n));
      }
    }
    return b.relation("po", Relation.of(n, 0, 1, 1, 2, 0, 2))
        .relation("loc", Relation.full(n))
        .relation("rf", rf)
        .set("W", EventSet.of(n, 0, 2))
        .build();
  }

  /** The shared corpus directory; tests that need it skip when it is absent. */
  static Path shared() {
    return Path.of("../shared");
  }

  private static CatModel text(String src) {
    return CatModel.parse("t.cat", src, VOCAB);
  }

  @Test
  void includesAreResolvedRelativeToTheIncludingFile() {
    CatModel m = CatModel.load(resource("sc.cat"));
    assertThat(m.name()).isEqualTo("sc.cat");
    assertThat(m.title()).isEqualTo("SC");
    assertThat(m.constraints()).containsExactly("sc");
    assertThat(m.evaluate(threeEvents(Relation.empty(3))).consistent()).isTrue();
    assertThat(m.firstViolation(threeEvents(Relation.of(3, 2, 0)))).contains("sc");
  }

  @Test
  void letRecIsTheLeastFixpointAndLetShadows() {
    CatModel m = CatModel.load(resource("rec.cat"));
    CatModel.Result r = m.evaluate(threeEvents(Relation.empty(3)));
    assertThat(r.violated()).isEmpty();
    assertThat(r.flags()).containsExactly("other-nonempty");
  }

  @Test
  void operatorsFollowDat3mPrecedence() {
    // '&' binds tighter than ';': (po & loc); po has (0,2) via 0-1-2; po & (loc; po) would too,
    // so test with a relation where they differ: rf = {(1,0)}.
    CatModel m = text("T\nempty (rf & po^-1; po) \\ (rf ; po) as x\n");
    assertThat(m.firstViolation(threeEvents(Relation.of(3, 1, 0)))).isEmpty();
    CatModel cart = text("T\nlet ww = W * W | [W]\nempty ww \\ (loc & ww) as y\n");
    assertThat(cart.evaluate(threeEvents(Relation.empty(3))).consistent()).isTrue();
    // '|' is loosest: W * W | [W] is (W * W) | [W]; '\\' binds tighter than ';'.
    CatModel diff = text("T\nempty po ; po \\ po as d\n");
    assertThat(diff.firstViolation(threeEvents(Relation.empty(3)))).isEmpty();
  }

  @Test
  void domainRangeComplementAndUniverse() {
    CatModel m = text("T\nlet mid = domain(po) & range(po)\n"
        + "empty mid \\ (_ \\ W) as middle-is-not-a-write\n"
        + "empty (~W) & W as complement\n"
        + "irreflexive (po? ; [mid] ; po^-1)+ & id \\ id as nothing\n");
    assertThat(m.evaluate(threeEvents(Relation.empty(3))).violated()).isEmpty();
  }

  @Test
  void preparedEvaluationAgreesWithTheFullOne() {
    CatModel m = CatModel.load(resource("sc.cat"));
    CatBindings fixed = threeEvents(Relation.empty(3));
    CatModel.Prepared p = m.prepare(fixed, java.util.Set.of("rf"));
    for (Relation rf : java.util.List.of(Relation.empty(3), Relation.of(3, 2, 0))) {
      CatBindings varying = CatBindings.builder(3).relation("rf", rf).build();
      assertThat(p.firstViolation(varying)).isEqualTo(m.firstViolation(threeEvents(rf)));
    }
    // A check that needs no varying name and fails is reported without evaluating the rest.
    CatModel always = text("T\nempty po as never-empty\nacyclic rf as fine\n");
    assertThat(always.prepare(fixed, java.util.Set.of("rf"))
        .firstViolation(CatBindings.builder(3).relation("rf", Relation.empty(3)).build()))
        .contains("never-empty");
    assertThatThrownBy(() -> p.firstViolation(CatBindings.builder(3).build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("uses 'rf'");
  }

  @Test
  void errorsNamePositionAndReason() {
    assertThatThrownBy(() -> text("T\nlet a = po | W\nacyclic a\n"))
        .isInstanceOf(CatSyntaxException.class)
        .hasMessage("t.cat:2:12: '|' between a relation and an event set");
    assertThatThrownBy(() -> text("T\nlet a = W ; po\nacyclic a\n"))
        .hasMessage("t.cat:2:11: ';' needs relations (use [S] for a set), found an event set");
    assertThatThrownBy(() -> text("T\nacyclic W as a\n"))
        .hasMessage("t.cat:2:9: acyclic needs a relation, found a set");
    assertThatThrownBy(() -> text("T\nlet a = po $ rf\n"))
        .hasMessage("t.cat:2:12: bad character '$'");
    assertThatThrownBy(() -> text("T\n(* never closed\nlet a = po\n"))
        .hasMessage("t.cat:2:1: unterminated comment");
    assertThatThrownBy(() -> text("T\nlet a = (po | rf\n"))
        .hasMessage("t.cat:3:1: expected ')', found end of file");
    assertThatThrownBy(() -> text("T\nlet a = [po]\nacyclic a\n"))
        .hasMessage("t.cat:2:9: [...] needs a set, found a relation");
    // a forward let suggests let rec; a non-monotone let rec is refused at its line
    assertThatThrownBy(() -> text("T\nlet a = b | po\nlet b = rf\nacyclic a\n"))
        .hasMessage("t.cat:2:9: 'b' is defined only later, at line 3; to define it in terms"
            + " of itself, use let rec");
    assertThatThrownBy(() -> text("T\nlet rec a = po \\ a\nacyclic a\n"))
        .hasMessageStartingWith("t.cat:2:16: let rec a is not monotone");
    // empty and axiom-free files
    assertThatThrownBy(() -> text(""))
        .hasMessageStartingWith("t.cat: empty cat file");
    assertThatThrownBy(() -> text("Title only\n"))
        .hasMessageStartingWith("t.cat: no axiom");
    // a mistyped first statement is not swallowed as the title
    assertThatThrownBy(() -> text("acylic po | rf\n"))
        .hasMessage("t.cat:1:1: expected a statement (let, include, acyclic, irreflexive,"
            + " empty, flag, ...), found 'acylic' (did you mean 'acyclic'?)");
    CatModel titled = text("acylic po\nacyclic po\n");
    assertThat(titled.title()).isEqualTo("acylic po");
    assertThat(titled.warnings()).anySatisfy(w -> assertThat(w)
        .contains("t.cat:1:1: warning: 'acylic po' is taken as the model's title; did you mean"
            + " 'acyclic'?"));
    // herd's primitives without a PTX meaning are refused where they are called
    assertThatThrownBy(() -> text("T\nacyclic lift(po)\n"))
        .hasMessageStartingWith("t.cat:2:13: lift: unsupported construct 'lift'");
    assertThatThrownBy(() -> text("T\ninstructions R[{'once}]\n"))
        .hasMessage("t.cat:2:1: unsupported construct 'instructions' (bell files are not"
            + " supported)");
  }

  @Test
  void namesPtxHasNoEventsForAreEmptyWithOneWarning() {
    CatModel m = text("T\nlet f = MFENCE | DMB.ISH\nacyclic po | fencerel(f) | nosuch\n");
    assertThat(m.warnings()).hasSize(1);
    assertThat(m.warnings().get(0)).contains("MFENCE (t.cat:2:9)").contains("DMB.ISH")
        .contains("nosuch");
    assertThat(m.evaluate(threeEvents(Relation.empty(3))).consistent()).isTrue();
    // names inside "try ... with" are the model's own fallbacks: no warning
    assertThat(text("T\nlet X = try X with emptyset\nempty X\n").warnings()).isEmpty();
  }

  @Test
  void includeCycleAndMissingInclude() {
    Path a = resource("cycle-a.cat");
    assertThatThrownBy(() -> CatModel.load(a))
        .isInstanceOf(CatSyntaxException.class)
        .hasMessageEndingWith("cycle-b.cat:2:1: include cycle: \"cycle-a.cat\" is already"
            + " being included");
    Path m = resource("missing-include.cat");
    assertThatThrownBy(() -> CatModel.load(m))
        .hasMessageStartingWith(m + ":3:1: included file not found: no-such-file.cat");
    assertThatThrownBy(() -> CatModel.load(Path.of("no/such.cat")))
        .hasMessage("no/such.cat: cannot read cat file: no such file");
  }

  @Test
  void dat3mPtxModelsAreAccepted() {
    Path dir = shared().resolve("corpus/dat3m-ptx/cat");
    assumeTrue(Files.isDirectory(dir), "../shared corpus absent");
    CatModel v75 = CatModel.load(dir.resolve("ptx-v7.5.cat"));
    assertThat(v75.title()).isEqualTo("PTX");
    assertThat(v75.constraints())
        .containsExactly("axiom-Coherence", "axiom-Coherence2", "axiom-FenceSC",
            "axiom-Atomicity", "axiom-NoThinAir", "axiom-Causality");
    CatModel v60 = CatModel.load(dir.resolve("ptx-v6.0.cat"));
    assertThat(v60.constraints()).contains("axiom-ScPerLocation");
  }
}
