package io.github.ptxlitmus.diy;

import io.github.ptxlitmus.litmus.LitmusTest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * All cycles over given edges, as {@code diy7 -relax R -safe S -size N -nprocs K} makes them:
 * every cycle of 2 to {@code size} edges drawn from {@code relax ∪ safe} (with at least one
 * relaxed edge when {@code relax} is not empty), whose directions chain, that makes a valid
 * test ({@link Diy#generate(Cycle)} accepts it) with at most {@code threads} threads; each test
 * once: cycles equal up to rotation, or up to where their annotations are written ({@code
 * RfeRelP ... Fre} and {@code Rfe ... FrePRel} give one test), count once, represented by the
 * shortest spelling. Stateless.
 *
 * <p>The enumeration keeps nothing per cycle: a sequence of edges is a test's cycle only when
 * it is the smallest of its rotations (by the edges' places in the lists given) and its
 * spelling is the shortest of the spellings of its test whose edges are given (checked by
 * trying them), so {@link #forEach} hands out each test as it is found, in constant memory but
 * for the names already used. {@link #estimate} counts the chains of edges beforehand, so that
 * a caller can refuse a run whose count explodes before spending anything on it.
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

  /** Where {@link #forEach} is: told now and then, on the enumerating thread. */
  @FunctionalInterface
  public interface Progress {
    /**
     * Reports progress.
     *
     * @param size the cycle size being enumerated
     * @param explored the fraction of that size's chains of edges already explored, 0 to 1
     * @param tests the tests handed out so far, all sizes
     */
    void at(int size, double explored, long tests);
  }

  /**
   * Enumerates, in memory.
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
    List<Generated> found = new ArrayList<>();
    new CycleSearch(relax, safe, size, threads).run(found::add, (s, e, t) -> {});
    found.sort(java.util.Comparator.comparingInt((Generated g) -> g.cycle().size())
        .thenComparing(g -> g.cycle().toString()));
    Names names = new Names();
    return found.stream().map(names::unique).toList();
  }

  /**
   * Enumerates, handing out each test as soon as it is found: by number of edges, and for one
   * number in the order of the edges in {@code relax}, then {@code safe}. Names are made
   * unique in that order.
   *
   * @param relax the edges under test (may be empty)
   * @param safe the edges assumed safe (may be empty, not both)
   * @param size the largest number of edges in a cycle, 2 or more
   * @param threads the most threads a test may have, 1 or more
   * @param sink takes each test; returning false ends the enumeration
   * @param progress told now and then how far the enumeration is
   * @return the number of tests handed out
   * @throws IllegalArgumentException when both lists are empty, or size or threads is out of
   *     range
   */
  public static long forEach(
      List<Edge> relax, List<Edge> safe, int size, int threads, Predicate<Generated> sink,
      Progress progress) {
    Names names = new Names();
    return new CycleSearch(relax, safe, size, threads).run(g -> sink.test(names.unique(g)), progress);
  }

  /**
   * An estimate of how many tests {@link #enumerate} gives, without enumerating: per number of
   * edges, the chains it would explore ({@link #atMost}) times the share of them that make a
   * test, measured on 2,000 chains drawn at random (a fixed seed, so the same estimate every
   * time; exact for sizes with fewer chains). For the {@code @ptx} edges: 5,640 at size 4
   * (5,570 tests), 149,817 at size 5 (150,445). Costs up to a few seconds.
   *
   * @param relax the edges under test (may be empty)
   * @param safe the edges assumed safe (may be empty, not both)
   * @param size the largest number of edges in a cycle, 2 or more
   * @param threads the most threads a test may have, 1 or more
   * @return the estimated number of tests of 2 to {@code size} edges
   * @throws IllegalArgumentException as {@link #enumerate}
   */
  public static double estimate(List<Edge> relax, List<Edge> safe, int size, int threads) {
    return new CycleSearch(relax, safe, size, threads).estimate();
  }

  /**
   * An upper bound on the number of tests {@link #enumerate} gives: the chains of edges it
   * explores that close into a cycle with the right numbers of threads, changes of location
   * and relaxed edges (each test is one of them). Costs milliseconds.
   *
   * @param relax the edges under test (may be empty)
   * @param safe the edges assumed safe (may be empty, not both)
   * @param size the largest number of edges in a cycle, 2 or more
   * @param threads the most threads a test may have, 1 or more
   * @return the bound, for 2 to {@code size} edges
   * @throws IllegalArgumentException as {@link #enumerate}
   */
  public static double atMost(List<Edge> relax, List<Edge> safe, int size, int threads) {
    return new CycleSearch(relax, safe, size, threads).atMost();
  }

  /** Makes names unique in the order tests are handed out: a repeated name gets {@code .k}. */
  private static final class Names {
    private final Map<String, Integer> used = new HashMap<>();

    Generated unique(Generated g) {
      int k = used.merge(g.test().name(), 1, Integer::sum);
      return k == 1 ? g : new Generated(g.cycle(), Diy.generate(g.cycle(), g.test().name() + "." + k));
    }
  }

  /** Whether the annotations two consecutive edges give their shared event agree. */
  static boolean compatible(Edge in, Edge out) {
    return in.targetAccess().isEmpty() || out.sourceAccess().isEmpty()
        || in.targetAccess().equals(out.sourceAccess());
  }
}
