package io.github.ptxlitmus.litmus;

/**
 * An error about a place in a source file (a litmus test, a cat model): the position and a
 * one-line reason, with a message that starts with the position ({@code file:line:col: ...},
 * or {@code file: ...} for a position at line 0). The subclasses say which input was refused
 * and how the message reads.
 */
public abstract class PositionedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Where the problem is (not serialized). */
  private final transient SourcePosition position;

  /** One line, without the position. */
  private final String reason;

  /**
   * An error at a position.
   *
   * @param position where the problem is
   * @param message the whole message, starting with the position
   * @param reason one line, without the position
   */
  protected PositionedException(SourcePosition position, String message, String reason) {
    super(message);
    this.position = position;
    this.reason = reason;
  }

  /** {@return where the problem is} */
  public SourcePosition position() {
    return position;
  }

  /** {@return the file name, as given to the parser or loader} */
  public String file() {
    return position.file();
  }

  /** {@return the 1-based line (0 for a test built in code or a whole file)} */
  public int line() {
    return position.line();
  }

  /** {@return the 1-based column (0 for a test built in code or a whole file)} */
  public int column() {
    return position.column();
  }

  /** {@return the one-line reason, without the position} */
  public String reason() {
    return reason;
  }
}
