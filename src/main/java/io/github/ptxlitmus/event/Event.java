package io.github.ptxlitmus.event;

import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.ThreadPosition;
import java.util.Optional;

/**
 * One event of a candidate execution.
 *
 * @param id index in the execution, 0..n-1 (initial writes first)
 * @param thread thread id, or -1 for an initial write
 * @param position where the thread runs (initial writes: GPU 0, CTA -1)
 * @param kind what the event does
 * @param sem semantics (initial writes: WEAK; fences: their sem; barriers: RELAXED)
 * @param scope effective scope (weak accesses: their thread's CTA, unused)
 * @param proxy proxy; fences and barriers count as generic (8.7)
 * @param location virtual location name for memory events, "" otherwise
 * @param physical physical location (alias target), "" for non-memory events
 * @param offset byte offset of the access within the location
 * @param size access size in bytes (0 for non-memory events)
 * @param instruction the source instruction; empty for initial writes
 */
public record Event(
    int id,
    int thread,
    ThreadPosition position,
    EventKind kind,
    Semantics sem,
    Scope scope,
    Proxy proxy,
    String location,
    String physical,
    int offset,
    int size,
    Optional<Instruction> instruction) {

  /** {@return true for the initial write of a location (8.2.6)} */
  public boolean isInit() {
    return kind == EventKind.INIT;
  }

  /** {@return true when the event reads memory: a read or an RMW} */
  public boolean reads() {
    return kind.reads();
  }

  /** {@return true when the event writes memory: an initial write, a write or an RMW} */
  public boolean writes() {
    return kind.writes();
  }

  /** {@return true when the event reads or writes memory (not a fence, barrier or API call)} */
  public boolean isMemory() {
    return kind.isMemory();
  }

  /**
   * Strong: every non-weak memory operation and every fence (8.4). Initial writes are not.
   *
   * @return whether the event is strong
   */
  public boolean isStrong() {
    return switch (kind) {
      case INIT -> false;
      case READ, WRITE, RMW -> sem.isStrong();
      default -> true;
    };
  }

  /** {@return true for a {@code red}: an RMW whose result is discarded (8.11.1)} */
  public boolean isReduction() {
    return kind == EventKind.RMW
        && instruction.map(i -> i instanceof Instruction.Rmw r && r.reduction()).orElse(false);
  }

  /** {@return true for a {@code fence.sc} (8.4 fence-SC order)} */
  public boolean isFenceSc() {
    return kind == EventKind.FENCE && sem == Semantics.SC;
  }

  /** {@return true for a {@code fence.proxy.alias} (8.9.5 proxy-preserved base causality, aliases)} */
  public boolean isAliasFence() {
    return kind == EventKind.PROXY_FENCE
        && instruction
            .map(
                i ->
                    i instanceof Instruction.ProxyFence f
                        && f.kind() == Instruction.ProxyFenceKind.ALIAS)
            .orElse(false);
  }

  /**
   * A proxy fence for this event's proxy in this event's CTA: {@code fence.proxy.<p>} orders
   * operations of proxy p of its own CTA with the generic proxy (8.9.5, ptx.als).
   *
   * @param op a memory event
   * @return true when this is a non-alias proxy fence of {@code op}'s proxy in {@code op}'s CTA
   */
  public boolean isProxyFenceFor(Event op) {
    return kind == EventKind.PROXY_FENCE
        && !isAliasFence()
        && op.isMemory()
        && proxy == op.proxy
        && position.sameCta(op.position);
  }

  /** {@return true for a release operation: a write or RMW with release or acq_rel semantics (8.4)} */
  public boolean isReleaseOp() {
    return writes() && !isInit() && (sem == Semantics.RELEASE || sem == Semantics.ACQ_REL);
  }

  /** {@return true for an acquire operation: a read or RMW with acquire or acq_rel semantics (8.4)} */
  public boolean isAcquireOp() {
    return reads() && (sem == Semantics.ACQUIRE || sem == Semantics.ACQ_REL);
  }

  /**
   * Whether this event's scope includes a thread (8.5).
   *
   * @param other where the other thread runs
   * @return true when {@code other} is in this event's CTA, cluster, GPU or system, as its scope says
   */
  public boolean scopeIncludes(ThreadPosition other) {
    return switch (scope) {
      case CTA -> position.sameCta(other);
      case CLUSTER -> position.sameCluster(other);
      case GPU -> position.sameGpu(other);
      case SYS -> true;
    };
  }

  /**
   * Whether both access exactly the same virtual bytes.
   *
   * @param other another event
   * @return true when location, byte offset and size in bytes are equal
   */
  public boolean sameVirtualRange(Event other) {
    return location.equals(other.location) && offset == other.offset && size == other.size;
  }

  /**
   * Whether both access exactly the same physical bytes, through any virtual address (an
   * alias of the location included).
   *
   * @param other another event
   * @return true when physical location, byte offset and size in bytes are equal
   */
  public boolean samePhysicalRange(Event other) {
    return physical.equals(other.physical) && offset == other.offset && size == other.size;
  }

  /**
   * Whether the physical bytes intersect (8.2.1 overlap).
   *
   * @param other another event
   * @return true when both are memory events on one physical location with intersecting byte
   *     ranges
   */
  public boolean overlaps(Event other) {
    return isMemory()
        && other.isMemory()
        && physical.equals(other.physical)
        && offset < other.offset + other.size
        && other.offset < offset + size;
  }

  /**
   * Short label for reports.
   *
   * @return {@code P<thread>:<instruction text>}, e.g. {@code P1:ld.acquire.gpu r0, y}, or
   *     {@code init <physical location>}
   */
  public String label() {
    if (isInit()) {
      return "init " + physical;
    }
    return "P" + thread + ":" + instruction.map(Instruction::text).orElse(kind.name());
  }
}
