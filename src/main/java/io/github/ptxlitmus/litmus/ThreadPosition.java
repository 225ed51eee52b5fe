package io.github.ptxlitmus.litmus;

import java.util.OptionalInt;

/**
 * Where a thread runs: GPU, optional cluster and CTA, from a header such as
 * {@code P1@cta 0,cluster 1,gpu 0}. When the cluster is absent, the CTA forms its own cluster
 * (DESIGN §2).
 */
public record ThreadPosition(int gpu, OptionalInt cluster, int cta) {
  public static ThreadPosition of(int gpu, int cta) {
    return new ThreadPosition(gpu, OptionalInt.empty(), cta);
  }

  public static ThreadPosition of(int gpu, int cluster, int cta) {
    return new ThreadPosition(gpu, OptionalInt.of(cluster), cta);
  }

  public boolean sameGpu(ThreadPosition other) {
    return gpu == other.gpu;
  }

  /**
   * Same cluster: same CTA, or same GPU and the same explicit cluster number. A CTA without an
   * explicit cluster is its own cluster. CTA numbers are per GPU (the parser rejects one CTA
   * placed in two clusters).
   */
  public boolean sameCluster(ThreadPosition other) {
    if (sameCta(other)) {
      return true;
    }
    return sameGpu(other)
        && cluster.isPresent()
        && other.cluster.isPresent()
        && cluster.getAsInt() == other.cluster.getAsInt();
  }

  /** Same CTA: same GPU and same CTA number. */
  public boolean sameCta(ThreadPosition other) {
    return sameGpu(other) && cta == other.cta;
  }

  /** Header text, e.g. {@code cta 0,gpu 0} or {@code cta 1,cluster 0,gpu 0}. */
  public String headerText() {
    return cluster.isPresent()
        ? "cta " + cta + ",cluster " + cluster.getAsInt() + ",gpu " + gpu
        : "cta " + cta + ",gpu " + gpu;
  }
}
