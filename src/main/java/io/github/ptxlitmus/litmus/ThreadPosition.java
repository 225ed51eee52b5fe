package io.github.ptxlitmus.litmus;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where a thread runs: GPU, optional cluster and CTA, from a header such as
 * {@code P1@cta 0,cluster 1,gpu 0}. When the cluster is absent, the CTA forms its own cluster.
 * {@code kernel} names the kernel the thread belongs to ({@code kernel k1}; 8.9.4
 * API synchronization), empty when the test does not say. A host thread ({@code P2@host})
 * has GPU -1 and CTA {@code -1 - id}: no scope but {@code .sys} includes it.
 */
public record ThreadPosition(int gpu, OptionalInt cluster, int cta, Optional<String> kernel) {
  /**
   * A GPU thread that belongs to no named kernel.
   *
   * @param gpu the GPU number
   * @param cluster the cluster number, empty when the header names none
   * @param cta the CTA number
   */
  public ThreadPosition(int gpu, OptionalInt cluster, int cta) {
    this(gpu, cluster, cta, Optional.empty());
  }

  /**
   * The position of host thread {@code P<id>}.
   *
   * @param id the thread number
   * @return GPU -1, no cluster, CTA {@code -1 - id}
   */
  public static ThreadPosition host(int id) {
    return new ThreadPosition(-1, OptionalInt.empty(), -1 - id, Optional.empty());
  }

  /** {@return true for a host (CPU) thread} */
  public boolean isHost() {
    return gpu < 0;
  }

  /**
   * A GPU thread without an explicit cluster or kernel.
   *
   * @param gpu the GPU number
   * @param cta the CTA number
   * @return the position
   */
  public static ThreadPosition of(int gpu, int cta) {
    return new ThreadPosition(gpu, OptionalInt.empty(), cta);
  }

  /**
   * A GPU thread in an explicit cluster, without a kernel.
   *
   * @param gpu the GPU number
   * @param cluster the cluster number
   * @param cta the CTA number
   * @return the position
   */
  public static ThreadPosition of(int gpu, int cluster, int cta) {
    return new ThreadPosition(gpu, OptionalInt.of(cluster), cta);
  }

  /**
   * Same GPU.
   *
   * @param other another position
   * @return true when the GPU numbers are equal
   */
  public boolean sameGpu(ThreadPosition other) {
    return gpu == other.gpu;
  }

  /**
   * Same cluster: same CTA, or same GPU and the same explicit cluster number. A CTA without an
   * explicit cluster is its own cluster. CTA numbers are per GPU (the parser rejects one CTA
   * placed in two clusters).
   *
   * @param other another position
   * @return true when both are in one cluster
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

  /**
   * Same CTA: same GPU and same CTA number.
   *
   * @param other another position
   * @return true when both are in one CTA
   */
  public boolean sameCta(ThreadPosition other) {
    return sameGpu(other) && cta == other.cta;
  }

  /**
   * {@return the header text, e.g. {@code cta 0,gpu 0} or {@code cta 1,cluster 0,gpu 0}}
   */
  public String headerText() {
    if (isHost()) {
      return "host";
    }
    String k = kernel.map(name -> ",kernel " + name).orElse("");
    return cluster.isPresent()
        ? "cta " + cta + ",cluster " + cluster.getAsInt() + ",gpu " + gpu + k
        : "cta " + cta + ",gpu " + gpu + k;
  }
}
