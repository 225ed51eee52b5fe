package io.github.ptxlitmus.relation;

import java.util.Arrays;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * An immutable set of events drawn from {@code 0..n-1}, stored as a bitset of {@code long}
 * words ({@code n <= 64}: one word). Sets of different universes never mix: binary operations
 * throw {@link IllegalArgumentException} when the universe sizes differ.
 *
 * <p>{@code toString()} lists the members in increasing order: {@code {0,2,5}}.
 */
public final class EventSet {
  private final int n;
  /** Members; bits at positions {@code >= n} are always zero. Never mutated after construction. */
  final long[] words;

  /** Takes ownership of {@code words}; callers must not mutate them afterwards. */
  EventSet(int n, long[] words) {
    this.n = n;
    this.words = words;
  }

  /** Number of {@code long} words holding {@code n} bits. */
  static int wordCount(int n) {
    return (n + 63) >>> 6;
  }

  /** Mask of the valid bits in the last word of a row of {@code n} bits. */
  static long lastWordMask(int n) {
    return (n & 63) == 0 ? -1L : (1L << n) - 1;
  }

  static void checkSize(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("size must be >= 0, was " + n);
    }
  }

  static void checkIndex(int i, int n) {
    if (i < 0 || i >= n) {
      throw new IllegalArgumentException("event " + i + " out of range 0.." + (n - 1));
    }
  }

  /**
   * The empty set over {@code 0..n-1}.
   *
   * @param n the number of events, {@code >= 0}
   * @return a new set over {@code 0..n-1} with no members
   * @throws IllegalArgumentException if {@code n < 0}
   */
  public static EventSet empty(int n) {
    checkSize(n);
    return new EventSet(n, new long[wordCount(n)]);
  }

  /**
   * The set of all events {@code 0..n-1}.
   *
   * @param n the number of events, {@code >= 0}
   * @return a new set over {@code 0..n-1} holding every event
   * @throws IllegalArgumentException if {@code n < 0}
   */
  public static EventSet full(int n) {
    checkSize(n);
    long[] w = new long[wordCount(n)];
    Arrays.fill(w, -1L);
    if (w.length > 0) {
      w[w.length - 1] &= lastWordMask(n);
    }
    return new EventSet(n, w);
  }

  /**
   * The set of the given events over {@code 0..n-1}; duplicates are allowed.
   *
   * @param n the number of events, {@code >= 0}
   * @param members event ids in {@code 0..n-1}
   * @return a new set holding exactly {@code members}
   * @throws IllegalArgumentException if {@code n < 0} or a member is outside {@code 0..n-1}
   */
  public static EventSet of(int n, int... members) {
    checkSize(n);
    long[] w = new long[wordCount(n)];
    for (int m : members) {
      checkIndex(m, n);
      w[m >>> 6] |= 1L << m;
    }
    return new EventSet(n, w);
  }

  /**
   * The events {@code e} in {@code 0..n-1} with {@code predicate.test(e)}.
   *
   * @param n the number of events, {@code >= 0}
   * @param predicate called once per event, in increasing order
   * @return a new set of the events it accepts
   * @throws IllegalArgumentException if {@code n < 0}
   */
  public static EventSet fromPredicate(int n, IntPredicate predicate) {
    checkSize(n);
    long[] w = new long[wordCount(n)];
    for (int e = 0; e < n; e++) {
      if (predicate.test(e)) {
        w[e >>> 6] |= 1L << e;
      }
    }
    return new EventSet(n, w);
  }

  /** {@return the universe size {@code n} (not the number of members: see {@link #count()})} */
  public int size() {
    return n;
  }

  /** {@return the number of members} */
  public int count() {
    int c = 0;
    for (long x : words) {
      c += Long.bitCount(x);
    }
    return c;
  }

  /** {@return true when there are no members} */
  public boolean isEmpty() {
    for (long x : words) {
      if (x != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether {@code e} is a member.
   *
   * @param e an event id
   * @return true when {@code e} is in the set
   * @throws IllegalArgumentException if {@code e} is outside {@code 0..n-1}
   */
  public boolean contains(int e) {
    checkIndex(e, n);
    return (words[e >>> 6] & (1L << e)) != 0;
  }

  /**
   * The smallest member {@code >= from}, or {@code -1} when there is none; for allocation-free
   * loops: {@code for (int e = s.next(0); e >= 0; e = s.next(e + 1))}.
   *
   * @param from where to start, {@code >= 0} (may be {@code >= n})
   * @return a member id, or {@code -1}
   * @throws IllegalArgumentException if {@code from < 0}
   */
  public int next(int from) {
    if (from < 0) {
      throw new IllegalArgumentException("from must be >= 0, was " + from);
    }
    if (from >= n) {
      return -1;
    }
    int wi = from >>> 6;
    long x = words[wi] & (-1L << from);
    while (true) {
      if (x != 0) {
        return (wi << 6) + Long.numberOfTrailingZeros(x);
      }
      if (++wi == words.length) {
        return -1;
      }
      x = words[wi];
    }
  }

  /**
   * This ∪ other.
   *
   * @param other a set over the same universe
   * @return a new set
   * @throws IllegalArgumentException if the universe sizes differ
   */
  public EventSet union(EventSet other) {
    requireSameSize(other);
    long[] w = words.clone();
    for (int i = 0; i < w.length; i++) {
      w[i] |= other.words[i];
    }
    return new EventSet(n, w);
  }

  /**
   * This ∩ other.
   *
   * @param other a set over the same universe
   * @return a new set
   * @throws IllegalArgumentException if the universe sizes differ
   */
  public EventSet intersection(EventSet other) {
    requireSameSize(other);
    long[] w = words.clone();
    for (int i = 0; i < w.length; i++) {
      w[i] &= other.words[i];
    }
    return new EventSet(n, w);
  }

  /**
   * This \ other.
   *
   * @param other a set over the same universe
   * @return a new set
   * @throws IllegalArgumentException if the universe sizes differ
   */
  public EventSet difference(EventSet other) {
    requireSameSize(other);
    long[] w = words.clone();
    for (int i = 0; i < w.length; i++) {
      w[i] &= ~other.words[i];
    }
    return new EventSet(n, w);
  }

  /** {@return the events of {@code 0..n-1} that are not members} */
  public EventSet complement() {
    long[] w = new long[words.length];
    for (int i = 0; i < w.length; i++) {
      w[i] = ~words[i];
    }
    if (w.length > 0) {
      w[w.length - 1] &= lastWordMask(n);
    }
    return new EventSet(n, w);
  }

  /**
   * Whether every member of this set is a member of {@code other}.
   *
   * @param other a set over the same universe
   * @return true when every member of this set is in {@code other}
   * @throws IllegalArgumentException if the universe sizes differ
   */
  public boolean isSubsetOf(EventSet other) {
    requireSameSize(other);
    for (int i = 0; i < words.length; i++) {
      if ((words[i] & ~other.words[i]) != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Calls {@code action} on each member in increasing order.
   *
   * @param action called with each member's id
   */
  public void forEach(IntConsumer action) {
    for (int wi = 0; wi < words.length; wi++) {
      long x = words[wi];
      while (x != 0) {
        action.accept((wi << 6) + Long.numberOfTrailingZeros(x));
        x &= x - 1;
      }
    }
  }

  /** {@return the members in increasing order} */
  public IntStream stream() {
    return IntStream.of(toArray());
  }

  /** {@return the members in increasing order, in a fresh array} */
  public int[] toArray() {
    int[] out = new int[count()];
    int k = 0;
    for (int wi = 0; wi < words.length; wi++) {
      long x = words[wi];
      while (x != 0) {
        out[k++] = (wi << 6) + Long.numberOfTrailingZeros(x);
        x &= x - 1;
      }
    }
    return out;
  }

  private void requireSameSize(EventSet other) {
    if (other.n != n) {
      throw new IllegalArgumentException(
          "event set sizes differ: " + n + " vs " + other.n);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EventSet s && s.n == n && Arrays.equals(s.words, words);
  }

  @Override
  public int hashCode() {
    return 31 * n + Arrays.hashCode(words);
  }

  /** {@return the members in increasing order, e.g. {@code {0,2,5}}} */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    forEach(e -> {
      if (sb.length() > 1) {
        sb.append(',');
      }
      sb.append(e);
    });
    return sb.append('}').toString();
  }
}
