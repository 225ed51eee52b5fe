package io.github.ptxlitmus.diy;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
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

  /**
   * Address dependencies (docs/diy.md, "DpAddr"): LB with an address dependency on both sides
   * (or address one side, data the other) is forbidden by No-Thin-Air (8.10.4: rf ∪ dep
   * cyclic); MP with a fence.sc writer and an address dependency on the reader is allowed
   * (8.10.4 orders nothing but the values of the cycle: a dependency is no acquire, so the
   * reader's reads are not ordered by Causality, 8.10.6). Each prints and re-parses identically.
   */
  static Stream<Arguments> addressDependencies() {
    return Stream.of(
        Arguments.of("DpAddrdW Rfe DpAddrdW Rfe", "LB+addrs", "Forbidden",
            List.of("P0:r0=0; P1:r1=0;")),
        Arguments.of("DpAddrdW Rfe DpDatadW Rfe", "LB+addr+data", "Forbidden",
            List.of("P0:r0=0; P1:r1=0;")),
        Arguments.of("Fence.sc.gpudWW Rfe DpAddrdR Fre", "MP+fence.sc.gpu+addr", "Allowed",
            List.of("P1:r0=0; P1:r1=0;", "P1:r0=1; P1:r1=0;", "P1:r0=1; P1:r1=1;")));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("addressDependencies")
  void addressDependenciesAreReal(String cycle, String name, String verdict, List<String> states) {
    LitmusTest generated = Diy.generate(Cycle.parse(cycle));
    assertThat(generated.name()).isEqualTo(name);
    String text = io.github.ptxlitmus.litmus.LitmusPrinter.print(generated);
    assertThat(text).contains("setp.eq").contains("&dummy").contains("[%r");
    assertThat(io.github.ptxlitmus.litmus.LitmusPrinter.print(LitmusParser.parse(name, text)))
        .isEqualTo(text);
    CheckResult r = LitmusChecker.create().check(generated);
    assertThat(r.verdict().toString()).isEqualToIgnoringCase(verdict);
    assertThat(r.states()).map(Object::toString).containsExactlyElementsOf(states);
  }
}
