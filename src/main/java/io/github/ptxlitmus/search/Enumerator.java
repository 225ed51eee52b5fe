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
  private final Map<Axiom, Long> rejections = new EnumMap<>(Axiom.class);
  private boolean boundHit;
  private boolean deadlock;
  private long candidates;

  private Enumerator(LitmusTest test, SearchLimits limits) {
    this.test = test;
    this.limits = limits;
    this.locations = Locations.of(test);
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
    Enumerator e = new Enumerator(test, limits);
    Optional<String> limit = Optional.empty();
    try {
      e.search();
    } catch (LimitReached r) {
      limit = Optional.of(r.getMessage());
    }
    return new SearchResult(
        Map.copyOf(e.outcomes),
        Map.copyOf(e.racy),
        e.boundHit,
        e.deadlock,
        limit,
        e.candidates,
        Map.copyOf(e.rejections));
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
    private final int[][] rfSources;
    private final int[] rf;
    private long[] value;
    private byte[] valueState;

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
        int size = paths.get(t).events().size();
        for (int i = 0; i < size; i++) {
          for (int j = i + 1; j < size; j++) {
            po.add(base + i, base + j);
          }
          PathEvent pe = paths.get(t).events().get(i);
          final int target = base + i;
          pe.data().stream().forEach(d -> dep.add(base + d, target));
          pe.ctrl().stream().forEach(d -> dep.add(base + d, target));
        }
      }
      model = new PtxModel(events, po.build(), dep.build());
      reads = events.stream().filter(Event::reads).mapToInt(Event::id).toArray();
      rfSources = new int[reads.length][];
      Relation poRel = model.programOrder();
      for (int i = 0; i < reads.length; i++) {
        int r = reads[i];
        Event re = events.get(r);
        rfSources[i] =
            events.stream()
                .filter(w -> w.writes() && w.id() != r && w.overlaps(re))
                // 8.10.6 with po ⊆ bco: a read never reads a po-later write to its own
                // address through its own proxy (Causality rule 1, 8.9.5 cases 1 and 2).
                .filter(
                    w ->
                        !(poRel.contains(r, w.id())
                            && w.sameVirtualRange(re)
                            && w.proxy() == re.proxy()))
                .mapToInt(Event::id)
                .toArray();
      }
      rf = new int[reads.length];
    }

    void explore() {
      chooseRf(0);
    }

    private void chooseRf(int i) {
      if (i == reads.length) {
        afterRf();
        return;
      }
      for (int w : rfSources[i]) {
        rf[i] = w;
        chooseRf(i + 1);
      }
    }

    // ---- values ----------------------------------------------------------------------------

    private long readValue(int readEvent) {
      if (valueState[readEvent] == 2) {
        return value[readEvent];
      }
      if (valueState[readEvent] == 1) {
        throw new ValueCycle();
      }
      valueState[readEvent] = 1;
      int idx = indexOfRead(readEvent);
      long v = written(rf[idx]);
      value[readEvent] = v;
      valueState[readEvent] = 2;
      return v;
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

    private int indexOfRead(int event) {
      for (int i = 0; i < reads.length; i++) {
        if (reads[i] == event) {
          return i;
        }
      }
      throw new IllegalStateException("not a read: " + event);
    }

    private static final class ValueCycle extends RuntimeException {
      private static final long serialVersionUID = 1L;

      ValueCycle() {
        super(null, null, false, false);
      }
    }

    // ---- after rf --------------------------------------------------------------------------

    private void afterRf() {
      value = new long[n];
      valueState = new byte[n];
      Relation.Builder rfb = Relation.builder(n);
      for (int i = 0; i < reads.length; i++) {
        rfb.add(rf[i], reads[i]);
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
        return;
      }
      // 8.10.4 No-Thin-Air needs only rf and the dependencies.
      if (model.noThinAir(rfRel).isPresent()) {
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
          Relation sw = patternSw.union(scSw).union(bar.sync()).union(clusterSync);
          Relation bco = model.baseCausality(sw);
          if (!bco.isAcyclic()) {
            if (!model.programOrder().union(bar.sync()).union(clusterSync).isAcyclic()) {
              deadlock = true;
            } else {
              reject(Axiom.CAUSALITY);
            }
            continue;
          }
          if (!bco.union(bar.phaseOrder()).isAcyclic()) {
            continue; // arrivals cannot happen in this phase order
          }
          if (model.fenceSc(bco, sc).isPresent()) {
            reject(Axiom.FENCE_SC);
            continue;
          }
          Relation cause = model.causality(obs, model.proxyPreservedBaseCausality(bco));
          if (model.causalityReadsFrom(rfRel, cause).isPresent()) {
            reject(Axiom.CAUSALITY);
            continue;
          }
          chooseCoherence(rfRel, cause);
        }
      }
    }

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

    private void chooseCoherence(Relation rfRel, Relation cause) {
      List<List<Integer>> groups = new ArrayList<>();
      for (Locations.Info loc : locations.physical()) {
        List<Integer> ws = new ArrayList<>();
        for (Event e : events) {
          if (e.writes() && !e.isInit() && e.physical().equals(loc.name())) {
            ws.add(e.id());
          }
        }
        groups.add(ws);
      }
      List<List<List<Integer>>> orders = new ArrayList<>();
      for (List<Integer> ws : groups) {
        List<List<Integer>> lin = new ArrayList<>();
        linearExtensions(ws, cause, new ArrayList<>(), lin);
        orders.add(lin);
      }
      Set<Object> seen = new HashSet<>();
      combineOrders(orders, 0, new ArrayList<>(), rfRel, cause, seen);
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
        Relation rfRel,
        Relation cause,
        Set<Object> seen) {
      if (i == orders.size()) {
        checkComplete(chosen, rfRel, cause, seen);
        return;
      }
      for (List<Integer> order : orders.get(i)) {
        chosen.add(order);
        combineOrders(orders, i + 1, chosen, rfRel, cause, seen);
        chosen.remove(chosen.size() - 1);
      }
    }

    private void checkComplete(
        List<List<Integer>> chosen, Relation rfRel, Relation cause, Set<Object> seen) {
      Relation.Builder tb = Relation.builder(n);
      List<Integer> lastWrites = new ArrayList<>();
      for (List<Integer> order : chosen) {
        for (int a = 0; a < order.size(); a++) {
          for (int b = a + 1; b < order.size(); b++) {
            tb.add(order.get(a), order.get(b));
          }
        }
        lastWrites.add(order.isEmpty() ? -1 : order.get(order.size() - 1));
      }
      Relation co = model.coherenceOrder(tb.build(), cause);
      if (!seen.add(List.of(co, lastWrites))) {
        return;
      }
      countCandidate();
      Relation fr = model.fromReads(rfRel, co);
      Optional<Violation> v = model.atomicity(fr, co);
      if (v.isEmpty()) {
        v = model.scPerLocation(rfRel, co, fr);
      }
      if (v.isEmpty()) {
        v = model.causality(rfRel, fr, cause);
      }
      if (v.isPresent()) {
        reject(v.get().axiom());
        return;
      }
      Map<String, Long> state = finalState(lastWrites);
      outcomes.merge(state, 1L, Long::sum);
      Relation races = model.dataRaces(cause);
      if (!races.isEmpty() && !racy.containsKey(state)) {
        int[] pair = races.pairs()[0];
        racy.put(state, events.get(pair[0]).label() + " ~ " + events.get(pair[1]).label());
      }
    }

    private Map<String, Long> finalState(List<Integer> lastWrites) {
      Map<String, Long> state = new HashMap<>();
      for (int t = 0; t < paths.size(); t++) {
        int base = threadBase[t];
        for (Map.Entry<String, Expr> r : paths.get(t).registers().entrySet()) {
          state.put("P" + t + ":" + r.getKey(), r.getValue().eval(idx -> readValue(base + idx)));
        }
      }
      List<Locations.Info> physical = locations.physical();
      Map<String, Long> byPhysical = new HashMap<>();
      for (int i = 0; i < physical.size(); i++) {
        int w = lastWrites.get(i);
        Locations.Info loc = physical.get(i);
        byPhysical.put(loc.name(), w < 0 ? loc.initialValue() : written(w));
      }
      for (Locations.Info loc : locations.all()) {
        state.put(loc.name(), byPhysical.get(loc.physical()));
      }
      return Map.copyOf(state);
    }
  }
}
