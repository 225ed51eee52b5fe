package io.github.ptxlitmus.search;

import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The Fence-SC orders (8.9.3) the exhaustive search enumerates: every acyclic orientation of
 * the fence.sc pairs that must be ordered, closed transitively. Generated lazily (a list of them
 * grows as the factorial of the fences) and pruned as soon as the orientation chosen so far is
 * cyclic: a depth-first walk, one order per {@link Iterator#next()}. The edges chosen so far are
 * kept once, as a stack (one edge per depth), not as one relation per depth: a ring of 512
 * fence.sc has 130,816 pairs, and a relation per depth of 1,537 events each took gigabytes.
 */
final class FenceScOrders implements Iterable<Relation> {
  private final int n;
  private final List<int[]> pairs = new ArrayList<>();
  private final Budget budget;

  /**
   * @param fenceScPairs the pairs to orient (symmetric)
   * @param budget counts each step of the walk
   */
  FenceScOrders(Relation fenceScPairs, Budget budget) {
    this.n = fenceScPairs.size();
    this.budget = budget;
    fenceScPairs.forEach((a, b) -> {
      if (a < b) {
        pairs.add(new int[] {a, b});
      }
    });
  }

  @Override
  public Iterator<Relation> iterator() {
    return new Walk();
  }

  private final class Walk implements Iterator<Relation> {
    /** The next direction to try per depth (0: a→b, 1: b→a, 2: both tried). */
    private final int[] dir = new int[pairs.size() + 1];
    /** The edge chosen at each depth below {@link #depth} (source, target). */
    private final int[] from = new int[pairs.size()];
    private final int[] to = new int[pairs.size()];
    /** Successors of each event in the chosen edges, for the cycle test. */
    private final List<List<Integer>> successors = new ArrayList<>();
    private int depth;
    private Relation ready;

    Walk() {
      for (int i = 0; i < n; i++) {
        successors.add(new ArrayList<>(2));
      }
      ready = advance();
    }

    @Override
    public boolean hasNext() {
      return ready != null;
    }

    @Override
    public Relation next() {
      if (ready == null) {
        throw new NoSuchElementException();
      }
      Relation r = ready;
      ready = advance();
      return r;
    }

    private Relation advance() {
      int k = pairs.size();
      while (depth >= 0) {
        budget.step();
        if (depth == k) {
          Relation.Builder b = Relation.builder(n);
          for (int i = 0; i < k; i++) {
            b.add(from[i], to[i]);
          }
          pop();
          return b.build().transitiveClosure();
        }
        if (dir[depth] == 2) {
          dir[depth] = 0;
          pop();
          continue;
        }
        int[] p = pairs.get(depth);
        int d = dir[depth]++;
        int a = d == 0 ? p[0] : p[1];
        int c = d == 0 ? p[1] : p[0];
        // The chosen edges are acyclic; with a → c they stay so unless c reaches a.
        if (!reaches(c, a)) {
          from[depth] = a;
          to[depth] = c;
          successors.get(a).add(c);
          depth++;
        }
      }
      return null;
    }

    /**
     * Back to the depth before, removing the edge chosen there (a depth is only left
     * downwards after choosing an edge, so the depth returned to always has one).
     */
    private void pop() {
      depth--;
      if (depth >= 0) {
        List<Integer> out = successors.get(from[depth]);
        out.remove(out.size() - 1);
      }
    }

    private boolean reaches(int start, int goal) {
      if (start == goal) {
        return true;
      }
      BitSet seen = new BitSet(n);
      ArrayDeque<Integer> work = new ArrayDeque<>();
      work.push(start);
      seen.set(start);
      while (!work.isEmpty()) {
        for (int next : successors.get(work.pop())) {
          if (next == goal) {
            return true;
          }
          if (!seen.get(next)) {
            seen.set(next);
            work.push(next);
          }
        }
      }
      return false;
    }
  }
}
