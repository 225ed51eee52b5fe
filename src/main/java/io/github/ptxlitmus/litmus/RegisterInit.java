package io.github.ptxlitmus.litmus;

/**
 * A register's initial value: {@code P0:r1=5} ({@code value} 5, {@code addressOf} empty) or
 * {@code P0:r1=&x} / {@code P0:r1=x} for a declared location x (the register holds the address
 * of x: {@code addressOf} is "x", {@code value} unused). Registers not initialised hold 0.
 */
public record RegisterInit(
    int thread, String register, long value, String addressOf, SourcePosition position) {

  /**
   * A register initialised to a value.
   *
   * @param thread the thread number
   * @param register the register's name, without {@code %}
   * @param value the initial value
   * @param pos where the initialisation is written
   * @return the initialisation
   */
  public static RegisterInit value(int thread, String register, long value, SourcePosition pos) {
    return new RegisterInit(thread, register, value, "", pos);
  }

  /**
   * A register initialised to the address of a location.
   *
   * @param thread the thread number
   * @param register the register's name, without {@code %}
   * @param location the declared location's name
   * @param pos where the initialisation is written
   * @return the initialisation
   */
  public static RegisterInit address(
      int thread, String register, String location, SourcePosition pos) {
    return new RegisterInit(thread, register, 0, location, pos);
  }

  /** {@return true when the register holds the address of {@link #addressOf()}} */
  public boolean isAddress() {
    return !addressOf.isEmpty();
  }
}
