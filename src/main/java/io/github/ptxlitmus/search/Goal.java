package io.github.ptxlitmus.search;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What a caller of the pruned search wants.
 *
 * @param target decide mode: the first consistent execution whose full state satisfies it; empty
 *     in states mode (every state)
 * @param observedLocations the locations the states show (with their 8-byte words {@code x+8})
 * @param pinnedRegisters registers the target pins to a constant ({@code P1:r0 == 1}), which
 *     prune rf sources whose value is known and differs
 */
public record Goal(
    Optional<Predicate<Map<String, Long>>> target,
    Set<String> observedLocations,
    Map<String, Long> pinnedRegisters) {

  /**
   * States mode: every state, over the registers and {@code observedLocations}.
   *
   * @param observedLocations the locations the states show
   * @return the goal
   */
  public static Goal allStates(Set<String> observedLocations) {
    return new Goal(Optional.empty(), observedLocations, Map.of());
  }
}
