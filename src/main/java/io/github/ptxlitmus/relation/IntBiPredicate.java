package io.github.ptxlitmus.relation;

/**
 * A predicate on a pair of events, without boxing; used by {@link
 * Relation#fromPredicate(int, IntBiPredicate)}.
 */
@FunctionalInterface
public interface IntBiPredicate {
  /**
   * Whether the pair {@code (from, to)} belongs to the relation being built.
   *
   * @param from the source event
   * @param to the target event
   * @return true to include the pair
   */
  boolean test(int from, int to);
}
