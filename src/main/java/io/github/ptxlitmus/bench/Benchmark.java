package io.github.ptxlitmus.bench;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.ObservedKeys;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.search.Engines;
import io.github.ptxlitmus.search.Goal;
import io.github.ptxlitmus.search.Enumerator;
import io.github.ptxlitmus.search.SearchLimits;
import io.github.ptxlitmus.search.SearchResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Times the pruned engine against the exhaustive baseline in one JVM. Corpus
 * files are measured in states mode: the pruned search's state set ({@link DecisionSearch}
 * without a target) against the exhaustive {@link Enumerator}'s. Family tests are measured in
 * decide mode: {@link CheckOptions.Mode#DECIDE} against {@link CheckOptions.Mode#EXHAUSTIVE},
 * which also answers the condition; corpus files are decided too, to compare verdicts. The
 * {@link Stress} cases (section {@code stress}) are measured as their users run them: the
 * writes to one location in decide mode, the others in states mode, each against the
 * exhaustive baseline and the known answer. {@code check}'s default
 * ({@link CheckOptions.Mode#AUTO}) runs one of those two engines, whose time is reported for
 * it. A warm-up pass runs every case once first (the baseline with a short limit, and only at
 * each family's smallest size); each time is the median
 * of {@link Settings#repeat()} runs of the check alone (the test is parsed once, beforehand).
 */
public final class Benchmark {
  /** Warm-up runs of the baseline stop after this long: they are there for the JIT only. */
  private static final Duration WARM_UP_LIMIT = Duration.ofSeconds(1);

  /**
   * What to measure.
   *
   * @param corpora litmus files, each with the section it is reported under (its corpus root)
   * @param families the families measured at every size of {@code sizes}
   * @param stress the stress cases measured (section {@code stress}), e.g. {@link
   *     Stress#cases()}
   * @param sizes the family sizes, ascending (those below a family's minimum are skipped)
   * @param repeat runs per measurement; the median is reported
   * @param baselineLimit the exhaustive engine's time limit per run
   * @param prunedLimit the pruned engine's time limit per run
   */
  public record Settings(
      List<CorpusFile> corpora,
      List<Family> families,
      List<Stress.Case> stress,
      List<Integer> sizes,
      int repeat,
      Duration baselineLimit,
      Duration prunedLimit) {
    public Settings {
      corpora = List.copyOf(corpora);
      families = List.copyOf(families);
      stress = List.copyOf(stress);
      sizes = List.copyOf(sizes);
      if (repeat < 1) {
        throw new IllegalArgumentException("repeat must be >= 1: " + repeat);
      }
    }
  }

  /** A litmus file and the name of the corpus it belongs to. */
  public record CorpusFile(String corpus, Path file, String name) {}

  /**
   * One measured case.
   *
   * @param section the corpus name, {@code families} or {@code stress}
   * @param name the file's name relative to its corpus, or {@code SB-16}, {@code W8x8-allowed}
   * @param mode {@code states} or {@code decide}
   * @param answer the verdict ({@code Allowed}, {@code Forbidden}, ...: the baseline's when it
   *     finished, else decide mode's) or {@code error}
   * @param check {@code ok} or what disagrees: decide mode's verdict with the baseline's or the
   *     family's answer; the pruned state set with the baseline's
   * @param prunedMillis median time of the pruned engine: states mode for corpus files, decide
   *     mode for families
   * @param baselineMillis median time of the exhaustive engine; empty when it hit its limit
   * @param baselineNote why the baseline has no time ({@code >10s}, or {@code not run (>10s at
   *     N=8)} when it already hit its limit at a smaller size of the family); else empty
   * @param autoMode the engine {@code check} uses by default for this test: {@code states}
   *     (the exhaustive one) or {@code decide}; for a stress case that lists its states, the one
   *     {@code check --states} uses: {@code states} or {@code states (pruned)}
   * @param autoMillis that engine's median time (as measured for the baseline or decide mode);
   *     empty when it hit its limit
   */
  public record Row(
      String section,
      String name,
      String mode,
      String answer,
      String check,
      OptionalDouble prunedMillis,
      OptionalDouble baselineMillis,
      String baselineNote,
      String autoMode,
      OptionalDouble autoMillis) {
    /** Whether the answers agreed. */
    public boolean ok() {
      return check.equals("ok");
    }
  }

  /**
   * A case: a parsed test (or the reason it could not be read) and how it is measured: decided
   * or listed, and the answer it must give when known (families and stress cases).
   */
  private record Case(
      String section, String name, Optional<LitmusTest> test, String error,
      Optional<Family> family, boolean decide, Optional<Verdict> expected) {}

  private final Settings settings;
  private final Consumer<String> progress;

  private Benchmark(Settings settings, Consumer<String> progress) {
    this.settings = settings;
    this.progress = progress;
  }

  /**
   * Runs the benchmark.
   *
   * @param progress told the name of each case as it starts (for a progress line)
   * @return one row per corpus file, then per family and size, then per stress case, in that
   *     order
   */
  public static List<Row> run(Settings settings, Consumer<String> progress) {
    return new Benchmark(settings, progress).run();
  }

  private List<Row> run() {
    List<Case> cases = cases();
    progress.accept("warm-up");
    Set<Family> warmed = new HashSet<>();
    for (Case c : cases) {
      // The baseline is warmed up on the corpus and each family's smallest size only: at
      // larger sizes it would just run into its limit.
      boolean baseline = c.family().isEmpty() || warmed.add(c.family().get());
      c.test().ifPresent(t -> warmUp(t, c.decide(), baseline));
    }
    List<Row> rows = new ArrayList<>();
    Map<Family, Integer> baselineGaveUp = new HashMap<>();
    for (Case c : cases) {
      progress.accept(c.section() + " " + c.name());
      Optional<Integer> skip = c.family().map(baselineGaveUp::get);
      Row row = measure(c, skip);
      if (c.family().isPresent() && row.baselineMillis().isEmpty() && skip.isEmpty()) {
        baselineGaveUp.put(c.family().get(), sizeOf(c));
      }
      rows.add(row);
    }
    return rows;
  }

  private static int sizeOf(Case c) {
    return Integer.parseInt(c.name().substring(c.name().lastIndexOf('-') + 1));
  }

  private List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    for (CorpusFile f : settings.corpora()) {
      try {
        cases.add(
            new Case(f.corpus(), f.name(), Optional.of(LitmusParser.parse(f.file())), "",
                Optional.empty(), false, Optional.empty()));
      } catch (IOException | RuntimeException e) {
        cases.add(new Case(f.corpus(), f.name(), Optional.empty(), oneLine(e), Optional.empty(),
            false, Optional.empty()));
      }
    }
    for (Family family : settings.families()) {
      for (int n : settings.sizes()) {
        if (n < family.minimum()) {
          continue;
        }
        String name = family.displayName() + "-" + n;
        cases.add(generated("families", name, () -> family.generate(n), Optional.of(family),
            true, family.expectAllowed()));
      }
    }
    for (Stress.Case s : settings.stress()) {
      cases.add(generated("stress", s.name(), s::text, Optional.empty(), !s.listStates(),
          s.allowed()));
    }
    return cases;
  }

  private static Case generated(
      String section, String name, Supplier<String> text, Optional<Family> family,
      boolean decide, boolean allowed) {
    Optional<Verdict> expected = Optional.of(allowed ? Verdict.ALLOWED : Verdict.FORBIDDEN);
    try {
      return new Case(section, name, Optional.of(LitmusParser.parse(name, text.get())), "",
          family, decide, expected);
    } catch (RuntimeException e) {
      return new Case(section, name, Optional.empty(), oneLine(e), family, decide, expected);
    }
  }

  private void warmUp(LitmusTest test, boolean decide, boolean baseline) {
    try {
      if (decide) {
        check(test, CheckOptions.Mode.DECIDE, settings.prunedLimit());
      } else {
        prunedStates(test);
      }
      Duration limit =
          settings.baselineLimit().compareTo(WARM_UP_LIMIT) < 0
              ? settings.baselineLimit()
              : WARM_UP_LIMIT;
      if (!decide) {
        check(test, CheckOptions.Mode.DECIDE, settings.prunedLimit());
      }
      if (baseline) {
        check(test, CheckOptions.Mode.EXHAUSTIVE, limit);
      }
    } catch (RuntimeException e) {
      // reported by the measured run
    }
  }

  private Row measure(Case c, Optional<Integer> baselineSkippedAfter) {
    boolean decides = c.decide();
    String mode = decides ? "decide" : "states";
    if (c.test().isEmpty()) {
      return errorRow(c, mode, c.error());
    }
    LitmusTest test = c.test().get();
    try {
      Optional<Timed<CheckResult>> baseline = Optional.empty();
      String note = "";
      if (baselineSkippedAfter.isPresent()) {
        note = "not run (>" + seconds(settings.baselineLimit()) + " at N="
            + baselineSkippedAfter.get() + ")";
      } else {
        baseline =
            Optional.of(
                time(() -> check(test, CheckOptions.Mode.EXHAUSTIVE, settings.baselineLimit())));
        if (hitLimit(baseline.get().value())) {
          note = ">" + seconds(settings.baselineLimit());
        }
      }
      Optional<CheckResult> done =
          baseline.map(Timed::value).filter(r -> !hitLimit(r));
      OptionalDouble baselineMillis =
          done.isPresent() ? OptionalDouble.of(baseline.get().millis()) : OptionalDouble.empty();
      Timed<CheckResult> decide =
          time(() -> check(test, CheckOptions.Mode.DECIDE, settings.prunedLimit()));
      // check's default resolves to one of the two engines (as LitmusChecker does): reuse its time.
      boolean autoDecides =
          LitmusChecker.resolveMode(test, CheckOptions.defaults()) == CheckOptions.Mode.DECIDE;
      String autoMode = autoDecides ? "decide" : "states";
      OptionalDouble autoMillis = autoDecides ? OptionalDouble.of(decide.millis()) : baselineMillis;
      List<String> problems = new ArrayList<>();
      boolean listedCase = c.expected().isPresent() && !decides;
      if (listedCase) {
        // A case its users run with check --states: time that, whichever engine it picks.
        Timed<CheckResult> listed =
            time(() -> check(test, CheckOptions.Mode.STATES, settings.prunedLimit()));
        autoMode = listed.value().has(Flag.DISTINCT_STATES) ? "states (pruned)" : "states";
        autoMillis = OptionalDouble.of(listed.millis());
        if (hitLimit(listed.value())) {
          problems.add("check --states: " + listed.value().unknownReason().orElse("Unknown"));
        }
      }
      if (hitLimit(decide.value())) {
        problems.add("decide mode: " + decide.value().unknownReason().orElse("Unknown"));
      }
      done.filter(b -> b.verdict() != decide.value().verdict())
          .ifPresent(b -> problems.add(
              "decide " + word(decide.value().verdict()) + ", baseline " + word(b.verdict())));
      c.expected()
          .filter(expected -> decide.value().verdict() != expected)
          .ifPresent(expected -> problems.add("expected " + word(expected)));
      OptionalDouble prunedMillis;
      if (decides) {
        prunedMillis = OptionalDouble.of(decide.millis());
      } else {
        Timed<SearchResult> states = time(() -> prunedStates(test));
        problems.addAll(statesCheck(test, states.value(), done));
        prunedMillis = OptionalDouble.of(states.millis());
      }
      Verdict answer = done.map(CheckResult::verdict).orElse(decide.value().verdict());
      return new Row(c.section(), c.name(), mode, word(answer),
          problems.isEmpty() ? "ok" : String.join("; ", problems), prunedMillis, baselineMillis,
          note, autoMode, autoMillis);
    } catch (RuntimeException e) {
      return errorRow(c, mode, oneLine(e));
    }
  }

  private static Row errorRow(Case c, String mode, String error) {
    return new Row(c.section(), c.name(), mode, "error", error, OptionalDouble.empty(),
        OptionalDouble.empty(), "", "-", OptionalDouble.empty());
  }

  /** The pruned state set equals the baseline's, projected alike. */
  private List<String> statesCheck(
      LitmusTest test, SearchResult pruned, Optional<CheckResult> baseline) {
    if (pruned.limit().isPresent()) {
      return List.of("pruned states mode hit " + pruned.limit().get());
    }
    if (baseline.isEmpty()) {
      return List.of();
    }
    Set<String> locations = observedLocations(test);
    SearchResult all = exhaustive(test);
    Set<Map<String, Long>> expected = new HashSet<>();
    all.outcomes().keySet().forEach(s -> expected.add(SearchResult.project(s, locations)));
    if (!expected.equals(pruned.outcomes().keySet())) {
      return List.of(
          "states differ: pruned " + pruned.outcomes().size() + ", baseline " + expected.size());
    }
    return List.of();
  }

  private SearchResult prunedStates(LitmusTest test) {
    return Engines.pruned(test, limits(settings.prunedLimit()),
        Goal.allStates(observedLocations(test)), io.github.ptxlitmus.model.ModelSpec.ptx());
  }

  private SearchResult exhaustive(LitmusTest test) {
    return Enumerator.run(test, limits(settings.baselineLimit()));
  }

  private static SearchLimits limits(Duration limit) {
    CheckOptions d = CheckOptions.defaults();
    return new SearchLimits(
        d.loopBound(), System.nanoTime() + limit.toNanos(), seconds(limit),
        d.candidateLimit());
  }

  private static CheckResult check(LitmusTest test, CheckOptions.Mode mode, Duration limit) {
    return LitmusChecker.create(CheckOptions.defaults().withMode(mode).withTimeLimit(limit))
        .check(test);
  }

  /** A value and the median time of the runs that computed it. */
  private record Timed<T>(T value, double millis) {}

  /** Runs {@code work} {@code repeat} times (once when it hits a limit); the median time. */
  private <T> Timed<T> time(Supplier<T> work) {
    double[] millis = new double[settings.repeat()];
    T value = null;
    int runs = 0;
    while (runs < millis.length) {
      long start = System.nanoTime();
      value = work.get();
      millis[runs++] = (System.nanoTime() - start) / 1e6;
      if (hitLimit(value)) {
        break;
      }
    }
    double[] done = Arrays.copyOf(millis, runs);
    Arrays.sort(done);
    double median =
        runs % 2 == 1 ? done[runs / 2] : (done[runs / 2 - 1] + done[runs / 2]) / 2;
    return new Timed<>(value, median);
  }

  private static boolean hitLimit(Object value) {
    // A limit can be hit after a witness was found: the verdict is then definite, but the
    // baseline did not finish.
    return value instanceof CheckResult r
        ? r.has(Flag.LIMIT_HIT)
        : ((SearchResult) value).limit().isPresent();
  }

  /**
   * The locations a test's final states show: those its condition, filter and {@code
   * locations [...]} clause name (registers are always shown).
   */
  public static Set<String> observedLocations(LitmusTest test) {
    return ObservedKeys.of(test).keptLocations();
  }

  /** {@code Allowed}, as the reports print verdicts. */
  private static String word(Verdict v) {
    String name = v.name();
    return name.charAt(0) + name.substring(1).toLowerCase(java.util.Locale.ROOT);
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
  }

  private static String oneLine(Exception e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return m.lines().findFirst().orElse("");
  }
}
