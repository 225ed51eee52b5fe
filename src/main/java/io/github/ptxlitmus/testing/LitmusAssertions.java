package io.github.ptxlitmus.testing;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Entry points of the AssertJ assertions: {@code import static
 * io.github.ptxlitmus.testing.LitmusAssertions.*;}. Stateless and thread-safe; each assert
 * object it returns belongs to one thread.
 *
 * <pre>{@code
 * assertThatLitmus(Path.of("MP.litmus")).isForbidden().allows("P1:r0 == 0 /\\ P1:r1 == 0");
 * }</pre>
 */
public final class LitmusAssertions {
  private LitmusAssertions() {}

  /**
   * Assertions on a result.
   *
   * @param result the result of {@link LitmusChecker#check(LitmusTest)}
   * @return the assert
   */
  public static CheckResultAssert assertThat(CheckResult result) {
    return new CheckResultAssert(result);
  }

  /**
   * Parses and checks a file with {@link CheckOptions#defaults()}.
   *
   * @param file the litmus file
   * @return assertions on its result
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when the file does not parse (the
   *     message starts with {@code file:line:col:}) or uses what the engine does not support
   * @throws UncheckedIOException when the file cannot be read
   */
  public static CheckResultAssert assertThatLitmus(Path file) {
    return assertThatLitmus(file, CheckOptions.defaults());
  }

  /**
   * Parses and checks a file.
   *
   * @param file the litmus file
   * @param options bounds and limits of the check
   * @return assertions on its result
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link #assertThatLitmus(Path)}
   * @throws UncheckedIOException when the file cannot be read
   */
  public static CheckResultAssert assertThatLitmus(Path file, CheckOptions options) {
    return assertThat(LitmusChecker.create(options).check(file));
  }

  /**
   * Parses and checks litmus text with {@link CheckOptions#defaults()}; positions name the file
   * {@code <string>}.
   *
   * @param text a whole litmus test
   * @return assertions on its result
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when the text does not parse
   */
  public static CheckResultAssert assertThatLitmus(String text) {
    return assertThatLitmus(text, CheckOptions.defaults());
  }

  /**
   * Parses and checks litmus text; positions name the file {@code <string>}.
   *
   * @param text a whole litmus test
   * @param options bounds and limits of the check
   * @return assertions on its result
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when the text does not parse
   */
  public static CheckResultAssert assertThatLitmus(String text, CheckOptions options) {
    return assertThatLitmus(LitmusParser.parse("<string>", text), options);
  }

  /**
   * Checks a test already in memory (parsed, or made by {@link LitmusBuilder}) with {@link
   * CheckOptions#defaults()}.
   *
   * @param test the test
   * @return assertions on its result
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when the engine does not support
   *     the test
   */
  public static CheckResultAssert assertThatLitmus(LitmusTest test) {
    return assertThatLitmus(test, CheckOptions.defaults());
  }

  /**
   * Checks a test already in memory.
   *
   * @param test the test
   * @param options bounds and limits of the check
   * @return assertions on its result
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when the engine does not support
   *     the test
   */
  public static CheckResultAssert assertThatLitmus(LitmusTest test, CheckOptions options) {
    return assertThat(LitmusChecker.create(options).check(test));
  }
}
