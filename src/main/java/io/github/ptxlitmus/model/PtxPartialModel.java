package io.github.ptxlitmus.model;

import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The built-in PTX model (any {@link ModelSpec} variant and switch set) as the pruned search
 * sees it ({@link PartialModel}): coherence derived from a total order (8.9.6); every check on a
 * partial choice is an axiom of 8.10 that only gets harder as rf, the Fence-SC order, barrier
 * synchronization and co grow; every accelerator is one of {@link PtxPruning}'s rules, each
 * applied only while the axiom it rests on is switched on. Confined to one search thread.
 */
public final class PtxPartialModel implements PartialModel {
  private final PtxChain chain;
  private final PtxModel model;
  private final PtxPruning pruning;
  private final int n;

  /**
   * The partial model over one chain.
   *
   * @param chain the model and its stages
   * @param pruning the model's pruning rules over the same chain
   */
  public PtxPartialModel(PtxChain chain, PtxPruning pruning) {
    this.chain = chain;
    this.model = chain.model();
    this.pruning = pruning;
    this.n = model.events().size();
  }

  /**
   * The factory of a variant's partial models.
   *
   * @param spec the variant and the axioms switched on
   * @return a factory binding the variant to each choice of paths
   */
  public static PartialModel.Factory factory(ModelSpec spec) {
    return events -> {
      PtxChain chain = new PtxChain(new PtxModel(events, spec));
      return new PtxPartialModel(chain, new PtxPruning(chain));
    };
  }

  /** {@return the model this partial model asks} */
  public PtxModel model() {
    return model;
  }

  @Override
  public CoherenceReading coherence() {
    return CoherenceReading.DERIVED_FROM_TOTAL;
  }

  @Override
  public Relation fenceScPairs() {
    return model.fenceScPairs();
  }

  @Override
  public Relation barrierSynchronization(Relation samePhase) {
    return model.barrierSynchronization(samePhase);
  }

  @Override
  public Optional<Axiom> readFromRule(int read, int write) {
    return pruning.mayReadFrom(read, write)
        ? Optional.empty()
        : Optional.of(pruning.readFromRuleAxiom());
  }

  @Override
  public boolean cannotTear(int read, int[] sources) {
    return pruning.cannotTear(read, sources);
  }

  @Override
  public boolean cannotShareSource(int a, int b, int w) {
    return pruning.coBeforeReader(w, a) && pruning.cannotShareSource(a, b, w);
  }

  @Override
  public List<int[]> rmwClasses(int[] rmws) {
    return pruning.rmwClasses(rmws);
  }

  @Override
  public boolean exclusiveSource(int w, int[] rmwClass) {
    return pruning.exclusiveSource(w, rmwClass);
  }

  @Override
  public Optional<Violation> checkPrefix(Relation rf, int[][] byteSources) {
    return pruning.checkPrefix(rf, byteSources);
  }

  @Override
  public Stage readsFrom(Relation rf, int[][] byteSources) {
    return new PtxStage(chain.observed(rf), byteSources);
  }

  /** An rf choice: its observation and pattern synchronization (8.9.2, 8.9.4 rule 4). */
  private final class PtxStage implements Stage {
    private final PtxChain.Observed observed;
    private final int[][] byteSources;
    // finalEdges of the last final writes asked for: the search asks many times for the same.
    private EventSet finalWrites;
    private Relation finalEdges;

    PtxStage(PtxChain.Observed observed, int[][] byteSources) {
      this.observed = observed;
      this.byteSources = byteSources;
    }

    @Override
    public Optional<Violation> violation() {
      return model.noThinAir(observed.rf()); // 8.10.4 needs only rf and the dependencies
    }

    @Override
    public Optional<Node> propagate(Relation fenceScOrder, Relation coherence,
        Relation barrierSync, Relation phaseOrder, EventSet finalWrites) {
      Relation rf = observed.rf();
      Relation sc = fenceScOrder.transitiveClosure();
      Relation co0 = coherence.union(finalEdges(finalWrites));
      // What communication fixes already (co only grows, fr with it): the known part of co.
      Relation coKnown = co0.union(model.initialWritesFirst()).transitiveClosure();
      Relation frKnown = model.fromReads(byteSources, coKnown);
      PtxChain.Causal causal;
      while (true) {
        if (!sc.isAcyclic()) {
          return Optional.empty();
        }
        causal = chain.causal(observed, sc, barrierSync);
        Relation bco = causal.bco();
        // Arrivals must fit the phase order (program semantics; on po and barrier sync alone
        // when bco is cyclic). A cyclic bco (8.9.5 defines an order) prunes every completion
        // while Causality is on (8.10.6, PtxModel.baseCausalityCycle): sw only grows with sc.
        boolean order = bco.isAcyclic();
        if (!order && model.has(Axiom.CAUSALITY)) {
          return Optional.empty();
        }
        Relation base = order ? bco : model.programOrder().union(barrierSync);
        if (!base.union(phaseOrder).isAcyclic()) {
          return Optional.empty();
        }
        // Pruning rules: Fence-SC edges forced by communication and by causality.
        Relation forced = pruning.fenceScForcedByCommunication(
            order ? bco : Relation.empty(n), rf, coKnown, frKnown)
            .union(pruning.fenceScForcedByCausality(bco));
        if (forced.isSubsetOf(sc)) {
          break;
        }
        sc = sc.union(forced).transitiveClosure();
      }
      // Monotone in sc (which only grows): a violation prunes every completion.
      if (chain.checkBeforeCoherence(observed, causal, sc).isPresent()) {
        return Optional.empty();
      }
      // Pruning rule (Coherence): causality between overlapping writes is in co.
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
      Relation writePairs = model.writePairs();
      for (int w = finalWrites.next(0); w >= 0; w = finalWrites.next(w + 1)) {
        if (!co.successors(w).intersection(writePairs.successors(w)).isEmpty()) {
          return Optional.empty();
        }
      }
      // Atomicity, SC-per-Location and Causality only get harder as co grows (fr grows with
      // it), so checking the partial co prunes soundly; each is checked only when on. With no
      // pair left open this is the whole check of 8.10 on the candidate.
      Relation fr = model.fromReads(byteSources, co);
      if (chain.checkCoherence(rf, byteSources, causal, co, fr).isPresent()) {
        return Optional.empty();
      }
      return Optional.of(new PtxNode(this, sc, co, fr, causal));
    }

