package io.github.ptxlitmus.relation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Algebraic laws and agreement with the boolean-matrix reference ({@link Naive}) on random
 * relations with a fixed seed, at sizes on both sides of the 64-bit word boundary.
 */
class RelationLawsTest {
  /** Cases per size; the largest size gets fewer since the reference is cubic. */
  private static int casesFor(int n) {
    return n > 100 ? 60 : 200;
  }

  /** Calls {@code check} on every case: at least 1,000 in all. */
  private static void forRandomCases(long seed, Case check) {
    Random rnd = new Random(seed);
    int total = 0;
    for (int n : Naive.SIZES) {
      for (int c = 0; c < casesFor(n); c++) {
        Relation r = Naive.random(rnd, n);
        Relation s = Naive.random(rnd, n);
        try {
          check.run(rnd, n, r, s);
        } catch (AssertionError e) {
          throw new AssertionError(
              "seed " + seed + ", n=" + n + ", case " + c + ": r=" + r + ", s=" + s, e);
        }
        total++;
      }
    }
    assertThat(total).isGreaterThanOrEqualTo(1000);
  }

  @FunctionalInterface
  private interface Case {
    void run(Random rnd, int n, Relation r, Relation s);
  }

  @Test
  void setOperatorsAgreeWithTheReference() {
    forRandomCases(1, (rnd, n, r, s) -> {
      boolean[][] a = Naive.matrix(r);
      boolean[][] b = Naive.matrix(s);
      assertThat(r.union(s)).isEqualTo(Relation.fromPredicate(n, (i, j) -> a[i][j] || b[i][j]));
      assertThat(r.intersection(s))
          .isEqualTo(Relation.fromPredicate(n, (i, j) -> a[i][j] && b[i][j]));
      assertThat(r.difference(s))
          .isEqualTo(Relation.fromPredicate(n, (i, j) -> a[i][j] && !b[i][j]));
      assertThat(r.inverse()).isEqualTo(Relation.fromPredicate(n, (i, j) -> a[j][i]));
      assertThat(r.withoutIdentity())
          .isEqualTo(Relation.fromPredicate(n, (i, j) -> a[i][j] && i != j));
      assertThat(r.optional()).isEqualTo(Relation.fromPredicate(n, (i, j) -> a[i][j] || i == j));
      EventSet from = Naive.randomSet(rnd, n);
      EventSet to = Naive.randomSet(rnd, n);
      assertThat(r.restrict(from, to)).isEqualTo(Relation.fromPredicate(
          n, (i, j) -> a[i][j] && from.contains(i) && to.contains(j)));
      assertThat(Relation.cross(n, from, to))
          .isEqualTo(Relation.fromPredicate(n, (i, j) -> from.contains(i) && to.contains(j)));
      assertThat(r.isSubsetOf(s)).isEqualTo(r.difference(s).isEmpty());
      assertThat(r.intersection(s).isSubsetOf(r)).isTrue();
    });
  }

