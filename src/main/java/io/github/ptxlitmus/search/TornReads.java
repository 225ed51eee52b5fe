package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Torn reads (8.9.7, 8.10.3): a read that is not morally strong with all its candidate writes
 * may take each byte from a different write. A mix is explored only when its value differs
 * from every unmixed choice: a mix with the same value as an unmixed choice has the same final
 * state and only more rf/fr edges, so it is consistent only if that choice is. Which bytes can
 * differ is decided with the values of the choice at hand (values that themselves come from
 * torn reads are not re-split).
 */
final class TornReads {
  private TornReads() {}

  /**
   * Runs {@code body} for the current rf choice, then for each of its torn variants (the
   * mixed-byte assignments of its tearable segments: every combination of one mix or none per
   * segment), and restores the choice. The variants are made one at a time, each counted as a
   * step of {@code budget}: two weak 64-bit reads of three writes each have 3^16 of them.
   *
   * @param body the work on one variant; returns false to stop
   * @return false when {@code body} stopped the walk
   */
  static boolean forEachVariant(EventGraph graph, ReadSources sources, RfChoice choice,
      Budget budget, BooleanSupplier body) {
    List<List<int[]>> perSegment = new ArrayList<>();
    List<Integer> segmentIds = new ArrayList<>();
    if (!sources.tearable.isEmpty()) {
      Values values = Values.lazily(graph, choice);
      for (int i : sources.tearable) {
        List<int[]> mixes = mixes(sources.segments.get(i), values);
        if (!mixes.isEmpty()) {
          perSegment.add(mixes);
          segmentIds.add(i);
        }
      }
      if (values.failed()) { // values in a cycle: no variants
        perSegment.clear();
        segmentIds.clear();
      }
    }
    if (!body.getAsBoolean()) {
      return false;
    }
    if (perSegment.isEmpty()) {
      return true;
    }
    int[][] saved = choice.saveSources();
    int[] pick = new int[perSegment.size()]; // 0 = unmixed, k = k-th mix
    try {
      while (true) {
        budget.step();
        int t = 0;
        while (t < pick.length && ++pick[t] > perSegment.get(t).size()) {
          pick[t++] = 0;
        }
        if (t == pick.length) {
          return true;
        }
        choice.restoreSources(saved);
        for (int k = 0; k < pick.length; k++) {
          if (pick[k] > 0) {
            ReadSources.Segment seg = sources.segments.get(segmentIds.get(k));
            int[] mix = perSegment.get(k).get(pick[k] - 1);
            Event read = graph.events.get(seg.read());
            for (int j = 0; j < seg.bytes().length; j++) {
              choice.byteSources[seg.read()][seg.bytes()[j] - read.offset()] = mix[j];
            }
          }
        }
        if (!body.getAsBoolean()) {
          return false;
        }
      }
    } finally {
      choice.restoreSources(saved);
    }
  }

  /**
   * Byte assignments of a segment that give a value no single candidate write gives: bytes
   * where the candidates' values agree follow the first differing byte.
   */
  private static List<int[]> mixes(ReadSources.Segment seg, Values values) {
    int[] src = seg.sources();
    int[] bytes = seg.bytes();
    long[][] byteValue = new long[src.length][bytes.length];
    for (int k = 0; k < src.length; k++) {
      for (int j = 0; j < bytes.length; j++) {
        byteValue[k][j] = values.writtenByte(src[k], bytes[j]) & 0xFF;
      }
    }
    List<Integer> differing = new ArrayList<>();
    for (int j = 0; j < bytes.length; j++) {
      for (int k = 1; k < src.length; k++) {
        if (byteValue[k][j] != byteValue[0][j]) {
          differing.add(j);
          break;
        }
      }
    }
    List<int[]> out = new ArrayList<>();
    if (differing.size() < 2) {
      return out;
    }
    Set<List<Long>> seen = new HashSet<>();
    for (int k = 0; k < src.length; k++) {
      List<Long> v = new ArrayList<>();
      for (int j : differing) {
        v.add(byteValue[k][j]);
      }
      seen.add(v);
    }
    int[] choice = new int[differing.size()];
    while (true) {
      List<Long> v = new ArrayList<>();
      for (int d = 0; d < choice.length; d++) {
        v.add(byteValue[choice[d]][differing.get(d)]);
      }
      if (seen.add(v)) {
        int[] mix = new int[bytes.length];
        java.util.Arrays.fill(mix, src[choice[0]]);
        for (int d = 0; d < choice.length; d++) {
          mix[differing.get(d)] = src[choice[d]];
        }
        out.add(mix);
      }
      int t = 0;
      while (t < choice.length && ++choice[t] == src.length) {
        choice[t++] = 0;
      }
      if (t == choice.length) {
        return out;
      }
    }
  }
}
