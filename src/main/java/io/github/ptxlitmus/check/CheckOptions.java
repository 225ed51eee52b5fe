package io.github.ptxlitmus.check;

import java.time.Duration;

/**
 * Limits and switches of a check. Immutable; start from {@link #defaults()} and use the
 * {@code with*} methods.
 *
 * @param loopBound how many times each backward branch may be taken on one path (default 2);
 *     longer paths are cut and flagged {@link Flag#LOOP_BOUND_HIT}
 * @param timeLimit wall-clock budget per test (default 60 s); when exceeded the verdict is
 *     {@link Verdict#UNKNOWN}
 * @param candidateLimit the most candidate executions examined per test (default
 *     50,000,000); when exceeded the verdict is {@link Verdict#UNKNOWN}
 * @param allStates when true, final states list every register of every thread and every
 *     location; when false (default) only those named in the condition and in a {@code
 *     locations [...]} clause, as herd does
 */
public record CheckOptions(
    int loopBound, Duration timeLimit, long candidateLimit, boolean allStates) {

  public CheckOptions {
    if (loopBound < 0) {
      throw new IllegalArgumentException("loopBound must be >= 0: " + loopBound);
    }
    if (timeLimit.isNegative() || timeLimit.isZero()) {
      throw new IllegalArgumentException("timeLimit must be positive: " + timeLimit);
    }
    if (candidateLimit <= 0) {
      throw new IllegalArgumentException("candidateLimit must be positive: " + candidateLimit);
    }
  }

  public static CheckOptions defaults() {
    return new CheckOptions(2, Duration.ofSeconds(60), 50_000_000L, false);
  }

  public CheckOptions withLoopBound(int bound) {
    return new CheckOptions(bound, timeLimit, candidateLimit, allStates);
  }

  public CheckOptions withTimeLimit(Duration limit) {
    return new CheckOptions(loopBound, limit, candidateLimit, allStates);
  }

  public CheckOptions withCandidateLimit(long limit) {
    return new CheckOptions(loopBound, timeLimit, limit, allStates);
  }

  public CheckOptions withAllStates(boolean all) {
    return new CheckOptions(loopBound, timeLimit, candidateLimit, all);
  }
}
