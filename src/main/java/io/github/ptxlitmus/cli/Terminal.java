package io.github.ptxlitmus.cli;

/** Whether standard error is a terminal, so that a progress line may be redrawn in place. */
final class Terminal {
  private Terminal() {}

  /**
   * {@return true when stderr is a terminal}: as {@code bin/ptx-litmus} tells (Java cannot ask:
   * the launcher runs {@code test -t 2} and sets {@code ptxlitmus.stderr.tty}), else when a
   * console is attached
   */
  static boolean stderr() {
    String tty = System.getProperty("ptxlitmus.stderr.tty");
    return tty != null ? Boolean.parseBoolean(tty) : System.console() != null;
  }
}
