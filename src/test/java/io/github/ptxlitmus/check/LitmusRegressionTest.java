package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.testing.Expectations;
import io.github.ptxlitmus.testing.LitmusTests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The project's litmus regression suite: every {@code *.litmus} file under {@code
 * src/test/resources/litmus} carries its exact expected result in comments ({@code expect},
 * {@code expect-states}, {@code expect-flags}; see that folder's README), and {@link
 * LitmusTests#dynamicTests(Path)} checks each file against the engine: exact state set,
 * verdict, listed flags present, {@code DEADLOCK} and {@code LOOP_BOUND_HIT} absent unless
 * listed.
 */
class LitmusRegressionTest {

  static final Path ROOT = Path.of("src", "test", "resources", "litmus");

  @TestFactory
  Stream<DynamicTest> litmusFiles() {
    return LitmusTests.dynamicTests(ROOT);
  }

  /** The suite's rule, stricter than the helpers': every file states its verdict and states. */
  @Test
  void everyFileHasAVerdictAndAStateSet() throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(ROOT)) {
      files = walk.filter(p -> p.toString().endsWith(".litmus")).collect(Collectors.toList());
    }
    assertThat(files).as("litmus files under %s", ROOT).hasSizeGreaterThanOrEqualTo(60);
    for (Path f : files) {
      Expectations e = Expectations.read(f);
      assertThat(e.verdict()).as("%s: (* expect: ... *)", f).isPresent();
      assertThat(e.states()).as("%s: (* expect-states: ... *)", f).isPresent();
    }
  }
}
