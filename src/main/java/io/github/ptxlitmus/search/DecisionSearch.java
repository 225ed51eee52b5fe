package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.model.PtxChain;
import io.github.ptxlitmus.model.PtxModel;
import io.github.ptxlitmus.model.PtxPruning;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * The pruned search (DESIGN §4). Like {@link Enumerator} it picks paths, rf sources and barrier
 * groupings (the same {@link RfWalk}), but it never enumerates Fence-SC or coherence total
 * orders: it keeps them partial, adds every edge the model's pruning rules force ({@link
 * PtxPruning}: bco between morally strong fence.sc, causality between overlapping writes, the
 * chosen final write last), checks the axioms on the partial orders — all of them only get
 * harder as edges are added, so a violation prunes every completion — and orients the remaining
 * required pairs by backtracking with one-step lookahead. A final state is decided by rf
 * (registers) and the last write of each observed coherence group (memory), so each such choice
 * needs one consistent completion, not all of them.
 *
 * <p>Two uses: the states of a test (every achievable state over the observed keys), and decide
 * mode (stop at the first consistent execution whose state satisfies a target). A choice of
 * paths whose writes to one location differ in range is not handled: {@link #search} then says
 * so, and {@link Engines} runs the exhaustive search instead.
 */
final class DecisionSearch {
  private final LitmusTest test;
  private final SearchLimits limits;
  private final Goal goal;
  private final ModelSpec spec;
  private final Locations locations;
  private final Budget budget;
  private final SearchResult.Collector outcomes;
  private boolean boundHit;
  private boolean deadlock;
  /** Some choice of paths has writes to one location that differ in range. */
  private boolean mixedSizes;
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

  /**
   * What the pruned search found: its result and the first witness, or that the test has
   * partially overlapping writes, which only the exhaustive search handles.
   *
   * @param result the states found (with a target: the one witness state, or none)
   * @param witness the first consistent execution recorded
   * @param mixedSizes the search stopped at a choice of paths with writes of different ranges
   *     to one location; {@code result} is then meaningless
   */
  record Outcome(SearchResult result, Optional<ExecutionTrace> witness, boolean mixedSizes) {}

  /**
   * Runs the pruned search. With a target, stops at the first consistent execution whose full
   * state satisfies it; the result's outcomes then hold that one state (or none). Without one,
   * finds every achievable state projected on the registers and the goal's observed
   * locations, each counted once.
   *
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link Enumerator#run}
   */
  static Outcome search(LitmusTest test, SearchLimits limits, Goal goal, ModelSpec spec) {
    DecisionSearch s = new DecisionSearch(test, limits, goal, spec);
    Optional<String> limit = Optional.empty();
    try {
      s.searchAll();
    } catch (Budget.Exhausted e) {
      limit = Optional.of(e.limit());
    }
    SearchResult result = new SearchResult(
        s.outcomes.outcomes(), s.boundHit, s.deadlock, limit, s.budget.candidates(), Map.of());
    return new Outcome(result, Optional.ofNullable(s.witness), s.mixedSizes);
  }

  private void searchAll() {
    StateSpaceCheck.check(test, locations);
    // boundHit is set before a limit can stop the walk: unfolding happens first.
    boolean hit = ThreadUnfolder.forEachPathCombination(test, locations, limits.loopBound(),
        false, budget, combo -> new Combination(combo).explore());
    // A witness answers the condition whatever paths were cut: decide mode does not flag the
    // loop bound once it has one (as before the search stopped without exceptions).
    boundHit = hit && !found;
  }

  /** The search over one choice of paths. */
  private final class Combination {
    private final EventGraph graph;
    private final int n;
    private final PtxModel model;
    private final PtxChain chain;
    private final PtxPruning pruning;
    private final ReadSources sources;
    private final RfChoice choice;
    private final EventSet fences;
    private final Relation fencePairs;
    private final Relation requiredWrites;
    private final List<List<Integer>> groups;
    private final List<Integer> observedGroups = new ArrayList<>();
    private final Relation writePairs;

    Combination(List<ThreadPath> paths) {
      graph = new EventGraph(test, locations, paths);
      n = graph.n;
      model = graph.model(spec);
      chain = new PtxChain(model);
      pruning = new PtxPruning(chain);
      sources = new ReadSources(graph, pruning);
      choice = new RfChoice(graph);
      fences = EventSet.fromPredicate(n, i -> graph.events.get(i).isFenceSc());
      fencePairs = model.fenceScPairs();
      groups = graph.coherenceGroups();
      writePairs = model.writePairs();
      requiredWrites = model.coherenceRequired();
      for (int g = 0; g < groups.size(); g++) {
        String loc = graph.events.get(groups.get(g).get(0)).physical();
        boolean observed = goal.observedLocations().stream().anyMatch(
            name -> locations.get(name).map(i -> i.physical().equals(loc)).orElse(false));
        if (observed) {
          observedGroups.add(g);
        }
      }
    }

    /** False when the search stops here: a witness was found, or sizes are mixed. */
    boolean explore() {
      budget.step(); // one choice of paths, even when nothing of it is searched
      if (groups.stream().anyMatch(this::mixedGroup)) {
        mixedSizes = true;
        return false;
      }
      RfWalk walk = new RfWalk(graph, sources, choice, pruning,
          new RmwSources(graph, sources, pruning), true, this::pinnedAllows, budget);
      return walk.walk(this::afterRf);
    }

    private boolean mixedGroup(List<Integer> group) {
      Event first = graph.events.get(group.get(0));
      return group.stream().map(graph.events::get).anyMatch(w -> !w.sameVirtualRange(first)
          || w.offset() != first.offset() || w.size() != first.size());
    }

    /**
     * Decide mode: a register the target pins to a constant that is loaded straight from a
     * read can only take that value, so a source whose value is known and differs is skipped.
     */
    private boolean pinnedAllows(int segment, int w) {
      int r = sources.segments.get(segment).read();
      if (goal.pinnedRegisters().isEmpty()
          || sources.segments.stream().filter(s -> s.read() == r).count() > 1) {
        return true;
      }
      Event read = graph.events.get(r);
      int local = r - graph.threadBase(read.thread());
      for (Map.Entry<String, Expr> reg : graph.paths.get(read.thread()).registers().entrySet()) {
        Long pinned = goal.pinnedRegisters().get("P" + read.thread() + ":" + reg.getKey());
        if (pinned == null || !(reg.getValue() instanceof Expr.ReadValue rv)
            || rv.readIndex() != local) {
          continue;
        }
        Optional<Long> known = graph.staticValue(w);
        if (known.isPresent() && Op.normalize(known.get(), read.size() * 8,
            graph.pathEvents.get(r).signed()) != pinned) {
          return false;
        }
      }
      return true;
    }

    /** One complete rf choice; false once the witness is found. */
    private boolean afterRf() {
      budget.candidate();
      Optional<Values> computed = Values.of(graph, choice);
      if (computed.isEmpty() || !computed.get().constraintsHold()) {
        return true; // 8.10.4: a value that depends on itself is thin air; or other paths
      }
      Values values = computed.get();
      Relation rf = choice.readsFrom();
      if (model.noThinAir(rf).isPresent()) {
        return true;
      }
      PtxChain.Observed observed = chain.observed(rf);
      if (graph.clusterBarrierDeadlock()) {
        deadlock = true;
        return true;
      }
      for (BarrierPhases.Option bar : Barriers.options(graph, values, budget)) {
        if (bar.stuck()) {
          deadlock = true;
          continue;
        }
        if (!Barriers.reductionsHold(graph, choice, values, bar)) {
          continue;
        }
        Relation barrierSync = model.barrierSynchronization(bar.samePhase());
        if (!model.programOrder().union(barrierSync).isAcyclic()) {
          deadlock = true;
          continue;
        }
        if (!chooseLastWrites(values, observed, barrierSync, bar.phaseOrder(), 0,
            new int[groups.size()])) {
          return false;
        }
      }
      return true;
    }

    /** For each observed group, which write is last (its value is the final value). */
    private boolean chooseLastWrites(Values values, PtxChain.Observed observed,
        Relation barrierSync, Relation phaseOrder, int k, int[] last) {
      if (k == observedGroups.size()) {
        Map<String, Long> state = state(values, last);
        if (goal.target().isPresent() && !goal.target().get().test(state)) {
          return true;
        }
        if (goal.target().isEmpty() && outcomes.contains(state)) {
          return true; // this state already has a witness
        }
        Fixed fixed = new Fixed(observed, barrierSync, phaseOrder,
            EventSet.of(n, java.util.Arrays.copyOf(last, observedGroups.size())));
        Optional<Result> r = solve(fixed, Relation.empty(n), lastEdges(last));
        return r.isEmpty() || record(state, r.get(), fixed);
      }
      for (int w : groups.get(observedGroups.get(k))) {
        last[k] = w;
        if (!chooseLastWrites(values, observed, barrierSync, phaseOrder, k + 1, last)) {
          return false;
        }
      }
      return true;
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

    private Map<String, Long> state(Values values, int[] last) {
      int[] rank = new int[n];
      for (int k = 0; k < observedGroups.size(); k++) {
        rank[last[k]] = 1;
      }
      return SearchResult.project(
          FinalStates.state(graph, values, FinalStates.memory(graph, values, rank)),
          goal.observedLocations());
    }

    /** Records a consistent execution's state; false when it is the witness sought. */
    private boolean record(Map<String, Long> state, Result r, Fixed fixed) {
      budget.candidate();
      outcomes.add(state, 1);
      Relation races = model.dataRaces(r.causal().cause());
      if (witness == null) {
        List<int[]> pairs = new ArrayList<>();
        races.forEach((a, b) -> pairs.add(new int[] {a, b}));
        witness = new ExecutionTrace(graph.events, model.programOrder(), fixed.rf(), r.co(),
            model.fromReads(choice.byteSources, r.co()), r.causal().sw(), r.sc(),
            Optional.empty(), Optional.of(state), pairs);
      }
      SearchResult.recordRaces(outcomes, state, graph, model, r.causal().cause());
      if (goal.target().isPresent()) {
        found = true;
        return false;
      }
      return true;
    }

    /** What the rf, barrier and final-write choices fix. */
    private record Fixed(PtxChain.Observed observed, Relation barrierSync, Relation phaseOrder,
        EventSet lastWrites) {
      Relation rf() {
        return observed.rf();
      }
    }

    /** A consistent completion: its causality, Fence-SC order and coherence order. */
    private record Result(PtxChain.Causal causal, Relation sc, Relation co) {}

    /** The closed partial orders and causality after propagation. */
    private record Propagated(Relation sc, Relation co, PtxChain.Causal causal) {}

    /**
     * Finds a consistent completion of the given partial Fence-SC order and coherence edges,
     * or empty. Propagates forced edges to a fixpoint, prunes on any violation, forces pairs
     * whose one orientation fails at once, and branches on the rest.
     */
    private Optional<Result> solve(Fixed fixed, Relation sc, Relation co) {
      budget.candidate();
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
        Optional<Result> r = solve(fixed, withEdge(cur.sc(), a, b, true),
            withEdge(cur.co(), a, b, false));
        if (r.isPresent()) {
          return r;
        }
      }
      return Optional.empty();
    }

    /** {@code order} with a → b added when it is the order (sc or co) of that pair. */
    private Relation withEdge(Relation order, int a, int b, boolean fenceOrder) {
      return fences.contains(a) == fenceOrder ? order.union(Relation.of(n, a, b)) : order;
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
      // First along the communication edges too (a Fence-SC order that follows rf and fr, as
      // SC-like executions have), then without them (weak executions whose rf ∪ fr ∪ po is
      // cyclic).
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
      Optional<int[]> position = linearExtension(order, fixed.lastWrites());
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
      budget.candidate();
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
      rf.forEach((w, r) -> {
        boolean init = graph.events.get(w).isInit();
        EventSet others = model.overlap().successors(r);
        for (int o = others.next(0); o >= 0; o = others.next(o + 1)) {
          Event other = graph.events.get(o);
          if (o != w && !other.isInit() && other.writes()
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
      Relation cause = cur.causal().cause();
      rf.forEach((w, r) -> {
        EventSet others = writePairs.successors(w);
        for (int o = others.next(0); o >= 0; o = others.next(o + 1)) {
          if (cause.contains(o, r)) {
            b.add(o, w);
          } else if (cause.contains(r, o)) {
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
    private Optional<int[]> linearExtension(Relation order, EventSet lastWrites) {
      int[] indegree = new int[n];
      order.forEach((a, b) -> indegree[b] += a == b ? 0 : 1);
      PriorityQueue<Integer> ready = new PriorityQueue<>(
          Comparator.<Integer>comparingInt(e -> lastWrites.contains(e) ? 1 : 0)
              .thenComparingInt(e -> e));
      for (int e = 0; e < n; e++) {
        if (indegree[e] == 0) {
          ready.add(e);
        }
      }
      int[] position = new int[n];
      int placed = 0;
      while (!ready.isEmpty()) {
        budget.step();
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
      budget.candidate();
      return propagate(fixed, withEdge(cur.sc(), a, b, true), withEdge(cur.co(), a, b, false));
    }

    /** Whether {@code a} and {@code b} are ordered either way in the Fence-SC order or co. */
    private boolean ordered(Propagated p, int a, int b) {
      Relation r = fences.contains(a) ? p.sc() : p.co();
      return r.contains(a, b) || r.contains(b, a);
    }

    /**
     * The pairs the model requires ordered (the fence.sc pairs of the Fence-SC order, the
     * pairs co relates) and not yet ordered either way.
     */
    private List<int[]> open(Propagated p) {
      List<int[]> out = new ArrayList<>();
      fencePairs.forEach((a, b) -> {
        if (a < b && !p.sc().contains(a, b) && !p.sc().contains(b, a)) {
          out.add(new int[] {a, b});
        }
      });
      addOpen(requiredWrites, p, out);
      if (!model.has(Axiom.COHERENCE)) {
        // co also relates causality-ordered overlapping writes (8.9.6); without Coherence
        // their orientation is free, so it is chosen like the others.
        addOpen(model.coherencePairs(p.causal().cause()).difference(requiredWrites), p, out);
      }
      return out;
    }

    private void addOpen(Relation pairs, Propagated p, List<int[]> out) {
      pairs.forEach((a, b) -> {
        if (a < b && !p.co().contains(a, b) && !p.co().contains(b, a)) {
          out.add(new int[] {a, b});
        }
      });
    }

    private Optional<Propagated> propagate(Fixed fixed, Relation sc0, Relation co0) {
      Relation sc = sc0.transitiveClosure();
      // What communication fixes already (co only grows, fr with it): the known part of co.
      Relation coKnown = co0.union(model.initialWritesFirst()).transitiveClosure();
      Relation frKnown = model.fromReads(choice.byteSources, coKnown);
      PtxChain.Causal causal;
      while (true) {
        if (!sc.isAcyclic()) {
          return Optional.empty();
        }
        causal = chain.causal(fixed.observed(), sc, fixed.barrierSync());
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
        // Pruning rules (PtxPruning): Fence-SC edges forced by communication and by causality.
        Relation forced = pruning.fenceScForcedByCommunication(
            order ? bco : Relation.empty(n), fixed.rf(), coKnown, frKnown)
            .union(pruning.fenceScForcedByCausality(bco));
        if (forced.isSubsetOf(sc)) {
          break;
        }
        sc = sc.union(forced).transitiveClosure();
      }
      // Monotone in sc (which only grows): a violation prunes every completion.
      if (chain.checkBeforeCoherence(fixed.observed(), causal, sc).isPresent()) {
        return Optional.empty();
      }
      // Pruning rule (PtxPruning, Coherence): causality between overlapping writes is in co.
      Relation co = co0.union(pruning.coherenceForcedByCausality(causal.cause()))
          .transitiveClosure();
      if (!co.isAcyclic()) {
        return Optional.empty();
      }
      co = co.union(model.initialWritesFirst());
      if (!co.isAcyclic()) {
        return Optional.empty();
      }
      // A write chosen as final must stay co-maximal among the writes overlapping it.
      EventSet last = fixed.lastWrites();
      for (int w = last.next(0); w >= 0; w = last.next(w + 1)) {
        if (!co.successors(w).intersection(writePairs.successors(w)).isEmpty()) {
          return Optional.empty();
        }
      }
      // Atomicity, SC-per-Location and Causality only get harder as co grows (fr grows with
      // it), so checking the partial co prunes soundly; each is checked only when on.
      Relation fr = model.fromReads(choice.byteSources, co);
      if (chain.checkCoherence(fixed.rf(), choice.byteSources, causal, co, fr).isPresent()) {
        return Optional.empty();
      }
      return Optional.of(new Propagated(sc, co, causal));
    }
  }
}
