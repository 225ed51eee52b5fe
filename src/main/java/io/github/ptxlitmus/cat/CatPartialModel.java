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
  private final Map<List<Relation>, Optional<String>> memo = new HashMap<>();
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
    return monotoneFailure(rf, initCo, none, none).map(c -> refusals.computeIfAbsent(c,
        name -> new Violation(CatMemoryModel.axiomNamed(name), List.of(0), List.of(),
            "cat model " + model.name() + ": " + name + " fails on every completion", name)));
  }

  @Override
  public Stage readsFrom(Relation rf, int[][] byteSources) {
    return new CatStage(rf, byteSources);
  }

  /**
   * The name of the first monotone constraint that fails on a partial choice (every completion
   * fails it).
   *
   * @param co the coherence order the model sees so far, initial writes first
   */
  private Optional<String> monotoneFailure(Relation rf, Relation co, Relation sc,
      Relation barrierSync) {
    List<Relation> key = List.of(rf, co, sc, barrierSync);
    Optional<String> known = memo.get(key);
    if (known != null) {
      return known;
    }
    Optional<String> f = cached.prepared().monotoneViolation(
        cached.bindings().varying(rf, co, co, sc, barrierSync));
    if (memo.size() < MEMO_LIMIT) {
      memo.put(key, f);
    }
    return f;
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
      boolean scOpen = hasOpen(program.fenceScPairs(), sc);
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
      Relation co = total.union(initCo);
      // The one pruning rule: a monotone constraint that fails now fails on every completion.
      if (monotoneFailure(rf, coGrows ? co : initCo, sc, barrierSync).isPresent()) {
        return Optional.empty();
      }
      boolean complete = !scOpen && !hasOpen(writePairs, total);
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

  private static boolean hasOpen(Relation pairs, Relation order) {
    boolean[] open = new boolean[1];
    pairs.forEach((a, b) -> open[0] |= a < b && !order.contains(a, b) && !order.contains(b, a));
    return open[0];
  }
}
