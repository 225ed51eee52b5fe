package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.Address;
import io.github.ptxlitmus.litmus.AsyncInstruction;
import io.github.ptxlitmus.litmus.AsyncInstruction.AsyncCopy;
import io.github.ptxlitmus.litmus.AsyncInstruction.CopyKind;
import io.github.ptxlitmus.litmus.DataType;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.StateSpace;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Unfolds the asynchronous instructions of model.md "Asynchronous operations" into events of a
 * thread path:
 *
 * <ul>
 *   <li>mbarrier operations (a decision): {@code mbarrier.init} a weak 8-byte write; arrive,
 *       expect_tx, complete_tx, arrive_drop strong atomic RMWs of M ({@link Op#MBARRIER});
 *       test_wait/try_wait strong reads of M whose predicate is computed from the value read;
 *   <li>asynchronous units: the reads, then the writes, of a copy (one per element of at
 *       most 8 bytes), the implicit generic↔async proxy fence of bulk copies, then the
 *       completion (an implicit complete-tx RMW on the mbarrier, release at cluster scope);
 *       the events are ordered by {@link PathAsync}, not by program order (8.9.1.1);
 *   <li>completion observed by the issuer: commit_group closes a group, wait_group / wait_all
 *       is an {@link EventKind#ASYNC_WAIT} event after the completed units' operations;
 *   <li>CUDA API calls: an {@link EventKind#API_CALL} event (synchronization: {@link
 *       ApiSynchronization}).
 * </ul>
 */
final class AsyncUnfolder {
  private AsyncUnfolder() {}

  /** Per-path bookkeeping while unfolding; copied when the path forks. */
  static final class PathState {
    private final Map<Integer, Integer> unitOf = new HashMap<>();
    private int units;
    private final BitSet unissued = new BitSet();
    private final BitSet ordersLater = new BitSet();
    private final BitSet completions = new BitSet();
    private final List<int[]> order = new ArrayList<>();
    private final List<int[]> carried = new ArrayList<>();
    private final Map<Integer, List<Integer>> members = new HashMap<>();
    private final Map<Integer, List<Integer>> reads = new HashMap<>();
    private final List<List<Integer>> cpGroups = new ArrayList<>();
    private final List<Integer> cpOpen = new ArrayList<>();
    private final List<List<Integer>> bulkGroups = new ArrayList<>();
    private final List<Integer> bulkOpen = new ArrayList<>();
    private final List<Integer> cpAll = new ArrayList<>();
    private final List<Integer> inits = new ArrayList<>();

    void copyFrom(PathState o) {
      unitOf.putAll(o.unitOf);
      units = o.units;
      unissued.or(o.unissued);
      ordersLater.or(o.ordersLater);
      completions.or(o.completions);
      o.order.forEach(p -> order.add(p.clone()));
      o.carried.forEach(p -> carried.add(p.clone()));
      o.members.forEach((k, v) -> members.put(k, new ArrayList<>(v)));
      o.reads.forEach((k, v) -> reads.put(k, new ArrayList<>(v)));
      o.cpGroups.forEach(g -> cpGroups.add(new ArrayList<>(g)));
      cpOpen.addAll(o.cpOpen);
      o.bulkGroups.forEach(g -> bulkGroups.add(new ArrayList<>(g)));
      bulkOpen.addAll(o.bulkOpen);
      cpAll.addAll(o.cpAll);
      inits.addAll(o.inits);
    }

    /** The immutable structure of a path of {@code size} events. */
    PathAsync finish(int size) {
      int[] unit = new int[size];
      java.util.Arrays.fill(unit, -1);
      unitOf.forEach((e, u) -> {
        if (e < size) {
          unit[e] = u;
        }
      });
      return new PathAsync(unit, unissued, order, ordersLater, carried, completions);
    }

    private int newUnit() {
      return units++;
    }

    private void add(int unit, int event, boolean read) {
      unitOf.put(event, unit);
      members.computeIfAbsent(unit, k -> new ArrayList<>()).add(event);
      if (read) {
        reads.computeIfAbsent(unit, k -> new ArrayList<>()).add(event);
      }
    }

    private void before(List<Integer> from, int to) {
      from.forEach(f -> order.add(new int[] {f, to}));
    }
  }

  static void step(ThreadUnfolder u, ThreadUnfolder.State s, AsyncInstruction a) {
    if (a instanceof AsyncInstruction.MbarrierInit init) {
      mbarrierInit(u, s, init);
    } else if (a instanceof AsyncInstruction.MbarrierInval inval) {
      // docs/model.md: a weak write of 0 to the object; its bytes are unspecified in PTX.
      ThreadUnfolder.Access m = mbarrier(u, s, inval.mbarrier(), inval);
      s.events.add(u.memoryEvent(s, inval, EventKind.WRITE, Semantics.WEAK, Optional.empty(), m,
          Expr.constant(0), Optional.empty(), Optional.empty(), new BitSet()));
    } else if (a instanceof AsyncInstruction.MbarrierUpdate up) {
      mbarrierUpdate(u, s, up);
    } else if (a instanceof AsyncInstruction.MbarrierWait w) {
      mbarrierWait(u, s, w);
    } else if (a instanceof AsyncInstruction.MbarrierInitFence f) {
      initFence(s, f);
    } else if (a instanceof AsyncCopy c) {
      copy(u, s, c);
    } else if (a instanceof AsyncInstruction.AsyncStore st) {
      asyncStore(u, s, st);
    } else if (a instanceof AsyncInstruction.CommitGroup g) {
      commit(s.async, g.bulk());
    } else if (a instanceof AsyncInstruction.WaitGroup w) {
      waitGroup(s, w);
    } else if (a instanceof AsyncInstruction.CpAsyncMbarrierArrive arrive) {
      cpAsyncArrive(u, s, arrive);
    } else if (a instanceof AsyncInstruction.ApiCall call) {
      s.events.add(control(s, call, EventKind.API_CALL, Semantics.RELAXED, Scope.SYS));
    }
  }

  // ---- mbarrier (model.md "Asynchronous operations") ------------------------------------------

  private static final DataType B64 = DataType.of(DataType.Kind.B, 64);

  private static void mbarrierInit(
      ThreadUnfolder u, ThreadUnfolder.State s, AsyncInstruction.MbarrierInit init) {
    Expr count = u.operand(s, init.count());
    Expr value =
        count instanceof Expr.Const c
            ? Expr.constant(MbarrierValue.init(c.value()))
            : Expr.binary(Op.ADD, Expr.binary(Op.AND, count, Expr.constant(MbarrierValue.MASK),
                64, false), Expr.binary(Op.MUL, Expr.binary(Op.AND, count,
                Expr.constant(MbarrierValue.MASK), 64, false),
                Expr.constant(1L << MbarrierValue.EXPECTED_SHIFT), 64, false), 64, false);
    ThreadUnfolder.Access m = mbarrier(u, s, init.mbarrier(), init);
    s.async.inits.add(s.events.size());
    s.events.add(u.memoryEvent(s, init, EventKind.WRITE, Semantics.WEAK, Optional.empty(), m,
        value, Optional.empty(), Optional.empty(), value.reads()));
  }

  private static ThreadUnfolder.Access mbarrier(
      ThreadUnfolder u, ThreadUnfolder.State s, Address a, Instruction ins) {
    return u.access(s, a, 0, B64, Proxy.GENERIC, StateSpace.GENERIC, ins);
  }

  /** The update operand of an mbarrier RMW, from arrivals, drops and a tx change. */
  private static Expr updateOperand(Expr arrivals, Expr drops, Expr tx) {
    if (arrivals instanceof Expr.Const a && drops instanceof Expr.Const d
        && tx instanceof Expr.Const t) {
      return Expr.constant(MbarrierValue.updateOperand(a.value(), d.value(), t.value()));
    }
    Expr mask = Expr.constant(MbarrierValue.MASK);
    Expr low = Expr.binary(Op.AND, arrivals, mask, 64, false);
    Expr mid = Expr.binary(Op.MUL, Expr.binary(Op.AND, drops, mask, 64, false),
        Expr.constant(1L << MbarrierValue.EXPECTED_SHIFT), 64, false);
    Expr high = Expr.binary(Op.MUL, tx, Expr.constant(1L << MbarrierValue.TX_SHIFT), 64, false);
    return Expr.binary(Op.ADD, Expr.binary(Op.ADD, low, mid, 64, false), high, 64, false);
  }

  private static void mbarrierUpdate(
      ThreadUnfolder u, ThreadUnfolder.State s, AsyncInstruction.MbarrierUpdate up) {
    Expr count = u.operand(s, up.count());
    Expr tx = u.operand(s, up.tx());
    Expr zero = Expr.constant(0);
    Expr operand =
        switch (up.op()) {
          case ARRIVE -> updateOperand(count, zero, zero);
          case ARRIVE_DROP -> updateOperand(count, count, zero);
          case EXPECT_TX -> updateOperand(zero, zero, tx);
          case COMPLETE_TX -> updateOperand(zero, zero, Expr.binary(Op.SUB, zero, tx, 64, false));
          case ARRIVE_EXPECT_TX -> updateOperand(Expr.constant(1), zero, tx);
          case ARRIVE_DROP_EXPECT_TX -> updateOperand(Expr.constant(1), Expr.constant(1), tx);
        };
    ThreadUnfolder.Access m = mbarrier(u, s, up.mbarrier(), up);
    int index = s.events.size();
    s.events.add(u.memoryEvent(s, up, EventKind.RMW, up.sem(), Optional.of(up.scope()), m,
        operand, Optional.empty(), Optional.of(Op.MBARRIER), operand.reads()));
    up.state().ifPresent(r -> s.registers.put(r, new Expr.ReadValue(index)));
  }

  private static void mbarrierWait(
      ThreadUnfolder u, ThreadUnfolder.State s, AsyncInstruction.MbarrierWait w) {
    Expr phase = u.operand(s, w.phase());
    ThreadUnfolder.Access m = mbarrier(u, s, w.mbarrier(), w);
    int index = s.events.size();
    s.events.add(u.memoryEvent(s, w, EventKind.READ, w.sem(), Optional.of(w.scope()), m,
        Expr.constant(0), Optional.empty(), Optional.empty(), new BitSet()));
    s.registers.put(w.destination(),
        Expr.binary(w.parity() ? Op.MBAR_PARITY_DONE : Op.MBAR_PHASE_DONE,
            new Expr.ReadValue(index), phase, 64, false));
  }

  /**
   * {@code fence.mbarrier_init.release.cluster}: a release fence at cluster scope for the
   * thread's earlier {@code mbarrier.init} writes only (model.md "Asynchronous operations"): it
   * precedes the thread's
   * later instructions, but nothing precedes it in program order, and the synchronization it
   * starts carries only the init writes, like a completion (relation C).
   */
  private static void initFence(ThreadUnfolder.State s, AsyncInstruction.MbarrierInitFence f) {
    PathState p = s.async;
    int unit = p.newUnit();
    int index = s.events.size();
    s.events.add(control(s, f, EventKind.FENCE, Semantics.RELEASE, Scope.CLUSTER));
    p.add(unit, index, false);
    p.unissued.set(index);
    p.ordersLater.set(index);
    // Its synchronization carries only the init writes (the completion relation C).
    p.inits.forEach(i -> p.carried.add(new int[] {i, index}));
    p.carried.add(new int[] {index, index});
    p.completions.set(index);
  }

  // ---- asynchronous copies (model.md "Asynchronous operations") ---------------------------------

  private static void copy(ThreadUnfolder u, ThreadUnfolder.State s, AsyncCopy c) {
    PathState p = s.async;
    int unit = p.newUnit();
    boolean bulk = c.kind() != CopyKind.CP_ASYNC;
    // 8.6: .async.bulk operations access memory through the async proxy; cp.async through
    // the generic proxy.
    Proxy proxy = bulk ? Proxy.ASYNC : Proxy.GENERIC;
    int elementBytes = elementBytes(u, s, c);
    int elements = (int) (c.size() / elementBytes);
    DataType type = DataType.of(DataType.Kind.B, elementBytes * 8);
    Semantics readSem = c.sem().isStrong() ? Semantics.RELAXED : Semantics.WEAK;
    List<Integer> readEvents = new ArrayList<>();
    List<Integer> writeEvents = new ArrayList<>();
    List<Integer> values = readEvents;
    for (int k = 0; k < elements; k++) {
      ThreadUnfolder.Access src =
          u.access(s, c.source(), k, type, proxy, c.sourceSpace(), c);
      int r = s.events.size();
      s.events.add(u.memoryEvent(s, c, EventKind.READ, readSem, c.scope(), src,
          Expr.constant(0), Optional.empty(), Optional.empty(), new BitSet()));
      p.add(unit, r, true);
      readEvents.add(r);
    }
    if (bulk) {
      // A decision (model.md "Asynchronous operations"): the implicit generic<->async proxy fence
      // also
      // follows the copy's reads, so that wait_group.read, which observes only the reads,
      // makes reusing the source safe.
      readEvents = List.of(proxyFence(s, c, unit, readEvents, true));
    }
    for (int k = 0; k < elements; k++) {
      ThreadUnfolder.Access dst =
          u.access(s, c.destination(), k, type, proxy, c.destinationSpace(), c);
      Expr value = new Expr.ReadValue(values.get(k));
      int w = s.events.size();
      if (c.kind() == CopyKind.REDUCE_BULK) {
        // model.md "Asynchronous operations": each element reduction is an individual relaxed RMW
        // at gpu scope.
        s.events.add(u.memoryEvent(s, c, EventKind.RMW, Semantics.RELAXED,
            Optional.of(Scope.GPU), dst, value, Optional.empty(),
            Optional.of(Op.of(c.reduction().orElseThrow())), value.reads()));
      } else {
        s.events.add(u.memoryEvent(s, c, EventKind.WRITE, c.sem(), c.scope(), dst, value,
            Optional.empty(), Optional.empty(), value.reads()));
      }
      p.add(unit, w, false);
      writeEvents.add(w);
      p.before(readEvents, w); // the copy's reads precede its writes (8.9.1.1)
    }
    List<Integer> done = new ArrayList<>(writeEvents);
    if (bulk) {
      // model.md "Asynchronous operations": the completion of a bulk operation is followed by an
      // implicit
      // generic<->async proxy fence.
      done = List.of(proxyFence(s, c, unit, writeEvents, false));
    }
    switch (c.completion()) {
      case MBARRIER -> completeTx(u, s, c, unit, c.mbarrier().orElseThrow(), c.size(), done);
      case CP_ASYNC_GROUP -> {
        p.cpOpen.add(unit);
        p.cpAll.add(unit);
      }
      case BULK_GROUP -> p.bulkOpen.add(unit);
      default -> throw new IllegalStateException(c.completion().name());
    }
  }

  /** Element size: the instruction's type, else at most 8 bytes and at most the locations. */
  private static int elementBytes(ThreadUnfolder u, ThreadUnfolder.State s, AsyncCopy c) {
    int limit = c.elementBits().map(b -> b / 8).orElse(8);
    for (Address a : List.of(c.source(), c.destination())) {
      limit = Math.min(limit, u.locationBytes(s, a, c));
    }
    int bytes = (int) Math.min(limit, c.size());
    while (c.size() % bytes != 0) {
      bytes--;
    }
    return Math.max(1, bytes);
  }

  /**
   * An implicit generic↔async proxy fence of {@code unit} (model.md "Asynchronous operations")
   * after {@code after};
   * {@code read}: it belongs to the unit's reads (observed by wait_group.read). Its index.
   */
  private static int proxyFence(
      ThreadUnfolder.State s, AsyncCopy c, int unit, List<Integer> after, boolean read) {
    int f = s.events.size();
    s.events.add(control(s, c, EventKind.PROXY_FENCE, Semantics.ACQ_REL, Scope.CTA)
        .withProxy(Proxy.ASYNC));
    s.async.add(unit, f, read);
    s.async.before(after, f);
    return f;
  }

  /**
   * The implicit complete-tx of a unit (model.md "Asynchronous operations"): an RMW on M lowering
   * tx-count by
   * {@code bytes}, release at cluster scope, after {@code after}; its synchronization carries
   * only the unit's own operations.
   */
  private static void completeTx(
      ThreadUnfolder u, ThreadUnfolder.State s, Instruction ins, int unit, Address mbarrier,
      long bytes, List<Integer> after) {
    PathState p = s.async;
    ThreadUnfolder.Access m = mbarrier(u, s, mbarrier, ins);
    Expr operand = Expr.constant(MbarrierValue.updateOperand(0, 0, -bytes));
    int c = s.events.size();
    s.events.add(u.memoryEvent(s, ins, EventKind.RMW, Semantics.RELEASE,
        Optional.of(Scope.CLUSTER), m, operand, Optional.empty(), Optional.of(Op.MBARRIER),
        new BitSet()));
    p.before(after, c);
    for (int member : p.members.get(unit)) {
      p.carried.add(new int[] {member, c});
    }
    p.add(unit, c, false);
    p.carried.add(new int[] {c, c});
    p.completions.set(c);
  }

  private static void asyncStore(
      ThreadUnfolder u, ThreadUnfolder.State s, AsyncInstruction.AsyncStore st) {
    PathState p = s.async;
    int unit = p.newUnit();
    DataType type = st.type();
    if (type.isUntyped()) {
      throw new LitmusSyntaxException(st.position(), (st.reduction().isPresent() ? "red" : "st")
          + ".async needs a type (.b32, .u64, ...)");
    }
    List<Integer> writes = new ArrayList<>();
    for (int k = 0; k < st.values().size(); k++) {
      Expr v = u.operand(s, st.values().get(k));
      ThreadUnfolder.Access a =
          u.access(s, st.address(), k, type, Proxy.GENERIC, st.space(), st);
      int w = s.events.size();
      if (st.reduction().isPresent()) {
        s.events.add(u.memoryEvent(s, st, EventKind.RMW, st.sem(), st.scope(), a, v,
            Optional.empty(), Optional.of(Op.of(st.reduction().get())), v.reads()));
      } else {
        s.events.add(u.memoryEvent(s, st, EventKind.WRITE, st.sem(), st.scope(), a, v,
            Optional.empty(), Optional.empty(), v.reads()));
      }
      p.add(unit, w, false);
      writes.add(w);
    }
    // The global form (st.async.release.gpu.global ...) has no completion mechanism.
    if (st.mbarrier().isPresent()) {
      completeTx(u, s, st, unit, st.mbarrier().get(), (long) type.bytes() * st.values().size(),
          writes);
    }
  }

  // ---- completion observed by the issuer ---------------------------------------------------

  private static void commit(PathState p, boolean bulk) {
    List<Integer> open = bulk ? p.bulkOpen : p.cpOpen;
    (bulk ? p.bulkGroups : p.cpGroups).add(new ArrayList<>(open));
    open.clear();
  }

  /**
   * wait_group N: all but the N most recent committed groups are complete; their units'
   * operations (only the reads for {@code .read}) precede this wait (model.md "Asynchronous
   * operations").
   */
  private static void waitGroup(ThreadUnfolder.State s, AsyncInstruction.WaitGroup w) {
    PathState p = s.async;
    if (w.all()) {
      commit(p, w.bulk());
    }
    List<List<Integer>> groups = w.bulk() ? p.bulkGroups : p.cpGroups;
    int index = s.events.size();
    s.events.add(control(s, w, EventKind.ASYNC_WAIT, Semantics.RELAXED, Scope.CTA));
    int complete = (int) Math.max(0, groups.size() - w.pending());
    for (int g = 0; g < complete; g++) {
      for (int unit : groups.get(g)) {
        List<Integer> ops =
            w.readOnly() ? p.reads.getOrDefault(unit, List.of()) : p.members.get(unit);
        p.before(ops, index);
      }
    }
  }

  /**
   * cp.async.mbarrier.arrive: an asynchronous arrive on M after the thread's earlier cp.async
   * (a decision, model.md "Asynchronous operations": release, cta scope), carrying only their
   * operations; without
   * {@code .noinc} the thread first raises the pending count by one.
   */
  private static void cpAsyncArrive(
      ThreadUnfolder u, ThreadUnfolder.State s, AsyncInstruction.CpAsyncMbarrierArrive a) {
    PathState p = s.async;
    ThreadUnfolder.Access m = mbarrier(u, s, a.mbarrier(), a);
    int increment = -1;
    if (!a.noinc()) {
      Expr inc = Expr.constant(MbarrierValue.updateOperand(-1, 0, 0));
      increment = s.events.size();
      s.events.add(u.memoryEvent(s, a, EventKind.RMW, Semantics.RELAXED,
          Optional.of(Scope.CTA), m, inc, Optional.empty(), Optional.of(Op.MBARRIER),
          new BitSet()));
    }
    int unit = p.newUnit();
    Expr arrive = Expr.constant(MbarrierValue.updateOperand(1, 0, 0));
    int c = s.events.size();
    s.events.add(u.memoryEvent(s, a, EventKind.RMW, Semantics.RELEASE, Optional.of(Scope.CTA),
        m, arrive, Optional.empty(), Optional.of(Op.MBARRIER), new BitSet()));
    p.add(unit, c, false);
    if (increment >= 0) {
      p.order.add(new int[] {increment, c});
    }
    for (int earlier : p.cpAll) {
      List<Integer> ops = p.members.get(earlier);
      p.before(ops, c);
      ops.forEach(o -> p.carried.add(new int[] {o, c}));
    }
    p.carried.add(new int[] {c, c});
    p.completions.set(c);
  }

  // ---- helpers -----------------------------------------------------------------------------

  private static PathEvent control(
      ThreadUnfolder.State s, Instruction ins, EventKind kind, Semantics sem, Scope scope) {
    return new PathEvent(
        s.group, ins, kind, sem, scope, Proxy.GENERIC, "", 0, 0, false, Expr.constant(0),
        Optional.empty(), Optional.empty(), Expr.constant(0), Optional.empty(), false,
        new BitSet(), (BitSet) s.ctrl.clone());
  }
}
