package io.github.ptxlitmus.relation;

import java.util.Arrays;
import java.util.StringJoiner;
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
public final class EventSet extends Bits<EventSet> {
  /** Takes ownership of {@code words}; callers must not mutate them afterwards. */
  EventSet(int n, long[] bits) {
    super(n, bits);
  }

  @Override
  EventSet withBits(long[] bits) {
    return new EventSet(n, bits);
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

  /**
   * Whether {@code e} is a member.
   *
   * @param e an event id
   * @return true when {@code e} is in the set
   * @throws IllegalArgumentException if {@code e} is outside {@code 0..n-1}
   */
  public boolean contains(int e) {
    checkIndex(e, n);
    return (bits[e >>> 6] & (1L << e)) != 0;
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
    long x = bits[wi] & (-1L << from);
    while (true) {
      if (x != 0) {
        return (wi << 6) + Long.numberOfTrailingZeros(x);
      }
      if (++wi == bits.length) {
        return -1;
      }
      x = bits[wi];
    }
  }

  /** {@return the events of {@code 0..n-1} that are not members} */
  public EventSet complement() {
    long[] w = new long[bits.length];
    for (int i = 0; i < w.length; i++) {
      w[i] = ~bits[i];
    }
    if (w.length > 0) {
      w[w.length - 1] &= lastWordMask(n);
    }
    return new EventSet(n, w);
  }

  /**
   * Calls {@code action} on each member in increasing order.
   *
   * @param action called with each member's id
   */
  public void forEach(IntConsumer action) {
    for (int wi = 0; wi < bits.length; wi++) {
      long x = bits[wi];
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
    for (int wi = 0; wi < bits.length; wi++) {
      long x = bits[wi];
      while (x != 0) {
        out[k++] = (wi << 6) + Long.numberOfTrailingZeros(x);
        x &= x - 1;
      }
    }
    return out;
  }

  /** {@return the members in increasing order, e.g. {@code {0,2,5}}} */
  @Override
  public String toString() {
    StringJoiner members = new StringJoiner(",", "{", "}");
    forEach(e -> members.add(Integer.toString(e)));
    return members.toString();
  }
}
