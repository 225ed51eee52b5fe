package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.AsyncInstruction;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * Waits that never end (docs/model.md): a choice of paths in which some thread ends inside a
 * loop ({@link ThreadPath#stuck()}) yields no final state, but may show that the loop spins
 * forever in a fair execution. Fairness (as in Dat3M's liveness check): a loop spins forever
 * only if its last iteration keeps reading the same values. Immutable.
 */
final class SpinLoops {
  private final EventGraph graph;
  private final BitSet iteration;

  SpinLoops(EventGraph graph) {
    this.graph = graph;
    this.iteration = graph.stuckIterations();
  }

  /**
   * For a consistent candidate of a stuck choice of paths: the loops ({@code P<i> line <n>})
   * that spin forever in it, or none when it is not a fair non-terminating execution. Every
   * read of the last iteration reads from a write after which, in the chosen total coherence
   * order {@code total} (initial writes first), come only writes of stuck iterations that leave
   * memory as it was (an RMW writing the value it read, such as a failing cas); every RMW of a
   * stuck iteration is such a write; and every store of a stuck iteration writes what each stuck
   * read it overlaps returns (repeated in every round, the store ends up after anything those
   * reads read, so they would see its value); and each stuck iteration leaves the registers
   * that decide the next one as it found them ({@link #registersRepeat}).
   */
  List<String> spinningForever(RfChoice choice, Values values, Relation total) {
    if (!registersRepeat(values)) {
      return List.of();
    }
    BitSet silent = new BitSet();
    for (int e = iteration.nextSetBit(0); e >= 0; e = iteration.nextSetBit(e + 1)) {
      Event ev = graph.events.get(e);
      if (ev.kind() == EventKind.RMW) {
        if (values.written(e) != values.read(e)) {
          return List.of(); // the iteration changes memory: the next one differs
        }
        silent.set(e);
      } else if (ev.writes()) {
        // A store of a repeating iteration writes the same value in every round, so it leaves
        // memory as it was once every read it reaches returns that value (checked below).
        silent.set(e);
      }
    }
    for (int e = iteration.nextSetBit(0); e >= 0; e = iteration.nextSetBit(e + 1)) {
      if (!graph.events.get(e).reads()) {
        continue;
      }
      for (int s = iteration.nextSetBit(0); s >= 0; s = iteration.nextSetBit(s + 1)) {
        Event store = graph.events.get(s);
        if (store.writes() && store.kind() != EventKind.RMW
            && store.overlaps(graph.events.get(e)) && !sameBytes(choice, values, e, s)) {
          return List.of(); // repeated forever, the store comes after anything e reads
        }
      }
      for (int w : choice.byteSources[e]) {
        for (int later = 0; later < graph.n; later++) {
          Event l = graph.events.get(later);
          boolean after = total.contains(w, later)
              || (graph.events.get(w).isInit() && l.writes() && !l.isInit());
          if (after && l.overlaps(graph.events.get(e)) && !silent.get(later)) {
            return List.of(); // a later write will eventually be read (fairness)
          }
        }
      }
    }
    return loops();
  }

  /**
   * Whether, under {@code values}, every stuck path's last iteration ends with each register
   * that decides the next iteration ({@link ThreadPath.Stuck#repeats()}, {@link LoopRegisters})
   * holding the value it held at the loop's label: then, its reads returning the same values
   * again, the next iteration is the same as the last. False as soon as one differs (a counter
   * that the exit tests), or cannot be computed.
   */
  boolean registersRepeat(Values values) {
    for (int t = 0; t < graph.paths.size(); t++) {
      Optional<ThreadPath.Stuck> stuck = graph.paths.get(t).stuck();
      if (stuck.isEmpty()) {
        continue;
      }
      for (ThreadPath.Repeat r : stuck.get().repeats()) {
        var before = values.eval(r.atHead(), t);
        var after = values.eval(r.atEnd(), t);
        if (before.isEmpty() || after.isEmpty() || before.getAsLong() != after.getAsLong()) {
          return false;
        }
      }
    }
    return true;
  }

  /** Whether read {@code r} returned, on every byte it shares with write {@code w}, w's byte. */
  private boolean sameBytes(RfChoice choice, Values values, int r, int w) {
    Event read = graph.events.get(r);
    Event write = graph.events.get(w);
    int from = Math.max(read.offset(), write.offset());
    int to = Math.min(read.offset() + read.size(), write.offset() + write.size());
    for (int b = from; b < to; b++) {
      int source = choice.byteSources[r][b - read.offset()];
      if ((values.writtenByte(source, b) & 0xFF) != (values.writtenByte(w, b) & 0xFF)) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@link #spinningForever}'s conditions on one read of a stuck iteration taking all its bytes
   * from {@code w} (same offset and size), checked before the choice: false when the read is an
   * RMW that would change memory (its static result differs from the value read), when a store
   * of a stuck iteration on the same bytes writes another static value than {@code w}'s, or
   * when it reads the initial value while some write outside the stuck iterations overlaps it
   * (that write comes after the initial one and is eventually read).
   */
  boolean readMayRepeat(int r, int w) {
    if (!iteration.get(r)) {
      return true;
    }
    Event read = graph.events.get(r);
    Event write = graph.events.get(w);
    if (write.isInit()) {
      for (Event e : graph.events) {
        if (e.writes() && !e.isInit() && !iteration.get(e.id()) && e.overlaps(read)) {
          return false;
        }
      }
    }
    Optional<Long> source = graph.staticValue(w);
    if (source.isPresent() && write.offset() == read.offset() && write.size() == read.size()) {
      // Every store of a stuck iteration that the read overlaps must write what it reads.
      for (int s = iteration.nextSetBit(0); s >= 0; s = iteration.nextSetBit(s + 1)) {
        Event store = graph.events.get(s);
        Optional<Long> stored = graph.staticValue(s);
        if (store.writes() && store.kind() != EventKind.RMW && store.offset() == read.offset()
            && store.size() == read.size() && store.overlaps(read) && stored.isPresent()
            && !stored.get().equals(source.get())) {
          return false;
        }
      }
    }
    PathEvent pe = graph.pathEvents.get(r);
    if (read.kind() != EventKind.RMW || read.offset() != write.offset()
        || read.size() != write.size() || !(pe.value() instanceof Expr.Const)
        || pe.compare().filter(c -> !(c instanceof Expr.Const)).isPresent()
        || source.isEmpty()) {
      return true;
    }
    long old = Op.normalize(source.get(), read.size() * 8, pe.signed());
    return pe.writtenValue(old, idx -> {
      throw new IllegalStateException("constant operands read no register");
    }) == old;
  }

  /**
   * {@link #spinningForever}'s condition on the coherence order, as order constraints for the
   * current rf choice: each read of a stuck iteration reads from a write after which come only
   * (silent) writes of stuck iterations, so every other overlapping write precedes its source.
   */
  Relation coherenceConstraint(RfChoice choice) {
    Relation.Builder b = Relation.builder(graph.n);
    for (int e = iteration.nextSetBit(0); e >= 0; e = iteration.nextSetBit(e + 1)) {
      Event read = graph.events.get(e);
      if (!read.reads() || choice.byteSources[e] == null) {
        continue;
      }
      for (int w : choice.byteSources[e]) {
        if (graph.events.get(w).isInit()) {
          continue;
        }
        for (Event other : graph.events) {
          if (other.id() != w && other.writes() && !other.isInit() && !iteration.get(other.id())
              && other.overlaps(read)) {
            b.add(other.id(), w);
          }
        }
      }
    }
    return b.build();
  }

  /** {@return the loops ({@code P<i> line <n>}) the stuck paths of this choice end in} */
  List<String> loops() {
    return loops(graph.paths);
  }

  /** {@return the loops ({@code P<i> line <n>}) the stuck paths of {@code paths} end in} */
  static List<String> loops(List<ThreadPath> paths) {
    List<String> loops = new ArrayList<>();
    for (int t = 0; t < paths.size(); t++) {
      int thread = t;
      paths.get(t).stuck().ifPresent(st -> loops.add("P" + thread + " line " + st.line()));
    }
    return loops;
  }

  /**
   * Whether a choice of paths can add nothing to a search that has already found the loops in
   * {@code spinning} spinning forever (and, when {@code deadlock}, a deadlock): some path is
   * stuck, so the choice yields no final state; all it could show is its loops spinning
   * forever, and a wait on an mbarrier that never completes (a deadlock). Decided from the
   * paths alone, before their events are put together.
   *
   * @param paths one path per thread
   * @param spinning the loops ({@code P<i> line <n>}) already shown to spin forever
   * @param deadlock whether a deadlock has already been found
   */
  static boolean nothingNew(List<ThreadPath> paths, java.util.Set<String> spinning,
      boolean deadlock) {
    boolean stuck = false;
    for (ThreadPath p : paths) {
      stuck |= p.stuck().isPresent();
    }
    return stuck && spinning.containsAll(loops(paths)) && (deadlock || !onMbarrier(paths));
  }

  /** {@return true when some stuck iteration waits on an mbarrier (test_wait / try_wait)} */
  boolean onMbarrier() {
    return onMbarrier(graph.paths);
  }

  private static boolean onMbarrier(List<ThreadPath> paths) {
    for (ThreadPath p : paths) {
      if (p.stuck().isPresent()) {
        for (PathEvent e : p.events().subList(p.stuck().get().from(), p.events().size())) {
          if (e.instruction() instanceof AsyncInstruction.MbarrierWait) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
