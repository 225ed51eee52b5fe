package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.ThreadPosition;
import io.github.ptxlitmus.litmus.ThreadSpec;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.PtxModel;
import io.github.ptxlitmus.model.Violation;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Enumerates the candidate executions of a litmus test and keeps the consistent ones (DESIGN
 * §4): one path per thread, an rf source for every read, a Fence-SC order, a grouping of
 * barrier arrivals into phases, and a coherence total order per location, checking each axiom
 * as soon as the choices it needs are made. One instance searches one test; it is not shared
 * between threads.
 */
public final class Enumerator {
  private final LitmusTest test;
  private final SearchLimits limits;
  private final Locations locations;
  private final Map<Map<String, Long>, Long> outcomes = new LinkedHashMap<>();
  private final Map<Map<String, Long>, String> racy = new LinkedHashMap<>();
  private final Map<Map<String, Long>, String> mixedRaces = new LinkedHashMap<>();
  private final Map<Axiom, Long> rejections = new EnumMap<>(Axiom.class);
  private boolean boundHit;
  private boolean deadlock;
  private long candidates;
  /** Explain mode: the states to explain; empty in the normal search. */
  private final Optional<Predicate<Map<String, Long>>> target;
  private final List<ExecutionTrace> traces = new ArrayList<>();

  /** The most traces an explanation keeps. */
  public static final int MAX_TRACES = 2_000;

  private Enumerator(
      LitmusTest test, SearchLimits limits, Optional<Predicate<Map<String, Long>>> target) {
    this.test = test;
    this.limits = limits;
    this.locations = Locations.of(test);
    this.target = target;
  }

  private boolean explaining() {
    return target.isPresent();
  }

  /** Signals that a limit stopped the search. */
  private static final class LimitReached extends RuntimeException {
    private static final long serialVersionUID = 1L;

    LimitReached(String limit) {
      super(limit, null, false, false);
    }
  }

  /**
   * Searches all candidate executions of {@code test}.
   *
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException for constructs the engine does
   *     not support (reason starts with "unsupported: ") or static mistakes found while
   *     unfolding (unknown location, undefined label)
   */
  public static SearchResult run(LitmusTest test, SearchLimits limits) {
    Enumerator e = new Enumerator(test, limits, Optional.empty());
    Optional<String> limit = Optional.empty();
    try {
      e.search();
    } catch (LimitReached r) {
      limit = Optional.of(r.getMessage());
    }
    return new SearchResult(
        Map.copyOf(e.outcomes),
        Map.copyOf(e.racy),
        Map.copyOf(e.mixedRaces),
        e.boundHit,
        e.deadlock,
        limit,
        e.candidates,
        Map.copyOf(e.rejections));
  }

  /**
   * Explain mode: examines every candidate execution without pruning and returns those whose
   * final state satisfies {@code target} (and those whose values are undetermined because of
   * a thin-air cycle), each with the first axiom it violates, at most {@link #MAX_TRACES}.
   * Also honours the limits; when one is hit the list is what was found so far.
   *
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link #run}
   */
  public static List<ExecutionTrace> explain(
      LitmusTest test, SearchLimits limits, Predicate<Map<String, Long>> target) {
    Enumerator e = new Enumerator(test, limits, Optional.of(target));
    try {
      e.search();
    } catch (LimitReached r) {
      // keep what was found
    }
    return List.copyOf(e.traces);
  }

  private void trace(ExecutionTrace t) {
    if (traces.size() < MAX_TRACES) {
      traces.add(t);
    }
  }

  private void search() {
    StateSpaceCheck.check(test, locations);
    List<List<ThreadPath>> perThread = new ArrayList<>();
    for (ThreadSpec t : test.threads()) {
      ThreadUnfolder.Result r =
          ThreadUnfolder.unfold(t, test.registerInits(), locations, limits.loopBound());
      boundHit |= r.boundHit();
      perThread.add(r.paths());
      if (r.paths().isEmpty()) {
        return;
      }
    }
    int[] choice = new int[perThread.size()];
    while (true) {
      List<ThreadPath> combo = new ArrayList<>();
      for (int t = 0; t < choice.length; t++) {
        combo.add(perThread.get(t).get(choice[t]));
      }
      new Candidate(combo).explore();
      int t = 0;
      while (t < choice.length && ++choice[t] == perThread.get(t).size()) {
        choice[t++] = 0;
      }
      if (t == choice.length) {
        return;
      }
    }
  }

