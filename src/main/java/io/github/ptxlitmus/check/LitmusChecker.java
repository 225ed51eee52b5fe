package io.github.ptxlitmus.check;

import io.github.ptxlitmus.litmus.FinalCondition;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.search.Budget;
import io.github.ptxlitmus.search.Engines;
import io.github.ptxlitmus.search.Estimate;
import io.github.ptxlitmus.search.Goal;
import io.github.ptxlitmus.search.SearchLimits;
import io.github.ptxlitmus.search.SearchResult;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Facade: decides which final states of a litmus test the PTX memory consistency model
 * allows. Immutable and thread-safe: one instance may check many tests from many threads.
 *
 * <pre>{@code
 * CheckResult r = LitmusChecker.create().check(Path.of("MP.litmus"));
 * }</pre>
 */
public final class LitmusChecker {
  private final CheckOptions options;

  private LitmusChecker(CheckOptions options) {
    this.options = options;
  }

  /**
   * A checker with {@link CheckOptions#defaults()}.
   *
   * @return the checker
   */
  public static LitmusChecker create() {
    return new LitmusChecker(CheckOptions.defaults());
  }

  /**
   * A checker with the given options.
   *
   * @param options limits, mode and model
   * @return the checker
   */
  public static LitmusChecker create(CheckOptions options) {
    return new LitmusChecker(options);
  }

  /**
   * The options this checker runs with.
   *
   * @return the options given to {@link #create(CheckOptions)}, or the defaults
   */
  public CheckOptions options() {
    return options;
  }

  /**
   * Checks a parsed test.
   *
   * @param test the test
   * @return its final states, verdict and flags; {@link Verdict#UNKNOWN} when a limit was hit
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when the test uses something the
   *     engine does not support (reason starts with {@code "unsupported: "}) or is
   *     semantically invalid (e.g. a shared location accessed from another CTA)
   */
  public CheckResult check(LitmusTest test) {
    return check(test, System.nanoTime());
  }

  /**
   * Checks a test whose check began at {@code start} ({@link System#nanoTime()}): reading and
   * parsing it count against the time limit and in {@link CheckResult#millis()}.
   */
  private CheckResult check(LitmusTest test, long start) {
    SearchLimits limits =
        new SearchLimits(
            options.loopBound(),
            deadline(start),
            formatDuration(options.timeLimit()),
            options.candidateLimit());
    ObservedKeys keys = ObservedKeys.of(test);
    CheckOptions.Mode mode;
    Engines.Run run;
    try {
      // Unfolding the paths to estimate the cost already counts against the time limit (a
      // large --bound makes it long).
      Plan plan = plan(test, options, limits, keys);
      mode = plan.mode();
      run = switch (mode) {
        case EXHAUSTIVE -> Engines.exhaustive(test, limits, options.model());
        case STATES -> Engines.states(test, limits, options.model(), statesLocations(test, keys),
            () -> plan.estimate().orElseGet(() -> Estimate.of(test, limits, keys.kept())));
        // Only a model with partial models is decided; the others run in states mode.
        default -> Engines.decide(test, limits, options.model(), goal(test));
      };
    } catch (Budget.Exhausted e) {
      SearchResult stopped =
          new SearchResult(List.of(), false, false, Optional.of(e.limit()), 0, Map.of());
      return summarize(test, keys, stopped, start, Optional.empty());
    }
    Optional<Flag> engine = !run.pruned()
        ? Optional.empty()
        : Optional.of(mode == CheckOptions.Mode.DECIDE ? Flag.DECIDED : Flag.DISTINCT_STATES);
    return summarize(test, keys, run.result(), start, engine);
  }

