package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.AsyncInstruction;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.ThreadPosition;
import io.github.ptxlitmus.litmus.ThreadSpec;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.CandidateExecution;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.model.PtxModel;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The events of one choice of thread paths and what follows from the rf choice alone: the
 * model over them, the rf decisions to make (segments of reads), values along rf, torn-read
 * variants, barrier groupings, coherence groups and final states. Both searches (the exhaustive
 * {@link Enumerator} and the pruned {@link DecisionSearch}) build on it. Mutable: the current rf
 * choice lives in {@link #byteSources}; one instance serves one search thread.
 */
class ExecutionSpace {
  final LitmusTest test;
  final Locations locations;
  final List<ThreadPath> paths;
  final List<Event> events = new ArrayList<>();
  final List<PathEvent> pathEvents = new ArrayList<>();
  final int[] threadBase;
  final PtxModel model;
  final int n;
  final int[] reads;
  /** Byte runs of each read whose candidate writes are the same (8.9.7: rf per byte). */
  final List<Segment> segments = new ArrayList<>();
  /** Segments whose read may mix bytes of several writes (not morally strong with all). */
  final List<Integer> tearable = new ArrayList<>();
  /**
   * The axioms whose rf pruning rule ({@code PtxModel.mayReadFrom}) removed some rf choice here.
   * Torn variants of morally strong reads ({@code PtxModel.cannotTear}) are not recorded: with
   * uniform sizes they are not candidates at all (single-copy atomicity, 8.10.3; docs/cli.md).
   */
  final Set<Axiom> pruned = java.util.EnumSet.noneOf(Axiom.class);
  /** For each event: per byte of the access, the write it reads from (null: not a read). */
  final int[][] byteSources;
  long[] value;
  byte[] valueState;
  /** The {@code bar.red} wait events, and the value guessed for each (by event id). */
  final int[] reductionWaits;
  final long[] reductionGuess;

  /** Bytes [from, to) of a read, and the writes that can supply them. */
  record Segment(int read, int[] bytes, int[] sources) {}

  /**
   * The event a path event becomes in a candidate: thread {@code thread} at {@code position},
   * with the physical location its virtual one names.
   */
  static Event event(
      int id, int thread, ThreadPosition position, PathEvent pe, Locations locations) {
    String physical =
        pe.kind().isMemory() ? locations.get(pe.location()).orElseThrow().physical() : "";
    return new Event(id, thread, position, pe.kind(), pe.sem(), pe.scope(), pe.proxy(),
        pe.location(), physical, pe.offset(),
        pe.kind().isMemory() ? Math.max(1, pe.bits() / 8) : 0,
        Optional.of(pe.instruction()));
  }

  /** Data and control dependencies (8.10.4), for the candidate executions. */
  final Relation data;
  final Relation ctrl;

  ExecutionSpace(LitmusTest test, Locations locations, List<ThreadPath> paths, ModelSpec spec) {
    this.test = test;
    this.locations = locations;
    this.paths = paths;
    for (Locations.Info loc : locations.physical()) {
      events.add(
          new Event(events.size(), -1, new ThreadPosition(0, java.util.OptionalInt.empty(), -1),
              EventKind.INIT, Semantics.WEAK, Scope.SYS, Proxy.GENERIC, loc.name(),
              loc.physical(), 0, Math.max(1, loc.bits() / 8), Optional.empty()));
      pathEvents.add(null);
    }
    threadBase = new int[paths.size()];
    for (int t = 0; t < paths.size(); t++) {
      threadBase[t] = events.size();
      ThreadPosition threadPos = test.threads().get(t).position();
      PathAsync async = paths.get(t).async();
      List<PathEvent> pes = paths.get(t).events();
      for (int i = 0; i < pes.size(); i++) {
        PathEvent pe = pes.get(i);
        // DESIGN §6.2 decision: a completion is performed in the CTA owning the mbarrier.
        ThreadPosition pos =
            async.completions().get(i)
                ? AsyncOrder.owner(test, locations, pe.location(), threadPos)
                : threadPos;
        events.add(event(events.size(), t, pos, pe, locations));
        pathEvents.add(pe);
      }
    }
    n = events.size();
    Relation.Builder po = Relation.builder(n);
    Relation.Builder issue = Relation.builder(n);
    Relation.Builder dataB = Relation.builder(n);
    Relation.Builder ctrlB = Relation.builder(n);
    for (int t = 0; t < paths.size(); t++) {
      int base = threadBase[t];
      List<PathEvent> pes = paths.get(t).events();
      PathAsync async = paths.get(t).async();
      for (int i = 0; i < pes.size(); i++) {
        for (int j = i + 1; j < pes.size(); j++) {
          // 8.9.1 program order; elements of one vector access stay unordered (8.2.4).
          // Asynchronous units are ordered by issue order instead (8.9.1.1, DESIGN §6.2).
          if (pes.get(i).group() < pes.get(j).group()) {
            if (!async.isAsync(i) && !async.isAsync(j)) {
              po.add(base + i, base + j);
            } else if (AsyncOrder.issueOrdered(async, i, j)) {
              issue.add(base + i, base + j);
            }
          }
        }
        PathEvent pe = pes.get(i);
        for (int d = pe.data().nextSetBit(0); d >= 0; d = pe.data().nextSetBit(d + 1)) {
          dataB.add(base + d, base + i);
        }
        for (int d = pe.ctrl().nextSetBit(0); d >= 0; d = pe.ctrl().nextSetBit(d + 1)) {
          ctrlB.add(base + d, base + i);
        }
      }
    }
    data = dataB.build();
    ctrl = ctrlB.build();
    AsyncOrder.addOrder(paths, threadBase, issue);
    model =
        new PtxModel(events, po.build(), data.union(ctrl), spec,
            AsyncOrder.structure(test, events, paths, threadBase, issue.build()));
    int[] readIds = new int[n];
    int readCount = 0;
    List<Integer> writeIds = new ArrayList<>();
    List<Integer> waits = new ArrayList<>();
    for (Event e : events) {
      if (e.reads()) {
        readIds[readCount++] = e.id();
      }
      if (e.writes()) {
        writeIds.add(e.id());
      }
      if (e.kind() == EventKind.BARRIER_WAIT && reduction(e.id()).isPresent()) {
        waits.add(e.id());
      }
    }
    reads = java.util.Arrays.copyOf(readIds, readCount);
    reductionWaits = waits.stream().mapToInt(Integer::intValue).toArray();
    reductionGuess = new long[n];
    assigned = new boolean[n];
    byteSources = new int[n][];
    List<List<Event>> candidatesOf = new ArrayList<>(java.util.Collections.nCopies(n, null));
    for (int r : reads) {
      Event re = events.get(r);
      List<Event> candidates = new ArrayList<>();
      for (int w : writeIds) {
        Event we = events.get(w);
        if (w == r || !we.overlaps(re)) {
          continue;
        }
        // Pruning rule, sound while its axiom is on: see PtxModel.mayReadFrom.
        if (!model.mayReadFrom(r, w)) {
          pruned.add(model.readFromRuleAxiom());
          continue;
        }
        candidates.add(we);
      }
      candidatesOf.set(r, candidates);
    }
    for (int r : readOrder(candidatesOf)) {
      Event re = events.get(r);
      byteSources[r] = new int[re.size()];
      List<Event> candidates = candidatesOf.get(r);
      if (coverAll(candidates, re)) {
        // The usual case: every candidate covers the whole read, one run of bytes.
        int[] ids = new int[candidates.size()];
        for (int k = 0; k < ids.length; k++) {
          ids[k] = candidates.get(k).id();
        }
        addSegments(re, re.offset(), re.offset() + re.size(), ids);
        continue;
      }
      int from = re.offset();
      int[] prev = null;
      for (int b = re.offset(); b <= re.offset() + re.size(); b++) {
        int[] covering = b == re.offset() + re.size() ? null : covering(candidates, b);
        if (prev != null && (covering == null || !java.util.Arrays.equals(prev, covering))) {
          addSegments(re, from, b, prev);
          from = b;
        }
        prev = covering;
      }
    }
  }

  /**
   * The order in which the searches choose sources: reads with fewer sources their branches
   * accept first (fail first; a read with one such source is decided before anything
   * branches), then the reads of all threads interleaved by their position in program order
   * (each thread's first read, then each one's second, ...), so that a cycle through several
   * threads' reads is found as soon as its reads are chosen, not after every choice of the
   * first thread's reads. Issue 18: 13 % fewer rf-prefix nodes over the public corpus.
   */
  private int[] readOrder(List<List<Event>> candidatesOf) {
    int[] position = new int[n];
    int[] domain = new int[n];
    int[] seen = new int[paths.size()];
    for (int r : reads) {
      int t = events.get(r).thread();
      position[r] = t < 0 ? -1 : seen[t]++;
      for (Event w : candidatesOf.get(r)) {
        domain[r] += valueAllows(r, w.id()) ? 1 : 0;
      }
    }
    return java.util.Arrays.stream(reads).boxed()
        .sorted(java.util.Comparator.<Integer>comparingInt(r -> domain[r])
            .thenComparingInt(r -> position[r])
            .thenComparingInt(r -> r))
        .mapToInt(Integer::intValue).toArray();
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
    int[] out = new int[candidates.size()];
    int k = 0;
    for (Event w : candidates) {
      if (w.offset() <= at && at < w.offset() + w.size()) {
        out[k++] = w.id();
      }
    }
    return java.util.Arrays.copyOf(out, k);
  }

  /**
   * The rf decision for bytes [from, to) of read {@code r}, which the same writes cover. One
   * source for the whole run here; reads that may take different bytes from different writes
   * (8.9.7) get their mixed variants in {@link #withTornVariants}.
   */
  void addSegments(Event read, int from, int to, int[] sources) {
    int r = read.id();
    segments.add(
        new Segment(r, java.util.stream.IntStream.range(from, to).toArray(), sources));
    // Pruning rule (single-copy atomicity, 8.10.3): see PtxModel.cannotTear.
    if (sources.length > 1 && !model.cannotTear(r, sources) && !mbarrierObject(read)
        && mayMix(from, to, sources)) {
      tearable.add(segments.size() - 1);
    }
  }

  /**
   * Whether bytes [from, to) taken from several of {@code sources} can give a value no single
   * source gives: not when every source writes a static value and they differ in fewer than two
   * of these bytes ({@link #mixes} then finds no mix, whatever the other choices).
   */
  private boolean mayMix(int from, int to, int[] sources) {
    int differing = staticDifferingBytes(from, to, sources);
    return differing < 0 || differing >= 2;
  }

  /**
   * In how many of bytes [from, to) the values of {@code sources} differ, when each source
   * writes a static value; -1 when some source's value depends on the execution.
   */
  private int staticDifferingBytes(int from, int to, int[] sources) {
    int differing = 0;
    for (int b = from; b < to; b++) {
      Long first = null;
      for (int w : sources) {
        Optional<Long> v = staticValue(w);
        if (v.isEmpty()) {
          return -1;
        }
        int shift = 8 * (b - events.get(w).offset());
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

  // ---- values ----------------------------------------------------------------------------

  /** The value a read returns: its bytes from their sources, little-endian (8.2). */
  long readValue(int readEvent) {
    if (partial && !assigned[readEvent]) {
      throw UNASSIGNED;
    }
    if (events.get(readEvent).kind() == EventKind.BARRIER_WAIT) {
      return reductionGuess[readEvent]; // bar.red: checked against the phase by reductionsHold
    }
    if (valueState[readEvent] == 2) {
      return value[readEvent];
    }
    if (valueState[readEvent] == 1) {
      throw new ValueCycle();
    }
    valueState[readEvent] = 1;
    Event read = events.get(readEvent);
    long v = 0;
    int[] src = byteSources[readEvent];
    for (int k = 0; k < src.length; k++) {
      v |= (writtenByte(src[k], read.offset() + k) & 0xFFL) << (8 * k);
    }
    PathEvent pe = pathEvents.get(readEvent);
    v = Op.normalize(v, read.size() * 8, pe.signed());
    value[readEvent] = v;
    valueState[readEvent] = 2;
    return v;
  }

  /** Byte {@code at} (offset in the physical location) as written by write {@code w}. */
  long writtenByte(int w, int at) {
    int shift = 8 * (at - events.get(w).offset());
    return shift >= 64 ? 0 : written(w) >>> shift;
  }

  long written(int w) {
    Event e = events.get(w);
    if (e.isInit()) {
      return locations.get(e.physical()).orElseThrow().initialValue();
    }
    PathEvent pe = pathEvents.get(w);
    int base = threadBase[e.thread()];
    long old = e.reads() ? readValue(w) : 0;
    return pe.writtenValue(old, idx -> readValue(base + idx));
  }

  static final class ValueCycle extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ValueCycle() {
      super(null, null, false, false);
    }
  }


  /**
   * Runs {@code body} for the current rf choice, then for each of its torn variants (the
   * mixed-byte assignments of its tearable segments, 8.9.7: every combination of one mix or
   * none per segment), and restores the choice. The variants are made one at a time, each
   * counted as a {@link #step()}: two weak 64-bit reads of three writes each have 3^16 of them.
   */
  void withTornVariants(Runnable body) {
    List<List<int[]>> perSegment = new ArrayList<>();
    List<Integer> segmentIds = new ArrayList<>();
    tornMixes(perSegment, segmentIds);
    body.run();
    if (perSegment.isEmpty()) {
      return;
    }
    int[][] saved = new int[n][];
    for (int r : reads) {
      saved[r] = byteSources[r].clone();
    }
    int[] pick = new int[perSegment.size()]; // 0 = unmixed, k = k-th mix
    try {
      while (true) {
        step();
        int t = 0;
        while (t < pick.length && ++pick[t] > perSegment.get(t).size()) {
          pick[t++] = 0;
        }
        if (t == pick.length) {
          return;
        }
        for (int r : reads) {
          System.arraycopy(saved[r], 0, byteSources[r], 0, saved[r].length);
        }
        for (int k = 0; k < pick.length; k++) {
          if (pick[k] > 0) {
            Segment seg = segments.get(segmentIds.get(k));
            int[] mix = perSegment.get(k).get(pick[k] - 1);
            Event read = events.get(seg.read());
            for (int j = 0; j < seg.bytes().length; j++) {
              byteSources[seg.read()][seg.bytes()[j] - read.offset()] = mix[j];
            }
          }
        }
        body.run();
      }
    } finally {
      for (int r : reads) {
        byteSources[r] = saved[r];
      }
    }
  }

  /**
   * The mixes of each tearable segment of the current rf choice that has some, with the
   * segments' indices (both lists filled in step); none when the values form a cycle.
   */
  private void tornMixes(List<List<int[]>> perSegment, List<Integer> segmentIds) {
    if (tearable.isEmpty()) {
      return;
    }
    value = new long[n];
    valueState = new byte[n];
    try {
      for (int i : tearable) {
        Segment seg = segments.get(i);
        List<int[]> mixes = mixes(seg);
        if (!mixes.isEmpty()) {
          perSegment.add(mixes);
          segmentIds.add(i);
        }
      }
    } catch (ValueCycle cycle) {
      perSegment.clear();
      segmentIds.clear();
    }
  }

  /**
   * Byte assignments of a segment that give a value no single candidate write gives: bytes
   * where the candidates' values agree follow the first differing byte.
   */
  List<int[]> mixes(Segment seg) {
    int[] src = seg.sources();
    int[] bytes = seg.bytes();
    long[][] byteValue = new long[src.length][bytes.length];
    for (int k = 0; k < src.length; k++) {
      for (int j = 0; j < bytes.length; j++) {
        byteValue[k][j] = writtenByte(src[k], bytes[j]) & 0xFF;
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
    Set<List<Long>> pure = new HashSet<>();
    for (int k = 0; k < src.length; k++) {
      List<Long> v = new ArrayList<>();
      for (int j : differing) {
        v.add(byteValue[k][j]);
      }
      pure.add(v);
    }
    Set<List<Long>> seen = new HashSet<>(pure);
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


  // ---- barriers (8.9.4 rule 2) -----------------------------------------------------------

  List<BarrierPhases.Option> barrierOptions() {
    Map<String, Map<Integer, List<BarrierPhases.Arrival>>> groups = new LinkedHashMap<>();
    for (Event e : events) {
      if (e.kind() != EventKind.BARRIER_ARRIVE) {
        continue;
      }
      PathEvent pe = pathEvents.get(e.id());
      int base = threadBase[e.thread()];
      long id = pe.barrierId().eval(idx -> readValue(base + idx));
      long expected =
          pe.barrierExpected()
              .map(x -> x.eval(idx -> readValue(base + idx)))
              .orElseGet(() -> ctaSize(e.position()));
      String key = e.position().gpu() + "/" + e.position().cta() + "/" + id;
      groups
          .computeIfAbsent(key, k -> new java.util.TreeMap<>())
          .computeIfAbsent(e.thread(), k -> new ArrayList<>())
          .add(
              new BarrierPhases.Arrival(
                  e.thread(), e.id(), pe.barrierWaits() ? e.id() + 1 : -1, expected));
    }
    return BarrierPhases.options(new ArrayList<>(groups.values()), n, this::step);
  }

  /**
   * 8.9.4 rule 3: barrier.cluster.arrive synchronizes with barrier.cluster.wait. Every thread
   * of the cluster takes part in each phase; phase k is the k-th arrive of each thread, and a
   * wait belongs to the phase of its thread's latest arrive. A release arrive (not {@code
   * .relaxed}) synchronizes with the waits of its phase. Empty when a wait's phase never
   * completes (deadlock).
   */
  Optional<Relation> clusterBarrierSync() {
    Relation.Builder sync = Relation.builder(n);
    Map<Integer, List<Integer>> arrives = new HashMap<>();
    Map<Integer, List<int[]>> waits = new HashMap<>(); // thread -> (wait event, phase)
    for (Event e : events) {
      if (e.kind() == EventKind.CLUSTER_ARRIVE) {
        arrives.computeIfAbsent(e.thread(), k -> new ArrayList<>()).add(e.id());
      } else if (e.kind() == EventKind.CLUSTER_WAIT) {
        int phase = arrives.getOrDefault(e.thread(), List.of()).size() - 1;
        waits.computeIfAbsent(e.thread(), k -> new ArrayList<>()).add(new int[] {e.id(), phase});
      }
    }
    if (arrives.isEmpty() && waits.isEmpty()) {
      return Optional.of(sync.build());
    }
    for (Map.Entry<Integer, List<int[]>> w : waits.entrySet()) {
      ThreadPosition pos = test.threads().get(w.getKey()).position();
      for (int[] wait : w.getValue()) {
        int phase = wait[1];
        if (phase < 0) {
          return Optional.empty(); // a wait with no arrive before it never returns
        }
        for (ThreadSpec t : test.threads()) {
          if (!t.position().sameCluster(pos)) {
            continue;
          }
          List<Integer> theirs = arrives.getOrDefault(t.id(), List.of());
          if (theirs.size() <= phase) {
            return Optional.empty(); // the phase never completes
          }
          int arrive = theirs.get(phase);
          if (events.get(arrive).sem() != Semantics.RELAXED) {
            sync.add(arrive, wait[0]);
          }
        }
      }
    }
    return Optional.of(sync.build());
  }

  long ctaSize(ThreadPosition pos) {
    return test.threads().stream().filter(t -> t.position().sameCta(pos)).count();
  }


  /**
   * Coherence groups: per physical location, the connected components of overlap among its
   * writes (initial writes excluded). A total order per group is all that co and the final
   * values depend on.
   */
  List<List<Integer>> coherenceGroups() {
    List<List<Integer>> groups = new ArrayList<>();
    Relation overlap = model.overlap();
    boolean[] done = new boolean[n];
    for (Event e : events) {
      if (!e.writes() || e.isInit() || done[e.id()]) {
        continue;
      }
      List<Integer> group = new ArrayList<>();
      java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>(List.of(e.id()));
      done[e.id()] = true;
      while (!todo.isEmpty()) {
        int w = todo.pop();
        group.add(w);
        for (Event o : events) {
          if (o.writes() && !o.isInit() && !done[o.id()] && overlap.contains(w, o.id())) {
            done[o.id()] = true;
            todo.push(o.id());
          }
        }
      }
      java.util.Collections.sort(group);
      groups.add(group);
    }
    return groups;
  }


  String describe(int[] pair) {
    return events.get(pair[0]).label() + " ~ " + events.get(pair[1]).label();
  }

  /**
   * Final memory: each byte holds the value of the last write covering it in the chosen
   * coherence order (a co-maximal write), or its initial value. Locations of up to 8 bytes
   * are one value under their name; larger ones are split into 8-byte words {@code x},
   * {@code x+8}, ...
   */
  Map<String, Long> finalMemory(int[] rank) {
    Map<String, Long> byPhysical = new HashMap<>();
    for (Locations.Info loc : locations.physical()) {
      int size = Math.max(1, loc.bits() / 8);
      long[] words = new long[(size + 7) / 8];
      int init = -1;
      for (Event e : events) {
        if (e.isInit() && e.physical().equals(loc.name())) {
          init = e.id();
        }
      }
      for (int b = 0; b < size; b++) {
        int last = init;
        for (Event e : events) {
          if (e.writes()
              && !e.isInit()
              && e.physical().equals(loc.name())
              && e.offset() <= b
              && b < e.offset() + e.size()
              && (last == init || rank[e.id()] > rank[last])) {
            last = e.id();
          }
        }
        words[b / 8] |= (writtenByte(last, b) & 0xFFL) << (8 * (b % 8));
      }
      for (int w = 0; w < words.length; w++) {
        byPhysical.put(w == 0 ? loc.name() : loc.name() + "+" + (8 * w), words[w]);
      }
    }
    return byPhysical;
  }

  /** Per thread, its registers' state keys {@code P<i>:<reg>}, made once (states share them). */
  private List<List<Map.Entry<String, Expr>>> registerKeys;

  Map<String, Long> finalState(Map<String, Long> memory) {
    if (registerKeys == null) {
      registerKeys = new ArrayList<>();
      for (int t = 0; t < paths.size(); t++) {
        List<Map.Entry<String, Expr>> keys = new ArrayList<>();
        for (Map.Entry<String, Expr> r : paths.get(t).registers().entrySet()) {
          keys.add(Map.entry("P" + t + ":" + r.getKey(), r.getValue()));
        }
        registerKeys.add(keys);
      }
    }
    Map<String, Long> state = new HashMap<>();
    for (int t = 0; t < paths.size(); t++) {
      int base = threadBase[t];
      for (Map.Entry<String, Expr> r : registerKeys.get(t)) {
        state.put(r.getKey(), r.getValue().eval(idx -> readValue(base + idx)));
      }
    }
    for (Locations.Info loc : locations.all()) {
      for (Map.Entry<String, Long> m : memory.entrySet()) {
        String key = m.getKey();
        if (key.equals(loc.physical()) || key.startsWith(loc.physical() + "+")) {
          state.put(loc.name() + key.substring(loc.physical().length()), m.getValue());
        }
      }
    }
    return Map.copyOf(state);
  }

  /**
   * Called at every step of work that is not a candidate (building barrier groupings,
   * coherence orders, Fence-SC orientations), so that the searches' limits also bound it. The
   * searches override it; here it does nothing.
   */
  void step() {}

  private Optional<io.github.ptxlitmus.litmus.Instruction.Reduction> reduction(int event) {
    return events.get(event).instruction()
        .filter(i -> i instanceof io.github.ptxlitmus.litmus.Instruction.Barrier)
        .flatMap(i -> ((io.github.ptxlitmus.litmus.Instruction.Barrier) i).reduction());
  }

  /**
   * Runs {@code body} once per guess of the {@code bar.red} results (a result feeds registers
   * before the barrier grouping that decides it is chosen; {@link #reductionsHold} keeps the
   * groupings that agree with the guess).
   */
  void withReductionGuesses(Runnable body) {
    guess(0, body);
  }

  private void guess(int k, Runnable body) {
    if (k == reductionWaits.length) {
      body.run();
      return;
    }
    int w = reductionWaits[k];
    long max =
        reduction(w).orElseThrow().op() == io.github.ptxlitmus.litmus.Instruction.ReductionOp.POPC
            ? test.threads().size()
            : 1;
    for (long v = 0; v <= max; v++) {
      reductionGuess[w] = v;
      guess(k + 1, body);
    }
  }

  /**
   * True when every {@code bar.red} result guessed equals the reduction over the predicates
   * of its phase in this grouping (8.9.4 rule 2 phases; PTX ISA bar.red). Values must have
   * been computed.
   */
  boolean reductionsHold(BarrierPhases.Option bar) {
    for (int w : reductionWaits) {
      List<Integer> phase = bar.phaseOfWait().get(w);
      if (phase == null) {
        continue; // incomplete phase: the thread is stuck anyway
      }
      int trues = 0;
      for (int a : phase) {
        Event arrive = events.get(a);
        var r = reduction(a);
        if (r.isPresent()) {
          int base = threadBase[arrive.thread()];
          boolean p = pathEvents.get(a).value().eval(idx -> readValue(base + idx)) != 0;
          trues += p != r.get().negated() ? 1 : 0;
        }
      }
      long expected =
          switch (reduction(w).orElseThrow().op()) {
            case POPC -> trues;
            case AND -> trues == phase.size() ? 1 : 0;
            case OR -> trues > 0 ? 1 : 0;
          };
      if (expected != reductionGuess[w]) {
        return false;
      }
    }
    return true;
  }

  /** Reads whose rf is fully chosen (by event id), for {@link #constraintsMayHold}. */
  final boolean[] assigned;
  /** While true, reading an unassigned read throws {@link #UNASSIGNED}. */
  private boolean partial;

  /** A value that depends on a read whose source is not chosen yet. */
  static final RuntimeException UNASSIGNED = new ValueCycle();

  /**
   * Prunes an rf prefix (DESIGN §4): false when some branch constraint of the paths can
   * already be evaluated — every read it depends on is chosen — and fails, so no completion of
   * the prefix takes these paths. Spin loops need this: each further iteration doubles the rf
   * choices, and all but one value of each load leave the loop.
   */
  boolean constraintsMayHold() {
    if (unsettled == null) {
      unsettled = unsettledConstraints();
    }
    if (unsettled.isEmpty()) {
      return true;
    }
    value = new long[n];
    valueState = new byte[n];
    partial = true;
    try {
      for (Map.Entry<Integer, ThreadPath.Constraint> tc : unsettled) {
        int base = threadBase[tc.getKey()];
        try {
          if (!tc.getValue().satisfied(idx -> readValue(base + idx))) {
            return false;
          }
        } catch (ValueCycle notYet) {
          // depends on an unchosen read, or (only in a full choice) on itself
        }
      }
      return true;
    } finally {
      partial = false;
    }
  }

  /** The branch constraints (thread, constraint) that {@link #valueAllows} does not settle. */
  private List<Map.Entry<Integer, ThreadPath.Constraint>> unsettled;

  /**
   * The constraints {@link #constraintsMayHold} must evaluate: all but those on the value of
   * one read whose every source has a static value, same offset and size, and which is never
   * torn — for those, {@link #valueAllows} has already kept only the sources that satisfy them
   * (torn variants are checked with every constraint once the choice is complete).
   */
  private List<Map.Entry<Integer, ThreadPath.Constraint>> unsettledConstraints() {
    java.util.Map<Integer, List<Segment>> byRead = new HashMap<>();
    for (Segment seg : segments) {
      byRead.computeIfAbsent(seg.read(), k -> new ArrayList<>()).add(seg);
    }
    java.util.Set<Integer> torn = new HashSet<>();
    for (int i : tearable) {
      torn.add(segments.get(i).read());
    }
    List<Map.Entry<Integer, ThreadPath.Constraint>> out = new ArrayList<>();
    for (int t = 0; t < paths.size(); t++) {
      for (ThreadPath.Constraint c : paths.get(t).constraints()) {
        java.util.BitSet on = c.left().reads();
        on.or(c.right().reads());
        boolean settled = false;
        if (on.cardinality() == 1) {
          int r = threadBase[t] + on.nextSetBit(0);
          List<Segment> segs = byRead.getOrDefault(r, List.of());
          Event read = events.get(r);
          settled =
              segs.size() == 1 && !torn.contains(r) && read.kind() != EventKind.BARRIER_WAIT
                  && java.util.Arrays.stream(segs.get(0).sources()).allMatch(w ->
                      events.get(w).offset() == read.offset()
                          && events.get(w).size() == read.size()
                          && staticValue(w).isPresent());
        }
        if (!settled) {
          out.add(Map.entry(t, c));
        }
      }
    }
    return out;
  }

  // ---- value-compatible sources and RMW source matching (pruning rules, DESIGN §4) ------

  /**
   * The value write {@code w} writes whatever the reads return: the initial value, a store of
   * a constant, or an exchange ({@code atom.exch}) of a constant; empty otherwise.
   */
  Optional<Long> staticValue(int w) {
    if (staticKnown == null) {
      staticKnown = new byte[n];
      staticValues = new long[n];
    }
    if (staticKnown[w] == 0) {
      Optional<Long> v = computeStaticValue(w);
      staticKnown[w] = (byte) (v.isPresent() ? 1 : 2);
      staticValues[w] = v.orElse(0L);
    }
    return staticKnown[w] == 1 ? Optional.of(staticValues[w]) : Optional.empty();
  }

  /** Per event: 0 not computed yet, 1 {@link #staticValues} holds its static value, 2 none. */
  private byte[] staticKnown;
  private long[] staticValues;

  private Optional<Long> computeStaticValue(int w) {
    Event e = events.get(w);
    if (e.isInit()) {
      return Optional.of(locations.get(e.physical()).orElseThrow().initialValue());
    }
    PathEvent pe = pathEvents.get(w);
    boolean constant = pe.value() instanceof Expr.Const;
    boolean exchange =
        e.kind() == EventKind.RMW && pe.compare().isEmpty()
            && pe.rmwOp().filter(op -> op == Op.SECOND).isPresent();
    if (constant && (e.kind() == EventKind.WRITE || exchange)) {
      return Optional.of(Op.normalize(((Expr.Const) pe.value()).value(), pe.bits(), pe.signed()));
    }
    return Optional.empty();
  }

  /** Per read event: the branch constraints of its path that depend on its value alone. */
  private List<List<ThreadPath.Constraint>> ownConstraints;

  /**
   * A branch constraint check made before the choice: false when read {@code r}, taking all
   * its bytes from {@code w} (same offset and size), returns a value that fails a branch
   * decision of its path depending on that value alone — no completion takes these paths
   * ({@link #constraintsMayHold} would reject the choice once made).
   */
  boolean valueAllows(int r, int w) {
    if (ownConstraints == null) {
      ownConstraints = new ArrayList<>();
      for (int e = 0; e < n; e++) {
        ownConstraints.add(List.of());
      }
      for (int t = 0; t < paths.size(); t++) {
        for (ThreadPath.Constraint c : paths.get(t).constraints()) {
          java.util.BitSet on = c.left().reads();
          on.or(c.right().reads());
          if (on.cardinality() == 1) {
            int event = threadBase[t] + on.nextSetBit(0);
            List<ThreadPath.Constraint> own = new ArrayList<>(ownConstraints.get(event));
            own.add(c);
            ownConstraints.set(event, own);
          }
        }
      }
    }
    List<ThreadPath.Constraint> own = ownConstraints.get(r);
    Event read = events.get(r);
    Event write = events.get(w);
    if (own.isEmpty() || read.offset() != write.offset() || read.size() != write.size()
        || read.kind() == EventKind.BARRIER_WAIT) {
      return true;
    }
    Optional<Long> written = staticValue(w);
    if (written.isEmpty()) {
      return true;
    }
    long v = Op.normalize(written.get(), read.size() * 8, pathEvents.get(r).signed());
    for (ThreadPath.Constraint c : own) {
      if (!c.satisfied(idx -> v)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Classes of RMW reads, pairwise morally strong on one virtual range, each reading all its
   * bytes from one write (one segment, never torn); with, per class, the sources each member
   * may still read (value-compatible, {@link #valueAllows}) and which of them are exclusive.
   */
  private List<RmwClass> rmwClasses;

  /**
   * @param members RMW read events
   * @param domains per member, its value-compatible sources
   * @param exclusive per member, per source, whether at most one member of the class reads it
   */
  private record RmwClass(int[] members, int[][] domains, boolean[][] exclusive) {}

  /**
   * Pruning rule under RMW atomicity (8.10.3) and SC-per-Location (8.10.5), the counting form
   * of {@link #rmwSourceFree}: in a set of pairwise morally strong RMWs on one range, at most
   * one reads all its bytes from a write {@code w} that co orders before each of them — the
   * initial write (8.2.6), or (with SC-per-Location on) a write morally strong with each: the
   * co-later of two such readers would read from a write co-before the other while being
   * co-after it. So the RMWs need pairwise distinct such sources, each of a value their paths'
   * branches accept: false when no such assignment extends the current choice (Hall's
   * condition, checked by bipartite matching). Applied only while Atomicity is on.
   */
  boolean rmwSourcesMatch() {
    if (!model.has(io.github.ptxlitmus.model.Axiom.ATOMICITY)) {
      return true;
    }
    if (rmwClasses == null) {
      rmwClasses = buildRmwClasses();
    }
    for (RmwClass c : rmwClasses) {
      if (!matches(c)) {
        return false;
      }
    }
    return true;
  }

  /** True when every read has some source its own branch decisions accept. */
  boolean everyReadHasASource() {
    java.util.Map<Integer, Boolean> any = new HashMap<>();
    for (Segment seg : segments) {
      boolean some = false;
      for (int w : seg.sources()) {
        some |= valueAllows(seg.read(), w);
      }
      any.merge(seg.read(), some, Boolean::logicalAnd);
    }
    return !any.containsValue(false);
  }

  private List<RmwClass> buildRmwClasses() {
    Relation ms = model.morallyStrong();
    boolean scPerLocation = model.has(io.github.ptxlitmus.model.Axiom.SC_PER_LOCATION);
    java.util.Map<Integer, Integer> segmentsOf = new HashMap<>();
    for (Segment seg : segments) {
      segmentsOf.merge(seg.read(), 1, Integer::sum);
    }
    java.util.Set<Integer> torn = new HashSet<>();
    for (int i : tearable) {
      torn.add(segments.get(i).read());
    }
    List<List<Integer>> classes = new ArrayList<>();
    for (Segment seg : segments) {
      int r = seg.read();
      Event e = events.get(r);
      if (e.kind() != EventKind.RMW || segmentsOf.get(r) != 1 || torn.contains(r)
          || seg.bytes().length != e.size()) {
        continue;
      }
      List<Integer> home = null;
      for (List<Integer> c : classes) {
        if (c.stream().allMatch(o -> ms.contains(r, o) && events.get(o).sameVirtualRange(e))) {
          home = c;
          break;
        }
      }
      if (home == null) {
        home = new ArrayList<>();
        classes.add(home);
      }
      home.add(r);
    }
    List<RmwClass> out = new ArrayList<>();
    for (List<Integer> c : classes) {
      if (c.size() < 2) {
        continue;
      }
      int[] members = c.stream().mapToInt(Integer::intValue).toArray();
      int[][] domains = new int[members.length][];
      boolean[][] exclusive = new boolean[members.length][];
      for (int m = 0; m < members.length; m++) {
        int r = members[m];
        Segment seg =
            segments.stream().filter(s -> s.read() == r).findFirst().orElseThrow();
        domains[m] =
            java.util.Arrays.stream(seg.sources()).filter(w -> valueAllows(r, w)).toArray();
        exclusive[m] = new boolean[domains[m].length];
        for (int k = 0; k < domains[m].length; k++) {
          int w = domains[m][k];
          boolean ordered =
              events.get(w).isInit()
                  || (scPerLocation && c.stream().allMatch(o -> o == w || ms.contains(w, o)));
          exclusive[m][k] = ordered;
        }
      }
      out.add(new RmwClass(members, domains, exclusive));
    }
    return out;
  }

  /** Bipartite matching of a class's members to exclusive sources (Kuhn's augmenting paths). */
  private boolean matches(RmwClass c) {
    if (owner == null) {
      owner = new int[n];
      seenAt = new int[n];
    }
    java.util.Arrays.fill(owner, FREE);
    int[] members = c.members();
    int open = 0;
    int[] openMembers = new int[members.length];
    for (int m = 0; m < members.length; m++) {
      int r = members[m];
      if (!assigned[r]) {
        openMembers[open++] = m;
        continue;
      }
      int w = byteSources[r][0];
      int k = indexOf(c.domains()[m], w);
      if (k < 0) {
        return false; // chosen source fails a branch of its path
      }
      if (c.exclusive()[m][k]) {
        if (owner[w] != FREE) {
          return false;
        }
        owner[w] = FIXED;
      }
    }
    for (int i = 0; i < open; i++) {
      stamp++;
      if (!augment(c, openMembers[i])) {
        return false;
      }
    }
    return true;
  }

  private static final int FREE = -1;
  private static final int FIXED = -2;
  /** Per source: the open member holding it, {@link #FREE} or {@link #FIXED} (by a choice). */
  private int[] owner;
  /** Per source: the augmenting search ({@link #stamp}) that last visited it. */
  private int[] seenAt;
  private int stamp;

  private static int indexOf(int[] a, int v) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] == v) {
        return i;
      }
    }
    return -1;
  }

  /** Finds a source for open member {@code m}, re-placing open members as needed. */
  private boolean augment(RmwClass c, int m) {
    int[] domain = c.domains()[m];
    boolean[] exclusive = c.exclusive()[m];
    for (int k = 0; k < domain.length; k++) {
      if (!exclusive[k]) {
        return true; // a source any number of members may read
      }
    }
    for (int w : domain) {
      if (seenAt[w] == stamp) {
        continue;
      }
      seenAt[w] = stamp;
      int holder = owner[w];
      if (holder == FREE || (holder >= 0 && augment(c, holder))) {
        owner[w] = m;
        return true;
      }
    }
    return false;
  }

  /** Reads with a segment that may tear: their torn variants are chosen after the rf prefix. */
  private boolean[] tearableRead;

  /**
   * Up to this many events the rf-prefix check runs at every choice. Above it, a check of the
   * whole prefix costs about n³/64 word operations, more than it saves on tests that large,
   * which have no spin loops (issue 18: MP-512, 1,537 events, went from 2.5 s to 51 s with it;
   * the public corpus has at most 31).
   */
  static final int PREFIX_CHECK_MAX_EVENTS = 64;

  /**
   * Pruning rule (PtxModel.checkPrefix): false when the reads chosen so far already break an
   * axiom that every completion of the prefix breaks too. Reads that may take bytes from
   * several writes are left out (their torn variants have other sources).
   */
  boolean prefixMayHold() {
    if (n > PREFIX_CHECK_MAX_EVENTS) {
      return true; // an optimisation only: on large tests each check costs more than it saves
    }
    if (tearableRead == null) {
      tearableRead = new boolean[n];
      for (int i : tearable) {
        tearableRead[segments.get(i).read()] = true;
      }
    }
    int[][] chosen = new int[n][];
    Relation.Builder rf = Relation.builder(n);
    for (int r : reads) {
      if (assigned[r] && !tearableRead[r]) {
        chosen[r] = byteSources[r];
        for (int w : byteSources[r]) {
          rf.add(w, r);
        }
      }
    }
    return model.checkPrefix(rf.build(), chosen).isEmpty();
  }

  /** {@link PtxModel#coherenceRequired()}, computed once (it is asked per rf choice). */
  private Relation coherenceRequired;

  /**
   * Pruning rule under RMW atomicity (8.10.3), applied only while it (and, for a program
   * write, SC-per-Location) is switched on: it fails on every completion of a prefix in which
   * two morally strong atomics {@code a} and {@code b} both read all their bytes from one write {@code w} that co must order before
   * both (the initial write, or a write coherence must order with each): whichever atomic is
   * co-later then reads from a write co-before the other one (fr) while being co-after it.
   * Spin loops of {@code atom.exch} on one location need this: every iteration is another
   * atomic, and all but a chain of them read from distinct writes. True when the prefix with
   * {@code read} taking all its bytes from {@code w} may still be consistent.
   */
  boolean rmwSourceFree(int read, int w) {
    Event r = events.get(read);
    if (r.kind() != EventKind.RMW || !allFrom(read, w)) {
      return true;
    }
    if (coherenceRequired == null) {
      coherenceRequired = model.coherenceRequired();
    }
    Relation ms = model.morallyStrong();
    Relation required = coherenceRequired;
    boolean init = events.get(w).isInit();
    // w is co-before an atomic reading it: always for the initial write (8.2.6), otherwise by
    // SC-per-Location (w rf A with A co w is a cycle) once co orders them.
    if (!model.has(io.github.ptxlitmus.model.Axiom.ATOMICITY)
        || (!init
            && (!required.contains(w, read)
                || !model.has(io.github.ptxlitmus.model.Axiom.SC_PER_LOCATION)))) {
      return true;
    }
    for (int other : reads) {
      if (other != read
          && assigned[other]
          && events.get(other).kind() == EventKind.RMW
          && events.get(other).sameVirtualRange(r)
          && ms.contains(read, other)
          && allFrom(other, w)
          && (init || required.contains(w, other))) {
        return false;
      }
    }
    return true;
  }

  private boolean allFrom(int read, int w) {
    for (int k : byteSources[read]) {
      if (k != w) {
        return false;
      }
    }
    return true;
  }

  /** rf of the current choice (byte sources collapsed to pairs). */
  Relation readsFrom() {
    Relation.Builder rfb = Relation.builder(n);
    for (int r : reads) {
      for (int w : byteSources[r]) {
        rfb.add(w, r);
      }
    }
    return rfb.build();
  }

  /**
   * The current choice as a candidate execution (byte sources copied).
   *
   * @param coherenceTotal the chosen total order of overlapping writes per location
   * @param fenceScOrder the Fence-SC order
   * @param barrierSync barrier and cluster-barrier synchronization
   */
  CandidateExecution candidate(
      Relation rf, Relation coherenceTotal, Relation fenceScOrder, Relation barrierSync) {
    int[][] bytes = new int[n][];
    for (int r : reads) {
      bytes[r] = byteSources[r].clone();
    }
    return new CandidateExecution(events, model.programOrder(), Relation.empty(n), data, ctrl,
        rf, bytes, coherenceTotal, fenceScOrder, barrierSync);
  }

  /**
   * DESIGN §6.1 (decision, docs/model.md): an mbarrier is one 8-byte object that mbarrier
   * instructions read and update as a whole, so their reads never mix bytes of several writes.
   */
  static boolean mbarrierObject(Event read) {
    return read.instruction().filter(i -> i instanceof AsyncInstruction.MbarrierInit
        || i instanceof AsyncInstruction.MbarrierUpdate
        || i instanceof AsyncInstruction.MbarrierWait
        || i instanceof AsyncInstruction.CpAsyncMbarrierArrive
        || (i instanceof AsyncInstruction && read.size() == 8 && read.kind() == EventKind.RMW
            && read.sem() == Semantics.RELEASE && read.scope() == Scope.CLUSTER))
        .isPresent();
  }

  /** Sets the source of a segment for the current choice. */
  void choose(Segment seg, int w) {
    Event read = events.get(seg.read());
    for (int b : seg.bytes()) {
      byteSources[seg.read()][b - read.offset()] = w;
    }
  }

  /**
   * Computes the values of the current choice. False when a branch constraint fails (this rf
   * does not take these paths).
   *
   * @throws ValueCycle when values depend on themselves (a thin-air cycle)
   */
  boolean computeValues() {
    value = new long[n];
    valueState = new byte[n];
    for (int r : reads) {
      readValue(r);
    }
    for (int t = 0; t < paths.size(); t++) {
      int base = threadBase[t];
      for (ThreadPath.Constraint c : paths.get(t).constraints()) {
        if (!c.satisfied(idx -> readValue(base + idx))) {
          return false;
        }
      }
    }
    return true;
  }

  // ---- waits that never end (issue 15) -----------------------------------------------------

  /**
   * For a consistent candidate whose threads include stuck paths ({@link ThreadPath#stuck()}):
   * the loops ({@code P<i> line <n>}) that spin forever in it, or none when it is not a fair
   * non-terminating execution. Fairness (as in Dat3M's liveness check): a loop spins forever
   * only if its last iteration keeps reading the same values, i.e. every read of that
   * iteration reads from a write after which, in the chosen total coherence order {@code
   * total} (initial writes first), come only writes
   * of stuck iterations that leave memory as it was (an RMW writing the value it read, such as
   * a failing cas); every RMW of a stuck iteration is such a write; and every store of a stuck
   * iteration writes what each stuck read it overlaps returns (repeated in every round, the
   * store ends up after anything those reads read, so they would see its value). Values must
   * have been computed.
   */
  List<String> spinningForever(Relation total) {
    java.util.BitSet iteration = stuckIterations();
    java.util.BitSet silent = new java.util.BitSet();
    for (int e = iteration.nextSetBit(0); e >= 0; e = iteration.nextSetBit(e + 1)) {
      Event ev = events.get(e);
      if (ev.kind() == EventKind.RMW) {
        if (written(e) != readValue(e)) {
          return List.of(); // the iteration changes memory: the next one differs
        }
        silent.set(e);
      } else if (ev.writes()) {
        // A store of a repeating iteration writes the same value in every round, so it leaves
        // memory as it was once every read it reaches returns that value (checked below).
        silent.set(e);
      }
    }
    for (int e = iteration.nextSetBit(0); e >= 0; e = iteration.nextSetBit(e + 1)) {
      if (!events.get(e).reads()) {
        continue;
      }
      for (int s = iteration.nextSetBit(0); s >= 0; s = iteration.nextSetBit(s + 1)) {
        Event store = events.get(s);
        if (store.writes() && store.kind() != EventKind.RMW && store.overlaps(events.get(e))
            && !sameBytes(e, s)) {
          return List.of(); // repeated forever, the store comes after anything e reads
        }
      }
      for (int w : byteSources[e]) {
        for (int later = 0; later < n; later++) {
          boolean after = total.contains(w, later) || (events.get(w).isInit()
              && events.get(later).writes() && !events.get(later).isInit());
          if (after && events.get(later).overlaps(events.get(e))
              && !silent.get(later)) {
            return List.of(); // a later write will eventually be read (fairness)
          }
        }
      }
    }
    return stuckLoops();
  }

  /** Whether read {@code r} returned, on every byte it shares with write {@code w}, w's byte. */
  private boolean sameBytes(int r, int w) {
    Event read = events.get(r);
    Event write = events.get(w);
    int from = Math.max(read.offset(), write.offset());
    int to = Math.min(read.offset() + read.size(), write.offset() + write.size());
    for (int b = from; b < to; b++) {
      int source = byteSources[r][b - read.offset()];
      if ((writtenByte(source, b) & 0xFF) != (writtenByte(w, b) & 0xFF)) {
        return false;
      }
    }
    return true;
  }

  /** The events of the last iterations of the stuck paths (by event id); computed once. */
  private java.util.BitSet stuckIteration;

  java.util.BitSet stuckIterations() {
    if (stuckIteration == null) {
      stuckIteration = new java.util.BitSet();
      for (int t = 0; t < paths.size(); t++) {
        ThreadPath p = paths.get(t);
        if (p.stuck().isPresent()) {
          stuckIteration.set(threadBase[t] + p.stuck().get().from(),
              threadBase[t] + p.events().size());
        }
      }
    }
    return stuckIteration;
  }

  /**
   * {@link #spinningForever}'s conditions on one read of a stuck iteration taking all its bytes
   * from {@code w} (same offset and size), checked before the choice: false when the read is an
   * RMW that would change memory (its static result differs from the value read), when a store
   * of a stuck iteration on the same bytes writes another static value than {@code w}'s, or
   * when it reads the initial value while some write outside the stuck iterations overlaps it
   * (that write comes after the initial one and is eventually read).
   */
  boolean stuckReadMayRepeat(int r, int w) {
    if (!stuckIterations().get(r)) {
      return true;
    }
    Event read = events.get(r);
    Event write = events.get(w);
    if (write.isInit()) {
      for (int x = 0; x < n; x++) {
        Event e = events.get(x);
        if (e.writes() && !e.isInit() && !stuckIteration.get(x) && e.overlaps(read)) {
          return false;
        }
      }
    }
    Optional<Long> source = staticValue(w);
    if (source.isPresent() && write.offset() == read.offset() && write.size() == read.size()) {
      // Every store of a stuck iteration that the read overlaps must write what it reads.
      java.util.BitSet iteration = stuckIterations();
      for (int s = iteration.nextSetBit(0); s >= 0; s = iteration.nextSetBit(s + 1)) {
        Event store = events.get(s);
        Optional<Long> stored = staticValue(s);
        if (store.writes() && store.kind() != EventKind.RMW && store.offset() == read.offset()
            && store.size() == read.size() && store.overlaps(read) && stored.isPresent()
            && !stored.get().equals(source.get())) {
          return false;
        }
      }
    }
    PathEvent pe = pathEvents.get(r);
    if (read.kind() != EventKind.RMW || read.offset() != write.offset()
        || read.size() != write.size() || !(pe.value() instanceof Expr.Const)
        || pe.compare().filter(c -> !(c instanceof Expr.Const)).isPresent()) {
      return true;
    }
    Optional<Long> v = staticValue(w);
    if (v.isEmpty()) {
      return true;
    }
    long old = Op.normalize(v.get(), read.size() * 8, pe.signed());
    return pe.writtenValue(old, idx -> {
      throw new IllegalStateException("constant operands read no register");
    }) == old;
  }

  /**
   * {@link #spinningForever}'s condition on the coherence order, as order constraints for the
   * current rf choice: each read of a stuck iteration reads from a write after which come only
   * (silent) writes of stuck iterations, so every other overlapping write precedes its source.
   */
  Relation stuckCoherenceConstraint() {
    java.util.BitSet iteration = stuckIterations();
    Relation.Builder b = Relation.builder(n);
    for (int e = iteration.nextSetBit(0); e >= 0; e = iteration.nextSetBit(e + 1)) {
      Event read = events.get(e);
      if (!read.reads() || byteSources[e] == null) {
        continue;
      }
      for (int w : byteSources[e]) {
        if (events.get(w).isInit()) {
          continue;
        }
        for (int x = 0; x < n; x++) {
          Event other = events.get(x);
          if (x != w && other.writes() && !other.isInit() && !iteration.get(x)
              && other.overlaps(read)) {
            b.add(x, w);
          }
        }
      }
    }
    return b.build();
  }

  /** The loops ({@code P<i> line <n>}) the stuck paths of this choice of paths end in. */
  List<String> stuckLoops() {
    List<String> loops = new ArrayList<>();
    for (int t = 0; t < paths.size(); t++) {
      int thread = t;
      paths.get(t).stuck().ifPresent(st -> loops.add("P" + thread + " line " + st.line()));
    }
    return loops;
  }

  /** True when some stuck iteration waits on an mbarrier (test_wait / try_wait). */
  boolean stuckOnMbarrier() {
    for (int t = 0; t < paths.size(); t++) {
      ThreadPath p = paths.get(t);
      if (p.stuck().isPresent()) {
        for (PathEvent e : p.events().subList(p.stuck().get().from(), p.events().size())) {
          if (e.instruction() instanceof io.github.ptxlitmus.litmus.AsyncInstruction.MbarrierWait) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