  private void countCandidate() {
    candidates++;
    if (candidates > limits.candidateLimit()) {
      throw new LimitReached("candidate limit " + limits.candidateLimit());
    }
    if ((candidates & 255) == 0 && System.nanoTime() - limits.deadlineNanos() > 0) {
      throw new LimitReached("time limit " + limits.timeLimitText());
    }
  }

  private void reject(Axiom axiom) {
    rejections.merge(axiom, 1L, Long::sum);
  }

  /** The events of one choice of paths, and the search over the remaining choices. */
  private final class Candidate {
    private final List<ThreadPath> paths;
    private final List<Event> events = new ArrayList<>();
    private final List<PathEvent> pathEvents = new ArrayList<>();
    private final int[] threadBase;
    private final PtxModel model;
    private final int n;
    private final int[] reads;
    /** Byte runs of each read whose candidate writes are the same (8.9.7: rf per byte). */
    private final List<Segment> segments = new ArrayList<>();
    /** Segments whose read may mix bytes of several writes (not morally strong with all). */
    private final List<Integer> tearable = new ArrayList<>();
    /** For each event: per byte of the access, the write it reads from (null: not a read). */
    private final int[][] byteSources;
    private long[] value;
    private byte[] valueState;

    /** Bytes [from, to) of a read, and the writes that can supply them. */
    private record Segment(int read, int[] bytes, int[] sources) {}

    Candidate(List<ThreadPath> paths) {
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
        ThreadPosition pos = test.threads().get(t).position();
        for (PathEvent pe : paths.get(t).events()) {
          String physical =
              pe.kind().isMemory() ? locations.get(pe.location()).orElseThrow().physical() : "";
          events.add(
              new Event(events.size(), t, pos, pe.kind(), pe.sem(), pe.scope(), pe.proxy(),
                  pe.location(), physical, pe.offset(),
                  pe.kind().isMemory() ? Math.max(1, pe.bits() / 8) : 0,
                  Optional.of(pe.instruction())));
          pathEvents.add(pe);
        }
      }
      n = events.size();
      Relation.Builder po = Relation.builder(n);
      Relation.Builder dep = Relation.builder(n);
      for (int t = 0; t < paths.size(); t++) {
        int base = threadBase[t];
        List<PathEvent> pes = paths.get(t).events();
        for (int i = 0; i < pes.size(); i++) {
          for (int j = i + 1; j < pes.size(); j++) {
            // 8.9.1 program order; elements of one vector access stay unordered (8.2.4).
            if (pes.get(i).group() < pes.get(j).group()) {
              po.add(base + i, base + j);
            }
          }
          PathEvent pe = pes.get(i);
          final int target = base + i;
          pe.data().stream().forEach(d -> dep.add(base + d, target));
          pe.ctrl().stream().forEach(d -> dep.add(base + d, target));
        }
      }
      model = new PtxModel(events, po.build(), dep.build());
      reads = events.stream().filter(Event::reads).mapToInt(Event::id).toArray();
      byteSources = new int[n][];
      Relation poRel = model.programOrder();
      for (int r : reads) {
        Event re = events.get(r);
        byteSources[r] = new int[re.size()];
        List<Event> candidates =
            events.stream()
                .filter(w -> w.writes() && w.id() != r && w.overlaps(re))
                // 8.10.6 with po ⊆ bco: a read never reads a po-later write to its own
                // address through its own proxy (Causality rule 1, 8.9.5 cases 1 and 2).
                .filter(
                    w ->
                        !(poRel.contains(r, w.id())
                            && w.location().equals(re.location())
                            && w.proxy() == re.proxy()))
                .toList();
        int from = re.offset();
        int[] prev = null;
        for (int b = re.offset(); b <= re.offset() + re.size(); b++) {
          final int at = b;
          int[] covering =
              b == re.offset() + re.size()
                  ? null
                  : candidates.stream()
                      .filter(w -> w.offset() <= at && at < w.offset() + w.size())
                      .mapToInt(Event::id)
                      .toArray();
          if (prev != null && (covering == null || !java.util.Arrays.equals(prev, covering))) {
            addSegments(re, from, b, prev);
            from = b;
          }
          prev = covering;
        }
      }
    }

