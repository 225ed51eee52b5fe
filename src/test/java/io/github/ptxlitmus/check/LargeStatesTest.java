package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.bench.Family;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Issue 18: states mode on tests too large for the exhaustive search lists every state exactly
 * with the pruned search (flag distinct-states), and T threads × W writes to one location are
 * decided without a search over coherence orders. Exact answers only; no time is asserted.
 */
class LargeStatesTest {
  private static final CheckOptions STATES =
      CheckOptions.defaults().withMode(CheckOptions.Mode.STATES);

  /** T threads, each writing W distinct values to x (thread t writes t*W+1 .. t*W+W). */
  static LitmusTest writes(int threads, int perThread, long finalValue) {
    String header =
        IntStream.range(0, threads)
            .mapToObj(t -> "P" + t + "@cta " + t + ",gpu 0")
            .collect(Collectors.joining(" | ", "", " ;\n"));
    StringBuilder rows = new StringBuilder();
    for (int w = 0; w < perThread; w++) {
      final int row = w;
      rows.append(
          IntStream.range(0, threads)
              .mapToObj(t -> "st.relaxed.gpu x, " + (t * perThread + row + 1))
              .collect(Collectors.joining(" | ", "", " ;\n")));
    }
    String text =
        "PTX W" + threads + "x" + perThread + "\n{ x=0; }\n" + header + rows
            + "exists (x == " + finalValue + ")\n";
    return LitmusParser.parse("W" + threads + "x" + perThread, text);
  }

  @Test
  void manyWritesListEachThreadsLastWrite() {
    CheckResult r = LitmusChecker.create(STATES).check(writes(4, 4, 4));
    assertThat(r.flags()).contains(Flag.DISTINCT_STATES);
    assertThat(r.states()).extracting(s -> s.location("x").orElseThrow())
        .containsExactlyInAnyOrder(4L, 8L, 12L, 16L);
    assertThat(r.verdict()).isEqualTo(Verdict.ALLOWED);
  }

  @Test
  void manyWritesDecided() {
    LitmusChecker checker = LitmusChecker.create();
    for (int[] size : List.of(new int[] {8, 8}, new int[] {16, 4}, new int[] {8, 12})) {
      int t = size[0];
      int w = size[1];
      // P0's last write may be co-last; its first may not (8.10.1: po-later writes co-after).
      assertThat(checker.check(writes(t, w, w)).verdict()).isEqualTo(Verdict.ALLOWED);
      assertThat(checker.check(writes(t, w, 1)).verdict()).isEqualTo(Verdict.FORBIDDEN);
    }
  }

  @Test
  void cowwStatesAreThoseOfTheExhaustiveSearchAtASmallerSize() {
    LitmusTest small = LitmusParser.parse("CoWW-3", Family.COWW.generate(3));
    CheckResult exhaustive = LitmusChecker.create(STATES).check(small);
    assertThat(exhaustive.flags()).doesNotContain(Flag.DISTINCT_STATES);
    LitmusTest large = LitmusParser.parse("CoWW-8", Family.COWW.generate(8));
    CheckResult pruned = LitmusChecker.create(STATES).check(large);
    assertThat(pruned.flags()).contains(Flag.DISTINCT_STATES);
    assertThat(pruned.verdict()).isEqualTo(Verdict.FORBIDDEN);
    // The reader sees (r0, r1) = (a, b) unless b is written po-before a by the same thread.
    assertThat(pruned.states()).hasSize(17 * 17 - 8 - 16);
    assertThat(exhaustive.states()).hasSize(7 * 7 - 3 - 6);
  }
}
