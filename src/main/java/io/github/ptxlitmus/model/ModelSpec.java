package io.github.ptxlitmus.model;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which PTX model a check runs: a named variant ({@code ptx}, the spec, or a peer's reading of
 * it) with the set of axioms switched on. {@link PtxModel} reads it wherever a variant differs
 * from the spec; the searches read {@link #has} to decide which pruning rules are sound (each
 * rule rests on one switched-on axiom). Immutable.
 *
 * @param name the variant name, e.g. {@code "ptx"}, {@code "dat3m-v7.5"}
 * @param axioms the axioms checked (8.10); the variant's defaults minus {@code --without}
 * @param causeObservation how observation enters causality order (8.9.5)
 * @param fenceScReleaseAcquire whether fence.sc is a release- and acquire-class fence in the
 *     patterns of 8.8 (spec: yes)
 * @param proxies whether proxies exist (8.7 morally strong requires the same proxy; 8.9.5
 *     proxy-preserved base causality); false reads every operation as generic
 * @param causeBase how base causality enters causality order
 * @param scPerLocation the shape of the SC-per-Location axiom when it is on
 * @param splitRmw read an atomic RMW as Dat3M does, a read and a write event: the observation
 *     step of causality order (8.9.5) starts at its write part, while the rf of Causality rule
 *     1 (8.10.6) ends at its read part, so causality from an RMW as the reader of rule 1 has no
 *     leading observation step (spec: false, one event)
 */
