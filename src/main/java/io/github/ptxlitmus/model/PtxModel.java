package io.github.ptxlitmus.model;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.relation.Cliques;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The PTX memory consistency model (PTX ISA 9.4, chapter 8) over the events of one choice of
 * thread paths, as a page of definitions in the spec's order, 8.2.6 to 8.10: the relations the
 * events fix (8.7 morally strong, 8.8 patterns, ...) are named values, each a few operators of
 * {@link Relation} over the events' tags ({@link PtxBase}); the relations that depend on a
 * candidate's choices (rf, the Fence-SC order, the barrier phases, the coherence order) are
 * methods taking those choices; the six axioms of 8.10 are methods returning the evidence of a
 * violation. Where a {@link ModelSpec} variant differs from the spec, the definition says so; an
 * axiom switched off returns empty.
 *
 * <p>Nothing else lives here: the engines' evaluation order and caching are {@link PtxChain},
 * the pruning rules {@link PtxPruning}, what the pruned search asks {@link PtxPartialModel}.
 * Immutable and thread-safe; a named value is computed when first asked for. Every {@link
 * Relation} and {@link EventSet} taken or returned is over the event ids {@code 0..n-1} ({@code
 * n = events().size()}); one of another size makes the operators throw {@link
 * IllegalArgumentException}.
 */
public final class PtxModel {
  private final ModelSpec spec;
  private final AsyncRelations async;
  /** The events' tags and the relations they give directly (program order, overlap, ...). */
  private final PtxBase base;
  private final int n;
  private final EventSet all;
  private final EventSet init;
  private final EventSet writes;
  private final EventSet rmw;
  private final Relation po;
  private final Relation overlap;
  private final Relation ms;
  private final EnumSet<Axiom> axioms = EnumSet.noneOf(Axiom.class);

  /**
   * The model of a variant over one choice of thread paths.
   *
   * @param events the events and the relations they fix (program order with issue order,
   *     dependencies, asynchronous structure)
   * @param spec the variant and the axioms switched on
   */
  public PtxModel(EventStructure events, ModelSpec spec) {
    this.spec = spec;
    this.axioms.addAll(spec.axioms()); // asked on every axiom check: a plain EnumSet
    this.async = events.async();
    this.base = new PtxBase(events);
    this.n = base.n;
    this.all = base.all;
    this.init = base.init;
    this.writes = base.writes;
    this.rmw = base.rmw;
    this.po = base.po;
    this.overlap = base.overlap;
    this.ms = moralStrength();
  }

  /** {@return the variant and the axioms switched on} */
  public ModelSpec spec() {
    return spec;
  }

  /**
   * Whether an axiom is switched on: the searches prune only on those.
   *
   * @param axiom one of the six axioms (8.10)
   * @return whether the variant checks it
   */
  public boolean has(Axiom axiom) {
    return axioms.contains(axiom);
  }

  /** {@return the events; an event's id is its index in this list} */
  public List<Event> events() {
    return base.events;
  }

  /** {@return program order (8.9.1) with the issue order of asynchronous units (8.9.1.1)} */
  public Relation programOrder() {
    return po;
  }

  /** {@return the dependencies of No-Thin-Air (8.10.4), read → dependent event} */
  public Relation dependencies() {
    return base.dep;
  }

  /** {@return the physical overlap of memory operations (8.2.1), irreflexive} */
  public Relation overlap() {
    return overlap;
  }

  /** {@return the writes (initial writes included) as an event set} */
  public EventSet writes() {
    return writes;
  }

  /** {@return the overlapping pairs of program writes (initial writes excluded), symmetric} */
  public Relation writePairs() {
    return base.writePairs();
  }

  // ---- 8.2.6 initial writes -----------------------------------------------------------------

  // The initial writes are base-causality-before every event.
  private Relation initialWritesBefore() {
    return initialWritesBefore.get(() -> Relation.cross(n, init, init.complement()));
  }

  /**
   * {@return 8.2.6 initial writes first: each initial write is co-before every write that
   * overlaps it (init → write), the part of co every candidate has}
   */
  public Relation initialWritesFirst() {
    return initialWritesFirst.get(() -> overlap.restrict(init, writes));
  }

  // ---- 8.7 morally strong -------------------------------------------------------------------

