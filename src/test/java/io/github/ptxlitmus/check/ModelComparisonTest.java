package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.cat.CatSyntaxException;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelComparisonTest {
  static Path resource(String name) {
    try {
      return Path.of(ModelComparisonTest.class.getResource(name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void scForbidsWhatPtxAllowsOnStoreBuffering() {
    CheckOptions o = CheckOptions.defaults();
    ModelComparison c = ModelComparison.compare(
        ModelComparison.Side.of("ptx", o),
        ModelComparison.Side.of(resource("/cat/sc.cat").toString(), o),
        List.of(resource("/litmus/sb/SB+weak.litmus"), resource("/litmus/mp/MP+weak.litmus")));
    assertThat(c.nameA()).isEqualTo("ptx");
    assertThat(c.nameB()).isEqualTo("sc.cat");
    assertThat(c.compared()).isEqualTo(2);
    assertThat(c.differing()).isEqualTo(2);
    ModelComparison.TestComparison sb = c.tests().get(0);
    assertThat(sb.name()).isEqualTo("SB+weak");
    assertThat(sb.onlyA()).hasToString("[P0:r0=0; P1:r1=0;]");
    assertThat(sb.onlyB()).isEmpty();
    assertThat(c.testsOnlyA()).isEqualTo(2);
    assertThat(c.testsOnlyB()).isZero();
    assertThat(c.statesOnlyB()).isZero();
    assertThat(c.conditionDiffers()).isEqualTo(2);
    assertThat(sb.b().orElseThrow().model()).isEqualTo("sc.cat");
  }

  @Test
  void aModelComparedWithItselfNeverDiffers() {
    CheckOptions o = CheckOptions.defaults();
    ModelComparison c = ModelComparison.compare(
        ModelComparison.Side.of("ptx", o), ModelComparison.Side.of("dat3m-v7.5", o),
        List.of(resource("/litmus/sb/SB+weak.litmus")));
    assertThat(c.differing()).isZero();
    assertThat(c.nameB()).isEqualTo("dat3m-v7.5");
  }

  @Test
  void failedChecksAreReportedNotCompared(@TempDir Path dir) throws IOException {
    Path bad = Files.writeString(dir.resolve("bad.litmus"), "PTX bad\n{ x=0; }\n P0 ;\n");
    CheckOptions o = CheckOptions.defaults();
    ModelComparison c = ModelComparison.compare(
        ModelComparison.Side.of("ptx", o), ModelComparison.Side.of("dat3m-v6.0", o),
        List.of(bad));
    assertThat(c.notCompared()).isEqualTo(1);
    assertThat(c.tests().get(0).problem().orElseThrow()).startsWith("ptx: ");
    assertThat(c.tests().get(0).name()).isEqualTo("bad.litmus");
  }

  @Test
  void unknownModelsAndBadCatFiles(@TempDir Path dir) throws IOException {
    CheckOptions o = CheckOptions.defaults();
    assertThatThrownBy(() -> ModelComparison.Side.of("nosuch", o))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("unknown model 'nosuch' (built-in: ptx, dat3m-v7.5");
    Path cat = Files.writeString(dir.resolve("bad.cat"), "B\nlet a = po |\n");
    assertThatThrownBy(() -> ModelComparison.Side.of(cat.toString(), o))
        .isInstanceOf(CatSyntaxException.class)
        .hasMessage(cat + ":3:1: expected an expression, found end of file");
  }
}
