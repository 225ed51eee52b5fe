package io.github.ptxlitmus.search;

import java.util.BitSet;
import java.util.function.IntToLongFunction;

/**
 * A symbolic value of a thread path: a constant, the value returned by a read event of the
 * same path (by its index in the path), or an operation over two values. Smart constructors fold
 * constants, the self-cancelling operations ({@code r xor r}, {@code r - r}) and every value
 * whose bits are all known whatever the reads return ({@link KnownBits}: {@code r or -1},
 * {@code r and 0}, {@code r * 0}, {@code shl r, 64}, ...). 8.10.4 lets an implementation drop
 * such dependencies; what remains is the dependency the No-Thin-Air axiom sees.
 */
sealed interface Expr permits Expr.Const, Expr.ReadValue, Expr.Binary {

  /** Reads (path-local indices) whose values this expression depends on. */
  BitSet reads();

  /** Evaluates with the given read values (by path-local index). */
  long eval(IntToLongFunction readValue);

  record Const(long value) implements Expr {
    @Override
    public BitSet reads() {
      return new BitSet();
    }

    @Override
    public long eval(IntToLongFunction readValue) {
      return value;
    }
  }

  /** The value returned by the read at {@code readIndex} of the path, masked to its width. */
  record ReadValue(int readIndex) implements Expr {
    @Override
    public BitSet reads() {
      BitSet b = new BitSet();
      b.set(readIndex);
      return b;
    }

    @Override
    public long eval(IntToLongFunction readValue) {
      return readValue.applyAsLong(readIndex);
    }
  }

  /** {@code op(left, right)} masked to {@code bits} (signed when {@code signed}). */
  record Binary(Op op, Expr left, Expr right, int bits, boolean signed) implements Expr {
    @Override
    public BitSet reads() {
      BitSet b = left.reads();
      b.or(right.reads());
      return b;
    }

    @Override
    public long eval(IntToLongFunction readValue) {
      return op.apply(left.eval(readValue), right.eval(readValue), bits, signed);
    }
  }

  static Expr constant(long v) {
    return new Const(v);
  }

  /** Builds {@code op(a, b)}, folding constants and self-cancelling operations. */
  static Expr binary(Op op, Expr a, Expr b, int bits, boolean signed) {
    if (a instanceof Const ca && b instanceof Const cb) {
      return new Const(op.apply(ca.value(), cb.value(), bits, signed));
    }
    // 8.10.4: a dependency the hardware can prove false is not a dependency.
    if (a.equals(b) && (op == Op.XOR || op == Op.SUB)) {
      return new Const(0);
    }
    if (a.equals(b) && (op == Op.AND || op == Op.OR)) {
      return a;
    }
    if ((op == Op.MUL || op == Op.AND) && (isZero(a) || isZero(b))) {
      return new Const(0);
    }
    Binary e = new Binary(op, a, b, bits, signed);
    KnownBits k = KnownBits.of(e);
    return k.isConstant() ? new Const(k.value()) : e;
  }

  private static boolean isZero(Expr e) {
    return e instanceof Const c && c.value() == 0;
  }
}
