package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.ThreadSpec;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.Violation;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
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
  private final Budget budget;
  private final SearchResult.Collector outcomes;
  private final Map<Axiom, Long> rejections = new EnumMap<>(Axiom.class);
  private boolean boundHit;
  private boolean deadlock;
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
    this.budget = new Budget(limits);
    this.outcomes = new SearchResult.Collector(budget);
  }

  private boolean explaining() {
    return target.isPresent();
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
    } catch (Budget.Exhausted r) {
      limit = Optional.of(r.limit());
    }
    return new SearchResult(
        e.outcomes.outcomes(), e.boundHit, e.deadlock, limit, e.budget.candidates(), e.rejections);
  }

  /**
   * Explain mode: examines every candidate execution without pruning and returns those whose
   * final state satisfies {@code target} (and those whose values are undetermined because of
   * a thin-air cycle), each with the first axiom it violates, at most {@link #MAX_TRACES}.
   * Also honours the limits; when one is hit the list is what was found so far.
   *
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link #run}
   */
  public static ExplainResult explain(
      LitmusTest test, SearchLimits limits, Predicate<Map<String, Long>> target) {
    Enumerator e = new Enumerator(test, limits, Optional.of(target));
    Optional<String> limit = Optional.empty();
    try {
      e.search();
    } catch (Budget.Exhausted r) {
      limit = Optional.of(r.limit());
    }
    if (limit.isEmpty() && e.traces.size() >= MAX_TRACES) {
      limit = Optional.of("at most " + MAX_TRACES + " candidates listed");
    }
    return new ExplainResult(List.copyOf(e.traces), limit);
  }

  /**
   * The candidates found by {@link #explain}, and the limit that stopped the listing (then the
   * list is partial).
   */
  public record ExplainResult(List<ExecutionTrace> traces, Optional<String> limit) {}

  /** The first consistent trace satisfying {@code target}, exhaustively (for mixed sizes). */
  static DecisionSearch.WitnessResult firstWitness(
      LitmusTest test, SearchLimits limits, Predicate<Map<String, Long>> target) {
    ExplainResult r = explain(test, limits, target);
    Optional<ExecutionTrace> w =
        r.traces().stream().filter(ExecutionTrace::consistent).findFirst();
    return new DecisionSearch.WitnessResult(
        w, w.isPresent() ? Optional.empty() : r.limit());
  }

  /**
   * What decides between states and decide mode, from one unfolding of the test.
   *
   * @param candidatesLog2 a cheap estimate (log2) of the candidates the exhaustive search would
   *     examine: path combinations, rf choices, Fence-SC orientations and coherence orders
   * @param statesLog2 an estimate (log2) of how many value combinations the given registers can
   *     end with: for each register holding a loaded value, the number of writes its load may
   *     read from
   * @param partialOverlap two memory accesses may overlap partially (different offsets or sizes
   *     on one physical location): only the exhaustive search can then tell whether some
   *     execution has a mixed-size race (8.7.2)
   */
  public record Estimate(double candidatesLog2, double statesLog2, boolean partialOverlap) {}

  /**
   * Estimates the cost of listing the states of {@code test}. The counts use the shortest path
   * of each thread: longer ones are mostly loop iterations that branch constraints prune as soon
   * as the values are known (ExecutionSpace.constraintsMayHold).
   *
   * @param registerKeys the {@code P<i>:<reg>} keys whose values the states show
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link #run}
   */
  public static Estimate estimate(
      LitmusTest test, int loopBound, java.util.Set<String> registerKeys) {
    Locations locations = Locations.of(test);
    double combos = 0;
    List<ThreadPath> shortest = new ArrayList<>();
    List<PathEvent> memory = new ArrayList<>();
    for (ThreadSpec t : test.threads()) {
      List<ThreadPath> paths =
          ThreadUnfolder.unfold(t, test.registerInits(), locations, loopBound).paths();
      if (paths.isEmpty()) {
        return new Estimate(0, 0, false);
      }
      combos += log2(paths.size());
      shortest.add(
          paths.stream()
              .min(java.util.Comparator.comparingInt(x -> x.events().size()))
              .orElseThrow());
      paths.forEach(
          p -> p.events().stream().filter(e -> e.kind().isMemory()).forEach(memory::add));
    }
    ExecutionSpace x = new ExecutionSpace(test, locations, shortest);
    double candidates = combos + x.model.fenceScPairs().count() / 2.0;
    for (ExecutionSpace.Segment seg : x.segments) {
      candidates += log2(seg.sources().length);
    }
    for (List<Integer> group : x.coherenceGroups()) {
      for (int k = 2; k <= group.size(); k++) {
        candidates += log2(k);
      }
    }
    double states = 0;
    for (int t = 0; t < shortest.size(); t++) {
      for (Map.Entry<String, Expr> r : shortest.get(t).registers().entrySet()) {
        if (!registerKeys.contains("P" + t + ":" + r.getKey())
            || !(r.getValue() instanceof Expr.ReadValue rv)) {
          continue;
        }
        int read = x.threadBase[t] + rv.readIndex();
        states +=
            log2(
                x.segments.stream()
                    .filter(seg -> seg.read() == read)
                    .mapToInt(seg -> seg.sources().length)
                    .max()
                    .orElse(1));
      }
    }
    return new Estimate(candidates, states, partiallyOverlapping(memory, locations));
  }

  private static double log2(double v) {
    return Math.log(v) / Math.log(2);
  }

  private static boolean partiallyOverlapping(List<PathEvent> memory, Locations locations) {
    for (PathEvent a : memory) {
      for (PathEvent b : memory) {
        String pa = locations.get(a.location()).orElseThrow().physical();
        String pb = locations.get(b.location()).orElseThrow().physical();
        if (pa.equals(pb) && (a.offset() != b.offset() || a.bits() != b.bits())) {
          return true;
        }
      }
    }
    return false;
  }

  private void trace(ExecutionTrace t) {
    if (traces.size() < MAX_TRACES) {
      traces.add(t);
    }
  }

  private void search() {
    StateSpaceCheck.check(test, locations);
    // boundHit is set before a limit can stop the walk: unfolding happens first.
    boundHit =
        ThreadUnfolder.forEachPathCombination(
            test, locations, limits.loopBound(), combo -> new Candidate(combo).explore());
  }

  private void countCandidate() {
    budget.candidate();
  }

  /** Work between candidates: the budget's clock and interruption. */
  private void step() {
    budget.step();
  }

  private void reject(Axiom axiom) {
    rejections.merge(axiom, 1L, Long::sum);
  }

  /** The events of one choice of paths, and the search over the remaining choices. */
  private final class Candidate extends ExecutionSpace {
    Candidate(List<ThreadPath> paths) {
      super(Enumerator.this.test, Enumerator.this.locations, paths);
    }

    @Override
    void step() {
      Enumerator.this.step();
    }

    void explore() {
      chooseRf(0);
    }

    private void chooseRf(int i) {
      if (i == segments.size()) {
        withReductionGuesses(this::afterRf);
        return;
      }
      Segment seg = segments.get(i);
      Event read = events.get(seg.read());
      boolean last = i + 1 == segments.size() || segments.get(i + 1).read() != seg.read();
      for (int w : seg.sources()) {
        step();
        for (int b : seg.bytes()) {
          byteSources[seg.read()][b - read.offset()] = w;
        }
        assigned[seg.read()] = last;
        if (!last
            || ((explaining() || rmwSourceFree(seg.read(), w)) && constraintsMayHold())) {
          chooseRf(i + 1);
        }
      }
      assigned[seg.read()] = false;
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
      withTornVariants(this::afterRfChoice);
    }

    private void afterRfChoice() {
      Relation rfRel = readsFrom();
      try {
        if (!computeValues()) {
          return; // this rf choice does not take these paths
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
          if (!reductionsHold(bar)) {
            continue; // the bar.red results guessed are not this grouping's
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

    /**
     * The Fence-SC orders: every acyclic orientation of the fence.sc pairs that must be ordered,
     * closed transitively. Generated lazily (a list of them grows as the factorial of the
     * fences) and pruned as soon as the orientation chosen so far is cyclic.
     */
    private Iterable<Relation> fenceScOrders() {
      List<int[]> unordered = new ArrayList<>();
      model.fenceScPairs().forEach(
          (a, b) -> {
            if (a < b) {
              unordered.add(new int[] {a, b});
            }
          });
      return () -> new Orientations(unordered);
    }

    /** Depth-first walk over the orientations of {@code pairs}, one per {@link #next()}. */
    private final class Orientations implements java.util.Iterator<Relation> {
      private final List<int[]> pairs;
      /** partial[i]: the edges chosen for pairs 0..i-1. */
      private final Relation[] partial;
      /** The next direction to try per depth (0: a→b, 1: b→a, 2: both tried). */
      private final int[] dir;
      private int depth;
      private Relation ready;

      Orientations(List<int[]> pairs) {
        this.pairs = pairs;
        this.partial = new Relation[pairs.size() + 1];
        this.dir = new int[pairs.size() + 1];
        partial[0] = Relation.empty(n);
        ready = advance();
      }

      @Override
      public boolean hasNext() {
        return ready != null;
      }

      @Override
      public Relation next() {
        if (ready == null) {
          throw new java.util.NoSuchElementException();
        }
        Relation r = ready;
        ready = advance();
        return r;
      }

      private Relation advance() {
        int k = pairs.size();
        while (depth >= 0) {
          step();
          if (depth == k) {
            depth--;
            return partial[k].transitiveClosure();
          }
          if (dir[depth] == 2) {
            dir[depth] = 0;
            depth--;
            continue;
          }
          int[] p = pairs.get(depth);
          int d = dir[depth]++;
          Relation next =
              partial[depth].union(Relation.of(n, d == 0 ? p[0] : p[1], d == 0 ? p[1] : p[0]));
          if (next.isAcyclic()) {
            partial[depth + 1] = next;
            depth++;
          }
        }
        return null;
      }
    }

    // ---- coherence (8.9.6) and the remaining axioms ----------------------------------------

    /**
     * Walks the coherence total orders, one linear extension of causality per coherence group
     * (only those: the Coherence axiom, 8.10.1, so explanations never name Coherence and a
     * candidate whose every order breaks it is left out), generated lazily group by group.
     * When co keeps every pair of every group ({@link #coherenceInjective}), distinct total
     * orders give distinct co and nothing needs remembering; otherwise the (co, memory) pairs
     * seen are kept, charged to the budget.
     */
    private void chooseCoherence(Choices choices) {
      List<List<Integer>> groups = coherenceGroups();
      Set<Object> seen = coherenceInjective(groups, choices.cause()) ? null : new HashSet<>();
      extendGroup(groups, 0, new ArrayList<>(), new ArrayList<>(), choices, seen);
    }

    /** Whether every pair of writes of each group is kept by co (8.9.6) whatever the order. */
    private boolean coherenceInjective(List<List<Integer>> groups, Relation cause) {
      Relation required = model.coherenceRequired();
      Relation overlap = model.overlap();
      for (List<Integer> g : groups) {
        for (int a : g) {
          for (int b : g) {
            if (a < b
                && !required.contains(a, b)
                && !(overlap.contains(a, b) && (cause.contains(a, b) || cause.contains(b, a)))) {
              return false;
            }
          }
        }
      }
      return true;
    }

    /**
     * Extends the order of group {@code g} (its {@code prefix} chosen, {@code remaining} left)
     * by every write whose causality predecessors are placed, then the next groups.
     */
    private void extendGroup(
        List<List<Integer>> groups,
        int g,
        List<Integer> prefix,
        List<List<Integer>> chosen,
        Choices choices,
        Set<Object> seen) {
      step();
      if (g == groups.size()) {
        checkComplete(chosen, choices, seen);
        return;
      }
      List<Integer> group = groups.get(g);
      if (prefix.size() == group.size()) {
        chosen.add(List.copyOf(prefix));
        extendGroup(groups, g + 1, new ArrayList<>(), chosen, choices, seen);
        chosen.remove(chosen.size() - 1);
        return;
      }
      Relation cause = choices.cause();
      for (int w : group) {
        if (prefix.contains(w)) {
          continue;
        }
        boolean ready = true;
        for (int other : group) {
          if (other != w && !prefix.contains(other) && cause.contains(other, w)) {
            ready = false;
            break;
          }
        }
        if (!ready) {
          continue;
        }
        prefix.add(w);
        extendGroup(groups, g, prefix, chosen, choices, seen);
        prefix.remove(prefix.size() - 1);
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
      if (seen != null) {
        if (!seen.add(List.of(co, memory))) {
          return;
        }
        budget.keep((long) n * n / 8 + Budget.stateBytes(memory.size()));
      }
      countCandidate();
      Relation fr = model.fromReads(byteSources, co);
      Optional<Violation> v = choices.early();
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
      outcomes.add(state, 1);
      Relation races = model.dataRaces(cause);
      if (!races.isEmpty()) {
        outcomes.race(state, describe(races.pairs()[0]));
      }
      Relation mixed = model.mixedSizeRaces(cause);
      if (!mixed.isEmpty()) {
        outcomes.mixedRace(state, describe(mixed.pairs()[0]));
      }
    }

  }
}
