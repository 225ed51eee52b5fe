package io.github.ptxlitmus.property;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Property 2 (DESIGN §4: "The result must not depend on thread or event numbering"): writing
 * the threads of a test in another order (header, cells, register initialisations and condition
 * renamed consistently) gives the same allowed states modulo the renaming, the same verdict,
 * condition value, execution counts and flags; and the same decide-mode verdict.
 */
class ThreadRenumberingPropertyTest {
  private static final int TESTS = 400;
  private static final Pattern THREAD = Pattern.compile("^P(\\d+):");

  @Test
  void permutingThreadsChangesNothingButNames() {
    Properties.forAll("thread renumbering", 2_000_000L, TESTS,
        ThreadRenumberingPropertyTest::permuted);
  }

  /** The same on {@link LitmusGen#generateRich} tests (one expected count per barrier). */
  @Test
  void permutingThreadsOfRichTestsChangesNothingButNames() {
    Properties.forAll("thread renumbering (rich)", 2_100_000L, TESTS, LitmusGen::generateRich,
        ThreadRenumberingPropertyTest::permuted);
  }

  /** The same under a sampled model variant and axiom switch set per test. */
  @Test
  void permutingThreadsChangesNothingUnderSampledModelSwitches() {
    Properties.forAll("thread renumbering (rich, model switches)", 2_200_000L, TESTS / 4,
        LitmusGen::generateRich, p -> {
          io.github.ptxlitmus.model.ModelSpec spec = Properties.sampleModel(p.seed());
          permuted(p, Properties.checker(CheckOptions.Mode.STATES, spec),
              Properties.checker(CheckOptions.Mode.DECIDE, spec));
        });
  }

  private static void permuted(LitmusGen.Program p) {
    permuted(p, Properties.STATES, Properties.DECIDE);
  }

  private static void permuted(
      LitmusGen.Program p, io.github.ptxlitmus.check.LitmusChecker states,
      io.github.ptxlitmus.check.LitmusChecker decide) {
    Random random = new Random(p.seed() * 31 + 7);
    int[] order = LitmusGen.permutation(p.threadCount(), random);
    if (isIdentity(order)) {
      order = LitmusGen.permutation(p.threadCount(), random);
    }
    String text = p.render(order, UnaryOperator.identity());
    LitmusTest original = p.parse();
    LitmusTest permuted = LitmusParser.parse("perm-" + p.seed(), text);
    int[] o = order;
    // P<j> of the permuted test is P<order[j]> of the original.
    UnaryOperator<String> back = key -> renameThread(key, o);
    CheckResult a = states.check(original);
    CheckResult b = states.check(permuted);
    assertThat(Properties.Summary.of(b, back))
        .as("permuted test (order %s):%n%s", java.util.Arrays.toString(order), text)
        .isEqualTo(Properties.Summary.of(a));
    assertThat(decide.check(permuted).verdict())
        .as("decide-mode verdict of the permuted test (%s):%n%s", a.model(), text)
        .isEqualTo(decide.check(original).verdict());
  }

  static String renameThread(String key, int[] order) {
    Matcher m = THREAD.matcher(key);
    if (!m.find()) {
      return key;
    }
    return "P" + order[Integer.parseInt(m.group(1))] + ":" + key.substring(m.end());
  }

  private static boolean isIdentity(int[] order) {
    for (int i = 0; i < order.length; i++) {
      if (order[i] != i) {
        return false;
      }
    }
    return true;
  }
}
