package io.github.ptxlitmus.litmus;

import java.math.BigInteger;
import java.util.OptionalLong;

/** Range-checked parsing of 64-bit constants. */
final class Numbers {
  private static final BigInteger UNSIGNED_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
  private static final BigInteger SIGNED_MIN_MAGNITUDE = BigInteger.ONE.shiftLeft(63);

  private Numbers() {}

  /**
   * Parses {@code digits} (no sign, no prefix) in the radix. Positive values up to 2^64-1 are
   * returned as their 64-bit pattern; negative values must be at least -2^63. Empty when out
   * of range. Leading zeros are stripped first so that huge inputs are rejected in linear time.
   */
  static OptionalLong parse(String digits, int radix, boolean negative) {
    int first = 0;
    while (first < digits.length() - 1 && digits.charAt(first) == '0') {
      first++;
    }
    String significant = digits.substring(first);
    if (significant.length() > (radix == 16 ? 16 : 20)) {
      return OptionalLong.empty();
    }
    BigInteger value = new BigInteger(significant, radix);
    if (negative) {
      if (value.compareTo(SIGNED_MIN_MAGNITUDE) > 0) {
        return OptionalLong.empty();
      }
      return OptionalLong.of(value.negate().longValue());
    }
    if (value.compareTo(UNSIGNED_MAX) > 0) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(value.longValue());
  }
}
