package io.github.ptxlitmus.litmus;

/**
 * A litmus test could not be read: a syntax error or a static mistake (unknown register in the
 * condition, undefined label, illegal qualifier combination, ...). The message is
 * {@code file:line:col: reason}, one line. This is the only exception the parser throws.
 */
public final class LitmusSyntaxException extends PositionedException {
  private static final long serialVersionUID = 1L;

  /**
   * An error at a position.
   *
   * @param position where the problem is
   * @param reason one line, without the position
   */
  public LitmusSyntaxException(SourcePosition position, String reason) {
    super(position, position + ": " + reason, reason);
  }
}