  // (po-related, or both strong and each one's scope includes the other's thread) and the same
  // proxy and, for two memory operations, complete overlap; fences and barriers count as generic;
  // initial writes are morally strong with nothing (8.2.6). Variant dat3m-v6.0 has no proxies:
  // every operation is generic and complete overlap is of the physical bytes (its ms2 is
  // (M * M) & loc: an alias is another name of the same bytes).
  private Relation moralStrength() {
    Relation sameProxy = spec.proxies() ? base.grouped(all, Event::proxy) : Relation.full(n);
    EventSet other = base.memory.complement();
    Relation completeOverlap = Relation.cross(n, other, all).union(Relation.cross(n, all, other))
        .union(spec.proxies()
            ? base.sameVirtualRange().intersection(overlap)
            : base.samePhysicalRange());
    Relation candidates = sameProxy.intersection(completeOverlap).restrictTo(init.complement())
        .withoutIdentity();
    return candidates.intersection(
        po.union(po.inverse()).union(base.sameScope(candidates.restrictTo(base.strong))));
  }

  /** {@return the 8.7 morally strong relation (symmetric, irreflexive)} */
  public Relation morallyStrong() {
    return ms;
  }

  // ---- 8.7.1 conflict and data race, 8.7.2 mixed sizes --------------------------------------

  /**
   * {@return 8.7.1 conflict: overlapping memory operations, at least one a write (symmetric);
   * initial writes take part in no conflict (8.2.6)}
   */
  public Relation conflict() {
    return conflict.get(() -> overlap.restrictTo(init.complement())
        .intersection(Relation.cross(n, writes, all).union(Relation.cross(n, all, writes))));
  }

  /**
   * 8.7.1 data races: conflicting pairs unrelated by causality and not morally strong.
   *
   * @param cause the causality order (8.9.5) of the execution
   * @return the racing pairs: conflict \ cause \ cause⁻¹ \ ms, symmetric
   */
  public Relation dataRaces(Relation cause) {
    return conflict().difference(cause).difference(cause.inverse()).difference(ms);
  }

  /**
   * 8.7.2 mixed-size data races: data races between partially overlapping operations.
   *
   * @param cause the causality order (8.9.5)
   * @return the pairs of {@link #dataRaces} whose byte ranges differ (offset or size)
   */
  public Relation mixedSizeRaces(Relation cause) {
    return dataRaces(cause).difference(base.sameBytes());
  }

  /**
   * {@return 8.7.2: overlapping atomic operations (partial overlap included) on one address
   * whose scopes each include the other's thread, which perform their read-modify-writes one
   * after the other (symmetric)}
   */
  public Relation mutuallyScopedAtomics() {
    return mutuallyScopedAtomics.get(() -> base.sameScope(base.sameAddress().restrictTo(rmw)));
  }

  // ---- 8.8 release and acquire patterns -----------------------------------------------------

  // Release- and acquire-class fences: fence.release / fence.acquire, fence.acq_rel, and
  // fence.sc (not in the Dat3M variants, whose patterns name only F & ACQ_REL).
  private EventSet fences(Semantics direction) {
    return base.tagged(e -> e.kind() == EventKind.FENCE
        && (e.sem() == direction || e.sem() == Semantics.ACQ_REL
            || (spec.fenceScReleaseAcquire() && e.isFenceSc())));
  }

  private EventSet acquireFences() {
    return acquireFences.get(() -> fences(Semantics.ACQUIRE));
  }

  // Release pattern on M, as first event → its strong write on M:
  //   1. a release operation on M (first = the write itself);
  //   2. a release or acq_rel operation on M, then a po-later strong write on M;
  //   3. a release-class fence (release, acq_rel, sc), then a po-later strong write on M
  //      (over the model's po, which holds issue order: pattern 4; pattern 5 is pattern 1).
  private Relation releasePattern() {
    return releasePattern.get(() -> {
      EventSet releaseOps = base.tagged(Event::isReleaseOp);
      EventSet strongWrites = base.strong.intersection(base.programWrites);
      return Relation.identity(releaseOps)
          .union(po.restrict(releaseOps, strongWrites).intersection(base.sameVirtualRange()))
          .union(po.restrict(fences(Semantics.RELEASE), strongWrites));
    });
  }

  // Acquire pattern on M, as its read on M → last event:
  //   1. an acquire operation on M (last = the read itself);
  //   2. a strong read on M, then a po-later acquire operation on M;
  //   3. a strong read on M, then a po-later acquire-class fence (acquire, acq_rel, sc).
  // 8.11.1: a reduction (red) is never the read of an acquire pattern.
  private Relation acquirePattern() {
    return acquirePattern.get(() -> {
      EventSet ownReads = base.reads.difference(base.tagged(Event::isReduction));
      EventSet acquireOps = base.tagged(Event::isAcquireOp);
      EventSet strongReads = base.strong.intersection(ownReads);
      return Relation.identity(acquireOps.intersection(ownReads))
          .union(po.restrict(strongReads, acquireOps).intersection(base.sameVirtualRange()))
          .union(po.restrict(strongReads, acquireFences()));
    });
  }

