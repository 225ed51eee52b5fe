package io.github.ptxlitmus.search;

/**
 * Bounds of one search. Each search turns them into one {@link Budget}, which decides every
 * limit wherever the search loops.
 *
 * @param loopBound how often a backward jump may be taken per path
 * @param deadlineNanos {@link System#nanoTime()} value after which the search stops
 * @param timeLimitText the time limit as shown to users, e.g. {@code "60 s"}
 * @param candidateLimit the most candidate executions examined
 * @param memoryLimitBytes the most memory (bytes, estimated) the search may spend on what it
 *     keeps: final states, coherence orders seen; a search that needs more stops with an
 *     Unknown naming this bound instead of growing the heap
 */
public record SearchLimits(
    int loopBound,
    long deadlineNanos,
    String timeLimitText,
    long candidateLimit,
    long memoryLimitBytes) {

  /** The default of {@link #memoryLimitBytes()}: 256 MiB. */
  public static final long DEFAULT_MEMORY_LIMIT = 256L << 20;

  public SearchLimits {
    if (memoryLimitBytes <= 0) {
      throw new IllegalArgumentException("memoryLimitBytes must be positive: " + memoryLimitBytes);
    }
  }

  /** Limits with the default memory bound {@link #DEFAULT_MEMORY_LIMIT}. */
  public SearchLimits(
      int loopBound, long deadlineNanos, String timeLimitText, long candidateLimit) {
    this(loopBound, deadlineNanos, timeLimitText, candidateLimit, DEFAULT_MEMORY_LIMIT);
  }

  /**
   * No deadline and no candidate limit (the default memory bound still holds), e.g. for the
   * cost estimate outside a check.
   *
   * @param loopBound how often a backward jump may be taken per path
   * @return the limits
   */
  public static SearchLimits unlimited(int loopBound) {
    return new SearchLimits(loopBound, System.nanoTime() + Long.MAX_VALUE / 4, "none",
        Long.MAX_VALUE);
  }

  /** The same limits with another memory bound (bytes). */
  public SearchLimits withMemoryLimit(long bytes) {
    return new SearchLimits(loopBound, deadlineNanos, timeLimitText, candidateLimit, bytes);
  }
}
