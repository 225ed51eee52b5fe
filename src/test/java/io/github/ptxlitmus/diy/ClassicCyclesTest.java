package io.github.ptxlitmus.diy;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code diy} of the classic cycles gives the classic tests: the generated test has the family
 * name and the same verdict and exactly the same allowed final states (state by state) as the
 * hand-written test of the regression suite with the same shape.
 */
class ClassicCyclesTest {
  private static final Path SUITE = Path.of("src/test/resources/litmus");

  static Stream<Arguments> classics() {
    return Stream.of(
        Arguments.of("SB", "PodWRRlxRlx Fre PodWRRlxRlx Fre", "sb/SB+relaxed.gpu.litmus"),
        Arguments.of("MP", "PodWWPRel RfeRelAcq PodRRAcqP Fre", "mp/MP+rel+acq-gpu.litmus"),
        Arguments.of("LB", "PodRWRlxRlx Rfe PodRWRlxRlx Rfe", "lb/LB+relaxed.gpu.litmus"),
        Arguments.of("IRIW",
            "RfeRlxRlx Fence.sc.gpudRRRlxRlx FreRlxRlx RfeRlxRlx Fence.sc.gpudRRRlxRlx FreRlxRlx",
            "diy/IRIW+fence.sc.gpus.litmus"),
        Arguments.of("WRC", "RfeRlxRlx PodRWRlxRel RfeRelAcq PodRRAcqRlx FreRlxRlx",
            "wrc/WRC+rel+acq.litmus"),
        Arguments.of("ISA2", "PodWWPRel RfeRelAcq PodRWAcqRel RfeRelAcq PodRRAcqP Fre",
            "wrc/ISA2+rel+acq.litmus"),
        Arguments.of("2+2W", "Fence.sc.gpudWWRlxRlx Coe Fence.sc.gpudWWRlxRlx Coe",
            "diy/2+2W+fence.sc.gpus.litmus"),
        Arguments.of("R", "Fence.sc.gpudWWRlxRlx Coe Fence.sc.gpudWRRlxRlx Fre",
            "coherence/R+fence.sc.litmus"),
        Arguments.of("S", "PodWWRlxRlx Rfe PodRWRlxRlx Coe", "coherence/S+relaxed.litmus"),
        Arguments.of("CoRR", "RfeRelAcq PosRRAcqAcq Fre", "coherence/CoRR+rel+acq.litmus"),
        Arguments.of("CoWW", "PosWW Coi", "diy/CoWW.litmus"));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("classics")
  void generatedClassicMatchesHandWritten(String family, String cycle, String file)
      throws IOException {
    LitmusTest generated = Diy.generate(Cycle.parse(cycle));
    LitmusTest handWritten = LitmusParser.parse(SUITE.resolve(file));
    assertThat(generated.name()).as("name").matches(java.util.regex.Pattern.quote(family)
        + "(\\+.*)?");
    LitmusChecker checker = LitmusChecker.create();
    CheckResult g = checker.check(generated);
    CheckResult h = checker.check(handWritten);
    assertThat(g.verdict()).as("verdict of %s vs %s", generated.name(), file)
        .isEqualTo(h.verdict());
    assertThat(g.states()).as("states of %s vs %s", generated.name(), file)
        .containsExactlyElementsOf(h.states());
    assertThat(g.conditionHolds()).isEqualTo(h.conditionHolds());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("classics")
  void rotationsGiveTheSameTest(String family, String cycle, String file) {
    Cycle c = Cycle.parse(cycle);
    String expected = io.github.ptxlitmus.litmus.LitmusPrinter.print(Diy.generate(c));
    for (int k = 1; k < c.size(); k++) {
      assertThat(io.github.ptxlitmus.litmus.LitmusPrinter.print(Diy.generate(c.rotate(k))))
          .as("rotation %d of %s", k, cycle).isEqualTo(expected);
    }
  }
}
