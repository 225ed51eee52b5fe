package io.github.ptxlitmus.property;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Property 4 (DESIGN §4: the result "must be deterministic"): checking the same test twice, and
 * from four threads at once with one shared {@link LitmusChecker}, gives identical results
 * (states, verdict, counts, flags, candidates examined), in states and in decide mode.
 */
class DeterminismPropertyTest {
  private static final int TESTS = 300;
  private static ExecutorService pool;

  @BeforeAll
  static void startPool() {
    pool = Executors.newFixedThreadPool(4);
  }

  @AfterAll
  static void stopPool() {
    pool.shutdownNow();
  }

  @Test
  void sequentialChecksAreIdentical() {
    Properties.forAll("determinism (sequential)", 4_000_000L, TESTS, p -> {
      LitmusTest test = p.parse();
      for (LitmusChecker checker : List.of(Properties.STATES, Properties.DECIDE)) {
        CheckResult first = checker.check(test);
        CheckResult second = checker.check(p.parse());
        assertThat(same(second)).isEqualTo(same(first));
      }
    });
  }

  @Test
  void concurrentChecksWithOneCheckerAreIdentical() {
    Properties.forAll("determinism (4 threads, one checker)", 4_100_000L, TESTS, p -> {
      LitmusTest test = p.parse();
      for (LitmusChecker checker : List.of(Properties.STATES, Properties.DECIDE)) {
        String expected = same(checker.check(test));
        List<Future<CheckResult>> futures = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
          futures.add(pool.submit(() -> checker.check(test)));
        }
        for (Future<CheckResult> f : futures) {
          assertThat(same(get(f))).isEqualTo(expected);
        }
      }
    });
  }

  /** What must repeat exactly: everything but the time taken. */
  private static String same(CheckResult r) {
    return Properties.Summary.of(r) + " candidates=" + r.candidates()
        + " reason=" + r.unknownReason() + " states(order)=" + r.states();
  }

  private static CheckResult get(Future<CheckResult> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    }
  }
}
