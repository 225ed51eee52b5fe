package io.github.ptxlitmus.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * A JUnit 5 argument source for {@code @ParameterizedTest}: one invocation per {@code
 * *.litmus} file under a directory (recursively, sorted by path), with the parsed {@link
 * io.github.ptxlitmus.litmus.LitmusTest} as the first argument and the file's {@link
 * java.nio.file.Path} as an optional second one. Both arguments are named by the file's path
 * relative to the directory, so {@code @ParameterizedTest(name = "{0}")} shows e.g. {@code
 * mp/MP+weak.litmus}.
 *
 * <pre>{@code
 * @ParameterizedTest(name = "{0}")
 * @LitmusSource("src/test/resources/litmus")
 * void parses(LitmusTest test, Path file) { ... }
 * }</pre>
 *
 * <p>The directory is looked up first relative to the working directory (the project
 * directory under Maven and Gradle), then as a class path resource (a leading {@code /} is
 * ignored; directories inside jars work too). A file that does not parse stops the remaining
 * invocations with its {@link io.github.ptxlitmus.litmus.LitmusSyntaxException} ({@code
 * file:line:col: reason}); a directory found nowhere, or holding no litmus file, fails the
 * test with an {@link IllegalArgumentException}.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ArgumentsSource(LitmusSourceProvider.class)
public @interface LitmusSource {
  /**
   * The directory: a path relative to the working directory, or a class path resource.
   *
   * @return the directory
   */
  String value();
}
