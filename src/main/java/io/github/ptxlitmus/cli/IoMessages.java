package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.litmus.TextFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.List;
import java.util.Map;

/**
 * Says what went wrong with a file in words, without Java's exception class names: {@code no
 * such file}, {@code permission denied}, {@code not valid UTF-8}, or the operating system's
 * reason ({@code Is a directory}).
 */
final class IoMessages {
  private IoMessages() {}

  /** The failures said in fixed words, each before any it is a kind of. */
  private static final List<Map.Entry<Class<? extends Exception>, String>> KNOWN = List.of(
      Map.entry(NoSuchFileException.class, "no such file"),
      Map.entry(AccessDeniedException.class, "permission denied"),
      Map.entry(NotDirectoryException.class, "not a directory"),
      Map.entry(FileAlreadyExistsException.class, "already exists"),
      Map.entry(DirectoryNotEmptyException.class, "directory not empty"),
      Map.entry(CharacterCodingException.class, "not valid UTF-8 text"));

  /**
   * The reason of an I/O failure, in words.
   *
   * @param e the failure (an {@link UncheckedIOException} is unwrapped)
   * @return e.g. {@code "no such file"}, {@code "Is a directory"}
   */
  static String reason(Exception e) {
    Throwable t = e instanceof UncheckedIOException u && u.getCause() != null ? u.getCause() : e;
    for (Map.Entry<Class<? extends Exception>, String> known : KNOWN) {
      if (known.getKey().isInstance(t)) {
        return known.getValue();
      }
    }
    if (t instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    String m = t.getMessage();
    return m == null || m.isBlank() ? "input/output error" : m.lines().findFirst().orElse(m);
  }

  /**
   * Why a regular file is too large to read as an input ({@link TextFiles#MAX_BYTES}), checked
   * before a reader that takes it whole (a cat model) is given it.
   *
   * @return {@code FILE: larger than 16 MB, the most an input may have}, or empty when the
   *     file is small enough, not a regular file or unreadable (the reader says why then)
   */
  static java.util.Optional<String> tooLarge(java.nio.file.Path file) {
    try {
      if (java.nio.file.Files.isRegularFile(file)
          && java.nio.file.Files.size(file) > TextFiles.MAX_BYTES) {
        return java.util.Optional.of(file + ": larger than " + (TextFiles.MAX_BYTES >> 20)
            + " MB, the most an input may have");
      }
    } catch (IOException e) {
      // reported by the reader
    }
    return java.util.Optional.empty();
  }

  /**
   * Why {@code file}, which is not a regular file, cannot be read as one: {@code no such
   * file}, {@code a directory, not WHAT}, or {@code not a regular file (a device, FIFO or
   * socket)}.
   *
   * @param file the file, for which {@link java.nio.file.Files#isRegularFile} is false
   * @param what what a regular file there would be, e.g. {@code a log}
   * @return the reason, followed by {@code : FILE}
   */
  static String notRegular(java.nio.file.Path file, String what) {
    java.nio.file.Path p = file;
    String why = java.nio.file.Files.isDirectory(p) ? "a directory, not " + what
        : java.nio.file.Files.exists(p) ? "not a regular file (a device, FIFO or socket), not "
            + what
        : "no such file";
    return why + ": " + file;
  }

  /** {@code cannot write FILE: reason}. */
  static String cannotWrite(Object file, IOException e) {
    return "cannot write " + file + ": " + reason(e);
  }
}
