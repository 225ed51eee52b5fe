package io.github.ptxlitmus.model;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The pruning rules the searches take from the PTX model, all in one place. Each rule rests on
 * one axiom of 8.10 (named first in its comment, with one line on why it is sound) and applies
 * only while that axiom is switched on in the model's {@link ModelSpec}, so a search that
 * follows these rules finds exactly the states of the exhaustive search under every variant and
 * switch set. The rules restate nothing: each is phrased with {@link PtxModel}'s definitions and
 * {@link PtxChain}'s stages. Immutable and thread-safe.
 *
 * <p>Relations taken and returned are over the model's event ids {@code 0..n-1}.
 */
public final class PtxPruning {
  private final PtxChain chain;
  private final PtxModel model;
  private final List<Event> events;
  private final int n;

  /**
   * The rules over one chain.
   *
   * @param chain the model and its stages
   */
  public PtxPruning(PtxChain chain) {
    this.chain = chain;
    this.model = chain.model();
    this.events = model.events();
    this.n = events.size();
  }

  // ---- rf choices ---------------------------------------------------------------------------

  /**
   * Causality (8.10.6): a write po-after a read on the read's own address through its own proxy
   * is in causality order after it (po ⊆ bco, 8.9.5 cases 1 and 2), so rf from it makes rf ;
   * cause reflexive. Variant dat3m-v6.0, whose cause lacks plain po, rests this on its
   * SC-per-Location: the pair is morally strong (po-related, same address) and rf ∪ po-loc is
   * cyclic.
   *
   * @param r the id of a read
   * @param w the id of a write overlapping it
   * @return false only when no consistent candidate has {@code r} take bytes from {@code w}
   */
  public boolean mayReadFrom(int r, int w) {
    Event read = events.get(r);
    Event write = events.get(w);
    boolean poLaterOwn = model.programOrder().contains(r, w)
        && write.location().equals(read.location())
        && (write.proxy() == read.proxy() || !model.spec().proxies());
    return !poLaterOwn || !model.has(readFromRuleAxiom());
  }

  /**
   * {@return the axiom {@link #mayReadFrom} rests on: Causality, or in variant dat3m-v6.0
   * SC-per-Location}
   */
  public Axiom readFromRuleAxiom() {
    return model.spec().causeBase() == ModelSpec.CauseBase.SPEC
        ? Axiom.CAUSALITY
        : Axiom.SC_PER_LOCATION;
  }

  /**
   * Atomicity (8.10.3, single-copy): a read morally strong with every write it may take bytes
   * from takes all its bytes from one of them (the initial writes are co-before all, so mixing
   * one in breaks single-copy atomicity too): its torn variants are never consistent.
   *
   * @param r the id of a read
   * @param sources the ids of the writes {@code r} may take bytes from
   * @return true when {@code r} cannot tear
   */
  public boolean cannotTear(int r, int[] sources) {
    if (!model.has(Axiom.ATOMICITY)) {
      return false;
    }
    for (int w : sources) {
      if (!events.get(w).isInit() && !model.morallyStrong().contains(r, w)) {
        return false;
      }
    }
    return true;
  }

  /**
   * No-Thin-Air, Causality, Atomicity, SC-per-Location, and Coherence for the co it assumes:
   * the axioms over a prefix of a candidate, in which only some reads have their source, no
   * Fence-SC order and no barrier synchronization are chosen yet, and co holds only what every
   * consistent completion has: the initial writes first (8.2.6) and, while Coherence is on,
   * causality between overlapping writes (8.10.1). Sound because obs, sw, bco, ppbco, cause and
   * fr are unions and compositions of rf, the Fence-SC order, barrier synchronization and co
   * (8.9.2–8.9.7), which only grow, and these axioms only get harder as they grow. Fence-SC
   * (8.10.2) is not checked: it asks for Fence-SC order edges, which a completion adds.
   *
   * @param rf reads-from of the reads chosen so far, write → read
   * @param byteSources per event, per byte, the write it reads that byte from, for the reads
   *     chosen so far; {@code null} for every other event (unchosen reads included)
   * @return a violation every completion has, or empty when the prefix may still be consistent
   */
  public Optional<Violation> checkPrefix(Relation rf, int[][] byteSources) {
    Optional<Violation> v = model.noThinAir(rf); // first: it needs no causality
    if (v.isPresent()) {
      return v;
    }
    Relation none = Relation.empty(n);
    PtxChain.Observed o = chain.observed(rf);
    PtxChain.Causal c = chain.causal(o, none, none);
    if (!c.bco().isAcyclic()) {
      v = model.baseCausalityCycle(c.sw());
    }
    if (v.isEmpty()) {
      v = model.causalityReadsFrom(rf, c.readerCause());
    }
    if (v.isPresent()) {
      return v;
    }
    Relation co = model.initialWritesFirst();
    if (model.has(Axiom.COHERENCE)) {
      Relation forced = coherenceForcedByCausality(c.cause());
      if (!forced.isAcyclic()) {
        return model.coherence(c.cause(), none); // no order holds cause between these writes
      }
      co = co.union(forced).transitiveClosure();
    }
    return chain.checkCoherence(rf, byteSources, c, co, model.fromReads(byteSources, co));
  }

