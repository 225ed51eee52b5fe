package io.github.ptxlitmus.search;

import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.CandidateExecution;
import io.github.ptxlitmus.model.MemoryModel;
import io.github.ptxlitmus.model.ModelLimitException;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.model.PtxChain;
import io.github.ptxlitmus.model.PtxModel;
import io.github.ptxlitmus.model.PtxPartialModel;
import io.github.ptxlitmus.model.PtxPruning;
import io.github.ptxlitmus.model.Violation;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The exhaustive search (model.md "Search"): enumerates the candidate executions of a litmus test
 * and
 * keeps the consistent ones — one path per thread, an rf source for every read, a Fence-SC
 * order, a grouping of barrier arrivals into phases, and a coherence total order per location —
 * checking each axiom as soon as the choices it needs are made. It is the oracle the pruned
 * search ({@link DecisionSearch}) is checked against. One instance searches one test; it is not
 * shared between threads.
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
  private final Set<Axiom> pruned = EnumSet.noneOf(Axiom.class);
  /** Loops that may spin forever ({@code P1 line 12}), found through stuck paths. */
  private final TreeSet<String> nonTerminating = new TreeSet<>();
  /** The foreign model's flags raised by some allowed execution (cat {@code flag} checks). */
  private final TreeSet<String> modelFlags = new TreeSet<>();
  /** The built-in model whose switched-on axioms the search checks and prunes on. */
  private final ModelSpec spec;
  /** A model the search does not know (e.g. a cat file): judged on every complete candidate. */
  private final Optional<MemoryModel> foreign;

  /** The most traces an explanation keeps. */
  public static final int MAX_TRACES = 2_000;

  private Enumerator(LitmusTest test, SearchLimits limits, MemoryModel model,
      Optional<Predicate<Map<String, Long>>> target) {
    if (model instanceof ModelSpec builtIn) {
      this.spec = builtIn;
      this.foreign = Optional.empty();
    } else {
      // No built-in axiom on: no pruning, every candidate reaches the foreign check.
      this.spec = ModelSpec.ptx().withAxioms(EnumSet.noneOf(Axiom.class));
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
   * Searches all candidate executions of {@code test} under the spec's model.
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
    Optional<String> limit = e.search();
    return new SearchResult(e.outcomes.outcomes(), e.cuts.hit(), e.deadlock, limit,
        e.budget.candidates(), e.rejections, List.copyOf(e.nonTerminating),
        List.copyOf(e.modelFlags))
        .withLoopCuts(e.cuts.resolve(model, test, e.locations));
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
  public static ExplainResult explain(LitmusTest test, SearchLimits limits, MemoryModel model,
      Predicate<Map<String, Long>> target) {
    Enumerator e = new Enumerator(test, limits, model, Optional.of(target));
    Optional<String> limit = e.search();
    if (limit.isEmpty() && e.traces.size() >= MAX_TRACES) {
      limit = Optional.of("at most " + MAX_TRACES + " candidates listed");
    }
    return new ExplainResult(List.copyOf(e.traces), limit, Set.copyOf(e.pruned));
  }

  /**
   * The candidates found by {@link #explain}, and the limit that stopped the listing (then the
   * list is partial).
   *
   * @param traces the listed candidates
   * @param limit the limit hit, if any
   * @param pruned the axioms whose rf pruning rule (rf from a po-later write to the read's own
   *     address: {@code PtxPruning.readFromRuleAxiom}) removed candidates that the listing
   *     therefore does not contain
   */
  public record ExplainResult(
      List<ExecutionTrace> traces, Optional<String> limit, Set<Axiom> pruned) {}

  /** Runs the search; returns the limit that stopped it, if any. */
  private Optional<String> search() {
    try {
      StateSpaceCheck.check(test, locations);
      // The cuts are known before a limit can stop the walk: unfolding happens first.
      boolean withStuck = !explaining() && foreign.isEmpty();
      PathCombinations.forEach(test, locations, limits.loopBound(), withStuck,
          withStuck ? Optional.of(spec) : Optional.empty(), budget, cuts, combo -> {
            // A choice with stuck paths yields no state: all it can add are its loops (and a
            // deadlock on an mbarrier). Once those are known, its candidates cannot change the
            // result, and its events are not even put together.
            if (SpinLoops.nothingNew(combo, nonTerminating, deadlock)) {
              budget.step(); // one choice of paths, even when nothing of it is searched
              return true;
            }
            new Combination(combo).explore();
            return true;
          });
      return Optional.empty();
    } catch (Budget.Exhausted r) {
      return Optional.of(r.limit());
    } catch (ModelLimitException r) {
      return Optional.of(r.limit());
    }
  }

  private void trace(ExecutionTrace t) {
    if (traces.size() < MAX_TRACES) {
      traces.add(t);
    }
  }

  private void reject(Axiom axiom) {
    rejections.merge(axiom, 1L, Long::sum);
  }

  /** The search over one choice of paths. */
  private final class Combination {
    private final EventGraph graph;
    private final PtxModel model;
    private final PtxChain chain;
    private final PtxPruning pruning;
    /** The model's rf-level rules, as the shared rf walk asks them. */
    private final PtxPartialModel partial;
    private final ReadSources sources;
    private final RfChoice choice;
    private final SpinLoops spin;
    private final List<List<Integer>> groups;
    /** Some thread ends spinning in a loop: the candidate yields no state (issue 15). */
    private final boolean stuck;
    /** Atomicity gaps of the current rf choice (see chooseCoherence). */
    private Relation gaps;

    Combination(List<ThreadPath> paths) {
      graph = new EventGraph(test, locations, paths, budget);
      model = graph.model(spec);
      chain = new PtxChain(model);
      pruning = new PtxPruning(chain);
      partial = new PtxPartialModel(chain, pruning);
      sources = new ReadSources(graph, partial);
      choice = new RfChoice(graph);
      spin = new SpinLoops(graph);
      groups = graph.coherenceGroups();
      stuck = graph.stuck;
      pruned.addAll(sources.pruned);
    }

    void explore() {
      budget.step(); // one choice of paths
      RfWalk walk = new RfWalk(graph, sources, choice, partial,
          new RmwSources(graph, sources, partial), !explaining(), (i, w) -> true, budget);
      // A stuck choice stops once its loops are shown spinning forever: the rest of its
      // candidates can only find the same loops again.
      walk.walk(this::afterRf);
    }

    /** One complete rf choice (a variant); false once the loops of a stuck choice are found. */
    private boolean afterRf() {
      Relation rfRel = choice.readsFrom();
      Optional<Values> computed = Values.of(graph, choice);
      if (computed.isEmpty()) {
        budget.candidate();
        reject(Axiom.NO_THIN_AIR);
        if (explaining() && model.noThinAir(rfRel).isPresent()) {
          // Values on a thin-air cycle are unconstrained: the candidate could produce the state.
          // (With No-Thin-Air off such values still cannot be computed: no state, no trace.)
          Relation none = Relation.empty(graph.n);
          trace(new ExecutionTrace(graph.events, model.programOrder(), rfRel, none, none, none,
              none, model.noThinAir(rfRel), Optional.empty(), List.of()));
        }
        return true;
      }
      Values values = computed.get();
      if (!values.constraintsHold()) {
        return true; // this rf choice does not take these paths
      }
      if (stuck && !spin.registersRepeat(values)) {
        // A stuck choice yields only the loops spinningForever finds, and it finds none here.
        budget.candidate();
        return true;
      }
      // 8.10.4 No-Thin-Air needs only rf and the dependencies: pruned here when it is on.
      if (model.noThinAir(rfRel).isPresent() && !explaining()) {
        budget.candidate();
        reject(Axiom.NO_THIN_AIR);
        return true;
      }
      PtxChain.Observed observed = chain.observed(rfRel);
      List<BarrierPhases.Option> barrierOptions = Barriers.options(graph, values, budget);
      if (graph.clusterBarrierDeadlock()) {
        budget.candidate();
        deadlock |= !stuck;
        return true;
      }
      for (Relation sc : new FenceScOrders(model.fenceScPairs(), budget)) {
        for (BarrierPhases.Option bar : barrierOptions) {
          if (!afterBarriers(values, observed, sc, bar)) {
            return false;
          }
        }
      }
      return true;
    }

    private boolean afterBarriers(
        Values values, PtxChain.Observed observed, Relation sc, BarrierPhases.Option bar) {
      budget.candidate();
      if (bar.stuck()) {
        deadlock |= !stuck;
        return true;
      }
      if (!Barriers.reductionsHold(graph, choice, values, bar)) {
        return true; // the bar.red results guessed are not this grouping's
      }
      Relation barrierSync = model.barrierSynchronization(bar.samePhase());
      PtxChain.Causal causal = chain.causal(observed, sc, barrierSync);
      if (!causal.bco().isAcyclic() && !model.programOrder().union(barrierSync).isAcyclic()) {
        deadlock |= !stuck; // program semantics: the barriers wait for each other
        return true;
      }
      // Program semantics: arrivals cannot happen in this phase order (checked on bco when it
      // is an order, else on po and barrier synchronization alone). A bco made cyclic by
      // pattern or Fence-SC synchronization is a consistency matter: Causality (8.10.6,
      // PtxModel.baseCausalityCycle) rejects it in checkBeforeCoherence below, only while on.
      Relation base =
          causal.bco().isAcyclic() ? causal.bco() : model.programOrder().union(barrierSync);
      if (!base.union(bar.phaseOrder()).isAcyclic()) {
        return true;
      }
      // These axioms need no coherence order; a violation here holds for every coherence
      // order, so the candidates are rejected at once (explain mode keeps them to name the
      // axiom).
      Optional<Violation> before = chain.checkBeforeCoherence(observed, causal, sc);
      if (before.isPresent()) {
        reject(before.get().axiom());
        if (!explaining()) {
          return true;
        }
      }
      return chooseCoherence(values, new Choices(observed, causal, sc, barrierSync, before));
    }

    // ---- coherence (8.9.6) and the remaining axioms ----------------------------------------

    /**
     * Walks the coherence total orders, one linear extension of the constraints per coherence
     * group, generated lazily group by group (a list of them grows as the factorial of the
     * writes). When co keeps every pair of every group ({@link #coherenceInjective}), distinct
     * total orders give distinct co and nothing needs remembering; otherwise the (co, memory)
     * pairs seen are kept, charged to the budget.
     */
    private boolean chooseCoherence(Values values, Choices choices) {
      // Pruning rule, sound while Coherence (8.10.1) is on: only the linear extensions of
      // causality, since an order against cause on two overlapping writes breaks Coherence.
      // Explanations (and Coherence off) take every order, so Coherence can be named.
      Relation constraint = model.has(Axiom.COHERENCE) && !explaining()
          ? choices.causal().cause()
          : Relation.empty(graph.n);
      gaps = Relation.empty(graph.n);
      if (!explaining() && foreign.isEmpty()) {
        // Pruning rules (PtxPruning): an RMW follows a morally strong write it reads, and
        // nothing morally strong with it comes between the two.
        constraint = constraint
            .union(pruning.coherenceForcedByReadsFrom(choices.observed().rf()))
            .transitiveClosure();
        gaps = pruning.atomicityGaps(choice.byteSources);
      }
      if (stuck) {
        // Only orders in which the stuck iterations may repeat forever (spinningForever).
        constraint = constraint.union(spin.coherenceConstraint(choice)).transitiveClosure();
      }
      Set<Object> seen = foreign.isPresent() || coherenceInjective(choices.causal().cause())
          ? null
          : new HashSet<>();
      return extendGroup(0, new ArrayList<>(), new ArrayList<>(),
          new Walk(values, choices, constraint, seen));
    }

    /** What the walk over coherence orders carries. */
    private record Walk(Values values, Choices choices, Relation constraint, Set<Object> seen) {}

    /** Whether every pair of writes of each group is kept by co (8.9.6) whatever the order. */
    private boolean coherenceInjective(Relation cause) {
      Relation pairs = model.coherencePairs(cause);
      for (List<Integer> g : groups) {
        for (int a : g) {
          for (int b : g) {
            if (a < b && !pairs.contains(a, b)) {
              return false;
            }
          }
        }
      }
      return true;
    }

    /**
     * Extends the order of group {@code g} (its {@code prefix} chosen) by every write whose
     * constraint predecessors are placed, then the next groups.
     */
    private boolean extendGroup(
        int g, List<Integer> prefix, List<List<Integer>> chosen, Walk walk) {
      budget.step();
      if (g == groups.size()) {
        return checkComplete(chosen, walk);
      }
      List<Integer> group = groups.get(g);
      if (prefix.size() == group.size()) {
        chosen.add(List.copyOf(prefix));
        boolean more = extendGroup(g + 1, new ArrayList<>(), chosen, walk);
        chosen.remove(chosen.size() - 1);
        return more;
      }
      for (int w : group) {
        if (prefix.contains(w) || !ready(w, group, prefix, walk.constraint())) {
          continue;
        }
        prefix.add(w);
        boolean more = extendGroup(g, prefix, chosen, walk);
        prefix.remove(prefix.size() - 1);
        if (!more) {
          return false;
        }
      }
      return true;
    }

    /** Whether {@code w} may come next: its constraint predecessors and gaps are placed. */
    private boolean ready(int w, List<Integer> group, List<Integer> prefix, Relation constraint) {
      for (int other : group) {
        if (other != w && !prefix.contains(other) && (constraint.contains(other, w)
            || (gaps.contains(other, w) && sourcePlaced(other, prefix)))) {
          return false;
        }
      }
      return true;
    }

    /** Whether the write atomic {@code a} reads from is already in the order (or initial). */
    private boolean sourcePlaced(int a, List<Integer> prefix) {
      int w = choice.byteSources[a][0];
      return graph.events.get(w).isInit() || prefix.contains(w);
    }

    private boolean checkComplete(List<List<Integer>> chosen, Walk walk) {
      Choices choices = walk.choices();
      Relation rfRel = choices.observed().rf();
      Relation.Builder tb = Relation.builder(graph.n);
      int[] rank = new int[graph.n];
      for (List<Integer> order : chosen) {
        for (int a = 0; a < order.size(); a++) {
          rank[order.get(a)] = a + 1;
          for (int b = a + 1; b < order.size(); b++) {
            tb.add(order.get(a), order.get(b));
          }
        }
      }
      Relation total = tb.build();
      PtxChain.Derivation d = chain.complete(
          choices.observed(), choices.causal(), choices.sc(), choice.byteSources, total);
      Map<String, Long> memory = FinalStates.memory(graph, walk.values(), rank);
      // Orders with the same co and final memory are one candidate for the built-in model
      // (seen is null when they cannot repeat, and for a foreign model, which may judge each
      // total order differently: cat models see its sub-orders).
      if (walk.seen() != null) {
        if (!walk.seen().add(List.of(d.co(), memory))) {
          return true;
        }
        budget.keep((long) graph.n * graph.n / 8 + Budget.stateBytes(memory.size()));
      }
      budget.candidate();
      Optional<Violation> v = choices.early();
      if (v.isEmpty()) {
        v = chain.checkCoherence(rfRel, choice.byteSources, choices.causal(), d.co(), d.fr());
      }
      CandidateExecution judged = null;
      if (v.isEmpty() && foreign.isPresent()) {
        judged = graph.candidate(rfRel, choice.byteSources, total, choices.sc(),
            choices.barrierSync());
        v = foreign.get().check(judged);
      }
      Map<String, Long> state = FinalStates.state(graph, walk.values(), memory);
      if (explaining()) {
        if (target.get().test(state)) {
          if (judged != null && foreign.get().ownTerms()) {
            // A foreign model's own terms: the coherence order it judged by (the total order,
            // or the sub-order that passed), no PTX synchronization or data races.
            Relation shown = foreign.get().coherenceShown(judged).orElse(total);
            Relation shownFr = rfRel.inverse().compose(shown).withoutIdentity();
            trace(new ExecutionTrace(graph.events, model.programOrder(), rfRel, shown, shownFr,
                Relation.empty(graph.n), choices.sc(), v, Optional.of(state), List.of()));
            return true;
          }
          List<int[]> races =
              v.isPresent() ? List.of() : List.of(model.dataRaces(d.cause()).pairs());
          trace(new ExecutionTrace(graph.events, model.programOrder(), rfRel, d.co(), d.fr(),
              choices.causal().sw(), choices.sc(), v, Optional.of(state), races));
        }
        return true;
      }
      if (v.isPresent()) {
        reject(v.get().axiom());
        return true;
      }
      if (stuck) {
        List<String> loops = spin.spinningForever(choice, walk.values(), total);
        nonTerminating.addAll(loops);
        // model.md "Asynchronous operations": waiting on an mbarrier phase that never completes is
        // a deadlock.
        deadlock |= !loops.isEmpty() && spin.onMbarrier();
        return loops.isEmpty(); // once found, the rest of this choice finds the same loops
      }
      outcomes.add(state, 1);
      if (judged != null) {
        modelFlags.addAll(foreign.get().flags(judged));
        if (foreign.get().ownTerms()) {
          return true; // its flags are its own: PTX's data races are not reported under it
        }
      }
      SearchResult.recordRaces(outcomes, state, graph, model.dataRaces(d.cause()),
          model.mixedSizeRaces(d.cause()));
      return true;
    }
  }

  /** What is fixed before the coherence order is chosen. */
  private record Choices(PtxChain.Observed observed, PtxChain.Causal causal, Relation sc,
      Relation barrierSync, Optional<Violation> early) {}
}
