package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.testing.Expectations;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
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
  private final Consumer<Path> beforeRecheck;
  private final Optional<String> notApplicable;
  private final Map<Path, List<String>> problems = new ConcurrentHashMap<>();
  /** Files with oracle comments not compared, because the run's options are not theirs. */
  private final Set<Path> skipped = ConcurrentHashMap.newKeySet();
  /** Files compared (or found without comments). */
  private final Set<Path> seen = ConcurrentHashMap.newKeySet();

  /**
   * @param readFrom where the comments of a file are read (standard input's copy for {@code
   *     -}; the file itself otherwise)
   * @param beforeRecheck told the file before its result is re-checked in states mode (a
   *     second search, with the time limit of its own)
   * @param options the run's options: the comments state the result under the default model
   *     and options (as {@code LitmusTests} checks them), so another model, loop bound or
   *     {@code --all-states} leaves them uncompared
   */
  OwnExpectations(
      UnaryOperator<Path> readFrom, Consumer<Path> beforeRecheck, CheckOptions options) {
    this.readFrom = readFrom;
    this.beforeRecheck = beforeRecheck;
    this.notApplicable = notApplicable(options);
  }

  /** Why the comments do not apply to a run with {@code options}, if they do not. */
  private static Optional<String> notApplicable(CheckOptions options) {
    List<String> why = new java.util.ArrayList<>();
    if (!(options.model() instanceof io.github.ptxlitmus.model.ModelSpec)
        || !options.modelLabel().equals("ptx")) {
      why.add("model " + options.modelLabel());
    }
    if (options.fixedLoopBound() || options.loopBound() != CheckOptions.defaults().loopBound()) {
      why.add("--bound " + options.loopBound());
    }
    if (options.allStates()) {
      why.add("--all-states");
    }
    return why.isEmpty() ? Optional.empty()
        : Optional.of("they state the result under model ptx with the default options, and this"
            + " run has " + String.join(", ", why));
  }

  /**
   * When some file's comments were not compared: how many files, and why.
   *
   * @return e.g. {@code 3 files not compared: they state ... this run has model sc.cat}
   */
  Optional<String> notCompared() {
    return skipped.isEmpty() ? Optional.empty() : Optional.of(skipped.size()
        + (skipped.size() == 1 ? " file" : " files") + " not compared: " + notApplicable.get());
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
   * else one line per disagreement (an empty list when all agree). A result the checking
   * thread did not compare (a check abandoned at the safety net: Unknown, so nothing is
   * re-checked) is compared now.
   */
  Optional<List<String>> of(Path file, CheckResult result) {
    if (!seen.contains(file)) {
      compare(file, result).ifPresent(p -> problems.put(file, p));
    }
    return Optional.ofNullable(problems.get(file));
  }

  private Optional<List<String>> compare(Path file, CheckResult result) {
    seen.add(file);
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
    if (notApplicable.isPresent()) {
      skipped.add(file);
      return Optional.empty();
    }
    if (!result.hasAllStates() && result.verdict() != io.github.ptxlitmus.check.Verdict.UNKNOWN) {
      beforeRecheck.accept(file);
    }
    return Optional.of(e.compare(result).problems());
  }
}
