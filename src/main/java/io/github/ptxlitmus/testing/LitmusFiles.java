package io.github.ptxlitmus.testing;

import io.github.ptxlitmus.litmus.LitmusFileTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Finding litmus files: every {@code *.litmus} regular file under a directory, sorted. */
final class LitmusFiles {
  private LitmusFiles() {}

  /**
   * The files, sorted by path.
   *
   * @throws IllegalArgumentException when {@code dir} is not a directory
   * @throws UncheckedIOException when the directory cannot be walked
   */
  static List<Path> under(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("not a directory: " + dir.toAbsolutePath());
    }
    try {
      return LitmusFileTree.under(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code file} relative to {@code dir}, with {@code /} separators. */
  static String relative(Path dir, Path file) {
    List<String> parts = new ArrayList<>();
    dir.relativize(file).forEach(p -> parts.add(p.toString()));
    return String.join("/", parts);
  }
}
