package io.github.ptxlitmus.cat;

/**
 * A cat model could not be accepted: a bad token, an unterminated comment, an unknown name, a
 * set used where a relation is needed (or the reverse), an include cycle or a missing included
 * file. The message is {@code file:line:col: reason}, one line; {@code file} is the path as it
 * was given (or as an {@code include} named it).
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

  /** {@return the 1-based line of the problem} */
  public int line() {
    return line;
  }

  /** {@return the 1-based column of the problem} */
  public int column() {
    return column;
  }

  /** {@return the reason, without the position} */
  public String reason() {
    return reason;
  }
}
