package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.PartialModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rf decisions to make over one event graph: per read, its runs of bytes whose candidate
 * writes are the same (a segment; 8.9.7: rf is per byte), in the order the searches choose
 * them, and which segments may tear (take bytes from several writes). The candidate writes are
 * those the model's pruning rules allow ({@link PartialModel#readFromRule}, {@link
 * PartialModel#cannotTear}). Immutable.
 */
final class ReadSources {
  /** Bytes of a read (offsets in its location), and the writes that can supply them. */
  record Segment(int read, int[] bytes, int[] sources) {}

  private final EventGraph graph;
  /** The segments, in the order the searches choose them; a read's segments are adjacent. */
  final List<Segment> segments = new ArrayList<>();
  /** Indices of the segments whose read may mix bytes of several writes. */
  final List<Integer> tearable = new ArrayList<>();
  private final BitSet tearableRead = new BitSet();
  /** The axioms whose rf rule ({@link PartialModel#readFromRule}) removed some rf choice. */
  final Set<Axiom> pruned = EnumSet.noneOf(Axiom.class);
  /** The branch constraints (thread, constraint) that {@link EventGraph#valueAllows} leaves. */
  final List<Map.Entry<Integer, ThreadPath.Constraint>> unsettled;

  ReadSources(EventGraph graph, PartialModel model) {
    this.graph = graph;
    List<List<Event>> candidatesOf = new ArrayList<>(java.util.Collections.nCopies(graph.n, null));
    for (int r : graph.reads) {
      Event read = graph.events.get(r);
      List<Event> candidates = new ArrayList<>();
      for (Event write : graph.events) {
        if (!write.writes() || write.id() == r || !write.overlaps(read)) {
          continue;
        }
        // The model's rf rule (PtxPruning.mayReadFrom for the built-in model).
        Optional<Axiom> rule = model.readFromRule(r, write.id());
        if (rule.isPresent()) {
          pruned.add(rule.get());
          continue;
        }
        candidates.add(write);
      }
      candidatesOf.set(r, candidates);
    }
    for (int r : readOrder(candidatesOf)) {
      Event read = graph.events.get(r);
      List<Event> candidates = candidatesOf.get(r);
      if (coverAll(candidates, read)) {
        // The usual case: every candidate covers the whole read, one run of bytes.
        int[] ids = new int[candidates.size()];
        for (int k = 0; k < ids.length; k++) {
          ids[k] = candidates.get(k).id();
        }
        add(model, read, read.offset(), read.offset() + read.size(), ids);
        continue;
      }
      int from = read.offset();
      int[] prev = null;
      for (int b = read.offset(); b <= read.offset() + read.size(); b++) {
        int[] covering = b == read.offset() + read.size() ? null : covering(candidates, b);
        if (prev != null && (covering == null || !Arrays.equals(prev, covering))) {
          add(model, read, from, b, prev);
          from = b;
        }
        prev = covering;
      }
    }
    this.unsettled = unsettledConstraints();
  }

  /**
   * The order in which the searches choose sources: reads with fewer sources their branches
   * accept first (fail first; a read with one such source is decided before anything
   * branches), then the reads of all threads interleaved by their position in program order
   * (each thread's first read, then each one's second, ...), so that a cycle through several
   * threads' reads is found as soon as its reads are chosen. Issue 18: 13 % fewer rf-prefix
   * nodes over the public corpus.
   */
  private int[] readOrder(List<List<Event>> candidatesOf) {
    int[] position = new int[graph.n];
    int[] domain = new int[graph.n];
    int[] seen = new int[graph.paths.size()];
    for (int r : graph.reads) {
      int t = graph.events.get(r).thread();
      position[r] = t < 0 ? -1 : seen[t]++;
      for (Event w : candidatesOf.get(r)) {
        domain[r] += graph.valueAllows(r, w.id()) ? 1 : 0;
      }
    }
    // Sorted by (domain, position, id), packed into one long per read (each part < 2^21 in
    // any test the memory bound admits): a primitive sort, no boxing per choice of paths.
    long[] keys = new long[graph.reads.length];
    for (int k = 0; k < keys.length; k++) {
      int r = graph.reads[k];
      keys[k] = ((long) domain[r] << 42) | ((long) (position[r] + 1) << 21) | r;
    }
    Arrays.sort(keys);
    int[] order = new int[keys.length];
    for (int k = 0; k < keys.length; k++) {
      order[k] = (int) (keys[k] & ((1 << 21) - 1));
    }
    return order;
  }

  private static boolean coverAll(List<Event> candidates, Event read) {
    for (Event w : candidates) {
      if (w.offset() > read.offset() || w.offset() + w.size() < read.offset() + read.size()) {
        return false;
      }
    }
    return true;
  }

  /** The ids of the writes among {@code candidates} that cover byte {@code at}. */
  private static int[] covering(List<Event> candidates, int at) {
    return candidates.stream().filter(w -> w.offset() <= at && at < w.offset() + w.size())
        .mapToInt(Event::id).toArray();
  }

  /**
   * The rf decision for bytes [from, to) of {@code read}, which the same writes cover: one
   * source for the whole run; reads that may take different bytes from different writes get
   * their mixed variants from {@link TornReads}.
   */
  private void add(PartialModel model, Event read, int from, int to, int[] sources) {
    int[] bytes = new int[to - from];
    for (int b = from; b < to; b++) {
      bytes[b - from] = b;
    }
    segments.add(new Segment(read.id(), bytes, sources));
    // Pruning rule (single-copy atomicity, 8.10.3): see PtxPruning.cannotTear.
    if (sources.length > 1 && !model.cannotTear(read.id(), sources)
        && !EventGraph.mbarrierObject(read) && mayMix(from, to, sources)) {
      tearable.add(segments.size() - 1);
      tearableRead.set(read.id());
    }
  }

