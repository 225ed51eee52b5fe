package io.github.ptxlitmus.check;

import com.google.common.collect.ImmutableSortedMap;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;

/**
 * One allowed final state: the values of the observed registers ({@code P1:r0}) and locations
 * ({@code x}). Values are 64-bit two's-complement patterns, printed as signed decimals. Keys
 * are ordered registers first (by thread, then name), then locations by name; {@link
 * #toString()} prints {@code P1:r0=1; x=2;}.
 */
public final class FinalState implements Comparable<FinalState> {
  /** Orders register keys {@code P<i>:<reg>} by thread number then name, then locations. */
  public static final Comparator<String> KEY_ORDER =
      Comparator.comparing((String k) -> k.contains(":") ? 0 : 1)
          .thenComparingInt(FinalState::threadOf)
          .thenComparing(Comparator.naturalOrder());

  private final ImmutableSortedMap<String, Long> values;

  private FinalState(Map<String, Long> values) {
    this.values = ImmutableSortedMap.copyOf(values, KEY_ORDER);
  }

  /** A state from key → value; keys are {@code P<i>:<reg>} or location names. */
  public static FinalState of(Map<String, Long> values) {
    return new FinalState(values);
  }

  /** Key → value, in {@link #KEY_ORDER}. */
  public ImmutableSortedMap<String, Long> values() {
    return values;
  }

  /** The value of a register of thread {@code thread}, if observed. */
  public Optional<Long> register(int thread, String register) {
    return Optional.ofNullable(values.get("P" + thread + ":" + register));
  }

  /** The final value of a location, if observed. */
  public Optional<Long> location(String name) {
    return Optional.ofNullable(values.get(name));
  }

  /** The thread number of {@code P<i>:<reg>}, -1 for other keys; allocates nothing. */
  private static int threadOf(String key) {
    int colon = key.indexOf(':');
    if (colon < 2 || colon > 10) {
      return -1;
    }
    int t = 0;
    for (int i = 1; i < colon; i++) {
      char c = key.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      t = t * 10 + (c - '0');
    }
    return t;
  }

  /**
   * Key by key in {@link #KEY_ORDER}, values as signed numbers ({@code r0=2} before {@code
   * r0=10}); a state that is a prefix of the other comes first. Builds no strings: sorting a
   * large state set stays cheap (issue 16, defect 3).
   */
  @Override
  public int compareTo(FinalState other) {
    var mine = values.entrySet().iterator();
    var theirs = other.values.entrySet().iterator();
    while (mine.hasNext() && theirs.hasNext()) {
      Map.Entry<String, Long> a = mine.next();
      Map.Entry<String, Long> b = theirs.next();
      int c = KEY_ORDER.compare(a.getKey(), b.getKey());
      if (c == 0) {
        c = Long.compare(a.getValue(), b.getValue());
      }
      if (c != 0) {
        return c;
      }
    }
    return Boolean.compare(mine.hasNext(), theirs.hasNext());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FinalState other && values.equals(other.values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  /** {@code P1:r0=1; x=2;} */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    values.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v).append(';'));
    return sb.toString();
  }
}
