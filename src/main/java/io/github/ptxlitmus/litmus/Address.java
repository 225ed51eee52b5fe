package io.github.ptxlitmus.litmus;

/**
 * The address of a memory instruction: a location name ({@code x}, {@code [x]},
 * {@code [x+4]}) or a register holding an address ({@code [r1]}, set in the init block by
 * {@code P0:r1=&x}), plus a byte offset.
 */
public record Address(Base base, String name, long offset) {
  /** What the name refers to. */
  public enum Base {
    LOCATION,
    REGISTER
  }

  public static Address location(String name) {
    return new Address(Base.LOCATION, name, 0);
  }

  public static Address location(String name, long offset) {
    return new Address(Base.LOCATION, name, offset);
  }

  public static Address register(String name, long offset) {
    return new Address(Base.REGISTER, name, offset);
  }

  public boolean isRegister() {
    return base == Base.REGISTER;
  }

  @Override
  public String toString() {
    String core = offset == 0 ? name : name + (offset > 0 ? "+" : "") + offset;
    return "[" + core + "]";
  }
}