  // Acquire pattern 4 (asynchronous): a strong read R of a unit, the issuing thread observing
  // the unit's completion (obs), then a po-later acquire-class fence of that thread; R → fence.
  private Relation asyncAcquirePattern(Relation obs) {
    EventSet completions = async.completions();
    if (completions.isEmpty()) {
      return Relation.empty(n);
    }
    EventSet unitReads = base.tagged(e -> e.reads() && e.isStrong()).difference(completions)
        .intersection(async.carried().restrict(all, completions).domain());
    return async.carried().restrict(unitReads, completions).compose(obs).compose(po)
        .restrict(unitReads, acquireFences()).intersection(base.sameThread());
  }

  // ---- 8.9.1.1 asynchronous completions -----------------------------------------------------

  /** {@return the completion operations of asynchronous units (8.9.1.1)} */
  public EventSet completions() {
    return async.completions();
  }

  /**
   * 8.9.1.1 the completion relation C: the synchronization a completion (implicit complete-tx,
   * asynchronous arrive) establishes carries only its own unit's operations: C = carried ;
   * sw_completion.
   *
   * @param completionSw the synchronizes-with edges (8.9.4) that start at a completion
   * @return C: operation of a unit → what its completion synchronizes with
   */
  public Relation completionOrder(Relation completionSw) {
    return async.carried().compose(completionSw);
  }

  // ---- 8.9.2 observation --------------------------------------------------------------------

  /**
   * 8.9.2 observation, one step: W obs R when R is morally strong with W and reads W's value.
   * Variant dat3m-v7.5 takes only this step into causality order.
   *
   * @param rf reads-from, write → read
   * @return rf ∩ ms
   */
  public Relation observationStep(Relation rf) {
    return rf.intersection(ms);
  }

  /**
   * 8.9.2 observation: one step, or a chain through atomic RMWs. An RMW is one event here, so
   * obs = (rf ∩ ms)+.
   *
   * @param rf reads-from, write → read
   * @return obs, write → read (or RMW), transitive
   */
  public Relation observation(Relation rf) {
    return observationStep(rf).transitiveClosure();
  }

  // ---- 8.9.3 Fence-SC order -----------------------------------------------------------------

  /**
   * {@return the pairs of fence.sc that the Fence-SC order relates (8.9.3): the morally strong
   * ones (two fence.sc.cta in different CTAs stay unordered)}
   */
  public Relation fenceScPairs() {
    return fenceScPairs.get(() -> ms.restrictTo(base.fenceSc));
  }

  // ---- 8.9.4 synchronizes-with --------------------------------------------------------------

  /**
   * 8.9.4 rule 1: fence.sc X synchronizes with fence.sc Y when X precedes Y in the Fence-SC
   * order (8.9.3).
   *
   * @param fenceScOrder the chosen Fence-SC order (8.9.3)
   * @return its pairs between fence.sc events, X → Y
   */
  public Relation fenceScSynchronization(Relation fenceScOrder) {
    return fenceScOrder.restrictTo(base.fenceSc);
  }

  /**
   * 8.9.4 rules 2 and 3, barriers. Rule 2: every arrival of a completed phase of a CTA barrier
   * ({@code bar.sync}, {@code bar.red}, {@code bar.arrive}) synchronizes with every wait of that
   * phase; which arrivals form a phase is a choice of the candidate (PTX ISA bar.sync: a phase
   * completes when its expected number of threads arrived). Rule 3: a release {@code
   * barrier.cluster.arrive} synchronizes with each {@code barrier.cluster.wait} of its phase:
   * every thread of the cluster takes part in each phase, phase k is the k-th arrive of each
   * thread, and a wait belongs to the phase of its thread's latest arrive.
   *
   * @param samePhase arrive → arrive of the same completed phase of a CTA barrier (reflexive
   *     on the arrivals of completed phases)
   * @return arrive → wait
   */
  public Relation barrierSynchronization(Relation samePhase) {
    return samePhase.compose(barrierWait()).union(clusterBarrierSynchronization());
  }

