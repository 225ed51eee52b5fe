package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.check.CheckOptions;
import java.time.Duration;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The options that bound a run, shared by {@code check} and {@code compare}: {@code -j}, {@code
 * --timeout}, {@code --bound}, declared in code ({@link #addTo}, see {@link CommandModel}).
 * Mutable while picocli fills it; used from the command's thread.
 */
final class LimitOptions implements CommandModel.Fields {
  private Integer jobs;

  private double timeout = 60;

  /** The largest {@code --timeout}: about 31 years. */
  static final double MAX_TIMEOUT_SECONDS = 1e9;

  private Integer bound;

  /** Declares {@code -j}, {@code --timeout} and {@code --bound} on {@code spec}, bound here. */
  void addTo(CommandSpec spec) {
    spec.addOption(CommandModel.option(Integer.class, this, "-j", "--jobs")
        .paramLabel("N")
        .description("Tests checked in parallel (default: number of processors).")
        .build());
    spec.addOption(CommandModel.option(double.class, this, "--timeout")
        .paramLabel("SECONDS")
        .description("Time limit per test in seconds (default: ${DEFAULT-VALUE}).")
        .build());
    spec.addOption(CommandModel.option(Integer.class, this, "--bound")
        .paramLabel("K")
        .description(
            "Take each loop's backward jump at most K times per path: where that cut could change"
                + " the answer, the result says it holds within K (flag within-loop-bound)."
                + " Default: start at 2 and deepen up to 16 until the answer is settled, else"
                + " Unknown naming the bound.")
        .build());
  }

  @Override
  public Object get(String key) {
    return switch (key) {
      case "--jobs" -> jobs;
      case "--timeout" -> timeout;
      case "--bound" -> bound;
      default -> throw new IllegalArgumentException("no field for " + key);
    };
  }

  @Override
  public void set(String key, Object value) {
    switch (key) {
      case "--jobs" -> jobs = (Integer) value;
      case "--timeout" -> timeout = (Double) value;
      case "--bound" -> bound = (Integer) value;
      default -> throw new IllegalArgumentException("no field for " + key);
    }
  }

  /**
   * {@code options} with the time limit and loop bound given.
   *
   * @param usage makes the usage error for an invalid value
   */
  CheckOptions apply(CheckOptions options, Function<String, ParameterException> usage) {
    CheckOptions o = options.withTimeLimit(timeLimit(timeout, usage));
    if (bound != null) {
      if (bound < 0) {
        throw usage.apply("--bound must be >= 0: " + bound);
      }
      o = o.withLoopBound(bound);
    }
    if (jobs != null && jobs < 1) {
      throw usage.apply("-j must be >= 1: " + jobs);
    }
    return o;
  }

  /**
   * A {@code --timeout} value as a time limit (milliseconds, at least 1).
   *
   * @param seconds the value given
   * @param usage makes the error (of whatever type the command reports usage errors with) for
   *     a value that is not positive and finite, or above {@link #MAX_TIMEOUT_SECONDS}
   * @return the limit
   */
  static <E extends RuntimeException> Duration timeLimit(
      double seconds, Function<String, E> usage) {
    if (!(seconds > 0) || Double.isInfinite(seconds)) {
      throw usage.apply("--timeout must be a positive number of seconds: " + seconds);
    }
    if (seconds > MAX_TIMEOUT_SECONDS) {
      // Beyond this the safety net's nanoseconds (twice the limit) no longer fit a long.
      throw usage.apply(
          "--timeout must be at most " + (long) MAX_TIMEOUT_SECONDS + " seconds: " + seconds);
    }
    return Duration.ofMillis(Math.max(1, Math.round(seconds * 1000)));
  }

  /** Tests checked at once: {@code -j}, else the number of processors. */
  int threads() {
    return jobs != null ? jobs : Runtime.getRuntime().availableProcessors();
  }

  /** How long after its time limit a search may still run before it is abandoned. */
  static final Duration GRACE = Duration.ofSeconds(1);

  /**
   * The safety net behind the checker's own time limit: a check still running one second
   * after the limit is abandoned (the clock starts before the file is read, so reading,
   * parsing, building the model and searching all count).
   */
  static Duration hardLimit(CheckOptions options) {
    return hardLimit(options, 0);
  }

  /**
   * The safety net when each check is followed by {@code explanations} explanations, each of
   * which has the time limit of its own: the limit per search plus one second (so that
   * explaining never turns a check that answered into an abandoned one).
   */
  static Duration hardLimit(CheckOptions options, int explanations) {
    return options.timeLimit().multipliedBy(1L + explanations).plus(GRACE);
  }
}
