package io.github.ptxlitmus.event;

/**
 * Kinds of events of a candidate execution. A read-modify-write ({@code atom}, {@code red}) is
 * one event that both reads and writes; a {@code bar.sync} becomes an arrive and a
 * wait event.
 */
public enum EventKind {
  /** The initial write of a physical location (8.2.6). */
  INIT,
  /** {@code ld} and its proxy forms. */
  READ,
  /** {@code st} and its proxy forms. */
  WRITE,
  /** {@code atom} / {@code red}: reads and writes in one event. */
  RMW,
  /** {@code fence.{sc,acq_rel,acquire,release}} and {@code membar}. */
  FENCE,
  /** {@code fence.proxy.*}. */
  PROXY_FENCE,
  /** The arrive half of {@code bar.sync}/{@code bar.red}, or {@code bar.arrive}. */
  BARRIER_ARRIVE,
  /** The wait half of {@code bar.sync}/{@code bar.red}. */
  BARRIER_WAIT,
  /** {@code barrier.cluster.arrive{.release,.relaxed}}. */
  CLUSTER_ARRIVE,
  /** {@code barrier.cluster.wait{.acquire}}. */
  CLUSTER_WAIT,
  /**
   * {@code cp.async.wait_group}/{@code wait_all}/{@code cp.async.bulk.wait_group}: where the
   * issuing thread observes the completion of its asynchronous units.
   */
  ASYNC_WAIT,
  /** A CUDA API call of a host thread (8.9.4 API synchronization). */
  API_CALL;

  /** {@return true when events of this kind read memory: {@code ld}, {@code atom}, {@code red}} */
  public boolean reads() {
    return this == READ || this == RMW;
  }

  /**
   * {@return true when events of this kind write memory: {@code st}, {@code atom}, {@code red}
   * and the initial writes}
   */
  public boolean writes() {
    return this == WRITE || this == RMW || this == INIT;
  }

  /** {@return true when events of this kind read or write memory} */
  public boolean isMemory() {
    return reads() || writes();
  }
}
