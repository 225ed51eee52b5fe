package io.github.ptxlitmus.litmus;

/**
 * A place in a litmus source: file name (as given to the parser), 1-based line and 1-based
 * column. Printed as {@code file:line:col}; a {@link #synthetic} position (no source text) as
 * the name alone.
 */
public record SourcePosition(String file, int line, int column) {
  /**
   * Position used for AST nodes built without source text (builders, generators).
   *
   * @param file the name positions report
   * @return line 0, column 0 in {@code file}
   */
  public static SourcePosition synthetic(String file) {
    return new SourcePosition(file, 0, 0);
  }

  /** {@return {@code file:line:col}, or {@code file} for a synthetic position (line 0)} */
  @Override
  public String toString() {
    return line == 0 ? file : file + ":" + line + ":" + column;
  }
}
