package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.litmus.LitmusFileTree;
import io.github.ptxlitmus.report.TestOutcome;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Checks test paths as they arrive, one a line ({@code check -} fed paths, {@code check
 * --paths-from FILE}): each line is a file or a directory (its {@code *.litmus} files, sorted),
 * as a command-line argument would be, and each outcome is handed to the sink as soon as it
 * and every earlier one are done, in input order. A reader thread takes lines while up to
 * {@code threads} checks run, so a caller that writes one path and waits for its result is
 * answered at once, and one that pipes a long list keeps every core busy; at most a few lines
 * per thread are read ahead. A line that names nothing checkable (no such file, a directory
 * without tests, a FIFO) is a {@link TestOutcome.Failed} of that line, and the stream goes on.
 * A check running past the hard limit is abandoned as {@link TestRunner} does. One instance
 * serves one run, from one thread.
 */
final class CheckStream {
  private static final long POLL_MILLIS = 100;

  /** What the reader hands over, in input order: a check running, or the end of input. */
  private record Slot(Path file, Future<TestOutcome> outcome, AtomicLong started) {}

  private static final Slot END = new Slot(null, null, null);

  /**
   * How a run went.
   *
   * @param lines the paths read (lines that are not blank)
   * @param outcomes the outcomes handed to the sink
   */
  record Counts(long lines, long outcomes) {}

  private final int threads;
  private final HardLimits limits;

  /**
   * @param threads how many files to check at once (at least 1)
   * @param hardLimit how long one check may run before it is abandoned
   */
  CheckStream(int threads, Duration hardLimit) {
    this.threads = Math.max(1, threads);
    this.limits = new HardLimits(hardLimit);
  }

  /**
   * Grants a file's check one more search limit before it is abandoned: a file whose own
   * expectation comments list states is listed again after its check (a second search with
   * a time limit of its own). Called from the checking threads.
   *
   * @param file the file being checked
   * @param searchLimit the time limit of the second search
   */
  void anotherSearch(Path file, Duration searchLimit) {
    limits.grant(file, searchLimit);
  }

