package io.github.ptxlitmus.litmus;

/**
 * A litmus test could not be read: a syntax error or a static mistake (unknown register in the
 * condition, undefined label, illegal qualifier combination, ...). The message is
 * {@code file:line:col: reason}, one line. This is the only exception the parser throws.
 */
public final class LitmusSyntaxException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Where the problem is (not serialized). */
  private final transient SourcePosition position;

  /** One line, without the position. */
  private final String reason;

  /**
   * An error at a position.
   *
   * @param position where the problem is
   * @param reason one line, without the position
   */
  public LitmusSyntaxException(SourcePosition position, String reason) {
    super(position + ": " + reason);
    this.position = position;
    this.reason = reason;
  }

  /** {@return where the problem is} */
  public SourcePosition position() {
    return position;
  }

  /** {@return the file name, as given to the parser} */
  public String file() {
    return position.file();
  }

  /** {@return the 1-based line (0 for a test built in code)} */
  public int line() {
    return position.line();
  }

  /** {@return the 1-based column (0 for a test built in code)} */
  public int column() {
    return position.column();
  }

  /** {@return the one-line reason, without the position} */
  public String reason() {
    return reason;
  }
}
