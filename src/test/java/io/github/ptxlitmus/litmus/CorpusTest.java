package io.github.ptxlitmus.litmus;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every corpus file parses, and printing is a fixed point of parse∘print. */
class CorpusTest {
  @Test
  void corpusHas117Files() {
    assertThat(Corpus.files()).hasSize(117);
  }

  @TestFactory
  Stream<DynamicTest> everyFileParses() {
    return Corpus.files().stream().map(p -> DynamicTest.dynamicTest(name(p), () -> {
      LitmusTest t = LitmusParser.parse(p);
      assertThat(t.name()).isNotEmpty();
      assertThat(t.threads()).isNotEmpty();
      assertThat(t.source()).isEqualTo(p.toString());
      t.threads().forEach(th -> th.instructions().forEach(i -> {
        assertThat(i.position().line()).isPositive();
        assertThat(i.position().column()).isPositive();
        assertThat(i.text()).isNotBlank().isEqualTo(i.text().trim());
      }));
    }));
  }

  @TestFactory
  Stream<DynamicTest> everyFileRoundTrips() {
    return Corpus.files().stream().map(p -> DynamicTest.dynamicTest(name(p), () -> {
      LitmusTest t = LitmusParser.parse(p);
      String printed = LitmusPrinter.print(t);
      LitmusTest again = LitmusParser.parse("printed.litmus", printed);
      assertThat(LitmusPrinter.print(again)).isEqualTo(printed);
      assertThat(AstNormalizer.strip(again)).isEqualTo(AstNormalizer.strip(t));
    }));
  }

  @Test
  void knownShapes() throws Exception {
    Corpus.assumePresent();
    LitmusTest mp = LitmusParser.parse(Corpus.ROOT.resolve("Manual/MP-sys-fence.litmus"));
    assertThat(mp.threads()).hasSize(2);
    assertThat(mp.condition().quantifier()).isEqualTo(FinalCondition.Quantifier.NOT_EXISTS);
    LitmusTest alias =
        LitmusParser.parse(Corpus.ROOT.resolve("Manual/proxy/Proxy-Alias-AliasFence.litmus"));
    LocationDecl rd2 = alias.location("rd2").orElseThrow();
    assertThat(rd2.alias()).contains(new LocationDecl.Alias("rd1", Proxy.GENERIC));
    LitmusTest quirk = LitmusParser.parse(Corpus.ROOT.resolve("Manual/MICRO24-Fig4b-correct.litmus"));
    assertThat(quirk.descriptions()).hasSize(1);
    assertThat(quirk.descriptions().get(0)).contains("\"No, but loops were not fully unrolled\"");
  }

  private static String name(Path p) {
    return Corpus.ROOT.relativize(p).toString();
  }

  static List<Path> all() {
    return Corpus.files();
  }
}
