package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.MemoryModel;
import io.github.ptxlitmus.model.PartialModel;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * The pruned search (model.md "Search"). Like {@link Enumerator} it picks paths, rf sources and
 * barrier
 * groupings (the same {@link RfWalk}), but it never enumerates Fence-SC or coherence total
 * orders: it keeps them partial and asks the model, through the {@link PartialModel} seam, to
 * add every edge it forces and to check the partial orders (soundly: a failure holds for every
 * completion), then orients the pairs the model still leaves open by backtracking with
 * one-step lookahead. A final state is decided by rf (registers) and the last write of each
 * observed coherence group (memory), so each such choice needs one consistent completion, not
 * all of them. It runs any model that offers {@link
 * io.github.ptxlitmus.model.MemoryModel#partialModels()}; the built-in model's is {@link
 * io.github.ptxlitmus.model.PtxPartialModel}.
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
  private final MemoryModel model;
  private final PartialModel.Factory models;
  private final Locations locations;
  private final Budget budget;
  private final SearchResult.Collector outcomes;
  private final LoopCuts cuts = new LoopCuts();
  private boolean deadlock;
  /** Some choice of paths has writes to one location that differ in range. */
  private boolean mixedSizes;
  /** The first consistent execution recorded (decide mode: the witness). */
  private ExecutionTrace witness;
  private boolean found;

  private DecisionSearch(LitmusTest test, SearchLimits limits, Goal goal, MemoryModel model) {
    this.model = model;
    this.models = model.partialModels().orElseThrow(() -> new IllegalArgumentException(
        model.name() + " offers the pruned search nothing: run it exhaustively"));
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
   * @param model a model that offers {@link MemoryModel#partialModels()}; a built-in one also
   *     clears the loop cuts that provably hide nothing ({@link SearchResult#loopCuts()})
   * @throws IllegalArgumentException when the model offers the pruned search nothing
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link Enumerator#run}
   */
  static Outcome search(LitmusTest test, SearchLimits limits, Goal goal, MemoryModel model) {
    DecisionSearch s = new DecisionSearch(test, limits, goal, model);
    Optional<String> limit = Optional.empty();
    try {
      s.searchAll();
    } catch (Budget.Exhausted e) {
      limit = Optional.of(e.limit());
    } catch (io.github.ptxlitmus.model.ModelLimitException e) {
      limit = Optional.of(e.limit()); // a model's own limit (e.g. a cat model's), as Enumerator
    }
    // A witness answers the condition whatever paths were cut: decide mode does not flag the
    // loop bound once it has one (the cuts are still given: the check judges them).
    SearchResult result = new SearchResult(
        s.outcomes.outcomes(), s.cuts.hit() && !s.found, s.deadlock, limit,
        s.budget.candidates(), Map.of())
        .withLoopCuts(s.cuts.resolve(model, test, s.locations));
    return new Outcome(result, Optional.ofNullable(s.witness), s.mixedSizes);
  }

  private void searchAll() {
    StateSpaceCheck.check(test, locations);
    // The cuts are known before a limit or a witness can stop the walk: unfolding happens
    // first.
    PathCombinations.forEach(test, locations, limits.loopBound(), false, budget,
        cuts, combo -> new Combination(combo).explore());
  }

  /** The search over one choice of paths. */
  private final class Combination {
    private final EventGraph graph;
    private final int n;
    private final PartialModel model;
    private final ReadSources sources;
    private final RfChoice choice;
    private final List<List<Integer>> groups;
    private final List<Integer> observedGroups = new ArrayList<>();

    Combination(List<ThreadPath> paths) {
      graph = new EventGraph(test, locations, paths, budget);
      n = graph.n;
      model = models.over(graph.structure);
      sources = new ReadSources(graph, model);
      choice = new RfChoice(graph);
      groups = graph.coherenceGroups();
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
      RfWalk walk = new RfWalk(graph, sources, choice, model,
          new RmwSources(graph, sources, model), true, this::pinnedAllows, budget);
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
      PartialModel.Stage stage = model.readsFrom(rf, choice.byteSources);
      if (stage.violation().isPresent()) {
        return true;
      }
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
        if (!graph.structure.po().union(barrierSync).isAcyclic()) {
          deadlock = true; // program semantics: the barriers wait for each other
          continue;
        }
        Fixed fixed = new Fixed(rf, stage, barrierSync, bar.phaseOrder(), EventSet.empty(n));
        if (!chooseLastWrites(values, fixed, 0, new int[groups.size()])) {
          return false;
        }
      }
      return true;
    }

    /** For each observed group, which write is last (its value is the final value). */
    private boolean chooseLastWrites(Values values, Fixed fixed, int k, int[] last) {
      if (k == observedGroups.size()) {
        Map<String, Long> state = state(values, last);
        if (goal.target().isPresent() && !goal.target().get().test(state)) {
          return true;
        }
        if (goal.target().isEmpty() && outcomes.contains(state)) {
          return true; // this state already has a witness
        }
        Fixed withLast = fixed.withFinalWrites(
            EventSet.of(n, java.util.Arrays.copyOf(last, observedGroups.size())));
        Optional<PartialModel.Node> r = solve(withLast, Relation.empty(n), Relation.empty(n));
        return r.isEmpty() || record(state, r.get(), withLast);
      }
      for (int w : groups.get(observedGroups.get(k))) {
        last[k] = w;
        if (!chooseLastWrites(values, fixed, k + 1, last)) {
          return false;
        }
      }
      return true;
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
    private boolean record(Map<String, Long> state, PartialModel.Node r, Fixed fixed) {
      budget.candidate();
      outcomes.add(state, 1);
      Relation races = r.dataRaces();
      if (witness == null) {
        List<int[]> pairs = new ArrayList<>();
        races.forEach((a, b) -> pairs.add(new int[] {a, b}));
        witness = new ExecutionTrace(graph.events, graph.structure.po(), fixed.rf(),
            r.coherence(), r.fromReads(), r.synchronization(), r.fenceScOrder(),
            Optional.empty(), Optional.of(state), pairs);
      }
      SearchResult.recordRaces(outcomes, state, graph, races, r.mixedSizeRaces());
      if (goal.target().isPresent()) {
        found = true;
        return false;
      }
      return true;
    }

    /** What the rf, barrier and final-write choices fix. */
    private record Fixed(Relation rf, PartialModel.Stage stage, Relation barrierSync,
        Relation phaseOrder, EventSet finalWrites) {
      Fixed withFinalWrites(EventSet writes) {
        return new Fixed(rf, stage, barrierSync, phaseOrder, writes);
      }

      Optional<PartialModel.Node> propagate(Relation sc, Relation co) {
        return stage.propagate(sc, co, barrierSync, phaseOrder, finalWrites);
      }
    }

    /**
     * Finds a consistent completion of the given partial Fence-SC order and coherence edges,
     * or empty. The model propagates forced edges and prunes on any violation; pairs whose one
     * orientation fails at once are forced the other way (one-step lookahead), and the search
     * branches on the rest.
     */
    private Optional<PartialModel.Node> solve(Fixed fixed, Relation sc, Relation co) {
      budget.candidate();
      Optional<PartialModel.Node> p = fixed.propagate(sc, co);
      if (p.isEmpty()) {
        return Optional.empty();
      }
      PartialModel.Node cur = p.get();
      Optional<PartialModel.Node> guessed = guessCompletion(fixed, cur);
      if (guessed.isPresent()) {
        return guessed;
      }
      // One-step lookahead: orientations that fail at once force the other one. Each pass
      // takes every forced orientation it meets (forcing is monotone: an orientation that fails
      // keeps failing as edges are added), until a pass forces nothing.
      boolean changed = true;
      while (changed) {
        changed = false;
        for (int[] pair : cur.openPairs()) {
          if (ordered(cur, pair[0], pair[1])) {
            continue; // oriented by an edge forced earlier in this pass
          }
          Optional<PartialModel.Node> ab = tryEdge(fixed, cur, pair[0], pair[1]);
          Optional<PartialModel.Node> ba = tryEdge(fixed, cur, pair[1], pair[0]);
          if (ab.isEmpty() && ba.isEmpty()) {
            return Optional.empty();
          }
          if (ab.isEmpty() || ba.isEmpty()) {
            cur = ab.isEmpty() ? ba.get() : ab.get();
            changed = true;
          }
        }
      }
      List<int[]> open = cur.openPairs();
      if (open.isEmpty()) {
        return Optional.of(cur);
      }
      int[] pair = open.get(0);
      for (int dir = 0; dir < 2; dir++) {
        int a = dir == 0 ? pair[0] : pair[1];
        int b = dir == 0 ? pair[1] : pair[0];
        Optional<PartialModel.Node> r = solve(fixed, withEdge(cur.fenceScOrder(), a, b, true),
            withEdge(cur.coherence(), a, b, false));
        if (r.isPresent()) {
          return r;
        }
      }
      return Optional.empty();
    }

    /** Whether a → b is an edge of the Fence-SC order (else of co). */
    private boolean fenceScEdge(int a, int b) {
      return model.fenceScPairs().contains(a, b);
    }

    /** {@code order} with a → b added when it is the order (sc or co) of that pair. */
    private Relation withEdge(Relation order, int a, int b, boolean fenceOrder) {
      return fenceScEdge(a, b) == fenceOrder ? order.union(Relation.of(n, a, b)) : order;
    }

    /**
     * One cheap guess before any lookahead or branching: orient every open pair along a linear
     * extension of one of the model's {@link PartialModel.Node#guesses}, the writes chosen final
     * placed last, and propagate once. When that leaves no pair open the model has checked the
     * complete candidate; when it fails nothing is lost, the search goes on as before.
     */
    private Optional<PartialModel.Node> guessCompletion(Fixed fixed, PartialModel.Node cur) {
      List<int[]> open = cur.openPairs();
      if (open.isEmpty()) {
        return Optional.of(cur);
      }
      for (Relation order : cur.guesses()) {
        Optional<PartialModel.Node> r = orientAlong(fixed, cur, open, order);
        if (r.isPresent()) {
          return r;
        }
      }
      return Optional.empty();
    }

    /** Orients every open pair along a linear extension of {@code order}, then propagates. */
    private Optional<PartialModel.Node> orientAlong(
        Fixed fixed, PartialModel.Node cur, List<int[]> open, Relation order) {
      Optional<int[]> position = linearExtension(order, fixed.finalWrites());
      if (position.isEmpty()) {
        return Optional.empty();
      }
      int[] at = position.get();
      Relation.Builder sc = Relation.builder(n).addAll(cur.fenceScOrder());
      Relation.Builder co = Relation.builder(n).addAll(cur.coherence());
      for (int[] pair : open) {
        int a = at[pair[0]] < at[pair[1]] ? pair[0] : pair[1];
        int b = a == pair[0] ? pair[1] : pair[0];
        (fenceScEdge(a, b) ? sc : co).add(a, b);
      }
      budget.candidate();
      Optional<PartialModel.Node> done = fixed.propagate(sc.build(), co.build());
      return done.isEmpty() || !done.get().openPairs().isEmpty() ? Optional.empty() : done;
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

    private Optional<PartialModel.Node> tryEdge(
        Fixed fixed, PartialModel.Node cur, int a, int b) {
      budget.candidate();
      return fixed.propagate(withEdge(cur.fenceScOrder(), a, b, true),
          withEdge(cur.coherence(), a, b, false));
    }

    /** Whether {@code a} and {@code b} are ordered either way in the Fence-SC order or co. */
    private boolean ordered(PartialModel.Node p, int a, int b) {
      Relation r = fenceScEdge(a, b) ? p.fenceScOrder() : p.coherence();
      return r.contains(a, b) || r.contains(b, a);
    }
  }
}
