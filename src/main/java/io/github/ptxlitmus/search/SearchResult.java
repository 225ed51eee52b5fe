package io.github.ptxlitmus.search;

import io.github.ptxlitmus.model.Axiom;
import java.util.Map;
import java.util.Optional;

/**
 * What the search found for one test.
 *
 * @param outcomes each distinct full final state (every register of every thread as {@code
 *     P<i>:<reg>}, every location by name, aliases included) → the number of consistent
 *     executions that end in it
 * @param racyOutcomes the full final states reached by some consistent execution with a data
 *     race, mapped to one racing pair's description
 * @param mixedSizeRaces the full final states reached by some consistent execution with a
 *     mixed-size data race (8.7.2), mapped to one racing pair's description
 * @param boundHit some path was cut by the loop bound
 * @param deadlock some candidate could not complete (a thread waits forever at a barrier, or
 *     barriers order themselves cyclically)
 * @param limit the limit that stopped the search early, if any
 * @param candidates candidate executions examined
 * @param rejections for each axiom, how many candidates it rejected first
 */
public record SearchResult(
    Map<Map<String, Long>, Long> outcomes,
    Map<Map<String, Long>, String> racyOutcomes,
    Map<Map<String, Long>, String> mixedSizeRaces,
    boolean boundHit,
    boolean deadlock,
    Optional<String> limit,
    long candidates,
    Map<Axiom, Long> rejections) {}