  /**
   * The mode a check of {@code test} with {@code options} runs in: STATES or DECIDE. AUTO
   * decides when the candidate space exceeds 2^{@link CheckOptions#AUTO_DECIDE_LOG2} or the
   * observed registers can take more than 2^{@link CheckOptions#AUTO_DECIDE_STATES_LOG2} value
   * combinations; a test whose accesses may overlap partially is always listed (8.7.2:
   * UNDEFINED depends on every execution, not only a witness).
   *
   * @param test the test
   * @param options the options; a non-{@link ModelSpec} model always runs in STATES
   * @return {@link CheckOptions.Mode#STATES} or {@link CheckOptions.Mode#DECIDE}, never AUTO;
   *     {@link CheckOptions.Mode#EXHAUSTIVE} when the options ask for it
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException as {@link #check(LitmusTest)}
   */
  public static CheckOptions.Mode resolveMode(LitmusTest test, CheckOptions options) {
    return plan(test, options, SearchLimits.unlimited(options.loopBound()), ObservedKeys.of(test))
        .mode();
  }

  /** The mode, and the estimate it was chosen by (empty when none was needed). */
  private record Plan(CheckOptions.Mode mode, Optional<Estimate> estimate) {}

  private static Plan plan(
      LitmusTest test, CheckOptions options, SearchLimits limits, ObservedKeys keys) {
    CheckOptions.Mode mode = options.mode();
    if (mode == CheckOptions.Mode.EXHAUSTIVE) {
      return new Plan(mode, Optional.empty());
    }
    if (mode == CheckOptions.Mode.STATES || options.model().partialModels().isEmpty()) {
      // a model that offers the pruned search nothing: only the exhaustive search runs it
      return new Plan(CheckOptions.Mode.STATES, Optional.empty());
    }
    Estimate estimate = Estimate.of(test, limits, keys.shown());
    if (mode == CheckOptions.Mode.AUTO) {
      boolean large =
          estimate.candidatesLog2() > CheckOptions.AUTO_DECIDE_LOG2
              || estimate.statesLog2() > CheckOptions.AUTO_DECIDE_STATES_LOG2;
      mode = large ? CheckOptions.Mode.DECIDE : CheckOptions.Mode.STATES;
    }
    if (mode == CheckOptions.Mode.DECIDE && estimate.partialOverlap()) {
      mode = CheckOptions.Mode.STATES;
    }
    return new Plan(mode, Optional.of(estimate));
  }

  /**
   * The locations the pruned search's states mode shows: those the condition, filter and
   * {@code locations [..]} clause name (all declared ones with {@code allStates}).
   */
  private Set<String> statesLocations(LitmusTest test, ObservedKeys keys) {
    Set<String> locations = new LinkedHashSet<>(keys.keptLocations());
    if (options.allStates()) {
      test.locations().forEach(l -> locations.add(l.name()));
    }
    return locations;
  }

  /**
   * Decide mode's goal: a state showing the outcome of interest (the body for exists and
   * ~exists, its negation for forall) that passes the filter; registers the goal pins to a
   * constant prune rf choices.
   */
  private static Goal goal(LitmusTest test) {
    FinalCondition c = test.condition();
    Condition outcome =
        c.quantifier() == FinalCondition.Quantifier.FORALL ? new Condition.Not(c.body()) : c.body();
    Condition target =
        test.filter().map(f -> (Condition) new Condition.And(f, outcome)).orElse(outcome);
    return ConditionEvaluator.goal(target, test.observed());
  }

  /** {@code start} plus the time limit, saturated: a limit of centuries means none. */
  private long deadline(long start) {
    long budget;
    try {
      budget = Math.min(options.timeLimit().toNanos(), Long.MAX_VALUE / 4);
    } catch (ArithmeticException tooLong) {
      budget = Long.MAX_VALUE / 4;
    }
    return start + budget;
  }

  /** Fresh limits for an explanation run, measured from now. */
  private SearchLimits limits() {
    return new SearchLimits(
        options.loopBound(),
        deadline(System.nanoTime()),
        formatDuration(options.timeLimit()),
        options.candidateLimit());
  }

  /** How long after the time limit the summary of a stopped search may still run. */
  private static final long SUMMARY_GRACE_NANOS = 500_000_000L;

