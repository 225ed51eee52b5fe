package io.github.ptxlitmus.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How long each file's check may run before it is abandoned: the run's hard limit, plus one
 * search limit for every second search the file's check asks for (a file whose own expectation
 * comments list states is listed again after its check). Granted from the checking threads,
 * read by the thread that watches them.
 */
final class HardLimits {
  private final Duration hardLimit;
  /** Per file (normalized), the extra time granted (nanoseconds). */
  private final Map<Path, Long> extra = new ConcurrentHashMap<>();

  /** @param hardLimit how long one check may run before it is abandoned */
  HardLimits(Duration hardLimit) {
    this.hardLimit = hardLimit;
  }

  /**
   * Grants a file's check one more search limit.
   *
   * @param file the file being checked
   * @param searchLimit the time limit of the second search
   */
  void grant(Path file, Duration searchLimit) {
    extra.merge(file.normalize(), searchLimit.toNanos(), Long::sum);
  }

  /** {@return how long the check of {@code file} may run: the hard limit and what was granted} */
  Duration of(Path file) {
    return hardLimit.plusNanos(extra.getOrDefault(file.normalize(), 0L));
  }
}
