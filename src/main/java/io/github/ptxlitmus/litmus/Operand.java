package io.github.ptxlitmus.litmus;

/**
 * An instruction operand: an immediate value, a register, or the address of a location
 * ({@code &x}; its value is the location's address, known only when the test is checked).
 */
public sealed interface Operand permits Operand.Imm, Operand.Reg, Operand.Addr {
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

  /** The address of location {@code location} ({@code &x}). */
  record Addr(String location) implements Operand {
    @Override
    public String toString() {
      return "&" + location;
    }
  }

  /**
   * An immediate operand.
   *
   * @param value the constant, a 64-bit two's-complement bit pattern
   * @return {@code new Imm(value)}
   */
  static Operand imm(long value) {
    return new Imm(value);
  }

  /**
   * A register operand.
   *
   * @param name the register, without the PTX {@code %}
   * @return {@code new Reg(name)}
   */
  static Operand reg(String name) {
    return new Reg(name);
  }

  /**
   * The address of a location ({@code &x}).
   *
   * @param location the location name
   * @return {@code new Addr(location)}
   */
  static Operand addressOf(String location) {
    return new Addr(location);
  }
}