  /**
   * Atomicity (8.10.3, RMW), with SC-per-Location (8.10.5) for a program write: two morally
   * strong RMWs on one virtual range cannot both take all their bytes from a write that co
   * orders before both — whichever is co-later would read from a write co-before the other
   * (fr) while being co-after it. The initial write is co-before every write (8.2.6); a
   * program write W is co-before an RMW A reading it once co must relate them, since W rf A
   * with A co W is an SC-per-Location cycle.
   *
   * @param a an RMW event
   * @param b another RMW event
   * @param w the write both would read all their bytes from
   * @return true when no consistent candidate has both read all their bytes from {@code w}
   */
  public boolean cannotShareSource(int a, int b, int w) {
    return a != b
        && events.get(a).sameVirtualRange(events.get(b))
        && model.morallyStrong().contains(a, b)
        && coBeforeReader(w, a)
        && coBeforeReader(w, b);
  }

  /**
   * Whether {@code w} is co-before RMW {@code a} in every consistent candidate in which {@code
   * a} reads from it, while Atomicity is on (the premise of {@link #cannotShareSource}).
   *
   * @param w a write
   * @param a an RMW
   * @return true for the initial write, and for a write co must order with {@code a} under
   *     SC-per-Location
   */
  public boolean coBeforeReader(int w, int a) {
    return model.has(Axiom.ATOMICITY)
        && (events.get(w).isInit()
            || (model.has(Axiom.SC_PER_LOCATION) && model.coherenceRequired().contains(w, a)));
  }

  /**
   * The counting form of {@link #cannotShareSource} (Atomicity, with SC-per-Location for
   * program writes): classes of pairwise morally strong RMWs on one virtual range, within which
   * at most one member takes all its bytes from each {@link #exclusiveSource} — so the members
   * need pairwise distinct exclusive sources, which a search checks by bipartite matching.
   * Empty while Atomicity is off.
   *
   * @param rmws RMW events that each take all their bytes from one write, in the order classes
   *     are formed (each joins the first class all of whose members it is morally strong with
   *     on the same range)
   * @return the classes of two or more members
   */
  public List<int[]> rmwClasses(int[] rmws) {
    if (!model.has(Axiom.ATOMICITY)) {
      return List.of();
    }
    List<List<Integer>> classes = new ArrayList<>();
    for (int r : rmws) {
      List<Integer> home = null;
      for (List<Integer> c : classes) {
        if (c.stream().allMatch(o -> model.morallyStrong().contains(r, o)
            && events.get(o).sameVirtualRange(events.get(r)))) {
          home = c;
          break;
        }
      }
      if (home == null) {
        home = new ArrayList<>();
        classes.add(home);
      }
      home.add(r);
    }
    return classes.stream().filter(c -> c.size() >= 2)
        .map(c -> c.stream().mapToInt(Integer::intValue).toArray()).toList();
  }

  /**
   * Whether at most one member of an {@link #rmwClasses} class may read all its bytes from
   * {@code w}: the initial write (co-before all, 8.2.6), or, under SC-per-Location, a write
   * morally strong with every other member (co-before each member reading it).
   *
   * @param w a write
   * @param rmwClass a class of {@link #rmwClasses}
   * @return true when {@code w} is exclusive in the class
   */
  public boolean exclusiveSource(int w, int[] rmwClass) {
    if (events.get(w).isInit()) {
      return true;
    }
    if (!model.has(Axiom.SC_PER_LOCATION)) {
      return false;
    }
    for (int o : rmwClass) {
      if (o != w && !model.morallyStrong().contains(w, o)) {
        return false;
      }
    }
    return true;
  }

  // ---- Fence-SC order -----------------------------------------------------------------------

  /**
   * Fence-SC (8.10.2): the Fence-SC order contains bco between morally strong fence.sc — any
   * other orientation of such a pair breaks the axiom.
   *
   * @param bco base causality order (8.9.5) of the current choices
   * @return bco ∩ {@link PtxModel#fenceScPairs}; empty while Fence-SC is off
   */
  public Relation fenceScForcedByCausality(Relation bco) {
    return model.has(Axiom.FENCE_SC)
        ? bco.intersection(model.fenceScPairs())
        : Relation.empty(n);
  }

