package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.diy.CycleEnumerator;
import io.github.ptxlitmus.diy.Edge;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import picocli.CommandLine.Option;

/**
 * The enumeration options {@code diy} and {@code catalogue} share ({@code --relax}, {@code
 * --safe}, {@code --size}, {@code --threads}, {@code --max-tests}; docs/diy.md), as a picocli
 * mixin, and the guard in front of an enumeration: a run that may give more than {@link
 * #ESTIMATE_ABOVE} tests is first estimated ({@link CycleEnumerator#estimate}) and the estimate
 * said on stderr; without {@code --max-tests}, a run estimated above that many is refused
 * before it starts (a size whose count explodes needs a bound, given on purpose), and with it
 * the run stops after that many tests.
 */
final class CycleOptions {
  /** Runs that may give more tests than this are estimated (and the estimate said) first. */
  static final long ESTIMATE_ABOVE = 100_000;

  @Option(names = "--relax", paramLabel = "E,...", description = "Edges under test.")
  private String relax;

  @Option(names = "--safe", paramLabel = "E,...",
      description = "Edges assumed safe (@ptx: the documented PTX edge set).")
  private String safe;

  @Option(names = "--size", paramLabel = "N", defaultValue = "4",
      description = "Largest cycle, in edges (default ${DEFAULT-VALUE}).")
  private int size;

  @Option(names = "--threads", paramLabel = "K",
      description = "Most threads per test (default: the size).")
  private Integer threads;

  @Option(names = "--shard", paramLabel = "K/N",
      description = "Only shard K of N (1 <= K <= N): the tests whose file name NAME.litmus"
          + " hashes to it, as check --shard picks files; shards 1/N .. N/N hold every test"
          + " once.")
  private String shard;

  @Option(names = "--max-tests", paramLabel = "N",
      description = "Stop after N tests. Without it, a run estimated above 100,000 tests is"
          + " refused before it starts (the estimate is said on stderr).")
  private Long maxTests;

  /** True when {@code --relax} or {@code --safe} was given. */
  boolean given() {
    return relax != null || safe != null;
  }

  /**
   * {@return {@code --shard}, read}
   *
   * @throws IllegalArgumentException for a malformed value
   */
  Optional<Shard> shard() {
    return shard == null ? Optional.empty() : Optional.of(Shard.parse(shard));
  }

  /** Whether a generated test is in this run's shard: by its file name, {@code NAME.litmus}. */
  boolean inShard(CycleEnumerator.Generated g) {
    return shard().map(s -> s.contains(g.test().name() + ".litmus")).orElse(true);
  }

  /** {@return {@code --max-tests}, else no bound} */
  long maxTests() {
    return maxTests != null ? maxTests : Long.MAX_VALUE;
  }

  /**
   * The generated tests, in memory (sorted by size, then cycle), after {@link #guard}; with
   * {@code --max-tests}, the first that many as {@link #forEach} finds them.
   *
   * @throws IllegalArgumentException for a bad edge or option, or a refused run
   */
  List<CycleEnumerator.Generated> enumerate(String command, PrintWriter err) {
    guard(command, err);
    if (maxTests == null) {
      return CycleEnumerator.enumerate(relaxEdges(), safeEdges(), size, threads()).stream()
          .filter(this::inShard).toList();
    }
    List<CycleEnumerator.Generated> found = new java.util.ArrayList<>();
    forEach(found::add, (n, explored, tests) -> {});
    found.sort(java.util.Comparator.comparingInt((CycleEnumerator.Generated g) -> g.cycle().size())
        .thenComparing(g -> g.cycle().toString()));
    return found;
  }

  /**
   * Hands out each test as it is found, at most {@code --max-tests}; call {@link #guard}
   * first.
   *
   * @return the number of tests handed out, and whether the bound stopped the run
   * @throws IllegalArgumentException for a bad edge or option
   */
  Run forEach(Predicate<CycleEnumerator.Generated> sink, CycleEnumerator.Progress progress) {
    long[] seen = {0};
    boolean[] bounded = {false};
    Optional<Shard> part = shard();
    CycleEnumerator.forEach(relaxEdges(), safeEdges(), size, threads(),
        g -> {
          if (part.isPresent() && !part.get().contains(g.test().name() + ".litmus")) {
            return true;
          }
          if (seen[0] == maxTests()) {
            bounded[0] = true;
            return false;
          }
          seen[0]++;
          return sink.test(g);
        },
        progress);
    return new Run(seen[0], bounded[0]);
  }

  /**
   * How a streamed run ended.
   *
   * @param tests the tests handed out
   * @param bounded whether {@code --max-tests} stopped it (more would have followed)
   */
  record Run(long tests, boolean bounded) {}

  /**
   * Estimates a run that may give more than {@link #ESTIMATE_ABOVE} tests, says so on {@code
   * err}, and refuses it when the estimate is above that and no {@code --max-tests} was given.
   *
   * @return the estimated number of tests (the upper bound when no estimate was needed)
   * @throws IllegalArgumentException for a bad edge or option, or a refused run
   */
  double guard(String command, PrintWriter err) {
    if (maxTests != null && maxTests < 1) {
      throw new IllegalArgumentException("--max-tests must be at least 1, got " + maxTests);
    }
    int shards = shard().map(Shard::n).orElse(1);
    List<Edge> r = relaxEdges();
    List<Edge> s = safeEdges();
    double atMost = CycleEnumerator.atMost(r, s, size, threads()) / shards;
    if (atMost <= ESTIMATE_ABOVE) {
      return atMost;
    }
    double all = CycleEnumerator.estimate(r, s, size, threads());
    double estimate = all / shards;
    err.println(command + ": about " + about(all) + " tests of up to " + size
        + " edges (an estimate from the edges given)"
        + (shards > 1 ? ", about " + about(estimate) + " in this shard" : ""));
    err.flush();
    if (maxTests == null && estimate > ESTIMATE_ABOVE) {
      throw new IllegalArgumentException("about " + about(estimate) + " tests is more than "
          + String.format(Locale.ROOT, "%,d", ESTIMATE_ABOVE) + ": give --max-tests N to"
          + " generate up to N of them, or a smaller --size or fewer edges");
    }
    return estimate;
  }

  /** A count for people: 3 significant digits, thousands separated (e.g. {@code 3,160,000}). */
  static String about(double n) {
    if (n < 1000) {
      return String.format(Locale.ROOT, "%,d", Math.round(n));
    }
    double scale = Math.pow(10, Math.floor(Math.log10(n)) - 2);
    return String.format(Locale.ROOT, "%,.0f", Math.round(n / scale) * scale);
  }

  private List<Edge> relaxEdges() {
    return relax == null ? List.of() : Edge.parseList(relax);
  }

  private List<Edge> safeEdges() {
    return safe == null ? List.of() : Edge.parseList(safe);
  }

  private int threads() {
    return threads == null ? size : threads;
  }
}
