package io.github.ptxlitmus.litmus;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * Reads the text inputs of the tools (litmus files, oracle comments, expected-outcome CSVs,
 * standard input) with a bound on their size, so that a huge or endless input ({@code
 * /dev/zero}, a file of gigabytes) ends with a one-line error instead of exhausting memory.
 * Stateless.
 */
public final class TextFiles {
  private TextFiles() {}

  /** The most bytes one input may have: 16 MiB (a litmus test of 400,000 instructions). */
  public static final long MAX_BYTES = 16L << 20;

  /**
   * The bytes of a file, at most {@link #MAX_BYTES}.
   *
   * @param file the file
   * @return its bytes
   * @throws IOException when it cannot be read, or is larger than {@link #MAX_BYTES} (a {@link
   *     FileSystemException} whose reason says so: {@code larger than 16 MB, the most an input
   *     may have})
   */
  public static byte[] readBytes(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return readBytes(in, file.toString());
    }
  }

  /**
   * The bytes of a stream, at most {@link #MAX_BYTES}; reads no more than one byte past it.
   *
   * @param in the stream (not closed)
   * @param name what the error calls it, e.g. {@code standard input}
   * @return the bytes
   * @throws IOException when it cannot be read or holds more than {@link #MAX_BYTES}
   */
  public static byte[] readBytes(InputStream in, String name) throws IOException {
    byte[] buffer = new byte[8192];
    int size = 0;
    while (true) {
      if (size == buffer.length) {
        if (size > MAX_BYTES) {
          throw tooLarge(name);
        }
        buffer = Arrays.copyOf(buffer, (int) Math.min(MAX_BYTES + 1, 2L * size));
      }
      int n = in.read(buffer, size, buffer.length - size);
      if (n < 0) {
        break;
      }
      size += n;
      if (size > MAX_BYTES) {
        throw tooLarge(name);
      }
    }
    return Arrays.copyOf(buffer, size);
  }

  /**
   * A file's text, UTF-8, at most {@link #MAX_BYTES}.
   *
   * @param file the file
   * @param strict whether bytes that are not UTF-8 are an error ({@link
   *     CharacterCodingException}); otherwise they are read as replacement characters
   * @return the text
   * @throws IOException as {@link #readBytes(Path)}, or the bytes are not UTF-8 ({@code strict})
   */
  public static String readString(Path file, boolean strict) throws IOException {
    byte[] bytes = readBytes(file);
    if (!strict) {
      return new String(bytes, StandardCharsets.UTF_8);
    }
    return StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)
        .decode(ByteBuffer.wrap(bytes))
        .toString();
  }

  /**
   * A file's text, which must be UTF-8, at most {@link #MAX_BYTES}.
   *
   * @param file the file
   * @param kind what the message calls such files, e.g. {@code litmus}
   * @return the text
   * @throws IOException as {@link #readBytes(Path)}
   * @throws LitmusSyntaxException at the line and column of the first byte that is not UTF-8:
   *     {@code not UTF-8: byte 0xfd (byte 16 of the file); litmus files are read as UTF-8}
   */
  public static String readUtf8(Path file, String kind) throws IOException {
    byte[] bytes = readBytes(file);
    Optional<int[]> bad = firstNonUtf8(bytes);
    if (bad.isPresent()) {
      int at = bad.get()[0];
      throw new LitmusSyntaxException(
          new SourcePosition(file.toString(), bad.get()[1], bad.get()[2]),
          String.format("not UTF-8: byte 0x%02x (byte %d of the file); %s files are read as"
              + " UTF-8", bytes[at] & 0xff, at, kind));
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /**
   * The first byte of {@code bytes} that is not part of well-formed UTF-8, as {offset, line,
   * column} (line and column from 1, the column counting characters), or empty when all is
   * UTF-8.
   *
   * @param bytes the bytes
   * @return the place, or empty
   */
  public static Optional<int[]> firstNonUtf8(byte[] bytes) {
    var decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length + 1);
    java.nio.charset.CoderResult r = decoder.decode(in, out, true);
    if (!r.isError()) {
      return Optional.empty();
    }
    int at = in.position();
    out.flip();
    int line = 1;
    int column = 1;
    for (int i = 0; i < out.length(); i++) {
      if (out.charAt(i) == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    return Optional.of(new int[] {at, line, column});
  }

  private static FileSystemException tooLarge(String name) {
    return new FileSystemException(name, null,
        "larger than " + (MAX_BYTES >> 20) + " MB, the most an input may have");
  }
}
