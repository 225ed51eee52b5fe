package io.github.ptxlitmus.litmus;

/**
 * A PTX data type: a kind ({@code b}, {@code u}, {@code s}, {@code f}, or {@code untyped}
 * for the Dat3M short forms that carry no type) and a width in bits. Packed types such as
 * {@code .f16x2} are recorded by their total width with kind {@code b}.
 */
public record DataType(Kind kind, int bits) {
  /** Type kinds. */
  public enum Kind {
    /** Dat3M short forms that carry no type. */
    UNTYPED,
    /** Untyped bits, {@code .b<n>}. */
    B,
    /** Unsigned integer, {@code .u<n>}. */
    U,
    /** Signed integer, {@code .s<n>}. */
    S,
    /** Floating point, {@code .f<n>}. */
    F,
    /** Predicate, {@code .pred}. */
    PRED,
    /**
     * A packed type ({@code .f16x2}, {@code .bf16x2}, ...): two values of half the width
     * (8.2.5); only the sizes matter to the model.
     */
    PACKED
  }

  /** The type of a Dat3M short-form access or an untyped declaration. */
  public static final DataType UNTYPED = new DataType(Kind.UNTYPED, 64);

  /**
   * Widest type: scalar and vector types are at most 128 bits; wider {@code b} types only
   * describe array declarations ({@code .global .u32 d[4]} is one {@code .b128} location).
   */
  public static final int MAX_BITS = 8 * 4096;

  /**
   * Validates the width.
   *
   * @param kind the kind
   * @param bits the width in bits, {@code 1..MAX_BITS}
   * @throws IllegalArgumentException if {@code bits} is out of range
   */
  public DataType {
    if (bits <= 0 || bits > MAX_BITS) {
      throw new IllegalArgumentException("bad width " + bits);
    }
  }

  /**
   * A type.
   *
   * @param kind the kind
   * @param bits the width in bits, {@code 1..MAX_BITS}
   * @return the type
   * @throws IllegalArgumentException if {@code bits} is out of range
   */
  public static DataType of(Kind kind, int bits) {
    return new DataType(kind, bits);
  }

  /** {@return the width in bytes (rounded up)} */
  public int bytes() {
    return (bits + 7) / 8;
  }

  /** {@return true for {@link Kind#UNTYPED}} */
  public boolean isUntyped() {
    return kind == Kind.UNTYPED;
  }

  /** {@return number of scalar elements: 2 for packed types (8.2.5), else 1} */
  public int lanes() {
    return kind == Kind.PACKED ? 2 : 1;
  }

  /** {@return true for {@link Kind#S}} */
  public boolean isSigned() {
    return kind == Kind.S;
  }

  /** {@return the PTX spelling with the dot, e.g. {@code ".u32"}; empty for untyped} */
  public String ptxName() {
    return switch (kind) {
      case UNTYPED -> "";
      case B -> ".b" + bits;
      case U -> ".u" + bits;
      case S -> ".s" + bits;
      case F -> ".f" + bits;
      case PRED -> ".pred";
      case PACKED -> ".f" + bits / 2 + "x2";
    };
  }
}
