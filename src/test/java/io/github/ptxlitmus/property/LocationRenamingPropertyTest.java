package io.github.ptxlitmus.property;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Property 5: renaming the locations of a test (x→z, y→a, ...; names chosen so that their
 * order changes) gives the same result modulo the renaming.
 */
class LocationRenamingPropertyTest {
  private static final int TESTS = 300;
  private static final List<String> POOL = List.of("a", "m", "q", "x", "y", "z");

  @Test
  void renamingLocationsChangesNothingButNames() {
    Properties.forAll("location renaming", 5_000_000L, TESTS, p -> {
      List<String> names = new ArrayList<>(POOL);
      Collections.shuffle(names, new Random(p.seed() * 17 + 3));
      Map<String, String> to = new HashMap<>();
      Map<String, String> from = new HashMap<>();
      List<String> old = List.of("x", "y", "z");
      for (int i = 0; i < old.size(); i++) {
        to.put(old.get(i), names.get(i));
        from.put(names.get(i), old.get(i));
      }
      String text = p.render(LitmusGen.identity(p.threadCount()), n -> to.getOrDefault(n, n));
      LitmusTest original = p.parse();
      LitmusTest renamed = LitmusParser.parse("renamed-" + p.seed(), text);
      UnaryOperator<String> back = key -> key.contains(":") ? key : from.getOrDefault(key, key);
      CheckResult a = Properties.STATES.check(original);
      CheckResult b = Properties.STATES.check(renamed);
      assertThat(Properties.Summary.of(b, back))
          .as("renamed test %s:%n%s", to, text)
          .isEqualTo(Properties.Summary.of(a));
      assertThat(Properties.DECIDE.check(renamed).verdict())
          .as("decide-mode verdict of the renamed test:%n%s", text)
          .isEqualTo(Properties.DECIDE.check(original).verdict());
    });
  }
}