  // The wait half of each bar.sync / bar.red: the wait right after its arrive in po.
  private Relation barrierWait() {
    return barrierWait.get(() -> base.immediatelyAfter(
        base.kind(EventKind.BARRIER_ARRIVE), base.kind(EventKind.BARRIER_WAIT)));
  }

  // Rule 3: [release arrive] ; same cluster phase ; latest arrive before the wait.
  private Relation clusterBarrierSynchronization() {
    return clusterBarrierSync.get(() -> {
      EventSet arrives = base.kind(EventKind.CLUSTER_ARRIVE);
      if (arrives.isEmpty()) {
        return Relation.empty(n);
      }
      Relation samePhase = Relation.grouped(arrives,
              a -> po.predecessors(a).intersection(arrives).count())
          .intersection(base.pairsOf(arrives, (x, y) -> x.position().sameCluster(y.position()))
              .union(Relation.identity(arrives)));
      EventSet release = arrives.intersection(base.tagged(e -> e.sem() != Semantics.RELAXED));
      return samePhase.restrict(release, all)
          .compose(base.latestBefore(arrives, base.kind(EventKind.CLUSTER_WAIT)));
    });
  }

  /**
   * 8.9.4 rule 4: release pattern X synchronizes with acquire pattern Y when X's write is
   * observed by Y's read and first(X) is morally strong with last(Y); the edge runs first(X) →
   * last(Y). The patterns are those of 8.8, plus acquire pattern 4 for asynchronous reads.
   *
   * @param obs the observation order (8.9.2)
   * @return the synchronizes-with edges of release/acquire patterns, first(X) → last(Y)
   */
  public Relation patternSynchronization(Relation obs) {
    Relation release = releasePattern();
    if (release.isEmpty()) {
      return Relation.empty(n);
    }
    Relation acquire = acquirePattern().union(asyncAcquirePattern(obs));
    return release.compose(obs).compose(acquire).intersection(ms);
  }

  /**
   * {@return 8.9.4 API synchronization: kernel launch, stream order, events and synchronize
   * calls of host threads (part of base causality, 8.9.5); empty without API calls}
   */
  public Relation apiSynchronization() {
    return async.api();
  }

  // ---- 8.9.5 causality order ----------------------------------------------------------------

  /**
   * 8.9.5 base causality order: (po ∪ sw)+, with the initial writes before everything; with
   * asynchronous operations B ∪ (C ; B?) (8.9.1.1), where B is (po ∪ sw' ∪ init ∪ API
   * synchronization)+ for sw' the synchronization not from a completion, and C the {@link
   * #completionOrder} of the synchronization from completions.
   *
   * @param sw synchronizes-with (8.9.4): patterns, Fence-SC, barriers
   * @return bco, transitive when there are no completions; cyclic when sw contradicts po (see
   *     {@link #baseCausalityCycle})
   */
  public Relation baseCausality(Relation sw) {
    Relation fromCompletions = sw.restrict(async.completions(), all);
    Relation b = po.union(sw.difference(fromCompletions)).union(initialWritesBefore())
        .union(apiSynchronization()).transitiveClosure();
    Relation c = completionOrder(fromCompletions);
    return b.union(c).union(c.compose(b));
  }

  /**
   * 8.9.5 proxy-preserved base causality: memory operations X bco Y that overlap and
   *
   * <ol>
   *   <li>both use the generic proxy on the same (virtual) address, or
   *   <li>use the same proxy, in the same CTA, on the same address, or
   *   <li>meet the generic proxy through proxy fences, or are aliases (different addresses of
   *       one physical location) with a fence.proxy.alias on a bco path X → Y.
   * </ol>
   *
   * <p>A proxy fence {@code fence.proxy.<p>} in the CTA of an operation of proxy p moves it to
   * the generic proxy: before the fence on X's side, after it on Y's side (the nine cases of
   * proxy_preserved_cause_base in ptx.als and Dat3M's ptx-v7.5.cat). With {@code toGeneric} = X
   * → X for a generic X, else X → each proxy fence for X that X precedes in bco, and {@code
   * fromGeneric} its mirror on Y's side: same address needs toGeneric ; bco? ; fromGeneric, an
   * alias needs toGeneric ; bco ; [fence.proxy.alias] ; bco ; fromGeneric. In variant
   * dat3m-v6.0 (no proxies) it is bco between overlapping operations on the same address.
   *
   * @param bco base causality order (8.9.5)
   * @return ppbco, a subset of bco between memory operations
   */
  public Relation proxyPreservedBaseCausality(Relation bco) {
    Relation candidates = bco.intersection(overlap);
    if (genericOnly()) {
      return candidates.intersection(genericSameAddress()); // cases 2-9 need another proxy
    }
    Relation sameAddress = base.sameAddress();
    EventSet generic = base.generic();
    EventSet other = base.memory.difference(generic);
    Relation toGeneric = Relation.identity(generic)
        .union(bco.intersection(base.proxyFences()).restrict(other, all));
    Relation fromGeneric = Relation.identity(generic)
        .union(bco.intersection(base.proxyFences().inverse()).restrict(all, other));
    Relation viaFences = toGeneric.compose(bco.optional()).compose(fromGeneric);
    Relation viaAlias = toGeneric.compose(bco).compose(Relation.identity(base.aliasFences()))
        .compose(bco).compose(fromGeneric);
    return candidates.intersection(
        sameAddress.intersection(base.sameProxyAndCta().union(viaFences))
            .union(viaAlias.difference(sameAddress)));
  }

