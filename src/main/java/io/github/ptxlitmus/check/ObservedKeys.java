package io.github.ptxlitmus.check;

import io.github.ptxlitmus.litmus.LitmusTest;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The state keys ({@code P<i>:<reg>} registers and locations) a check of one test looks at,
 * collected once per test: those its final states show, and those its search must keep.
 *
 * @param shown what a state shows: the keys the condition reads and those of a {@code
 *     locations [...]} clause
 * @param kept {@code shown} and the keys the filter reads (it is evaluated on the states)
 */
public record ObservedKeys(Set<String> shown, Set<String> kept) {
  /**
   * Creates the record; the sets are copied, unmodifiable and in order of appearance.
   *
   * @param shown what a state shows
   * @param kept what the search keeps, a superset of {@code shown}
   */
  public ObservedKeys {
    shown = Collections.unmodifiableSet(new LinkedHashSet<>(shown));
    kept = Collections.unmodifiableSet(new LinkedHashSet<>(kept));
  }

  /**
   * The keys of a test.
   *
   * @param test the test
   * @return the keys its condition, filter and {@code locations [...]} clause name
   */
  public static ObservedKeys of(LitmusTest test) {
    Set<String> shown = new LinkedHashSet<>();
    ConditionEvaluator.collectKeys(test.condition().body(), shown);
    test.observed().forEach(t -> ConditionEvaluator.termKey(t, shown));
    Set<String> kept = new LinkedHashSet<>();
    ConditionEvaluator.collectKeys(test.condition().body(), kept);
    test.filter().ifPresent(f -> ConditionEvaluator.collectKeys(f, kept));
    test.observed().forEach(t -> ConditionEvaluator.termKey(t, kept));
    return new ObservedKeys(shown, kept);
  }

  /** {@return the locations among the kept keys (registers left out), in order} */
  public Set<String> keptLocations() {
    Set<String> locations = new LinkedHashSet<>();
    kept.stream().filter(k -> !k.contains(":")).forEach(locations::add);
    return Collections.unmodifiableSet(locations);
  }
}
