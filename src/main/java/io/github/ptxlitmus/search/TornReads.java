package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Torn reads (8.9.7, 8.10.3): a read that is not morally strong with all its candidate writes
 * may take each byte from a different write. A mix is explored only when its value differs
 * from every unmixed choice: a mix with the same value as an unmixed choice has the same final
 * state and only more rf/fr edges, so it is consistent only if that choice is. Which bytes can
 * differ is decided with the values of the choice at hand (values that themselves come from
 * torn reads are not re-split). Whether a segment can have a mix at all is first asked of upper
 * bounds on the values its sources may write ({@link #mayDifferInTwoBytes}): a mix needs two
 * differing bytes, so sources whose values all fit in one byte (counters, flags, tickets) give
 * none, and such a read is not offered torn variants whatever the model.
 */
final class TornReads {
  private TornReads() {}

  /**
   * Runs {@code body} for the current rf choice, then for each of its torn variants (the
   * mixed-byte assignments of its tearable segments: every combination of one mix or none per
   * segment), and restores the choice. The variants are made one at a time, each counted as a
   * step of {@code budget}: two weak 64-bit reads of three writes each have 3^16 of them.
   *
   * @param body the work on one variant; returns false to stop
   * @return false when {@code body} stopped the walk
   */
  static boolean forEachVariant(EventGraph graph, ReadSources sources, RfChoice choice,
      Budget budget, BooleanSupplier body) {
    List<List<int[]>> perSegment = new ArrayList<>();
    List<Integer> segmentIds = new ArrayList<>();
    if (!sources.tearable.isEmpty()) {
      Values values = Values.lazily(graph, choice);
      for (int i : sources.tearable) {
        List<int[]> mixes = mixes(sources.segments.get(i), values);
        if (!mixes.isEmpty()) {
          perSegment.add(mixes);
          segmentIds.add(i);
        }
      }
      if (values.failed()) { // values in a cycle: no variants
        perSegment.clear();
        segmentIds.clear();
      }
    }
    if (!body.getAsBoolean()) {
      return false;
    }
    if (perSegment.isEmpty()) {
      return true;
    }
    int[][] saved = choice.saveSources();
    int[] pick = new int[perSegment.size()]; // 0 = unmixed, k = k-th mix
    try {
      while (true) {
        budget.step();
        int t = 0;
        while (t < pick.length && ++pick[t] > perSegment.get(t).size()) {
          pick[t++] = 0;
        }
        if (t == pick.length) {
          return true;
        }
        choice.restoreSources(saved);
        for (int k = 0; k < pick.length; k++) {
          if (pick[k] > 0) {
            ReadSources.Segment seg = sources.segments.get(segmentIds.get(k));
            int[] mix = perSegment.get(k).get(pick[k] - 1);
            Event read = graph.events.get(seg.read());
            for (int j = 0; j < seg.bytes().length; j++) {
              choice.byteSources[seg.read()][seg.bytes()[j] - read.offset()] = mix[j];
            }
          }
        }
        if (!body.getAsBoolean()) {
          return false;
        }
      }
    } finally {
      choice.restoreSources(saved);
    }
  }

  /**
   * Byte assignments of a segment that give a value no single candidate write gives: bytes
   * where the candidates' values agree follow the first differing byte.
   */
  private static List<int[]> mixes(ReadSources.Segment seg, Values values) {
    int[] src = seg.sources();
    int[] bytes = seg.bytes();
    long[][] byteValue = new long[src.length][bytes.length];
    for (int k = 0; k < src.length; k++) {
      for (int j = 0; j < bytes.length; j++) {
        byteValue[k][j] = values.writtenByte(src[k], bytes[j]) & 0xFF;
      }
    }
    List<Integer> differing = new ArrayList<>();
    for (int j = 0; j < bytes.length; j++) {
      for (int k = 1; k < src.length; k++) {
        if (byteValue[k][j] != byteValue[0][j]) {
          differing.add(j);
          break;
        }
      }
    }
    List<int[]> out = new ArrayList<>();
    if (differing.size() < 2) {
      return out;
    }
    Set<List<Long>> seen = new HashSet<>();
    for (int k = 0; k < src.length; k++) {
      List<Long> v = new ArrayList<>();
      for (int j : differing) {
        v.add(byteValue[k][j]);
      }
      seen.add(v);
    }
    int[] choice = new int[differing.size()];
    while (true) {
      List<Long> v = new ArrayList<>();
      for (int d = 0; d < choice.length; d++) {
        v.add(byteValue[choice[d]][differing.get(d)]);
      }
      if (seen.add(v)) {
        int[] mix = new int[bytes.length];
        java.util.Arrays.fill(mix, src[choice[0]]);
        for (int d = 0; d < choice.length; d++) {
          mix[differing.get(d)] = src[choice[d]];
        }
        out.add(mix);
      }
      int t = 0;
      while (t < choice.length && ++choice[t] == src.length) {
        choice[t++] = 0;
      }
      if (t == choice.length) {
        return out;
      }
    }
  }

  /** {@link #valueBounds}: no bound proven (every bit may be set). */
  static final long UNBOUNDED = -1L;
  /** The most rounds {@link #valueBounds} iterates before giving up (no bounds). */
  private static final int MAX_ROUNDS = 64;

  /**
   * Upper bounds, as unsigned numbers, on the value each write may write in any execution of
   * the graph whose values can be computed (8.2: a read returns its sources' bytes): initial
   * and constant values exactly, each operation by its unsigned bound (a sum by the sum, {@code
   * and} by the smaller, {@code or}/{@code xor} by the bits of both, a CAS by the larger of the
   * old value and the new one, ...; anything else, a signed value that may be negative, or a
   * read whose sources differ in offset or size from it: {@link #UNBOUNDED}). A read is bounded
   * by the bounds of the writes overlapping it, a mix of their bytes included. Iterated from
   * "no value yet": round k bounds every value computed along a chain of k writes (each value
   * read from the next), and no computable value's chain takes a write twice (a value that
   * depends on itself has none, {@link Values}), so as many rounds as there are writes bound
   * every value, even where a cycle of RMWs (two counters reading each other) would keep the
   * iteration growing; a graph needing more than {@value #MAX_ROUNDS} rounds gets no bounds.
   *
   * @return per event id, the bound of the value it writes (0 for events that write nothing or
   *     never get a value); null when no bounds were proven
   */
  static long[] valueBounds(EventGraph graph) {
    int n = graph.n;
    int[][] sourcesOf = new int[n][];
    for (int r : graph.reads) {
      Event read = graph.events.get(r);
      List<Integer> ws = new ArrayList<>();
      for (Event w : graph.events) {
        if (w.writes() && w.id() != r && w.overlaps(read)) {
          ws.add(w.id());
        }
      }
      sourcesOf[r] = ws.stream().mapToInt(Integer::intValue).toArray();
    }
    int writes = 0;
    for (Event e : graph.events) {
      writes += e.writes() ? 1 : 0;
    }
    long[] bound = new long[n];
    boolean[] has = new boolean[n];
    for (int round = 0; round < writes; round++) {
      if (round == MAX_ROUNDS) {
        return null;
      }
      long[] readBound = new long[n];
      boolean[] readHas = new boolean[n];
      for (int r : graph.reads) {
        readHas[r] = readBound(graph, r, sourcesOf[r], bound, has, readBound);
      }
      boolean changed = false;
      for (Event e : graph.events) {
        int w = e.id();
        if (!e.writes()) {
          continue;
        }
        long b;
        if (e.isInit()) {
          b = graph.locations.get(e.physical()).orElseThrow().initialValue();
        } else {
          long[] rb = readBound;
          boolean[] rh = readHas;
          int base = graph.threadBase(e.thread());
          boolean[] missing = new boolean[1];
          java.util.function.IntToLongFunction reads = idx -> {
            missing[0] |= !rh[base + idx];
            return rb[base + idx];
          };
          b = written(graph.pathEvents.get(w), e.reads() ? rb[w] : 0, reads);
          if (missing[0] || e.reads() && !rh[w]) {
            continue; // no value yet: it reads a write that has none
          }
        }
        if (!has[w] || bound[w] != b) {
          changed |= !has[w] || Long.compareUnsigned(b, bound[w]) > 0;
          has[w] = true;
          bound[w] = b;
        }
      }
      if (!changed) {
        break;
      }
    }
    return bound;
  }

  /** The bound of read {@code r}'s value into {@code out[r]}; false when it has no value yet. */
  private static boolean readBound(EventGraph graph, int r, int[] sources, long[] bound,
      boolean[] has, long[] out) {
    Event read = graph.events.get(r);
    if (read.kind() == EventKind.BARRIER_WAIT || EventGraph.mbarrierObject(read)) {
      out[r] = UNBOUNDED;
      return true;
    }
    long max = 0;
    int bytes = 0;
    boolean any = false;
    for (int w : sources) {
      Event write = graph.events.get(w);
      if (write.offset() != read.offset() || write.size() != read.size()) {
        out[r] = UNBOUNDED;
        return true;
      }
      if (has[w]) {
        any = true;
        max = Long.compareUnsigned(bound[w], max) > 0 ? bound[w] : max;
        bytes = Math.max(bytes, bytesUsed(bound[w]));
      }
    }
    // A mix of sources that all fit in one byte is one of them; else any bytes they may set.
    long b = bytes <= 1 ? max : bytes >= 8 ? UNBOUNDED : (1L << (8 * bytes)) - 1;
    out[r] = fit(b, read.size() * 8, graph.pathEvents.get(r).signed());
    return any;
  }

  /** The bound of what {@code pe} writes (as {@link PathEvent#writtenValue} computes it). */
  private static long written(PathEvent pe, long old, java.util.function.IntToLongFunction reads) {
    long operand = bound(pe.value(), reads);
    if (pe.kind() != EventKind.RMW) {
      return fit(operand, pe.bits(), pe.signed());
    }
    if (pe.compare().isPresent()) {
      bound(pe.compare().get(), reads); // marks a read without a value
      return max(old, fit(operand, pe.bits(), pe.signed()));
    }
    return fit(apply(pe.rmwOp().orElseThrow(), old, operand, pe.signed()), pe.bits(),
        pe.signed());
  }

  private static long bound(Expr e, java.util.function.IntToLongFunction reads) {
    if (e instanceof Expr.Const c) {
      return c.value();
    } else if (e instanceof Expr.ReadValue r) {
      return reads.applyAsLong(r.readIndex());
    }
    Expr.Binary b = (Expr.Binary) e;
    long x = bound(b.left(), reads);
    long y = bound(b.right(), reads);
    return fit(apply(b.op(), x, y, b.signed()), b.bits(), b.signed());
  }

  /** The unsigned bound of {@code op} on operands bounded by {@code x} and {@code y}. */
  private static long apply(Op op, long x, long y, boolean signed) {
    if (signed && (x < 0 || y < 0)) {
      return UNBOUNDED; // a signed operand that may be negative
    }
    return switch (op) {
      case ADD -> Long.compareUnsigned(x + y, x) < 0 ? UNBOUNDED : x + y;
      case AND, MIN -> Long.compareUnsigned(x, y) <= 0 ? x : y;
      case OR, XOR -> bitsOf(x | y);
      case SECOND -> y;
      case MAX, DEC -> max(x, y);
      case INC -> y;
      default -> UNBOUNDED;
    };
  }

  /** Masked to {@code bits}; a signed value that may have its sign bit set is unbounded. */
  private static long fit(long b, int bits, boolean signed) {
    if (bits >= 64) {
      return b;
    }
    if (signed) {
      return Long.compareUnsigned(b, 1L << (bits - 1)) < 0 ? b : UNBOUNDED;
    }
    long mask = (1L << bits) - 1;
    return Long.compareUnsigned(b, mask) <= 0 ? b : mask;
  }

  private static long max(long x, long y) {
    return Long.compareUnsigned(x, y) >= 0 ? x : y;
  }

  /** Every bit up to the highest set bit of {@code x}. */
  private static long bitsOf(long x) {
    return x == 0 ? 0 : -1L >>> Long.numberOfLeadingZeros(x);
  }

  /** The low bytes a value bounded by {@code b} may set. */
  private static int bytesUsed(long b) {
    return (64 - Long.numberOfLeadingZeros(b) + 7) / 8;
  }

  /**
   * Whether bytes [from, to) taken from {@code sources} may differ in two or more bytes in some
   * execution (else no torn variant exists: see {@link #mixes}): false when at most one of these
   * bytes may be non-zero in any source, by {@link #valueBounds}.
   *
   * @param bounds {@link #valueBounds} of the graph, or null (then true)
   */
  static boolean mayDifferInTwoBytes(EventGraph graph, long[] bounds, int from, int to,
      int[] sources) {
    if (bounds == null) {
      return true;
    }
    int nonZero = 0;
    for (int b = from; b < to; b++) {
      for (int w : sources) {
        if (b - graph.events.get(w).offset() < bytesUsed(bounds[w])) {
          nonZero++;
          break;
        }
      }
    }
    return nonZero >= 2;
  }
}
