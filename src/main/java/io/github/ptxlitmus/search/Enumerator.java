package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.ThreadSpec;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.CandidateExecution;
import io.github.ptxlitmus.model.MemoryModel;
import io.github.ptxlitmus.model.ModelLimitException;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.model.PtxModel;
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
  private final LoopCuts cuts = new LoopCuts();
  private boolean deadlock;
  /** Explain mode: the states to explain; empty in the normal search. */
  private final Optional<Predicate<Map<String, Long>>> target;
  private final List<ExecutionTrace> traces = new ArrayList<>();
  /** Axioms whose rf pruning rule removed candidates before enumeration. */
  private final Set<Axiom> pruned = java.util.EnumSet.noneOf(Axiom.class);
  /** Loops that may spin forever ({@code P1 line 12}), found through stuck paths. */
  private final java.util.TreeSet<String> nonTerminating = new java.util.TreeSet<>();
  /** The foreign model's flags raised by some allowed execution (cat {@code flag} checks). */
  private final java.util.TreeSet<String> modelFlags = new java.util.TreeSet<>();
  /** The built-in model whose switched-on axioms the search checks and prunes on. */
  private final ModelSpec spec;
  /** A model the search does not know (e.g. a cat file): judged on every complete candidate. */
  private final Optional<MemoryModel> foreign;

  /** The most traces an explanation keeps. */
  public static final int MAX_TRACES = 2_000;

  private Enumerator(
      LitmusTest test,
      SearchLimits limits,
      MemoryModel model,
      Optional<Predicate<Map<String, Long>>> target) {
    if (model instanceof ModelSpec builtIn) {
      this.spec = builtIn;
      this.foreign = Optional.empty();
    } else {
      // No built-in axiom on: no pruning, every candidate reaches the foreign check.
      this.spec = ModelSpec.ptx().withAxioms(java.util.EnumSet.noneOf(Axiom.class));
      this.foreign = Optional.of(model);
    }
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
    return run(test, limits, ModelSpec.ptx());
  }

  /**
   * Searches all candidate executions of {@code test} under {@code model}: a built-in {@link
   * ModelSpec}, or any {@link MemoryModel}, which is then asked about every candidate.
   *
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link #run(LitmusTest,
   *     SearchLimits)}
   */
  public static SearchResult run(LitmusTest test, SearchLimits limits, MemoryModel model) {
    Enumerator e = new Enumerator(test, limits, model, Optional.empty());
    Optional<String> limit = Optional.empty();
    try {
      e.search();
    } catch (Budget.Exhausted r) {
      limit = Optional.of(r.limit());
    } catch (ModelLimitException r) {
      limit = Optional.of(r.limit());
    }
    return new SearchResult(
        e.outcomes.outcomes(), e.cuts.hit(), e.deadlock, limit, e.budget.candidates(),
        e.rejections, List.copyOf(e.nonTerminating), List.copyOf(e.modelFlags))
        .withLoopCuts(e.cuts.resolve(
            e.foreign.isPresent() ? Optional.empty() : Optional.of(e.spec), test, e.locations));
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
    return explain(test, limits, ModelSpec.ptx(), target);
  }

  /** {@link #explain(LitmusTest, SearchLimits, Predicate)} under {@code model}. */
  public static ExplainResult explain(
      LitmusTest test, SearchLimits limits, MemoryModel model,
      Predicate<Map<String, Long>> target) {
    Enumerator e = new Enumerator(test, limits, model, Optional.of(target));
    Optional<String> limit = Optional.empty();
    try {
      e.search();
    } catch (Budget.Exhausted r) {
      limit = Optional.of(r.limit());
    } catch (ModelLimitException r) {
      limit = Optional.of(r.limit());
    }
    if (limit.isEmpty() && e.traces.size() >= MAX_TRACES) {
      limit = Optional.of("at most " + MAX_TRACES + " candidates listed");
    }
    return new ExplainResult(List.copyOf(e.traces), limit, Set.copyOf(e.pruned));
  }

  /**
   * The candidates found by {@link #explain}, and the limit that stopped the listing (then the
   * list is partial).
   */
  /**
   * The listed candidates, the limit hit if any, and the axioms whose rf pruning rule (rf from a
   * po-later write to the read's own address: {@code PtxModel.readFromRuleAxiom}) removed
   * candidates that the listing therefore does not contain.
   */
  public record ExplainResult(
      List<ExecutionTrace> traces, Optional<String> limit, Set<Axiom> pruned) {}

  /** The first consistent trace satisfying {@code target}, exhaustively (for mixed sizes). */
  static DecisionSearch.WitnessResult firstWitness(
      LitmusTest test, SearchLimits limits, MemoryModel model,
      Predicate<Map<String, Long>> target) {
    ExplainResult r = explain(test, limits, model, target);
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
    return estimate(test, SearchLimits.unlimited(loopBound), registerKeys);
  }

  /**
   * As {@link #estimate(LitmusTest, int, java.util.Set)}, within the time limit and
   * interruption of {@code limits} (unfolding the paths of a test with a large loop bound can
   * take long).
   *
   * @param limits the loop bound, and the deadline the unfolding is stopped at
   * @param registerKeys the {@code P<i>:<reg>} keys whose values the states show
   * @return the estimate
   * @throws Budget.Exhausted when the deadline passes or the thread is interrupted; its message
   *     names the limit
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link #run}
   */
  public static Estimate estimate(
      LitmusTest test, SearchLimits limits, java.util.Set<String> registerKeys) {
    int loopBound = limits.loopBound();
    Budget budget = new Budget(limits);
    Locations locations = Locations.of(test);
    double combos = 0;
    List<ThreadPath> shortest = new ArrayList<>();
    List<PathEvent> memory = new ArrayList<>();
    for (ThreadSpec t : test.threads()) {
      List<ThreadPath> paths =
          ThreadUnfolder.unfold(t, test.registerInits(), locations, loopBound, budget)
              .paths().stream()
              .filter(p -> p.stuck().isEmpty())
              .toList();
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
    ExecutionSpace x = new ExecutionSpace(test, locations, shortest, ModelSpec.ptx());
    double candidates = combos + x.model.fenceScPairs().count() / 2.0;
    // A tearable segment (8.9.7) may take each differing byte from any of its sources.
    double[] readLog2 = new double[x.n];
    for (int i = 0; i < x.segments.size(); i++) {
      double choices = x.choicesLog2(i);
      candidates += choices;
      readLog2[x.segments.get(i).read()] += choices;
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
        states += readLog2[x.threadBase[t] + rv.readIndex()];
      }
    }
    return new Estimate(candidates, states, partiallyOverlapping(memory, locations));
  }

  private static double log2(double v) {
    return Math.log(v) / Math.log(2);
  }

  private static boolean partiallyOverlapping(List<PathEvent> memory, Locations locations) {
    // Some pair of accesses to one physical location differs in offset or width exactly when
    // some access differs from the first one seen there.
    Map<String, PathEvent> first = new java.util.HashMap<>();
    for (PathEvent a : memory) {
      PathEvent b = first.putIfAbsent(locations.get(a.location()).orElseThrow().physical(), a);
      if (b != null && (a.offset() != b.offset() || a.bits() != b.bits())) {
        return true;
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
    // The cuts are known before a limit can stop the walk: unfolding happens first.
    ThreadUnfolder.forEachPathCombination(
        test, locations, limits.loopBound(), !explaining() && foreign.isEmpty(), budget, cuts,
        combo -> new Candidate(combo).explore());
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

  /** A stuck choice of paths has shown its loops spinning forever: nothing more to learn. */
  private static final class LoopsFound extends RuntimeException {
    private static final long serialVersionUID = 1L;

    LoopsFound() {
      super(null, null, false, false);
    }
  }

  private static final LoopsFound LOOPS_FOUND = new LoopsFound();

  /** The events of one choice of paths, and the search over the remaining choices. */
  private final class Candidate extends ExecutionSpace {
    /** Some thread ends spinning in a loop: the candidate yields no state (issue 15). */
    private final boolean stuck;

    Candidate(List<ThreadPath> paths) {
      super(Enumerator.this.test, Enumerator.this.locations, paths, spec);
      Enumerator.this.pruned.addAll(pruned);
      stuck = paths.stream().anyMatch(p -> p.stuck().isPresent());
    }

    @Override
    void step() {
      Enumerator.this.step();
    }

    void explore() {
      step(); // one choice of paths, even when nothing of it is searched
      // A choice with stuck paths yields no state: all it can add are its loops (and a
      // deadlock on an mbarrier). Once those are known, its candidates cannot change the result.
      if (stuck && nonTerminating.containsAll(stuckLoops()) && (deadlock || !stuckOnMbarrier())) {
        return;
      }
      // Pruning rules (ExecutionSpace): a read no source of which its branches accept, or
      // RMWs that cannot all have distinct sources, leave this choice of paths without
      // candidates.
      if (everyReadHasASource() && (explaining() || rmwSourcesMatch())) {
        try {
          chooseRf(0);
        } catch (LoopsFound done) {
          // the rest of this choice's candidates can only find the same loops again
        }
      }
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
        if (last && (!valueAllows(seg.read(), w) || (stuck && !stuckReadMayRepeat(seg.read(), w)))) {
          continue;
        }
        for (int b : seg.bytes()) {
          byteSources[seg.read()][b - read.offset()] = w;
        }
        assigned[seg.read()] = last;
        if (!last
            || (constraintsMayHold()
                && (explaining()
                    || (rmwSourceFree(seg.read(), w) && rmwSourcesMatch() && prefixMayHold())))) {
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
        if (explaining() && model.noThinAir(rfRel).isPresent()) {
          // Values on a thin-air cycle are unconstrained: the candidate could produce the state.
          // (With No-Thin-Air off such values still cannot be computed: no state, no trace.)
          Relation none = Relation.empty(n);
          trace(
              new ExecutionTrace(events, model.programOrder(), rfRel, none, none, none, none,
                  model.noThinAir(rfRel), Optional.empty(), List.of()));
        }
        return;
      }
      // 8.10.4 No-Thin-Air needs only rf and the dependencies: pruned here when it is on.
      Optional<Violation> early = model.noThinAir(rfRel);
      if (early.isPresent() && !explaining()) {
        countCandidate();
        reject(Axiom.NO_THIN_AIR);
        return;
      }
      PtxModel.Observed observed = model.observed(rfRel);
      List<BarrierPhases.Option> barrierOptions = barrierOptions();
      Optional<Relation> clusterOption = clusterBarrierSync();
      if (clusterOption.isEmpty()) {
        countCandidate();
        deadlock |= !stuck;
        return;
      }
      Relation clusterSync = clusterOption.get();
      for (Relation sc : fenceScOrders()) {
        for (BarrierPhases.Option bar : barrierOptions) {
          countCandidate();
          if (bar.stuck()) {
            deadlock |= !stuck;
            continue;
          }
          if (!reductionsHold(bar)) {
            continue; // the bar.red results guessed are not this grouping's
          }
          Relation barrierSync = bar.sync().union(clusterSync);
          PtxModel.Causal causal = model.causal(observed, sc, barrierSync);
          if (!causal.bco().isAcyclic()
              && !model.programOrder().union(barrierSync).isAcyclic()) {
            deadlock |= !stuck; // program semantics: the barriers wait for each other
            continue;
          }
          // Program semantics: arrivals cannot happen in this phase order (checked on bco when
          // it is an order, else on po and barrier synchronization alone). A bco made cyclic by
          // pattern or Fence-SC synchronization is a consistency matter: Causality (8.10.6,
          // PtxModel.baseCausalityCycle) rejects it in checkBeforeCoherence below, only while on.
          Relation base = causal.bco().isAcyclic()
              ? causal.bco()
              : model.programOrder().union(barrierSync);
          if (!base.union(bar.phaseOrder()).isAcyclic()) {
            continue;
          }
          // Pruning rule: these axioms need no coherence order; a violation here holds for
          // every coherence order, so the candidates are rejected at once (explain mode keeps
          // them to name the axiom).
          Optional<Violation> before = model.checkBeforeCoherence(observed, causal, sc);
          if (before.isPresent()) {
            reject(before.get().axiom());
            if (!explaining()) {
              continue;
            }
          }
          chooseCoherence(new Choices(observed, causal, sc, barrierSync, before));
        }
      }
    }

    /** What is fixed before the coherence order is chosen. */
    private record Choices(
        PtxModel.Observed observed,
        PtxModel.Causal causal,
        Relation sc,
        Relation barrierSync,
        Optional<Violation> early) {}

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

    /**
     * Depth-first walk over the orientations of {@code pairs}, one per {@link #next()}. The
     * edges chosen so far are kept once, as a stack (one edge per depth), not as one relation
     * per depth: a ring of 512 fence.sc has 130,816 pairs, and a relation per depth of 1,537
     * events each took gigabytes (QA, issue 18).
     */
    private final class Orientations implements java.util.Iterator<Relation> {
      private final List<int[]> pairs;
      /** The next direction to try per depth (0: a→b, 1: b→a, 2: both tried). */
      private final int[] dir;
      /** The edge chosen at each depth below {@link #depth} (source, target). */
      private final int[] from;
      private final int[] to;
      /** Successors of each event in the chosen edges, for the cycle test. */
      private final List<List<Integer>> successors = new ArrayList<>();
      private int depth;
      private Relation ready;

      Orientations(List<int[]> pairs) {
        this.pairs = pairs;
        this.dir = new int[pairs.size() + 1];
        this.from = new int[pairs.size()];
        this.to = new int[pairs.size()];
        for (int i = 0; i < n; i++) {
          successors.add(new ArrayList<>(2));
        }
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
            Relation.Builder b = Relation.builder(n);
            for (int i = 0; i < k; i++) {
              b.add(from[i], to[i]);
            }
            pop();
            return b.build().transitiveClosure();
          }
          if (dir[depth] == 2) {
            dir[depth] = 0;
            pop();
            continue;
          }
          int[] p = pairs.get(depth);
          int d = dir[depth]++;
          int a = d == 0 ? p[0] : p[1];
          int c = d == 0 ? p[1] : p[0];
          // The chosen edges are acyclic; with a → c they stay so unless c reaches a.
          if (!reaches(c, a)) {
            from[depth] = a;
            to[depth] = c;
            successors.get(a).add(c);
            depth++;
          }
        }
        return null;
      }

      /**
       * Back to the depth before, removing the edge chosen there (a depth is only left
       * downwards after choosing an edge, so the depth returned to always has one).
       */
      private void pop() {
        depth--;
        if (depth >= 0) {
          List<Integer> out = successors.get(from[depth]);
          out.remove(out.size() - 1);
        }
      }

      private boolean reaches(int start, int goal) {
        if (start == goal) {
          return true;
        }
        java.util.BitSet seen = new java.util.BitSet(n);
        java.util.ArrayDeque<Integer> work = new java.util.ArrayDeque<>();
        work.push(start);
        seen.set(start);
        while (!work.isEmpty()) {
          for (int next : successors.get(work.pop())) {
            if (next == goal) {
              return true;
            }
            if (!seen.get(next)) {
              seen.set(next);
              work.push(next);
            }
          }
        }
        return false;
      }
    }

    // ---- coherence (8.9.6) and the remaining axioms ----------------------------------------

    /**
     * Walks the coherence total orders, one linear extension of {@code constraint} per
     * coherence group, generated lazily group by group (a list of them grows as the factorial
     * of the writes).
     * When co keeps every pair of every group ({@link #coherenceInjective}), distinct total
     * orders give distinct co and nothing needs remembering; otherwise the (co, memory) pairs
     * seen are kept, charged to the budget.
     */
    private void chooseCoherence(Choices choices) {
      // Pruning rule, sound while Coherence (8.10.1) is on: only the linear extensions of
      // causality, since an order against cause on two overlapping writes breaks Coherence.
      // Explanations (and Coherence off) take every order, so Coherence can be named.
      Relation constraint =
          model.has(Axiom.COHERENCE) && !explaining() ? choices.causal().cause() : Relation.empty(n);
      gaps = Relation.empty(n);
      if (!explaining() && foreign.isEmpty()) {
        // Pruning rules under SC-per-Location and Atomicity (PtxModel.coherenceForcedByReadsFrom,
        // atomicityGaps): an RMW follows a morally strong write it reads, and nothing morally
        // strong with it comes between the two.
        constraint =
            constraint.union(model.coherenceForcedByReadsFrom(choices.observed().rf()))
                .transitiveClosure();
        gaps = model.atomicityGaps(byteSources);
      }
      if (stuck) {
        // Only orders in which the stuck iterations may repeat forever (spinningForever).
        constraint = constraint.union(stuckCoherenceConstraint()).transitiveClosure();
      }
      List<List<Integer>> groups = coherenceGroups();
      Set<Object> seen =
          foreign.isPresent() || coherenceInjective(groups, choices.causal().cause())
              ? null
              : new HashSet<>();
      extendGroup(groups, 0, new ArrayList<>(), new ArrayList<>(), choices, constraint, seen);
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
     * Extends the order of group {@code g} (its {@code prefix} chosen) by every write whose
     * {@code constraint} predecessors are placed, then the next groups.
     */
    private void extendGroup(
        List<List<Integer>> groups,
        int g,
        List<Integer> prefix,
        List<List<Integer>> chosen,
        Choices choices,
        Relation constraint,
        Set<Object> seen) {
      step();
      if (g == groups.size()) {
        checkComplete(chosen, choices, seen);
        return;
      }
      List<Integer> group = groups.get(g);
      if (prefix.size() == group.size()) {
        chosen.add(List.copyOf(prefix));
        extendGroup(groups, g + 1, new ArrayList<>(), chosen, choices, constraint, seen);
        chosen.remove(chosen.size() - 1);
        return;
      }
      Relation cause = constraint;
      for (int w : group) {
        if (prefix.contains(w)) {
          continue;
        }
        boolean ready = true;
        for (int other : group) {
          if (other != w && !prefix.contains(other)
              && (cause.contains(other, w) || (gaps.contains(other, w) && sourcePlaced(other, prefix)))) {
            ready = false;
            break;
          }
        }
        if (!ready) {
          continue;
        }
        prefix.add(w);
        extendGroup(groups, g, prefix, chosen, choices, constraint, seen);
        prefix.remove(prefix.size() - 1);
      }
    }

    /** Atomicity gaps of the current rf choice (see chooseCoherence). */
    private Relation gaps;

    /** Whether the write atomic {@code a} reads from is already in the order (or initial). */
    private boolean sourcePlaced(int a, List<Integer> prefix) {
      int w = byteSources[a][0];
      return events.get(w).isInit() || prefix.contains(w);
    }

    private void checkComplete(List<List<Integer>> chosen, Choices choices, Set<Object> seen) {
      Relation rfRel = choices.observed().rf();
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
      Relation total = tb.build();
      PtxModel.Derivation d =
          model.complete(choices.observed(), choices.causal(), choices.sc(), byteSources, total);
      Relation co = d.co();
      Relation cause = d.cause();
      Map<String, Long> memory = finalMemory(rank);
      // Orders with the same co and final memory are one candidate for the built-in model
      // (seen is null when they cannot repeat, and for a foreign model, which may judge each
      // total order differently: cat models see its sub-orders).
      if (seen != null) {
        if (!seen.add(List.of(co, memory))) {
          return;
        }
        budget.keep((long) n * n / 8 + Budget.stateBytes(memory.size()));
      }
      countCandidate();
      Relation fr = d.fr();
      Optional<Violation> v = choices.early();
      if (v.isEmpty()) {
        v = model.checkCoherence(rfRel, byteSources, choices.causal(), co, fr);
      }
      CandidateExecution judged = null;
      if (v.isEmpty() && foreign.isPresent()) {
        judged = candidate(rfRel, total, choices.sc(), choices.barrierSync());
        v = foreign.get().check(judged);
      }
      Map<String, Long> state = finalState(memory);
      if (explaining()) {
        if (target.get().test(state)) {
          if (judged != null && foreign.get().ownTerms()) {
            // A foreign model's own terms: the coherence order it judged by (the total order,
            // or the sub-order that passed), no PTX synchronization or data races.
            Relation shown = foreign.get().coherenceShown(judged).orElse(total);
            Relation shownFr = rfRel.inverse().compose(shown).withoutIdentity();
            trace(new ExecutionTrace(events, model.programOrder(), rfRel, shown, shownFr,
                Relation.empty(n), choices.sc(), v, Optional.of(state), List.of()));
            return;
          }
          List<int[]> races =
              v.isPresent() ? List.of() : List.of(model.dataRaces(cause).pairs());
          trace(
              new ExecutionTrace(events, model.programOrder(), rfRel, co, fr, choices.causal().sw(),
                  choices.sc(), v, Optional.of(state), races));
        }
        return;
      }
      if (v.isPresent()) {
        reject(v.get().axiom());
        return;
      }
      if (stuck) {
        List<String> loops = spinningForever(total);
        nonTerminating.addAll(loops);
        // DESIGN §6.1: waiting on an mbarrier phase that never completes is a deadlock.
        deadlock |= !loops.isEmpty() && stuckOnMbarrier();
        if (!loops.isEmpty()) {
          throw LOOPS_FOUND;
        }
        return;
      }
      outcomes.add(state, 1);
      if (judged != null) {
        modelFlags.addAll(foreign.get().flags(judged));
        if (foreign.get().ownTerms()) {
          return; // its flags are its own: PTX's data races are not reported under it
        }
      }
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
