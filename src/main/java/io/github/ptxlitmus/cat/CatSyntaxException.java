package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.litmus.PositionedException;
import io.github.ptxlitmus.litmus.SourcePosition;

/**
 * A cat model could not be accepted: a bad token, an unterminated comment, a forward
 * reference, a set used where a relation is needed (or the reverse), a construct that is not
 * supported, an include cycle or a missing included file; or the file itself is missing, not
 * UTF-8 text, or has no axiom. The message is {@code file:line:col: reason} (or {@code file:
 * reason} for the whole file), one line; {@code file} is the path as it was given (or as an
 * {@code include} named it).
 */
public final class CatSyntaxException extends PositionedException {
  private static final long serialVersionUID = 1L;

  /**
   * A problem with a whole file (it is missing, unreadable, not text, or has no axiom): the
   * message is {@code file: reason}, and {@link #line()} and {@link #column()} are 0.
   *
   * @param file the file as given to the loader or named by {@code include}
   * @param reason one line
   */
  public CatSyntaxException(String file, String reason) {
    super(SourcePosition.synthetic(file), file + ": " + reason, reason);
  }

  /**
   * @param file the file as given to the loader or named by {@code include}
   * @param line 1-based line
   * @param column 1-based column
   * @param reason one line, without the position
   */
  public CatSyntaxException(String file, int line, int column, String reason) {
    super(new SourcePosition(file, line, column),
        file + ":" + line + ":" + column + ": " + reason, reason);
  }
}
