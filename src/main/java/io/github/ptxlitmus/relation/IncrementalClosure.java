package io.github.ptxlitmus.relation;

import static io.github.ptxlitmus.relation.EventSet.checkIndex;
import static io.github.ptxlitmus.relation.EventSet.checkSize;
import static io.github.ptxlitmus.relation.EventSet.wordCount;

import java.util.Arrays;

/**
 * A transitively closed relation over {@code 0..n-1} maintained under edge additions, with
 * undo for backtracking search. Mutable and not thread-safe; {@link #copy()} gives an
 * independent instance and {@link #toRelation()} an immutable snapshot.
 *
 * <p>Adding {@code (i,j)} makes every {@code a} that reaches {@code i} (or is {@code i}) reach
 * {@code j} and everything {@code j} reaches: {@code row[a] |= row[j] | {j}}, one pass over the
 * rows. Adding an edge that closes a cycle is allowed; the closure then has reflexive pairs and
 * {@link #isAcyclic()} turns false. Each row an addition changes is saved on a trail first, so
 * {@link #undoTo(int)} restores exactly the state at a {@link #mark()}:
 *
 * <pre>{@code
 * int m = closure.mark();
 * if (!closure.wouldCreateCycle(w1, w2)) {
 *   closure.add(w1, w2);
 *   search(closure);
 * }
 * closure.undoTo(m);
 * }</pre>
 */
public final class IncrementalClosure {
  private final int n;
  private final int w;
  /** Row {@code a} (words {@code a*w .. a*w+w)}) is the set of events {@code a} reaches. */
  private final long[] rows;
  /** Scratch: the targets of the edge being added. */
  private final long[] targets;
  /** Undo trail: entry {@code k} saved row {@code trailRow[k]} as {@code trailWords[k*w..]}. */
  private int[] trailRow;
  private long[] trailWords;
  private int trailSize;

  private IncrementalClosure(int n, long[] rows) {
    this.n = n;
    this.w = wordCount(n);
    this.rows = rows;
    this.targets = new long[w];
    this.trailRow = new int[16];
    this.trailWords = new long[16 * w];
  }

  /**
   * The empty relation over {@code 0..n-1}.
   *
   * @param n the number of events, {@code >= 0}
   * @return a new closure with no pairs
   * @throws IllegalArgumentException if {@code n < 0}
   */
  public static IncrementalClosure empty(int n) {
    checkSize(n);
    return new IncrementalClosure(n, new long[n * wordCount(n)]);
  }

  /**
   * Starts from the transitive closure of {@code r}.
   *
   * @param r the initial edges, over {@code r.size()} events
   * @return a new closure holding {@code r}'s transitive closure
   */
  public static IncrementalClosure of(Relation r) {
    int n = r.size();
    long[] rows = r.bitsCopy();
    Relation.closeInPlace(rows, n, wordCount(n));
    return new IncrementalClosure(n, rows);
  }

  /** {@return the number of events {@code n}} */
  public int size() {
    return n;
  }

  /**
   * Whether {@code from} reaches {@code to} by one or more added edges.
   *
   * @param from the source event
   * @param to the target event
   * @return true when the pair is in the closure
   * @throws IllegalArgumentException if an event is outside {@code 0..n-1}
   */
  public boolean contains(int from, int to) {
    checkIndex(from, n);
    checkIndex(to, n);
    return (rows[from * w + (to >>> 6)] & (1L << to)) != 0;
  }

  /**
   * Whether adding {@code (from, to)} would close a cycle: {@code from == to} or {@code to}
   * already reaches {@code from}. It answers for the new edge alone: a cycle already present
   * elsewhere does not make it true.
   *
   * @param from the new edge's source
   * @param to the new edge's target
   * @return true when the edge would close a cycle
   * @throws IllegalArgumentException if an event is outside {@code 0..n-1}
   */
  public boolean wouldCreateCycle(int from, int to) {
    return from == to || contains(to, from);
  }

  /**
   * Adds the edge {@code (from, to)} and restores transitivity.
   *
   * @param from the edge's source
   * @param to the edge's target
   * @return true when the closure changed (false when {@code from} already reached {@code to})
   * @throws IllegalArgumentException if an event is outside {@code 0..n-1}
   */
  public boolean add(int from, int to) {
    if (contains(from, to)) {
      return false;
    }
    int fw = from >>> 6;
    long fm = 1L << from;
    if (w == 1) {
      long t = rows[to] | (1L << to);
      for (int a = 0; a < n; a++) {
        long r = rows[a];
        if ((a == from || (r & fm) != 0) && (t & ~r) != 0) {
          save(a);
          rows[a] = r | t;
        }
      }
      return true;
    }
    System.arraycopy(rows, to * w, targets, 0, w);
    targets[to >>> 6] |= 1L << to;
    for (int a = 0; a < n; a++) {
      int base = a * w;
      if (a != from && (rows[base + fw] & fm) == 0) {
        continue;
      }
      boolean grows = false;
      for (int t = 0; t < w; t++) {
        if ((targets[t] & ~rows[base + t]) != 0) {
          grows = true;
          break;
        }
      }
      if (grows) {
        save(a);
        for (int t = 0; t < w; t++) {
          rows[base + t] |= targets[t];
        }
      }
    }
    return true;
  }

  /**
   * Adds every pair of {@code r}.
   *
   * @param r a relation over the same number of events
   * @throws IllegalArgumentException if {@code r} has another size
   */
  public void addAll(Relation r) {
    if (r.size() != n) {
      throw new IllegalArgumentException("relation sizes differ: " + n + " vs " + r.size());
    }
    r.forEach(this::add);
  }

  /** {@return true when the closure has no reflexive pair, i.e. the added edges form no cycle} */
  public boolean isAcyclic() {
    return Relation.isIrreflexive(rows, n, w);
  }

  /** {@return a position on the undo trail, for {@link #undoTo(int)}} */
  public int mark() {
    return trailSize;
  }

  /**
   * Undoes every addition made since {@code mark} was taken; marks taken after it become invalid.
   *
   * @param mark a value returned by {@link #mark()}
   * @throws IllegalArgumentException if {@code mark} is not a current trail position
   */
  public void undoTo(int mark) {
    if (mark < 0 || mark > trailSize) {
      throw new IllegalArgumentException(
          "mark " + mark + " is not on the undo trail (length " + trailSize + ")");
    }
    while (trailSize > mark) {
      trailSize--;
      System.arraycopy(trailWords, trailSize * w, rows, trailRow[trailSize] * w, w);
    }
  }

  /** {@return an independent copy of the current closure, with an empty undo trail} */
  public IncrementalClosure copy() {
    return new IncrementalClosure(n, rows.clone());
  }

  /** {@return the current closure as an immutable relation} */
  public Relation toRelation() {
    return Relation.wrap(n, rows.clone());
  }

  private void save(int row) {
    if (trailSize == trailRow.length) {
      trailRow = Arrays.copyOf(trailRow, trailSize * 2);
      trailWords = Arrays.copyOf(trailWords, trailSize * 2 * w);
    }
    trailRow[trailSize] = row;
    System.arraycopy(rows, row * w, trailWords, trailSize * w, w);
    trailSize++;
  }

  /** {@return the closure's pairs, e.g. {@code {(0,1),(0,2),(1,2)}}} */
  @Override
  public String toString() {
    return toRelation().toString();
  }
}
