package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * The coherence orders Dat3M lets a PTX cat model see, reached from the total orders the
 * exhaustive search enumerates.
 *
 * <p>For PTX, Dat3M's {@code co} is not total ({@code Arch.coIsTotal(PTX)} is false in its
 * {@code WmmEncoder}): any acyclic relation between writes of one location, with the initial
 * write before every other write (a must-edge of its relation analysis); the cat file then
 * takes {@code co+}. A location's final value is that of a {@code co}-maximal write ({@code
 * encodeLastCoConstraints}: "the final value of a location should always match that of some
 * coLast event"). So an outcome is allowed when some strict partial order P (initial write
 * first) passes the model and the final value is written by a P-maximal write. Every such pair
 * (P, maximal m) is a sub-order of some total order T that ends with m, and conversely the
 * T-last write is maximal in every sub-order of T; so for each total order T the search
 * enumerates (final value = T-last), the candidate is consistent when some transitive P ⊆ T
 * passes. This class enumerates those P.
 */
final class CoherenceSuborders {
  private CoherenceSuborders() {}

  /**
   * Calls {@code action} with each transitive sub-relation of {@code total} (a union of strict
   * total orders on disjoint groups of events), {@code total} itself first, until it returns
   * true.
   *
   * @return true when {@code action} returned true for some sub-order
   */
  static boolean anyOf(Relation total, Predicate<Relation> action) {
    List<List<Relation>> perGroup = new ArrayList<>();
    for (List<Integer> group : groups(total)) {
      perGroup.add(suborders(total.size(), group));
    }
    return combine(perGroup, 0, Relation.empty(total.size()), action);
  }

  private static boolean combine(List<List<Relation>> perGroup, int i, Relation acc,
      Predicate<Relation> action) {
    if (i == perGroup.size()) {
      return action.test(acc);
    }
    for (Relation r : perGroup.get(i)) {
      if (combine(perGroup, i + 1, acc.union(r), action)) {
        return true;
      }
    }
    return false;
  }

  /** The groups of {@code total}, each in its order (by number of predecessors). */
  static List<List<Integer>> groups(Relation total) {
    int n = total.size();
    boolean[] seen = new boolean[n];
    List<List<Integer>> out = new ArrayList<>();
    Relation sym = total.union(total.inverse());
    for (int e = 0; e < n; e++) {
      if (seen[e] || sym.successors(e).isEmpty()) {
        continue;
      }
      List<Integer> g = new ArrayList<>();
      g.add(e);
      sym.successors(e).forEach(g::add);
      g.forEach(x -> seen[x] = true);
      g.sort(Comparator.comparingInt(x -> total.predecessors(x).count()));
      out.add(g);
    }
    return out;
  }

  /** The transitive subsets of the pairs of one chain, the whole chain first. */
  static List<Relation> suborders(int n, List<Integer> chain) {
    int k = chain.size();
    List<int[]> pairs = new ArrayList<>();
    for (int a = 0; a < k; a++) {
      for (int b = a + 1; b < k; b++) {
        pairs.add(new int[] {a, b});
      }
    }
    if (pairs.size() > 20) {
      throw new io.github.ptxlitmus.model.ModelLimitException("cat model limit: " + k
          + " writes to one location are too many to enumerate Dat3M's partial coherence"
          + " orders (at most 6)");
    }
    List<Relation> out = new ArrayList<>();
    for (long mask = (1L << pairs.size()) - 1; mask >= 0; mask--) {
      boolean[][] in = new boolean[k][k];
      for (int p = 0; p < pairs.size(); p++) {
        if ((mask & (1L << p)) != 0) {
          in[pairs.get(p)[0]][pairs.get(p)[1]] = true;
        }
      }
      if (!transitive(in, k)) {
        continue;
      }
      Relation.Builder r = Relation.builder(n);
      for (int a = 0; a < k; a++) {
        for (int b = a + 1; b < k; b++) {
          if (in[a][b]) {
            r.add(chain.get(a), chain.get(b));
          }
        }
      }
      out.add(r.build());
    }
    return out;
  }

  private static boolean transitive(boolean[][] in, int k) {
    for (int a = 0; a < k; a++) {
      for (int b = a + 1; b < k; b++) {
        if (!in[a][b]) {
          continue;
        }
        for (int c = b + 1; c < k; c++) {
          if (in[b][c] && !in[a][c]) {
            return false;
          }
        }
      }
    }
    return true;
  }
}
