package io.github.ptxlitmus.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.List;
import java.util.Optional;

/**
 * The known-divergence list {@code check --expect} uses without {@code --divergences}: the
 * project's {@code docs/divergences.csv} ({@code docs/cat-divergences.csv} with {@code --cat}),
 * found from where the program is installed, never from the working directory, so the same
 * command gives the same answer wherever it runs.
 *
 * <p>First the file of the installation the program runs from: {@code docs/<name>} beside the
 * {@code target} directory holding the jar or the classes ({@code bin/ptx-litmus}, {@code java
 * -jar target/ptx-litmus.jar}, the test class path), so that an edited list counts at once.
 * Then the copy built into the jar when it was packaged (a jar installed elsewhere, e.g. the
 * {@code -cli} jar of a Maven repository). Stateless.
 */
final class DefaultDivergences {
  private DefaultDivergences() {}

  /**
   * A divergence list found.
   *
   * @param name what the report calls it: the file's path, or {@code built-in docs/<name>}
   * @param lines its lines
   */
  record Source(String name, List<String> lines) {}

  /**
   * The default list of that name.
   *
   * @param fileName {@code divergences.csv} or {@code cat-divergences.csv}
   * @return the list, or empty when neither the installation nor the jar has it
   * @throws IOException when a list exists but cannot be read
   */
  static Optional<Source> find(String fileName) throws IOException {
    Optional<Path> installed = installationDocs().map(d -> d.resolve(fileName))
        .filter(Files::isRegularFile);
    if (installed.isPresent()) {
      return Optional.of(new Source(installed.get().toString(),
          io.github.ptxlitmus.litmus.TextFiles.readString(installed.get(), true).lines()
              .toList()));
    }
    try (InputStream in = DefaultDivergences.class.getResourceAsStream(fileName)) {
      if (in == null) {
        return Optional.empty();
      }
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return Optional.of(new Source("built-in docs/" + fileName, text.lines().toList()));
    }
  }

  /** {@code <project>/docs} for the jar or class directory under {@code <project>/target}. */
  private static Optional<Path> installationDocs() {
    try {
      CodeSource code = DefaultDivergences.class.getProtectionDomain().getCodeSource();
      if (code == null || code.getLocation() == null) {
        return Optional.empty();
      }
      Path target = Path.of(code.getLocation().toURI()).toAbsolutePath().getParent();
      if (target == null || target.getFileName() == null
          || !target.getFileName().toString().equals("target") || target.getParent() == null) {
        return Optional.empty();
      }
      return Optional.of(target.getParent().resolve("docs"));
    } catch (URISyntaxException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
