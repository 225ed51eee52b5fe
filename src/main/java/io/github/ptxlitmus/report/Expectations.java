package io.github.ptxlitmus.report;

import com.google.common.collect.ImmutableMap;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Expected outcomes of a corpus (the Dat3M CSV form) and the known divergences from them, and
 * the comparison of a run against both. Immutable and thread-safe.
 *
 * <p>Expected CSV: one row per test, {@code relative/path.litmus,1} or {@code ,0}, where
 * {@code 1} means the test's condition holds (herd's {@code Ok}); paths are relative to the
 * CSV's own directory. Divergence CSV: {@code relative/path.litmus,reason}, where the reason
 * (which may contain commas) names the spec section that justifies answering differently; the
 * path is relative to the expected CSV's directory. In both files blank lines and lines
 * starting with {@code #} are ignored.
 *
 * <p>A divergence list may say which expectations it was written for, with lines
 * {@code applies-to: NAME sha256:HEX} (the expected CSV's file name, for the message, and the
 * SHA-256 of its bytes). A list with such lines excuses only an expected CSV whose content has
 * one of those digests; for any other CSV its rows are not applied, and {@link
 * #divergenceNote()} says why.
 */
public final class Expectations {
  private final Path baseDir;
  private final ImmutableMap<String, Boolean> expected;
  private final ImmutableMap<String, String> divergences;
  private final Optional<String> divergenceNote;
  private final List<String> strayDivergences;

  private Expectations(Path baseDir, Map<String, Boolean> expected,
      Map<String, String> divergences, Optional<String> divergenceNote,
      List<String> strayDivergences) {
    this.baseDir = baseDir.toAbsolutePath().normalize();
    this.expected = ImmutableMap.copyOf(expected);
    this.divergences = ImmutableMap.copyOf(divergences);
    this.divergenceNote = divergenceNote;
    this.strayDivergences = List.copyOf(strayDivergences);
  }

  /**
   * Expectations from values already in memory.
   *
   * @param baseDir the directory the paths are relative to
   * @param expected relative path (with {@code /}) → whether the condition should hold
   * @param divergences relative path → reason the checker is known to answer differently
   * @return the expectations
   */
  public static Expectations of(
      Path baseDir, Map<String, Boolean> expected, Map<String, String> divergences) {
    return new Expectations(baseDir, expected, divergences, Optional.empty(), List.of());
  }

  /**
   * Reads an expected-outcome CSV and, if it exists, a divergence CSV.
   *
   * @param expectedCsv the Dat3M-style CSV; its directory is the base of all paths
   * @param divergenceCsv the known-divergence CSV; a missing file means no divergences. Its
   *     rows apply only if it has no {@code applies-to:} line or one names the expected CSV's
   *     digest (see the class comment)
   * @return the expectations
   * @throws IOException when a file exists but cannot be read (or the expected CSV is missing)
   * @throws IllegalArgumentException when a row is malformed or repeated; the message is
   *     {@code file:line: reason}
   */
  public static Expectations load(Path expectedCsv, Path divergenceCsv) throws IOException {
    List<String> lines = Files.exists(divergenceCsv) ? readLines(divergenceCsv) : List.of();
    return load(expectedCsv, divergenceCsv.toString(), lines);
  }

  /**
   * Reads an expected-outcome CSV, with divergences already read (e.g. a list built into the
   * program).
   *
   * @param expectedCsv the Dat3M-style CSV; its directory is the base of all paths
   * @param divergenceName the name error messages give the divergence lines
   * @param divergenceLines the known-divergence CSV's lines; its rows apply only if it has no
   *     {@code applies-to:} line or one names the expected CSV's digest
   * @return the expectations
   * @throws IOException when the expected CSV cannot be read
   * @throws IllegalArgumentException when a row or {@code applies-to:} line is malformed or a
   *     row repeated; the message is {@code file:line: reason}
   */
  public static Expectations load(
      Path expectedCsv, String divergenceName, List<String> divergenceLines) throws IOException {
    return load(expectedCsv, divergenceName, divergenceLines, false);
  }

  /**
   * As {@link #load(Path, String, List)}, for a list that must say what it applies to: a list
   * with no {@code applies-to:} line is then not applied either (the list the program finds by
   * itself, which was written for one corpus, never a user's own CSV).
   *
   * @param expectedCsv the Dat3M-style CSV; its directory is the base of all paths
   * @param divergenceName the name messages give the divergence lines
   * @param divergenceLines the known-divergence CSV's lines
   * @param mustName whether a list without {@code applies-to:} lines is left unapplied
   * @return the expectations; {@link #divergenceNote()} says why a list was not applied
   * @throws IOException when the expected CSV cannot be read
   * @throws IllegalArgumentException as {@link #load(Path, String, List)}
   */
  public static Expectations load(Path expectedCsv, String divergenceName,
      List<String> divergenceLines, boolean mustName) throws IOException {
    byte[] bytes = readBytes(expectedCsv);
    Map<String, Boolean> expected = new LinkedHashMap<>();
    for (Row row : rows(expectedCsv.toString(), decode(expectedCsv, bytes))) {
      String value = row.value();
      if (!value.equals("0") && !value.equals("1")) {
        throw row.error("expected 0 or 1 after the comma, found '" + value + "'");
      }
      if (expected.put(row.path(), value.equals("1")) != null) {
        throw row.error("duplicate row for " + row.path());
      }
    }
    DivergenceScope scope = DivergenceScope.of(divergenceName, divergenceLines);
    Optional<String> note = scope.refusal(expectedCsv, bytes, mustName);
    Map<String, String> divergences = new LinkedHashMap<>();
    List<String> stray = new ArrayList<>();
    for (Row row : rows(divergenceName, scope.rows())) {
      if (row.value().isEmpty()) {
        throw row.error("missing reason after the comma");
      }
      if (divergences.put(row.path(), row.value()) != null) {
        throw row.error("duplicate row for " + row.path());
      }
      if (!expected.containsKey(row.path())) {
        stray.add(row.file() + ":" + row.line() + ": warning: divergence " + row.path() + " has no row in "
            + expectedCsv + " (a misspelt path?): it excuses nothing");
      }
    }
    Path base = expectedCsv.toAbsolutePath().normalize().getParent();
    return note.isPresent() ? new Expectations(base, expected, Map.of(), note, List.of())
        : new Expectations(base, expected, divergences, note, stray);
  }

  /** {@return the directory the paths are relative to (absolute, normalized)} */
  public Path baseDir() {
    return baseDir;
  }

  /** {@return relative path → whether the condition should hold, in file order} */
  public ImmutableMap<String, Boolean> expected() {
    return expected;
  }

  /** {@return relative path → reason of the known divergence, in file order} */
  public ImmutableMap<String, String> divergences() {
    return divergences;
  }

  /**
   * {@return why the divergence list was not applied (its {@code applies-to:} lines name other
   * expectations, or it names none and had to), or empty when it was applied or there was none}
   */
  public Optional<String> divergenceNote() {
    return divergenceNote;
  }

  /**
   * {@return one line per divergence row whose path has no row in the expected CSV, so that it
   * can excuse nothing (a misspelt path, or a list written for other expectations): {@code
   * file:line: warning: divergence PATH has no row in CSV ...}; empty when every row has one or the list
   * was not applied}
   */
  public List<String> strayDivergences() {
    return strayDivergences;
  }

  /**
   * The path of {@code file} relative to {@link #baseDir()}, with {@code /} separators.
   *
   * @param file any path (relative paths are resolved against the working directory)
   * @return the relative path, or empty when the file is not under the base directory
   */
  public Optional<String> relativePath(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    if (!absolute.startsWith(baseDir)) {
      return Optional.empty();
    }
    Path relative = baseDir.relativize(absolute);
    List<String> parts = new ArrayList<>();
    relative.forEach(p -> parts.add(p.toString()));
    return Optional.of(String.join("/", parts));
  }

  /**
   * Compares a run with the expectations. A checked file agrees when its condition's truth
   * equals the expected value and its verdict is definite (not {@link Verdict#UNKNOWN}); a
   * file that failed to parse or check never agrees. A disagreement on a file listed in the
   * divergence CSV is a divergence, otherwise a mismatch.
   *
   * @param outcomes the run's outcomes, in the order to report them
   * @return the comparison
   */
  public ExpectationReport compare(List<? extends TestOutcome> outcomes) {
    int agree = 0;
    int unlisted = 0;
    List<ExpectationReport.Mismatch> mismatches = new ArrayList<>();
    List<ExpectationReport.Divergence> diverged = new ArrayList<>();
    List<String> stale = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (TestOutcome outcome : outcomes) {
      Optional<String> path = relativePath(outcome.file());
      Boolean want = path.map(expected::get).orElse(null);
      if (want == null) {
        unlisted++;
        continue;
      }
      String rel = path.get();
      seen.add(rel);
      Answer got = Answer.of(outcome);
      String reason = divergences.get(rel);
      if (got.definite() && got.holds() == want) {
        agree++;
        if (reason != null) {
          stale.add(rel);
        }
      } else if (reason != null) {
        diverged.add(new ExpectationReport.Divergence(rel, reason, got.token(), got.detail()));
      } else {
        mismatches.add(new ExpectationReport.Mismatch(rel, want, got.token(), got.detail()));
      }
    }
    List<String> missing = new ArrayList<>();
    for (String rel : expected.keySet()) {
      if (!seen.contains(rel)) {
        missing.add(rel);
      }
    }
    return new ExpectationReport(
        seen.size(), agree, mismatches, diverged, stale, missing, unlisted);
  }

  /** What a file's outcome says, in the CSV's terms. */
  private record Answer(boolean definite, boolean holds, String token, String detail) {
    static Answer of(TestOutcome outcome) {
      if (outcome instanceof TestOutcome.Checked checked) {
        CheckResult r = checked.result();
        if (r.verdict() == Verdict.UNKNOWN) {
          String why = r.unknownReason().map(s -> "Unknown: " + s).orElse("Unknown");
          return new Answer(false, false, "unknown", why);
        }
        if (!r.verdictDecided()) {
          return new Answer(false, false, "unknown", "Unknown: no witness "
              + r.withinLoopBound().orElseThrow() + ", a longer execution may show one");
        }
        String holds = r.conditionHolds() ? "1" : "0";
        return new Answer(true, r.conditionHolds(), holds, Words.verdict(r.verdict()));
      }
      return new Answer(false, false, "error", ((TestOutcome.Failed) outcome).message());
    }
  }

  /** One data line of a CSV: {@code path,value}. */
  private record Row(String file, int line, String path, String value) {
    IllegalArgumentException error(String reason) {
      return new IllegalArgumentException(file + ":" + line + ": " + reason);
    }
  }

  private static List<String> readLines(Path csv) throws IOException {
    try {
      return io.github.ptxlitmus.litmus.TextFiles.readString(csv, true).lines().toList();
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new IllegalArgumentException(csv + ": not valid UTF-8 text");
    }
  }

  private static byte[] readBytes(Path csv) throws IOException {
    return io.github.ptxlitmus.litmus.TextFiles.readBytes(csv);
  }

  private static List<String> decode(Path csv, byte[] bytes) {
    try {
      return java.nio.charset.StandardCharsets.UTF_8.newDecoder()
          .decode(java.nio.ByteBuffer.wrap(bytes)).toString().lines().toList();
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new IllegalArgumentException(csv + ": not valid UTF-8 text");
    }
  }

  private static List<Row> rows(String csv, List<String> lines) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      // RFC 4180: a field may be quoted ("a,b"), with "" for a quote inside.
      String path;
      int comma;
      if (line.startsWith("\"")) {
        StringBuilder field = new StringBuilder();
        int at = 1;
        while (true) {
          int quote = line.indexOf('"', at);
          if (quote < 0) {
            throw new IllegalArgumentException(
                csv + ":" + (i + 1) + ": unterminated quoted path in '" + line + "'");
          }
          field.append(line, at, quote);
          if (quote + 1 < line.length() && line.charAt(quote + 1) == '"') {
            field.append('"');
            at = quote + 2;
          } else {
            at = quote + 1;
            break;
          }
        }
        path = field.toString().strip();
        comma = line.indexOf(',', at);
        if (comma < 0 || !line.substring(at, comma).isBlank()) {
          comma = -1;
        }
      } else {
        comma = line.indexOf(',');
        path = comma <= 0 ? "" : line.substring(0, comma).strip();
      }
      if (comma <= 0 || path.isEmpty()) {
        throw new IllegalArgumentException(
            csv + ":" + (i + 1) + ": expected 'path,value', found '" + line + "'");
      }
      while (path.startsWith("./")) {
        path = path.substring(2);
      }
      String value = line.substring(comma + 1).strip();
      if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
        value = value.substring(1, value.length() - 1).replace("\"\"", "\"");
      }
      rows.add(new Row(csv, i + 1, path, value));
    }
    return rows;
  }
}
