package io.github.ptxlitmus.cat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * herd's semantics by default: SC- and TSO-style models written by us give the textbook answers
 * on the classic shapes (coherence a total order of the writes to each location), whether they
 * use the predefined co or pick it with {@code with co from} (the bundled cos.cat); herd's own
 * sc.cat and uniproc.cat, unchanged with their includes, when herd's library is present.
 */
class CatClassicShapesTest {
  private static Path resource(String name) {
    try {
      return Path.of(CatClassicShapesTest.class.getResource("/cat/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static CheckResult check(Path model, String test) {
    return LitmusChecker.create(CheckOptions.defaults().withModel(CatMemoryModel.load(model)))
        .check(resource("classic/" + test + ".litmus"));
  }

  @ParameterizedTest(name = "{0}: SC {1}, TSO {2}")
  @CsvSource({
    "SB, FORBIDDEN, ALLOWED",
    "MP, FORBIDDEN, FORBIDDEN",
    "LB, FORBIDDEN, FORBIDDEN",
    "IRIW, FORBIDDEN, FORBIDDEN",
    "WRC, FORBIDDEN, FORBIDDEN",
    "CoRR, FORBIDDEN, FORBIDDEN",
    "CoWW, FORBIDDEN, FORBIDDEN",
    "2+2W, FORBIDDEN, FORBIDDEN",
    "S, FORBIDDEN, FORBIDDEN",
    "R, FORBIDDEN, ALLOWED"
  })
  void textbookAnswers(String test, Verdict sc, Verdict tso) {
    assertThat(check(resource("models/sc.cat"), test).verdict()).isEqualTo(sc);
    assertThat(check(resource("models/sc-herd.cat"), test).verdict()).isEqualTo(sc);
    assertThat(check(resource("models/tso.cat"), test).verdict()).isEqualTo(tso);
  }

  @Test
  void stateSetsAreExact() {
    // SC: every state of SB but 0,0; TSO: all four
    assertThat(check(resource("models/sc.cat"), "SB").states()).hasSize(3);
    assertThat(check(resource("models/tso.cat"), "SB").states()).hasSize(4);
    // CoWW under SC: only the po-last write ends the location
    CheckResult coww = check(resource("models/sc.cat"), "CoWW");
    assertThat(coww.states()).hasSize(1);
  }

  @Test
  void modelsReadCoherenceAsHerdDoes() {
    assertThat(CatModel.load(resource("models/sc.cat")).coherence())
        .isEqualTo(CatModel.Coherence.TOTAL);
    assertThat(CatModel.load(resource("models/sc-herd.cat")).coherence())
        .isEqualTo(CatModel.Coherence.TOTAL);
  }

  @Test
  void herdsOwnScAndUniprocLoadUnchangedAndAnswerAsTextbooks() {
    Path libdir = Path.of("/work/public/herd/libdir");
    assumeTrue(Files.isRegularFile(libdir.resolve("sc.cat")), "herd's libdir is absent");
    for (Map.Entry<String, Verdict> e : Map.of("SB", Verdict.FORBIDDEN, "IRIW",
        Verdict.FORBIDDEN, "2+2W", Verdict.FORBIDDEN, "CoWW", Verdict.FORBIDDEN).entrySet()) {
      assertThat(check(libdir.resolve("sc.cat"), e.getKey()).verdict()).as(e.getKey())
          .isEqualTo(e.getValue());
    }
    // uniproc: coherence alone, so SB, MP, IRIW are allowed and CoRR, CoWW, 2+2W (x=1,y=1
    // needs co against po-loc) forbidden
    Path uniproc = libdir.resolve("uniproc.cat");
    assertThat(check(uniproc, "SB").verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(check(uniproc, "MP").verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(check(uniproc, "CoRR").verdict()).isEqualTo(Verdict.FORBIDDEN);
    assertThat(check(uniproc, "CoWW").verdict()).isEqualTo(Verdict.FORBIDDEN);
  }

  @Test
  void herdsCosAndCrossFromTheSharedCorpus(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Path herd = Path.of("../shared/corpus/herd-cat");
    assumeTrue(Files.isRegularFile(herd.resolve("cross.cat")), "../shared is absent");
    // our SC, written against herd's own cos.cat (cos-no-opt.cat, cross.cat: generate_cos in
    // cat, with linearisations and set matching) and fences.cat, searched on the include path
    Path model = dir.resolve("sc-on-herd-cos.cat");
    Files.writeString(model, "\"SC on herd's cos.cat\"\ninclude \"fences.cat\"\n"
        + "include \"cos.cat\"\nacyclic po | rf | co | fr as sc\n");
    CatMemoryModel m = CatMemoryModel.load(model,
        CatOptions.defaults().withIncludePath(java.util.List.of(herd)));
    assertThat(m.cat().files()).anySatisfy(f -> assertThat(f).endsWith("cross.cat"));
    for (String t : java.util.List.of("SB", "R", "2+2W", "CoWW")) {
      CheckResult r = LitmusChecker.create(CheckOptions.defaults().withModel(m))
          .check(resource("classic/" + t + ".litmus"));
      assertThat(r.verdict()).as(t).isEqualTo(Verdict.FORBIDDEN);
    }
    CheckResult mp = LitmusChecker.create(CheckOptions.defaults().withModel(m))
        .check(resource("classic/MP.litmus"));
    assertThat(mp.states()).hasSize(3);
  }
}
