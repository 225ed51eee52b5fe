package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.CandidateExecution;
import io.github.ptxlitmus.model.EventStructure;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.model.PartialModel;
import io.github.ptxlitmus.model.PtxChain;
import io.github.ptxlitmus.model.PtxModel;
import io.github.ptxlitmus.model.Violation;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A cat model as the pruned search sees it ({@link PartialModel}), with one generic pruning
 * rule and no model-specific one: a constraint ({@code acyclic}, {@code irreflexive}, {@code
 * empty}, not negated) over an expression monotone in the relations that only grow as rf, co,
 * the Fence-SC order and the barrier synchronization are chosen ({@link
 * CatModel.Prepared#monotoneFailure}, found from the model's definitions by {@link
 * CatMonotonicity}) refuses a partial choice, since every completion fails it too. Everything
 * else is judged on complete candidates as {@link CatMemoryModel#check} judges them, exactly as the
 * exhaustive search judges them.
 *
 * <p>Coherence: the search orients every pair of writes to one location, so a complete
 * candidate carries a total order T per location with the writes chosen final last, as the
 * exhaustive search's candidates do; the model then reads co from T as it says ({@link
 * CatModel#coherence}: herd's T itself, or Dat3M's sub-orders of T). A partial co refuses a
 * prefix only where every completion's co contains it: under herd's reading without {@code with
 * co from ...}; otherwise the monotone constraints see only the initial writes first, which
 * every reading of co contains.
 *
 * <p>What the exhaustive search applies to every model besides its check — the fence.sc pairs
 * the Fence-SC order relates, barrier synchronization, and that the arrivals fit the phase
 * order of the barriers — is asked of the PTX model with every axiom off, as there. Confined to
 * one search thread.
 */
final class CatPartialModel implements PartialModel {
  /** The most monotone checks remembered per choice of paths (a cache). */
  private static final int MEMO_LIMIT = 50_000;

  private final CatMemoryModel model;
  private final EventStructure structure;
  private final CatMemoryModel.Cached cached;
  private final PtxModel program;
  private final PtxChain chain;
  private final int n;
  /** Each initial write → the program writes overlapping it. */
  private final Relation initCo;
  /** The pairs of program writes to one location, symmetric. */
  private final Relation writePairs;
  /** Whether a partial co is contained in the co of every completion. */
  private final boolean coGrows;
  /**
   * The pairs a coherence order may relate: initial writes first, program writes each way,
   * closed transitively (T orders overlapping writes and is closed, so with mixed sizes it may
   * relate two writes that do not overlap through a third that overlaps both).
   */
  private final Relation possible;
  /**
   * Whether the model's coherence bounds ({@link CatMonotonicity.CoBound}) apply: its
   * predefined {@code co} is a transitive order within T with the initial writes first (herd's
   * T itself, or each of Dat3M's sub-orders), not a member picked by {@code with co from}.
   */
  private final boolean bounds;
  private final Map<List<Relation>, CatModel.CoBounds> memo = new HashMap<>();
  /** The violation of each constraint that refused a prefix (the search asks only whether). */
  private final Map<String, Violation> refusals = new HashMap<>();

  private CatPartialModel(CatMemoryModel model, EventStructure structure) {
    this.model = model;
    this.structure = structure;
    this.n = structure.events().size();
    this.program = new PtxModel(structure,
        ModelSpec.ptx().withAxioms(EnumSet.noneOf(Axiom.class)));
    this.chain = new PtxChain(program);
    this.cached = model.bindingsFor(candidate(Relation.empty(n), new int[n][],
        Relation.empty(n), Relation.empty(n), Relation.empty(n)));
    this.initCo = cached.initCo();
    this.writePairs = program.writePairs();
    this.coGrows = model.cat().coherence() == CatModel.Coherence.TOTAL
        && !model.cat().choosesCoherence();
    this.possible = writePairs.union(initCo).transitiveClosure();
    this.bounds = cached.prepared().hasCoBounds() && !model.cat().choosesCoherence();
  }

  /**
   * The factory of a cat model's partial models.
   *
   * @param model the cat model
   * @return a factory binding it to each choice of paths
   */
  static PartialModel.Factory factory(CatMemoryModel model) {
    return events -> new CatPartialModel(model, events);
  }

  @Override
  public CoherenceReading coherence() {
    return model.cat().coherence() == CatModel.Coherence.TOTAL
        ? CoherenceReading.TOTAL_PER_LOCATION
        : CoherenceReading.SUB_ORDERS;
  }

  @Override
  public Relation fenceScPairs() {
    return program.fenceScPairs();
  }

  @Override
  public Relation barrierSynchronization(Relation samePhase) {
    return program.barrierSynchronization(samePhase);
  }

  @Override
  public Optional<Violation> checkPrefix(Relation rf, int[][] byteSources) {
    Relation none = Relation.empty(n);
    return lowerBound(rf, initCo, none, none, none, true).refusal().map(c ->
        refusals.computeIfAbsent(c, name -> new Violation(CatMemoryModel.axiomNamed(name),
            List.of(0), List.of(), "cat model " + model.name() + ": " + name
                + " fails on every completion", name)));
  }

  @Override
  public Stage readsFrom(Relation rf, int[][] byteSources) {
    return new CatStage(rf, byteSources);
  }

  /** What the coherence bounds leave of co, or why no completion passes. */
  private record Bound(Relation co, Optional<String> refusal) {}

  /** The refusal when the coherence bounds contradict each other or the events. */
  private static final String CONTRADICTION = "coherence bounds";

  /**
   * A lower bound on the co of every passing completion of a partial choice, and the
   * monotone constraints judged against it: the one generic pruning rule (a monotone
   * constraint that fails on the partial choice fails on every completion) with co read as
   * large as the model's own constraints prove it (model.md, the seam). From {@code base}, each
   * round adds what the model's coherence bounds ({@link CatMonotonicity.CoBound}) require of
   * every passing co: the pairs of {@code empty(A \ co)}'s A, and the pairs of {@code empty(X
   * \ (co | co^-1))}'s X that T already orients (a passing co lies within T), closed
   * transitively (co is an order); until nothing is added. Refused when a monotone constraint
   * fails, or the bound relates what no co relates, or has a cycle. With {@code lookAhead}
   * (no T yet: the rf walk), each pair of X the bound leaves unordered is tried both ways: both
   * refused refuses the choice, one refused forces the other.
   *
   * @param base pairs every passing co contains: initial writes first (herd's reading: all of
   *     T so far)
   * @param total T so far, without the initial writes (empty in the rf walk)
   */
  private Bound lowerBound(Relation rf, Relation base, Relation total, Relation sc,
      Relation barrierSync, boolean lookAhead) {
    Relation l = base;
    while (true) {
      CatModel.CoBounds b = judge(rf, l, sc, barrierSync);
      if (b.failure().isPresent() || !bounds) {
        return new Bound(l, b.failure());
      }
      Optional<Relation> required = cached.bindings().fromWrites(b.required().withoutIdentity());
      Optional<Relation> ordered = cached.bindings().fromWrites(b.ordered().withoutIdentity());
      if (required.isEmpty() || ordered.isEmpty()) {
        return new Bound(l, Optional.of(CONTRADICTION)); // a pair of events that are not writes
      }
      Relation x = ordered.get().union(ordered.get().inverse());
      Relation next = l.union(required.get()).union(x.intersection(total)).transitiveClosure();
      if (!next.isSubsetOf(possible) || !x.isSubsetOf(possible.union(possible.inverse()))
          || !next.isIrreflexive()) {
        return new Bound(l, Optional.of(CONTRADICTION));
      }
      if (next.equals(l) && lookAhead) {
        next = forcedByLookAhead(rf, l, x, sc, barrierSync);
        if (next == null) {
          return new Bound(l, Optional.of(CONTRADICTION)); // a pair of X fails both ways
        }
      }
      if (next.equals(l)) {
        return new Bound(l, Optional.empty());
      }
      l = next;
    }
  }

  /**
   * The bound with the first pair of X that fails one way oriented the other way (a passing
   * co orders it, and not that way); {@code l} when every pair passes both ways; null when one
   * fails both ways.
   */
  private Relation forcedByLookAhead(Relation rf, Relation l, Relation x, Relation sc,
      Relation barrierSync) {
    Relation none = Relation.empty(n);
    for (int[] pair : unordered(x, l)) {
      Relation ab = l.union(Relation.of(n, pair[0], pair[1])).transitiveClosure();
      Relation ba = l.union(Relation.of(n, pair[1], pair[0])).transitiveClosure();
      boolean abFails = lowerBound(rf, ab, none, sc, barrierSync, false).refusal().isPresent();
      boolean baFails = lowerBound(rf, ba, none, sc, barrierSync, false).refusal().isPresent();
      if (abFails && baFails) {
        return null;
      } else if (abFails || baFails) {
        return abFails ? ba : ab;
      }
    }
    return l;
  }

  /** The monotone constraints and the coherence bounds on a partial choice (remembered). */
  private CatModel.CoBounds judge(Relation rf, Relation co, Relation sc, Relation barrierSync) {
    List<Relation> key = List.of(rf, co, sc, barrierSync);
    CatModel.CoBounds known = memo.get(key);
    if (known != null) {
      return known;
    }
    CatModel.CoBounds b = cached.prepared().monotoneBounds(
        cached.bindings().varying(rf, co, co, sc, barrierSync));
    if (memo.size() < MEMO_LIMIT) {
      memo.put(key, b);
    }
    return b;
  }

  /** The pairs of {@code pairs} that {@code order} does not orient either way. */
  private static List<int[]> unordered(Relation pairs, Relation order) {
    List<int[]> out = new ArrayList<>();
    PartialModel.Node.addUnordered(pairs, order, out);
    return out;
  }

  private CandidateExecution candidate(Relation rf, int[][] byteSources, Relation total,
      Relation sc, Relation barrierSync) {
    return new CandidateExecution(structure.events(), structure.po(), structure.addr(),
        structure.data(), structure.ctrl(), rf, byteSources, total, sc, barrierSync);
  }

  /** A complete rf choice. */
  private final class CatStage implements Stage {
    private final Relation rf;
    private final int[][] byteSources;
    private PtxChain.Observed observed;

    CatStage(Relation rf, int[][] byteSources) {
      this.rf = rf;
      this.byteSources = byteSources;
    }

    @Override
    public Optional<Violation> violation() {
      return checkPrefix(rf, byteSources);
    }

    @Override
    public Optional<Node> propagate(Relation fenceScOrder, Relation coherence,
        Relation barrierSync, Relation phaseOrder, EventSet finalWrites) {
      Relation sc = fenceScOrder.transitiveClosure();
      if (!sc.isAcyclic()) {
        return Optional.empty();
      }
      // The final value of a location is that of its T-last write (both readings of co).
      Relation total = coherence.difference(initCo).union(finalEdges(finalWrites))
          .transitiveClosure();
      if (!total.isAcyclic()) {
        return Optional.empty();
      }
      // Program semantics, as the exhaustive search applies it to every model: the arrivals
      // fit the phase order (on po and barrier synchronization while the Fence-SC order is
      // open, since that part holds for every completion; on the base causality order, when
      // it is an order, once the Fence-SC order is complete).
      Relation poSync = structure.po().union(barrierSync);
      if (!poSync.union(phaseOrder).isAcyclic()) {
        return Optional.empty();
      }
      boolean scOpen = !unordered(program.fenceScPairs(), sc).isEmpty();
      if (!scOpen && !phaseOrder.isEmpty()) {
        if (observed == null) {
          observed = chain.observed(rf);
        }
        Relation bco = chain.causal(observed, sc, barrierSync).bco();
        Relation base = bco.isAcyclic() ? bco : poSync;
        if (!base.union(phaseOrder).isAcyclic()) {
          return Optional.empty();
        }
      }
      // The one pruning rule, co read as large as the model proves it; T contains the bound
      // (every passing co does and lies within T): its edges are forced.
      Bound bound = lowerBound(rf, coGrows ? total.union(initCo) : initCo, total, sc,
          barrierSync, false);
      if (bound.refusal().isPresent()) {
        return Optional.empty();
      }
      total = total.union(bound.co().difference(initCo)).transitiveClosure();
      if (!total.isIrreflexive()) {
        return Optional.empty();
      }
      Relation co = total.union(initCo);
      boolean complete = !scOpen && unordered(writePairs, total).isEmpty();
      if (!complete) {
        return Optional.of(new CatNode(sc, co, co));
      }
      // A complete candidate: judged as the exhaustive search judges it.
      return model.accepted(candidate(rf, byteSources, total, sc, barrierSync))
          .map(shown -> new CatNode(sc, co, shown));
    }

    /** Each write chosen final after every other write to its location. */
    private Relation finalEdges(EventSet finalWrites) {
      Relation.Builder b = Relation.builder(n);
      for (int f = finalWrites.next(0); f >= 0; f = finalWrites.next(f + 1)) {
        EventSet others = writePairs.predecessors(f);
        for (int w = others.next(0); w >= 0; w = others.next(w + 1)) {
          b.add(w, f);
        }
      }
      return b.build();
    }

    /** A partial choice of the Fence-SC order and T (or, complete, the co the model saw). */
    private final class CatNode implements Node {
      private final Relation sc;
      private final Relation co;
      private final Relation shown;

      /**
       * @param co T so far, initial writes first
       * @param shown what the witness shows: {@code co}, or on a complete candidate the
       *     coherence order the model judged it by
       */
      CatNode(Relation sc, Relation co, Relation shown) {
        this.sc = sc;
        this.co = co;
        this.shown = shown;
      }

      @Override
      public Relation fenceScOrder() {
        return sc;
      }

      @Override
      public Relation coherence() {
        return shown;
      }

      /** The fence.sc pairs, then every pair of writes to one location (T is total). */
      @Override
      public List<int[]> openPairs() {
        List<int[]> out = new ArrayList<>();
        PartialModel.Node.addUnordered(program.fenceScPairs(), sc, out);
        PartialModel.Node.addUnordered(writePairs, co, out);
        return out;
      }

      @Override
      public Relation synchronization() {
        return Relation.empty(n); // a cat model's own terms: no PTX synchronization
      }

      @Override
      public Relation fromReads() {
        return rf.inverse().compose(shown).withoutIdentity();
      }

      @Override
      public Relation dataRaces() {
        return Relation.empty(n);
      }

      @Override
      public Relation mixedSizeRaces() {
        return Relation.empty(n);
      }
    }
  }

}
