package io.github.ptxlitmus.litmus;

/**
 * The address of a memory instruction: a location name ({@code x}, {@code [x]},
 * {@code [x+4]}) or a register holding an address ({@code [r1]}, set in the init block by
 * {@code P0:r1=&x}), plus a byte offset.
 *
 * @param base whether {@code name} is a location or a register
 * @param name the location name as declared, or the register name without the PTX {@code %}
 * @param offset bytes added to the location's (or the register value's) address; never
 *     negative when parsed ({@code [x-4]} is a syntax error)
 */
public record Address(Base base, String name, long offset) {
  /** What the name refers to. */
  public enum Base {
    /** {@code name} is a location of the init block (or one used without a declaration). */
    LOCATION,
    /** {@code name} is a register whose value is the address ({@code [r1]}). */
    REGISTER
  }

  /**
   * A location at its own address ({@code x}, {@code [x]}).
   *
   * @param name the location name
   * @return the address of {@code name}, offset 0
   */
  public static Address location(String name) {
    return new Address(Base.LOCATION, name, 0);
  }

  /**
   * A location plus a byte offset ({@code [x+4]}).
   *
   * @param name the location name
   * @param offset in bytes from the start of {@code name}
   * @return the address {@code offset} bytes into (or past) {@code name}
   */
  public static Address location(String name, long offset) {
    return new Address(Base.LOCATION, name, offset);
  }

  /**
   * An address held in a register plus a byte offset ({@code [r1]}, {@code [%rd1+8]}).
   *
   * @param name the register, without the PTX {@code %}
   * @param offset in bytes, added to the register's value
   * @return the register-based address
   */
  public static Address register(String name, long offset) {
    return new Address(Base.REGISTER, name, offset);
  }

  /** {@return true when the address is read from a register ({@link Base#REGISTER})} */
  public boolean isRegister() {
    return base == Base.REGISTER;
  }

  /** {@return the PTX form: {@code [x]}, {@code [x+4]}, {@code [r1]}} */
  @Override
  public String toString() {
    String core = offset == 0 ? name : name + (offset > 0 ? "+" : "") + offset;
    return "[" + core + "]";
  }
}
