package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The mixed-size error files {@code src/test/resources/litmus-errors/mixed-*.litmus}: each starts
 * with {@code (* expect-error: <line>:<col>: <reason substring> *)}, and checking it must raise
 * a {@link LitmusSyntaxException} at that position whose reason contains the substring
 * (out-of-bounds offsets, vectors and packed accesses past the end, bad array sizes).
 */
class MixedSizeErrorTest {
  private static final Path ROOT = Path.of("src", "test", "resources", "litmus-errors");

  private static final Pattern EXPECT =
      Pattern.compile("\\(\\*\\s*expect-error\\s*:\\s*(\\d+):(\\d+):\\s*(.*?)\\s*\\*\\)");

  @TestFactory
  Stream<DynamicTest> mixedSizeErrors() throws IOException {
    List<Path> files;
    try (Stream<Path> list = Files.list(ROOT)) {
      files =
          list.filter(p -> p.getFileName().toString().startsWith("mixed-"))
              .filter(p -> p.getFileName().toString().endsWith(".litmus"))
              .sorted()
              .collect(Collectors.toList());
    }
    assertThat(files).as("mixed-size error files under %s", ROOT).hasSizeGreaterThanOrEqualTo(5);
    return files.stream()
        .map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), f.toUri(), () -> check(f)));
  }

  private static void check(Path file) throws IOException {
    String first = Files.readAllLines(file, StandardCharsets.UTF_8).get(0);
    Matcher m = EXPECT.matcher(first);
    if (!m.find()) {
      fail(file + ": first line is not (* expect-error: <line>:<col>: <reason> *)");
    }
    LitmusSyntaxException e = null;
    try {
      CheckResult r = LitmusChecker.create().check(file);
      fail(file + ": no LitmusSyntaxException; verdict " + r.verdict());
    } catch (LitmusSyntaxException thrown) {
      e = thrown;
    }
    assertThat(e.line() + ":" + e.column())
        .as("%s: position of '%s'", file, e.getMessage())
        .isEqualTo(m.group(1) + ":" + m.group(2));
    assertThat(e.reason()).as("%s: reason", file).contains(m.group(3));
  }
}
