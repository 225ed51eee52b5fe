package io.github.ptxlitmus.cli;

import com.google.common.hash.Hashing;
import io.github.ptxlitmus.litmus.TextFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * The identity of a sharded {@code check} run, which every shard's report prints ({@code Shard
 * K/N of run ID}, JSON {@code "run"}) so that {@code merge} refuses to join shards of different
 * runs. It is a digest of what decides the answers and the joined report: the command; the
 * model (its name, or the SHA-256 of the cat file's content and the variants set); the axioms
 * switched off; the search mode ({@code --decide}, {@code --states}, {@code --exhaustive},
 * {@code --all-states}); the limits ({@code --timeout}, {@code --bound}); the expected CSV and
 * divergence list (their content's SHA-256); the PATH arguments as written (with {@code
 * --paths-from FILE}, the SHA-256 of the file's content); and N. Not in it: {@code K}, {@code --jobs}, {@code --format}, {@code
 * --progress}, explanations. Stateless.
 */
final class RunIdentity {
  private RunIdentity() {}

  /**
   * The identity of a run.
   *
   * @param parts what decides the run's answers, one {@code name=value} a line, in a fixed
   *     order (files given as {@link #file} digests)
   * @return the first 16 hex digits of the SHA-256 of the parts
   */
  static String of(List<String> parts) {
    return Hashing.sha256().hashString(String.join("\n", parts), StandardCharsets.UTF_8)
        .toString().substring(0, 16);
  }

  /**
   * What stands for a file in the identity: the SHA-256 of its content (at most {@link
   * TextFiles#MAX_BYTES}), or its path when it cannot be read as a regular file (the run then
   * fails on it anyway).
   *
   * @param file the file, or null when not given
   * @return {@code sha256:HEX}, {@code path:PATH}, or {@code none}
   */
  static String file(Path file) {
    if (file == null) {
      return "none";
    }
    if (Files.isRegularFile(file)) {
      try {
        return "sha256:" + Hashing.sha256().hashBytes(TextFiles.readBytes(file));
      } catch (IOException e) {
        // named by its path below
      }
    }
    return "path:" + file;
  }

  /** {@return the names, case-folded and sorted, as one value (order does not change answers)} */
  static String set(List<String> names) {
    TreeSet<String> sorted = new TreeSet<>();
    names.forEach(n -> sorted.add(n.strip().toLowerCase(Locale.ROOT)));
    return String.join(",", sorted);
  }

  /** {@return the paths as written, in order (their order is the report's order)} */
  static String paths(List<Path> paths) {
    List<String> written = new ArrayList<>();
    paths.forEach(p -> written.add(p.toString()));
    return String.join("\u0000", written);
  }
}
