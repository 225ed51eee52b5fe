package io.github.ptxlitmus.relation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The word-parallel algorithms behind {@link Relation}, over its row-major bit matrix: {@code
 * n} rows of {@code w = ceil(n / 64)} words, bit {@code j} of row {@code i} set for the pair
 * (i, j). Closure, acyclicity and breadth-first search; stateless but for {@link Bfs}'s
 * scratch space.
 */
final class BitMatrix {
  private BitMatrix() {}

  /** Breadth-first search scratch space over this relation's rows. */
  static final class Bfs {
    private final long[] bits;
    private final int w;
    private final int[] queue;
    private final int[] parent;
    private final int[] dist;
    private final long[] seen;

    Bfs(long[] bits, int n, int w) {
      this.bits = bits;
      this.w = w;
      queue = new int[n];
      parent = new int[n];
      dist = new int[n];
      seen = new long[w];
    }

    /**
     * Searches from {@code source} (distance 0) for the first dequeued event {@code u} with
     * {@code (u, target)} a pair, visiting only events in {@code within} (all when null) and
     * dequeuing only events at distance {@code <= maxDist}. Returns {@code u} or -1.
     */
    int run(int source, int target, long[] within, int maxDist) {
      Arrays.fill(seen, 0);
      int tw = target >>> 6;
      long tm = 1L << target;
      int head = 0;
      int tail = 0;
      queue[tail++] = source;
      parent[source] = -1;
      dist[source] = 0;
      seen[source >>> 6] |= 1L << source;
      while (head < tail) {
        int u = queue[head++];
        if (dist[u] > maxDist) {
          return -1;
        }
        int base = u * w;
        if ((bits[base + tw] & tm) != 0) {
          return u;
        }
        for (int t = 0; t < w; t++) {
          long x = bits[base + t] & ~seen[t];
          if (within != null) {
            x &= within[t];
          }
          seen[t] |= x;
          while (x != 0) {
            int v = (t << 6) + Long.numberOfTrailingZeros(x);
            parent[v] = u;
            dist[v] = dist[u] + 1;
            queue[tail++] = v;
            x &= x - 1;
          }
        }
      }
      return -1;
    }

    /** The events from the source to {@code u}, in a mutable list. */
    List<Integer> pathTo(int u) {
      List<Integer> path = new ArrayList<>(dist[u] + 2);
      for (int v = u; v >= 0; v = parent[v]) {
        path.add(v);
      }
      Collections.reverse(path);
      return path;
    }
  }

  /** Warshall's algorithm on word-parallel rows, in place. */
  static void closeInPlace(long[] b, int n, int w) {
    if (w == 1) {
      for (int k = 0; k < n; k++) {
        long rk = b[k];
        if (rk == 0) {
          continue;
        }
        long km = 1L << k;
        for (int i = 0; i < n; i++) {
          if ((b[i] & km) != 0) {
            b[i] |= rk;
          }
        }
      }
      return;
    }
    for (int k = 0; k < n; k++) {
      int kb = k * w;
      int kw = k >>> 6;
      long km = 1L << k;
      for (int i = 0; i < n; i++) {
        int ib = i * w;
        if ((b[ib + kw] & km) != 0) {
          for (int t = 0; t < w; t++) {
            b[ib + t] |= b[kb + t];
          }
        }
      }
    }
  }

  /** Whether no row holds its own bit. */
  static boolean isIrreflexive(long[] b, int n, int w) {
    for (int i = 0; i < n; i++) {
      if ((b[i * w + (i >>> 6)] & (1L << i)) != 0) {
        return false;
      }
    }
    return true;
  }

  /** Sets every row's own bit. */
  static void setDiagonal(long[] b, int n, int w) {
    for (int i = 0; i < n; i++) {
      b[i * w + (i >>> 6)] |= 1L << i;
    }
  }

  /** n <= 64: repeatedly peel off the events with no predecessor among the remaining ones. */
  static boolean isAcyclicSmall(long[] bits, int n) {
    long remaining = n == 64 ? -1L : (1L << n) - 1;
    while (remaining != 0) {
      long hasPred = 0;
      long x = remaining;
      while (x != 0) {
        hasPred |= bits[Long.numberOfTrailingZeros(x)];
        x &= x - 1;
      }
      long sources = remaining & ~hasPred;
      if (sources == 0) {
        return false;
      }
      remaining &= ~sources;
    }
    return true;
  }

  /** Kahn's topological sort with in-degree counts. */
  static boolean isAcyclicLarge(long[] bits, int n, int w) {
    int[] indegree = new int[n];
    for (int i = 0; i < n; i++) {
      int base = i * w;
      for (int t = 0; t < w; t++) {
        long x = bits[base + t];
        while (x != 0) {
          indegree[(t << 6) + Long.numberOfTrailingZeros(x)]++;
          x &= x - 1;
        }
      }
    }
    int[] queue = new int[n];
    int tail = 0;
    for (int i = 0; i < n; i++) {
      if (indegree[i] == 0) {
        queue[tail++] = i;
      }
    }
    int head = 0;
    while (head < tail) {
      int u = queue[head++];
      int base = u * w;
      for (int t = 0; t < w; t++) {
        long x = bits[base + t];
        while (x != 0) {
          int v = (t << 6) + Long.numberOfTrailingZeros(x);
          if (--indegree[v] == 0) {
            queue[tail++] = v;
          }
          x &= x - 1;
        }
      }
    }
    return tail == n;
  }
}
