package io.github.ptxlitmus.search;

/**
 * Arithmetic of register operations and atomic read-modify-writes, on {@code bits}-wide two's
 * complement values held in a {@code long} (results are masked, sign-extended when signed).
 * Atomic ops follow the PTX ISA: {@code inc} = old >= b ? 0 : old+1, {@code dec} = (old == 0
 * || old > b) ? b : old-1 (unsigned comparisons), {@code min}/{@code max} signed for .s types.
 */
enum Op {
  ADD,
  SUB,
  MUL,
  DIV,
  REM,
  AND,
  OR,
  XOR,
  /** Second operand replaces the first: exch, mov. */
  SECOND,
  MIN,
  MAX,
  INC,
  DEC,
  /** {@code shl}: shift amounts of the width or more give 0 (PTX clamps them to the width). */
  SHL,
  /** {@code shr}: arithmetic for signed types; amounts of the width or more are clamped. */
  SHR,
  /** Comparisons of {@code setp}: 1 or 0, signed when {@code signed}. */
  EQ,
  NE,
  LT,
  LE,
  GT,
  GE,
  /**
   * An mbarrier update (model.md "Asynchronous operations"): {@code old} is the object, {@code y}
   * the update (see
   * {@link MbarrierValue#update}).
   */
  MBARRIER,
  /** 1 when the phase of the state {@code y} has completed in mbarrier value {@code x}. */
  MBAR_PHASE_DONE,
  /** 1 when the phase of parity {@code y} has completed in mbarrier value {@code x}. */
  MBAR_PARITY_DONE,
  /** The pending arrival count of the mbarrier state {@code x} (mbarrier.pending_count). */
  MBAR_PENDING;

  /** The operation of an atomic ({@code atom}, {@code red}, their async forms). */
  static Op of(io.github.ptxlitmus.litmus.Instruction.AtomicOp op) {
    return switch (op) {
      case ADD -> ADD;
      case SUB -> SUB;
      case EXCH, CAS -> SECOND;
      case MIN -> MIN;
      case MAX -> MAX;
      case AND -> AND;
      case OR -> OR;
      case XOR -> XOR;
      case INC -> INC;
      case DEC -> DEC;
      case MUL -> MUL;
      case DIV -> DIV;
    };
  }

  long apply(long x, long y, int bits, boolean signed) {
    long a = normalize(x, bits, signed);
    long b = normalize(y, bits, signed);
    long r =
        switch (this) {
          case ADD -> a + b;
          case SUB -> a - b;
          case MUL -> a * b;
          case DIV -> b == 0 ? -1L : (signed ? a / b : Long.divideUnsigned(a, b));
          case REM -> b == 0 ? a : (signed ? a % b : Long.remainderUnsigned(a, b));
          case AND -> a & b;
          case OR -> a | b;
          case XOR -> a ^ b;
          case SECOND -> b;
          case MIN -> signed ? Math.min(a, b) : (Long.compareUnsigned(a, b) <= 0 ? a : b);
          case MAX -> signed ? Math.max(a, b) : (Long.compareUnsigned(a, b) >= 0 ? a : b);
          case INC -> Long.compareUnsigned(a, b) >= 0 ? 0 : a + 1;
          case DEC -> (a == 0 || Long.compareUnsigned(a, b) > 0) ? b : a - 1;
          case SHL -> Long.compareUnsigned(y, bits) >= 0 ? 0 : a << y;
          case SHR -> Long.compareUnsigned(y, bits) >= 0
              ? (signed && a < 0 ? -1 : 0)
              : (signed ? a >> y : a >>> y);
          case EQ -> a == b ? 1 : 0;
          case NE -> a != b ? 1 : 0;
          case LT -> compare(a, b, signed) < 0 ? 1 : 0;
          case LE -> compare(a, b, signed) <= 0 ? 1 : 0;
          case GT -> compare(a, b, signed) > 0 ? 1 : 0;
          case GE -> compare(a, b, signed) >= 0 ? 1 : 0;
          case MBARRIER -> MbarrierValue.update(a, b);
          case MBAR_PHASE_DONE -> MbarrierValue.phaseDone(a, b) ? 1 : 0;
          case MBAR_PARITY_DONE -> MbarrierValue.parityDone(a, b) ? 1 : 0;
          case MBAR_PENDING -> MbarrierValue.pending(a);
        };
    return normalize(r, bits, signed);
  }

  private static int compare(long a, long b, boolean signed) {
    return signed ? Long.compare(a, b) : Long.compareUnsigned(a, b);
  }

  /** Masks to {@code bits}; sign-extends when signed. 64-bit values are unchanged. */
  static long normalize(long v, int bits, boolean signed) {
    if (bits >= 64) {
      return v;
    }
    long mask = (1L << bits) - 1;
    long m = v & mask;
    if (signed && (m & (1L << (bits - 1))) != 0) {
      m |= ~mask;
    }
    return m;
  }
}