    /**
     * The rf decision for bytes [from, to) of read {@code r}, which the same writes cover. One
     * source for the whole run here; reads that may take different bytes from different writes
     * (8.9.7) get their mixed variants in {@link #tornVariants()}.
     */
    private void addSegments(Event read, int from, int to, int[] sources) {
      int r = read.id();
      segments.add(
          new Segment(r, java.util.stream.IntStream.range(from, to).toArray(), sources));
      if (sources.length > 1 && !allMorallyStrong(r, sources)) {
        tearable.add(segments.size() - 1);
      }
    }

    /**
     * A read morally strong with every candidate write cannot mix bytes of several writes:
     * single-copy atomicity (8.10.3), the initial write being co-before all others.
     */
    private boolean allMorallyStrong(int r, int[] sources) {
      for (int w : sources) {
        if (!events.get(w).isInit() && !model.morallyStrong().contains(r, w)) {
          return false;
        }
      }
      return true;
    }

    void explore() {
      chooseRf(0);
    }

    private void chooseRf(int i) {
      if (i == segments.size()) {
        afterRf();
        return;
      }
      Segment seg = segments.get(i);
      Event read = events.get(seg.read());
      for (int w : seg.sources()) {
        for (int b : seg.bytes()) {
          byteSources[seg.read()][b - read.offset()] = w;
        }
        chooseRf(i + 1);
      }
    }

    // ---- values ----------------------------------------------------------------------------

    /** The value a read returns: its bytes from their sources, little-endian (8.2). */
    private long readValue(int readEvent) {
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
    private long writtenByte(int w, int at) {
      int shift = 8 * (at - events.get(w).offset());
      return shift >= 64 ? 0 : written(w) >>> shift;
    }

    private long written(int w) {
      Event e = events.get(w);
      if (e.isInit()) {
        return locations.get(e.physical()).orElseThrow().initialValue();
      }
      PathEvent pe = pathEvents.get(w);
      int base = threadBase[e.thread()];
      long old = e.reads() ? readValue(w) : 0;
      return pe.writtenValue(old, idx -> readValue(base + idx));
    }

    private static final class ValueCycle extends RuntimeException {
      private static final long serialVersionUID = 1L;

      ValueCycle() {
        super(null, null, false, false);
      }
    }

    // ---- after rf --------------------------------------------------------------------------

    /**
     * After one source per segment: that candidate, then its torn variants. A read that is not
     * morally strong with all its candidate writes may take each byte from a different write
     * (8.9.7, 8.10.3). A mix is worth exploring only when its value differs from every unmixed
     * choice: a mix with the same value as an unmixed choice has the same final state and only
     * more rf/fr edges, so it is consistent only if that choice is. Which bytes can differ is
     * decided with the values of this candidate (DESIGN §3; docs/model.md "Sizes").
     */
    private void afterRf() {
      List<int[][]> variants = tornVariants();
      afterRfChoice();
      if (variants.isEmpty()) {
        return;
      }
      int[][] saved = new int[n][];
      for (int r : reads) {
        saved[r] = byteSources[r].clone();
      }
      for (int[][] v : variants) {
        for (int r : reads) {
          byteSources[r] = v[r];
        }
        afterRfChoice();
      }
      for (int r : reads) {
        byteSources[r] = saved[r];
      }
    }

    /** Mixed-byte variants of the current rf choice (each a full copy of byteSources). */
    private List<int[][]> tornVariants() {
      if (tearable.isEmpty()) {
        return List.of();
      }
      value = new long[n];
      valueState = new byte[n];
      List<List<int[]>> perSegment = new ArrayList<>();
      List<Integer> segmentIds = new ArrayList<>();
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
        return List.of();
      }
      List<int[][]> out = new ArrayList<>();
      int[] pick = new int[perSegment.size()]; // 0 = unmixed, k = k-th mix
      while (true) {
        int t = 0;
        while (t < pick.length && ++pick[t] > perSegment.get(t).size()) {
          pick[t++] = 0;
        }
        if (t == pick.length) {
          return out;
        }
        int[][] variant = new int[n][];
        for (int r : reads) {
          variant[r] = byteSources[r].clone();
        }
        for (int k = 0; k < pick.length; k++) {
          if (pick[k] > 0) {
            Segment seg = segments.get(segmentIds.get(k));
            int[] mix = perSegment.get(k).get(pick[k] - 1);
            Event read = events.get(seg.read());
            for (int j = 0; j < seg.bytes().length; j++) {
              variant[seg.read()][seg.bytes()[j] - read.offset()] = mix[j];
            }
          }
        }
        out.add(variant);
      }
    }

