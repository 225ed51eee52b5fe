package io.github.ptxlitmus.diy;

import io.github.ptxlitmus.litmus.ThreadPosition;
import java.util.ArrayList;
import java.util.List;

/**
 * Places the threads of a cycle on GPUs, clusters and CTAs so that each external edge's two
 * threads meet exactly at its {@link Placement}: same CTA for {@code @cta}; same cluster, other
 * CTAs for {@code @cluster}; same GPU, other clusters for {@code @gpu}; other GPUs for
 * {@code @sys}. Threads no edge relates share the GPU (unless some edge is {@code @sys}) and get
 * CTAs of their own.
 */
final class Layout {
  private Layout() {}

  /**
   * One position per thread.
   *
   * @throws IllegalArgumentException when the placements contradict each other (e.g. two threads
   *     joined by an {@code @cta} edge and by an {@code @gpu} edge)
   */
  static ThreadPosition[] positions(Plan p) {
    int t = p.threads();
    List<int[]> pairs = new ArrayList<>(); // {thread a, thread b, placement ordinal}
    Cycle c = p.cycle();
    for (int i = 0; i < c.size(); i++) {
      Edge e = c.edge(i);
      if (e.isExternal()) {
        pairs.add(new int[] {p.thread()[i], p.thread()[(i + 1) % c.size()],
            e.placement().ordinal()});
      }
    }
    boolean anySys = pairs.stream().anyMatch(q -> q[2] == Placement.SYS.ordinal());
    boolean anyCluster = pairs.stream().anyMatch(q -> q[2] == Placement.CLUSTER.ordinal());
    int[] cta = classes(t, pairs, Placement.CTA);
    int[] cluster = classes(t, pairs, Placement.CLUSTER);
    int[] gpu = anySys ? classes(t, pairs, Placement.GPU) : new int[t];
    for (int[] q : pairs) {
      Placement want = Placement.values()[q[2]];
      Placement got = gpu[q[0]] != gpu[q[1]] ? Placement.SYS
          : cluster[q[0]] != cluster[q[1]] ? Placement.GPU
          : cta[q[0]] != cta[q[1]] ? Placement.CLUSTER : Placement.CTA;
      if (got != want) {
        throw new IllegalArgumentException("placements contradict each other: P" + q[0] + " and P"
            + q[1] + " must meet @" + want.word() + " but the other edges put them @" + got.word());
      }
    }
    ThreadPosition[] out = new ThreadPosition[t];
    for (int i = 0; i < t; i++) {
      out[i] = anyCluster ? ThreadPosition.of(gpu[i], cluster[i], cta[i])
          : ThreadPosition.of(gpu[i], cta[i]);
    }
    return out;
  }

  /** Classes of threads that must share a scope instance of {@code level}, numbered 0, 1, ... */
  private static int[] classes(int t, List<int[]> pairs, Placement level) {
    int[] parent = new int[t];
    for (int i = 0; i < t; i++) {
      parent[i] = i;
    }
    for (int[] q : pairs) {
      if (q[2] <= level.ordinal()) {
        parent[find(parent, q[0])] = find(parent, q[1]);
      }
    }
    int[] id = new int[t];
    int[] number = new int[t];
    java.util.Arrays.fill(number, -1);
    int next = 0;
    for (int i = 0; i < t; i++) {
      int r = find(parent, i);
      if (number[r] < 0) {
        number[r] = next++;
      }
      id[i] = number[r];
    }
    return id;
  }

  private static int find(int[] parent, int i) {
    while (parent[i] != i) {
      i = parent[i];
    }
    return i;
  }
}