  /** {@return whether segment {@code i} is the last of its read (its read is then chosen)} */
  boolean lastOfRead(int i) {
    return i + 1 == segments.size() || segments.get(i + 1).read() != segments.get(i).read();
  }

  /** {@return whether read {@code r} has a segment that may tear} */
  boolean mayTear(int r) {
    return tearableRead.get(r);
  }

  /**
   * Whether bytes [from, to) taken from several of {@code sources} can give a value no single
   * source gives: not when every source writes a static value and they differ in fewer than two
   * of these bytes, nor when their value bounds leave at most one of these bytes non-zero
   * ({@link TornReads} then finds no mix, whatever the other choices).
   */
  private boolean mayMix(int from, int to, int[] sources) {
    int differing = staticDifferingBytes(from, to, sources);
    if (differing >= 0) {
      return differing >= 2;
    }
    if (!boundsAsked) {
      valueBounds = TornReads.valueBounds(graph);
      boundsAsked = true;
    }
    return TornReads.mayDifferInTwoBytes(graph, valueBounds, from, to, sources);
  }

  /** {@link TornReads#valueBounds}, computed once a source's value depends on the execution. */
  private long[] valueBounds;
  private boolean boundsAsked;

  /**
   * In how many of bytes [from, to) the values of {@code sources} differ, when each source
   * writes a static value; -1 when some source's value depends on the execution.
   */
  private int staticDifferingBytes(int from, int to, int[] sources) {
    int differing = 0;
    for (int b = from; b < to; b++) {
      Long first = null;
      for (int w : sources) {
        Optional<Long> v = graph.staticValue(w);
        if (v.isEmpty()) {
          return -1;
        }
        int shift = 8 * (b - graph.events.get(w).offset());
        long byteValue = shift >= 64 ? 0 : (v.get() >>> shift) & 0xFF;
        if (first == null) {
          first = byteValue;
        } else if (first != byteValue) {
          differing++;
          break;
        }
      }
    }
    return differing;
  }

  /**
   * An estimate (log2) of the byte assignments of segment {@code i}: one source for the whole
   * segment, or, for a tearable one whose sources write static values, one source per byte where
   * they differ (8.9.7). Used by the cost estimate that picks states or decide mode.
   */
  double choicesLog2(int i) {
    Segment seg = segments.get(i);
    double one = Math.log(seg.sources().length) / Math.log(2);
    if (!tearable.contains(i)) {
      return one;
    }
    int from = seg.bytes()[0];
    int differing = staticDifferingBytes(from, from + seg.bytes().length, seg.sources());
    return differing > 1 ? one * differing : one;
  }

  /** {@return true when every read has some source its own branch decisions accept} */
  boolean everyReadHasASource() {
    for (Segment seg : segments) {
      boolean some = false;
      for (int w : seg.sources()) {
        if (graph.valueAllows(seg.read(), w)) {
          some = true;
          break;
        }
      }
      if (!some) {
        return false;
      }
    }
    return true;
  }

  /**
   * The constraints an rf prefix must evaluate: all but those on the value of one read whose
   * every source has a static value, same offset and size, and which is never torn — for those,
   * {@link EventGraph#valueAllows} has already kept only the sources that satisfy them (torn
   * variants are checked with every constraint once the choice is complete).
   */
  private List<Map.Entry<Integer, ThreadPath.Constraint>> unsettledConstraints() {
    Map<Integer, List<Segment>> byRead = new HashMap<>();
    for (Segment seg : segments) {
      byRead.computeIfAbsent(seg.read(), k -> new ArrayList<>()).add(seg);
    }
    List<Map.Entry<Integer, ThreadPath.Constraint>> out = new ArrayList<>();
    for (int t = 0; t < graph.paths.size(); t++) {
      for (ThreadPath.Constraint c : graph.paths.get(t).constraints()) {
        BitSet on = c.left().reads();
        on.or(c.right().reads());
        boolean settled = false;
        if (on.cardinality() == 1) {
          int r = graph.event(t, on.nextSetBit(0));
          List<Segment> segs = byRead.getOrDefault(r, List.of());
          Event read = graph.events.get(r);
          settled = segs.size() == 1 && !mayTear(r) && read.kind() != EventKind.BARRIER_WAIT
              && sameSizeStatic(read, segs.get(0).sources());
        }
        if (!settled) {
          out.add(Map.entry(t, c));
        }
      }
    }
    return List.copyOf(out);
  }

  /** Whether every write of {@code sources} has {@code read}'s offset and size, and a static value. */
  private boolean sameSizeStatic(Event read, int[] sources) {
    for (int w : sources) {
      Event write = graph.events.get(w);
      if (write.offset() != read.offset() || write.size() != read.size()
          || graph.staticValue(w).isEmpty()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Prunes an rf prefix (model.md "Search"): false when some branch constraint of the paths can
   * already be evaluated — every read it depends on is chosen — and fails, so no completion of
   * the prefix takes these paths. Spin loops need this: each further iteration doubles the rf
   * choices, and all but one value of each load leave the loop.
   */
  boolean constraintsMayHold(RfChoice choice) {
    if (unsettled.isEmpty()) {
      return true;
    }
    Values values = Values.partial(graph, choice);
    for (Map.Entry<Integer, ThreadPath.Constraint> tc : unsettled) {
      if (!values.holds(tc.getKey(), tc.getValue()).orElse(true)) {
        return false;
      }
    }
    return true;
  }
}
