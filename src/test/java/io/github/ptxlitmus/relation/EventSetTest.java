package io.github.ptxlitmus.relation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventSetTest {
  @Test
  void factoriesAndQueries() {
    EventSet s = EventSet.of(70, 0, 2, 64, 69, 2);
    assertThat(s).hasToString("{0,2,64,69}");
    assertThat(s.size()).isEqualTo(70);
    assertThat(s.count()).isEqualTo(4);
    assertThat(s.contains(64)).isTrue();
    assertThat(s.contains(63)).isFalse();
    assertThat(s.toArray()).containsExactly(0, 2, 64, 69);
    assertThat(s.stream().sum()).isEqualTo(135);
    assertThat(EventSet.empty(70).isEmpty()).isTrue();
    assertThat(EventSet.full(70).count()).isEqualTo(70);
    assertThat(EventSet.full(64).count()).isEqualTo(64);
    assertThat(EventSet.fromPredicate(6, e -> e % 2 == 1)).isEqualTo(EventSet.of(6, 1, 3, 5));
    assertThat(EventSet.full(0).isEmpty()).isTrue();
  }

  @Test
  void nextWalksTheMembers() {
    EventSet s = EventSet.of(130, 1, 63, 64, 129);
    List<Integer> seen = new ArrayList<>();
    for (int e = s.next(0); e >= 0; e = s.next(e + 1)) {
      seen.add(e);
    }
    assertThat(seen).containsExactly(1, 63, 64, 129);
    assertThat(s.next(130)).isEqualTo(-1);
    List<Integer> viaForEach = new ArrayList<>();
    s.forEach(viaForEach::add);
    assertThat(viaForEach).isEqualTo(seen);
  }

  @Test
  void algebra() {
    EventSet a = EventSet.of(66, 0, 1, 65);
    EventSet b = EventSet.of(66, 1, 2);
    assertThat(a.union(b)).isEqualTo(EventSet.of(66, 0, 1, 2, 65));
    assertThat(a.intersection(b)).isEqualTo(EventSet.of(66, 1));
    assertThat(a.difference(b)).isEqualTo(EventSet.of(66, 0, 65));
    assertThat(a.complement().count()).isEqualTo(63);
    assertThat(a.complement().contains(65)).isFalse();
    assertThat(a.complement().complement()).isEqualTo(a);
    assertThat(EventSet.of(66, 1).isSubsetOf(a)).isTrue();
    assertThat(b.isSubsetOf(a)).isFalse();
  }

  @Test
  void rejectsBadArguments() {
    assertThatThrownBy(() -> EventSet.of(3, 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("out of range");
    assertThatThrownBy(() -> EventSet.of(3).union(EventSet.of(4)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> EventSet.of(3).contains(-1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
