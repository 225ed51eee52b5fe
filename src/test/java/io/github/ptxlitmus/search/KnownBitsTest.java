package io.github.ptxlitmus.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The known-bits folding of {@link Expr} (8.10.4: a value that is the same for every value of
 * the read carries no dependency): which expressions over a read become constants, and which
 * keep the read.
 */
class KnownBitsTest {
  private static final Expr R = new Expr.ReadValue(0);

  private static Expr op(Op op, Expr a, long b, int bits, boolean signed) {
    return Expr.binary(op, a, Expr.constant(b), bits, signed);
  }

  @Test
  void valuesThatIgnoreTheReadAreConstants() {
    assertThat(op(Op.OR, R, -1, 64, false)).isEqualTo(Expr.constant(-1));
    assertThat(op(Op.OR, R, 0xFFFFFFFFL, 32, false)).isEqualTo(Expr.constant(0xFFFFFFFFL));
    assertThat(op(Op.AND, R, 0, 64, false)).isEqualTo(Expr.constant(0));
    assertThat(op(Op.MUL, R, 0, 32, false)).isEqualTo(Expr.constant(0));
    assertThat(op(Op.SHL, R, 32, 32, false)).isEqualTo(Expr.constant(0));
    assertThat(op(Op.SHL, R, 64, 64, false)).isEqualTo(Expr.constant(0));
    assertThat(op(Op.SHR, R, 40, 32, false)).isEqualTo(Expr.constant(0));
    assertThat(Expr.binary(Op.XOR, R, R, 64, false)).isEqualTo(Expr.constant(0));
    assertThat(Expr.binary(Op.SUB, R, R, 64, false)).isEqualTo(Expr.constant(0));
  }

  @Test
  void knownBitsComposeThroughLaterOperations() {
    // (r shl 32) + 1 at 32 bits is 1; (r and 0xF0) and 0x0F is 0; (r shl 8) and 0xFF is 0.
    Expr shifted = op(Op.SHL, R, 32, 32, false);
    assertThat(op(Op.ADD, shifted, 1, 32, false)).isEqualTo(Expr.constant(1));
    assertThat(op(Op.AND, op(Op.AND, R, 0xF0, 64, false), 0x0F, 64, false))
        .isEqualTo(Expr.constant(0));
    assertThat(op(Op.AND, op(Op.SHL, R, 8, 64, false), 0xFF, 64, false))
        .isEqualTo(Expr.constant(0));
    assertThat(op(Op.AND, op(Op.MUL, R, 4, 64, false), 3, 64, false))
        .isEqualTo(Expr.constant(0));
    assertThat(op(Op.AND, op(Op.OR, R, 1, 64, false), 1, 64, false))
        .isEqualTo(Expr.constant(1));
  }

  @Test
  void valuesThatDependOnTheReadKeepIt() {
    assertThat(op(Op.AND, R, 1, 64, false).reads().get(0)).isTrue();
    assertThat(op(Op.ADD, R, 1, 64, false).reads().get(0)).isTrue();
    assertThat(op(Op.SHL, R, 31, 32, false).reads().get(0)).isTrue();
    assertThat(op(Op.OR, R, 0xFFFFFFFEL, 32, false).reads().get(0)).isTrue();
    // A signed shift right by the width keeps the (unknown) sign.
    assertThat(op(Op.SHR, R, 32, 32, true).reads().get(0)).isTrue();
  }

  @Test
  void foldedValuesEqualTheOperationForEveryInput() {
    long[] inputs = {0, 1, -1, 0x7FFFFFFF, 0x80000000L, 0x123456789ABCDEFL, Long.MIN_VALUE};
    Expr[] exprs = {
      op(Op.SHL, op(Op.SHL, R, 32, 32, false), 1, 32, false),
      op(Op.OR, R, 0xFFFF, 16, false),
      op(Op.AND, op(Op.SHR, R, 60, 64, false), 0xF0, 64, false),
      op(Op.SHR, op(Op.OR, R, Long.MIN_VALUE, 64, true), 64, 64, true),
    };
    for (Expr e : exprs) {
      assertThat(e).isInstanceOf(Expr.Const.class);
    }
    Expr.Binary raw = new Expr.Binary(Op.OR, R, Expr.constant(0xFFFF), 16, false);
    for (long in : inputs) {
      assertThat(raw.eval(i -> in)).isEqualTo(exprs[1].eval(i -> in));
    }
  }
}
