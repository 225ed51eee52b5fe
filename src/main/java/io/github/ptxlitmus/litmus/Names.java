package io.github.ptxlitmus.litmus;

import java.util.Collection;
import java.util.Optional;

/**
 * Spelling suggestions for error messages ({@code did you mean 'x'?}): the known name nearest
 * to a misspelt one. Stateless.
 */
public final class Names {
  private Names() {}

  /** Suggestions are made within this many edits (one for names of up to 3 characters). */
  public static final int MAX_EDITS = 2;

  /**
   * The name of {@code known} nearest to {@code name} by edit distance (insertions, deletions,
   * substitutions and swaps of adjacent characters, case-sensitive), if it is at most {@link
   * #MAX_EDITS} edits away (one edit when {@code name} has at most 3 characters, where two
   * edits make almost any name) and differs from {@code name}; the first such name on a tie.
   *
   * @param name the name as written
   * @param known the names that exist
   * @return the suggestion, or empty
   */
  public static Optional<String> closest(String name, Collection<String> known) {
    String best = null;
    int bestDistance = (name.length() <= 3 ? 1 : MAX_EDITS) + 1;
    for (String k : known) {
      int d = editDistance(name, k, bestDistance);
      if (d > 0 && d < bestDistance) {
        bestDistance = d;
        best = k;
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * The optimal-string-alignment distance of {@code a} and {@code b}, or {@code limit} when it
   * is at least {@code limit} (the computation stops early then).
   *
   * @param a a name
   * @param b another name
   * @param limit the distance beyond which the exact value does not matter (at least 1)
   * @return the distance, at most {@code limit}
   */
  public static int editDistance(String a, String b, int limit) {
    if (Math.abs(a.length() - b.length()) >= limit) {
      return limit;
    }
    int[] before = new int[b.length() + 1];
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      int rowMin = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int d = Math.min(Math.min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d = Math.min(d, before[j - 2] + 1);
        }
        current[j] = d;
        rowMin = Math.min(rowMin, d);
      }
      if (rowMin >= limit) {
        return limit;
      }
      int[] t = before;
      before = previous;
      previous = current;
      current = t;
    }
    return Math.min(previous[b.length()], limit);
  }
}
