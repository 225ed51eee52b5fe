package io.github.ptxlitmus.testing;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.litmus.LitmusParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * JUnit 5 dynamic tests over a directory of litmus files, for {@code @TestFactory}:
 *
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicTest> suite() {
 *   return LitmusTests.dynamicTests(Path.of("src/test/resources/litmus"));
 * }
 * }</pre>
 *
 * <p>One test per {@code *.litmus} file under the directory (recursively, sorted by path),
 * named by its path relative to the directory with {@code /} separators. Each test parses the
 * file, checks it with {@link CheckOptions#defaults()} and asserts {@link
 * CheckResultAssert#meets(Expectations)} with the file's own expectation comments ({@link
 * Expectations#read(Path)}) plus, when a CSV is given and lists the file, the expected truth of
 * its condition. A file with no expectation at all fails. Stateless and thread-safe; the
 * tests may run in parallel.
 */
public final class LitmusTests {
  private LitmusTests() {}

  /**
   * One dynamic test per litmus file, asserting its in-file expectations.
   *
   * @param dir the directory, relative to the working directory or absolute
   * @return the tests, sorted by path
   * @throws IllegalArgumentException when {@code dir} is not a directory or holds no {@code
   *     *.litmus} file
   * @throws UncheckedIOException when the directory cannot be walked
   */
  public static Stream<DynamicTest> dynamicTests(Path dir) {
    return tests(dir, nonEmpty(dir), Map.of(), List.of());
  }

  /**
   * The litmus files under {@code dir}; none is an error, as for {@link LitmusSource}: a
   * typo in the directory must not make a green run.
   */
  private static List<Path> nonEmpty(Path dir) {
    List<Path> files = LitmusFiles.under(dir);
    if (files.isEmpty()) {
      throw new IllegalArgumentException("no *.litmus file under " + dir.toUri());
    }
    return files;
  }

  /**
   * One dynamic test per litmus file, asserting its in-file expectations and its CSV row.
   *
   * <p>The CSV has the Dat3M form of {@code ptx-litmus check --expect}: one row {@code
   * relative/path.litmus,1} (the condition holds) or {@code ,0} (it fails) per test, paths
   * relative to the CSV's own directory; blank lines and lines starting with {@code #} are
   * skipped. A row naming a file under {@code dir} that does not exist becomes a failing test;
   * rows for files elsewhere are ignored.
   *
   * @param dir the directory, relative to the working directory or absolute
   * @param expectationsCsv the CSV
   * @return the tests, sorted by path, then one per stale row
   * @throws IllegalArgumentException when {@code dir} is not a directory or holds no {@code
   *     *.litmus} file, or a row is malformed ({@code csv:line: reason})
   * @throws UncheckedIOException when the directory or the CSV cannot be read
   */
  public static Stream<DynamicTest> dynamicTests(Path dir, Path expectationsCsv) {
    List<Path> files = nonEmpty(dir);
    Map<Path, Row> rows = readCsv(expectationsCsv);
    Path root = dir.toAbsolutePath().normalize();
    List<Row> stale = new ArrayList<>();
    for (Row row : rows.values()) {
      if (row.file().startsWith(root) && !files.stream()
          .anyMatch(f -> f.toAbsolutePath().normalize().equals(row.file()))) {
        stale.add(row);
      }
    }
    return tests(dir, files, rows, stale);
  }

  private static Stream<DynamicTest> tests(
      Path dir, List<Path> files, Map<Path, Row> rows, List<Row> stale) {
    Stream<DynamicTest> checks = files.stream().map(f -> DynamicTest.dynamicTest(
        LitmusFiles.relative(dir, f), f.toUri(),
        () -> check(f, Optional.ofNullable(rows.get(f.toAbsolutePath().normalize())))));
    Stream<DynamicTest> missing = stale.stream().map(r -> DynamicTest.dynamicTest(
        r.where(), () -> {
          throw new AssertionError(r.where() + ": no file " + r.file() + " for this row");
        }));
    return Stream.concat(checks, missing);
  }

  private static void check(Path file, Optional<Row> row) throws IOException {
    String text = io.github.ptxlitmus.litmus.TextFiles.readUtf8(file, "litmus");
    Expectations expected = Expectations.read(file.toString(), text);
    if (row.isPresent()) {
      expected = expected.withConditionHolds(row.get().holds());
    }
    if (expected.isEmpty()) {
      throw new AssertionError(file + ": no expectation; add a (* expect: Allowed|Forbidden *)"
          + " or (* expect-states: ... *) comment, or a row in the expectations CSV");
    }
    LitmusAssertions.assertThat(LitmusChecker.create().check(LitmusParser.parse(file.toString(),
        text))).meets(expected);
  }

  /** One CSV row: the file it names (absolute, normalized) and the expected truth. */
  private record Row(Path file, boolean holds, String where) {}

  private static Map<Path, Row> readCsv(Path csv) {
    List<String> lines;
    try {
      lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Path base = csv.toAbsolutePath().normalize().getParent();
    Map<Path, Row> rows = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      String where = csv + ":" + (i + 1);
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int comma = line.lastIndexOf(',');
      String value = comma < 0 ? "" : line.substring(comma + 1).strip();
      if (comma <= 0 || !(value.equals("0") || value.equals("1"))) {
        throw new IllegalArgumentException(
            where + ": expected 'relative/path.litmus,1' or ',0', found '" + line + "'");
      }
      Path file = base.resolve(line.substring(0, comma).strip()).normalize();
      if (rows.put(file, new Row(file, value.equals("1"), where)) != null) {
        throw new IllegalArgumentException(where + ": second row for " + file);
      }
    }
    return rows;
  }
}