  /**
   * {@return the pairs case 1 of 8.9.5 applies to: overlapping memory operations on the same
   * address, both through the generic proxy (every operation, in a variant without proxies)}
   */
  public Relation genericSameAddress() {
    return genericSameAddress.get(() -> spec.proxies()
        ? base.sameAddress().restrictTo(base.generic())
        : base.sameAddress());
  }

  // No proxy but the generic one and no alias fence, or a variant without proxies.
  private boolean genericOnly() {
    return genericOnly.get(() -> !spec.proxies()
        || (base.aliasFences().isEmpty() && base.generic().equals(base.memory)));
  }

  /**
   * 8.9.5 causality order: ppbco ∪ (obs ; ppbco). Variant dat3m-v7.5 takes one observation step
   * ({@link #observationStep}) instead of obs; variant dat3m-v6.0 builds it as cb ∪ obs ; (cb ∪
   * po-loc) with cb = po? ; sw ; bco? (base causality through some synchronization). Variants
   * that read an RMW as Dat3M does, a read part and a write part in po ({@link
   * ModelSpec#splitRmw()}), also order what an RMW observes before its write part: obs ; [RMW].
   *
   * @param rf reads-from (8.9.7)
   * @param obs observation (8.9.2)
   * @param sw synchronizes-with (8.9.4)
   * @param bco base causality order (8.9.5)
   * @param ppbco proxy-preserved base causality (8.9.5)
   * @return cause, as {@link #spec()}'s variant defines it
   */
  public Relation causalityOrder(
      Relation rf, Relation obs, Relation sw, Relation bco, Relation ppbco) {
    Relation cause = variantCausality(rf, obs, sw, bco, ppbco);
    if (spec.splitRmw() && !rmw.isEmpty()) {
      cause = cause.union(causalStep(rf, obs).restrict(all, rmw));
    }
    return cause;
  }

  /**
   * 8.9.5 causality order as Causality rule 1 (8.10.6) sees it from the reader: cause, except in
   * variants with {@link ModelSpec#splitRmw()}, where an RMW's rows lack the observation step
   * (it starts at the RMW's write part, while the rf of rule 1 ends at its read part).
   *
   * @param cause {@link #causalityOrder}
   * @param sw synchronizes-with (8.9.4)
   * @param bco base causality order (8.9.5)
   * @param ppbco proxy-preserved base causality (8.9.5)
   * @return the causality order rule 1 checks rf against
   */
  public Relation readerCausality(Relation cause, Relation sw, Relation bco, Relation ppbco) {
    if (!spec.splitRmw() || rmw.isEmpty()) {
      return cause;
    }
    Relation none = Relation.empty(n);
    Relation fromRmw = Relation.cross(n, rmw, all);
    return cause.difference(fromRmw)
        .union(variantCausality(none, none, sw, bco, ppbco).intersection(fromRmw));
  }

  private Relation variantCausality(
      Relation rf, Relation obs, Relation sw, Relation bco, Relation ppbco) {
    if (spec.causeBase() == ModelSpec.CauseBase.DAT3M_V6) {
      Relation cb = po.optional().compose(sw).compose(bco.optional());
      return cb.union(obs.compose(cb.union(po.intersection(overlap))));
    }
    return ppbco.union(causalStep(rf, obs).compose(ppbco));
  }

  private Relation causalStep(Relation rf, Relation obs) {
    return spec.causeObservation() == ModelSpec.CauseObservation.ONE_STEP
        ? observationStep(rf)
        : obs;
  }

