package io.github.ptxlitmus.property;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.bench.Benchmark;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.search.Engines;
import io.github.ptxlitmus.search.Goal;
import io.github.ptxlitmus.search.Enumerator;
import io.github.ptxlitmus.search.SearchResult;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Property 1: the pruned engine agrees with the exhaustive one on random small tests.
 *
 * <ul>
 *   <li>{@link DecisionSearch} in states mode (no target) finds exactly the states of {@link
 *       Enumerator}, projected to the registers and observed locations, and the same deadlock
 *       and loop-bound facts;
 *   <li>{@code Mode.DECIDE} gives the verdict and condition value of {@code Mode.STATES}, and
 *       its witness states are among the allowed states.
 * </ul>
 */
class EngineDifferentialPropertyTest {
  private static final int TESTS = 400;

  @Test
  void prunedStatesModeEqualsExhaustiveProjection() {
    Properties.forAll("pruned states = exhaustive states", 1_000_000L, TESTS, p -> {
      LitmusTest test = p.parse();
      Set<String> locations = Benchmark.observedLocations(test);
      SearchResult all = Enumerator.run(test, Properties.limits());
      SearchResult pruned =
          Engines.pruned(test,
              Properties.limits(),
              Goal.allStates(locations), ModelSpec.ptx());
      compare(all, pruned, locations);
    });
  }

  /**
   * The same on {@link LitmusGen#generateRich} tests: local arithmetic, volatile loads, membar,
   * bar.arrive, barriers with a count, cluster barriers, spin loops cut by the loop bound; and
   * the data-race flag (some consistent execution races) agrees too.
   */
  @Test
  void prunedStatesModeEqualsExhaustiveProjectionOnRichTests() {
    Properties.forAll("pruned states = exhaustive states (rich)", 1_200_000L, TESTS,
        LitmusGen::generateRich, p -> {
          LitmusTest test = p.parse();
          Set<String> locations = Benchmark.observedLocations(test);
          SearchResult all = Enumerator.run(test, Properties.limits());
          SearchResult pruned =
              Engines.pruned(test,
                  Properties.limits(),
                  Goal.allStates(locations), ModelSpec.ptx());
          compare(all, pruned, locations);
          assertThat(pruned.racyOutcomes().isEmpty()).as("no data race")
              .isEqualTo(all.racyOutcomes().isEmpty());
          CheckResult states = Properties.STATES.check(test);
          assertThat(Properties.DECIDE.check(test).verdict()).as("decide-mode verdict")
              .isEqualTo(states.verdict());
        });
  }

  /**
   * The same under sampled model switches: each test gets a variant ({@code ptx}, {@code
   * dat3m-v7.5}, {@code dat3m-v6.0}) and a random set of axioms switched off (each off with
   * probability 1/3), drawn from the test's text; both engines must agree for every set, since
   * each pruning rule is applied only while the axiom it rests on is on.
   */
  @Test
  void prunedEqualsExhaustiveUnderSampledModelSwitches() {
    Properties.forAll("pruned states = exhaustive states (rich, model switches)", 1_300_000L,
        TESTS / 2, LitmusGen::generateRich, p -> {
          LitmusTest test = p.parse();
          ModelSpec spec = Properties.sampleModel(p.seed());
          Set<String> locations = Benchmark.observedLocations(test);
          SearchResult all = Enumerator.run(test, Properties.limits(), spec);
          SearchResult pruned =
              Engines.pruned(test,
                  Properties.limits(),
                  Goal.allStates(locations),
                  spec);
          try {
            compare(all, pruned, locations);
          } catch (AssertionError e) {
            throw new AssertionError("model " + spec.label() + ": " + e.getMessage(), e);
          }
        });
  }

  private static void compare(SearchResult all, SearchResult pruned, Set<String> locations) {
    assertThat(all.limit()).as("exhaustive limit").isEmpty();
    assertThat(pruned.limit()).as("pruned limit").isEmpty();
    Set<Map<String, Long>> expected =
        all.outcomeList().stream()
            .map(o -> SearchResult.project(o.state(), locations))
            .collect(Collectors.toSet());
    Set<Map<String, Long>> actual =
        pruned.outcomeList().stream().map(SearchResult.Outcome::state)
            .collect(Collectors.toSet());
    assertThat(actual)
        .as("pruned states mode vs exhaustive states over registers and %s", locations)
        .containsExactlyInAnyOrderElementsOf(expected);
    assertThat(pruned.deadlock()).as("deadlock").isEqualTo(all.deadlock());
    assertThat(pruned.boundHit()).as("loop bound hit").isEqualTo(all.boundHit());
  }

  @Test
  void decideModeGivesTheStatesModeVerdict() {
    Properties.forAll("decide verdict = states verdict", 1_100_000L, TESTS, p -> {
      LitmusTest test = p.parse();
      CheckResult states = Properties.STATES.check(test);
      CheckResult decided = Properties.DECIDE.check(test);
      assertThat(states.flags()).doesNotContain(Flag.LIMIT_HIT, Flag.DECIDED);
      assertThat(decided.flags()).contains(Flag.DECIDED).doesNotContain(Flag.LIMIT_HIT);
      assertThat(decided.verdict()).as("verdict").isEqualTo(states.verdict());
      assertThat(decided.conditionHolds()).as("condition holds").isEqualTo(
          states.conditionHolds());
      assertThat(Set.copyOf(states.states()))
          .as("the decide-mode witnesses are allowed states")
          .containsAll(decided.states());
      for (FinalState witness : decided.states()) {
        assertThat(witness.values().keySet()).isEqualTo(states.states().get(0).values().keySet());
      }
    });
  }
}
