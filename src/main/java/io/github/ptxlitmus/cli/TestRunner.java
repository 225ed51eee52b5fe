package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.FinalCondition;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.io.IOException;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.report.TestOutcome;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Function;

/**
 * Checks files on a pool of threads and returns their outcomes in input order; each outcome is
 * also handed to a sink as soon as it and every earlier one are done, so a report can stream
 * (an interrupted run keeps what it printed). Every failure of one file becomes a {@link
 * TestOutcome.Failed} with a one-line message. A check that runs past the hard limit (a safety
 * net behind the checker's own time limit) is abandoned: interrupted, its thread replaced so
 * the other files still run, and reported as {@link Verdict#UNKNOWN} (a limit, not an error).
 * A check that starts another search of its own (a re-check in states mode) asks for more time
 * with {@link #anotherSearch}. One instance serves one run, from one thread (but {@link
 * #anotherSearch} is called from the checking threads).
 */
final class TestRunner {
  /** Progress is shown only for runs longer than this many tests. */
  static final int PROGRESS_THRESHOLD = 5;

  private static final long POLL_MILLIS = 100;

  private final int threads;
  private final HardLimits limits;
  private final PrintWriter err;
  private final boolean progress;
  /** Whether some check ran out of memory (the command then exits 2). */
  private final java.util.concurrent.atomic.AtomicBoolean outOfMemory =
      new java.util.concurrent.atomic.AtomicBoolean();

  /** Files up to this size are parsed again to name an abandoned check's test. */
  private static final long REPARSE_BYTES = 1L << 20;

  /**
   * @param threads how many files to check at once (at least 1)
   * @param hardLimit how long one check may run before it is abandoned
   * @param err where the progress line goes
   * @param terminal whether to draw the progress line (stderr is a terminal, or --progress)
   */
  TestRunner(int threads, Duration hardLimit, PrintWriter err, boolean terminal) {
    this.threads = threads;
    this.limits = new HardLimits(hardLimit);
    this.err = err;
    this.progress = terminal;
  }

  /**
   * Grants the check of {@code file} the time of one more search (a re-check with the time
   * limit of its own), so that the safety net does not abandon a check that answered.
   *
   * @param file the file being checked
   * @param searchLimit the new search's time limit
   */
  void anotherSearch(Path file, Duration searchLimit) {
    limits.grant(file, searchLimit);
  }

  /** Whether some check of the run ran out of memory. */
  boolean ranOutOfMemory() {
    return outOfMemory.get();
  }

  /** Checks every file; the outcome list is in the order of {@code files}. */
  List<TestOutcome> run(List<Path> files, Function<Path, CheckResult> check) {
    return run(files, check, outcome -> {});
  }

