package io.github.ptxlitmus.relation;

import static io.github.ptxlitmus.relation.EventSet.checkIndex;
import static io.github.ptxlitmus.relation.EventSet.checkSize;
import static io.github.ptxlitmus.relation.EventSet.wordCount;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * An immutable binary relation over the events {@code 0..n-1}: a bit matrix whose row {@code i}
 * is the set of successors of {@code i}, stored as {@code ceil(n/64)} {@code long} words per row
 * in one flat array (for {@code n <= 64}, one word per row).
 *
 * <p>The operators are those of herd's cat language: {@link #union} ({@code |}), {@link
 * #intersection} ({@code &}), {@link #difference} ({@code \}), {@link #compose} ({@code ;}),
 * {@link #inverse} ({@code ^-1}), {@link #transitiveClosure} ({@code +}), {@link
 * #reflexiveTransitiveClosure} ({@code *}), {@link #optional} ({@code ?}) and {@link #restrict}
 * ({@code [A];r;[B]}). Binary operators require both relations to have the same size and throw
 * {@link IllegalArgumentException} otherwise; an event index outside {@code 0..n-1} also throws
 * {@link IllegalArgumentException}.
 *
 * <p>{@code toString()} lists the pairs in row-major order: {@code {(0,1),(2,3)}}.
 */
public final class Relation extends Bits<Relation> {
  /** Words per row. */
  private final int w;
  // Row i is bits[i*w .. i*w+w); bits at columns >= n are zero.

  /** Takes ownership of {@code bits}; callers must not mutate them afterwards. */
  private Relation(int n, long[] bits) {
    super(n, bits);
    this.w = wordCount(n);
  }

  @Override
  Relation withBits(long[] bits) {
    return new Relation(n, bits);
  }


  /** Wraps rows laid out as in this class; takes ownership of {@code bits}. */
  static Relation wrap(int n, long[] bits) {
    return new Relation(n, bits);
  }

  /** A copy of the rows, laid out as in this class. */
  long[] bitsCopy() {
    return bits.clone();
  }

  // ---------------------------------------------------------------- factories

  /**
   * The empty relation over {@code 0..n-1}.
   *
   * @param n the number of events, {@code >= 0}
   * @return a new relation over {@code 0..n-1} with no pairs
   * @throws IllegalArgumentException if {@code n < 0}
   */
  public static Relation empty(int n) {
    checkSize(n);
    return new Relation(n, new long[n * wordCount(n)]);
  }

  /**
   * The identity {@code {(e,e) | e in 0..n-1}}.
   *
   * @param n the number of events, {@code >= 0}
   * @return a new relation
   * @throws IllegalArgumentException if {@code n < 0}
   */
  public static Relation identity(int n) {
    return identity(EventSet.full(n));
  }

  /**
   * The identity on a set, {@code [A]} in cat: {@code {(e,e) | e in set}}.
   *
   * @param set the events; the relation is over {@code set.size()} events
   * @return a new relation
   */
  public static Relation identity(EventSet set) {
    int n = set.size();
    int w = wordCount(n);
    long[] b = new long[n * w];
    long[] s = set.bits;
    for (int wi = 0; wi < s.length; wi++) {
      long x = s[wi];
      while (x != 0) {
        int e = (wi << 6) + Long.numberOfTrailingZeros(x);
        b[e * w + wi] = 1L << e;
        x &= x - 1;
      }
    }
    return new Relation(n, b);
  }

  /**
   * The relation with the given pairs, written flat: {@code of(4, 0,1, 2,3)} is {@code
   * {(0,1),(2,3)}}.
   *
   * @param n the number of events, {@code >= 0}
   * @param pairs {@code from, to} event ids, two per pair
   * @return a new relation
   * @throws IllegalArgumentException if {@code n < 0}, the number of ints is odd, or an event is
   *     outside {@code 0..n-1}
   */
  public static Relation of(int n, int... pairs) {
    if (pairs.length % 2 != 0) {
      throw new IllegalArgumentException(
          "pairs must be given as from,to,...: odd count " + pairs.length);
    }
    Builder b = builder(n);
    for (int p = 0; p < pairs.length; p += 2) {
      b.add(pairs[p], pairs[p + 1]);
    }
    return b.build();
  }

  /**
   * All pairs {@code (i,j)} of {@code 0..n-1}, including the identity.
   *
   * @param n the number of events, {@code >= 0}
   * @return a new relation
   * @throws IllegalArgumentException if {@code n < 0}
   */
  public static Relation full(int n) {
    EventSet all = EventSet.full(n);
    return cross(n, all, all);
  }

  /**
   * The cartesian product {@code from × to}.
   *
   * @param n the number of events, {@code >= 0}
   * @param from the sources, a set over {@code n} events
   * @param to the targets, a set over {@code n} events
   * @return a new relation
   * @throws IllegalArgumentException if either set's size is not {@code n}
   */
  public static Relation cross(int n, EventSet from, EventSet to) {
    checkSize(n);
    if (from.size() != n || to.size() != n) {
      throw new IllegalArgumentException(
          "cross(" + n + ", ...): event set sizes are " + from.size() + " and " + to.size());
    }
    int w = wordCount(n);
    long[] b = new long[n * w];
    for (int i = from.next(0); i >= 0; i = from.next(i + 1)) {
      System.arraycopy(to.bits, 0, b, i * w, w);
    }
    return new Relation(n, b);
  }

  /**
   * The pairs {@code (i,j)} of {@code 0..n-1} with {@code predicate.test(i, j)}; calls the
   * predicate {@code n²} times.
   *
   * @param n the number of events, {@code >= 0}
   * @param predicate called with {@code (i, j)}, row-major
   * @return a new relation
   * @throws IllegalArgumentException if {@code n < 0}
   */
  public static Relation fromPredicate(int n, IntBiPredicate predicate) {
    Builder b = builder(n);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (predicate.test(i, j)) {
          b.add(i, j);
        }
      }
    }
    return b.build();
  }

  /**
   * The pairs of members with equal keys, reflexive pairs included: an equivalence on {@code
   * members}, as cat's {@code loc} is on memory events. Used for the relations the events fix
   * (same location, same proxy, same virtual range).
   *
   * @param members the events related; the relation is over {@code members.size()} events
   * @param key the key of each member (compared with {@link Object#equals})
   * @return a new relation, symmetric and transitive, reflexive on {@code members}
   */
  public static Relation grouped(EventSet members, java.util.function.IntFunction<?> key) {
    int n = members.size();
    int w = wordCount(n);
    java.util.Map<Object, long[]> groups = new java.util.HashMap<>();
    for (int i = members.next(0); i >= 0; i = members.next(i + 1)) {
      groups.computeIfAbsent(key.apply(i), k -> new long[w])[i >>> 6] |= 1L << i;
    }
    long[] b = new long[n * w];
    for (long[] group : groups.values()) {
      for (int t = 0; t < w; t++) {
        for (long x = group[t]; x != 0; x &= x - 1) {
          System.arraycopy(group, 0, b, ((t << 6) + Long.numberOfTrailingZeros(x)) * w, w);
        }
      }
    }
    return new Relation(n, b);
  }

  /**
   * A mutable builder for a relation over {@code 0..n-1}.
   *
   * @param n the number of events, {@code >= 0}
   * @return an empty builder
   * @throws IllegalArgumentException if {@code n < 0}
   */
  public static Builder builder(int n) {
    return new Builder(n);
  }

  /** Collects pairs, then {@link #build()}s an immutable {@link Relation}. Not thread-safe. */
  public static final class Builder {
    private final int n;
    private final int w;
    private final long[] bits;

    private Builder(int n) {
      checkSize(n);
      this.n = n;
      this.w = wordCount(n);
      this.bits = new long[n * w];
    }

    /**
     * Adds the pair {@code (from, to)}.
     *
     * @param from the source event
     * @param to the target event
     * @return this builder
     * @throws IllegalArgumentException if an event is outside {@code 0..n-1}
     */
    public Builder add(int from, int to) {
      checkPair(from, to, n);
      bits[from * w + (to >>> 6)] |= 1L << to;
      return this;
    }

    /**
     * Adds every pair of {@code r}.
     *
     * @param r a relation over the builder's {@code n}
     * @return this builder
     * @throws IllegalArgumentException if {@code r} has another size
     */
    public Builder addAll(Relation r) {
      r.requireSize(n);
      for (int k = 0; k < bits.length; k++) {
        bits[k] |= r.bits[k];
      }
      return this;
    }

    /**
     * Whether {@code (from, to)} has been added.
     *
     * @param from the source event, in {@code 0..n-1}
     * @param to the target event, in {@code 0..n-1}
     * @return true when the pair has been added
     * @throws IllegalArgumentException if an event is outside {@code 0..n-1}
     */
    public boolean contains(int from, int to) {
      checkPair(from, to, n);
      return has(bits, w, from, to);
    }

    /** {@return the relation of the pairs added so far; the builder stays usable} */
    public Relation build() {
      return new Relation(n, bits.clone());
    }
  }

  // ---------------------------------------------------------------- queries

  /**
   * Whether {@code (from, to)} is in the relation.
   *
   * @param from the source event
   * @param to the target event
   * @return true when the pair is in the relation
   * @throws IllegalArgumentException if an event is outside {@code 0..n-1}
   */
  public boolean contains(int from, int to) {
    checkPair(from, to, n);
    return has(bits, w, from, to);
  }

  /**
   * The events {@code j} with {@code (i,j)} in the relation.
   *
   * @param i an event
   * @return a new set over {@code 0..n-1}
   * @throws IllegalArgumentException if {@code i} is outside {@code 0..n-1}
   */
  public EventSet successors(int i) {
    checkIndex(i, n);
    return new EventSet(n, Arrays.copyOfRange(bits, i * w, i * w + w));
  }

  /**
   * The events {@code j} with {@code (j,i)} in the relation.
   *
   * @param i an event
   * @return a new set over {@code 0..n-1}
   * @throws IllegalArgumentException if {@code i} is outside {@code 0..n-1}
   */
  public EventSet predecessors(int i) {
    checkIndex(i, n);
    long[] s = new long[w];
    int wi = i >>> 6;
    long m = 1L << i;
    for (int j = 0; j < n; j++) {
      if ((bits[j * w + wi] & m) != 0) {
        s[j >>> 6] |= 1L << j;
      }
    }
    return new EventSet(n, s);
  }

  /** {@return the events with at least one successor} */
  public EventSet domain() {
    return EventSet.fromPredicate(n, i -> !rowIsEmpty(i));
  }

  private boolean rowIsEmpty(int i) {
    for (int k = i * w; k < i * w + w; k++) {
      if (bits[k] != 0) {
        return false;
      }
    }
    return true;
  }

  /** {@return the events with at least one predecessor} */
  public EventSet range() {
    long[] s = new long[w];
    for (int k = 0; k < bits.length; k++) {
      s[k % w] |= bits[k];
    }
    return new EventSet(n, s);
  }

  /**
   * Calls {@code action} on each pair, in row-major order (by {@code from}, then {@code to}).
   *
   * @param action called with {@code (from, to)} for each pair
   */
  public void forEach(IntBiConsumer action) {
    for (int i = 0; i < n; i++) {
      int base = i * w;
      for (int t = 0; t < w; t++) {
        long x = bits[base + t];
        while (x != 0) {
          action.accept(i, (t << 6) + Long.numberOfTrailingZeros(x));
          x &= x - 1;
        }
      }
    }
  }

  /**
   * {@return the pairs as {@code {from, to}} arrays in row-major order; a fresh array each call}
   */
  public int[][] pairs() {
    int[][] out = new int[count()][];
    int[] k = {0};
    forEach((i, j) -> out[k[0]++] = new int[] {i, j});
    return out;
  }

  // ---------------------------------------------------------------- algebra

  /** {@return the converse {@code {(j,i) | (i,j) in this}} ({@code r^-1})} */
  public Relation inverse() {
    if (isEmpty()) {
      return this;
    }
    long[] b = new long[bits.length];
    for (int i = 0; i < n; i++) {
      int base = i * w;
      int col = i >>> 6;
      long m = 1L << i;
      for (int t = 0; t < w; t++) {
        long x = bits[base + t];
        while (x != 0) {
          int j = (t << 6) + Long.numberOfTrailingZeros(x);
          b[j * w + col] |= m;
          x &= x - 1;
        }
      }
    }
    return new Relation(n, b);
  }

  /**
   * Sequential composition {@code this ; other}: {@code (a,c)} when some {@code b} has {@code
   * (a,b)} in this and {@code (b,c)} in other.
   *
   * @param other a relation over the same {@code n}
   * @return a new relation
   * @throws IllegalArgumentException if the sizes differ
   */
  public Relation compose(Relation other) {
    requireSameSize(other);
    if (isEmpty()) {
      return this;
    }
    if (other.isEmpty()) {
      return other;
    }
    long[] o = other.bits;
    long[] b = new long[bits.length];
    if (w == 1) {
      for (int i = 0; i < n; i++) {
        long x = bits[i];
        long acc = 0;
        while (x != 0) {
          acc |= o[Long.numberOfTrailingZeros(x)];
          x &= x - 1;
        }
        b[i] = acc;
      }
      return new Relation(n, b);
    }
    for (int i = 0; i < n; i++) {
      int base = i * w;
      for (int t = 0; t < w; t++) {
        long x = bits[base + t];
        while (x != 0) {
          int kb = ((t << 6) + Long.numberOfTrailingZeros(x)) * w;
          for (int u = 0; u < w; u++) {
            b[base + u] |= o[kb + u];
          }
          x &= x - 1;
        }
      }
    }
    return new Relation(n, b);
  }

  /** {@return the transitive closure {@code r+}: the least transitive relation containing this} */
  public Relation transitiveClosure() {
    if (isEmpty()) {
      return this;
    }
    long[] b = bits.clone();
    BitMatrix.closeInPlace(b, n, w);
    return new Relation(n, b);
  }

  /** {@return the reflexive-transitive closure {@code r*} = {@code r+ ∪ id}} */
  public Relation reflexiveTransitiveClosure() {
    long[] b = bits.clone();
    BitMatrix.closeInPlace(b, n, w);
    BitMatrix.setDiagonal(b, n, w);
    return new Relation(n, b);
  }

  /** {@return {@code r?} = {@code r ∪ id}, a new relation} */
  public Relation optional() {
    long[] b = bits.clone();
    BitMatrix.setDiagonal(b, n, w);
    return new Relation(n, b);
  }

  /**
   * {@code [from] ; r ; [to]}: the pairs whose source is in {@code from} and target in {@code to}.
   *
   * @param from the allowed sources
   * @param to the allowed targets
   * @return a new relation
   * @throws IllegalArgumentException if a set's size differs from {@link #size()}
   */
  public Relation restrict(EventSet from, EventSet to) {
    requireSameSize(from);
    requireSameSize(to);
    if (isEmpty()) {
      return this;
    }
    long[] b = new long[bits.length];
    long[] t = to.bits;
    for (int i = from.next(0); i >= 0; i = from.next(i + 1)) {
      int base = i * w;
      for (int u = 0; u < w; u++) {
        b[base + u] = bits[base + u] & t[u];
      }
    }
    return new Relation(n, b);
  }

  /**
   * {@code [set] ; r ; [set]}: the pairs with both ends in {@code set}.
   *
   * @param set the allowed sources and targets
   * @return a new relation
   * @throws IllegalArgumentException if the set's size differs from {@link #size()}
   */
  public Relation restrictTo(EventSet set) {
    return restrict(set, set);
  }

  /** {@return this without its reflexive pairs {@code (e,e)}} */
  public Relation withoutIdentity() {
    long[] b = bits.clone();
    for (int i = 0; i < n; i++) {
      b[i * w + (i >>> 6)] &= ~(1L << i);
    }
    return new Relation(n, b);
  }

  // ---------------------------------------------------------------- checks

  /** {@return true when no {@code (e,e)} is in the relation} */
  public boolean isIrreflexive() {
    return BitMatrix.isIrreflexive(bits, n, w);
  }

  /**
   * {@return true when the relation has no cycle (equivalently, its transitive closure is
   * irreflexive)}
   */
  public boolean isAcyclic() {
    return w == 1 ? BitMatrix.isAcyclicSmall(bits, n) : BitMatrix.isAcyclicLarge(bits, n, w);
  }

  /** {@return true when {@code r;r ⊆ r}} */
  public boolean isTransitive() {
    return compose(this).isSubsetOf(this);
  }

  // ---------------------------------------------------------------- evidence

  /**
   * A shortest cycle, as the events {@code [e0, e1, ..., ek]} where each {@code (ei, ei+1)} and
   * the closing {@code (ek, e0)} are pairs of the relation; a self-loop gives {@code [e]}. Among
   * shortest cycles, the one found from the smallest event, which is {@code e0}. Empty exactly
   * when {@link #isAcyclic()}.
   *
   * @return the cycle's events, {@code e0} first; empty when acyclic
   */
  public Optional<List<Integer>> findCycle() {
    for (int i = 0; i < n; i++) {
      if ((bits[i * w + (i >>> 6)] & (1L << i)) != 0) {
        return Optional.of(List.of(i));
      }
    }
    if (isAcyclic()) {
      return Optional.empty();
    }
    // Only events on some cycle (the diagonal of r+) can be on a shortest one.
    long[] closed = bits.clone();
    BitMatrix.closeInPlace(closed, n, w);
    long[] onCycle = new long[w];
    for (int i = 0; i < n; i++) {
      if ((closed[i * w + (i >>> 6)] & (1L << i)) != 0) {
        onCycle[i >>> 6] |= 1L << i;
      }
    }
    BitMatrix.Bfs bfs = new BitMatrix.Bfs(bits, n, w);
    int best = Integer.MAX_VALUE;
    List<Integer> cycle = null;
    for (int v = 0; v < n; v++) {
      if ((onCycle[v >>> 6] & (1L << v)) == 0) {
        continue;
      }
      // A cycle through v shorter than best has at most best-1 edges before the closing one.
      int last = bfs.run(v, v, onCycle, best - 2);
      if (last >= 0) {
        List<Integer> path = bfs.pathTo(last);
        if (path.size() < best) {
          best = path.size();
          cycle = path;
        }
      }
    }
    return Optional.of(List.copyOf(cycle));
  }

  /**
   * A shortest path of at least one pair from {@code from} to {@code to}, as the events {@code
   * [from, ..., to]} with each consecutive two a pair of the relation. When {@code from == to}
   * this is a shortest cycle through {@code from}, written with {@code from} at both ends. Present
   * exactly when {@code transitiveClosure().contains(from, to)}.
   *
   * @param from the first event
   * @param to the last event
   * @return the path's events, both ends included; empty when there is none
   * @throws IllegalArgumentException if an event is outside {@code 0..n-1}
   */
  public Optional<List<Integer>> findPath(int from, int to) {
    checkPair(from, to, n);
    BitMatrix.Bfs bfs = new BitMatrix.Bfs(bits, n, w);
    int last = bfs.run(from, to, null, Integer.MAX_VALUE);
    if (last < 0) {
      return Optional.empty();
    }
    List<Integer> path = bfs.pathTo(last);
    path.add(to);
    return Optional.of(List.copyOf(path));
  }

  /**
   * The first pair (row-major) of this that is not in {@code allowed}, as {@code {from, to}}: the
   * witness that {@code this.isSubsetOf(allowed)} fails. Empty when it holds.
   *
   * @param allowed a relation over the same {@code n}
   * @return {@code {from, to}}, or empty
   * @throws IllegalArgumentException if the sizes differ
   */
  public Optional<int[]> anyEdgeOutside(Relation allowed) {
    requireSameSize(allowed);
    long[] o = allowed.bits;
    for (int k = 0; k < bits.length; k++) {
      long x = bits[k] & ~o[k];
      if (x != 0) {
        int i = k / w;
        int j = ((k - i * w) << 6) + Long.numberOfTrailingZeros(x);
        return Optional.of(new int[] {i, j});
      }
    }
    return Optional.empty();
  }

  /**
   * The first pair (row-major) of this relation whose converse is in {@code other}: {@code
   * (i,j)} with {@code (i,j)} in this and {@code (j,i)} in other, i.e. the first pair of {@code
   * this ∩ other⁻¹}, found without building the converse.
   *
   * @param other a relation over the same {@code n}
   * @return {@code {i, j}}, or empty
   * @throws IllegalArgumentException if the sizes differ
   */
  public Optional<int[]> firstPairWithConverseIn(Relation other) {
    requireSameSize(other);
    for (int i = 0; i < n; i++) {
      for (int j = nextInRow(i, 0); j >= 0; j = nextInRow(i, j + 1)) {
        if (has(other.bits, w, j, i)) {
          return Optional.of(new int[] {i, j});
        }
      }
    }
    return Optional.empty();
  }

  /** {@return the smallest {@code j >= from} with {@code (i, j)} in the relation, or -1} */
  private int nextInRow(int i, int from) {
    int first = from >>> 6;
    for (int t = first; t < w; t++) {
      long x = bits[i * w + t] & (t == first ? -1L << from : -1L);
      if (x != 0) {
        return (t << 6) + Long.numberOfTrailingZeros(x);
      }
    }
    return -1;
  }

  // ---------------------------------------------------------------- internals

  private static void checkPair(int from, int to, int n) {
    checkIndex(from, n);
    checkIndex(to, n);
  }

  /** Whether row {@code from} of rows laid out as in this class holds {@code to}. */
  private static boolean has(long[] bits, int w, int from, int to) {
    return (bits[from * w + (to >>> 6)] & (1L << to)) != 0;
  }


  private void requireSameSize(EventSet set) {
    if (set.size() != n) {
      throw new IllegalArgumentException(
          "event set size " + set.size() + " differs from relation size " + n);
    }
  }

  /** {@return the pairs in row-major order, e.g. {@code {(0,1),(2,3)}}} */
  @Override
  public String toString() {
    StringJoiner pairs = new StringJoiner(",", "{", "}");
    forEach((i, j) -> pairs.add("(" + i + "," + j + ")"));
    return pairs.toString();
  }
}
