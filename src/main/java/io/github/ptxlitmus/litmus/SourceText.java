package io.github.ptxlitmus.litmus;

import java.util.Arrays;

/**
 * The text of one litmus source with a line table, so that any character offset can be turned
 * into a 1-based line/column {@link SourcePosition} in O(log lines) (the column in O(column)).
 */
final class SourceText {
  private final String file;
  private final String text;
  private final int[] lineStarts;

  SourceText(String file, String text) {
    this.file = file;
    this.text = text;
    int[] starts = new int[16];
    int count = 0;
    starts[count++] = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      // \n, \r\n and a lone \r (old Mac files) each end a line.
      if (c == '\n' || (c == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n'))) {
        if (count == starts.length) {
          starts = Arrays.copyOf(starts, count * 2);
        }
        starts[count++] = i + 1;
      }
    }
    this.lineStarts = Arrays.copyOf(starts, count);
  }

  String file() {
    return file;
  }

  String text() {
    return text;
  }

  int length() {
    return text.length();
  }

  char charAt(int offset) {
    return text.charAt(offset);
  }

  /** The 1-based position of a character offset (offsets past the end map to the end). */
  SourcePosition position(int offset) {
    int clamped = Math.max(0, Math.min(offset, text.length()));
    int index = Arrays.binarySearch(lineStarts, clamped);
    int line = index >= 0 ? index : -index - 2;
    // Columns count characters as people see them: a character outside the BMP (an emoji) is
    // one column, not two UTF-16 units.
    int column = text.codePointCount(lineStarts[line], clamped) + 1;
    return new SourcePosition(file, line + 1, column);
  }

  LitmusSyntaxException error(int offset, String reason) {
    return new LitmusSyntaxException(position(offset), reason);
  }
}
