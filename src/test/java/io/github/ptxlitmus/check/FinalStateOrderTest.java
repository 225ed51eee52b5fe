package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Issue 16, defect 5: states sort by value, not as strings; {@code %r0} is {@code r0}. */
class FinalStateOrderTest {
  @Test
  void statesSortByValueNotAsStrings() {
    TreeSet<FinalState> states = new TreeSet<>();
    for (long v : new long[] {10, 2, -1, 1}) {
      states.add(FinalState.of(Map.of("P0:r0", v, "x", 0L)));
    }
    List<String> printed = states.stream().map(FinalState::toString).collect(Collectors.toList());
    assertThat(printed)
        .containsExactly(
            "P0:r0=-1; x=0;", "P0:r0=1; x=0;", "P0:r0=2; x=0;", "P0:r0=10; x=0;");
  }

  @Test
  void keysOrderThreadsNumerically() {
    FinalState a = FinalState.of(Map.of("P2:r0", 5L, "P10:r0", 0L));
    FinalState b = FinalState.of(Map.of("P2:r0", 5L, "P10:r0", 1L));
    assertThat(a.toString()).isEqualTo("P2:r0=5; P10:r0=0;");
    assertThat(a).isLessThan(b);
    assertThat(a.compareTo(a)).isZero();
  }

  @Test
  void percentRegisterNamesTheSameRegister() {
    FinalState s = FinalState.of(Map.of("P1:r0", 7L));
    assertThat(s.register(1, "%r0")).contains(7L);
    assertThat(s.register(1, "r0")).contains(7L);
  }
}