public record ModelSpec(
    String name,
    Set<Axiom> axioms,
    CauseObservation causeObservation,
    boolean fenceScReleaseAcquire,
    boolean proxies,
    CauseBase causeBase,
    ScPerLocation scPerLocation,
    boolean splitRmw)
    implements MemoryModel {

  /** Observation in causality order ({@code cause = obs ; ppbco ∪ ppbco}). */
  public enum CauseObservation {
    /** 8.9.2: obs = (rf ∩ ms)+, chains through atomic RMWs. */
    TRANSITIVE,
    /** Dat3M ptx-v7.5.cat: {@code cause = observation?; ppcb}, one step (ms ∩ rf) | rmw. */
    ONE_STEP
  }

  /** How causality order is built from base causality. */
  public enum CauseBase {
    /** 8.9.5: cause = ppbco ∪ obs ; ppbco. */
    SPEC,
    /**
     * Dat3M ptx-v6.0.cat: cause = cb ∪ obs ; (cb ∪ po-loc), where cb = po? ; (sw ; po?)+ is
     * base causality through at least one synchronization (plain po is not in it).
     */
    DAT3M_V6
  }

  /** The shape of SC-per-Location. */
  public enum ScPerLocation {
    /** 8.10.5: per set of pairwise morally strong operations, po ∪ com restricted is acyclic. */
    CLIQUES,
    /** Dat3M ptx-v6.0.cat: acyclic ((ms ∩ (rf ∪ co ∪ fr)) ∪ po-loc). */
    DAT3M_V6
  }

  /**
   * Creates the record; the components are described above.
   *
   * @param name the variant name, e.g. {@code "ptx"}, {@code "dat3m-v7.5"}
   * @param axioms the axioms checked (8.10); the variant's defaults minus {@code --without}
   * @param causeObservation how observation enters causality order (8.9.5)
   * @param fenceScReleaseAcquire whether fence.sc is a release- and acquire-class fence in the
   *     patterns of 8.8 (spec: yes)
   * @param proxies whether proxies exist (8.7 morally strong requires the same proxy; 8.9.5
   *     proxy-preserved base causality); false reads every operation as generic
   * @param causeBase how base causality enters causality order
   * @param scPerLocation the shape of the SC-per-Location axiom when it is on
   * @param splitRmw read an atomic RMW as Dat3M does, a read and a write event: the observation
   *     step of causality order (8.9.5) starts at its write part, while the rf of Causality rule
   *     1 (8.10.6) ends at its read part, so causality from an RMW as the reader of rule 1 has no
   *     leading observation step (spec: false, one event)
   */
  public ModelSpec {
    axioms = Collections.unmodifiableSet(axioms.isEmpty() ? EnumSet.noneOf(Axiom.class)
        : EnumSet.copyOf(axioms));
  }

  /** {@return the spec, PTX ISA 9.4 chapter 8: all six axioms. The default} */
  public static ModelSpec ptx() {
    return new ModelSpec("ptx", EnumSet.allOf(Axiom.class), CauseObservation.TRANSITIVE, true,
        true, CauseBase.SPEC, ScPerLocation.CLIQUES, false);
  }

  /**
   * Dat3M's ptx-v7.5.cat: no SC-per-Location, causality order with one observation step,
   * fence.sc not a release/acquire fence of the patterns (its patterns name only {@code
   * F & ACQ_REL}).
   *
   * @return the variant named {@code dat3m-v7.5}, its default axioms on
   */
  public static ModelSpec dat3mV75() {
    return new ModelSpec("dat3m-v7.5", EnumSet.complementOf(EnumSet.of(Axiom.SC_PER_LOCATION)),
        CauseObservation.ONE_STEP, false, true, CauseBase.SPEC, ScPerLocation.CLIQUES, true);
  }

  /**
   * Dat3M's ptx-v6.0.cat: no proxies, recursive observation, cause = cb ∪ obs ; (cb ∪ po-loc),
   * SC-per-Location as acyclic ((ms ∩ com) ∪ po-loc), fence.sc not a release/acquire fence.
   *
   * @return the variant named {@code dat3m-v6.0}, all axioms on
   */
  public static ModelSpec dat3mV60() {
    return new ModelSpec("dat3m-v6.0", EnumSet.allOf(Axiom.class), CauseObservation.TRANSITIVE,
        false, false, CauseBase.DAT3M_V6, ScPerLocation.DAT3M_V6, true);
  }

  /** {@return the built-in variants, the default first} */
  public static List<ModelSpec> variants() {
    return List.of(ptx(), dat3mV75(), dat3mV60());
  }

  /**
   * The built-in variant called {@code name} (case-insensitive).
   *
   * @param name {@code ptx}, {@code dat3m-v7.5} or {@code dat3m-v6.0}
   * @return the variant with its default axioms; empty for any other name
   */
  public static Optional<ModelSpec> named(String name) {
    return variants().stream().filter(v -> v.name().equalsIgnoreCase(name)).findFirst();
  }

  /**
   * The axiom whose spec name is {@code title} (case-insensitive).
   *
   * @param title e.g. {@code sc-per-location} ({@link Axiom#title()})
   * @return the axiom; empty when no axiom has that title
   */
  public static Optional<Axiom> axiom(String title) {
    for (Axiom a : Axiom.values()) {
      if (a.title().equalsIgnoreCase(title)) {
        return Optional.of(a);
      }
    }
    return Optional.empty();
  }

  /**
   * Whether an axiom is checked.
   *
   * @param axiom the axiom
   * @return true when {@code axiom} is switched on in this spec
   */
  public boolean has(Axiom axiom) {
    return axioms.contains(axiom);
  }

  /**
   * This variant with {@code axiom} switched off.
   *
   * @param axiom the axiom to drop (already off: no change)
   * @return a copy, same name and variant settings
   */
  public ModelSpec without(Axiom axiom) {
    EnumSet<Axiom> on = axioms.isEmpty() ? EnumSet.noneOf(Axiom.class) : EnumSet.copyOf(axioms);
    on.remove(axiom);
    return new ModelSpec(name, on, causeObservation, fenceScReleaseAcquire, proxies, causeBase,
        scPerLocation, splitRmw);
  }

  /**
   * This variant with exactly {@code on} switched on.
   *
   * @param on the axioms to check
   * @return a copy, same name and variant settings
   */
  public ModelSpec withAxioms(Set<Axiom> on) {
    return new ModelSpec(name, on, causeObservation, fenceScReleaseAcquire, proxies, causeBase,
        scPerLocation, splitRmw);
  }

  /** {@return the axioms the variant has by default that are switched off here} */
  public Set<Axiom> switchedOff() {
    Set<Axiom> off = EnumSet.allOf(Axiom.class);
    named(name).ifPresent(v -> off.retainAll(v.axioms()));
    off.removeAll(axioms);
    return off;
  }

  /** {@return the axioms switched on here that the variant does not have by default} */
  public Set<Axiom> switchedOn() {
    Set<Axiom> on = EnumSet.noneOf(Axiom.class);
    on.addAll(axioms);
    named(name).ifPresent(v -> on.removeAll(v.axioms()));
    return on;
  }

  /**
   * What reports print: the name, the axioms switched on beyond the variant's and those
   * switched off, e.g. {@code "ptx without Coherence, SC-per-Location"} or {@code "dat3m-v7.5
   * with SC-per-Location"}; different axiom sets never share a label.
   *
   * @return the name, then {@code " with "} and the axioms switched on beyond the variant's,
   *     then {@code " without "} and the switched-off axioms' titles, each part only when
   *     non-empty
   */
  public String label() {
    StringBuilder b = new StringBuilder(name);
    Set<Axiom> on = switchedOn();
    if (!on.isEmpty()) {
      b.append(" with ").append(on.stream().map(Axiom::title).collect(Collectors.joining(", ")));
    }
    Set<Axiom> off = switchedOff();
    if (!off.isEmpty()) {
      b.append(" without ")
          .append(off.stream().map(Axiom::title).collect(Collectors.joining(", ")));
    }
    return b.toString();
  }

  /** {@return the axiom names as the CLI accepts them, for usage messages} */
  public static String axiomNames() {
    return java.util.Arrays.stream(Axiom.values()).map(Axiom::title)
        .collect(Collectors.joining(", "));
  }

  /** The built-in model as a {@link MemoryModel}: the whole chain of {@link PtxModel}. */
  @Override
  public Optional<Violation> check(CandidateExecution candidate) {
    // The candidate's events, po and dependencies (no asynchronous operations); its choices
    // are passed to derive.
    PtxChain chain = new PtxChain(new PtxModel(EventStructure.of(candidate), this));
    return chain.check(chain.derive(candidate));
  }

  /** The built-in model offers the pruned search its {@link PtxPartialModel}. */
  @Override
  public Optional<PartialModel.Factory> partialModels() {
    return Optional.of(PtxPartialModel.factory(this));
  }

  @Override
  public String toString() {
    return label();
  }
}
