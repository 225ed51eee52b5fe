package io.github.ptxlitmus.cat;

/**
 * A cat model could not be accepted: a bad token, an unterminated comment, an unknown name, a
 * set used where a relation is needed (or the reverse), an include cycle or a missing included
 * file. The message is {@code file:line:col: reason}, one line; {@code file} is the path as it
 * was given (or as an {@code include} named it).
 */
public final class CatSyntaxException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String file;
  private final int line;
  private final int column;
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

  /** The file where the problem is. */
  public String file() {
    return file;
  }

  /** 1-based line. */
  public int line() {
    return line;
  }

  /** 1-based column. */
  public int column() {
    return column;
  }

  /** The reason, without the position. */
  public String reason() {
    return reason;
  }
}