  @Test
  void queriesAgreeWithTheReference() {
    forRandomCases(2, (rnd, n, r, s) -> {
      boolean[][] a = Naive.matrix(r);
      int count = 0;
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          count += a[i][j] ? 1 : 0;
        }
      }
      assertThat(r.count()).isEqualTo(count).isEqualTo(r.pairs().length);
      assertThat(r.isEmpty()).isEqualTo(count == 0);
      int e = rnd.nextInt(n);
      assertThat(r.successors(e)).isEqualTo(EventSet.fromPredicate(n, j -> a[e][j]));
      assertThat(r.predecessors(e)).isEqualTo(EventSet.fromPredicate(n, j -> a[j][e]));
      assertThat(r.domain()).isEqualTo(EventSet.fromPredicate(n, i -> r.successors(i).count() > 0));
      assertThat(r.range()).isEqualTo(r.inverse().domain());
      assertThat(r.isIrreflexive()).isEqualTo(r.intersection(Relation.identity(n)).isEmpty());
      Optional<int[]> outside = r.anyEdgeOutside(s);
      assertThat(outside.isPresent()).isEqualTo(!r.isSubsetOf(s));
      outside.ifPresent(p -> assertThat(r.contains(p[0], p[1]) && !s.contains(p[0], p[1])).isTrue());
    });
  }

  @Test
  void inverseDistributesAndReversesComposition() {
    forRandomCases(3, (rnd, n, r, s) -> {
      assertThat(r.union(s).inverse()).isEqualTo(r.inverse().union(s.inverse()));
      assertThat(r.compose(s).inverse()).isEqualTo(s.inverse().compose(r.inverse()));
      assertThat(r.inverse().inverse()).isEqualTo(r);
      assertThat(r.compose(s))
          .isEqualTo(Naive.relation(Naive.compose(Naive.matrix(r), Naive.matrix(s))));
      assertThat(r.compose(Relation.identity(n))).isEqualTo(r);
    });
  }

  @Test
  void compositionIsAssociative() {
    forRandomCases(4, (rnd, n, r, s) -> {
      Relation t = Naive.random(rnd, n);
      assertThat(r.compose(s).compose(t)).isEqualTo(r.compose(s.compose(t)));
    });
  }

  @Test
  void closureIsTheLeastTransitiveSuperset() {
    forRandomCases(5, (rnd, n, r, s) -> {
      Relation plus = r.transitiveClosure();
      assertThat(plus).isEqualTo(Naive.relation(Naive.closure(Naive.matrix(r))));
      assertThat(plus.isTransitive()).isTrue();
      assertThat(r.isSubsetOf(plus)).isTrue();
      assertThat(r.isTransitive()).isEqualTo(plus.equals(r));
      assertThat(plus.transitiveClosure()).isEqualTo(plus);
      assertThat(r.reflexiveTransitiveClosure()).isEqualTo(plus.optional());
    });
  }

  @Test
  void acyclicIffClosureIrreflexive() {
    int[] cyclic = {0};
    forRandomCases(6, (rnd, n, r, s) -> {
      boolean acyclic = r.isAcyclic();
      assertThat(acyclic).isEqualTo(r.transitiveClosure().isIrreflexive());
      cyclic[0] += acyclic ? 0 : 1;
    });
    // Both outcomes are well represented.
    assertThat(cyclic[0]).isBetween(200, 800);
  }

  @Test
  void findCycleReturnsAShortestRealCycleExactlyWhenCyclic() {
    forRandomCases(7, (rnd, n, r, s) -> {
      Optional<List<Integer>> cycle = r.findCycle();
      assertThat(cycle.isPresent()).isEqualTo(!r.isAcyclic());
      int girth = Naive.girth(Naive.matrix(r));
      if (cycle.isEmpty()) {
        assertThat(girth).isEqualTo(-1);
        return;
      }
      List<Integer> c = cycle.get();
      assertThat(c).doesNotHaveDuplicates().hasSize(girth);
      for (int k = 0; k < c.size(); k++) {
        int from = c.get(k);
        int to = c.get((k + 1) % c.size());
        assertThat(r.contains(from, to)).as("edge (%d,%d) of cycle %s", from, to, c).isTrue();
      }
    });
  }

  @Test
  void findPathIsAShortestRealPath() {
    forRandomCases(8, (rnd, n, r, s) -> {
      boolean[][] a = Naive.matrix(r);
      Relation plus = r.transitiveClosure();
      for (int q = 0; q < 5; q++) {
        int from = rnd.nextInt(n);
        int to = q == 0 ? from : rnd.nextInt(n);
        Optional<List<Integer>> path = r.findPath(from, to);
        int distance = Naive.distance(a, from, to);
        assertThat(path.isPresent()).isEqualTo(distance > 0).isEqualTo(plus.contains(from, to));
        if (path.isPresent()) {
          List<Integer> p = path.get();
          assertThat(p).hasSize(distance + 1);
          assertThat(p.get(0)).isEqualTo(from);
          assertThat(p.get(p.size() - 1)).isEqualTo(to);
          for (int k = 0; k + 1 < p.size(); k++) {
            assertThat(r.contains(p.get(k), p.get(k + 1))).isTrue();
          }
        }
      }
    });
  }
}