  /**
   * Checks every file, handing each outcome to {@code sink} in the order of {@code files} as
   * soon as it and all before it are done (on the calling thread, with the progress line
   * cleared first).
   *
   * @return the outcomes in the order of {@code files}
   */
  List<TestOutcome> run(
      List<Path> files, Function<Path, CheckResult> check, Consumer<TestOutcome> sink) {
    int n = files.size();
    if (n == 0) {
      return List.of();
    }
    int size = Math.max(1, Math.min(threads, n));
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            size, size, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), TestRunner::daemon);
    AtomicLongArray started = new AtomicLongArray(n);
    TestOutcome[] outcomes = new TestOutcome[n];
    List<Future<Done>> futures = new ArrayList<>(n);
    boolean show = progress && n > PROGRESS_THRESHOLD;
    try {
      CompletionService<Done> done = new ExecutorCompletionService<>(pool);
      for (int i = 0; i < n; i++) {
        int index = i;
        futures.add(
            done.submit(
                () -> {
                  started.set(index, System.nanoTime());
                  TestOutcome outcome = checkOne(files.get(index), check);
                  if (outcome instanceof TestOutcome.Failed f
                      && f.message().startsWith(OUT_OF_MEMORY)) {
                    outOfMemory.set(true);
                  }
                  return new Done(index, outcome);
                }));
      }
      int finished = 0;
      int delivered = 0;
      while (finished < n) {
        Future<Done> future = done.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
        if (future != null && !future.isCancelled()) {
          int index = future.get().index();
          outcomes[index] = future.get().outcome();
          finished++;
        }
        for (int i = 0; i < n; i++) {
          long start = started.get(i);
          if (start != 0
              && outcomes[i] == null
              && System.nanoTime() - start > limits.of(files.get(i)).toNanos()
              && futures.get(i).cancel(true)) {
            // Abandoned: a cancelled task never delivers, so slot i is written only here.
            outcomes[i] = abandoned(files.get(i), limits.of(files.get(i)));
            finished++;
            grow(pool);
          }
        }
        if (delivered < n && outcomes[delivered] != null) {
          if (show) {
            err.print("\r\033[K");
            err.flush();
          }
          while (delivered < n && outcomes[delivered] != null) {
            sink.accept(outcomes[delivered++]);
          }
        }
        if (show && finished < n) {
          draw(finished, n, files.get(delivered < n ? delivered : n - 1));
        }
      }
      if (show) {
        err.print("\r\033[K");
        err.flush();
      }
      return List.of(outcomes);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException | CancellationException e) {
      // checkOne catches everything a check can throw; reaching here is a bug in this class
      throw new IllegalStateException(e);
    } finally {
      pool.shutdownNow();
    }
  }

  /** A finished check: the file's index and its outcome. */
  private record Done(int index, TestOutcome outcome) {}

  /**
   * A check stopped at the hard limit: Unknown (a limit was hit) naming how long it was given,
   * named and conditioned as its file says (a large file by its header and condition alone); a
   * file that does not even parse stays an error.
   *
   * @param file the file whose check was abandoned
   * @param grantedTime how long it was given: the hard limit and any extra granted for a
   *     re-listing
   */
  static TestOutcome abandoned(Path file, Duration grantedTime) {
    long granted = grantedTime.toMillis();
    String why = "no answer within " + granted / 1000.0 + " s; check abandoned";
    try {
      // Parsed again on this thread only when that is quick: the run must go on at once. A
      // larger file is named by its header and its final condition, read alone.
      Optional<Map.Entry<String, FinalCondition>> head =
          java.nio.file.Files.size(file) > REPARSE_BYTES ? nameAndCondition(file)
              : Optional.of(parsed(file));
      if (head.isEmpty()) {
        return new TestOutcome.Failed(file, why);
      }
      CheckResult unknown =
          new CheckResult(
              head.get().getKey(), file.toString(), List.of(), head.get().getValue(), false,
              Verdict.UNKNOWN, Optional.of(why), 0, 0, Set.of(Flag.LIMIT_HIT), granted, 0);
      return new TestOutcome.Checked(file, unknown);
    } catch (IOException | RuntimeException e) {
      return new TestOutcome.Failed(file, why);
    }
  }

  private static Map.Entry<String, FinalCondition> parsed(Path file) throws IOException {
    LitmusTest test = LitmusParser.parse(file);
    return Map.entry(test.name(), test.condition());
  }

  private static final java.util.regex.Pattern HEADER =
      java.util.regex.Pattern.compile("\\A\\s*\\S+\\s+(\\S+)");
  private static final java.util.regex.Pattern QUANTIFIER =
      java.util.regex.Pattern.compile("(?m)^\\s*(~\\s*exists|not\\s+exists|exists|forall)\\b");

  /**
   * The test's name ({@code PTX <name>}) and final condition (after the last line starting
   * with a quantifier), read without parsing the threads; empty when they cannot be found.
   */
  private static Optional<Map.Entry<String, FinalCondition>> nameAndCondition(Path file)
      throws IOException {
    String text = io.github.ptxlitmus.litmus.TextFiles.readString(file, false);
    java.util.regex.Matcher name = HEADER.matcher(text);
    java.util.regex.Matcher q = QUANTIFIER.matcher(text);
    int at = -1;
    String keyword = "";
    while (q.find()) {
      at = q.end();
      keyword = q.group(1).replaceAll("\\s+", " ");
    }
    if (!name.find() || at < 0) {
      return Optional.empty();
    }
    FinalCondition.Quantifier quantifier = keyword.equals("forall")
        ? FinalCondition.Quantifier.FORALL
        : keyword.equals("exists") ? FinalCondition.Quantifier.EXISTS
            : FinalCondition.Quantifier.NOT_EXISTS;
    String body = text.substring(at).strip().replaceAll(";\\s*\\z", "");
    return Optional.of(Map.entry(name.group(1),
        new FinalCondition(quantifier, LitmusParser.parseCondition(body))));
  }

  /** Replaces an abandoned (possibly still running) thread so the queue keeps moving. */
  static void grow(ThreadPoolExecutor pool) {
    int size = pool.getMaximumPoolSize() + 1;
    pool.setMaximumPoolSize(size);
    pool.setCorePoolSize(size);
  }

  private void draw(int finished, int total, Path file) {
    err.print("\r\033[K[" + finished + "/" + total + "] " + file.getFileName());
    err.flush();
  }

  /** A daemon thread with the large stack ({@link Main#STACK_BYTES}) that checks run on. */
  static Thread daemon(Runnable task) {
    Thread thread = new Thread(null, task, "ptx-litmus-check", Main.STACK_BYTES);
    thread.setDaemon(true);
    return thread;
  }

  /** The start of the message of a check that ran out of memory. */
  static final String OUT_OF_MEMORY = "out of memory while checking";

  /** Checks one file; every failure becomes a {@link TestOutcome.Failed} with one line. */
  static TestOutcome checkOne(Path file, Function<Path, CheckResult> check) {
    try {
      return new TestOutcome.Checked(file, check.apply(file));
    } catch (LitmusSyntaxException e) {
      return new TestOutcome.Failed(file, oneLine(e.getMessage()));
    } catch (UncheckedIOException e) {
      return new TestOutcome.Failed(file, "cannot read: " + oneLine(IoMessages.reason(e)));
    } catch (StackOverflowError e) {
      return new TestOutcome.Failed(file, "stack overflow while checking");
    } catch (OutOfMemoryError e) {
      return new TestOutcome.Failed(file, OUT_OF_MEMORY + " (the Java heap is at most "
          + (Runtime.getRuntime().maxMemory() >> 20) + " MB; give more with"
          + " PTX_LITMUS_JAVA_OPTS=-Xmx8g)");
    } catch (RuntimeException | Error e) {
      return new TestOutcome.Failed(file, oneLine(describe(e)));
    }
  }

  private static String describe(Throwable e) {
    String message = e.getMessage();
    String kind = e.getClass().getSimpleName();
    return message == null || message.isBlank() ? kind : kind + ": " + message;
  }

  private static String oneLine(String text) {
    return text == null ? "" : text.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
