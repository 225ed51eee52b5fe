package io.github.ptxlitmus.cat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bundled {@code ptx.cat} loads by its bare name (no such file in the working directory),
 * reads coherence as herd does (its co is derived from {@code co-total}, not chosen), uses only
 * predefined names the bindings define, and names the six axioms of 8.10.
 */
class PtxCatFileTest {
  @Test
  void loadsByNameWithTheAxiomsOfChapter8() {
    assertThat(CatModel.isBundled("ptx.cat")).isTrue();
    assertThat(CatModel.isBundled("nope.cat")).isFalse();
    assertThat(CatModel.isBundled("dir/ptx.cat")).isFalse();
    CatModel m = CatModel.load(Path.of("ptx.cat"));
    assertThat(m.title()).isEqualTo("PTX ISA 9.4, chapter 8");
    assertThat(m.warnings()).isEmpty();
    assertThat(m.coherence()).isEqualTo(CatModel.Coherence.TOTAL);
    assertThat(PtxCatBindings.vocabulary().keySet()).containsAll(m.predefinedNames());
    assertThat(m.constraints()).containsSubsequence(List.of("Coherence", "Fence-SC",
        "Atomicity", "No-Thin-Air", "Causality"));
    assertThat(m.flagNames()).containsExactlyInAnyOrder("data-race", "mixed-size-race");
  }

  @Test
  void aMissingFileIsStillAnError() {
    assertThatThrownBy(() -> CatModel.load(Path.of("nope.cat")))
        .isInstanceOf(CatSyntaxException.class).hasMessageContaining("no such file");
  }
}
