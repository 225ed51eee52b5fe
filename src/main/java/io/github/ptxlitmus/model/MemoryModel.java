package io.github.ptxlitmus.model;

import java.util.Optional;

/**
 * A memory model as the exhaustive search sees it: a name and a consistency check of one
 * candidate execution. The built-in models are {@link ModelSpec}s (the PTX model of {@link
 * PtxModel} in one of its variants); a foreign model — e.g. a cat file run by an interpreter —
 * implements this interface and is handed to {@code Enumerator.run(test, limits, model)}, which
 * then enumerates every candidate without pruning (all built-in axioms off) and keeps those
 * whose {@link #check} is empty.
 *
 * <p>What a check gets, per candidate ({@link CandidateExecution}): the events with their tags
 * ({@link io.github.ptxlitmus.event.Event}: kind, semantics, scope, proxy, thread position,
 * virtual and physical location, byte range; initial writes are events too, ids first), po,
 * addr/data/ctrl dependencies, rf (with byte sources for mixed sizes), the chosen coherence
 * total order per location (initial write first), the Fence-SC order, and the barrier
 * synchronization. rmw is the set of RMW events (one event each: the read and the write of an
 * atomic are not split). Derived relations of the PTX model (ms, obs, sw, cause, co, fr) are
 * available from {@link PtxChain#derive}.
 */
public interface MemoryModel {
  /** {@return a short name for reports, e.g. {@code "ptx"} or a cat file's name} */
  String name();

  /**
   * The first axiom the candidate violates, or empty when it is consistent. Must not depend on
   * anything but the candidate; may be called from several threads at once.
   *
   * @param candidate one candidate execution
   * @return the violation (axiom and evidence); empty when the candidate is consistent
   */
  Optional<Violation> check(CandidateExecution candidate);

  /**
   * The flags the model raises on a candidate it finds consistent (herd's {@code flag}
   * checks, e.g. a cat file's {@code flag ~empty race as data-race}); reported as {@code Flag
   * NAME} when some allowed execution raises them. None by default.
   *
   * @param candidate a candidate for which {@link #check} is empty
   * @return the names of the flags raised (unmodifiable)
   */
  default java.util.Set<String> flags(CandidateExecution candidate) {
    return java.util.Set.of();
  }

  /**
   * The coherence order the model judged a consistent candidate by, for showing the witness
   * (a cat model may read {@code co} differently from the search's total order: Dat3M's
   * reading takes a sub-order of it). Empty by default: the search's own order is shown.
   *
   * @param candidate a candidate for which {@link #check} is empty
   * @return the coherence order, initial writes first, over the candidate's events
   */
  default Optional<io.github.ptxlitmus.relation.Relation> coherenceShown(
      CandidateExecution candidate) {
    return Optional.empty();
  }

  /**
   * Whether results should speak only the model's own terms: no PTX data-race or mixed-size
   * flags, and explanations showing {@link #coherenceShown} without PTX synchronization (a cat
   * model). False by default (e.g. a wrapper around the built-in model).
   *
   * @return true for a model with its own vocabulary
   */
  default boolean ownTerms() {
    return false;
  }

  /**
   * What the model offers the pruned search (decide and states modes): a way to bind it to
   * the events of each choice of thread paths, as a {@link PartialModel} whose contract says
   * what it must prove. Empty by default: the model runs only in the exhaustive search.
   *
   * @return the factory of the model's partial models, or empty
   */
  default Optional<PartialModel.Factory> partialModels() {
    return Optional.empty();
  }
}
