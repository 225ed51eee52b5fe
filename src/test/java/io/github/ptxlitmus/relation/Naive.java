package io.github.ptxlitmus.relation;

import java.util.ArrayDeque;
import java.util.Random;

/** Reference implementations on boolean matrices, and random relations, for the law tests. */
final class Naive {
  /** The sizes the law tests cover: one word, word boundaries, several words. */
  static final int[] SIZES = {1, 5, 63, 64, 65, 130};

  private Naive() {}

  static boolean[][] matrix(Relation r) {
    int n = r.size();
    boolean[][] m = new boolean[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        m[i][j] = r.contains(i, j);
      }
    }
    return m;
  }

  static Relation relation(boolean[][] m) {
    return Relation.fromPredicate(m.length, (i, j) -> m[i][j]);
  }

  static boolean[][] compose(boolean[][] a, boolean[][] b) {
    int n = a.length;
    boolean[][] c = new boolean[n][n];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < n; k++) {
        if (a[i][k]) {
          for (int j = 0; j < n; j++) {
            c[i][j] |= b[k][j];
          }
        }
      }
    }
    return c;
  }

  /** The least fixpoint of {@code c = r ∪ c;r}, iterated until nothing changes. */
  static boolean[][] closure(boolean[][] r) {
    int n = r.length;
    boolean[][] c = copy(r);
    boolean changed = true;
    while (changed) {
      changed = false;
      boolean[][] next = compose(c, r);
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          if (next[i][j] && !c[i][j]) {
            c[i][j] = true;
            changed = true;
          }
        }
      }
    }
    return c;
  }

  static boolean[][] copy(boolean[][] m) {
    boolean[][] c = new boolean[m.length][];
    for (int i = 0; i < m.length; i++) {
      c[i] = m[i].clone();
    }
    return c;
  }

  /** Number of edges on a shortest path of at least one edge from {@code s} to {@code t}, or -1. */
  static int distance(boolean[][] m, int s, int t) {
    int n = m.length;
    int[] dist = new int[n];
    java.util.Arrays.fill(dist, -1);
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    for (int v = 0; v < n; v++) {
      if (m[s][v]) {
        if (v == t) {
          return 1;
        }
        dist[v] = 1;
        queue.add(v);
      }
    }
    while (!queue.isEmpty()) {
      int u = queue.poll();
      for (int v = 0; v < n; v++) {
        if (m[u][v] && dist[v] < 0) {
          if (v == t) {
            return dist[u] + 1;
          }
          dist[v] = dist[u] + 1;
          queue.add(v);
        }
      }
    }
    return -1;
  }

  /** Length of a shortest cycle, or -1 when acyclic. */
  static int girth(boolean[][] m) {
    int best = -1;
    for (int v = 0; v < m.length; v++) {
      int d = distance(m, v, v);
      if (d > 0 && (best < 0 || d < best)) {
        best = d;
      }
    }
    return best;
  }

  /**
   * A random relation of size {@code n}: sometimes a DAG (edges along a random order), sometimes
   * a DAG with a few back edges, sometimes plain random, at densities from sparse to dense.
   */
  static Relation random(Random rnd, int n) {
    double[] densities = {0.0, 0.5 / n, 1.0 / n, 2.0 / n, 0.05, 0.2, 0.6};
    double p = densities[rnd.nextInt(densities.length)];
    int kind = rnd.nextInt(3);
    int[] order = permutation(rnd, n);
    Relation.Builder b = Relation.builder(n);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (rnd.nextDouble() < p && (kind == 2 || order[i] < order[j])) {
          b.add(i, j);
        }
      }
    }
    if (kind == 1 && n > 0) {
      int backEdges = rnd.nextInt(3);
      for (int k = 0; k < backEdges; k++) {
        b.add(rnd.nextInt(n), rnd.nextInt(n));
      }
    }
    return b.build();
  }

  static EventSet randomSet(Random rnd, int n) {
    double p = rnd.nextDouble();
    return EventSet.fromPredicate(n, e -> rnd.nextDouble() < p);
  }

  static int[] permutation(Random rnd, int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    return a;
  }
}
