package io.github.ptxlitmus.search;

import io.github.ptxlitmus.model.Axiom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the search found for one test. Immutable.
 *
 * <ul>
 *   <li>{@link #outcomeList()}: each distinct final state (every register of every thread as
 *       {@code P<i>:<reg>}, every location by name, aliases included; the pruned search keeps
 *       only the observed locations) with the number of consistent executions that end in it
 *       and, if some such execution has a data race or a mixed-size data race (8.7.2), one
 *       racing pair's description;
 *   <li>{@code boundHit}: some path was cut by the loop bound;
 *   <li>{@link #loopCuts()}: the loops whose cuts may hide an execution (the others provably
 *       hide nothing);
 *   <li>{@code deadlock}: some candidate could not complete (a thread waits forever at a
 *       barrier, or barriers order themselves cyclically);
 *   <li>{@code limit}: the limit that stopped the search early, if any;
 *   <li>{@code candidates}: candidate executions examined;
 *   <li>{@code rejections}: for each axiom, how many candidates it rejected first.
 * </ul>
 */
public final class SearchResult {
  /**
   * The register a path sets to 1 when its thread stopped at an access through a value that is
   * no address ({@code P<i>:bad-address} in final states; no register can have this name).
   */
  public static final String BAD_ADDRESS = "bad-address";

  /** True when a thread of the execution that ended in {@code state} stopped at a bad address. */
  public static boolean faulted(Map<String, Long> state) {
    return state.keySet().stream().anyMatch(k -> k.endsWith(":" + BAD_ADDRESS));
  }

  /** One distinct final state. */
  public record Outcome(
      Map<String, Long> state, long count, Optional<String> race, Optional<String> mixedRace) {}

  private final List<Outcome> outcomes;
  private final boolean boundHit;
  private final boolean deadlock;
  private final Optional<String> limit;
  private final long candidates;
  private final Map<Axiom, Long> rejections;
  private final List<String> nonTerminating;
  private final List<String> modelFlags;
  private final List<LoopCut> loopCuts;

  public SearchResult(
      List<Outcome> outcomes,
      boolean boundHit,
      boolean deadlock,
      Optional<String> limit,
      long candidates,
      Map<Axiom, Long> rejections) {
    this(outcomes, boundHit, deadlock, limit, candidates, rejections, List.of(), List.of());
  }

  /**
   * @param nonTerminating the loops that may spin forever, as {@code P<i> line <n>} (the line
   *     of the loop's label), sorted
   * @param modelFlags the foreign model's flags raised by some allowed execution, sorted
   */
  public SearchResult(
      List<Outcome> outcomes,
      boolean boundHit,
      boolean deadlock,
      Optional<String> limit,
      long candidates,
      Map<Axiom, Long> rejections,
      List<String> nonTerminating,
      List<String> modelFlags) {
    this(outcomes, boundHit, deadlock, limit, candidates, rejections, nonTerminating, modelFlags,
        List.of());
  }

  private SearchResult(
      List<Outcome> outcomes,
      boolean boundHit,
      boolean deadlock,
      Optional<String> limit,
      long candidates,
      Map<Axiom, Long> rejections,
      List<String> nonTerminating,
      List<String> modelFlags,
      List<LoopCut> loopCuts) {
    this.nonTerminating = List.copyOf(nonTerminating);
    this.modelFlags = List.copyOf(modelFlags);
    this.loopCuts = List.copyOf(loopCuts);
    this.outcomes = List.copyOf(outcomes);
    this.boundHit = boundHit;
    this.deadlock = deadlock;
    this.limit = limit;
    this.candidates = candidates;
    this.rejections = Map.copyOf(rejections);
  }

  /** The distinct final states, in the order found. */
  public List<Outcome> outcomeList() {
    return outcomes;
  }

  /**
   * State → execution count, as a map. Hashing many states with {@link Map#hashCode()} is
   * slow (see {@link StateKey}); prefer {@link #outcomeList()} for large results.
   */
  public Map<Map<String, Long>, Long> outcomes() {
    Map<Map<String, Long>, Long> m = new LinkedHashMap<>();
    outcomes.forEach(o -> m.put(o.state(), o.count()));
    return m;
  }

  /** The states reached by some consistent execution with a data race → one racing pair. */
  public Map<Map<String, Long>, String> racyOutcomes() {
    return statesWith(Outcome::race);
  }

  /** The states reached by some execution with a mixed-size race → one racing pair. */
  public Map<Map<String, Long>, String> mixedSizeRaces() {
    return statesWith(Outcome::mixedRace);
  }

