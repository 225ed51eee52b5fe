package io.github.ptxlitmus.property;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.search.SearchLimits;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.UnaryOperator;

/** Runs a property over generated tests and reports a failing seed with its test text. */
final class Properties {
  /** Generous: generated tests check in milliseconds; the limit only guards against hangs. */
  static final Duration LIMIT = Duration.ofSeconds(20);

  static final LitmusChecker STATES =
      LitmusChecker.create(
          CheckOptions.defaults().withMode(CheckOptions.Mode.STATES).withTimeLimit(LIMIT));
  static final LitmusChecker DECIDE =
      LitmusChecker.create(
          CheckOptions.defaults().withMode(CheckOptions.Mode.DECIDE).withTimeLimit(LIMIT));
  static final LitmusChecker AUTO =
      LitmusChecker.create(CheckOptions.defaults().withTimeLimit(LIMIT));

  private Properties() {}

  /**
   * A model variant ({@code ptx}, {@code dat3m-v7.5}, {@code dat3m-v6.0}) with a random set of
   * its axioms switched off (each with probability 1/3), drawn from {@code seed}.
   */
  static io.github.ptxlitmus.model.ModelSpec sampleModel(long seed) {
    java.util.Random random = new java.util.Random(seed);
    java.util.List<io.github.ptxlitmus.model.ModelSpec> variants =
        io.github.ptxlitmus.model.ModelSpec.variants();
    io.github.ptxlitmus.model.ModelSpec spec = variants.get(random.nextInt(variants.size()));
    java.util.EnumSet<io.github.ptxlitmus.model.Axiom> on =
        java.util.EnumSet.noneOf(io.github.ptxlitmus.model.Axiom.class);
    for (io.github.ptxlitmus.model.Axiom a : spec.axioms()) {
      if (random.nextInt(3) != 0) {
        on.add(a);
      }
    }
    return spec.withAxioms(on);
  }

  /** A checker in {@code mode} under {@code model}, with the properties' time limit. */
  static LitmusChecker checker(CheckOptions.Mode mode, io.github.ptxlitmus.model.ModelSpec model) {
    return LitmusChecker.create(
        CheckOptions.defaults().withMode(mode).withTimeLimit(LIMIT).withModel(model));
  }

  /**
   * Runs {@code property} on the tests of seeds {@code firstSeed .. firstSeed + count - 1}. On
   * the first failure, throws an {@link AssertionError} naming the property, the seed (reproduce
   * with {@code LitmusGen.generate(seed)}) and the test text, with the failure as its cause.
   */
  static void forAll(
      String property, long firstSeed, int count, Consumer<LitmusGen.Program> check) {
    forAll(property, firstSeed, count, LitmusGen::generate, check);
  }

  /** As above, with tests from {@code generator} (e.g. {@code LitmusGen::generateRich}). */
  static void forAll(
      String property,
      long firstSeed,
      int count,
      LongFunction<LitmusGen.Program> generator,
      Consumer<LitmusGen.Program> check) {
    for (long seed = firstSeed; seed < firstSeed + count; seed++) {
      LitmusGen.Program program = generator.apply(seed);
      try {
        check.accept(program);
      } catch (RuntimeException | AssertionError e) {
        throw new AssertionError(
            "property '" + property + "' fails for seed " + seed
                + " (LitmusGen.generate(seed), or generateRich for a '(rich)' property):\n" + program.text() + "\n"
                + e.getMessage(),
            e);
      }
    }
  }

  static SearchLimits limits() {
    CheckOptions d = CheckOptions.defaults();
    return new SearchLimits(
        d.loopBound(), System.nanoTime() + LIMIT.toNanos(), LIMIT.toSeconds() + " s",
        d.candidateLimit());
  }

  /**
   * Everything of a result that must not depend on how the test was written: states (keys
   * renamed by {@code renameKey}), verdict, condition, execution counts, flags.
   */
  record Summary(
      Set<Map<String, Long>> states,
      Verdict verdict,
      boolean holds,
      long positive,
      long negative,
      Set<Flag> flags) {

    static Summary of(CheckResult r) {
      return of(r, UnaryOperator.identity());
    }

    static Summary of(CheckResult r, UnaryOperator<String> renameKey) {
      Set<Map<String, Long>> states = new TreeSet<>(Summary::compareStates);
      for (FinalState s : r.states()) {
        Map<String, Long> m = new TreeMap<>();
        s.values().forEach((k, v) -> m.put(renameKey.apply(k), v));
        states.add(m);
      }
      return new Summary(
          states, r.verdict(), r.conditionHolds(), r.positive(), r.negative(), r.flags());
    }

    private static int compareStates(Map<String, Long> a, Map<String, Long> b) {
      return a.toString().compareTo(b.toString());
    }

    @Override
    public String toString() {
      return verdict + " holds=" + holds + " +" + positive + "/-" + negative + " " + flags
          + "\n  states " + List.copyOf(states);
    }
  }
}