  // ---- 8.9.6 coherence order, 8.9.7 communication -------------------------------------------

  /**
   * 8.9.6: the pairs of overlapping program writes that co relates: morally strong or
   * causality-related pairs, and (8.7.2) overlapping mutually scoped atomics, whose RMWs happen
   * one after the other. Racy pairs stay unrelated.
   *
   * @param cause the causality order (8.9.5)
   * @return those pairs, symmetric
   */
  public Relation coherencePairs(Relation cause) {
    return ms.union(mutuallyScopedAtomics()).union(cause).union(cause.inverse())
        .intersection(writePairs());
  }

  /**
   * {@return the pairs of overlapping program writes co relates whatever causality says
   * (8.9.6): {@link #coherencePairs} of no causality, symmetric}
   */
  public Relation coherenceRequired() {
    return coherenceRequired.get(() -> coherencePairs(Relation.empty(n)));
  }

  /**
   * 8.9.6 coherence order: given a total order of the overlapping program writes per location,
   * co keeps the {@link #coherencePairs} and closes transitively (as ptx.als does); the initial
   * writes come first ({@link #initialWritesFirst}).
   *
   * @param total the chosen total order of the overlapping program writes per location,
   *     transitive, without the initial writes
   * @param cause the causality order (8.9.5)
   * @return co, write → write, a strict partial order
   */
  public Relation coherenceOrder(Relation total, Relation cause) {
    return total.intersection(coherencePairs(cause)).transitiveClosure()
        .union(initialWritesFirst());
  }

  /**
   * 8.9.7 from-reads, byte-wise: R fr W when, for some byte that both access, R returns the
   * value of a write co-before W; an RMW is not fr-before itself. Byte-wise because reads may
   * take different bytes from different writes (mixed sizes, torn reads), which the algebra of
   * whole events cannot say: {@code byteSources[r][k]} is the write that read {@code r} takes
   * its k-th byte from.
   *
   * @param byteSources per event, per byte of its access (index 0 = its first byte), the write
   *     it reads the byte from; {@code null} for events that do not read
   * @param co coherence order (8.9.6)
   * @return fr, read → overlapping write, irreflexive; (rf⁻¹ ; co) \ id when every read takes
   *     all its bytes from one write
   */
  public Relation fromReads(int[][] byteSources, Relation co) {
    Relation.Builder fr = Relation.builder(n);
    for (int r = 0; r < n; r++) {
      int[] src = byteSources[r];
      if (src == null || src.length == 0) {
        continue;
      }
      EventSet later = ByteSources.fromOneWrite(src)
          ? co.successors(src[0]) : ByteSources.coAfterSomeSource(base, r, src, co);
      later = later.intersection(overlap.successors(r)).intersection(writes);
      for (int w = later.next(0); w >= 0; w = later.next(w + 1)) {
        if (w != r) {
          fr.add(r, w);
        }
      }
    }
    return fr.build();
  }

  // ---- 8.10 axioms: each returns the evidence of a violation, or empty when it holds -------

  /**
   * 8.10.1 Coherence: W cause W' for overlapping writes implies W co W'.
   *
   * @param cause the causality order (8.9.5)
   * @param co coherence order (8.9.6)
   * @return the pair (W, W') with W cause W' but not W co W', or empty (also when Coherence is
   *     off)
   */
  public Optional<Violation> coherence(Relation cause, Relation co) {
    if (!has(Axiom.COHERENCE)) {
      return Optional.empty();
    }
    return cause.restrictTo(writes).intersection(overlap).anyEdgeOutside(co)
        .map(e -> new Violation(Axiom.COHERENCE, List.of(e[0], e[1]), List.of("cause", "co⁻¹"),
            "write precedes an overlapping write in causality order but not in coherence order"));
  }

  /**
   * 8.10.2 Fence-SC: for morally strong fence.sc F1, F2, F1 bco F2 implies F1 sc F2.
   * (Causality order relates memory operations only; between fences it is base causality.)
   *
   * @param bco base causality order (8.9.5)
   * @param fenceScOrder the Fence-SC order (8.9.3)
   * @return the pair (F1, F2) with F1 bco F2 but not F1 sc F2, or empty (also when Fence-SC is
   *     off)
   */
  public Optional<Violation> fenceSc(Relation bco, Relation fenceScOrder) {
    if (!has(Axiom.FENCE_SC)) {
      return Optional.empty();
    }
    return bco.intersection(fenceScPairs()).anyEdgeOutside(fenceScOrder)
        .map(e -> new Violation(Axiom.FENCE_SC, List.of(e[0], e[1]), List.of("bco", "sc"),
            "fence.sc F1 precedes F2 in causality order, but F2 precedes F1 in Fence-SC order"));
  }

