package io.github.ptxlitmus.model;

import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.List;
import java.util.Optional;

/**
 * What a memory model can prove about partial candidates over one {@link EventStructure}: the
 * seam through which the pruned search runs a model (model.md "Search"). A model offers it by
 * {@link
 * MemoryModel#partialModels()}; the built-in PTX model (every variant and switch set) is {@link
 * PtxPartialModel}. A model that offers none runs only in the exhaustive search.
 *
 * <h2>How the search uses it</h2>
 *
 * The search builds a candidate in stages, and every choice only grows: it gives the reads
 * their sources one at a time ({@link #checkPrefix} after each), then, with rf complete ({@link
 * #readsFrom}), the barrier phases ({@link #barrierSynchronization}) and the final write of each
 * observed location, and finally it orients pairs of the Fence-SC order and of co one at a time
 * ({@link Stage#propagate} after each), until {@link Node#openPairs} is empty.
 *
 * <h2>Contract</h2>
 *
 * <ul>
 *   <li><b>Soundness.</b> Every empty answer ({@link #checkPrefix} present, {@link
 *       Stage#violation} present, {@link Stage#propagate} empty) and every rejected choice
 *       ({@link #readFromRule}, {@link #cannotTear}, {@link #cannotShareSource}, the RMW
 *       classes) must hold for <em>every</em> completion of the partial choice: checking only
 *       axioms that are monotone in the chosen relations (built with ∪ ∩ ; + * ? ⁻¹ and
 *       restrictions from fixed relations and rf, co, the Fence-SC order and the barrier
 *       synchronization; a difference only with a fixed right side) guarantees it, since those
 *       relations only grow. Non-monotone axioms are judged on complete choices only.
 *   <li><b>Completeness at the leaves.</b> When {@link Node#openPairs} is empty, the node is a
 *       complete candidate for the model's reading of coherence ({@link #coherence}), and {@link
 *       Stage#propagate} returned it only if the model accepts it (all axioms, monotone or not).
 *   <li><b>Accelerators are optional.</b> Forced edges ({@link Stage#propagate} may add Fence-SC
 *       or co edges that every consistent completion has), rf rules, RMW source rules and
 *       completion guesses each rest on something the model proves; a model offers only those
 *       it proves, and a search without them finds the same states, more slowly.
 *   <li>Relations are over the structure's event ids; implementations are immutable, or
 *       confined to the one search thread that made them.
 * </ul>
 */
public interface PartialModel {
  /** How a model reads the coherence order, and so which co pairs the search must orient. */
  enum CoherenceReading {
    /** herd: a total order of the writes to each location ({@code generate_cos}). */
    TOTAL_PER_LOCATION,
    /**
     * Dat3M's PTX cat files: any strict partial order of the writes to each location (initial
     * writes first); a state is allowed when some sub-order passes.
     */
    SUB_ORDERS,
    /**
     * PTX 8.9.6: co is derived from a total order T of each location's writes, keeping the
     * pairs the model requires related (morally strong, causality-related, mutually scoped
     * atomics) and closing transitively; racy pairs stay unordered.
     */
    DERIVED_FROM_TOTAL
  }

  /** Builds the partial model of one model over one choice of paths. */
  @FunctionalInterface
  interface Factory {
    /**
     * The model over the events of one choice of paths.
     *
     * @param events the events and their fixed relations
     * @return the partial model; confined to the calling search thread
     */
    PartialModel over(EventStructure events);
  }

  /** {@return how this model reads the coherence order (which co pairs get oriented)} */
  CoherenceReading coherence();

  /**
   * {@return the pairs of fence.sc events the Fence-SC order relates (8.9.3), symmetric; empty
   * for a model without one}
   */
  Relation fenceScPairs();

  /**
   * The synchronization the chosen barrier phases establish (8.9.4 rules 2 and 3).
   *
   * @param samePhase arrive → arrive of the same completed phase of a CTA barrier
   * @return arrive → wait
   */
  Relation barrierSynchronization(Relation samePhase);

  /**
   * An rf rule: the axiom that no consistent candidate has {@code read} take bytes from {@code
   * write} under, if there is one.
   *
   * @param read the id of a read
   * @param write the id of a write overlapping it
   * @return empty when the choice may be consistent (the default)
   */
  default Optional<Axiom> readFromRule(int read, int write) {
    return Optional.empty();
  }

  /**
   * A torn-read rule: whether {@code read} takes all its bytes from one write in every
   * consistent candidate.
   *
   * @param read the id of a read
   * @param sources the writes it may take bytes from
   * @return false by default (its torn variants are explored)
   */
  default boolean cannotTear(int read, int[] sources) {
    return false;
  }

