package io.github.ptxlitmus.cat;

/**
 * A cat model could not be accepted: a bad token, an unterminated comment, a forward
 * reference, a set used where a relation is needed (or the reverse), a construct that is not
 * supported, an include cycle or a missing included file; or the file itself is missing, not
 * UTF-8 text, or has no axiom. The message is {@code file:line:col: reason} (or {@code file:
 * reason} for the whole file), one line; {@code file} is the path as it was given (or as an
 * {@code include} named it).
 */
public final class CatSyntaxException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The file as given to the loader or named by {@code include}. */
  private final String file;

  /** 1-based line. */
  private final int line;

  /** 1-based column. */
  private final int column;

  /** One line, without the position. */
  private final String reason;

  /**
   * A problem with a whole file (it is missing, unreadable, not text, or has no axiom): the
   * message is {@code file: reason}, and {@link #line()} and {@link #column()} are 0.
   *
   * @param file the file as given to the loader or named by {@code include}
   * @param reason one line
   */
  public CatSyntaxException(String file, String reason) {
    super(file + ": " + reason);
    this.file = file;
    this.line = 0;
    this.column = 0;
    this.reason = reason;
  }

  /**
   * @param file the file as given to the loader or named by {@code include}
   * @param line 1-based line
   * @param column 1-based column
   * @param reason one line, without the position
   */
  public CatSyntaxException(String file, int line, int column, String reason) {
    super(file + ":" + line + ":" + column + ": " + reason);
    this.file = file;
    this.line = line;
    this.column = column;
    this.reason = reason;
  }

  /** {@return the file where the problem is} */
  public String file() {
    return file;
  }

  /** {@return the 1-based line of the problem; 0 when it is about the whole file} */
  public int line() {
    return line;
  }

  /** {@return the 1-based column of the problem; 0 when it is about the whole file} */
  public int column() {
    return column;
  }

  /** {@return the reason, without the position} */
  public String reason() {
    return reason;
  }
}
