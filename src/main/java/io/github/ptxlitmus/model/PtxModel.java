package io.github.ptxlitmus.model;

import com.google.common.base.Supplier;
import com.google.common.base.Suppliers;
import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.IntBiPredicate;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The PTX memory consistency model (PTX ISA 9.4, chapter 8) over the events of one candidate
 * execution: each derived relation and each axiom is one method named after its spec section.
 * Everything that does not depend on the execution's choices (program order, moral strength,
 * overlap, the pairwise morally strong sets) is computed once per set of thread paths; the
 * methods then take the choices (rf, Fence-SC order, barrier synchronisation, coherence) as
 * arguments. Immutable and thread-safe.
 *
 * <p>Relation names follow the spec: po, rf, co, fr, ms, obs, sw, bco, cause. The chain from a
 * candidate's choices to the axioms is written once, here: {@link #observed} (8.9.2, 8.9.4
 * rule 4) → {@link #causal} (8.9.4, 8.9.5) → {@link #derive} (8.9.6, 8.9.7) → {@link #check}
 * (8.10). The searches call these members and nothing else of the model; docs/model.md walks
 * through them. Where a {@link ModelSpec} variant differs from the spec, the member says so;
 * each axiom method returns empty when its axiom is switched off in the spec.
 *
 * <p>Every {@link Relation} and {@link EventSet} taken or returned is over this model's event
 * ids {@code 0..n-1} ({@code n = events().size()}); relations of another size make the
 * relation operators throw {@link IllegalArgumentException}. Event ids {@code r}, {@code w}
 * index {@link #events()}.
 */
public final class PtxModel {
  private final ModelSpec spec;
  private final List<Event> events;
  private final int n;
  private final EventSet init;
  private final EventSet writes;
  private final EventSet fenceSc;
  private final EventSet rmw;
  private final Relation po;
  private final Relation dep;
  private final Relation ms;
  private final Relation overlap;
  private final Relation initBefore;
  // Computed on first use (thread-safe): a choice of paths the searches reject before any rf
  // choice needs none of them (issue 18: most path combinations of a spin-loop test).
  private final Supplier<Relation> releasePatternFirst = Suppliers.memoize(this::releasePatternFirst);
  private final Supplier<Relation> acquirePatternLast = Suppliers.memoize(this::acquirePatternLast);
  private final Supplier<List<EventSet>> pairwiseMorallyStrongSets =
      Suppliers.memoize(this::pairwiseMorallyStrongSets);
  private final Supplier<Relation> mutuallyScopedAtomics =
      Suppliers.memoize(this::mutuallyScopedAtomics);
  private final Supplier<Relation> conflict = Suppliers.memoize(this::conflicts);
  /** ms ∪ overlapping mutually scoped atomics: the writes RMW atomicity (8.10.3) protects. */
  private final Supplier<Relation> atomicPartners =
      Suppliers.memoize(this::atomicPartners);
  private final Supplier<Relation> coherenceRequired = Suppliers.memoize(this::required);
  private final Supplier<Relation> initialCoherence = Suppliers.memoize(this::initialWrites);
  private final Supplier<Relation> unsynchronizedBco =
      Suppliers.memoize(this::unsynchronizedBaseCausality);
  private final Supplier<Relation> unsynchronizedPpbco =
      Suppliers.memoize(() -> proxyPreservedBaseCausality(unsynchronizedBco.get()));
  /** Overlapping memory operations on one address, both through the generic proxy (8.9.5 case 1). */
  private final Relation genericSameAddress;
  /**
   * No proxy but the generic one and no alias fence (or a variant without proxies): then
   * proxy-preserved base causality is bco restricted to {@link #genericSameAddress} (8.9.5
   * case 1; cases 2 and 3 need another proxy or an alias fence).
   */
  private final boolean genericOnly;
  private final AsyncRelations async;

  /**
   * @param events the events, ids 0..n-1 in list order
   * @param po program order (8.9.1): transitive, per thread
   * @param dep address, data and control dependencies (8.10.4), read → dependent event
   */
  public PtxModel(List<Event> events, Relation po, Relation dep) {
    this(events, po, dep, ModelSpec.ptx());
  }

  /**
   * @param events the events, ids 0..n-1 in list order
   * @param po program order (8.9.1): transitive, per thread
   * @param dep address, data and control dependencies (8.10.4), read → dependent event
   * @param spec the variant and the axioms switched on
   */
  public PtxModel(List<Event> events, Relation po, Relation dep, ModelSpec spec) {
    this(events, po, dep, spec, AsyncRelations.none(events.size()));
  }

  /**
   * @param events the events, ids 0..n-1 in list order
   * @param po program order (8.9.1): transitive, per thread; the model extends it by {@code
   *     async}'s issue order (DESIGN §6.2)
   * @param dep address, data and control dependencies (8.10.4), read → dependent event
   * @param spec the variant and the axioms switched on
   * @param async completions, what they carry, and API synchronization (DESIGN §6)
   */
  public PtxModel(
      List<Event> events, Relation po, Relation dep, ModelSpec spec, AsyncRelations async) {
    this.spec = spec;
    this.async = async;
    this.events = List.copyOf(events);
    this.n = events.size();
    this.po = programAndIssueOrder(po, async.issueOrder());
    this.dep = dep;
    this.init = EventSet.fromPredicate(n, i -> events.get(i).isInit());
    this.writes = EventSet.fromPredicate(n, i -> events.get(i).writes());
    this.fenceSc = EventSet.fromPredicate(n, i -> events.get(i).isFenceSc());
    this.rmw =
        EventSet.fromPredicate(
            n, i -> events.get(i).kind() == io.github.ptxlitmus.event.EventKind.RMW);
    this.overlap = overlapping();
    this.ms = moralStrength();
    // 8.2.6: the initial writes are base-causality-before every event.
    this.initBefore = Relation.cross(n, init, init.complement());
    this.genericSameAddress = genericSameAddress();
    this.genericOnly =
        !spec.proxies()
            || events.stream().noneMatch(
                e -> e.isAliasFence() || (e.isMemory() && e.proxy() != Proxy.GENERIC));
  }

  /** The pairs of {@code candidates} that satisfy {@code p} (which holds on no other pair). */
  private Relation keep(Relation candidates, IntBiPredicate p) {
    Relation.Builder b = Relation.builder(n);
    candidates.forEach(
        (a, c) -> {
          if (p.test(a, c)) {
            b.add(a, c);
          }
        });
    return b.build();
  }

  // 8.2.1 overlap: memory operations on one physical location whose byte ranges intersect
  // (the pairs are looked for among the accesses of each physical location only).
  private Relation overlapping() {
    Map<String, List<Integer>> byPhysical = new LinkedHashMap<>();
    for (Event e : events) {
      if (e.isMemory()) {
        byPhysical.computeIfAbsent(e.physical(), k -> new ArrayList<>()).add(e.id());
      }
    }
    Relation.Builder b = Relation.builder(n);
    for (List<Integer> group : byPhysical.values()) {
      for (int a : group) {
        for (int c : group) {
          if (a != c && events.get(a).overlaps(events.get(c))) {
            b.add(a, c);
          }
        }
      }
    }
    return b.build();
  }

  // 8.9.5 proxy-preserved base causality, case 1: both generic, same (virtual) address; in a
  // variant without proxies every operation counts as generic.
  private Relation genericSameAddress() {
    Relation.Builder b = Relation.builder(n);
    overlap.forEach(
        (a, c) -> {
          Event x = events.get(a);
          Event y = events.get(c);
          if (x.isMemory()
              && y.isMemory()
              && x.location().equals(y.location())
              && (!spec.proxies() || (x.proxy() == Proxy.GENERIC && y.proxy() == Proxy.GENERIC))) {
            b.add(a, c);
          }
        });
    return b.build();
  }

  // 8.7.2: overlapping atomic operations (partial overlap included) whose scopes each include
  // the other's thread execute their read-modify-writes one after the other.
  private Relation mutuallyScopedAtomics() {
    return keep(
        overlap.restrict(rmw, rmw),
        (a, b) -> {
          Event x = events.get(a);
          Event y = events.get(b);
          // 8.2.1: operations overlap when their virtual address ranges intersect.
          return overlap.contains(a, b)
              && x.location().equals(y.location())
              && x.kind() == io.github.ptxlitmus.event.EventKind.RMW
              && y.kind() == io.github.ptxlitmus.event.EventKind.RMW
              && x.scopeIncludes(y.position())
              && y.scopeIncludes(x.position());
        });
  }

  /**
   * The model over a candidate's events (its choices are passed to {@link #derive}).
   *
   * @param x the candidate: its events, po and dependencies are used (no asynchronous
   *     operations: {@link AsyncRelations#none})
   * @param spec the variant and the axioms switched on
   * @return the model over {@code x.events()}
   */
  public static PtxModel of(CandidateExecution x, ModelSpec spec) {
    return new PtxModel(x.events(), x.po(), x.dep(), spec);
  }

  /** {@return the variant and the axioms switched on} */
  public ModelSpec spec() {
    return spec;
  }

  /**
   * Whether an axiom is checked: the searches prune only on those.
   *
   * @param axiom an axiom of 8.10
   * @return true when {@code axiom} is switched on in {@link #spec()}
   */
  public boolean has(Axiom axiom) {
    return spec.has(axiom);
  }

  /** {@return the events; an event's id is its index in this list} */
  public List<Event> events() {
    return events;
  }

  /**
   * {@return program order (8.9.1) as the model uses it: the given po, extended by the issue
   * order of asynchronous operations (8.9.1.1) and closed transitively}
   */
  public Relation programOrder() {
    return po;
  }

  /**
   * {@return the address, data and control dependencies of No-Thin-Air (8.10.4), read →
   * dependent event}
   */
  public Relation dependencies() {
    return dep;
  }

  /** {@return the physical overlap of memory operations (8.2.1), irreflexive} */
  public Relation overlap() {
    return overlap;
  }

  /** {@return the writes (initial writes included) as an event set} */
  public EventSet writes() {
    return writes;
  }

  // ---------------------------------------------------------------------------------------
  // 8.7 morally strong: (po-related, or both strong and each scope includes the other's
  // thread) and same proxy and, for two memory operations, complete overlap. Fences and
  // barriers count as generic proxy (DESIGN §3); initial writes are morally strong with
  // nothing (8.2.6 as DESIGN reads it).
  private Relation moralStrength() {
    Relation poBoth = po.union(po.inverse());
    // Two memory operations must overlap completely, so only overlapping pairs, and pairs with
    // a fence or barrier, are looked at.
    EventSet nonMemory = EventSet.fromPredicate(n, i -> !events.get(i).isMemory());
    Relation.Builder b = Relation.builder(n);
    for (int a = 0; a < n; a++) {
      EventSet others = events.get(a).isMemory()
          ? overlap.successors(a).union(nonMemory)
          : EventSet.full(n);
      for (int c = others.next(0); c >= 0; c = others.next(c + 1)) {
        if (a != c
            && morallyStrong(events.get(a), events.get(c), poBoth.contains(a, c), spec)) {
          b.add(a, c);
        }
      }
    }
    return b.build();
  }

  /**
   * 8.7 morally strong, for one pair of distinct events: (related in program order, or both
   * strong and each scope includes the other's thread) and same proxy and, for two memory
   * operations, complete overlap. Fences and barriers count as generic proxy (DESIGN §3);
   * initial writes are morally strong with nothing (8.2.6 as DESIGN reads it). The relation
   * {@link #morallyStrong()} holds exactly the pairs of a candidate for which this is true; the
   * search also asks it about accesses of paths it has not combined yet (loop cuts).
   *
   * @param x an event
   * @param y another event
   * @param poRelated whether one precedes the other in program order
   * @param spec the variant ({@link ModelSpec#proxies()} decides what complete overlap means)
   * @return whether x and y are morally strong
   */
  public static boolean morallyStrong(Event x, Event y, boolean poRelated, ModelSpec spec) {
    if (x.isInit() || y.isInit()) {
      return false;
    }
    boolean related =
        poRelated
            || (x.isStrong()
                && y.isStrong()
                && x.scopeIncludes(y.position())
                && y.scopeIncludes(x.position()));
    // Variant dat3m-v6.0 has no proxies: every operation is generic, and an alias is just
    // another name of the same bytes (its ms2 is `(M * M) & loc`, loc = same physical
    // location), so complete overlap is of the physical bytes.
    boolean sameProxy = !spec.proxies() || x.proxy() == y.proxy();
    boolean completeOverlap =
        !(x.isMemory() && y.isMemory())
            || (spec.proxies() ? x.sameVirtualRange(y) && x.overlaps(y)
                : x.samePhysicalRange(y));
    return related && sameProxy && completeOverlap;
  }

  /** {@return the 8.7 morally strong relation (symmetric, irreflexive)} */
  public Relation morallyStrong() {
    return ms;
  }

  /**
   * 8.7.1 conflict: overlapping memory operations, at least one a write; initial writes take
   * part in no conflict (DESIGN §3).
   *
   * @return the conflicting pairs, symmetric and irreflexive
   */
  public Relation conflict() {
    return conflict.get();
  }

  private Relation conflicts() {
    return keep(
        overlap,
        (a, b) ->
            overlap.contains(a, b)
                && !init.contains(a)
                && !init.contains(b)
                && (writes.contains(a) || writes.contains(b)));
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

  // ---------------------------------------------------------------------------------------
  /**
   * 8.9.2 observation: W obs R when R is morally strong with W and reads W's value, or
   * through a chain of atomic RMWs. An RMW is one event here, so obs = (rf ∩ ms)+.
   *
   * @param rf reads-from, write → read
   * @return obs, write → read (or RMW), transitive
   */
  public Relation observation(Relation rf) {
    return rf.intersection(ms).transitiveClosure();
  }

  // 8.8 release pattern on M, as (first event of the pattern → its write on M):
  //   1. a release operation on M (first = the write itself);
  //   2. a release or acq_rel operation on M, then a po-later strong write on M;
  //   3. a release-class fence (release, acq_rel, sc), then a po-later strong write on M.
  // (Patterns 4 and 5, with asynchronous operations, belong to the async issue.)
  private Relation releasePatternFirst() {
    return keep(
        po.union(Relation.identity(n)).restrict(EventSet.full(n), writes.difference(init)),
        (f, w) -> {
          Event first = events.get(f);
          Event write = events.get(w);
          if (!write.writes() || write.isInit()) {
            return false;
          }
          if (f == w) {
            return write.isReleaseOp();
          }
          if (!po.contains(f, w) || !write.isStrong()) {
            return false;
          }
          return (first.isReleaseOp() && first.sameVirtualRange(write))
              || releaseFence(first);
        });
  }

  // 8.8 acquire pattern on M, as (its read on M → last event of the pattern):
  //   1. an acquire operation on M (last = the read itself);
  //   2. a strong read on M, then a po-later acquire operation on M;
  //   3. a strong read on M, then a po-later acquire-class fence (acquire, acq_rel, sc).
  // 8.11.1: a reduction (red) is never the read of an acquire pattern.
  private Relation acquirePatternLast() {
    EventSet reads = EventSet.fromPredicate(n, i -> events.get(i).reads());
    return keep(
        po.union(Relation.identity(n)).restrict(reads, EventSet.full(n)),
        (r, l) -> {
          Event read = events.get(r);
          Event last = events.get(l);
          if (!read.reads() || read.isReduction()) {
            return false;
          }
          if (r == l) {
            return read.isAcquireOp();
          }
          if (!po.contains(r, l) || !read.isStrong()) {
            return false;
          }
          return (last.isAcquireOp() && last.sameVirtualRange(read)) || acquireFence(last);
        });
  }

  /**
   * 8.8 release-class fence: fence.release, fence.acq_rel, and fence.sc (fence.sc is not one
   * in the Dat3M variants, whose patterns name only {@code F & ACQ_REL}).
   */
  private boolean releaseFence(Event e) {
    return e.kind() == io.github.ptxlitmus.event.EventKind.FENCE
        && (e.sem() == io.github.ptxlitmus.litmus.Semantics.RELEASE
            || e.sem() == io.github.ptxlitmus.litmus.Semantics.ACQ_REL
            || (spec.fenceScReleaseAcquire() && e.isFenceSc()));
  }

  /** 8.8 acquire-class fence: fence.acquire, fence.acq_rel, and fence.sc (as above). */
  private boolean acquireFence(Event e) {
    return e.kind() == io.github.ptxlitmus.event.EventKind.FENCE
        && (e.sem() == io.github.ptxlitmus.litmus.Semantics.ACQUIRE
            || e.sem() == io.github.ptxlitmus.litmus.Semantics.ACQ_REL
            || (spec.fenceScReleaseAcquire() && e.isFenceSc()));
  }

  /**
   * 8.9.4 rule 4: release pattern X synchronizes with acquire pattern Y when X's write is
   * observed by Y's read and first(X) is morally strong with last(Y); the edge runs
   * first(X) → last(Y). The patterns are those of 8.8 over the model's po, which holds the
   * issue order (so release pattern 4 is pattern 3), plus acquire pattern 4 for asynchronous
   * reads.
   *
   * @param obs the observation order (8.9.2)
   * @return the synchronizes-with edges of release/acquire patterns, first(X) → last(Y)
   */
  public Relation patternSynchronization(Relation obs) {
    Relation releaseFirst = releasePatternFirst.get();
    if (releaseFirst.isEmpty()) {
      return Relation.empty(n);
    }
    Relation acquireLast = acquirePatternLast.get().union(asyncAcquirePatternLast(obs));
    return releaseFirst.compose(obs).compose(acquireLast).intersection(ms);
  }

  /**
   * 8.9.4 rule 1: fence.sc X synchronizes with fence.sc Y when X precedes Y in the Fence-SC
   * order (8.9.3), which relates exactly the morally strong pairs of fence.sc.
   *
   * @param fenceScOrder the chosen Fence-SC order (8.9.3)
   * @return its pairs between fence.sc events, X → Y
   */
  public Relation fenceScSynchronization(Relation fenceScOrder) {
    return fenceScOrder.restrict(fenceSc, fenceSc);
  }

  /**
   * {@return the pairs of fence.sc that the Fence-SC order must relate (8.9.3): the morally
   * strong ones}
   */
  public Relation fenceScPairs() {
    return ms.restrict(fenceSc, fenceSc);
  }

  /**
   * 8.9.5 base causality order: (po ∪ sw)+, with the initial writes before everything; with
   * asynchronous operations B ∪ (C ; B?) (DESIGN §6.2, see {@link #completionOrder}), where B
   * is (po ∪ sw' ∪ init ∪ API synchronization)+ for sw' the synchronization not from a
   * completion, and C the completion order of the synchronization from completions.
   *
   * @param sw synchronizes-with (8.9.4): patterns, Fence-SC, barriers
   * @return bco, transitive when there are no completions; cyclic when sw contradicts po (see
   *     {@link #baseCausalityCycle})
   */
  public Relation baseCausality(Relation sw) {
    Relation fromCompletions = sw.restrict(async.completions(), EventSet.full(n));
    Relation b =
        po.union(sw.difference(fromCompletions)).union(initBefore).union(apiSynchronization())
            .transitiveClosure();
    Relation c = completionOrder(fromCompletions);
    return b.union(c).union(c.compose(b));
  }

  /**
   * 8.9.5 proxy-preserved base causality: memory operations X bco Y that overlap and
   *
   * <ol>
   *   <li>both use the generic proxy on the same (virtual) address, or
   *   <li>use the same proxy, in the same CTA, on the same address, or
   *   <li>are aliases (same physical location) with a fence.proxy.alias on a bco path X → Y.
   * </ol>
   *
   * <p>A proxy fence {@code fence.proxy.<p>} in the CTA of an operation of proxy p moves that
   * operation to the generic proxy: before it (on X's side) or after it (on Y's side); these
   * are the nine cases of proxy_preserved_cause_base in ptx.als / Dat3M's ptx-v7.5.cat. Writing
   * S(X) for {X} when X is generic, else the proxy fences for X that X bco-precedes, and T(Y)
   * for {Y} when Y is generic, else the proxy fences for Y that bco-precede Y:
   *
   * <ul>
   *   <li>same virtual address: some s ∈ S(X), t ∈ T(Y) with s bco t (s = t allowed);
   *   <li>aliases: some s ∈ S(X), alias fence A, t ∈ T(Y) with s bco A bco t.
   * </ul>
   *
   * <p>In variant dat3m-v6.0 (no proxies) it is bco between overlapping operations on the same
   * address.
   *
   * @param bco base causality order (8.9.5)
   * @return ppbco, a subset of bco between memory operations
   */
  public Relation proxyPreservedBaseCausality(Relation bco) {
    if (genericOnly) {
      return bco.intersection(genericSameAddress); // case 1 is the only one that can apply
    }
    EventSet aliasFences = EventSet.fromPredicate(n, i -> events.get(i).isAliasFence());
    return Relation.fromPredicate(
        n,
        (a, b) -> {
          if (!bco.contains(a, b)) {
            return false;
          }
          Event x = events.get(a);
          Event y = events.get(b);
          if (!x.isMemory() || !y.isMemory() || !x.overlaps(y)) {
            return false;
          }
          boolean sameAddress = x.location().equals(y.location());
          if (!spec.proxies()) {
            return sameAddress; // dat3m-v6.0: no proxies, every operation generic (case 1)
          }
          if (sameAddress && x.proxy() == Proxy.GENERIC && y.proxy() == Proxy.GENERIC) {
            return true; // case 1
          }
          if (sameAddress && x.proxy() == y.proxy() && x.position().sameCta(y.position())) {
            return true; // case 2
          }
          int[] sources = generic(x, a, bco, true);
          int[] targets = generic(y, b, bco, false);
          for (int s : sources) {
            for (int t : targets) {
              if (sameAddress && (s == t || bco.contains(s, t))) {
                return true;
              }
              if (!sameAddress) {
                for (int f : aliasFences.toArray()) {
                  if ((s == f || bco.contains(s, f)) && (f == t || bco.contains(f, t))) {
                    return true; // case 3
                  }
                }
              }
            }
          }
          return false;
        });
  }

  /**
   * Where an operation meets the generic proxy: itself when generic; else the proxy fences for
   * it in its CTA after it (source side) or before it (target side) in base causality.
   */
  private int[] generic(Event op, int id, Relation bco, boolean sourceSide) {
    if (op.proxy() == Proxy.GENERIC) {
      return new int[] {id};
    }
    List<Integer> fences = new ArrayList<>();
    for (int f = 0; f < n; f++) {
      if (events.get(f).isProxyFenceFor(op)
          && (sourceSide ? bco.contains(id, f) : bco.contains(f, id))) {
        fences.add(f);
      }
    }
    return fences.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * 8.9.5 causality order: ppbco ∪ (obs ; ppbco), as the spec writes it.
   *
   * @param obs observation (8.9.2), or the observation step a variant uses
   * @param ppbco proxy-preserved base causality (8.9.5)
   * @return cause
   */
  public Relation causality(Relation obs, Relation ppbco) {
    return ppbco.union(obs.compose(ppbco));
  }

  /**
   * 8.9.5 causality order in the spec's variant: ppbco ∪ obs ; ppbco. Variant dat3m-v7.5 takes
   * one observation step (ms ∩ rf) instead of obs; variant dat3m-v6.0 builds it as cb ∪ obs ;
   * (cb ∪ po-loc) with cb = po? ; sw ; bco? (base causality through some synchronization).
   *
   * @param rf reads-from, for the one-step variant
   * @param obs observation (8.9.2)
   * @param sw synchronizes-with (8.9.4), for variant dat3m-v6.0
   * @param bco base causality order (8.9.5), for variant dat3m-v6.0
   * @param ppbco proxy-preserved base causality (8.9.5)
   * @return cause, as {@link #spec()}'s variant defines it
   */
  public Relation causality(Relation rf, Relation obs, Relation sw, Relation bco, Relation ppbco) {
    if (spec.causeBase() == ModelSpec.CauseBase.DAT3M_V6) {
      Relation cb = po.union(Relation.identity(n)).compose(sw).compose(bco.union(Relation.identity(n)));
      Relation poLoc = po.intersection(overlap);
      return cb.union(obs.compose(cb.union(poLoc)));
    }
    Relation step =
        spec.causeObservation() == ModelSpec.CauseObservation.ONE_STEP ? rf.intersection(ms) : obs;
    return causality(step, ppbco);
  }

  // ---------------------------------------------------------------------------------------
  // The chain, written once: rf → obs → sw → bco → ppbco → cause → co → fr → axioms.

  /**
   * What rf alone fixes (8.9.2, 8.9.4 rule 4).
   *
   * @param rf reads-from
   * @param obs observation (8.9.2)
   * @param patternSw synchronization of release and acquire patterns (8.9.4 rule 4)
   */
  public record Observed(Relation rf, Relation obs, Relation patternSw) {}

  /**
   * Observation and pattern synchronization of an rf choice.
   *
   * @param rf reads-from, write → read
   * @return rf, obs = {@link #observation}, and {@link #patternSynchronization} of obs
   */
  public Observed observed(Relation rf) {
    Relation obs = observation(rf);
    return new Observed(rf, obs, patternSynchronization(obs));
  }

  /**
   * What rf, the Fence-SC order and the barrier synchronization fix (8.9.4, 8.9.5).
   *
   * @param sw synchronizes-with: patterns, fence.sc pairs and barriers (8.9.4 rules 1-4)
   * @param bco base causality order (8.9.5), transitive
   * @param ppbco proxy-preserved base causality (8.9.5)
   * @param cause causality order (8.9.5)
   * @param readCause causality from the reader of Causality rule 1 (8.10.6): cause, except in
   *     variants with {@link ModelSpec#splitRmw()}, where an RMW's rows lack the observation
   *     step (it starts at the RMW's write part, the rf ends at its read part); there cause
   *     also holds the observations of RMWs (their read part precedes their write part in po)
   */
  public record Causal(
      Relation sw, Relation bco, Relation ppbco, Relation cause, Relation readCause) {}

  /**
   * Causality of a choice: sw = pattern sync ∪ Fence-SC sync ∪ barrier sync (8.9.4), bco, ppbco,
   * cause (8.9.5).
   *
   * @param o what the rf choice fixes ({@link #observed})
   * @param fenceScOrder the chosen Fence-SC order (8.9.3), transitive, over morally strong
   *     fence.sc pairs
   * @param barrierSync barrier synchronization (8.9.4 rules 2 and 3): arrive → wait of one phase
   * @return sw, bco, ppbco, cause and readCause
   */
  public Causal causal(Observed o, Relation fenceScOrder, Relation barrierSync) {
    Relation sw = o.patternSw().union(fenceScSynchronization(fenceScOrder)).union(barrierSync);
    // Without synchronization, bco and ppbco are those of po alone: computed once.
    Relation bco = sw.isEmpty() ? unsynchronizedBco.get() : baseCausality(sw);
    Relation ppbco = sw.isEmpty() ? unsynchronizedPpbco.get() : proxyPreservedBaseCausality(bco);
    Relation cause = causality(o.rf(), o.obs(), sw, bco, ppbco);
    Relation readCause = cause;
    if (spec.splitRmw() && !rmw.isEmpty()) {
      // An observation of an RMW's read part is followed in po (same address) by its write
      // part, so the write is in causality order after what the RMW observes.
      Relation step =
          spec.causeObservation() == ModelSpec.CauseObservation.ONE_STEP
              ? o.rf().intersection(ms)
              : o.obs();
      cause = cause.union(step.restrict(EventSet.full(n), rmw));
      // The same causality without observation: from an RMW's read part, only base causality.
      Relation none = Relation.empty(n);
      Relation fromRmw = Relation.cross(n, rmw, EventSet.full(n));
      Relation base = causality(none, none, sw, bco, ppbco);
      readCause = cause.difference(fromRmw).union(base.intersection(fromRmw));
    }
    return new Causal(sw, bco, ppbco, cause, readCause);
  }

  /**
   * Every relation of the model for one candidate, in the spec's order.
   *
   * @param observed rf, obs and pattern synchronization
   * @param causal sw, bco, ppbco and cause
   * @param fenceScOrder the Fence-SC order (8.9.3)
   * @param byteSources per read, per byte, its write
   * @param co coherence order (8.9.6)
   * @param fr from-reads (8.9.7)
   */
  public record Derivation(
      Observed observed,
      Causal causal,
      Relation fenceScOrder,
      int[][] byteSources,
      Relation co,
      Relation fr) {
    /** {@return reads-from, write → read (from {@link #observed()})} */
    public Relation rf() {
      return observed.rf();
    }

    /** {@return the causality order (8.9.5), from {@link #causal()}} */
    public Relation cause() {
      return causal.cause();
    }
  }

  /**
   * The whole chain for a candidate whose events are this model's.
   *
   * @param x the candidate: its rf, Fence-SC order, barrier synchronization, byte sources and
   *     coherence total order are the choices
   * @return every relation from rf to fr (8.9.2 to 8.9.7)
   */
  public Derivation derive(CandidateExecution x) {
    Observed o = observed(x.rf());
    Causal c = causal(o, x.fenceScOrder(), x.barrierSync());
    return complete(o, c, x.fenceScOrder(), x.byteSources(), x.coherenceTotal());
  }

  /**
   * The chain's last steps: co from the chosen total order (8.9.6), fr (8.9.7).
   *
   * @param o rf, obs and pattern synchronization
   * @param c sw, bco, ppbco and cause
   * @param fenceScOrder the Fence-SC order (8.9.3)
   * @param byteSources per event, per byte of its access, the write it reads the byte from
   *     ({@code null} for events that do not read)
   * @param total the chosen total order of the overlapping program writes per location (see
   *     {@link #coherenceOrder})
   * @return the derivation with co and byte-wise fr
   */
  public Derivation complete(
      Observed o, Causal c, Relation fenceScOrder, int[][] byteSources, Relation total) {
    Relation co = coherenceOrder(total, c.cause());
    return new Derivation(o, c, fenceScOrder, byteSources, co, fromReads(byteSources, co));
  }

  /**
   * The axioms that need no coherence order, in the spec's order: No-Thin-Air (8.10.4), base
   * causality acyclic and rf ; cause irreflexive (8.10.6), Fence-SC (8.10.2). Empty when all
   * switched-on ones hold.
   *
   * @param o rf, obs and pattern synchronization
   * @param c sw, bco, ppbco, cause and readCause
   * @param fenceScOrder the Fence-SC order (8.9.3)
   * @return the first violation in that order, or empty
   */
  public Optional<Violation> checkBeforeCoherence(Observed o, Causal c, Relation fenceScOrder) {
    Optional<Violation> v = noThinAir(o.rf());
    if (v.isEmpty() && !c.bco().isAcyclic()) {
      v = baseCausalityCycle(c.sw());
    }
    if (v.isEmpty()) {
      v = fenceSc(c.bco(), fenceScOrder);
    }
    if (v.isEmpty()) {
      v = causalityReadsFrom(o.rf(), c.readCause());
    }
    return v;
  }

  /**
   * The axioms over coherence: Coherence (8.10.1), Atomicity (8.10.3), SC-per-Location
   * (8.10.5), Causality (8.10.6). {@code co} may be partial: all four only get harder to
   * satisfy as co grows, except Coherence, which the pruned search establishes by adding cause
   * to co.
   *
   * @param rf reads-from, write → read
   * @param byteSources per event, per byte of its access, the write it reads the byte from
   *     ({@code null} for events that do not read)
   * @param causal sw, bco, ppbco, cause and readCause
   * @param co coherence order (8.9.6), possibly partial
   * @param fr from-reads (8.9.7) over that co
   * @return the first violation in that order, or empty
   */
  public Optional<Violation> checkCoherence(
      Relation rf, int[][] byteSources, Causal causal, Relation co, Relation fr) {
    Relation cause = causal.cause();
    Optional<Violation> v = coherence(cause, co);
    if (v.isEmpty()) {
      v = atomicity(byteSources, fr, co);
    }
    if (v.isEmpty()) {
      v = scPerLocation(rf, co, fr);
    }
    if (v.isEmpty()) {
      v = causality(rf, fr, causal);
    }
    return v;
  }

  /**
   * Every switched-on axiom the candidate violates, in the spec's order 8.10.1 … 8.10.6.
   *
   * @param d the candidate's relations ({@link #derive})
   * @return at most one violation per axiom; empty when the candidate is consistent
   */
  public List<Violation> violations(Derivation d) {
    List<Violation> out = new ArrayList<>();
    coherence(d.cause(), d.co()).ifPresent(out::add);
    fenceSc(d.causal().bco(), d.fenceScOrder()).ifPresent(out::add);
    atomicity(d.byteSources(), d.fr(), d.co()).ifPresent(out::add);
    noThinAir(d.rf()).ifPresent(out::add);
    scPerLocation(d.rf(), d.co(), d.fr()).ifPresent(out::add);
    causality(d.rf(), d.fr(), d.causal()).ifPresent(out::add);
    return out;
  }

  /**
   * The first switched-on axiom the candidate violates (8.10), or empty: it is consistent.
   *
   * @param d the candidate's relations ({@link #derive})
   * @return the violation found first ({@link #checkBeforeCoherence}, then {@link
   *     #checkCoherence}), or empty
   */
  public Optional<Violation> check(Derivation d) {
    Optional<Violation> v = checkBeforeCoherence(d.observed(), d.causal(), d.fenceScOrder());
    return v.isPresent()
        ? v
        : checkCoherence(d.rf(), d.byteSources(), d.causal(), d.co(), d.fr());
  }

  /**
   * Pruning rule of the rf choice (ExecutionSpace, both searches): the axioms over a prefix of
   * a candidate, in which only some reads have their source, no Fence-SC order and no barrier
   * synchronization are chosen yet, and co holds only what every consistent completion has:
   * the initial writes first (8.2.6) and, while Coherence is on, causality between overlapping
   * writes (8.10.1). Every relation of the chain only grows as rf, the Fence-SC order, barrier
   * synchronization and co grow (obs, sw, bco, ppbco, cause, fr are unions and compositions of
   * them: 8.9.2–8.9.7), so a violation of No-Thin-Air (8.10.4), of Causality (8.10.6: a cycle
   * of base causality, rf ; cause or fr ; cause reflexive), of Atomicity (8.10.3) or of
   * SC-per-Location (8.10.5) on the prefix is one of every completion. Fence-SC (8.10.2) is not
   * checked: it asks for Fence-SC order edges, which a completion adds. Each axiom is checked
   * only while switched on, so the rule is sound for any switch set.
   *
   * @param rf reads-from of the reads chosen so far, write → read
   * @param byteSources per event, per byte, the write it reads that byte from, for the reads
   *     chosen so far; {@code null} for every other event (unchosen reads included)
   * @return a violation every completion has, or empty when the prefix may still be consistent
   */
  public Optional<Violation> checkPrefix(Relation rf, int[][] byteSources) {
    Optional<Violation> v = noThinAir(rf); // first: it needs no causality
    if (v.isPresent()) {
      return v;
    }
    Relation none = Relation.empty(n);
    Observed o = observed(rf);
    Causal c = causal(o, none, none);
    if (!c.bco().isAcyclic()) {
      v = baseCausalityCycle(c.sw());
    }
    if (v.isEmpty()) {
      v = causalityReadsFrom(rf, c.readCause());
    }
    if (v.isPresent()) {
      return v;
    }
    Relation co = initialCoherence();
    if (has(Axiom.COHERENCE)) {
      Relation forced = c.cause().restrict(writes, writes).intersection(overlap);
      if (!forced.isAcyclic()) {
        return coherence(c.cause(), none); // no order holds cause between these writes
      }
      co = co.union(forced).transitiveClosure();
    }
    return checkCoherence(rf, byteSources, c, co, fromReads(byteSources, co));
  }

  /**
   * Pruning rule of the rf choice (ExecutionSpace): may read {@code r} take bytes from write
   * {@code w}? False only when every candidate doing so breaks a switched-on axiom: a write
   * po-after the read to its own address through its own proxy is in cause after it (po ⊆ bco,
   * 8.9.5 cases 1 and 2), so rf ; cause is reflexive (8.10.6 Causality). In variant dat3m-v6.0
   * po is not in cause, but the pair is morally strong (po-related, same address) and
   * rf ∪ po-loc is cyclic (its SC-per-Location).
   *
   * @param r the id of a read
   * @param w the id of a write overlapping it
   * @return false only when {@code w} is po-after {@code r} on its location (same proxy, or no
   *     proxies) and {@link #readFromRuleAxiom()} is switched on; true otherwise
   */
  public boolean mayReadFrom(int r, int w) {
    return !poLaterOwn(r, w) || !has(readFromRuleAxiom());
  }

  /**
   * The axiom the rf pruning rule of {@link #mayReadFrom} rests on: Causality (8.10.6), or in
   * variant dat3m-v6.0 its SC-per-Location.
   *
   * @return {@link Axiom#CAUSALITY}, or {@link Axiom#SC_PER_LOCATION} in variant dat3m-v6.0
   */
  public Axiom readFromRuleAxiom() {
    return spec.causeBase() == ModelSpec.CauseBase.SPEC ? Axiom.CAUSALITY : Axiom.SC_PER_LOCATION;
  }

  private boolean poLaterOwn(int r, int w) {
    Event read = events.get(r);
    Event write = events.get(w);
    return po.contains(r, w)
        && write.location().equals(read.location())
        && (write.proxy() == read.proxy() || !spec.proxies());
  }

  /**
   * Pruning rule of torn reads (ExecutionSpace): a read morally strong with every candidate
   * write ({@code sources}; initial writes being co-before all) takes all its bytes from one
   * write — single-copy atomicity (8.10.3). False when Atomicity is off.
   *
   * @param r the id of a read
   * @param sources the ids of the writes {@code r} may take bytes from
   * @return true when every non-initial write in {@code sources} is morally strong with
   *     {@code r} and Atomicity is switched on
   */
  public boolean cannotTear(int r, int[] sources) {
    if (!has(Axiom.ATOMICITY)) {
      return false;
    }
    for (int w : sources) {
      if (!events.get(w).isInit() && !ms.contains(r, w)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Pruning rule of the Fence-SC order (DecisionSearch): morally strong fence.sc pairs whose
   * orientation communication already fixes. Let A, B be such a pair with A bco X, X com Y and
   * Y bco B, where X and Y are memory operations on the same address through the generic proxy
   * (8.9.5 case 1; any proxy in a variant without proxies). Were B before A in Fence-SC order
   * (8.9.3), B would synchronize with A (8.9.4 rule 1), so Y bco B sw A bco X puts Y in base
   * causality, hence in proxy-preserved base causality and causality (8.9.5), before X:
   *
   * <ul>
   *   <li>X rf Y or X fr Y then breaks Causality (8.10.6: rf ; cause and fr ; cause are
   *       irreflexive; cause ⊇ ppbco also in the one-step variant, and readCause keeps ppbco);
   *   <li>X co Y then breaks Coherence (8.10.1: Y cause X for overlapping writes puts Y co-before
   *       X, and co is an order).
   * </ul>
   *
   * <p>The same holds when X reaches Y in two steps through an observed write W: X fr W or X co
   * W, and W rf Y with W, Y morally strong (one observation step, 8.9.2). Then Y ppbco X puts W
   * in causality order before X (cause ⊇ obs ; ppbco, 8.9.5), so X fr W breaks Causality (fr ;
   * cause reflexive) and X co W breaks Coherence (W cause X for overlapping writes). This is
   * IRIW with fence.sc between the readers' loads: a reader's second load fr-precedes the write
   * the other reader's first load observes.
   *
   * <p>So A precedes B in every consistent completion. Applied only while the axiom each part
   * rests on is switched on, in the spec's causality (not variant dat3m-v6.0, whose cause needs
   * more than bco) and without completions (then bco is (po ∪ sw ∪ init ∪ API)+, transitive,
   * so the new sw composes with it).
   *
   * @param bco base causality order (8.9.5) of the current choices
   * @param rf reads-from, write → read
   * @param co coherence order known so far (8.9.6), possibly partial
   * @param fr from-reads over that co (8.9.7)
   * @return the pairs (A, B) of {@link #fenceScPairs()} that must be oriented A → B; empty when
   *     the rule does not apply
   */
  public Relation fenceScForcedByCommunication(
      Relation bco, Relation rf, Relation co, Relation fr) {
    if (fenceSc.isEmpty()
        || spec.causeBase() != ModelSpec.CauseBase.SPEC
        || !async.completions().isEmpty()) {
      return Relation.empty(n);
    }
    Relation com = Relation.empty(n);
    Relation observedStep = rf.intersection(ms);
    if (has(Axiom.CAUSALITY)) {
      com = com.union(rf).union(fr).union(fr.compose(observedStep));
    }
    if (has(Axiom.COHERENCE)) {
      com = com.union(co).union(co.compose(observedStep));
    }
    com = com.intersection(genericSameAddress);
    if (com.isEmpty()) {
      return Relation.empty(n);
    }
    Relation fromFences = bco.restrict(fenceSc, com.domain());
    Relation toFences = bco.restrict(com.range(), fenceSc);
    return fromFences.compose(com).compose(toFences).intersection(fenceScPairs());
  }

  /**
   * 8.9.6 coherence order: a partial order on overlapping writes. Given a total order per
   * location (total, over the non-initial writes), co keeps the pairs that must be related —
   * morally strong or causality-related, and (8.7.2) overlapping mutually scoped atomics,
   * whose RMWs happen one after the other — and closes transitively (as ptx.als does); the
   * initial write precedes every overlapping write.
   *
   * @param total the chosen total order of the overlapping program writes per location,
   *     transitive, without the initial writes
   * @param cause the causality order (8.9.5)
   * @return co, write → write, a strict partial order
   */
  public Relation coherenceOrder(Relation total, Relation cause) {
    Relation required =
        ms.union(cause).union(cause.inverse()).union(mutuallyScopedAtomics.get());
    Relation co = total.intersection(required).intersection(overlap).transitiveClosure();
    Relation fromInit = initBefore.intersection(overlap).restrict(init, writes);
    return co.union(fromInit);
  }

  /**
   * Overlapping program writes that co must order in every execution, whatever causality
   * says (8.9.6): morally strong pairs and (8.7.2) overlapping mutually scoped atomics.
   * Symmetric.
   *
   * @return the pairs of overlapping non-initial writes co must relate (in one direction)
   */
  public Relation coherenceRequired() {
    return coherenceRequired.get();
  }

  private Relation required() {
    EventSet program = writes.difference(init);
    return ms.union(mutuallyScopedAtomics.get()).intersection(overlap).restrict(program, program);
  }

  /**
   * Pruning rule of the coherence order (Enumerator), under SC-per-Location (8.10.5): an RMW
   * that reads from a morally strong write is co-after it, since the two form a pairwise
   * morally strong set in which W rf A with A co W would be a cycle.
   *
   * @param rf reads-from, write → read
   * @return the pairs (W, A) of rf ∩ ms between non-initial writes; empty when SC-per-Location
   *     is off
   */
  public Relation coherenceForcedByReadsFrom(Relation rf) {
    if (!has(Axiom.SC_PER_LOCATION)) {
      return Relation.empty(n);
    }
    EventSet program = writes.difference(init);
    return rf.intersection(ms).restrict(program, program);
  }

  /**
   * Pruning rule of the coherence order (Enumerator), under RMW atomicity (8.10.3): the writes
   * that no total order may place between an atomic A and the write W it reads all its bytes
   * from. Such a W' is morally strong with A (or an overlapping mutually scoped atomic, 8.7.2),
   * so co orders it with A, and W precedes W' in co whenever it precedes it in the order (W is
   * the initial write, or co must order W and W'): W' between them gives A fr W' and W' co A.
   *
   * @param byteSources per event, per byte of its access, the write it reads the byte from
   *     ({@code null} for events that do not read)
   * @return the pairs (A, W'); empty when Atomicity is off
   */
  public Relation atomicityGaps(int[][] byteSources) {
    if (!has(Axiom.ATOMICITY)) {
      return Relation.empty(n);
    }
    Relation required = coherenceRequired();
    Relation.Builder gaps = Relation.builder(n);
    for (int a = rmw.next(0); a >= 0; a = rmw.next(a + 1)) {
      int[] src = byteSources[a];
      if (src == null || src.length == 0) {
        continue;
      }
      int w = src[0];
      boolean single = true;
      for (int k : src) {
        single &= k == w;
      }
      if (!single) {
        continue;
      }
      for (int x = writes.next(0); x >= 0; x = writes.next(x + 1)) {
        if (x != a && x != w && !init.contains(x) && overlap.contains(a, x)
            && (ms.contains(a, x) || mutuallyScopedAtomics.get().contains(a, x))
            && (init.contains(w) || required.contains(w, x))) {
          gaps.add(a, x);
        }
      }
    }
    return gaps.build();
  }

  /** {@return the initial writes' part of co: each precedes every overlapping write (8.2.6)} */
  public Relation initialCoherence() {
    return initialCoherence.get();
  }

  private Relation atomicPartners() {
    return ms.union(mutuallyScopedAtomics.get());
  }

  private Relation unsynchronizedBaseCausality() {
    return baseCausality(Relation.empty(n));
  }

  private Relation initialWrites() {
    return initBefore.intersection(overlap).restrict(init, writes);
  }

  /**
   * 8.9.7 communication order, from-reads part: R fr W when R reads from a write co-before
   * W. An RMW reading from W' and co-after it is not fr-before itself.
   *
   * @param rf reads-from, write → read
   * @param co coherence order (8.9.6)
   * @return fr = (rf⁻¹ ; co) without its identity pairs, read → write
   */
  public Relation fromReads(Relation rf, Relation co) {
    return rf.inverse().compose(co).withoutIdentity();
  }

  /**
   * 8.9.7 from-reads, byte-wise: R fr W when, for some byte that both access, R returns the
   * value of a write co-before W. {@code byteSources[r][k]} is the write that read {@code r}
   * takes its k-th byte from (null for non-reads).
   *
   * @param byteSources per event, per byte of its access (index 0 = its first byte), the write
   *     it reads the byte from; {@code null} for events that do not read
   * @param co coherence order (8.9.6)
   * @return fr, read → overlapping write, irreflexive
   */
  public Relation fromReads(int[][] byteSources, Relation co) {
    Relation.Builder fr = Relation.builder(n);
    for (int r = 0; r < n; r++) {
      int[] src = byteSources[r];
      if (src == null || src.length == 0) {
        continue;
      }
      if (fromOneWrite(src)) {
        // Every byte from one write: R fr W for the overlapping writes co-after it.
        EventSet later = co.successors(src[0]).intersection(overlap.successors(r));
        for (int w = later.next(0); w >= 0; w = later.next(w + 1)) {
          if (w != r && writes.contains(w)) {
            fr.add(r, w);
          }
        }
        continue;
      }
      Event read = events.get(r);
      for (int w = 0; w < n; w++) {
        if (w == r || !writes.contains(w) || !overlap.contains(r, w)) {
          continue;
        }
        Event write = events.get(w);
        int from = Math.max(read.offset(), write.offset());
        int to = Math.min(read.offset() + read.size(), write.offset() + write.size());
        for (int b = from; b < to; b++) {
          if (co.contains(src[b - read.offset()], w)) {
            fr.add(r, w);
            break;
          }
        }
      }
    }
    return fr.build();
  }

  private static boolean fromOneWrite(int[] src) {
    for (int k : src) {
      if (k != src[0]) {
        return false;
      }
    }
    return true;
  }

  /**
   * 8.7.2 mixed-size data races: data races between partially overlapping operations.
   *
   * @param cause the causality order (8.9.5)
   * @return the pairs of {@link #dataRaces} whose byte ranges differ (offset or size)
   */
  public Relation mixedSizeRaces(Relation cause) {
    Relation races = dataRaces(cause);
    return Relation.fromPredicate(
        n,
        (a, b) ->
            races.contains(a, b)
                && !(events.get(a).offset() == events.get(b).offset()
                    && events.get(a).size() == events.get(b).size()));
  }

  // ---------------------------------------------------------------------------------------
  // Axioms (8.10). Each returns the evidence of a violation, or empty when the axiom holds.

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
    Relation required = cause.restrict(writes, writes).intersection(overlap);
    return required
        .anyEdgeOutside(co)
        .map(
            e ->
                new Violation(
                    Axiom.COHERENCE,
                    List.of(e[0], e[1]),
                    List.of("cause", "co⁻¹"),
                    "write precedes an overlapping write in causality order but not in"
                        + " coherence order"));
  }

  /**
   * 8.10.2 Fence-SC: for morally strong fence.sc F1, F2, F1 bco F2 implies F1 sc F2.
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
    Relation required = bco.intersection(fenceScPairs());
    return required
        .anyEdgeOutside(fenceScOrder)
        .map(
            e ->
                new Violation(
                    Axiom.FENCE_SC,
                    List.of(e[0], e[1]),
                    List.of("bco", "sc"),
                    "fence.sc F1 precedes F2 in causality order, but F2 precedes F1 in"
                        + " Fence-SC order"));
  }

  /**
   * 8.10.3 Atomicity. RMW atomicity: for a morally strong atomic A and write W, not both A fr
   * W and W co A. (Single-copy atomicity constrains reads that take bytes from several writes;
   * with uniform-size accesses a read takes all its bytes from one write, so it holds.)
   *
   * @param fr from-reads (8.9.7)
   * @param co coherence order (8.9.6)
   * @return a pair (A, W) with A fr W and W co A, or empty (also when Atomicity is off)
   */
  public Optional<Violation> atomicity(Relation fr, Relation co) {
    if (!has(Axiom.ATOMICITY)) {
      return Optional.empty();
    }
    for (int a = 0; a < n; a++) {
      if (events.get(a).kind() != io.github.ptxlitmus.event.EventKind.RMW) {
        continue;
      }
      for (int w = 0; w < n; w++) {
        if (ms.contains(a, w) && fr.contains(a, w) && co.contains(w, a)) {
          return Optional.of(
              new Violation(
                  Axiom.ATOMICITY,
                  List.of(a, w),
                  List.of("fr", "co"),
                  "an atomic reads from a write co-before W, yet is co-after W"));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * 8.10.3 Atomicity, byte-wise. Single-copy: a read R morally strong with a write W does not
   * take bytes both from W and from a write co-before W. RMW: an atomic A does not read from a
   * write co-before W while being co-after W, for W morally strong with A — and, by 8.7.2, for
   * any overlapping atomic W (partial overlap included) when each one's scope includes the
   * other's thread.
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
    for (int r = 0; r < n; r++) {
      int[] src = byteSources[r];
      if (src == null || fromOneWrite(src)) {
        continue; // W and a write co-before W cannot both be the one source (co is irreflexive)
      }
      for (int w = 0; w < n; w++) {
        if (!ms.contains(r, w) || !writes.contains(w)) {
          continue;
        }
        boolean fromW = false;
        boolean fromBefore = false;
        for (int k : src) {
          fromW |= k == w;
          fromBefore |= co.contains(k, w);
        }
        if (fromW && fromBefore) {
          return Optional.of(
              new Violation(
                  Axiom.ATOMICITY,
                  List.of(r, w),
                  List.of("rf", "co"),
                  "a read takes bytes both from W and from a write co-before W"));
        }
      }
    }
    // A fr W, W co A, W morally strong with A or an overlapping mutually scoped atomic.
    return fr.intersection(atomicPartners.get())
        .restrict(rmw, EventSet.full(n))
        .firstPairWithConverseIn(co)
        .map(e -> new Violation(
            Axiom.ATOMICITY,
            List.of(e[0], e[1]),
            List.of("fr", "co"),
            "an atomic reads from a write co-before W, yet is co-after W"));
  }

  /**
   * Part of Causality (8.10.6): base causality must be acyclic (8.9.5 defines it as an order).
   * A cycle of po and sw made by release/acquire patterns or Fence-SC synchronization (8.9.4)
   * is a consistency matter, so this rule holds only while Causality is on; the searches prune
   * on it under the same switch. A cycle of po and barrier synchronization alone is not checked
   * here: that is a program that deadlocks (the searches flag it whatever the axioms).
   *
   * @param sw synchronizes-with (8.9.4)
   * @return a cycle of po ∪ sw, each step labelled po or sw, or empty (also when Causality is
   *     off)
   */
  public Optional<Violation> baseCausalityCycle(Relation sw) {
    if (!has(Axiom.CAUSALITY)) {
      return Optional.empty();
    }
    Relation step = po.union(sw);
    return step.findCycle()
        .map(
            c ->
                violation(
                    Axiom.CAUSALITY,
                    c,
                    named("po", po, "sw", sw),
                    "base causality (po ∪ sw)+ is cyclic"));
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
    Relation step = rf.union(dep);
    if (step.isAcyclic()) {
      return Optional.empty();
    }
    return step
        .findCycle()
        .map(
            c ->
                violation(
                    Axiom.NO_THIN_AIR,
                    c,
                    named("rf", rf, "dep", dep),
                    "values flow in a cycle of dependencies and reads-from"));
  }

  /**
   * 8.10.5 SC-per-Location: in every set of pairwise morally strong overlapping memory
   * operations, po ∪ rf ∪ co ∪ fr restricted to the set is acyclic. Variant dat3m-v6.0: (ms ∩
   * (rf ∪ co ∪ fr)) ∪ po-loc is acyclic.
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
      // dat3m-v6.0: acyclic ((ms ∩ (rf ∪ co ∪ fr)) ∪ po-loc)
      Relation poLoc = po.intersection(overlap);
      Relation msCom = com.intersection(ms);
      return msCom.union(poLoc).findCycle().map(c -> violation(Axiom.SC_PER_LOCATION, c,
          named("rf", rf, "co", co, "fr", fr, "po-loc", poLoc),
          "communication among morally strong operations contradicts po-loc"));
    }
    Relation all = com.union(po);
    for (EventSet set : pairwiseMorallyStrongSets.get()) {
      Relation restricted = all.restrictTo(set);
      if (restricted.isAcyclic()) {
        continue;
      }
      Optional<List<Integer>> cycle = restricted.findCycle();
      if (cycle.isPresent()) {
        return Optional.of(
            violation(
                Axiom.SC_PER_LOCATION,
                cycle.get(),
                named("po", po, "rf", rf, "co", co, "fr", fr),
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
   * @param cause the causality order (8.9.5)
   * @return a pair (W, R) with W rf R and R cause W (checked first), or (R, W) with R fr W
   *     and W cause R; empty when none (also when Causality is off)
   */
  public Optional<Violation> causality(Relation rf, Relation fr, Relation cause) {
    Optional<Violation> v = causalityCycle(rf, "rf", cause);
    return v.isPresent() ? v : causalityCycle(fr, "fr", cause);
  }

  /**
   * 8.10.6 Causality over a {@link Causal}: rule 1 uses its {@code readCause}.
   *
   * @param rf reads-from (8.9.7)
   * @param fr from-reads (8.9.7)
   * @param causal rule 1 (rf) is checked against its readCause, rule 2 (fr) against its cause
   * @return as {@link #causality(Relation, Relation, Relation)}
   */
  public Optional<Violation> causality(Relation rf, Relation fr, Causal causal) {
    Optional<Violation> v = causalityCycle(rf, "rf", causal.readCause());
    return v.isPresent() ? v : causalityCycle(fr, "fr", causal.cause());
  }

  /**
   * Rule 1 of 8.10.6 alone (needs no coherence order): rf ; cause is irreflexive.
   *
   * @param rf reads-from (8.9.7)
   * @param cause the causality order (8.9.5), or a {@link Causal}'s readCause
   * @return a pair (W, R) with W rf R and R cause W, or empty (also when Causality is off)
   */
  public Optional<Violation> causalityReadsFrom(Relation rf, Relation cause) {
    return causalityCycle(rf, "rf", cause);
  }

  private Optional<Violation> causalityCycle(Relation com, String name, Relation cause) {
    if (!has(Axiom.CAUSALITY)) {
      return Optional.empty();
    }
    return com.firstPairWithConverseIn(cause)
        .map(
            e ->
                new Violation(
                    Axiom.CAUSALITY,
                    List.of(e[0], e[1]),
                    List.of(name, "cause"),
                    name.equals("rf")
                        ? "a read reads from a write that it precedes in causality order"
                        : "a read reads from a write co-before one that precedes it in"
                            + " causality order"));
  }

  // ---------------------------------------------------------------------------------------
  // Asynchronous operations and API synchronization (DESIGN §6; docs/model.md "Asynchronous
  // operations"). Issue order and completion observed by the issuer are part of po.

  // DESIGN §6.2 / 8.9.1.1, issue order: asynchronous units are not in program order; each is
  // ordered after its thread's earlier instructions (and internally reads → writes →
  // completion, completed → observing wait). Issue order composes like program order, so the
  // model's po is (po ∪ issue)+: release pattern 4 is pattern 3 over it, and a completion
  // observed through wait_group orders the unit before the thread's later instructions.
  private static Relation programAndIssueOrder(Relation po, Relation issue) {
    return issue.isEmpty() ? po : po.union(issue).transitiveClosure();
  }

  /**
   * DESIGN §6.2 / 8.9.1.1, the completion relation C: the synchronization a completion
   * (implicit complete-tx, asynchronous arrive) establishes carries only its own unit's
   * operations: C = carried ; sw_completion. A chain through two completions does not
   * compose, and nothing before the unit in B reaches past the completion: bco = B ∪ (C ; B?).
   *
   * @param completionSw the synchronizes-with edges (8.9.4) that start at a completion
   * @return C: operation of a unit → what its completion synchronizes with
   */
  public Relation completionOrder(Relation completionSw) {
    return async.carried().compose(completionSw);
  }

  // 8.8 acquire pattern 4: an asynchronous strong read R on M, the issuing thread observing
  // the completion of R's unit (a read observing the completion, obs), then an acquire-class
  // fence po-after that observation. As (R → fence).
  private Relation asyncAcquirePatternLast(Relation obs) {
    if (async.completions().isEmpty()) {
      return Relation.empty(n);
    }
    EventSet strongAsyncReads =
        EventSet.fromPredicate(n, i -> events.get(i).reads() && events.get(i).isStrong()
            && !async.completions().contains(i)
            && !async.carried().successors(i).intersection(async.completions()).isEmpty());
    EventSet acquireFences = EventSet.fromPredicate(n, i -> acquireFence(events.get(i)));
    Relation candidate =
        async.carried().restrict(strongAsyncReads, async.completions()).compose(obs).compose(po)
            .restrict(strongAsyncReads, acquireFences);
    return Relation.fromPredicate(
        n, (r, f) -> candidate.contains(r, f) && events.get(r).thread() == events.get(f).thread());
  }

  /**
   * 8.9.4 API synchronization: kernel launch, stream order, events and synchronize calls of
   * host threads, as computed from the test's API calls.
   *
   * @return the API synchronization edges (part of base causality, 8.9.5); empty without API
   *     calls
   */
  public Relation apiSynchronization() {
    return async.api();
  }

  // ---------------------------------------------------------------------------------------

  /** Maximal sets of pairwise morally strong memory operations on one location (cliques). */
  private List<EventSet> pairwiseMorallyStrongSets() {
    List<EventSet> result = new ArrayList<>();
    EventSet memory = EventSet.fromPredicate(n, i -> events.get(i).isMemory());
    Relation graph = ms.restrict(memory, memory);
    bronKerbosch(graph, EventSet.empty(n), memory, EventSet.empty(n), result);
    result.removeIf(s -> s.count() < 2);
    return List.copyOf(result);
  }

  /**
   * Bron–Kerbosch with pivoting (Tomita et al.): enumerates maximal cliques without the
   * exponential blowup of the plain algorithm on dense graphs.
   */
  private static void bronKerbosch(
      Relation g, EventSet r, EventSet p, EventSet x, List<EventSet> out) {
    if (p.isEmpty() && x.isEmpty()) {
      out.add(r);
      return;
    }
    int pivot = -1;
    int best = -1;
    for (int u : p.union(x).toArray()) {
      int c = p.intersection(g.successors(u)).count();
      if (c > best) {
        best = c;
        pivot = u;
      }
    }
    EventSet candidates = p.difference(g.successors(pivot));
    for (int v : candidates.toArray()) {
      EventSet nv = g.successors(v);
      bronKerbosch(
          g, r.union(EventSet.of(r.size(), v)), p.intersection(nv), x.intersection(nv), out);
      p = p.difference(EventSet.of(p.size(), v));
      x = x.union(EventSet.of(x.size(), v));
    }
  }

  private static Map<String, Relation> named(Object... pairs) {
    Map<String, Relation> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put((String) pairs[i], (Relation) pairs[i + 1]);
    }
    return m;
  }

  private static Violation violation(
      Axiom axiom, List<Integer> cycle, Map<String, Relation> named, String detail) {
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < cycle.size(); i++) {
      int a = cycle.get(i);
      int b = cycle.get((i + 1) % cycle.size());
      String label = "?";
      for (Map.Entry<String, Relation> e : named.entrySet()) {
        if (e.getValue().contains(a, b)) {
          label = e.getKey();
          break;
        }
      }
      labels.add(label);
    }
    return new Violation(axiom, cycle, labels, detail);
  }
}