  /**
   * An RMW rule: whether two RMWs cannot both take all their bytes from {@code w}.
   *
   * @param a an RMW
   * @param b another RMW
   * @param w a write
   * @return false by default
   */
  default boolean cannotShareSource(int a, int b, int w) {
    return false;
  }

  /**
   * The counting form of {@link #cannotShareSource}: classes of RMWs of which at most one reads
   * all its bytes from each exclusive source ({@link #exclusiveSource}), so that the members need
   * distinct exclusive sources.
   *
   * @param rmws RMWs that each take all their bytes from one write
   * @return the classes; empty by default
   */
  default List<int[]> rmwClasses(int[] rmws) {
    return List.of();
  }

  /**
   * Whether at most one member of an {@link #rmwClasses} class may read all its bytes from
   * {@code w}.
   *
   * @param w a write
   * @param rmwClass a class
   * @return false by default
   */
  default boolean exclusiveSource(int w, int[] rmwClass) {
    return false;
  }

  /**
   * The sound check of an rf prefix: some reads have their sources ({@code byteSources} null
   * for the others), no Fence-SC order, no barrier synchronization, co only as every consistent
   * completion has it.
   *
   * @param rf reads-from of the chosen reads, write → read
   * @param byteSources per event, per byte, its source, for the chosen reads
   * @return a violation every completion has; empty when it may still be consistent (the
   *     default)
   */
  default Optional<Violation> checkPrefix(Relation rf, int[][] byteSources) {
    return Optional.empty();
  }

  /**
   * A complete rf choice.
   *
   * @param rf reads-from, write → read
   * @param byteSources per event, per byte of its access, its source ({@code null}: no read)
   * @return what the choice fixes
   */
  Stage readsFrom(Relation rf, int[][] byteSources);

  /** A complete rf choice, before the Fence-SC order and co are chosen. */
  interface Stage {
    /** {@return a violation every completion of this rf choice has, e.g. thin air; or empty} */
    Optional<Violation> violation();

    /**
     * Takes a partial choice of the remaining orders, adds what every consistent completion
     * has, and checks it.
     *
     * @param fenceScOrder the Fence-SC order chosen so far (pairs of {@link #fenceScPairs})
     * @param coherence the co pairs chosen so far (writes)
     * @param barrierSync {@link #barrierSynchronization} of the chosen phases
     * @param phaseOrder arrivals of one barrier phase → those of the next: the time order of
     *     the barrier program that the model's order of events must not contradict
     * @param finalWrites the writes chosen to give the final values: each stays co-maximal
     * @return the partial choice with its forced edges; empty when every completion fails
     */
    Optional<Node> propagate(Relation fenceScOrder, Relation coherence, Relation barrierSync,
        Relation phaseOrder, EventSet finalWrites);
  }

  /** A partial choice of the Fence-SC order and co, closed under what the model forces. */
  interface Node {
    /** {@return the Fence-SC order, forced edges included, transitive} */
    Relation fenceScOrder();

    /** {@return co, forced edges and the initial writes included, transitive} */
    Relation coherence();

    /**
     * {@return the pairs whose orientation is still to choose: fence.sc pairs of the Fence-SC
     * order, then write pairs of co; each as {@code {a, b}} with {@code a < b}. Empty: a complete
     * candidate the model accepts}
     */
    List<int[]> openPairs();

    /**
     * Adds to {@code out}, as {@link #openPairs} lists them, the pairs of {@code pairs} that
     * {@code order} does not yet orient either way.
     *
     * @param pairs the pairs the order must relate (symmetric or not; each unordered pair is
     *     taken once, as {@code {a, b}} with {@code a < b})
     * @param order the order chosen so far
     * @param out where the open pairs are added, in the order {@code pairs} lists them
     */
    static void addUnordered(Relation pairs, Relation order, List<int[]> out) {
      pairs.forEach((a, b) -> {
        if (a < b && !order.contains(a, b) && !order.contains(b, a)) {
          out.add(new int[] {a, b});
        }
      });
    }

    /**
     * {@return orders along which the search may first try to orient every open pair at once
     * (a cheap guess that {@link Stage#propagate} then checks); none by default}
     */
    default List<Relation> guesses() {
      return List.of();
    }

    /** {@return the synchronization (8.9.4) of the candidate, for showing a witness} */
    Relation synchronization();

    /** {@return from-reads over {@link #coherence}, for showing a witness} */
    Relation fromReads();

    /**
     * {@return the data races of a consistent candidate (8.7.1), symmetric; none in a model's
     * own terms}
     */
    Relation dataRaces();

    /** {@return its mixed-size data races (8.7.2), symmetric} */
    Relation mixedSizeRaces();
  }
}
