package io.github.ptxlitmus.model;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.Optional;

/**
 * rf per byte (8.9.7) where the relation algebra cannot say it cheaply: a read of mixed sizes
 * may take each byte from another write, so from-reads and single-copy atomicity (8.10.3) look
 * at the bytes. One named value each, used by {@link PtxModel#fromReads} and {@link
 * PtxModel#atomicity}; the whole-read case is plain relation algebra there. Stateless.
 */
final class ByteSources {
  private ByteSources() {}

  /** {@return whether every byte of a read comes from the same write} */
  static boolean fromOneWrite(int[] src) {
    for (int k : src) {
      if (k != src[0]) {
        return false;
      }
    }
    return true;
  }

  /**
   * 8.9.7 from-reads per byte: the writes co-after the source of some byte they share with a
   * read.
   *
   * @param base the events
   * @param r the read
   * @param src per byte of {@code r}, its source
   * @param co coherence order
   * @return the writes, an event set over the events
   */
  static EventSet coAfterSomeSource(PtxBase base, int r, int[] src, Relation co) {
    Event read = base.events.get(r);
    return base.tagged(write -> {
      int from = Math.max(read.offset(), write.offset());
      int to = Math.min(read.offset() + read.size(), write.offset() + write.size());
      for (int b = from; b < to; b++) {
        if (co.contains(src[b - read.offset()], write.id())) {
          return true;
        }
      }
      return false;
    });
  }

  /**
   * 8.10.3 single-copy atomicity per byte: a read R that takes bytes both from a write W it is
   * morally strong with and from a write co-before W.
   *
   * @param byteSources per event, per byte, its source ({@code null}: not a read)
   * @param ms morally strong (8.7)
   * @param writes the writes
   * @param co coherence order
   * @return the first such (R, W), or empty
   */
  static Optional<int[]> tornAcross(
      int[][] byteSources, Relation ms, EventSet writes, Relation co) {
    for (int r = 0; r < byteSources.length; r++) {
      int[] src = byteSources[r];
      if (src == null || fromOneWrite(src)) {
        continue; // W and a write co-before W cannot both be the one source (co is irreflexive)
      }
      EventSet candidates = ms.successors(r).intersection(writes);
      for (int w = candidates.next(0); w >= 0; w = candidates.next(w + 1)) {
        boolean fromW = false;
        boolean fromBefore = false;
        for (int k : src) {
          fromW |= k == w;
          fromBefore |= co.contains(k, w);
        }
        if (fromW && fromBefore) {
          return Optional.of(new int[] {r, w});
        }
      }
    }
    return Optional.empty();
  }
}
