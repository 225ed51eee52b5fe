package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.relation.Relation;

/**
 * The rf part of a candidate while a search builds it (model.md "Search"): per read, per byte of
 * its
 * access, the write it takes the byte from (8.9.7: rf per byte); which reads are chosen so far;
 * and the guessed result of each {@code bar.red} (checked against the barrier phases later).
 * The engines create one per choice of paths, extend it one read at a time, and undo choices as
 * they backtrack. Mutable, one thread.
 */
final class RfChoice {
  private final EventGraph graph;
  /** Per event, per byte of its access, its source; null for events that do not read. */
  final int[][] byteSources;
  private final boolean[] assigned;
  /** Per {@code bar.red} wait event, the result guessed. */
  final long[] reductionGuess;

  RfChoice(EventGraph graph) {
    this.graph = graph;
    this.byteSources = new int[graph.n][];
    for (int r : graph.reads) {
      byteSources[r] = new int[graph.events.get(r).size()];
    }
    this.assigned = new boolean[graph.n];
    this.reductionGuess = new long[graph.n];
  }

  /** Bytes of {@code seg} come from write {@code w}. */
  void choose(ReadSources.Segment seg, int w) {
    Event read = graph.events.get(seg.read());
    for (int b : seg.bytes()) {
      byteSources[seg.read()][b - read.offset()] = w;
    }
  }

  /** Marks read {@code r} as chosen (all its bytes have their source) or not. */
  void assign(int r, boolean chosen) {
    assigned[r] = chosen;
  }

  /** {@return whether all bytes of read {@code r} have their source} */
  boolean isAssigned(int r) {
    return assigned[r];
  }

  /** {@return whether read {@code r} takes all its bytes from {@code w}} */
  boolean allFrom(int r, int w) {
    for (int k : byteSources[r]) {
      if (k != w) {
        return false;
      }
    }
    return true;
  }

  /** {@return rf of the whole choice: write → read, one pair per source of some byte} */
  Relation readsFrom() {
    Relation.Builder rf = Relation.builder(graph.n);
    for (int r : graph.reads) {
      for (int w : byteSources[r]) {
        rf.add(w, r);
      }
    }
    return rf.build();
  }

  /** {@return a copy of every read's byte sources} */
  int[][] saveSources() {
    int[][] saved = new int[graph.n][];
    for (int r : graph.reads) {
      saved[r] = byteSources[r].clone();
    }
    return saved;
  }

  /** Puts back byte sources saved by {@link #saveSources}. */
  void restoreSources(int[][] saved) {
    for (int r : graph.reads) {
      System.arraycopy(saved[r], 0, byteSources[r], 0, saved[r].length);
    }
  }
}
