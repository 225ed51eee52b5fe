package io.github.ptxlitmus.diy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link CycleEnumerator#forEach} hands out the tests {@link CycleEnumerator#enumerate} lists
 * (each once, up to rotation and spelling), one at a time; {@link CycleEnumerator#atMost}
 * bounds and {@link CycleEnumerator#estimate} approximates their number before the run.
 */
class CycleEnumeratorStreamTest {
  private static final List<String[]> SETS = List.of(
      new String[] {"", "@ptx", "4"},
      new String[] {"PodWR", "Fre,Rfe,Coe,PodWW,PodRR,PodRW", "5"},
      new String[] {"", "PodWW,PodWWRelP,Rfe,PodRR,Fre,FrePRel", "4"},
      new String[] {"RfeRelAcq,PodWWRelP", "Pod**,Rfe,Fre,Coe,FrePRel,PodRRAcqP", "5"},
      new String[] {"", "Pod**,Rfe,Fre,Coe,Rfi,Fri,Coi,Pos**", "3"});

  private static List<Edge> edges(String text) {
    return text.isEmpty() ? List.of() : Edge.parseList(text);
  }

  @Test
  void theStreamHoldsTheListsTests() {
    for (String[] s : SETS) {
      int size = Integer.parseInt(s[2]);
      List<CycleEnumerator.Generated> list =
          CycleEnumerator.enumerate(edges(s[0]), edges(s[1]), size, size);
      List<CycleEnumerator.Generated> streamed = new ArrayList<>();
      long n = CycleEnumerator.forEach(edges(s[0]), edges(s[1]), size, size,
          streamed::add, (k, explored, tests) -> assertThat(explored).isBetween(0.0, 1.0));
      assertThat(n).isEqualTo(streamed.size());
      assertThat(streamed).as(String.join(" / ", s))
          .containsExactlyInAnyOrderElementsOf(list);
      assertThat(CycleEnumerator.atMost(edges(s[0]), edges(s[1]), size, size))
          .isGreaterThanOrEqualTo(list.size());
      double estimate = CycleEnumerator.estimate(edges(s[0]), edges(s[1]), size, size);
      assertThat(estimate).as(String.join(" / ", s))
          .isBetween(0.9 * list.size() - 5, 1.1 * list.size() + 5);
    }
  }

  @Test
  void aSinkThatSaysStopStopsAtOnce() {
    List<CycleEnumerator.Generated> got = new ArrayList<>();
    long n = CycleEnumerator.forEach(List.of(), Edge.parseList("@ptx"), 8, 8,
        g -> got.add(g) && got.size() < 3, (k, e, t) -> {});
    assertThat(got).hasSize(3);
    assertThat(n).isEqualTo(3);
  }

  @Test
  void theEstimateIsTheSameEveryTime() {
    double a = CycleEnumerator.estimate(List.of(), Edge.parseList("@ptx"), 5, 5);
    double b = CycleEnumerator.estimate(List.of(), Edge.parseList("@ptx"), 5, 5);
    assertThat(a).isEqualTo(b).isBetween(140_000.0, 165_000.0); // 150,445 tests
  }
}
