package io.github.ptxlitmus.model;

import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The order in which the engines evaluate {@link PtxModel}'s definitions, and what they keep
 * between steps: a candidate's choices arrive in stages — rf first, then the Fence-SC order and
 * the barrier phases, then the coherence order — and each stage's relations are computed once
 * and reused by everything built on it: {@link #observed} (8.9.2, 8.9.4 rule 4) → {@link
 * #causal} (8.9.4, 8.9.5) → {@link #complete} (8.9.6, 8.9.7) → the axioms (8.10), checked in
 * two groups: those that need no coherence order ({@link #checkBeforeCoherence}) and those that
 * do ({@link #checkCoherence}). Nothing here defines a relation: every step calls the model.
 * Immutable and thread-safe.
 */
public final class PtxChain {
  private final PtxModel model;
  private final int n;
  // Without synchronization, bco and ppbco are those of po alone: computed once.
  private final Lazy<Relation> unsynchronizedBco = new Lazy<>();
  private final Lazy<Relation> unsynchronizedPpbco = new Lazy<>();

  /**
   * The chain over one model.
   *
   * @param model the definitions
   */
  public PtxChain(PtxModel model) {
    this.model = model;
    this.n = model.events().size();
  }

  /** {@return the definitions this chain evaluates} */
  public PtxModel model() {
    return model;
  }

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
   * @return rf, {@link PtxModel#observation} and {@link PtxModel#patternSynchronization} of it
   */
  public Observed observed(Relation rf) {
    Relation obs = model.observation(rf);
    return new Observed(rf, obs, model.patternSynchronization(obs));
  }

  /**
   * What rf, the Fence-SC order and the barrier synchronization fix (8.9.4, 8.9.5).
   *
   * @param sw synchronizes-with: patterns, fence.sc pairs and barriers (8.9.4 rules 1-4)
   * @param bco base causality order (8.9.5)
   * @param ppbco proxy-preserved base causality (8.9.5)
   * @param cause causality order (8.9.5, {@link PtxModel#causalityOrder})
   * @param readerCause causality as Causality rule 1 sees it ({@link
   *     PtxModel#readerCausality})
   */
  public record Causal(
      Relation sw, Relation bco, Relation ppbco, Relation cause, Relation readerCause) {}

  /**
   * Causality of a choice: sw = pattern sync ∪ Fence-SC sync ∪ barrier sync (8.9.4), bco, ppbco,
   * cause (8.9.5).
   *
   * @param o what the rf choice fixes ({@link #observed})
   * @param fenceScOrder the chosen Fence-SC order (8.9.3), over morally strong fence.sc pairs
   * @param barrierSync barrier synchronization (8.9.4 rules 2 and 3): arrive → wait of one phase
   * @return sw, bco, ppbco, cause and readerCause
   */
  public Causal causal(Observed o, Relation fenceScOrder, Relation barrierSync) {
    Relation sw =
        o.patternSw().union(model.fenceScSynchronization(fenceScOrder)).union(barrierSync);
    Relation bco = sw.isEmpty()
        ? unsynchronizedBco.get(() -> model.baseCausality(sw))
        : model.baseCausality(sw);
    Relation ppbco = sw.isEmpty()
        ? unsynchronizedPpbco.get(() -> model.proxyPreservedBaseCausality(bco))
        : model.proxyPreservedBaseCausality(bco);
    Relation cause = model.causalityOrder(o.rf(), o.obs(), sw, bco, ppbco);
    return new Causal(sw, bco, ppbco, cause, model.readerCausality(cause, sw, bco, ppbco));
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
   * The whole chain for a candidate whose events are the model's.
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
   *     {@link PtxModel#coherenceOrder})
   * @return the derivation with co and byte-wise fr
   */
  public Derivation complete(
      Observed o, Causal c, Relation fenceScOrder, int[][] byteSources, Relation total) {
    Relation co = model.coherenceOrder(total, c.cause());
    return new Derivation(o, c, fenceScOrder, byteSources, co, model.fromReads(byteSources, co));
  }

  /**
   * The axioms that need no coherence order, in the order the engines test them: No-Thin-Air
   * (8.10.4), base causality acyclic (8.10.6), Fence-SC (8.10.2), rf ; cause irreflexive
   * (8.10.6 rule 1). Empty when all switched-on ones hold.
   *
   * @param o rf, obs and pattern synchronization
   * @param c sw, bco, ppbco, cause and readerCause
   * @param fenceScOrder the Fence-SC order (8.9.3)
   * @return the first violation in that order, or empty
   */
  public Optional<Violation> checkBeforeCoherence(Observed o, Causal c, Relation fenceScOrder) {
    Optional<Violation> v = model.noThinAir(o.rf());
    if (v.isEmpty() && !c.bco().isAcyclic()) {
      v = model.baseCausalityCycle(c.sw());
    }
    if (v.isEmpty()) {
      v = model.fenceSc(c.bco(), fenceScOrder);
    }
    if (v.isEmpty()) {
      v = model.causalityReadsFrom(o.rf(), c.readerCause());
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
   * @param causal sw, bco, ppbco, cause and readerCause
   * @param co coherence order (8.9.6), possibly partial
   * @param fr from-reads (8.9.7) over that co
   * @return the first violation in that order, or empty
   */
  public Optional<Violation> checkCoherence(
      Relation rf, int[][] byteSources, Causal causal, Relation co, Relation fr) {
    Optional<Violation> v = model.coherence(causal.cause(), co);
    if (v.isEmpty()) {
      v = model.atomicity(byteSources, fr, co);
    }
    if (v.isEmpty()) {
      v = model.scPerLocation(rf, co, fr);
    }
    if (v.isEmpty()) {
      v = model.causality(rf, fr, causal.readerCause(), causal.cause());
    }
    return v;
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
   * Every switched-on axiom the candidate violates, in the spec's order 8.10.1 … 8.10.6.
   *
   * @param d the candidate's relations ({@link #derive})
   * @return at most one violation per axiom; empty when the candidate is consistent
   */
  public List<Violation> violations(Derivation d) {
    List<Violation> out = new ArrayList<>();
    model.coherence(d.cause(), d.co()).ifPresent(out::add);
    model.fenceSc(d.causal().bco(), d.fenceScOrder()).ifPresent(out::add);
    model.atomicity(d.byteSources(), d.fr(), d.co()).ifPresent(out::add);
    model.noThinAir(d.rf()).ifPresent(out::add);
    model.scPerLocation(d.rf(), d.co(), d.fr()).ifPresent(out::add);
    model.causality(d.rf(), d.fr(), d.causal().readerCause(), d.cause()).ifPresent(out::add);
    return out;
  }
}
