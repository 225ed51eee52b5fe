package io.github.ptxlitmus.report;

import com.google.common.hash.Hashing;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which expectations a known-divergence list was written for: its {@code applies-to: NAME
 * sha256:HEX} lines (the expected CSV's file name and the SHA-256 of its bytes), so that a
 * list excuses only the expectations it was written for, never a user's own CSV that happens
 * to have rows with the same paths. Immutable.
 *
 * @param name what messages call the list
 * @param targets the named expectations, in file order
 * @param rows the list's lines with the {@code applies-to:} lines blanked (line numbers kept)
 */
record DivergenceScope(String name, List<Target> targets, List<String> rows) {
  private static final Pattern LINE =
      Pattern.compile("applies-to:\\s*(\\S.*?)\\s+sha256:([0-9a-fA-F]{64})\\s*");

  /**
   * One expectations file a list names.
   *
   * @param file its file name, as written (for messages)
   * @param sha256 the SHA-256 of its bytes, 64 lower-case hex digits
   */
  record Target(String file, String sha256) {}

  DivergenceScope {
    targets = List.copyOf(targets);
    rows = List.copyOf(rows);
  }

  /**
   * Reads the {@code applies-to:} lines of a divergence list.
   *
   * @param name what messages call the list
   * @param lines its lines
   * @return the scope
   * @throws IllegalArgumentException {@code name:line: reason} for a malformed {@code
   *     applies-to:} line
   */
  static DivergenceScope of(String name, List<String> lines) {
    List<Target> targets = new ArrayList<>();
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (!line.startsWith("applies-to:")) {
        rows.add(lines.get(i));
        continue;
      }
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        throw new IllegalArgumentException(name + ":" + (i + 1) + ": expected 'applies-to: FILE"
            + " sha256:HEX' (the expected CSV's name and the SHA-256 of its content, 64 hex"
            + " digits), found '" + line + "'");
      }
      targets.add(new Target(m.group(1), m.group(2).toLowerCase(Locale.ROOT)));
      rows.add("");
    }
    return new DivergenceScope(name, targets, rows);
  }

  /**
   * Why the list must not be applied to these expectations.
   *
   * @param expectedCsv the expected CSV (for the message)
   * @param content its bytes
   * @param mustName whether a list with no {@code applies-to:} line is refused too
   * @return the reason, or empty when the list applies
   */
  Optional<String> refusal(Path expectedCsv, byte[] content, boolean mustName) {
    if (targets.isEmpty()) {
      return mustName
          ? Optional.of("none (" + name + " not applied: it does not say which expectations"
              + " it was written for, no 'applies-to:' line)")
          : Optional.empty();
    }
    String digest = sha256(content);
    if (targets.stream().anyMatch(t -> t.sha256().equals(digest))) {
      return Optional.empty();
    }
    List<String> named = targets.stream()
        .map(t -> t.file() + " (sha256:" + t.sha256().substring(0, 12) + "...)").toList();
    return Optional.of("none (" + name + " not applied: it was written for "
        + String.join(", ", named) + ", and " + expectedCsv + " has other content (sha256:"
        + digest.substring(0, 12) + "...))");
  }

  /** {@return the SHA-256 of {@code bytes}, 64 lower-case hex digits} */
  static String sha256(byte[] bytes) {
    return Hashing.sha256().hashBytes(bytes).toString();
  }
}