  private Map<Map<String, Long>, String> statesWith(
      java.util.function.Function<Outcome, Optional<String>> pair) {
    Map<Map<String, Long>, String> m = new LinkedHashMap<>();
    outcomes.forEach(o -> pair.apply(o).ifPresent(r -> m.put(o.state(), r)));
    return m;
  }

  public boolean boundHit() {
    return boundHit;
  }

  /**
   * The loops whose cuts at the loop bound may hide an execution, one per loop, sorted (see
   * {@link LoopCut}); empty when no path was cut, or every cut provably hides nothing.
   *
   * @return the loops (unmodifiable)
   */
  public List<LoopCut> loopCuts() {
    return loopCuts;
  }

  /**
   * This result with other loop cuts.
   *
   * @param cuts the loops whose cuts may hide an execution
   * @return a copy with {@link #loopCuts()} {@code == cuts}
   */
  public SearchResult withLoopCuts(List<LoopCut> cuts) {
    return new SearchResult(outcomes, boundHit, deadlock, limit, candidates, rejections,
        nonTerminating, modelFlags, cuts);
  }

  public boolean deadlock() {
    return deadlock;
  }

  public Optional<String> limit() {
    return limit;
  }

  public long candidates() {
    return candidates;
  }

  public Map<Axiom, Long> rejections() {
    return rejections;
  }

  /** The loops that may spin forever in a fair execution ({@code P1 line 12}), sorted. */
  public List<String> nonTerminating() {
    return nonTerminating;
  }

  /** The foreign model's flags ({@code flag} checks of a cat file) raised, sorted. */
  public List<String> modelFlags() {
    return modelFlags;
  }

  /**
   * A full state (as {@link Enumerator} reports it) cut down to what the pruned search reports:
   * every register and the given locations (with their 8-byte words {@code x+8}).
   *
   * @param full a state: {@code P<i>:<reg>} and location keys
   * @param locations the locations kept
   * @return the registers and those locations, unmodifiable
   */
  public static Map<String, Long> project(Map<String, Long> full, Set<String> locations) {
    Map<String, Long> projected = new java.util.HashMap<>();
    for (Map.Entry<String, Long> e : full.entrySet()) {
      String key = e.getKey();
      String base = key.contains("+") ? key.substring(0, key.indexOf('+')) : key;
      if (key.contains(":") || locations.contains(base)) {
        projected.put(key, e.getValue());
      }
    }
    return Map.copyOf(projected);
  }

  /**
   * Records, for a consistent execution ending in {@code state}, one of its data races and one
   * of its mixed-size data races (8.7.1, 8.7.2), if it has some.
   */
  static void recordRaces(Collector outcomes, Map<String, Long> state, EventGraph graph,
      io.github.ptxlitmus.relation.Relation races, io.github.ptxlitmus.relation.Relation mixed) {
    if (!races.isEmpty()) {
      outcomes.race(state, graph.describe(races.pairs()[0]));
    }
    if (!mixed.isEmpty()) {
      outcomes.mixedRace(state, graph.describe(mixed.pairs()[0]));
    }
  }

  /**
   * Accumulates outcomes, one per distinct state; each new state is charged to the budget's
   * memory bound. Not thread-safe.
   */
  static final class Collector {
    private final Budget budget;
    private final Map<StateKey, long[]> counts = new LinkedHashMap<>();
    private final Map<StateKey, String> races = new LinkedHashMap<>();
    private final Map<StateKey, String> mixed = new LinkedHashMap<>();

    Collector(Budget budget) {
      this.budget = budget;
    }

    /**
     * Adds {@code count} executions ending in {@code state}.
     *
     * @throws Budget.Exhausted when a new state exceeds the memory bound
     */
    void add(Map<String, Long> state, long count) {
      budget.step();
      StateKey key = new StateKey(state);
      long[] c = counts.get(key);
      if (c == null) {
        budget.keep(Budget.stateBytes(state.size()));
        c = new long[1];
        counts.put(key, c);
      }
      c[0] += count;
    }

    boolean contains(Map<String, Long> state) {
      return counts.containsKey(new StateKey(state));
    }

    boolean isEmpty() {
      return counts.isEmpty();
    }

    /** Records a racing pair for the state, if none is recorded yet. */
    void race(Map<String, Long> state, String pair) {
      races.putIfAbsent(new StateKey(state), pair);
    }

    void mixedRace(Map<String, Long> state, String pair) {
      mixed.putIfAbsent(new StateKey(state), pair);
    }

    List<Outcome> outcomes() {
      return counts.entrySet().stream()
          .map(
              e ->
                  new Outcome(
                      e.getKey().state(),
                      e.getValue()[0],
                      Optional.ofNullable(races.get(e.getKey())),
                      Optional.ofNullable(mixed.get(e.getKey()))))
          .toList();
    }
  }
}
