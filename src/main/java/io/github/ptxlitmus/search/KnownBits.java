package io.github.ptxlitmus.search;

/**
 * Bit-level facts about an {@link Expr} that hold for every value its reads may return: the
 * mask of bits whose value is known, and those values. A value with every bit known is a
 * constant, so it carries no dependency (8.10.4: an implementation may prove that a write
 * does not depend on a read). The rules are the usual forward known-bits transfer functions:
 * a known 0 decides {@code and}, a known 1 decides {@code or}; {@code add}/{@code sub}/{@code
 * mul} know the low bits below the first unknown bit of either operand and {@code mul} the
 * trailing zeros of both; shifts by a known amount move the known bits (amounts of the width
 * or more give all zeros, or all sign bits for a signed right shift); comparisons know all
 * bits but the lowest; results are masked (or sign-extended) to the operation's width.
 * Anything else (division, min/max, reads) is unknown.
 *
 * @param known bit mask of the known bits
 * @param value the values of the known bits (0 elsewhere)
 */
record KnownBits(long known, long value) {
  private static final KnownBits UNKNOWN = new KnownBits(0, 0);

  /** Every bit known. */
  boolean isConstant() {
    return known == -1L;
  }

  static KnownBits of(Expr e) {
    if (e instanceof Expr.Const c) {
      return new KnownBits(-1L, c.value());
    }
    if (!(e instanceof Expr.Binary b)) {
      return UNKNOWN;
    }
    KnownBits x = of(b.left()).fit(b.bits(), b.signed());
    KnownBits y = of(b.right()).fit(b.bits(), b.signed());
    return apply(b.op(), x, y, b.bits(), b.signed()).fit(b.bits(), b.signed());
  }

  private static KnownBits apply(Op op, KnownBits x, KnownBits y, int bits, boolean signed) {
    if (x.isConstant() && y.isConstant()) {
      return new KnownBits(-1L, op.apply(x.value, y.value, bits, signed));
    }
    return switch (op) {
      case AND -> {
        long zeros = (x.known & ~x.value) | (y.known & ~y.value);
        long known = (x.known & y.known) | zeros;
        yield new KnownBits(known, x.value & y.value & known);
      }
      case OR -> {
        long ones = (x.known & x.value) | (y.known & y.value);
        long known = (x.known & y.known) | ones;
        yield new KnownBits(known, (x.value | y.value) & known);
      }
      case XOR -> new KnownBits(x.known & y.known, (x.value ^ y.value) & x.known & y.known);
      case ADD, SUB -> {
        long low = lowMask(Long.numberOfTrailingZeros(~(x.known & y.known)));
        long v = op == Op.ADD ? x.value + y.value : x.value - y.value;
        yield new KnownBits(low, v & low);
      }
      case MUL -> {
        long low = lowMask(Long.numberOfTrailingZeros(~(x.known & y.known)));
        int zeros = Math.min(64, trailingKnownZeros(x) + trailingKnownZeros(y));
        long known = low | lowMask(zeros);
        yield new KnownBits(known, x.value * y.value & low);
      }
      case SHL -> shift(x, y, bits, signed, true);
      case SHR -> shift(x, y, bits, signed, false);
      case EQ, NE, LT, LE, GT, GE -> new KnownBits(~1L, 0);
      case SECOND -> y;
      default -> UNKNOWN;
    };
  }

  private static KnownBits shift(KnownBits x, KnownBits y, int bits, boolean signed, boolean left) {
    if (!y.isConstant()) {
      return UNKNOWN;
    }
    long amount = y.value;
    int width = Math.min(bits, 64);
    if (Long.compareUnsigned(amount, width) >= 0) {
      if (left || !signed) {
        return new KnownBits(-1L, 0);
      }
      long sign = 1L << (width - 1);
      return (x.known & sign) == 0
          ? UNKNOWN
          : new KnownBits(-1L, (x.value & sign) == 0 ? 0 : -1L);
    }
    int n = (int) amount;
    if (left) {
      return new KnownBits((x.known << n) | lowMask(n), x.value << n);
    }
    // The operand is already fitted to the width: zero- or sign-extended to 64 bits.
    return signed
        ? new KnownBits(x.known >> n, x.value >> n)
        : new KnownBits((x.known >>> n) | ~(-1L >>> n), x.value >>> n);
  }

  /** Restricted to {@code bits} as {@link Op#normalize} does (zero- or sign-extension). */
  KnownBits fit(int bits, boolean signed) {
    if (bits >= 64) {
      return this;
    }
    long mask = lowMask(bits);
    long sign = 1L << (bits - 1);
    if (!signed) {
      return new KnownBits(known | ~mask, value & mask);
    }
    if ((known & sign) == 0) {
      return new KnownBits(known & mask, value & mask);
    }
    return new KnownBits(known | ~mask, (value & mask) | ((value & sign) == 0 ? 0 : ~mask));
  }

  private static int trailingKnownZeros(KnownBits k) {
    return Long.numberOfTrailingZeros(~(k.known & ~k.value));
  }

  private static long lowMask(int n) {
    return n >= 64 ? -1L : (1L << n) - 1;
  }
}
