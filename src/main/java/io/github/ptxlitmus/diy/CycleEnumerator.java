package io.github.ptxlitmus.diy;

import io.github.ptxlitmus.litmus.LitmusTest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * All cycles over given edges, as {@code diy7 -relax R -safe S -size N -nprocs K} makes them:
 * every cycle of 2 to {@code size} edges drawn from {@code relax ∪ safe} (with at least one
 * relaxed edge when {@code relax} is not empty), whose directions chain, that makes a valid
 * test ({@link Diy#generate(Cycle)} accepts it) with at most {@code threads} threads; each test
 * once: cycles equal up to rotation, or up to where their annotations are written ({@code
 * RfeRelP ... Fre} and {@code Rfe ... FrePRel} give one test), count once, represented by the
 * shortest spelling. Stateless.
 */
public final class CycleEnumerator {
  private CycleEnumerator() {}

  /**
   * A generated test with its cycle.
   *
   * @param cycle the normalised cycle
   * @param test its test (named as diy names it; a suffix {@code .2}, {@code .3}, ... tells apart
   *     distinct cycles whose names coincide)
   */
  public record Generated(Cycle cycle, LitmusTest test) {}

  /**
   * Enumerates.
   *
   * @param relax the edges under test (may be empty)
   * @param safe the edges assumed safe (may be empty, not both)
   * @param size the largest number of edges in a cycle, 2 or more
   * @param threads the most threads a test may have, 1 or more
   * @return the tests, sorted by number of edges, then by cycle text
   * @throws IllegalArgumentException when both lists are empty, or size or threads is out of
   *     range
   */
  public static List<Generated> enumerate(
      List<Edge> relax, List<Edge> safe, int size, int threads) {
    if (relax.isEmpty() && safe.isEmpty()) {
      throw new IllegalArgumentException("give at least one edge (--relax or --safe)");
    }
    if (size < 2 || size > 12) {
      throw new IllegalArgumentException("size must be between 2 and 12, got " + size);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + threads);
    }
    List<Edge> pool = new ArrayList<>(new LinkedHashSet<>(relax));
    for (Edge e : safe) {
      if (!pool.contains(e)) {
        pool.add(e);
      }
    }
    Set<Edge> relaxed = Set.copyOf(relax);
    Map<String, Cycle> cycles = new LinkedHashMap<>();
    for (int n = 2; n <= size; n++) {
      extend(pool, relaxed, n, threads, new ArrayList<>(), cycles);
    }
    Map<String, Cycle> tests = new LinkedHashMap<>();
    for (Cycle c : cycles.values()) {
      tests.merge(Plan.of(c).resolved().rotationKey(), c,
          (a, b) -> a.toString().length() < b.toString().length()
              || a.toString().length() == b.toString().length()
                  && a.toString().compareTo(b.toString()) <= 0 ? a : b);
    }
    List<Cycle> sorted = new ArrayList<>(tests.values());
    sorted.sort(java.util.Comparator.comparingInt(Cycle::size)
        .thenComparing(Cycle::toString));
    List<Generated> out = new ArrayList<>();
    Map<String, Integer> names = new LinkedHashMap<>();
    for (Cycle c : sorted) {
      LitmusTest t;
      try {
        t = Diy.generate(c);
      } catch (IllegalArgumentException e) {
        continue; // not a test (contradictory placements, cyclic coherence, ...)
      }
      int k = names.merge(t.name(), 1, Integer::sum);
      if (k > 1) {
        t = Diy.generate(c, t.name() + "." + k);
      }
      out.add(new Generated(c, t));
    }
    return out;
  }

  private static void extend(List<Edge> pool, Set<Edge> relaxed, int n, int threads,
      List<Edge> prefix, Map<String, Cycle> out) {
    if (prefix.size() == n) {
      Edge first = prefix.get(0);
      Edge last = prefix.get(n - 1);
      if (last.target() != first.source()) {
        return;
      }
      if (!relaxed.isEmpty() && prefix.stream().noneMatch(relaxed::contains)) {
        return;
      }
      Cycle c = new Cycle(prefix);
      int ext = c.externalCount();
      if (ext == 1 || Math.max(ext, 1) > threads) {
        return;
      }
      String key = c.rotationKey();
      if (out.containsKey(key)) {
        return;
      }
      Cycle norm;
      try {
        norm = c.normalise();
        Plan.of(norm);
      } catch (IllegalArgumentException e) {
        return;
      }
      out.put(key, norm);
      return;
    }
    for (Edge e : pool) {
      if (!prefix.isEmpty() && prefix.get(prefix.size() - 1).target() != e.source()) {
        continue;
      }
      if (!prefix.isEmpty() && !compatible(prefix.get(prefix.size() - 1), e)) {
        continue;
      }
      prefix.add(e);
      extend(pool, relaxed, n, threads, prefix, out);
      prefix.remove(prefix.size() - 1);
    }
  }

  /** Whether the annotations two consecutive edges give their shared event agree. */
  private static boolean compatible(Edge in, Edge out) {
    return in.targetAccess().isEmpty() || out.sourceAccess().isEmpty()
        || in.targetAccess().equals(out.sourceAccess());
  }
}