  /**
   * 8.10.3 Atomicity, byte-wise. Single-copy: a read R morally strong with a write W does not
   * take bytes both from W and from a write co-before W. RMW: an atomic A does not read from a
   * write co-before W while being co-after W, for W morally strong with A — and, by 8.7.2, for
   * any overlapping atomic W (partial overlap included) when each one's scope includes the
   * other's thread. Byte-wise, as {@link #fromReads}.
   *
   * @param byteSources per event, per byte of its access, the write it reads the byte from;
   *     {@code null} for events that do not read
   * @param fr from-reads (8.9.7)
   * @param co coherence order (8.9.6)
   * @return the first offending pair, (R, W) for single-copy or (A, W) for RMW atomicity, or
   *     empty (also when Atomicity is off)
   */
  public Optional<Violation> atomicity(int[][] byteSources, Relation fr, Relation co) {
    if (!has(Axiom.ATOMICITY)) {
      return Optional.empty();
    }
    return ByteSources.tornAcross(byteSources, ms, writes, co)
        .map(e -> new Violation(Axiom.ATOMICITY, List.of(e[0], e[1]), List.of("rf", "co"),
            "a read takes bytes both from W and from a write co-before W"))
        .or(() -> rmw.isEmpty() ? Optional.empty() : fr.restrict(rmw, all)
            .intersection(atomicPairs.get(() -> ms.union(mutuallyScopedAtomics())))
            .firstPairWithConverseIn(co)
            .map(e -> new Violation(Axiom.ATOMICITY, List.of(e[0], e[1]), List.of("fr", "co"),
                "an atomic reads from a write co-before W, yet is co-after W")));
  }

  /**
   * 8.10.4 No-Thin-Air: rf ∪ dep is acyclic.
   *
   * @param rf reads-from, write → read
   * @return a cycle of rf ∪ dep, each step labelled rf or dep, or empty (also when No-Thin-Air
   *     is off)
   */
  public Optional<Violation> noThinAir(Relation rf) {
    if (!has(Axiom.NO_THIN_AIR)) {
      return Optional.empty();
    }
    Relation step = rf.union(base.dep);
    if (step.isAcyclic()) {
      return Optional.empty();
    }
    return step.findCycle().map(c -> Violation.cycle(Axiom.NO_THIN_AIR, c,
        List.of(Map.entry("rf", rf), Map.entry("dep", base.dep)),
        "values flow in a cycle of dependencies and reads-from"));
  }

  /**
   * 8.10.5 SC-per-Location: in every set of pairwise morally strong overlapping memory
   * operations, po ∪ rf ∪ co ∪ fr restricted to the set is acyclic; checked on each maximal such
   * set (the maximal cliques of ms among memory operations, a named value since the algebra has
   * no "for every clique"). Variant dat3m-v6.0: (ms ∩ (rf ∪ co ∪ fr)) ∪ po-loc is acyclic.
   *
   * @param rf reads-from (8.9.7)
   * @param co coherence order (8.9.6)
   * @param fr from-reads (8.9.7)
   * @return a cycle, each step labelled with a relation containing it, or empty (also when
   *     SC-per-Location is off)
   */
  public Optional<Violation> scPerLocation(Relation rf, Relation co, Relation fr) {
    if (!has(Axiom.SC_PER_LOCATION)) {
      return Optional.empty();
    }
    Relation com = rf.union(co).union(fr);
    if (spec.scPerLocation() == ModelSpec.ScPerLocation.DAT3M_V6) {
      Relation poLoc = po.intersection(overlap);
      return com.intersection(ms).union(poLoc).findCycle().map(c -> Violation.cycle(
          Axiom.SC_PER_LOCATION, c, List.of(Map.entry("rf", rf), Map.entry("co", co),
              Map.entry("fr", fr), Map.entry("po-loc", poLoc)),
          "communication among morally strong operations contradicts po-loc"));
    }
    Relation step = com.union(po);
    if (step.isAcyclic()) {
      return Optional.empty(); // then so is its restriction to every set below
    }
    // The maximal sets of two or more pairwise morally strong memory operations.
    for (EventSet clique : morallyStrongCliques.get(() -> Cliques.maximal(ms, base.memory)
        .stream().filter(s -> s.count() >= 2).toList())) {
      Relation restricted = step.restrictTo(clique);
      if (!restricted.isAcyclic()) {
        return restricted.findCycle().map(c -> Violation.cycle(Axiom.SC_PER_LOCATION, c,
            List.of(Map.entry("po", po), Map.entry("rf", rf), Map.entry("co", co),
                Map.entry("fr", fr)),
            "communication contradicts program order among pairwise morally strong"
                + " operations on one location"));
      }
    }
    return Optional.empty();
  }