  /**
   * Checks every path read from {@code lines} until its end, or until {@code sink} returns
   * false (the output is gone).
   *
   * @param lines one path a line; blank lines are skipped, a trailing {@code \r} ignored
   * @param inShard whether a file found from a line belongs to this run ({@code --shard}),
   *     given the line's path and the file
   * @param check the check of one file; anything it throws is that file's error
   * @param sink takes each outcome in input order on the calling thread; false stops the run
   * @return what was read and checked
   * @throws UncheckedIOException when reading {@code lines} fails
   */
  Counts run(
      BufferedReader lines,
      BiPredicate<Path, Path> inShard,
      Function<Path, CheckResult> check,
      Predicate<TestOutcome> sink) {
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
            TestRunner::daemon);
    BlockingQueue<Slot> slots = new ArrayBlockingQueue<>(4 * threads);
    CompletableFuture<Void> reading = new CompletableFuture<>();
    AtomicLong read = new AtomicLong();
    Thread reader =
        new Thread(
            () -> {
              try {
                read(lines, inShard, check, pool, slots, read);
                reading.complete(null);
              } catch (UncheckedIOException e) {
                reading.completeExceptionally(e);
              } catch (InterruptedException e) {
                return; // the run is over: nobody waits for the end marker
              }
              try {
                slots.put(END);
              } catch (InterruptedException e) {
                // the run is over
              }
            },
            "ptx-litmus-paths");
    reader.setDaemon(true);
    reader.start();
    long delivered = 0;
    try {
      while (true) {
        Slot slot = slots.take();
        if (slot == END) {
          break;
        }
        TestOutcome outcome = await(slot, pool);
        delivered++;
        if (!sink.test(outcome)) {
          break;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } finally {
      reader.interrupt();
      pool.shutdownNow();
    }
    if (reading.isCompletedExceptionally()) {
      try {
        reading.join();
      } catch (java.util.concurrent.CompletionException e) {
        if (e.getCause() instanceof UncheckedIOException io) {
          throw io;
        }
      }
    }
    return new Counts(read.get(), delivered);
  }

  /** The reader: each line's files, each submitted as a check and queued in order. */
  private void read(
      BufferedReader lines,
      BiPredicate<Path, Path> inShard,
      Function<Path, CheckResult> check,
      ThreadPoolExecutor pool,
      BlockingQueue<Slot> slots,
      AtomicLong read)
      throws InterruptedException {
    String line;
    while ((line = readLine(lines)) != null) {
      if (line.endsWith("\r")) {
        line = line.substring(0, line.length() - 1);
      }
      if (line.isBlank()) {
        continue;
      }
      read.incrementAndGet();
      Path path;
      try {
        path = Path.of(line);
      } catch (InvalidPathException e) {
        slots.put(done(Path.of("-"), "not a path: " + line + " (" + e.getReason() + ")"));
        continue;
      }
      for (Slot slot : slots(path, inShard, check, pool)) {
        slots.put(slot);
      }
    }
  }

  /** The longest line read as a path: far beyond any path a file system takes. */
  static final int MAX_LINE = 1 << 16;

  /**
   * The next line, without its end; null at the end of input. A line longer than {@link
   * #MAX_LINE} characters (a binary file or device given as the list, e.g. {@code /dev/zero})
   * ends the stream with an error instead of filling memory.
   */
  private static String readLine(BufferedReader lines) {
    try {
      StringBuilder b = new StringBuilder();
      int c;
      while ((c = lines.read()) >= 0) {
        if (c == '\n') {
          return b.toString();
        }
        if (b.length() == MAX_LINE) {
          throw new IOException("a line longer than " + MAX_LINE + " characters: the input is"
              + " not a list of paths, one a line");
        }
        b.append((char) c);
      }
      return b.length() == 0 ? null : b.toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The checks of one line: its file, or its directory's files; or why there are none. */
  private List<Slot> slots(
      Path path,
      BiPredicate<Path, Path> inShard,
      Function<Path, CheckResult> check,
      ThreadPoolExecutor pool) {
    List<Path> files;
    if (Files.isDirectory(path)) {
      try {
        files = LitmusFileTree.under(path);
      } catch (IOException | UncheckedIOException e) {
        return List.of(done(path, "cannot read directory: " + IoMessages.reason(e)));
      }
      if (files.isEmpty()) {
        return List.of(done(path, "no *.litmus files under " + path));
      }
    } else if (Files.isRegularFile(path)) {
      files = List.of(path);
    } else if (Files.exists(path)) {
      return List.of(done(path, "not a regular file")); // a FIFO would block the run
    } else {
      return List.of(done(path, "no such file or directory"));
    }
    return files.stream()
        .map(Path::normalize)
        .filter(file -> inShard.test(path, file))
        .map(file -> submit(file, check, pool))
        .toList();
  }

  private static Slot submit(Path file, Function<Path, CheckResult> check, ThreadPoolExecutor pool) {
    AtomicLong started = new AtomicLong();
    Future<TestOutcome> outcome =
        pool.submit(
            () -> {
              started.set(System.nanoTime());
              return TestRunner.checkOne(file, check);
            });
    return new Slot(file, outcome, started);
  }

  private static Slot done(Path file, String message) {
    return new Slot(
        file, CompletableFuture.completedFuture(new TestOutcome.Failed(file, message)),
        new AtomicLong());
  }

  /** The slot's outcome; abandoned (and its thread replaced) past the hard limit. */
  private TestOutcome await(Slot slot, ThreadPoolExecutor pool) throws InterruptedException {
    while (true) {
      try {
        return slot.outcome().get(POLL_MILLIS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        long start = slot.started().get();
        if (start != 0
            && System.nanoTime() - start > limits.of(slot.file()).toNanos()
            && slot.outcome().cancel(true)) {
          TestRunner.grow(pool);
          return TestRunner.abandoned(slot.file(), limits.of(slot.file()));
        }
      } catch (ExecutionException | CancellationException e) {
        // checkOne catches everything a check can throw; reaching here is a bug in this class
        throw new IllegalStateException(e);
      }
    }
  }
}
