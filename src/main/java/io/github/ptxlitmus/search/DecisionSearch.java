package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.model.PtxModel;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The pruned search (DESIGN §4, issue 9). Like {@link Enumerator} it picks paths, rf sources
 * and barrier groupings, but it never enumerates Fence-SC or coherence total orders: it keeps
 * them partial, adds every edge the axioms force (Fence-SC: bco between morally strong
 * fence.sc; Coherence: causality between overlapping writes; the chosen final write last),
 * checks the axioms on the partial orders — all of them only get harder as edges are added, so
 * a violation prunes every completion — and orients the remaining required pairs by
 * backtracking with one-step lookahead. Each pruning rule rests on one axiom and is applied only
 * while that axiom is switched on in the {@link ModelSpec} (the Fence-SC and cause edges are
 * added only under Fence-SC and Coherence; with Coherence off, causality-ordered write pairs are
 * oriented by backtracking like the other pairs co relates). A final state is decided by rf (registers) and the last
 * write of each observed coherence group (memory), so each such choice needs one consistent
 * completion, not all of them.
 *
 * <p>Two uses: the states of a test (every achievable state over the observed keys), and
 * decide mode (stop at the first consistent execution whose state satisfies a target). Tests
 * with partially overlapping writes to one location are handed to {@link Enumerator}.
 */
public final class DecisionSearch {
  /** What the caller wants. */
  public record Goal(
      Optional<Predicate<Map<String, Long>>> target,
      Set<String> observedLocations,
      Map<String, Long> pinnedRegisters) {}

  private final LitmusTest test;
  private final SearchLimits limits;
  private final Goal goal;
  private final ModelSpec spec;
  private final Locations locations;
  private final Budget budget;
  private final SearchResult.Collector outcomes;
  private final LoopCuts cuts = new LoopCuts();
  private boolean deadlock;
  /** The first consistent execution recorded (decide mode: the witness). */
  private ExecutionTrace witness;
  private boolean found;

  private DecisionSearch(LitmusTest test, SearchLimits limits, Goal goal, ModelSpec spec) {
    this.spec = spec;
    this.test = test;
    this.limits = limits;
    this.goal = goal;
    this.locations = Locations.of(test);
    this.budget = new Budget(limits);
    this.outcomes = new SearchResult.Collector(budget);
  }

