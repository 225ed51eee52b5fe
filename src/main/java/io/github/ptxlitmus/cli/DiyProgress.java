package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.diy.CycleEnumerator;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * How far {@code diy --relax/--safe} is, on stderr: {@code [size 6: 41 %] 1,234,567 tests, 2:13}
 * redrawn in place on a terminal (every quarter second at most), or one such line every 10 s
 * for a large run whose stderr is not a terminal (a log, a batch job). Not drawn for the
 * first second: a small run prints nothing. One instance serves one run, from one thread.
 */
final class DiyProgress implements CycleEnumerator.Progress {
  private static final long FIRST_NANOS = 1_000_000_000L;
  private static final long REDRAW_NANOS = 250_000_000L;
  private static final long LINE_NANOS = 10_000_000_000L;

  private final PrintWriter err;
  private final boolean terminal;
  private final boolean shown;
  private final long start = System.nanoTime();
  private long last;
  private boolean drawn;

  /**
   * @param err stderr
   * @param option {@code --progress} / {@code --no-progress}, or null for the default
   * @param large whether the run was estimated above {@link CycleOptions#ESTIMATE_ABOVE} tests
   */
  DiyProgress(PrintWriter err, Boolean option, boolean large) {
    this.err = err;
    this.terminal = Terminal.stderr();
    this.shown = option != null ? option : terminal || large;
  }

  @Override
  public void at(int size, double explored, long tests) {
    long now = System.nanoTime();
    if (!shown || now - start < FIRST_NANOS
        || drawn && now - last < (terminal ? REDRAW_NANOS : LINE_NANOS)) {
      return;
    }
    last = now;
    long seconds = (now - start) / 1_000_000_000L;
    String line = String.format(Locale.ROOT, "[size %d: %d %%] %,d tests, %d:%02d", size,
        (int) Math.floor(explored * 100), tests, seconds / 60, seconds % 60);
    err.print(terminal ? "\r\033[K" + line : line + "\n");
    err.flush();
    drawn = true;
  }

  /** Clears a line drawn in place, so that what follows starts on a clean line. */
  void clear() {
    if (drawn && terminal) {
      err.print("\r\033[K");
      err.flush();
    }
  }
}
