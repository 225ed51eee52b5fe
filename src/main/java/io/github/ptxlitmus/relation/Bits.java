package io.github.ptxlitmus.relation;

import java.util.Arrays;
import java.util.function.LongBinaryOperator;

/**
 * What an {@link EventSet} and a {@link Relation} have in common: a fixed number of bits over the
 * events {@code 0..n-1} (one per event for a set, one per pair for a relation), so that the set
 * algebra, the counts and equality are word-wise loops written once here. Public only so that
 * method references such as {@code Relation::union} resolve; only those two types extend it.
 *
 * @param <T> the value type, closed under the operations
 */
public abstract sealed class Bits<T extends Bits<T>> permits EventSet, Relation {
  /** The number of events. */
  final int n;
  /** The bits; never mutated after construction; bits outside the value's range are zero. */
  final long[] bits;
  /**
   * Whether {@link #bits} are all zero: 0 not known yet, 1 empty, 2 not. The operators return an
   * operand unchanged when the other one is empty (values are immutable, so sharing is safe):
   * most relations of a small candidate are empty or are joined with empty ones, and each copy
   * would be an allocation per candidate. Written without synchronization: every thread that
   * computes it computes the same value from the final {@link #bits}.
   */
  private byte emptiness;

  /** Takes ownership of {@code bits}; callers must not mutate them afterwards. */
  Bits(int n, long[] bits) {
    this.n = n;
    this.bits = bits;
  }

  /** {@return a value of this type and size holding {@code bits}, which it owns} */
  abstract T withBits(long[] bits);

  /** {@return the number of events {@code n} (not the number of members: see {@link #count()})} */
  public int size() {
    return n;
  }

  /** {@return the number of members: events of a set, pairs of a relation} */
  public int count() {
    int c = 0;
    for (long x : bits) {
      c += Long.bitCount(x);
    }
    return c;
  }

  /** {@return true when there are no members} */
  public boolean isEmpty() {
    if (emptiness == 0) {
      emptiness = 1;
      for (long x : bits) {
        if (x != 0) {
          emptiness = 2;
          break;
        }
      }
    }
    return emptiness == 1;
  }

  @SuppressWarnings("unchecked")
  private T self() {
    return (T) this;
  }

  /**
   * This ∪ other (cat's {@code |}).
   *
   * @param other a value over the same {@code n}
   * @return a new value
   * @throws IllegalArgumentException if the sizes differ
   */
  public T union(T other) {
    requireSameSize(other);
    if (other.isEmpty()) {
      return self();
    }
    if (isEmpty()) {
      return other;
    }
    return combine(other, (a, b) -> a | b);
  }

  /**
   * This ∩ other (cat's {@code &}).
   *
   * @param other a value over the same {@code n}
   * @return a new value
   * @throws IllegalArgumentException if the sizes differ
   */
  public T intersection(T other) {
    requireSameSize(other);
    if (isEmpty()) {
      return self();
    }
    if (other.isEmpty()) {
      return other;
    }
    return combine(other, (a, b) -> a & b);
  }

  /**
   * This \ other (cat's {@code \}).
   *
   * @param other a value over the same {@code n}
   * @return a new value
   * @throws IllegalArgumentException if the sizes differ
   */
  public T difference(T other) {
    requireSameSize(other);
    if (isEmpty() || other.isEmpty()) {
      return self();
    }
    return combine(other, (a, b) -> a & ~b);
  }

  /**
   * True when every member of this is a member of {@code other}.
   *
   * @param other a value over the same {@code n}
   * @return whether this ⊆ {@code other}
   * @throws IllegalArgumentException if the sizes differ
   */
  public boolean isSubsetOf(T other) {
    requireSameSize(other);
    long[] o = other.bits;
    for (int k = 0; k < bits.length; k++) {
      if ((bits[k] & ~o[k]) != 0) {
        return false;
      }
    }
    return true;
  }

  private T combine(T other, LongBinaryOperator op) {
    long[] o = other.bits;
    long[] b = new long[bits.length];
    for (int k = 0; k < b.length; k++) {
      b[k] = op.applyAsLong(bits[k], o[k]);
    }
    return withBits(b);
  }

  /** Throws {@link IllegalArgumentException} unless {@code other} has {@code n} events. */
  final void requireSameSize(T other) {
    requireSize(other.n);
  }

  /** Throws {@link IllegalArgumentException} unless {@code m == n}. */
  final void requireSize(int m) {
    if (m != n) {
      throw new IllegalArgumentException(getClass().getSimpleName() + " sizes differ: " + n + " vs " + m);
    }
  }

  @Override
  public final boolean equals(Object o) {
    return o != null && o.getClass() == getClass() && ((Bits<?>) o).n == n
        && Arrays.equals(((Bits<?>) o).bits, bits);
  }

  @Override
  public final int hashCode() {
    return 31 * n + Arrays.hashCode(bits);
  }
}
