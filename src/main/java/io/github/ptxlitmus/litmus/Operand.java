package io.github.ptxlitmus.litmus;

/** An instruction operand: an immediate value or a register. */
public sealed interface Operand permits Operand.Imm, Operand.Reg {
  /** An immediate constant (a 64-bit two's-complement bit pattern). */
  record Imm(long value) implements Operand {
    @Override
    public String toString() {
      return Long.toString(value);
    }
  }

  /** A register, named without the PTX {@code %} prefix ({@code %r0} and {@code r0} are one). */
  record Reg(String name) implements Operand {
    @Override
    public String toString() {
      return name;
    }
  }

  static Operand imm(long value) {
    return new Imm(value);
  }

  static Operand reg(String name) {
    return new Reg(name);
  }
}