  /**
   * 8.10.6 Causality: a read does not read from a write it causally precedes, nor from a write
   * co-before one that causally precedes it: (rf ∪ fr) ; cause is irreflexive.
   *
   * @param rf reads-from (8.9.7)
   * @param fr from-reads (8.9.7)
   * @param readerCause {@link #readerCausality}: rule 1 (rf) is checked against it
   * @param cause the causality order (8.9.5): rule 2 (fr) is checked against it
   * @return a pair (W, R) with W rf R and R cause W (checked first), or (R, W) with R fr W and W
   *     cause R; empty when none (also when Causality is off)
   */
  public Optional<Violation> causality(
      Relation rf, Relation fr, Relation readerCause, Relation cause) {
    Optional<Violation> v = causalityReadsFrom(rf, readerCause);
    return v.isPresent() ? v : causalityCycle(fr, "fr", cause);
  }

  /**
   * Rule 1 of 8.10.6 alone (needs no coherence order): rf ; cause is irreflexive.
   *
   * @param rf reads-from (8.9.7)
   * @param readerCause {@link #readerCausality}
   * @return a pair (W, R) with W rf R and R cause W, or empty (also when Causality is off)
   */
  public Optional<Violation> causalityReadsFrom(Relation rf, Relation readerCause) {
    return causalityCycle(rf, "rf", readerCause);
  }

  private Optional<Violation> causalityCycle(Relation com, String name, Relation cause) {
    if (!has(Axiom.CAUSALITY)) {
      return Optional.empty();
    }
    return com.firstPairWithConverseIn(cause).map(e -> new Violation(Axiom.CAUSALITY,
        List.of(e[0], e[1]), List.of(name, "cause"),
        name.equals("rf")
            ? "a read reads from a write that it precedes in causality order"
            : "a read reads from a write co-before one that precedes it in causality order"));
  }

  /**
   * Part of Causality (8.10.6): base causality must be acyclic (8.9.5 defines it as an order).
   * A cycle of po and sw made by release/acquire patterns or Fence-SC synchronization (8.9.4) is
   * a consistency matter, so this rule holds only while Causality is on. A cycle of po and
   * barrier synchronization alone is a program that deadlocks, not checked here.
   *
   * @param sw synchronizes-with (8.9.4)
   * @return a cycle of po ∪ sw, each step labelled po or sw, or empty (also when Causality is
   *     off)
   */
  public Optional<Violation> baseCausalityCycle(Relation sw) {
    if (!has(Axiom.CAUSALITY)) {
      return Optional.empty();
    }
    return po.union(sw).findCycle().map(c -> Violation.cycle(Axiom.CAUSALITY, c,
        List.of(Map.entry("po", po), Map.entry("sw", sw)), "base causality (po ∪ sw)+ is cyclic"));
  }

  // The named values above, each remembered once computed.
  private final Lazy<Relation> initialWritesBefore = new Lazy<>();
  private final Lazy<Relation> initialWritesFirst = new Lazy<>();
  private final Lazy<Relation> conflict = new Lazy<>();
  private final Lazy<Relation> mutuallyScopedAtomics = new Lazy<>();
  private final Lazy<EventSet> acquireFences = new Lazy<>();
  private final Lazy<Relation> releasePattern = new Lazy<>();
  private final Lazy<Relation> acquirePattern = new Lazy<>();
  private final Lazy<Relation> fenceScPairs = new Lazy<>();
  private final Lazy<Relation> barrierWait = new Lazy<>();
  private final Lazy<Relation> clusterBarrierSync = new Lazy<>();
  private final Lazy<Relation> genericSameAddress = new Lazy<>();
  private final Lazy<Boolean> genericOnly = new Lazy<>();
  private final Lazy<Relation> coherenceRequired = new Lazy<>();
  private final Lazy<Relation> atomicPairs = new Lazy<>();
  private final Lazy<List<EventSet>> morallyStrongCliques = new Lazy<>();
}
