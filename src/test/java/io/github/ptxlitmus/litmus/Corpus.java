package io.github.ptxlitmus.litmus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/** The shared Dat3M PTX corpus, located relative to the project directory. */
final class Corpus {
  static final Path ROOT = Path.of("../shared/corpus/dat3m-ptx");

  private Corpus() {}

  /**
   * Skips the calling test (a JUnit assumption) when the corpus is absent, e.g. in a fresh
   * clone: the corpus is Dat3M's {@code litmus/PTX}, see the README.
   */
  static void assumePresent() {
    Assumptions.assumeTrue(
        Files.isDirectory(ROOT),
        "Dat3M PTX corpus not found at " + ROOT.toAbsolutePath().normalize()
            + " (see README: Conformance corpus); skipped");
  }

  /** All corpus files, sorted; skips the calling test when the corpus is absent. */
  static List<Path> files() {
    assumePresent();
    try (Stream<Path> walk = Files.walk(ROOT)) {
      return walk.filter(p -> p.toString().endsWith(".litmus")).sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