  /** Signals that a limit or the first witness stopped the search. */
  private static final class Stop extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stop(String why) {
      super(why, null, false, false);
    }
  }

  /**
   * Runs the pruned search. With a target, stops at the first consistent execution whose full
   * state satisfies it; the result's outcomes then hold that one state (or none). Without one,
   * returns every achievable state projected on the registers and {@code observedLocations},
   * each counted once.
   *
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link Enumerator#run}
   */
  public static SearchResult run(LitmusTest test, SearchLimits limits, Goal goal) {
    return run(test, limits, goal, ModelSpec.ptx());
  }

  /** {@link #run(LitmusTest, SearchLimits, Goal)} under the model variant {@code spec}. */
  public static SearchResult run(
      LitmusTest test, SearchLimits limits, Goal goal, ModelSpec spec) {
    DecisionSearch s = new DecisionSearch(test, limits, goal, spec);
    Optional<String> limit = Optional.empty();
    try {
      s.search();
    } catch (Stop stop) {
      if (stop == MIXED) {
        return exhaustive(test, limits, goal, spec);
      }
      if (!s.found) {
        limit = Optional.of(stop.getMessage());
      }
    } catch (Budget.Exhausted e) {
      limit = Optional.of(e.limit());
    }
    return new SearchResult(
        s.outcomes.outcomes(), s.cuts.hit(), s.deadlock, limit, s.budget.candidates(), Map.of())
        .withLoopCuts(s.cuts.resolve(Optional.of(spec), test, s.locations));
  }

  /** A witness, or why there is none. */
  public record WitnessResult(Optional<ExecutionTrace> witness, Optional<String> limit) {}

  /**
   * Decide mode returning the witness execution itself: the first consistent execution whose
   * state satisfies the goal's target, or empty with the limit that stopped the search (empty
   * limit and no witness: none exists). Tests with partially overlapping writes are searched
   * exhaustively for a witness.
   *
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link Enumerator#run}
   */
  public static WitnessResult witness(LitmusTest test, SearchLimits limits, Goal goal) {
    return witness(test, limits, goal, ModelSpec.ptx());
  }

  /** {@link #witness(LitmusTest, SearchLimits, Goal)} under the model variant {@code spec}. */
  public static WitnessResult witness(
      LitmusTest test, SearchLimits limits, Goal goal, ModelSpec spec) {
    DecisionSearch s = new DecisionSearch(test, limits, goal, spec);
    try {
      s.search();
    } catch (Stop stop) {
      if (stop == MIXED) {
        return Enumerator.firstWitness(test, limits, spec, goal.target().orElseThrow());
      }
      if (!s.found) {
        return new WitnessResult(Optional.empty(), Optional.of(stop.getMessage()));
      }
    } catch (Budget.Exhausted e) {
      return new WitnessResult(Optional.empty(), Optional.of(e.limit()));
    }
    return new WitnessResult(Optional.ofNullable(s.witness), Optional.empty());
  }

  /** Signals partially overlapping writes: the exhaustive search handles those. */
  private static final Stop MIXED = new Stop("partially overlapping writes");

  /** The exhaustive search's answer, in this search's shape (projected; target-filtered). */
  private static SearchResult exhaustive(
      LitmusTest test, SearchLimits limits, Goal goal, ModelSpec spec) {
    SearchResult all = Enumerator.run(test, limits, spec);
    SearchResult.Collector outcomes = new SearchResult.Collector(new Budget(limits));
    for (SearchResult.Outcome o : all.outcomeList()) {
      if (goal.target().isPresent() && !goal.target().get().test(o.state())) {
        continue;
      }
      Map<String, Long> state = project(o.state(), goal.observedLocations());
      outcomes.add(state, o.count());
      o.race().ifPresent(r -> outcomes.race(state, r));
      o.mixedRace().ifPresent(r -> outcomes.mixedRace(state, r));
      if (goal.target().isPresent()) {
        break;
      }
    }
    return new SearchResult(
        outcomes.outcomes(), all.boundHit(), all.deadlock(),
        outcomes.isEmpty() ? all.limit() : Optional.empty(), all.candidates(), all.rejections())
        .withLoopCuts(all.loopCuts());
  }

  /** Keeps registers and the observed locations (and their 8-byte words {@code x+8}). */
  static Map<String, Long> project(Map<String, Long> full, Set<String> locations) {
    Map<String, Long> projected = new HashMap<>();
    for (Map.Entry<String, Long> e : full.entrySet()) {
      String key = e.getKey();
      String base = key.contains("+") ? key.substring(0, key.indexOf('+')) : key;
      if (key.contains(":") || locations.contains(base)) {
        projected.put(key, e.getValue());
      }
    }
    return Map.copyOf(projected);
  }

  private void search() {
    StateSpaceCheck.check(test, locations);
    // The cuts are known before a limit or a witness can stop the walk: unfolding happens
    // first.
    ThreadUnfolder.forEachPathCombination(
        test, locations, limits.loopBound(), false, budget, cuts,
        combo -> new Space(combo).explore());
  }

  private void tick() {
    budget.candidate();
  }

  /** The search over one choice of paths. */
  private final class Space extends ExecutionSpace {
    private final EventSet fences;
    private final Relation fencePairs;
    private final Relation requiredWrites;
    private final List<List<Integer>> groups;
    private final List<Integer> observedGroups = new ArrayList<>();
    private final Relation writePairs;
    /** The writes chosen last in their coherence group for the current state. */
    private EventSet lastWrites;

    @Override
    void step() {
      budget.step();
    }

    Space(List<ThreadPath> paths) {
      super(DecisionSearch.this.test, DecisionSearch.this.locations, paths, spec);
      fences = EventSet.fromPredicate(n, i -> events.get(i).isFenceSc());
      fencePairs = model.fenceScPairs();
      groups = coherenceGroups();
      EventSet program = model.writes().intersection(nonInit());
      writePairs = model.overlap().restrict(program, program);
      requiredWrites = model.coherenceRequired();
      for (int g = 0; g < groups.size(); g++) {
        String loc = events.get(groups.get(g).get(0)).physical();
        boolean observed =
            goal.observedLocations().stream()
                .anyMatch(
                    name ->
                        locations.get(name).map(i -> i.physical().equals(loc)).orElse(false));
        if (observed) {
          observedGroups.add(g);
        }
      }
    }

    private EventSet nonInit() {
      return EventSet.fromPredicate(n, i -> !events.get(i).isInit());
    }

    void explore() {
      step(); // one choice of paths, even when nothing of it is searched
      lastWrites = EventSet.empty(n);
      if (groups.stream().anyMatch(this::mixedGroup)) {
        throw MIXED;
      }
      if (everyReadHasASource() && rmwSourcesMatch()) {
        chooseRf(0);
      }
    }

    private boolean mixedGroup(List<Integer> group) {
      Event first = events.get(group.get(0));
      return group.stream().anyMatch(w -> !events.get(w).sameVirtualRange(first)
          || events.get(w).offset() != first.offset() || events.get(w).size() != first.size());
    }

    private void chooseRf(int i) {
      if (i == segments.size()) {
        withReductionGuesses(this::afterRf);
        return;
      }
      Segment seg = segments.get(i);
      boolean last = i + 1 == segments.size() || segments.get(i + 1).read() != seg.read();
      for (int w : seg.sources()) {
        step();
        if (!pinnedAllows(seg, w) || (last && !valueAllows(seg.read(), w))) {
          continue;
        }
        choose(seg, w);
        assigned[seg.read()] = last;
        if (!last
            || (constraintsMayHold() && rmwSourceFree(seg.read(), w) && rmwSourcesMatch()
                && prefixMayHold())) {
          chooseRf(i + 1);
        }
      }
      assigned[seg.read()] = false;
    }

    /**
     * Decide mode: a register the target pins to a constant that is loaded straight from a
     * read can only take that value, so a source whose value is known and differs is skipped.
     */
    private boolean pinnedAllows(Segment seg, int w) {
      if (goal.pinnedRegisters().isEmpty() || segments.stream().filter(s -> s.read() == seg.read()).count() > 1) {
        return true;
      }
      Event read = events.get(seg.read());
      ThreadPath path = paths.get(read.thread());
      int local = seg.read() - threadBase[read.thread()];
      for (Map.Entry<String, Expr> r : path.registers().entrySet()) {
        Long pinned = goal.pinnedRegisters().get("P" + read.thread() + ":" + r.getKey());
        if (pinned == null
            || !(r.getValue() instanceof Expr.ReadValue rv)
            || rv.readIndex() != local) {
          continue;
        }
        Optional<Long> known = staticValue(w);
        if (known.isPresent()
            && Op.normalize(known.get(), read.size() * 8, pathEvents.get(seg.read()).signed())
                != pinned) {
          return false;
        }
      }
      return true;
    }

    private void afterRf() {
      withTornVariants(this::afterRfChoice);
    }

    private void afterRfChoice() {
      tick();
      try {
        if (!computeValues()) {
          return;
        }
      } catch (ValueCycle cycle) {
        return; // 8.10.4: a value that depends on itself is thin air
      }
      Relation rf = readsFrom();
      if (model.noThinAir(rf).isPresent()) {
        return;
      }
      PtxModel.Observed observed = model.observed(rf);
      Optional<Relation> cluster = clusterBarrierSync();
      if (cluster.isEmpty()) {
        deadlock = true;
        return;
      }
      for (BarrierPhases.Option bar : barrierOptions()) {
        if (bar.stuck()) {
          deadlock = true;
          continue;
        }
        if (!reductionsHold(bar)) {
          continue;
        }
        Relation barrierSync = bar.sync().union(cluster.get());
        if (!model.programOrder().union(barrierSync).isAcyclic()) {
          deadlock = true;
          continue;
        }
        chooseLastWrites(new Fixed(observed, barrierSync, bar.phaseOrder()), 0, new int[groups.size()]);
      }
    }

    /** What the rf and barrier choices fix. */
    private record Fixed(PtxModel.Observed observed, Relation barrierSync, Relation phaseOrder) {
      Relation rf() {
        return observed.rf();
      }
    }

    /** For each observed group, which write is last (its value is the final value). */
    private void chooseLastWrites(Fixed fixed, int k, int[] last) {
      if (k == observedGroups.size()) {
        Map<String, Long> state = state(last);
        if (goal.target().isPresent() && !goal.target().get().test(state)) {
          return;
        }
        if (goal.target().isEmpty() && outcomes.contains(state)) {
          return; // this state already has a witness
        }
        Relation lastEdges = lastEdges(last);
        int[] chosen = java.util.Arrays.copyOf(last, observedGroups.size());
        lastWrites = EventSet.of(n, chosen);
        Optional<Result> r = solve(fixed, Relation.empty(n), lastEdges);
        if (r.isPresent()) {
          record(state, r.get(), fixed);
        }
        return;
      }
      for (int w : groups.get(observedGroups.get(k))) {
        last[k] = w;
        chooseLastWrites(fixed, k + 1, last);
      }
    }

    /** co edges that make each chosen write co-after the required partners in its group. */
    private Relation lastEdges(int[] last) {
      Relation.Builder b = Relation.builder(n);
      for (int k = 0; k < observedGroups.size(); k++) {
        for (int w : groups.get(observedGroups.get(k))) {
          if (w != last[k] && requiredWrites.contains(w, last[k])) {
            b.add(w, last[k]);
          }
        }
      }
      return b.build();
    }

    private Map<String, Long> state(int[] last) {
      int[] rank = new int[n];
      for (int k = 0; k < observedGroups.size(); k++) {
        rank[last[k]] = 1;
      }
      return project(finalState(finalMemory(rank)), goal.observedLocations());
    }

    private void record(Map<String, Long> state, Result r, Fixed fixed) {
      tick();
      outcomes.add(state, 1);
      if (witness == null) {
        Relation races = model.dataRaces(r.causal().cause());
        List<int[]> pairs = new ArrayList<>();
        races.forEach((a, b) -> pairs.add(new int[] {a, b}));
        witness =
            new ExecutionTrace(
                events, model.programOrder(), fixed.rf(), r.co(),
                model.fromReads(byteSources, r.co()),
                r.causal().sw(), r.sc(), Optional.empty(),
                Optional.of(state), pairs);
      }
      Relation races = model.dataRaces(r.causal().cause());
      if (!races.isEmpty()) {
        outcomes.race(state, describe(races.pairs()[0]));
      }
      Relation mixed = model.mixedSizeRaces(r.causal().cause());
      if (!mixed.isEmpty()) {
        outcomes.mixedRace(state, describe(mixed.pairs()[0]));
      }
      if (goal.target().isPresent()) {
        found = true;
        throw new Stop("witness");
      }
    }

    /** A consistent completion: its causality, Fence-SC order and coherence order. */
    private record Result(PtxModel.Causal causal, Relation sc, Relation co) {}

    /** The partial orders of one node of the backtracking. */
    private record Partial(Relation sc, Relation co) {}

    /**
     * Finds a consistent completion of the given partial Fence-SC order and coherence edges,
     * or empty. Propagates forced edges to a fixpoint, prunes on any violation, forces pairs
     * whose one orientation fails at once, and branches on the rest.
     */
    private Optional<Result> solve(Fixed fixed, Relation sc, Relation co) {
      tick();
      Optional<Propagated> p = propagate(fixed, sc, co);
      if (p.isEmpty()) {
        return Optional.empty();
      }
      Propagated cur = p.get();
      Optional<Result> guessed = guessCompletion(fixed, cur);
      if (guessed.isPresent()) {
        return guessed;
      }
      // One-step lookahead: orientations that fail at once force the other one. Each pass
      // takes every forced orientation it meets (forcing is monotone: an orientation that fails
      // keeps failing as edges are added), until a pass forces nothing.
      boolean changed = true;
      while (changed) {
        changed = false;
        for (int[] pair : open(cur)) {
          if (ordered(cur, pair[0], pair[1])) {
            continue; // oriented by an edge forced earlier in this pass
          }
          Optional<Propagated> ab = tryEdge(fixed, cur, pair[0], pair[1]);
          Optional<Propagated> ba = tryEdge(fixed, cur, pair[1], pair[0]);
          if (ab.isEmpty() && ba.isEmpty()) {
            return Optional.empty();
          }
          if (ab.isEmpty() || ba.isEmpty()) {
            cur = ab.isEmpty() ? ba.get() : ab.get();
            changed = true;
          }
        }
      }
      List<int[]> open = open(cur);
      if (open.isEmpty()) {
        return Optional.of(new Result(cur.causal(), cur.sc(), cur.co()));
      }
      int[] pair = open.get(0);
      for (int dir = 0; dir < 2; dir++) {
        int a = dir == 0 ? pair[0] : pair[1];
        int b = dir == 0 ? pair[1] : pair[0];
        boolean fence = fences.contains(a);
        Optional<Result> r =
            solve(
                fixed,
                fence ? cur.sc().union(Relation.of(n, a, b)) : cur.sc(),
                fence ? cur.co() : cur.co().union(Relation.of(n, a, b)));
        if (r.isPresent()) {
          return r;
        }
      }
      return Optional.empty();
    }

    /**
     * One cheap guess before any lookahead or branching: orient every open pair along one
     * linear extension of what is already ordered (causality, co, the Fence-SC order), the
     * writes chosen final placed last, and propagate once. When that passes, {@link #propagate}
     * has checked every axiom on complete orders, so the guess is a consistent completion; when
     * it fails nothing is lost, the search goes on as before. Many tests have a consistent
     * completion that follows causality (issue 18: T threads × W writes to one location ask
     * for one co order ending in a given write, found here without a search).
     */
    private Optional<Result> guessCompletion(Fixed fixed, Propagated cur) {
      List<int[]> open = open(cur);
      if (open.isEmpty()) {
        return Optional.of(new Result(cur.causal(), cur.sc(), cur.co()));
      }
      Relation known = cur.causal().cause().union(cur.co()).union(cur.sc());
      Relation coGuess = readOrder(fixed.rf(), cur);
      // First along the communication edges too (a Fence-SC order that follows rf and fr,
      // as SC-like executions have), then without them (weak executions whose rf ∪ fr ∪ po
      // is cyclic).
      for (Relation order :
          List.of(known.union(coGuess).union(fixed.rf()).union(frGuess(fixed.rf(), cur, coGuess)),
              known.union(coGuess))) {
        Optional<Result> r = orientAlong(fixed, cur, open, order);
        if (r.isPresent()) {
          return r;
        }
      }
      return Optional.empty();
    }

    /** Orients every open pair along a linear extension of {@code order}, then propagates. */
    private Optional<Result> orientAlong(
        Fixed fixed, Propagated cur, List<int[]> open, Relation order) {
      Optional<int[]> position = linearExtension(order);
      if (position.isEmpty()) {
        return Optional.empty();
      }
      int[] at = position.get();
      Relation.Builder sc = Relation.builder(n).addAll(cur.sc());
      Relation.Builder co = Relation.builder(n).addAll(cur.co());
      for (int[] pair : open) {
        int a = at[pair[0]] < at[pair[1]] ? pair[0] : pair[1];
        int b = a == pair[0] ? pair[1] : pair[0];
        (fences.contains(a) ? sc : co).add(a, b);
      }
      tick();
      Optional<Propagated> done = propagate(fixed, sc.build(), co.build());
      if (done.isEmpty() || !open(done.get()).isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(new Result(done.get().causal(), done.get().sc(), done.get().co()));
    }

    /**
     * For the guess only: from-reads as the known and guessed co make it, a read pointing at
     * the overlapping writes co-after the write it reads (all of them when it reads the
     * initial value).
     */
    private Relation frGuess(Relation rf, Propagated cur, Relation coGuess) {
      Relation.Builder b = Relation.builder(n);
      rf.forEach(
          (w, r) -> {
            boolean init = events.get(w).isInit();
            EventSet others = model.overlap().successors(r);
            for (int o = others.next(0); o >= 0; o = others.next(o + 1)) {
              if (o != w
                  && !events.get(o).isInit()
                  && events.get(o).writes()
                  && (init || cur.co().contains(w, o) || coGuess.contains(w, o))) {
                b.add(r, o);
              }
            }
          });
      return b.build();
    }

    /**
     * For the guess only (propagation checks it): the co edges that reads suggest — a write
     * causality-before a read of another write goes co-before that write, and a write
     * causality-after a read goes co-after the write read (so fr points forward).
     */
    private Relation readOrder(Relation rf, Propagated cur) {
      Relation.Builder b = Relation.builder(n);
      rf.forEach(
          (w, r) -> {
            EventSet others = writePairs.successors(w);
            for (int o = others.next(0); o >= 0; o = others.next(o + 1)) {
              if (cur.causal().cause().contains(o, r)) {
                b.add(o, w);
              } else if (cur.causal().cause().contains(r, o)) {
                b.add(w, o);
              }
            }
          });
      return b.build();
    }

    /**
     * The position of each event in one linear extension of {@code order} (Kahn's algorithm;
     * among the ready events the lowest id, writes chosen final after all others), or empty
     * when {@code order} has a cycle.
     */
    private Optional<int[]> linearExtension(Relation order) {
      int[] indegree = new int[n];
      order.forEach((a, b) -> indegree[b] += a == b ? 0 : 1);
      java.util.PriorityQueue<Integer> ready =
          new java.util.PriorityQueue<>(
              java.util.Comparator.<Integer>comparingInt(e -> lastWrites.contains(e) ? 1 : 0)
                  .thenComparingInt(e -> e));
      for (int e = 0; e < n; e++) {
        if (indegree[e] == 0) {
          ready.add(e);
        }
      }
      int[] position = new int[n];
      int placed = 0;
      while (!ready.isEmpty()) {
        step();
        int e = ready.poll();
        position[e] = placed++;
        EventSet next = order.successors(e);
        for (int f = next.next(0); f >= 0; f = next.next(f + 1)) {
          if (f != e && --indegree[f] == 0) {
            ready.add(f);
          }
        }
      }
      return placed == n ? Optional.of(position) : Optional.empty();
    }

    private Optional<Propagated> tryEdge(Fixed fixed, Propagated cur, int a, int b) {
      tick();
      boolean fence = fences.contains(a);
      return propagate(
          fixed,
          fence ? cur.sc().union(Relation.of(n, a, b)) : cur.sc(),
          fence ? cur.co() : cur.co().union(Relation.of(n, a, b)));
    }

    /** Whether {@code a} and {@code b} are ordered either way in the Fence-SC order or co. */
    private boolean ordered(Propagated p, int a, int b) {
      Relation r = fences.contains(a) ? p.sc() : p.co();
      return r.contains(a, b) || r.contains(b, a);
    }

    /** Required pairs (fence.sc pairs, coherence pairs) not yet ordered either way. */
    private List<int[]> open(Propagated p) {
      List<int[]> out = new ArrayList<>();
      fencePairs.forEach(
          (a, b) -> {
            if (a < b && !p.sc().contains(a, b) && !p.sc().contains(b, a)) {
              out.add(new int[] {a, b});
            }
          });
      requiredWrites.forEach(
          (a, b) -> {
            if (a < b && !p.co().contains(a, b) && !p.co().contains(b, a)) {
              out.add(new int[] {a, b});
            }
          });
      if (!model.has(Axiom.COHERENCE)) {
        // co also relates causality-ordered overlapping writes (8.9.6); without Coherence
        // their orientation is free, so it is chosen like the others.
        Relation causeWrites = p.causal().cause().intersection(writePairs);
        causeWrites.union(causeWrites.inverse()).forEach(
            (a, b) -> {
              if (a < b && !p.co().contains(a, b) && !p.co().contains(b, a)
                  && !requiredWrites.contains(a, b)) {
                out.add(new int[] {a, b});
              }
            });
      }
      return out;
    }

    /** The closed partial orders and causality after propagation. */
    private record Propagated(Relation sc, Relation co, PtxModel.Causal causal) {}

    private Optional<Propagated> propagate(Fixed fixed, Relation sc0, Relation co0) {
      Relation sc = sc0.transitiveClosure();
      // What communication fixes already (co only grows, fr with it): the known part of co.
      Relation coKnown = co0.union(model.initialCoherence()).transitiveClosure();
      Relation frKnown = model.fromReads(byteSources, coKnown);
      PtxModel.Causal causal;
      while (true) {
        if (!sc.isAcyclic()) {
          return Optional.empty();
        }
        causal = model.causal(fixed.observed(), sc, fixed.barrierSync());
        Relation bco = causal.bco();
        // Arrivals must fit the phase order (program semantics; on po and barrier sync alone
        // when bco is cyclic). A cyclic bco (8.9.5 defines an order) prunes every completion
        // while Causality is on (8.10.6, PtxModel.baseCausalityCycle): sw only grows with sc.
        boolean order = bco.isAcyclic();
        if (!order && model.has(Axiom.CAUSALITY)) {
          return Optional.empty();
        }
        Relation base = order ? bco : model.programOrder().union(fixed.barrierSync());
        if (!base.union(fixed.phaseOrder()).isAcyclic()) {
          return Optional.empty();
        }
        // Pruning rule under 8.10.1 / 8.10.6 (PtxModel.fenceScForcedByCommunication): fence
        // pairs whose other orientation would put communication against causality.
        Relation forced =
            model.fenceScForcedByCommunication(order ? bco : Relation.empty(n), fixed.rf(),
                coKnown, frKnown);
        if (model.has(Axiom.FENCE_SC)) {
          // Pruning rule under 8.10.2 Fence-SC: the order must contain bco between its fences.
          forced = forced.union(bco.intersection(fencePairs));
        }
        if (forced.isSubsetOf(sc)) {
          break;
        }
        sc = sc.union(forced).transitiveClosure();
      }
      Relation cause = causal.cause();
      // Monotone in sc (which only grows): a violation prunes every completion.
      if (model.checkBeforeCoherence(fixed.observed(), causal, sc).isPresent()) {
        return Optional.empty();
      }
      Relation co = co0;
      if (model.has(Axiom.COHERENCE)) {
        // Pruning rule under 8.10.1 Coherence: causality between overlapping writes is in co.
        co = co.union(cause.intersection(writePairs));
      }
      co = co.transitiveClosure();
      if (!co.isAcyclic()) {
        return Optional.empty();
      }
      co = co.union(model.initialCoherence());
      if (!co.isAcyclic()) {
        return Optional.empty();
      }
      // A write chosen as final must stay co-maximal among the writes overlapping it.
      for (int w = lastWrites.next(0); w >= 0; w = lastWrites.next(w + 1)) {
        if (!co.successors(w).intersection(writePairs.successors(w)).isEmpty()) {
          return Optional.empty();
        }
      }
      // Atomicity, SC-per-Location and Causality only get harder as co grows (fr grows with
      // it), so checking the partial co prunes soundly; each is checked only when on.
      Relation fr = model.fromReads(byteSources, co);
      if (model.checkCoherence(fixed.rf(), byteSources, causal, co, fr).isPresent()) {
        return Optional.empty();
      }
      return Optional.of(new Propagated(sc, co, causal));
    }
  }
}
