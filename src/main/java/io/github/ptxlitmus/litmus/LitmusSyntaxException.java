package io.github.ptxlitmus.litmus;

/**
 * A litmus test could not be read: a syntax error or a static mistake (unknown register in the
 * condition, undefined label, illegal qualifier combination, ...). The message is
 * {@code file:line:col: reason}, one line. This is the only exception the parser throws.
 */
public final class LitmusSyntaxException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient SourcePosition position;
  private final String reason;

  public LitmusSyntaxException(SourcePosition position, String reason) {
    super(position + ": " + reason);
    this.position = position;
    this.reason = reason;
  }

  /** Where the problem is. */
  public SourcePosition position() {
    return position;
  }

  public String file() {
    return position.file();
  }

  public int line() {
    return position.line();
  }

  public int column() {
    return position.column();
  }

  /** The one-line reason, without the position. */
  public String reason() {
    return reason;
  }
}
