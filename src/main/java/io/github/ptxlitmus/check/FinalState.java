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
  public static final Comparator<String> KEY_ORDER = FinalState::compareKeys;

  /** {@link #KEY_ORDER}: registers before locations, then by thread number, then by name. */
  private static int compareKeys(String a, String b) {
    if (a.equals(b)) {
      return 0;
    }
    boolean registerA = a.indexOf(':') >= 0;
    if (registerA != b.indexOf(':') >= 0) {
      return registerA ? -1 : 1;
    }
    int byThread = Integer.compare(threadOf(a), threadOf(b));
    return byThread != 0 ? byThread : a.compareTo(b);
  }

  private final ImmutableSortedMap<String, Long> values;

  private FinalState(Map<String, Long> values) {
    this.values = ImmutableSortedMap.copyOf(values, KEY_ORDER);
  }

  /**
   * A state from key → value.
   *
   * @param values keys {@code P<i>:<reg>} or location names, to final values (copied)
   * @return the state, keys in {@link #KEY_ORDER}
   * @throws NullPointerException if a key or value is null
   */
  public static FinalState of(Map<String, Long> values) {
    return new FinalState(values);
  }

  /**
   * The state's values.
   *
   * @return key → value, in {@link #KEY_ORDER}
   */
  public ImmutableSortedMap<String, Long> values() {
    return values;
  }

  /**
   * The value of a register of thread {@code thread}, if observed.
   *
   * @param thread the thread number, {@code 1} for {@code P1}
   * @param register the register's name, with or without PTX's {@code %}: {@code "%r0"} and
   *     {@code "r0"} name the same register
   * @return its final value, or empty when the state does not observe it
   */
  public Optional<Long> register(int thread, String register) {
    String name = register.startsWith("%") ? register.substring(1) : register;
    return Optional.ofNullable(values.get("P" + thread + ":" + name));
  }

  /**
   * The final value of a location, if observed.
   *
   * @param name the location's name, e.g. {@code x}
   * @return its final value, or empty when the state does not observe it
   */
  public Optional<Long> location(String name) {
    return Optional.ofNullable(values.get(name));
  }

  private static int threadOf(String key) {
    int colon = key.indexOf(':');
    if (colon < 2) {
      return -1;
    }
    if (colon <= 10) { // P<digits>: read in place (this runs inside sorts)
      int t = 0;
      int i = 1;
      for (; i < colon; i++) {
        char c = key.charAt(i);
        if (c < '0' || c > '9') {
          break;
        }
        t = 10 * t + (c - '0');
      }
      if (i == colon) {
        return t;
      }
    }
    try {
      return Integer.parseInt(key.substring(1, colon));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * Orders states key by key in {@link #KEY_ORDER}, comparing values as numbers ({@code r0=2}
   * before {@code r0=10}); a state whose keys run out first comes first. Builds no strings:
   * sorting a million states costs a million times a few map steps.
   */
  @Override
  public int compareTo(FinalState other) {
    var mine = values.entrySet().iterator();
    var theirs = other.values.entrySet().iterator();
    while (mine.hasNext() && theirs.hasNext()) {
      Map.Entry<String, Long> a = mine.next();
      Map.Entry<String, Long> b = theirs.next();
      int byKey = KEY_ORDER.compare(a.getKey(), b.getKey());
      if (byKey != 0) {
        return byKey;
      }
      int byValue = Long.compare(a.getValue(), b.getValue());
      if (byValue != 0) {
        return byValue;
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