  /**
   * Causality (rf, fr) and Coherence (co): morally strong fence.sc pairs whose orientation
   * communication already fixes. Let A, B be such a pair with A bco X, X com Y and Y bco B,
   * where X and Y are memory operations on the same address through the generic proxy (8.9.5
   * case 1; any proxy in a variant without proxies). Were B before A in Fence-SC order, B would
   * synchronize with A (8.9.4 rule 1), so Y bco B sw A bco X puts Y in causality order before
   * X: X rf Y or X fr Y then breaks Causality (rf ; cause, fr ; cause irreflexive), X co Y
   * breaks Coherence. The same holds through one observed write W: X fr W or X co W, and W rf
   * Y with W, Y morally strong (one observation step): then W cause X (cause ⊇ obs ; ppbco).
   * Applied in the spec's causality (not variant dat3m-v6.0, whose cause needs more than bco)
   * and without completions (then bco is transitive, so the new sw composes with it).
   *
   * @param bco base causality order (8.9.5) of the current choices
   * @param rf reads-from, write → read
   * @param co coherence order known so far (8.9.6), possibly partial
   * @param fr from-reads over that co (8.9.7)
   * @return the pairs (A, B) of {@link PtxModel#fenceScPairs()} that must be oriented A → B;
   *     empty when the rule does not apply
   */
  public Relation fenceScForcedByCommunication(
      Relation bco, Relation rf, Relation co, Relation fr) {
    if (model.fenceScPairs().isEmpty()
        || model.spec().causeBase() != ModelSpec.CauseBase.SPEC
        || !model.completions().isEmpty()) {
      return Relation.empty(n);
    }
    Relation com = Relation.empty(n);
    Relation observedStep = model.observationStep(rf);
    if (model.has(Axiom.CAUSALITY)) {
      com = com.union(rf).union(fr).union(fr.compose(observedStep));
    }
    if (model.has(Axiom.COHERENCE)) {
      com = com.union(co).union(co.compose(observedStep));
    }
    com = com.intersection(model.genericSameAddress());
    if (com.isEmpty()) {
      return Relation.empty(n);
    }
    EventSet fences = model.fenceScPairs().domain();
    Relation fromFences = bco.restrict(fences, com.domain());
    Relation toFences = bco.restrict(com.range(), fences);
    return fromFences.compose(com).compose(toFences).intersection(model.fenceScPairs());
  }

  // ---- coherence order ----------------------------------------------------------------------

  /**
   * Coherence (8.10.1): causality between overlapping writes is in co — the other orientation
   * breaks the axiom, so a search may add these pairs to a partial co, or build only the
   * coherence total orders that extend causality.
   *
   * @param cause the causality order (8.9.5) of the current choices
   * @return cause between overlapping program writes; empty while Coherence is off
   */
  public Relation coherenceForcedByCausality(Relation cause) {
    return model.has(Axiom.COHERENCE)
        ? cause.intersection(model.writePairs())
        : Relation.empty(n);
  }

  /**
   * SC-per-Location (8.10.5): an RMW that reads from a morally strong write is co-after it,
   * since the two form a pairwise morally strong set in which W rf A with A co W is a cycle.
   *
   * @param rf reads-from, write → read
   * @return the pairs (W, A) of rf ∩ ms between program writes; empty while SC-per-Location is
   *     off
   */
  public Relation coherenceForcedByReadsFrom(Relation rf) {
    if (!model.has(Axiom.SC_PER_LOCATION)) {
      return Relation.empty(n);
    }
    EventSet program = model.writes().intersection(
        EventSet.fromPredicate(n, i -> !events.get(i).isInit()));
    return model.observationStep(rf).restrictTo(program);
  }

  /**
   * Atomicity (8.10.3, RMW): the writes that no coherence total order may place between an
   * atomic A and the write W it reads all its bytes from. Such a W' is morally strong with A
   * (or an overlapping mutually scoped atomic, 8.7.2), so co orders it with A, and W precedes
   * W' in co whenever it precedes it in the order (W is the initial write, or co must order W
   * and W'): W' between them gives A fr W' and W' co A.
   *
   * @param byteSources per event, per byte of its access, the write it reads the byte from
   *     ({@code null} for events that do not read)
   * @return the pairs (A, W'); empty while Atomicity is off
   */
  public Relation atomicityGaps(int[][] byteSources) {
    if (!model.has(Axiom.ATOMICITY)) {
      return Relation.empty(n);
    }
    Relation required = model.coherenceRequired();
    Relation partners = model.morallyStrong().union(model.mutuallyScopedAtomics())
        .intersection(model.overlap());
    Relation.Builder gaps = Relation.builder(n);
    for (int a = 0; a < n; a++) {
      int[] src = byteSources[a];
      if (events.get(a).kind() != io.github.ptxlitmus.event.EventKind.RMW || src == null
          || src.length == 0 || !ByteSources.fromOneWrite(src)) {
        continue;
      }
      int w = src[0];
      EventSet between = partners.successors(a).intersection(model.writes());
      for (int x = between.next(0); x >= 0; x = between.next(x + 1)) {
        if (x != w && !events.get(x).isInit()
            && (events.get(w).isInit() || required.contains(w, x))) {
          gaps.add(a, x);
        }
      }
    }
    return gaps.build();
  }
}
