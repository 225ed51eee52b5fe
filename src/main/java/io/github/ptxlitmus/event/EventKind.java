package io.github.ptxlitmus.event;

/**
 * Kinds of events of a candidate execution. A read-modify-write ({@code atom}, {@code red}) is
 * one event that both reads and writes; a {@code bar.sync} becomes an arrive and a
 * wait event.
 */
public enum EventKind {
  /** The initial write of a physical location (8.2.6). */
  INIT(false, true),
  /** {@code ld} and its proxy forms. */
  READ(true, false),
  /** {@code st} and its proxy forms. */
  WRITE(false, true),
  /** {@code atom} / {@code red}: reads and writes in one event. */
  RMW(true, true),
  /** {@code fence.{sc,acq_rel,acquire,release}} and {@code membar}. */
  FENCE(false, false),
  /** {@code fence.proxy.*}. */
  PROXY_FENCE(false, false),
  /** The arrive half of {@code bar.sync}/{@code bar.red}, or {@code bar.arrive}. */
  BARRIER_ARRIVE(false, false),
  /** The wait half of {@code bar.sync}/{@code bar.red}. */
  BARRIER_WAIT(false, false),
  /** {@code barrier.cluster.arrive{.release,.relaxed}}. */
  CLUSTER_ARRIVE(false, false),
  /** {@code barrier.cluster.wait{.acquire}}. */
  CLUSTER_WAIT(false, false),
  /**
   * {@code cp.async.wait_group}/{@code wait_all}/{@code cp.async.bulk.wait_group}: where the
   * issuing thread observes the completion of its asynchronous units.
   */
  ASYNC_WAIT(false, false),
  /** A CUDA API call of a host thread (8.9.4 API synchronization). */
  API_CALL(false, false);

  private final boolean reads;
  private final boolean writes;

  EventKind(boolean reads, boolean writes) {
    this.reads = reads;
    this.writes = writes;
  }

  /** {@return true when events of this kind read memory} */
  public boolean reads() {
    return reads;
  }

  /** {@return true when events of this kind write memory} */
  public boolean writes() {
    return writes;
  }

  /** {@return true when events of this kind read or write memory} */
  public boolean isMemory() {
    return reads || writes;
  }
}