    /**
     * Byte assignments of a segment that give a value no single candidate write gives: bytes
     * where the candidates' values agree follow the first differing byte.
     */
    private List<int[]> mixes(Segment seg) {
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

    private void afterRfChoice() {
      value = new long[n];
      valueState = new byte[n];
      Relation.Builder rfb = Relation.builder(n);
      for (int r : reads) {
        for (int w : byteSources[r]) {
          rfb.add(w, r);
        }
      }
      Relation rfRel = rfb.build();
      try {
        for (int r : reads) {
          readValue(r);
        }
        for (int t = 0; t < paths.size(); t++) {
          int base = threadBase[t];
          for (ThreadPath.Constraint c : paths.get(t).constraints()) {
            if (!c.satisfied(idx -> readValue(base + idx))) {
              return; // this rf choice does not take this path
            }
          }
        }
      } catch (ValueCycle cycle) {
        countCandidate();
        reject(Axiom.NO_THIN_AIR);
        if (explaining()) {
          // Values on a thin-air cycle are unconstrained: the candidate could produce the state.
          Relation none = Relation.empty(n);
          trace(
              new ExecutionTrace(events, model.programOrder(), rfRel, none, none, none, none,
                  model.noThinAir(rfRel), Optional.empty(), List.of()));
        }
        return;
      }
      // 8.10.4 No-Thin-Air needs only rf and the dependencies.
      Optional<Violation> early = model.noThinAir(rfRel);
      if (early.isPresent() && !explaining()) {
        countCandidate();
        reject(Axiom.NO_THIN_AIR);
        return;
      }
      Relation obs = model.observation(rfRel);
      Relation patternSw = model.patternSynchronization(obs);
      List<BarrierPhases.Option> barrierOptions = barrierOptions();
      Optional<Relation> clusterOption = clusterBarrierSync();
      if (clusterOption.isEmpty()) {
        countCandidate();
        deadlock = true;
        return;
      }
      Relation clusterSync = clusterOption.get();
      for (Relation sc : fenceScOrders()) {
        Relation scSw = model.fenceScSynchronization(sc);
        for (BarrierPhases.Option bar : barrierOptions) {
          countCandidate();
          if (bar.stuck()) {
            deadlock = true;
            continue;
          }
          Optional<Violation> first = early;
          Relation sw = patternSw.union(scSw).union(bar.sync()).union(clusterSync);
          Relation bco = model.baseCausality(sw);
          if (!bco.isAcyclic()) {
            if (!model.programOrder().union(bar.sync()).union(clusterSync).isAcyclic()) {
              deadlock = true;
              continue;
            }
            reject(Axiom.CAUSALITY);
            if (!explaining()) {
              continue;
            }
            first = first.or(() -> model.baseCausalityCycle(sw));
          }
          if (!bco.union(bar.phaseOrder()).isAcyclic()) {
            continue; // arrivals cannot happen in this phase order
          }
          Optional<Violation> fenceSc = model.fenceSc(bco, sc);
          if (fenceSc.isPresent()) {
            reject(Axiom.FENCE_SC);
            if (!explaining()) {
              continue;
            }
            first = first.or(() -> fenceSc);
          }
          Relation cause = model.causality(obs, model.proxyPreservedBaseCausality(bco));
          Optional<Violation> readsFrom = model.causalityReadsFrom(rfRel, cause);
          if (readsFrom.isPresent()) {
            reject(Axiom.CAUSALITY);
            if (!explaining()) {
              continue;
            }
            first = first.or(() -> readsFrom);
          }
          chooseCoherence(new Choices(rfRel, cause, sw, sc, first));
        }
      }
    }

    /** What is fixed before the coherence order is chosen. */
    private record Choices(
        Relation rf, Relation cause, Relation sw, Relation sc, Optional<Violation> early) {}

    // ---- Fence-SC orders (8.9.3) -----------------------------------------------------------

    private List<Relation> fenceScOrders() {
      Relation pairs = model.fenceScPairs();
      List<int[]> unordered = new ArrayList<>();
      pairs.forEach(
          (a, b) -> {
            if (a < b) {
              unordered.add(new int[] {a, b});
            }
          });
      List<Relation> out = new ArrayList<>();
      orient(unordered, 0, Relation.builder(n), out);
      return out;
    }

    private void orient(List<int[]> pairs, int i, Relation.Builder chosen, List<Relation> out) {
      if (i == pairs.size()) {
        Relation o = chosen.build();
        if (o.isAcyclic()) {
          out.add(o.transitiveClosure());
        }
        return;
      }
      int[] p = pairs.get(i);
      for (int dir = 0; dir < 2; dir++) {
        Relation.Builder next = Relation.builder(n).addAll(chosen.build());
        next.add(dir == 0 ? p[0] : p[1], dir == 0 ? p[1] : p[0]);
        orient(pairs, i + 1, next, out);
      }
    }

    // ---- barriers (8.9.4 rule 2) -----------------------------------------------------------

    private List<BarrierPhases.Option> barrierOptions() {
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
      return BarrierPhases.options(new ArrayList<>(groups.values()), n);
    }

    /**
     * 8.9.4 rule 3: barrier.cluster.arrive synchronizes with barrier.cluster.wait. Every thread
     * of the cluster takes part in each phase; phase k is the k-th arrive of each thread, and a
     * wait belongs to the phase of its thread's latest arrive. A release arrive (not {@code
     * .relaxed}) synchronizes with the waits of its phase. Empty when a wait's phase never
     * completes (deadlock).
     */
    private Optional<Relation> clusterBarrierSync() {
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

    private long ctaSize(ThreadPosition pos) {
      return test.threads().stream().filter(t -> t.position().sameCta(pos)).count();
    }

    // ---- coherence (8.9.6) and the remaining axioms ----------------------------------------

    /**
     * Coherence groups: per physical location, the connected components of overlap among its
     * writes (initial writes excluded). A total order per group is all that co and the final
     * values depend on.
     */
    private List<List<Integer>> coherenceGroups() {
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

    private void chooseCoherence(Choices choices) {
      List<List<List<Integer>>> orders = new ArrayList<>();
      // Explaining, every total order is tried so that Coherence (8.10.1) can be the reason;
      // otherwise only the linear extensions of causality, which is that axiom.
      Relation constraint = explaining() ? Relation.empty(n) : choices.cause();
      for (List<Integer> ws : coherenceGroups()) {
        List<List<Integer>> lin = new ArrayList<>();
        linearExtensions(ws, constraint, new ArrayList<>(), lin);
        orders.add(lin);
      }
      Set<Object> seen = new HashSet<>();
      combineOrders(orders, 0, new ArrayList<>(), choices, seen);
    }

    /** Total orders of {@code ws} in which every causality-ordered pair keeps its order. */
    private void linearExtensions(
        List<Integer> remaining, Relation cause, List<Integer> prefix, List<List<Integer>> out) {
      if (remaining.isEmpty()) {
        out.add(List.copyOf(prefix));
        return;
      }
      for (int i = 0; i < remaining.size(); i++) {
        int w = remaining.get(i);
        boolean ready = true;
        for (int other : remaining) {
          if (other != w && cause.contains(other, w)) {
            ready = false;
            break;
          }
        }
        if (!ready) {
          continue;
        }
        List<Integer> rest = new ArrayList<>(remaining);
        rest.remove(i);
        prefix.add(w);
        linearExtensions(rest, cause, prefix, out);
        prefix.remove(prefix.size() - 1);
      }
    }

    private void combineOrders(
        List<List<List<Integer>>> orders,
        int i,
        List<List<Integer>> chosen,
        Choices choices,
        Set<Object> seen) {
      if (i == orders.size()) {
        checkComplete(chosen, choices, seen);
        return;
      }
      for (List<Integer> order : orders.get(i)) {
        chosen.add(order);
        combineOrders(orders, i + 1, chosen, choices, seen);
        chosen.remove(chosen.size() - 1);
      }
    }

    private void checkComplete(List<List<Integer>> chosen, Choices choices, Set<Object> seen) {
      Relation rfRel = choices.rf();
      Relation cause = choices.cause();
      Relation.Builder tb = Relation.builder(n);
      int[] rank = new int[n];
      for (List<Integer> order : chosen) {
        for (int a = 0; a < order.size(); a++) {
          rank[order.get(a)] = a + 1;
          for (int b = a + 1; b < order.size(); b++) {
            tb.add(order.get(a), order.get(b));
          }
        }
      }
      Relation co = model.coherenceOrder(tb.build(), cause);
      Map<String, Long> memory = finalMemory(rank);
      if (!seen.add(List.of(co, memory))) {
        return;
      }
      countCandidate();
      Relation fr = model.fromReads(byteSources, co);
      Optional<Violation> v = choices.early();
      if (v.isEmpty() && explaining()) {
        v = model.coherence(cause, co);
      }
      if (v.isEmpty()) {
        v = model.atomicity(byteSources, fr, co);
      }
      if (v.isEmpty()) {
        v = model.scPerLocation(rfRel, co, fr);
      }
      if (v.isEmpty()) {
        v = model.causality(rfRel, fr, cause);
      }
      Map<String, Long> state = finalState(memory);
      if (explaining()) {
        if (target.get().test(state)) {
          List<int[]> races =
              v.isPresent() ? List.of() : List.of(model.dataRaces(cause).pairs());
          trace(
              new ExecutionTrace(events, model.programOrder(), rfRel, co, fr, choices.sw(),
                  choices.sc(), v, Optional.of(state), races));
        }
        return;
      }
      if (v.isPresent()) {
        reject(v.get().axiom());
        return;
      }
      outcomes.merge(state, 1L, Long::sum);
      Relation races = model.dataRaces(cause);
      if (!races.isEmpty() && !racy.containsKey(state)) {
        racy.put(state, describe(races.pairs()[0]));
      }
      Relation mixed = model.mixedSizeRaces(cause);
      if (!mixed.isEmpty() && !mixedRaces.containsKey(state)) {
        mixedRaces.put(state, describe(mixed.pairs()[0]));
      }
    }

    private String describe(int[] pair) {
      return events.get(pair[0]).label() + " ~ " + events.get(pair[1]).label();
    }

    /**
     * Final memory: each byte holds the value of the last write covering it in the chosen
     * coherence order (a co-maximal write), or its initial value. Locations of up to 8 bytes
     * are one value under their name; larger ones are split into 8-byte words {@code x},
     * {@code x+8}, ...
     */
    private Map<String, Long> finalMemory(int[] rank) {
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

    private Map<String, Long> finalState(Map<String, Long> memory) {
      Map<String, Long> state = new HashMap<>();
      for (int t = 0; t < paths.size(); t++) {
        int base = threadBase[t];
        for (Map.Entry<String, Expr> r : paths.get(t).registers().entrySet()) {
          state.put("P" + t + ":" + r.getKey(), r.getValue().eval(idx -> readValue(base + idx)));
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
  }
}
