package io.github.ptxlitmus.search;

import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.Operand;
import java.util.function.Function;

/** Barrier operands in registers, checked while a path is unfolded (docs/litmus-format.md). */
final class BarrierOperands {
  private BarrierOperands() {}

  /**
   * PTX ISA barrier: the rules the parser applies to immediates (ids 0..15; a PTX thread count a
   * positive multiple of the warp size, Dat3M's quorum at least one), applied to a register
   * operand whose value is known on this path ({@code value}: a register's value there, null when the path has not assigned it). A
   * value loaded from memory is not checked.
   *
   * @throws LitmusSyntaxException at the instruction, naming the register and its value
   */
  static void requireValid(Instruction.Barrier b, Function<Operand, Expr> value) {
    if (b.id() instanceof Operand.Reg r && value.apply(r) instanceof Expr.Const c
        && (c.value() < 0 || c.value() > 15)) {
      throw new LitmusSyntaxException(b.position(), "barrier id must be 0..15, but "
          + r.name() + " holds " + c.value() + " here");
    }
    if (b.expected().orElse(null) instanceof Operand.Reg r
        && value.apply(r) instanceof Expr.Const c) {
      if (b.countsWarps() && (c.value() <= 0 || c.value() % 32 != 0)) {
        throw new LitmusSyntaxException(b.position(), "barrier thread count must be a positive"
            + " multiple of the warp size (32), but " + r.name() + " holds " + c.value()
            + " here");
      }
      if (!b.countsWarps() && c.value() <= 0) {
        throw new LitmusSyntaxException(b.position(), "barrier quorum must be at least 1, but "
            + r.name() + " holds " + c.value() + " here");
      }
    }
  }

}
