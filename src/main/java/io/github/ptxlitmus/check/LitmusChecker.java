package io.github.ptxlitmus.check;

import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Facade: decides which final states of a litmus test the PTX memory consistency model
 * allows. Immutable and thread-safe: one instance may check many tests from many threads.
 *
 * <pre>{@code
 * CheckResult r = LitmusChecker.create().check(Path.of("MP.litmus"));
 * }</pre>
 */
public final class LitmusChecker {
  private final CheckOptions options;

  private LitmusChecker(CheckOptions options) {
    this.options = options;
  }

  /** A checker with {@link CheckOptions#defaults()}. */
  public static LitmusChecker create() {
    return new LitmusChecker(CheckOptions.defaults());
  }

  public static LitmusChecker create(CheckOptions options) {
    return new LitmusChecker(options);
  }

  public CheckOptions options() {
    return options;
  }

  /**
   * Checks a parsed test.
   *
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when the test uses something the
   *     engine does not support (reason starts with {@code "unsupported: "}) or is
   *     semantically invalid (e.g. a shared location accessed from another CTA)
   */
  public CheckResult check(LitmusTest test) {
    throw new UnsupportedOperationException("engine not yet wired");
  }

  /**
   * Parses and checks a file.
   *
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException on a syntax or static error
   * @throws UncheckedIOException when the file cannot be read
   */
  public CheckResult check(Path file) {
    try {
      return check(LitmusParser.parse(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Parses {@code text} (positions say {@code name}) and checks it. */
  public CheckResult check(String name, String text) {
    return check(LitmusParser.parse(name, text));
  }
}
