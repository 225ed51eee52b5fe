package io.github.ptxlitmus.search;

import java.util.Map;

/**
 * A final state as a hash key. {@link Map#hashCode()} sums {@code key ^ value} per entry, so
 * states that differ in a few small register values collide massively (thousands of states on
 * a few dozen hash codes); this key mixes each entry first.
 */
final class StateKey {
  private final Map<String, Long> state;
  private final int hash;

  StateKey(Map<String, Long> state) {
    this.state = state;
    int h = 0;
    for (Map.Entry<String, Long> e : state.entrySet()) {
      h += mix(e.getKey().hashCode() * 0x9E3779B9 + Long.hashCode(e.getValue() * 0xC2B2AE3D27D4EB4FL));
    }
    this.hash = h;
  }

  Map<String, Long> state() {
    return state;
  }

  private static int mix(int x) {
    x ^= x >>> 16;
    x *= 0x7feb352d;
    x ^= x >>> 15;
    x *= 0x846ca68b;
    x ^= x >>> 16;
    return x;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StateKey k && k.hash == hash && k.state.equals(state);
  }

  @Override
  public int hashCode() {
    return hash;
  }
}
