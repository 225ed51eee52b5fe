package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.Instruction.LocalOp;
import io.github.ptxlitmus.litmus.Operand;

/**
 * Register operations as PTX, computing what the checker computes: the operation at the
 * type's width (64 bits for Dat3M's untyped forms, unsigned), the result truncated and
 * extended into the 64-bit register (sign-extended for {@code .s} types); {@code setp} gives
 * 1 or 0; shift amounts of the width or more are clamped, as PTX does.
 */
final class Locals {
  private Locals() {}

  static void emit(ThreadCode code, Instruction.Local l) {
    if (l.op() == LocalOp.MBARRIER_PENDING_COUNT) {
      String t = code.temp("b32");
      code.emit("mbarrier.pending_count.b64 " + t + ", " + code.value64(l.sources().get(0)) + ";");
      code.extend(l.destination(), t, "u32");
      return;
    }
    String written = l.type().isUntyped() ? null : Spelling.type(l).orElse(null);
    int w = l.type().isUntyped() ? 64 : l.type().bits();
    if (l.op() != LocalOp.MOV && w < 16) {
      throw ThreadCode.refuse(l, "PTX has no 8-bit " + l.op().ptxName()
          + " (register arithmetic takes 16, 32 or 64 bits)");
    }
    boolean signed = l.type().isSigned();
    String integer = (signed ? "s" : "u") + w;
    String bits = "b" + w;
    if (l.op() == LocalOp.MOV) {
      mov(code, l, written == null ? "b64" : bits, w);
      return;
    }
    String a = code.value(l.sources().get(0), integer);
    if (l.op().name().startsWith("SETP")) {
      String b = code.value(l.sources().get(1), integer);
      String p = code.temp("pred");
      String cmp = l.op().ptxName().substring(5);
      code.emit("setp." + cmp + "." + integer + " " + p + ", " + register(code, a, integer)
          + ", " + b + ";");
      code.emit("selp.u64 " + code.reg(l.destination()) + ", 1, 0, " + p + ";");
      return;
    }
    String b = l.op() == LocalOp.SHL || l.op() == LocalOp.SHR
        ? shift(code, l.sources().get(1), w) : code.value(l.sources().get(1), integer);
    String mnemonic = switch (l.op()) {
      case ADD -> "add." + integer;
      case SUB -> "sub." + integer;
      case MUL -> "mul.lo." + integer;
      case DIV -> "div." + integer;
      case REM -> "rem." + integer;
      case AND -> "and." + bits;
      case OR -> "or." + bits;
      case XOR -> "xor." + bits;
      case SHL -> "shl." + bits;
      case SHR -> "shr." + integer;
      default -> throw new IllegalStateException(l.op().name());
    };
    String first = register(code, a, integer);
    if (w == 64) {
      code.emit(mnemonic + " " + code.reg(l.destination()) + ", " + first + ", " + b + ";");
    } else {
      String t = code.temp(ThreadCode.registerClass(integer));
      code.emit(mnemonic + " " + t + ", " + first + ", " + b + ";");
      code.extend(l.destination(), t, integer);
    }
  }

  /** {@code mov}: the source at the type's width, extended into the destination. */
  private static void mov(ThreadCode code, Instruction.Local l, String type, int w) {
    Operand src = l.sources().get(0);
    String dest = code.reg(l.destination());
    if (w == 64) {
      code.emit("mov.b64 " + dest + ", " + code.value64(src) + ";");
      return;
    }
    if (src instanceof Operand.Imm imm) {
      code.emit("mov.b64 " + dest + ", "
          + ThreadCode.literal(imm.value(), w, l.type().isSigned()) + ";");
      return;
    }
    String integer = (l.type().isSigned() ? "s" : "u") + w;
    code.extend(l.destination(), code.value(src, integer), integer);
  }

  /** The first operand of an instruction must be a register when the second is a literal. */
  private static String register(ThreadCode code, String value, String type) {
    if (value.startsWith("%")) {
      return value;
    }
    String t = code.temp(ThreadCode.registerClass(type));
    code.emit("mov." + ThreadCode.registerClass(type) + " " + t + ", " + value + ";");
    return t;
  }

  /** A shift amount as PTX's {@code .u32} operand, clamped to the width. */
  private static String shift(ThreadCode code, Operand amount, int w) {
    if (amount instanceof Operand.Imm imm) {
      return Long.toString(Long.compareUnsigned(imm.value(), w) >= 0 ? w : imm.value());
    }
    String clamped = code.temp("b64");
    code.emit("min.u64 " + clamped + ", " + code.value64(amount) + ", " + w + ";");
    String t = code.temp("b32");
    code.emit("cvt.u32.u64 " + t + ", " + clamped + ";");
    return t;
  }
}
