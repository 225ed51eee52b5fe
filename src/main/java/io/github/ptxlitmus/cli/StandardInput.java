package io.github.ptxlitmus.cli;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * What the argument {@code -} of {@code check} reads: one test's text (as before: {@code cat
 * MP.litmus | ptx-litmus check -}) or test paths, one a line ({@code find ... | ptx-litmus
 * check -}, a script driving the checker). Told apart by the first line that is not blank: a
 * test begins with its header {@code PTX NAME} (or {@code ptx}), or with a {@code (* comment
 * *)}; anything else is a path. Only that line is read before deciding, so a caller that writes
 * one path and waits for its answer is not kept waiting.
 */
sealed interface StandardInput {
  /** Test paths, one a line, from the first one on. */
  record Paths(BufferedReader lines) implements StandardInput {}

  /** One test's text: every byte of the input. */
  record Text(byte[] bytes) implements StandardInput {}

  /**
   * Reads up to the end of the first line that is not blank, and decides.
   *
   * @param in the standard input
   * @return the paths (reading on from the first), one test's text (read to the end), or empty
   *     when the input holds nothing but blanks
   * @throws IOException when reading fails
   */
  static Optional<StandardInput> read(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    StringBuilder line = new StringBuilder();
    int b;
    while ((b = in.read()) != -1) {
      head.write(b);
      if (head.size() > io.github.ptxlitmus.litmus.TextFiles.MAX_BYTES) {
        // a first line without end (e.g. /dev/zero): no test or path is that long
        throw new IOException("larger than 16 MB, the most an input may have");
      }
      if (b == '\n' || b == '\r') {
        if (!line.toString().isBlank()) {
          break;
        }
        line.setLength(0);
      } else {
        line.append((char) b); // the decision looks at ASCII only
      }
    }
    String first = line.toString().replace("\u00ef\u00bb\u00bf", "").strip(); // a UTF-8 BOM
    if (first.isEmpty()) {
      return Optional.empty();
    }
    if (isTestText(first)) {
      return Optional.of(new Text(io.github.ptxlitmus.litmus.TextFiles.readBytes(
          new SequenceInputStream(new ByteArrayInputStream(head.toByteArray()), in),
          "standard input")));
    }
    InputStream rest = new SequenceInputStream(new ByteArrayInputStream(head.toByteArray()), in);
    return Optional.of(
        new Paths(new BufferedReader(new InputStreamReader(rest, StandardCharsets.UTF_8))));
  }

  /** Whether a test's text can begin with this line: its header, or a comment. */
  static boolean isTestText(String firstLine) {
    String s = firstLine.strip();
    if (s.startsWith("(*")) {
      return true;
    }
    if (s.length() < 3 || !(s.startsWith("PTX") || s.startsWith("ptx"))) {
      return false;
    }
    return s.length() == 3 || Character.isWhitespace(s.charAt(3)) || s.startsWith("(*", 3);
  }
}
