package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.testing.Expectations;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The comparison of each result with its file's own {@code (* expect ... *)} comments, in
 * every format of {@code check}: the rules of {@link Expectations#compare} (what {@code meets}
 * asserts), run on the checking thread right after the check (so the run's time limits cover
 * the re-check in states mode a decide-mode result needs). A misspelt or malformed comment is
 * a disagreement too. One instance serves one run.
 */
final class OwnExpectations {
  private final UnaryOperator<Path> readFrom;
  private final Map<Path, List<String>> problems = new ConcurrentHashMap<>();

  /**
   * @param readFrom where the comments of a file are read (standard input's copy for {@code
   *     -}; the file itself otherwise)
   */
  OwnExpectations(UnaryOperator<Path> readFrom) {
    this.readFrom = readFrom;
  }

  /** The check followed by the comparison of its result with the file's comments. */
  Function<Path, CheckResult> wrap(Function<Path, CheckResult> check) {
    return file -> {
      CheckResult result = check.apply(file);
      compare(file, result).ifPresent(p -> problems.put(file, p));
      return result;
    };
  }

  /**
   * The disagreements of a checked file with its own comments: empty when it carries none,
   * else one line per disagreement (an empty list when all agree).
   */
  Optional<List<String>> of(Path file) {
    return Optional.ofNullable(problems.get(file));
  }

  private Optional<List<String>> compare(Path file, CheckResult result) {
    Expectations e;
    try {
      e = Expectations.read(readFrom.apply(file));
    } catch (LitmusSyntaxException malformed) {
      return Optional.of(List.of("expect comments: " + malformed.getMessage()
          .replace(readFrom.apply(file).toString(), file.toString())));
    } catch (IOException | RuntimeException unreadable) {
      return Optional.empty(); // the check itself read the file; nothing more to say here
    }
    if (e.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(e.compare(result).problems());
  }
}
