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

/**
 * Says what went wrong with a file in words, without Java's exception class names: {@code no
 * such file}, {@code permission denied}, {@code not valid UTF-8}, or the operating system's
 * reason ({@code Is a directory}).
 */
final class IoMessages {
  private IoMessages() {}

  /**
   * The reason of an I/O failure, in words.
   *
   * @param e the failure (an {@link UncheckedIOException} is unwrapped)
   * @return e.g. {@code "no such file"}, {@code "Is a directory"}
   */
  static String reason(Exception e) {
    Throwable t = e instanceof UncheckedIOException u && u.getCause() != null ? u.getCause() : e;
    if (t instanceof NoSuchFileException) {
      return "no such file";
    }
    if (t instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (t instanceof NotDirectoryException) {
      return "not a directory";
    }
    if (t instanceof FileAlreadyExistsException) {
      return "already exists";
    }
    if (t instanceof DirectoryNotEmptyException) {
      return "directory not empty";
    }
    if (t instanceof CharacterCodingException) {
      return "not valid UTF-8 text";
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

  /** {@code cannot write FILE: reason}. */
  static String cannotWrite(Object file, IOException e) {
    return "cannot write " + file + ": " + reason(e);
  }
}
