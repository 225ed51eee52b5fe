package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import java.util.HashMap;
import java.util.Map;

/**
 * The final state of a candidate: its registers (from the values) and its memory. Each byte of
 * a location holds the value of the last write covering it in the chosen coherence total order
 * (a co-maximal write, 8.9.6), or its initial value. Locations of up to 8 bytes are one value
 * under their name; larger ones are split into 8-byte words {@code x}, {@code x+8}, ...
 */
final class FinalStates {
  private FinalStates() {}

  /**
   * Final memory by physical location.
   *
   * @param rank per write, its position in the chosen total order of its group (higher later)
   */
  static Map<String, Long> memory(EventGraph graph, Values values, int[] rank) {
    Map<String, Long> byPhysical = new HashMap<>(graph.untouchedMemory());
    for (Locations.Info loc : graph.live) {
      int size = Math.max(1, loc.bits() / 8);
      long[] words = new long[(size + 7) / 8];
      int init = -1;
      // The program writes to this location, in event order (found once, not per byte).
      Event[] writes = new Event[graph.events.size()];
      int count = 0;
      for (Event e : graph.events) {
        if (loc.name().equals(e.physical())) {
          if (e.isInit()) {
            init = e.id();
          } else if (e.writes()) {
            writes[count++] = e;
          }
        }
      }
      for (int b = 0; b < size; b++) {
        int last = init;
        for (int k = 0; k < count; k++) {
          Event e = writes[k];
          if (e.offset() <= b && b < e.offset() + e.size()
              && (last == init || rank[e.id()] > rank[last])) {
            last = e.id();
          }
        }
        words[b / 8] |= (values.writtenByte(last, b) & 0xFFL) << (8 * (b % 8));
      }
      for (int w = 0; w < words.length; w++) {
        byPhysical.put(w == 0 ? loc.name() : loc.name() + "+" + (8 * w), words[w]);
      }
    }
    return byPhysical;
  }

  /**
   * The full state: every register {@code P<i>:<reg>} and every location by name, aliases
   * included.
   *
   * @param memory {@link #memory} of the candidate
   */
  static Map<String, Long> state(EventGraph graph, Values values, Map<String, Long> memory) {
    Map<String, Long> state = new HashMap<>();
    values.registers(state);
    for (Map.Entry<String, String> k : graph.locationKeys()) {
      Long v = memory.get(k.getValue());
      if (v != null) {
        state.put(k.getKey(), v);
      }
    }
    return Map.copyOf(state);
  }
}
