package io.github.ptxlitmus.search;

/**
 * Bounds of one search.
 *
 * @param loopBound how often a backward jump may be taken per path
 * @param deadlineNanos {@link System#nanoTime()} value after which the search stops
 * @param timeLimitText the time limit as shown to users, e.g. {@code "60 s"}
 * @param candidateLimit the most candidate executions examined
 */
public record SearchLimits(
    int loopBound, long deadlineNanos, String timeLimitText, long candidateLimit) {}
