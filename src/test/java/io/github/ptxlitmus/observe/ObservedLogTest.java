package io.github.ptxlitmus.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** herd-format logs: litmus7 histograms, herd7 state lists, and malformed logs with positions. */
class ObservedLogTest {
  private static final Path DIR = Path.of("src/test/resources/observed");

  @Test
  void readsALitmus7Histogram() throws Exception {
    ObservedLog log = ObservedLog.read(DIR.resolve("forbidden.log"));
    assertThat(log.tests()).hasSize(1);
    ObservedLog.Test t = log.tests().get(0);
    assertThat(t.name()).isEqualTo("MP+rel+acq");
    assertThat(t.states()).hasSize(4);
    assertThat(t.states().get(2).values()).isEqualTo(Map.of("P1:r0", 1L, "P1:r1", 0L));
    assertThat(t.states().get(2).count()).isEqualTo(OptionalLong.of(4));
    assertThat(t.states().get(2).position().line()).isEqualTo(5);
    assertThat(t.runs()).isEqualTo(OptionalLong.of(100000));
    assertThat(t.states().get(2).herdText()).isEqualTo("1:r0=1; 1:r1=0;");
  }

  @Test
  void readsAHerdStateListWithoutCounts() throws Exception {
    ObservedLog.Test t = ObservedLog.read(DIR.resolve("herd-states.log")).tests().get(0);
    assertThat(t.states()).hasSize(3);
    assertThat(t.states().get(0).count()).isEmpty();
    assertThat(t.runs()).isEmpty();
  }

  @Test
  void readsSeveralBlocksLocationsHexAndNegativeValues() {
    ObservedLog log = ObservedLog.parse("l", "Test A Allowed\nStates 1\n0:r0=-1; x=0x10;\n\n"
        + "Test B Forbidden\nHistogram (2 states)\n3 *>P1:%r2=7; y=2\n5 :>P1:%r2=0; y=0;\n");
    assertThat(log.tests()).extracting(ObservedLog.Test::name).containsExactly("A", "B");
    assertThat(log.tests().get(0).states().get(0).values())
        .isEqualTo(Map.of("P0:r0", -1L, "x", 16L));
    assertThat(log.tests().get(1).states().get(0).values())
        .isEqualTo(Map.of("P1:r2", 7L, "y", 2L));
  }

  @Test
  void malformedLogsNameFileLineAndColumn() {
    assertError("malformed-short.log", ":5:1: test MP+rel+acq announces 3 states; state 3 is"
        + " missing");
    assertError("malformed-value.log", ":3:24: the value of P1:r1 must be a 64-bit integer,"
        + " got 'zero'");
    assertError("malformed-count.log", ":2:8: the number of states must be a non-negative"
        + " integer, got 'many'");
    assertError("malformed-nocount.log", ":3:1: a histogram line starts with its count");
    assertError("malformed-empty.log", ":1:1: no 'Test NAME' block");
  }

  @Test
  void otherMalformedStates() {
    assertThatThrownBy(() -> ObservedLog.parse("l", "Test A\nStates 1\n0:r0=1; 0:r0=2;\n"))
        .hasMessage("l:3:9: P0:r0 is given twice in one state");
    assertThatThrownBy(() -> ObservedLog.parse("l", "Test A\nStates 1\n0:r0=1 x=2\n"))
        .hasMessage("l:3:8: expected ';' after P0:r0=1");
    assertThatThrownBy(() -> ObservedLog.parse("l", "Test A\nStates 1\n0:r0 1;\n"))
        .hasMessage("l:3:6: expected '=' after 0:r0");
    assertThatThrownBy(() -> ObservedLog.parse("l", "Test A\nStates 1\n0:r0=99999999999999999999;\n"))
        .hasMessageStartingWith("l:3:6: the value of P0:r0 must be a 64-bit integer");
    assertThatThrownBy(() -> ObservedLog.parse("l", "Test A Allowed\n"))
        .hasMessageContaining("l:1:15: test A has no 'States N'");
    assertThatThrownBy(() -> ObservedLog.parse("l", "Test A\nOk\n"))
        .hasMessageContaining("l:2:1: expected 'States N' or 'Histogram (N states)'");
  }

  @Test
  void aNonUtf8LogSaysSo(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("bin.log");
    Files.write(f, new byte[] {'T', (byte) 0xff, (byte) 0xfe});
    assertThatThrownBy(() -> ObservedLog.read(f)).isInstanceOf(LitmusSyntaxException.class)
        .hasMessageEndingWith("bin.log:1:1: not a UTF-8 text file");
  }

  private static void assertError(String file, String expected) {
    assertThatThrownBy(() -> ObservedLog.read(DIR.resolve(file)))
        .isInstanceOf(LitmusSyntaxException.class)
        .hasMessageContaining(file + expected);
  }
}
