package io.github.ptxlitmus.search;

/**
 * The one object that decides every limit of one search (STYLE "The search as a state you can
 * hold"): wall-clock time, candidates examined, memory kept, and interruption of the searching
 * thread. The searches call it wherever they loop — per candidate ({@link #candidate()}), per
 * unit of work between candidates ({@link #step()}: rf choices, Fence-SC orientations,
 * coherence orders, barrier groupings, state collection) and per thing kept ({@link
 * #keep(long)}) — so that a limit is noticed within about a millisecond of work, and the whole
 * check stays within its time limit plus a small constant.
 *
 * <p>A limit hit throws {@link Exhausted}, whose message names the limit ({@code "time limit 5
 * s"}, {@code "candidate limit 1000"}, {@code "memory limit 256 MB"}, {@code "interrupted"});
 * the searches turn it into an Unknown result. Mutable, one per search, one thread.
 */
public final class Budget {
  private final SearchLimits limits;
  private long candidates;
  private long steps;
  private long keptBytes;

  /** How many {@link #step()} calls pass between two clock reads (a power of two). */
  private static final int CLOCK_EVERY = 16;

  public Budget(SearchLimits limits) {
    this.limits = limits;
  }

  /** A limit was hit; the message names it. Carries no stack trace (it is control flow). */
  public static final class Exhausted extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Exhausted(String limit) {
      super(limit, null, false, false);
    }

    /** The limit, as shown to users, e.g. {@code "time limit 5 s"}. */
    public String limit() {
      return getMessage();
    }
  }

  public SearchLimits limits() {
    return limits;
  }

  /** Candidate executions counted so far. */
  public long candidates() {
    return candidates;
  }

  /**
   * One candidate execution examined: counts it against the candidate limit, then checks the
   * clock and interruption like {@link #step()}.
   *
   * @throws Exhausted when a limit is hit
   */
  public void candidate() {
    candidates++;
    if (candidates > limits.candidateLimit()) {
      throw new Exhausted("candidate limit " + limits.candidateLimit());
    }
    step();
  }

  /**
   * One unit of work that is not a candidate. Checks interruption and, every few calls, the
   * clock.
   *
   * @throws Exhausted when the time limit has passed or the thread was interrupted (the
   *     interrupt flag is left set for the caller)
   */
  public void step() {
    if ((++steps & (CLOCK_EVERY - 1)) != 0) {
      return;
    }
    checkNow();
  }

  /**
   * Checks the clock and interruption at once (for loops whose single steps are slow).
   *
   * @throws Exhausted as {@link #step()}
   */
  public void checkNow() {
    if (Thread.currentThread().isInterrupted()) {
      throw new Exhausted("interrupted");
    }
    if (System.nanoTime() - limits.deadlineNanos() > 0) {
      throw new Exhausted("time limit " + limits.timeLimitText());
    }
  }

  /**
   * Charges {@code bytes} (an estimate of what the search keeps: a final state, a coherence
   * order remembered) against the memory bound.
   *
   * @throws Exhausted when the bound is exceeded
   */
  public void keep(long bytes) {
    keptBytes += bytes;
    if (keptBytes > limits.memoryLimitBytes()) {
      throw new Exhausted("memory limit " + megabytes(limits.memoryLimitBytes()));
    }
  }

  /**
   * Checks that one structure the search builds whole (the relations over a candidate's events,
   * the post-dominator sets of a thread) fits the memory bound, without counting it as kept:
   * it is rebuilt per candidate, not accumulated.
   *
   * @param bytes the structure's estimated size
   * @throws Exhausted naming the memory bound when {@code bytes} exceeds it
   */
  public void fits(long bytes) {
    if (bytes > limits.memoryLimitBytes()) {
      throw new Exhausted("memory limit " + megabytes(limits.memoryLimitBytes()));
    }
  }

  /** Estimated bytes of a final state of {@code entries} keys kept in a hash map. */
  public static long stateBytes(int entries) {
    return 64 + 56L * entries;
  }

  private static String megabytes(long bytes) {
    return bytes % (1L << 20) == 0 ? (bytes >> 20) + " MB" : bytes + " bytes";
  }
}
