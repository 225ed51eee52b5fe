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
import io.github.ptxlitmus.search.LoopCut;
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
    ObservedKeys keys = ObservedKeys.of(test);
    long deadline = deadline(start);
    int bound = options.loopBound();
    while (true) {
      Round r = round(test, keys, bound, deadline);
      if (r.search().limit().isPresent()) {
        // Deepening could not settle the answer within the limits: the limit decides.
        return summarize(test, keys, r, start,
            r.bound() == options.loopBound()
                ? Optional.empty()
                : r.search().limit().map(l -> l + " at loop bound " + r.bound()));
      }
      if (r.changing().isEmpty()) {
        return summarize(test, keys, r.exact(), start, Optional.empty()); // no cut hides anything
      }
      if (options.fixedLoopBound() || !(options.model() instanceof ModelSpec)) {
        // Holds within the bound asked for. A foreign (cat) model is not deepened by default:
        // which cuts are harmless is proven from the PTX axioms only, so under another model
        // every cut may matter and deepening would rarely settle anything; the result says it
        // holds within the bound, and --bound deepens it on request.
        return summarize(test, keys, r, start, Optional.empty());
      }
      Verdict verdict = summarize(test, keys, r, start, Optional.empty()).verdict();
      if (verdict == Verdict.ALLOWED || verdict == Verdict.UNDEFINED) {
        // A witness settled the verdict at this bound. Decide mode claims nothing else; a
        // listing holds within the bound (deeper bounds would rarely complete it: a loop that
        // counts its iterations never ends the list, and each round costs more).
        return summarize(test, keys,
            r.engine().equals(Optional.of(Flag.DECIDED)) ? r.exact() : r, start,
            Optional.empty());
      }
      if (bound >= CheckOptions.MAX_DEEPENED_LOOP_BOUND) {
        return summarize(test, keys, r, start, Optional.of(boundReason(r)));
      }
      bound = Math.min(CheckOptions.MAX_DEEPENED_LOOP_BOUND, Math.max(bound + 1, 2 * bound));
    }
  }

  /**
   * One search at one loop bound: its result, the pruned search's flag when that engine ran
   * ({@link Flag#DECIDED} or {@link Flag#DISTINCT_STATES}), and the loops whose cuts may change
   * what the result shows (empty: the result is exact).
   */
  private record Round(
      int bound, SearchResult search, Optional<Flag> engine, List<String> changing) {
    /** This round with its cuts dropped: nothing it shows rests on them. */
    Round exact() {
      return new Round(bound, search, engine, List.of());
    }
  }

  /** {@code "loop bound 16 (P1 line 3)"}: why the answer of {@code r} is not exact. */
  private static String boundReason(Round r) {
    return "loop bound " + r.bound() + " (" + String.join(", ", r.changing()) + ")";
  }

  /** Plans and runs the search of {@code test} at loop bound {@code bound}. */
  private Round round(LitmusTest test, ObservedKeys keys, int bound, long deadline) {
    SearchLimits limits =
        new SearchLimits(
            bound, deadline, formatDuration(options.timeLimit()), options.candidateLimit());
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
      return round(keys, bound, stopped, Optional.empty());
    }
    Optional<Flag> engine = !run.pruned()
        ? Optional.empty()
        : Optional.of(mode == CheckOptions.Mode.DECIDE ? Flag.DECIDED : Flag.DISTINCT_STATES);
    return round(keys, bound, run.result(), engine);
  }

  /**
   * The round of {@code search}: the loops whose cuts may change a state this check shows or
   * filters on.
   */
  private Round round(ObservedKeys keys, int bound, SearchResult search, Optional<Flag> engine) {
    Set<String> shown = keys.kept();
    if (shown.isEmpty() && !options.allStates() && !search.outcomeList().isEmpty()) {
      // States show nothing: every final state is the empty one, found already, and the
      // condition is a constant. No longer execution can change the list or the verdict.
      return new Round(bound, search, engine, List.of());
    }
    List<String> changing =
        search.loopCuts().stream()
            .filter(c -> c.matters(shown, options.allStates()))
            .map(LoopCut::loop)
            .toList();
    return new Round(bound, search, engine, changing);
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

  /** Fresh limits for an explanation run at loop bound {@code bound}, measured from now. */
  private SearchLimits limits(int bound) {
    return new SearchLimits(
        bound,
        deadline(System.nanoTime()),
        formatDuration(options.timeLimit()),
        options.candidateLimit());
  }

  /** How long after the time limit the summary of a stopped search may still run. */
  private static final long SUMMARY_GRACE_NANOS = 500_000_000L;

  /**
   * The result of a round. {@code start} is the {@link System#nanoTime()} at which the check
   * began: the reported time is the wall time of the whole check, this summary included. {@code
   * boundLimit}: the loop bound named as the limit the answer stopped at, if any (then the
   * round's own search hit none); else the search's own limit, if any.
   */
  private CheckResult summarize(LitmusTest test, ObservedKeys keys, Round round, long start,
      Optional<String> boundLimit) {
    SearchResult search = round.search();
    Optional<Flag> engine = round.engine();
    Optional<String> limit = boundLimit.or(search::limit);
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
      if (limit.isPresent()
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
    if (!round.changing().isEmpty()) {
      flags.add(Flag.WITHIN_LOOP_BOUND);
    }
    Verdict verdict;
    Optional<String> reason = Optional.empty();
    if (mixedRace.isPresent()) {
      // 8.7.2: with a mixed-size data race the axioms do not apply.
      flags.add(Flag.MIXED_SIZE_RACE);
      verdict = Verdict.UNDEFINED;
      reason = Optional.of("mixed-size data race: " + mixedRace.get());
    } else if (outcomeSeen && (limit.isEmpty() || engine.equals(Optional.of(Flag.DECIDED)))) {
      // Decide mode asks only for a witness: once found, a limit hit after it changes nothing.
      verdict = Verdict.ALLOWED;
    } else if (limit.isPresent()) {
      // A listing cut by a limit is not the answer asked for, even after a witness: its states
      // and counts are partial, so the result is Unknown (saying what the witness showed).
      verdict = Verdict.UNKNOWN;
      reason = outcomeSeen
          ? Optional.of(limit.get() + "; the outcome of interest is allowed (a witness"
              + " was found) but the state list is incomplete")
          : limit;
    } else {
      verdict = Verdict.FORBIDDEN;
    }
    if (limit.isPresent()) {
      flags.add(Flag.LIMIT_HIT);
    }
    if (test.filter().isPresent() && states.isEmpty() && verdict == Verdict.FORBIDDEN) {
      // No state passed the filter. Decide mode searched only for the outcome within the
      // filter: whether any execution passes the filter at all is decided by itself.
      Optional<CheckResult> alone = engine.equals(Optional.of(Flag.DECIDED))
          ? Optional.of(checkFilter(test, start)) : Optional.empty();
      Verdict passes = alone.map(CheckResult::verdict).orElse(Verdict.FORBIDDEN);
      if (passes == Verdict.FORBIDDEN) {
        flags.add(Flag.FILTER_PASSES_NONE);
      } else if (passes == Verdict.UNKNOWN) {
        verdict = Verdict.UNKNOWN;
        reason = Optional.of("whether any execution passes the filter is not decided: "
            + alone.get().unknownReason().orElse("a limit was hit"));
        flags.add(Flag.LIMIT_HIT);
      }
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
        options.modelLabel(),
        test.warnings(),
        search.nonTerminating(),
        search.modelFlags(),
        round.bound(),
        round.changing(),
        test.filter(),
        Optional.of(checker(test, round.bound())));
  }

  /**
   * The decide-mode check of {@code exists (filter)} with no filter, within what is left of the
   * time limit of the check that began at {@code start}: whether any final state passes it.
   */
  private CheckResult checkFilter(LitmusTest test, long start) {
    long left = Math.max(1, (deadline(start) - System.nanoTime()) / 1_000_000);
    LitmusTest query = new LitmusTest(test.name(), test.descriptions(), test.locations(),
        test.registerInits(), test.threads(), test.observed(), Optional.empty(),
        new FinalCondition(FinalCondition.Quantifier.EXISTS, test.filter().orElseThrow()),
        test.source(), test.warnings());
    return create(options.withMode(CheckOptions.Mode.DECIDE)
        .withTimeLimit(java.time.Duration.ofMillis(left))).check(query);
  }

  /**
   * Re-checks of {@code test} with these options (another condition, or states mode), and
   * explanations at the loop bound {@code bound} its check ended at.
   */
  private CheckResult.Checker checker(LitmusTest test, int bound) {
    return new CheckResult.Checker() {
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
          return summarize(test, keys,
              new Round(options.loopBound(), none, Optional.empty(), List.of()), start,
              Optional.empty());
        }
        return create(options.withMode(CheckOptions.Mode.STATES)).check(test);
      }

      @Override
      public void requireKnown(Condition state) {
        StateText.requireKnown(state, test);
      }

      @Override
      public Explanation explain(Condition state) {
        StateText.requireKnown(state, test);
        return Explainer.explain(test, () -> limits(bound), options.model(), state,
            StateText.print(state));
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
