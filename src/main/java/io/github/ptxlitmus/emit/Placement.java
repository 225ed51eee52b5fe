package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.ThreadPosition;
import io.github.ptxlitmus.litmus.ThreadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Where the threads of one GPU run in one launch, as the test's scope tree says: each CTA of
 * the test is a CTA of the grid, the CTAs of one cluster are consecutive (a cluster of
 * {@code clusterSize} CTAs), and each litmus thread is lane 0 of its own warp of its CTA (its
 * other lanes leave at once). Threads that share a CTA in the test share a CTA here, threads of
 * one cluster share a cluster, and no two litmus threads share a warp, so a barrier counts one
 * warp, 32 threads, per litmus thread.
 *
 * @param gpu the test's GPU number
 * @param ctas the number of CTAs of the grid (a multiple of {@code clusterSize})
 * @param warpsPerCta warps per CTA: the most litmus threads of any CTA
 * @param clusterSize CTAs per cluster; 1 when no cluster has two CTAs
 * @param slots per thread id of this GPU's threads: where it runs (absent ids are not keys)
 * @param threadsPerCta per CTA index: how many litmus threads it holds
 */
public record Placement(
    int gpu,
    int ctas,
    int warpsPerCta,
    int clusterSize,
    Map<Integer, Slot> slots,
    List<Integer> threadsPerCta) {

  /** Warp size of every NVIDIA GPU: a barrier counts this many threads per warp. */
  public static final int WARP = 32;

  /**
   * Where one litmus thread runs.
   *
   * @param cta the CTA's index in the grid ({@code %ctaid.x})
   * @param warp the warp's index in the CTA ({@code %tid.x / 32})
   * @param cluster the cluster's index ({@code cta / clusterSize})
   * @param rank the CTA's rank in its cluster ({@code %cluster_ctarank})
   */
  public record Slot(int cta, int warp, int cluster, int rank) {}

  /** Copies the collections. */
  public Placement {
    slots = Map.copyOf(slots);
    threadsPerCta = List.copyOf(threadsPerCta);
  }

  /**
   * The placements of a test's GPU threads, one per GPU in increasing GPU order.
   *
   * @param test a parsed test
   * @return one placement per GPU the test's threads use; host threads are in none
   */
  public static List<Placement> of(LitmusTest test) {
    Map<Integer, List<ThreadSpec>> byGpu = new TreeMap<>();
    for (ThreadSpec t : test.threads()) {
      if (!t.position().isHost()) {
        byGpu.computeIfAbsent(t.position().gpu(), g -> new ArrayList<>()).add(t);
      }
    }
    List<Placement> out = new ArrayList<>();
    byGpu.forEach((gpu, threads) -> out.add(place(gpu, threads)));
    return out;
  }

  private static Placement place(int gpu, List<ThreadSpec> threads) {
    // Clusters: an explicit cluster number groups CTAs; a CTA without one is its own cluster.
    Map<String, TreeSet<Integer>> clusters = new LinkedHashMap<>();
    TreeMap<Integer, List<ThreadSpec>> byCta = new TreeMap<>();
    for (ThreadSpec t : threads) {
      ThreadPosition p = t.position();
      byCta.computeIfAbsent(p.cta(), c -> new ArrayList<>()).add(t);
    }
    for (Map.Entry<Integer, List<ThreadSpec>> e : byCta.entrySet()) {
      ThreadPosition p = e.getValue().get(0).position();
      String key = p.cluster().isPresent() ? "c" + p.cluster().getAsInt() : "cta" + e.getKey();
      clusters.computeIfAbsent(key, k -> new TreeSet<>()).add(e.getKey());
    }
    int clusterSize = clusters.values().stream().mapToInt(TreeSet::size).max().orElse(1);
    Map<Integer, int[]> ctaSlot = new TreeMap<>(); // test CTA -> {grid index, cluster, rank}
    int cluster = 0;
    for (TreeSet<Integer> members : clusters.values()) {
      int rank = 0;
      for (int cta : members) {
        ctaSlot.put(cta, new int[] {cluster * clusterSize + rank, cluster, rank});
        rank++;
      }
      cluster++;
    }
    int ctas = cluster * clusterSize;
    List<Integer> perCta = new ArrayList<>();
    for (int i = 0; i < ctas; i++) {
      perCta.add(0);
    }
    Map<Integer, Slot> slots = new LinkedHashMap<>();
    int warps = 1;
    for (Map.Entry<Integer, List<ThreadSpec>> e : byCta.entrySet()) {
      int[] s = ctaSlot.get(e.getKey());
      int warp = 0;
      for (ThreadSpec t : e.getValue()) {
        slots.put(t.id(), new Slot(s[0], warp++, s[1], s[2]));
      }
      perCta.set(s[0], warp);
      warps = Math.max(warps, warp);
    }
    return new Placement(gpu, ctas, warps, clusterSize, slots, perCta);
  }

  /** {@return threads per CTA of the launch: one warp per litmus thread} */
  public int blockThreads() {
    return warpsPerCta * WARP;
  }

  /**
   * The slot of a thread of this GPU.
   *
   * @param thread the thread id
   * @return where it runs
   * @throws IllegalArgumentException when the thread is not on this GPU
   */
  public Slot slot(int thread) {
    Slot s = slots.get(thread);
    if (s == null) {
      throw new IllegalArgumentException("P" + thread + " does not run on GPU " + gpu);
    }
    return s;
  }
}