    // co edges that make each final write co-after the writes co must order with it (8.9.6).
    private Relation finalEdges(EventSet writes) {
      if (!writes.equals(finalWrites)) {
        finalEdges = finalEdgesOf(writes);
        finalWrites = writes;
      }
      return finalEdges;
    }

    private Relation finalEdgesOf(EventSet finalWrites) {
      Relation.Builder b = Relation.builder(n);
      Relation required = model.coherenceRequired();
      for (int f = finalWrites.next(0); f >= 0; f = finalWrites.next(f + 1)) {
        EventSet partners = required.predecessors(f);
        for (int w = partners.next(0); w >= 0; w = partners.next(w + 1)) {
          b.add(w, f);
        }
      }
      return b.build();
    }
  }

  /** A closed partial choice of the Fence-SC order and co. */
  private final class PtxNode implements Node {
    private final PtxStage stage;
    private final Relation sc;
    private final Relation co;
    private final Relation fr;
    private final PtxChain.Causal causal;

    PtxNode(PtxStage stage, Relation sc, Relation co, Relation fr, PtxChain.Causal causal) {
      this.stage = stage;
      this.sc = sc;
      this.co = co;
      this.fr = fr;
      this.causal = causal;
    }

    @Override
    public Relation fenceScOrder() {
      return sc;
    }

    @Override
    public Relation coherence() {
      return co;
    }

    /**
     * The ms fence.sc pairs (8.9.3), then the pairs co relates (8.9.6): those it requires
     * whatever causality says and, without Coherence (which otherwise forces them), the
     * causality-ordered overlapping writes too.
     */
    @Override
    public List<int[]> openPairs() {
      List<int[]> out = new ArrayList<>();
      PartialModel.Node.addUnordered(model.fenceScPairs(), sc, out);
      Relation required = model.coherenceRequired();
      PartialModel.Node.addUnordered(required, co, out);
      if (!model.has(Axiom.COHERENCE)) {
        PartialModel.Node.addUnordered(
            model.coherencePairs(causal.cause()).difference(required), co, out);
      }
      return out;
    }

    /**
     * Linear extensions of what is ordered (causality, co, the Fence-SC order) with the co
     * edges reads suggest: first along the communication edges too (a Fence-SC order that
     * follows rf and fr, as SC-like executions have), then without them (weak executions
     * whose rf ∪ fr ∪ po is cyclic). Many tests have a consistent completion that follows
     * causality (T threads × W writes to one location ask for one co order ending in a given
     * write, found so without a search).
     */
    @Override
    public List<Relation> guesses() {
      Relation rf = stage.observed.rf();
      Relation known = causal.cause().union(co).union(sc);
      Relation coGuess = readOrder(rf);
      return List.of(known.union(coGuess).union(rf).union(frGuess(rf, coGuess)),
          known.union(coGuess));
    }

    // The co edges reads suggest: a write causality-before a read of another write goes
    // co-before that write, a write causality-after a read goes co-after the write read.
    private Relation readOrder(Relation rf) {
      Relation.Builder b = Relation.builder(n);
      Relation cause = causal.cause();
      Relation writePairs = model.writePairs();
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

    // From-reads as the known and guessed co make it: a read points at the overlapping writes
    // co-after the write it reads (all of them when it reads the initial value).
    private Relation frGuess(Relation rf, Relation coGuess) {
      Relation.Builder b = Relation.builder(n);
      rf.forEach((w, r) -> {
        boolean init = model.events().get(w).isInit();
        EventSet others = model.overlap().successors(r);
        for (int o = others.next(0); o >= 0; o = others.next(o + 1)) {
          var other = model.events().get(o);
          if (o != w && !other.isInit() && other.writes()
              && (init || co.contains(w, o) || coGuess.contains(w, o))) {
            b.add(r, o);
          }
        }
      });
      return b.build();
    }

    @Override
    public Relation synchronization() {
      return causal.sw();
    }

    @Override
    public Relation fromReads() {
      return fr;
    }

    @Override
    public Relation dataRaces() {
      return model.dataRaces(causal.cause());
    }

    @Override
    public Relation mixedSizeRaces() {
      return model.mixedSizeRaces(causal.cause());
    }
  }
}
