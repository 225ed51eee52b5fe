package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The values of one rf choice (8.2: a read returns the bytes of its sources, little-endian),
 * computed on demand and remembered. A value that depends on itself (a cycle through rf and the
 * written values: thin air, 8.10.4) or, for a partial choice, on a read not chosen yet is
 * undetermined: asking for it marks this evaluation {@link #failed} instead of returning a value.
 * One object per question asked of a choice; not thread-safe.
 */
final class Values {
  private final EventGraph graph;
  private final RfChoice choice;
  private final boolean partial;
  private final long[] value;
  /** Per event: 0 not computed, 1 being computed, 2 in {@link #value}, 3 undetermined. */
  private final byte[] state;
  private boolean failed;
  /** Per event, the value it writes once computed ({@link #written}); allocated when asked. */
  private boolean[] writtenKnown;
  private long[] writtenValue;

  private Values(EventGraph graph, RfChoice choice, boolean partial) {
    this.graph = graph;
    this.choice = choice;
    this.partial = partial;
    this.value = new long[graph.n];
    this.state = new byte[graph.n];
  }

  /**
   * The values of a complete choice, every read computed.
   *
   * @return the values; empty when some value depends on itself
   */
  static Optional<Values> of(EventGraph graph, RfChoice choice) {
    Values v = new Values(graph, choice, false);
    for (int r : graph.reads) {
      v.read(r);
      if (v.failed) {
        return Optional.empty();
      }
    }
    return Optional.of(v);
  }

  /** An evaluation of a complete choice whose values are computed when asked for. */
  static Values lazily(EventGraph graph, RfChoice choice) {
    return new Values(graph, choice, false);
  }

  /** An evaluation of a partial choice: reads not chosen yet are undetermined. */
  static Values partial(EventGraph graph, RfChoice choice) {
    return new Values(graph, choice, true);
  }

  /** {@return whether some value asked for was undetermined} */
  boolean failed() {
    return failed;
  }

  /** The value read {@code r} returns (0 and {@link #failed} when undetermined). */
  long read(int r) {
    if (partial && !choice.isAssigned(r)) {
      failed = true;
      return 0;
    }
    if (graph.events.get(r).kind() == EventKind.BARRIER_WAIT) {
      return choice.reductionGuess[r]; // bar.red: checked against the phase later
    }
    if (state[r] == 2) {
      return value[r];
    }
    if (state[r] != 0) {
      failed = true; // being computed (a cycle) or undetermined
      return 0;
    }
    state[r] = 1;
    boolean before = failed;
    failed = false;
    Event read = graph.events.get(r);
    long v = 0;
    int[] src = choice.byteSources[r];
    for (int k = 0; k < src.length; k++) {
      v |= (writtenByte(src[k], read.offset() + k) & 0xFFL) << (8 * k);
    }
    if (failed) {
      state[r] = 3;
      return 0;
    }
    failed = before;
    value[r] = Op.normalize(v, read.size() * 8, graph.pathEvents.get(r).signed());
    state[r] = 2;
    return value[r];
  }

  /** Byte {@code at} (offset in the physical location) as written by write {@code w}. */
  long writtenByte(int w, int at) {
    int shift = 8 * (at - graph.events.get(w).offset());
    return shift >= 64 ? 0 : written(w) >>> shift;
  }

  /**
   * The value write {@code w} writes (RMWs: from the value they read); remembered, as reads
   * are: a read asks for it once per byte.
   */
  long written(int w) {
    if (writtenKnown == null) {
      writtenKnown = new boolean[graph.n];
      writtenValue = new long[graph.n];
    } else if (writtenKnown[w]) {
      return writtenValue[w];
    }
    boolean before = failed;
    failed = false;
    long v = computeWritten(w);
    if (!failed) {
      writtenKnown[w] = true;
      writtenValue[w] = v;
    }
    failed |= before;
    return v;
  }

  private long computeWritten(int w) {
    Event e = graph.events.get(w);
    if (e.isInit()) {
      return graph.locations.get(e.physical()).orElseThrow().initialValue();
    }
    long old = e.reads() ? read(w) : 0;
    int base = graph.threadBase(e.thread());
    return graph.pathEvents.get(w).writtenValue(old, idx -> read(base + idx));
  }

  /** {@return the value of {@code e} on thread {@code t}'s path; empty when undetermined} */
  OptionalLong eval(Expr e, int t) {
    boolean before = failed;
    failed = false;
    int base = graph.threadBase(t);
    long v = e.eval(idx -> read(base + idx));
    boolean undetermined = failed;
    failed = before || undetermined;
    return undetermined ? OptionalLong.empty() : OptionalLong.of(v);
  }

  /**
   * A branch decision of thread {@code t}'s path under these values.
   *
   * @return empty when it depends on an undetermined value
   */
  Optional<Boolean> holds(int t, ThreadPath.Constraint c) {
    boolean before = failed;
    failed = false;
    int base = graph.threadBase(t);
    boolean holds = c.satisfied(idx -> read(base + idx));
    boolean undetermined = failed;
    failed = before || undetermined;
    return undetermined ? Optional.empty() : Optional.of(holds);
  }

  /** {@return whether every branch decision of every path holds (values computed)} */
  boolean constraintsHold() {
    for (int t = 0; t < graph.paths.size(); t++) {
      for (ThreadPath.Constraint c : graph.paths.get(t).constraints()) {
        if (!holds(t, c).orElse(true)) {
          return false;
        }
      }
    }
    return true;
  }

  /** {@return each register's final value, as {@code P<i>:<reg>} keys, into {@code state}} */
  void registers(Map<String, Long> state) {
    for (int t = 0; t < graph.paths.size(); t++) {
      for (Map.Entry<String, Expr> r : graph.registerKeys().get(t)) {
        state.put(r.getKey(), eval(r.getValue(), t).orElse(0));
      }
    }
  }
}
