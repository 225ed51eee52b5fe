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
 * Litmus files that must be rejected: every {@code *.litmus} file in {@code
 * src/test/resources/litmus-errors} except the {@code mixed-*} files (those are {@code
 * MixedSizeErrorTest}'s) starts with
 *
 * <pre>
 * (* expect-error: &lt;line&gt;:&lt;col&gt;: &lt;reason substring&gt; *)
 * </pre>
 *
 * <p>and {@code LitmusChecker.create().check(file)} must throw a {@link LitmusSyntaxException} at
 * exactly that position whose reason contains the substring. The whole check is run, not only the
 * parser, because state-space placement errors (a shared location used outside its CTA or
 * cluster, a store to {@code .const} or {@code .param}, a {@code .local} location shared by two
 * threads; spec 8.3) are found by the engine.
 */
class LitmusErrorTest {
  private static final Path ROOT = Path.of("src", "test", "resources", "litmus-errors");

  private static final Pattern EXPECT =
      Pattern.compile("\\(\\*\\s*expect-error\\s*:\\s*(\\d+):(\\d+):\\s*(.*?)\\s*\\*\\)");

  @TestFactory
  Stream<DynamicTest> rejectedFiles() throws IOException {
    List<Path> files;
    try (Stream<Path> list = Files.list(ROOT)) {
      files =
          list.filter(p -> p.getFileName().toString().endsWith(".litmus"))
              .filter(p -> !p.getFileName().toString().startsWith("mixed-"))
              .filter(Files::isRegularFile)
              .sorted()
              .collect(Collectors.toList());
    }
    assertThat(files).as("error files under %s", ROOT).hasSizeGreaterThanOrEqualTo(6);
    return files.stream()
        .map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), f.toUri(), () -> check(f)));
  }

  private static void check(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    Matcher m = EXPECT.matcher(lines.isEmpty() ? "" : lines.get(0));
    if (!m.find()) {
      fail(file + ": first line is not (* expect-error: <line>:<col>: <reason> *)");
    }
    LitmusSyntaxException error = null;
    try {
      CheckResult r = LitmusChecker.create().check(file);
      fail(file + ": accepted, but must be rejected; verdict " + r.verdict());
    } catch (LitmusSyntaxException thrown) {
      error = thrown;
    }
    assertThat(error.line() + ":" + error.column())
        .as("%s: position of '%s'", file, error.getMessage())
        .isEqualTo(m.group(1) + ":" + m.group(2));
    assertThat(error.reason())
        .as("%s: reason of '%s'", file, error.getMessage())
        .contains(m.group(3));
  }
}
