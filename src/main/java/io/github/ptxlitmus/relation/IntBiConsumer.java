package io.github.ptxlitmus.relation;

/** An action on a pair of events, without boxing; used by {@link Relation#forEach}. */
@FunctionalInterface
public interface IntBiConsumer {
  /**
   * Performs the action on the pair {@code (from, to)}.
   *
   * @param from the source event
   * @param to the target event
   */
  void accept(int from, int to);
}
