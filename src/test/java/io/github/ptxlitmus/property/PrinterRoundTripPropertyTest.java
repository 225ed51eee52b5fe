package io.github.ptxlitmus.property;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import io.github.ptxlitmus.litmus.LitmusTest;
import org.junit.jupiter.api.Test;

/**
 * Property 3: on generated tests, {@code parse(print(t))} prints identically, and checking the
 * printed test gives the result of checking the original.
 */
class PrinterRoundTripPropertyTest {
  private static final int TESTS = 400;

  @Test
  void printThenParseIsStableAndChecksTheSame() {
    Properties.forAll("printer round trip", 3_000_000L, TESTS, p -> {
      LitmusTest original = p.parse();
      String printed = LitmusPrinter.print(original);
      LitmusTest reparsed = LitmusParser.parse("printed-" + p.seed(), printed);
      assertThat(LitmusPrinter.print(reparsed)).as("print(parse(print(t)))").isEqualTo(printed);
      assertThat(reparsed.threads().size()).isEqualTo(original.threads().size());
      assertThat(reparsed.instructionCount()).isEqualTo(original.instructionCount());
      assertThat(Properties.Summary.of(Properties.AUTO.check(reparsed)))
          .as("result of the printed test:%n%s", printed)
          .isEqualTo(Properties.Summary.of(Properties.AUTO.check(original)));
    });
  }
}