  /**
   * The result of a search. {@code start} is the {@link System#nanoTime()} at which the check
   * began: the reported time is the wall time of the whole check, this summary included. {@code
   * engine}: {@link Flag#DECIDED} or {@link Flag#DISTINCT_STATES} when the pruned search ran.
   */
  private CheckResult summarize(LitmusTest test, ObservedKeys keys, SearchResult search,
      long start, Optional<Flag> engine) {
    FinalCondition condition = test.condition();
    Set<String> observed = keys.shown();
    Set<FinalState> states = new TreeSet<>();
    long positive = 0;
    long negative = 0;
    boolean race = false;
    boolean badAddress = false;
    Optional<String> mixedRace = Optional.empty();
    long overrun = deadline(start) + SUMMARY_GRACE_NANOS;
    int seen = 0;
    for (SearchResult.Outcome o : search.outcomeList()) {
      // A search stopped by a limit left a partial list anyway (the verdict is Unknown): its
      // summary may not keep the answer waiting long after the limit.
      if (search.limit().isPresent()
          && (++seen & 255) == 0
          && (System.nanoTime() - overrun > 0 || Thread.currentThread().isInterrupted())) {
        break;
      }
      Map<String, Long> full = o.state();
      if (test.filter().isPresent() && !ConditionEvaluator.holds(test.filter().get(), full)) {
        continue;
      }
      if (SearchResult.faulted(full)) {
        badAddress = true;
        continue;
      }
      states.add(FinalState.of(project(full, observed)));
      if (ConditionEvaluator.holds(condition.body(), full)) {
        positive += o.count();
      } else {
        negative += o.count();
      }
      race |= o.race().isPresent();
      if (mixedRace.isEmpty()) {
        mixedRace = o.mixedRace();
      }
    }
    boolean holds =
        switch (condition.quantifier()) {
          case EXISTS -> positive > 0;
          case NOT_EXISTS -> positive == 0;
          case FORALL -> negative == 0;
        };
    // The outcome of interest: the body's state for exists/~exists, a violation for forall.
    boolean outcomeSeen =
        condition.quantifier() == FinalCondition.Quantifier.FORALL ? negative > 0 : positive > 0;
    Set<Flag> flags = EnumSet.noneOf(Flag.class);
    if (race) {
      flags.add(Flag.DATA_RACE);
    }
    if (search.boundHit()) {
      flags.add(Flag.LOOP_BOUND_HIT);
    }
    if (search.deadlock()) {
      flags.add(Flag.DEADLOCK);
    }
    if (!search.nonTerminating().isEmpty()) {
      flags.add(Flag.MAY_NOT_TERMINATE);
    }
    if (badAddress) {
      flags.add(Flag.BAD_ADDRESS);
    }
    if (usesTextureOrSurface(test)) {
      flags.add(Flag.OUTSIDE_MODEL);
    }
    engine.ifPresent(flags::add);
    Verdict verdict;
    Optional<String> reason = Optional.empty();
    if (mixedRace.isPresent()) {
      // 8.7.2: with a mixed-size data race the axioms do not apply.
      flags.add(Flag.MIXED_SIZE_RACE);
      verdict = Verdict.UNDEFINED;
      reason = Optional.of("mixed-size data race: " + mixedRace.get());
    } else if (outcomeSeen && (search.limit().isEmpty() || engine.equals(Optional.of(Flag.DECIDED)))) {
      // Decide mode asks only for a witness: once found, a limit hit after it changes nothing.
      verdict = Verdict.ALLOWED;
    } else if (search.limit().isPresent()) {
      // A listing cut by a limit is not the answer asked for, even after a witness: its states
      // and counts are partial, so the result is Unknown (saying what the witness showed).
      verdict = Verdict.UNKNOWN;
      reason = outcomeSeen
          ? Optional.of(search.limit().get() + "; the outcome of interest is allowed (a witness"
              + " was found) but the state list is incomplete")
          : search.limit();
    } else {
      verdict = Verdict.FORBIDDEN;
    }
    if (search.limit().isPresent()) {
      flags.add(Flag.LIMIT_HIT);
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    return new CheckResult(
        test.name(),
        test.source(),
        List.copyOf(states),
        condition,
        holds,
        verdict,
        reason,
        positive,
        negative,
        flags,
        millis,
        search.candidates(),
        Optional.of(CheckResult.explainerFor(test, this::limits, options.model())),
        Optional.of(recheck(test)),
        options.modelLabel(),
        test.warnings(),
        search.nonTerminating(),
        search.modelFlags());
  }

  /** Re-checks of {@code test} with these options: another condition, or states mode. */
  private CheckResult.Recheck recheck(LitmusTest test) {
    return new CheckResult.Recheck() {
      @Override
      public CheckResult decide(Condition state) {
        StateText.requireKnown(state, test);
        LitmusTest query =
            new LitmusTest(
                test.name(), test.descriptions(), test.locations(), test.registerInits(),
                test.threads(), test.observed(), test.filter(),
                new FinalCondition(FinalCondition.Quantifier.EXISTS, state), test.source(),
                test.warnings());
        return create(options.withMode(CheckOptions.Mode.DECIDE)).check(query);
      }

      @Override
      public CheckResult listStates() {
        long start = System.nanoTime();
        ObservedKeys keys = ObservedKeys.of(test);
        double log2 = Estimate.of(test, SearchLimits.unlimited(options.loopBound()), keys.shown())
            .statesLog2();
        if (log2 > CheckOptions.AUTO_DECIDE_STATES_LOG2) {
          String why =
              String.format(
                  java.util.Locale.ROOT,
                  "not listed: the observed values have about 2^%.0f combinations, more than"
                      + " the 2^%d states listing tries",
                  log2, CheckOptions.AUTO_DECIDE_STATES_LOG2);
          SearchResult none =
              new SearchResult(List.of(), false, false, Optional.of(why), 0, Map.of());
          return summarize(test, keys, none, start, Optional.empty());
        }
        return create(options.withMode(CheckOptions.Mode.STATES)).check(test);
      }

      @Override
      public void requireKnown(Condition state) {
        StateText.requireKnown(state, test);
      }
    };
  }

  /** 8.1: the model does not apply to texture and surface accesses. */
  private static boolean usesTextureOrSurface(LitmusTest test) {
    return test.threads().stream()
        .flatMap(t -> t.instructions().stream())
        .map(LitmusChecker::proxyOf)
        .anyMatch(p -> p == Proxy.TEXTURE || p == Proxy.SURFACE);
  }

  private static Proxy proxyOf(Instruction i) {
    return i instanceof Instruction.MemoryAccess m ? m.proxy() : Proxy.GENERIC;
  }


  private Map<String, Long> project(Map<String, Long> full, Set<String> observed) {
    if (options.allStates()) {
      return full;
    }
    Map<String, Long> m = new LinkedHashMap<>();
    for (String k : observed) {
      m.put(k, full.getOrDefault(k, 0L));
    }
    return m;
  }

  private static String formatDuration(Duration d) {
    if (d.getSeconds() > 1_000_000_000L) {
      return d.getSeconds() + " s";
    }
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  /**
   * Parses and checks a file. Reading and parsing count against the time limit and in the
   * result's {@link CheckResult#millis()}.
   *
   * @param file a {@code .litmus} file (UTF-8, at most {@link
   *     io.github.ptxlitmus.litmus.TextFiles#MAX_BYTES} bytes)
   * @return as {@link #check(LitmusTest)}
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException on a syntax or static error
   * @throws UncheckedIOException when the file cannot be read
   */
  public CheckResult check(Path file) {
    long start = System.nanoTime();
    try {
      return check(LitmusParser.parse(file), start);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Parses {@code text} and checks it; parsing counts against the time limit.
   *
   * @param name the name error positions give the text, e.g. a file name
   * @param text the litmus test
   * @return as {@link #check(LitmusTest)}
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException on a syntax or static error, or
   *     as {@link #check(LitmusTest)}
   */
  public CheckResult check(String name, String text) {
    long start = System.nanoTime();
    return check(LitmusParser.parse(name, text), start);
  }
}
