package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.Address;
import io.github.ptxlitmus.litmus.AsyncInstruction;
import io.github.ptxlitmus.litmus.DataType;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.Operand;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.RegisterInit;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.SourcePosition;
import io.github.ptxlitmus.litmus.StateSpace;
import io.github.ptxlitmus.litmus.ThreadSpec;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Unfolds one thread into its paths (8.9.1 program order along each path). Reads return
 * symbolic values; a branch on a symbolic value forks the path and records the decision as a
 * constraint. Each backward jump may be taken at most {@code loopBound} times per path; paths
 * that need more are dropped and reported through {@link Result#cuts()}, which judges whether
 * the cut can hide an execution ({@link LoopCuts}).
 *
 * <p>Dependencies (8.10.4, as an implementation can see them; docs/model.md "Dependencies"):
 * data dependencies are the reads an expression still mentions after {@link Expr}'s
 * known-bits folding; a branch's reads control the events up to the point where its paths
 * join again ({@link ControlFlow}), and the registers its region may assign keep the branch's
 * reads as a taint that later uses inherit; an access through a register depends on the reads
 * its address came from.
 *
 * <p>Addresses from loaded values: an access through a register whose value is not known
 * forks the path once per address it can name (every aligned position of a location whose
 * address the test takes, {@link Locations#addressCandidates}), with the constraint that the
 * register holds it, plus one path where it holds none of them. That path, and any access
 * through a known value that is no address, stops the thread there and marks the path with
 * the register {@link SearchResult#BAD_ADDRESS} (a per-execution result, never an error).
 */
final class ThreadUnfolder {
  /** Paths of one thread, and the paths the loop bound cut. */
  record Result(List<ThreadPath> paths, LoopCuts cuts) {
    /** True when the loop bound cut some path. */
    boolean boundHit() {
      return cuts.hit();
    }
  }

  /** Guard against path explosion from straight-line branching. */
  static final int MAX_PATHS = 100_000;

  static final int MAX_EVENTS_PER_PATH = 10_000;

  private final ThreadSpec thread;
  private final Locations locations;
  private final ControlFlow flow;
  private final int loopBound;
  /** Counts every instruction stepped, so that unfolding many long paths sees the limits. */
  private final Budget budget;
  private final Map<String, Integer> labels = new HashMap<>();
  private final List<ThreadPath> paths = new ArrayList<>();
  private final LoopCuts cuts = new LoopCuts();
  private final RegisterLiveness live;
  /** Indices of the labels some backward jump targets. */
  private final java.util.Set<Integer> loopHeads = new java.util.HashSet<>();
  /** Per loop head: the registers that decide the next iteration (waits that never end). */
  private final LoopRegisters loopRegisters;

  private ThreadUnfolder(
      ThreadSpec thread, List<RegisterInit> inits, Locations locations, int loopBound,
      Budget budget) {
    this.thread = thread;
    this.locations = locations;
    this.loopBound = loopBound;
    this.budget = budget;
    this.flow = ControlFlow.of(thread.instructions(), budget);
    List<Instruction> code = thread.instructions();
    for (int i = 0; i < code.size(); i++) {
      if (code.get(i) instanceof Instruction.Label l) {
        labels.put(l.name(), i);
      }
    }
    for (int i = 0; i < code.size(); i++) {
      String target = code.get(i) instanceof Instruction.Branch b ? b.target()
          : code.get(i) instanceof Instruction.Goto g ? g.target() : null;
      Integer at = target == null ? null : labels.get(target);
      if (at != null && at <= i) {
        loopHeads.add(at);
      }
    }
    this.live = loopHeads.isEmpty() ? null : RegisterLiveness.of(thread, inits);
    this.loopRegisters = LoopRegisters.of(code, loopHeads);
  }

  /**
   * Unfolds every thread and runs {@code body} on each combination of one path per thread,
   * until it returns false. {@code withStuck} also offers the paths that end spinning in a loop
   * ({@link ThreadPath#stuck()}), for the search of waits that never end.
   *
   * @param cuts receives the paths the loop bound cut ({@link LoopCuts#resolve} says which
   *     matter), as soon as every thread is unfolded, whatever {@code body} throws
   * @throws Budget.Exhausted when a limit of {@code budget} is hit while unfolding
   */
  static void forEachPathCombination(
      io.github.ptxlitmus.litmus.LitmusTest test,
      Locations locations,
      int loopBound,
      boolean withStuck,
      Budget budget,
      LoopCuts cuts,
      java.util.function.Predicate<List<ThreadPath>> body) {
    List<List<ThreadPath>> perThread = new ArrayList<>();
    List<List<ThreadPath>> kept = new ArrayList<>();
    cuts.paths(kept);
    for (ThreadSpec t : test.threads()) {
      Result r = unfold(t, test.registerInits(), locations, loopBound, budget);
      cuts.addAll(r.cuts());
      kept.add(r.paths());
      perThread.add(
          withStuck
              ? r.paths()
              : r.paths().stream().filter(p -> p.stuck().isEmpty()).toList());
      if (perThread.get(perThread.size() - 1).isEmpty()) {
        // No path of this thread ends: no execution completes, whatever the others do (its
        // cuts are judged with the threads unfolded so far).
        return;
      }
    }
    int[] choice = new int[perThread.size()];
    while (true) {
      List<ThreadPath> combo = new ArrayList<>();
      for (int t = 0; t < choice.length; t++) {
        combo.add(perThread.get(t).get(choice[t]));
      }
      if (!body.test(combo)) {
        return; // the body stops the walk
      }
      int t = 0;
      while (t < choice.length && ++choice[t] == perThread.get(t).size()) {
        choice[t++] = 0;
      }
      if (t == choice.length) {
        return;
      }
    }
  }

  /**
   * The paths of one thread.
   *
   * @throws Budget.Exhausted when a limit of {@code budget} is hit (counted per instruction)
   */
  static Result unfold(
      ThreadSpec thread, List<RegisterInit> inits, Locations locations, int loopBound,
      Budget budget) {
    ThreadUnfolder u = new ThreadUnfolder(thread, inits, locations, loopBound, budget);
    State s = new State();
    for (RegisterInit init : inits) {
      if (init.thread() != thread.id()) {
        continue;
      }
      long v =
          init.isAddress()
              ? locations.require(init.addressOf(), init.position()).address()
              : init.value();
      s.registers.put(init.register(), Expr.constant(v));
    }
    u.run(s);
    return new Result(List.copyOf(u.paths), u.cuts);
  }

  /** A branch whose paths have not joined yet: its join index (-1: never) and its reads. */
  record Open(int join, BitSet reads) {}

  /** Mutable interpreter state of one path prefix; copied at forks. */
  static final class State {
    int pc;
    final Map<String, Expr> registers = new HashMap<>();
    final List<PathEvent> events = new ArrayList<>();
    final List<ThreadPath.Constraint> constraints = new ArrayList<>();
    /** The reads of the open branches: what the next event control-depends on. */
    BitSet ctrl = new BitSet();
    final List<Open> open = new ArrayList<>();
    /** Per register: branch reads its value may depend on (assigned in a branch region). */
    final Map<String, BitSet> taint = new HashMap<>();
    final Map<Integer, Integer> backJumps = new HashMap<>();
    /** Per label position: how many events the path had when it last passed the label. */
    final Map<Integer, Integer> labelEvents = new HashMap<>();
    final AsyncUnfolder.PathState async = new AsyncUnfolder.PathState();
    /** Per loop-head label: the path as it last passed it (loop cuts, {@link LoopCuts}). */
    final Map<Integer, LoopCuts.Head> heads = new HashMap<>();
    /** Instructions run that a repeating iteration may not run ({@link LoopCuts#repeatable}). */
    int effects;
    int group;
    /** The address chosen for the current instruction's register base, with its reads. */
    Long resolved;
    BitSet addressReads = new BitSet();

    State copy() {
      State c = new State();
      c.pc = pc;
      c.group = group;
      c.registers.putAll(registers);
      c.events.addAll(events);
      c.constraints.addAll(constraints);
      c.ctrl = (BitSet) ctrl.clone();
      c.open.addAll(open);
      taint.forEach((k, v) -> c.taint.put(k, (BitSet) v.clone()));
      c.backJumps.putAll(backJumps);
      c.labelEvents.putAll(labelEvents);
      c.async.copyFrom(async);
      c.heads.putAll(heads);
      c.effects = effects;
      c.resolved = resolved;
      c.addressReads = (BitSet) addressReads.clone();
      return c;
    }

    BitSet taintOf(Operand op) {
      BitSet t = op instanceof Operand.Reg r ? taint.get(r.name()) : null;
      return t == null ? new BitSet() : (BitSet) t.clone();
    }

    /** Records that {@code reg} was assigned now: it inherits the open branches' reads. */
    void assigned(String reg, BitSet sources) {
      BitSet t = (BitSet) ctrl.clone();
      t.or(sources);
      taint.put(reg, t);
    }
  }

  private void run(State start) {
    List<State> work = new ArrayList<>();
    work.add(start);
    List<Instruction> code = thread.instructions();
    while (!work.isEmpty()) {
      State s = work.remove(work.size() - 1);
      boolean alive = true;
      boolean faulted = false;
      while (alive && s.pc < code.size()) {
        budget.step();
        if (s.events.size() > MAX_EVENTS_PER_PATH) {
          // A bound of the search, not a fault of the test: Unknown naming it.
          throw new Budget.Exhausted(
              "path limit " + MAX_EVENTS_PER_PATH + " events (" + thread.name() + ")");
        }
        closeJoined(s);
        Instruction ins = code.get(s.pc);
        if (ins instanceof Instruction.Branch b) {
          Expr left = operand(s, b.left());
          Expr right = operand(s, b.right());
          BitSet reads = left.reads();
          reads.or(right.reads());
          reads.or(s.taintOf(b.left()));
          reads.or(s.taintOf(b.right()));
          ThreadPath.Constraint taken =
              new ThreadPath.Constraint(b.condition(), left, right, true, true);
          if (left instanceof Expr.Const && right instanceof Expr.Const) {
            // Decided on this path; still controlled by the branches its operands came from.
            openBranch(s, reads);
            if (taken.satisfied(i -> 0)) {
              alive = jump(s, b.target(), b);
            } else {
              s.pc++;
            }
            continue;
          }
          openBranch(s, reads);
          State other = s.copy();
          other.constraints.add(
              new ThreadPath.Constraint(b.condition(), left, right, false, true));
          other.pc++;
          work.add(other);
          s.constraints.add(taken);
          alive = jump(s, b.target(), b);
        } else if (ins instanceof Instruction.Goto g) {
          alive = jump(s, g.target(), g);
        } else if (s.resolved == null && needsAddress(s, ins)) {
          faulted = !resolveAddress(s, (Instruction.MemoryAccess) ins, work);
          alive = false;
        } else {
          if (ins instanceof Instruction.Label) {
            s.labelEvents.put(s.pc, s.events.size());
            if (loopHeads.contains(s.pc)) {
              s.heads.put(s.pc, LoopCuts.head(s, s.pc, live));
            }
          } else if (!LoopCuts.repeatable(ins)) {
            s.effects++;
          }
          step(s, ins);
          s.resolved = null;
          s.addressReads = new BitSet();
          s.pc++;
        }
      }
      if (alive || faulted) {
        Map<String, Expr> registers = new HashMap<>(s.registers);
        if (faulted) {
          registers.put(SearchResult.BAD_ADDRESS, Expr.constant(1));
        }
        paths.add(path(s, registers, Optional.empty()));
        if (paths.size() > MAX_PATHS) {
          throw new Budget.Exhausted(
              "path limit " + MAX_PATHS + " paths (" + thread.name() + ")");
        }
      }
    }
  }

  /** Closes the branches that join at the current instruction. */
  private static void closeJoined(State s) {
    if (s.open.removeIf(o -> o.join() == s.pc)) {
      s.ctrl = new BitSet();
      s.open.forEach(o -> s.ctrl.or(o.reads()));
    }
  }

  /**
   * The branch at {@code s.pc} with the given reads: the events up to its join depend on
   * them, and so do the registers its region may assign.
   */
  private void openBranch(State s, BitSet reads) {
    if (reads.isEmpty()) {
      return;
    }
    ControlFlow.Region region = flow.region(s.pc);
    s.open.add(new Open(region.join().orElse(-1), reads));
    s.ctrl.or(reads);
    for (String reg : region.assigned()) {
      s.taint.computeIfAbsent(reg, k -> new BitSet()).or(reads);
    }
  }

  /** True for a memory access through a register: its address is chosen first. */
  private static boolean needsAddress(State s, Instruction ins) {
    return ins instanceof Instruction.MemoryAccess m && m.address().isRegister();
  }

  /**
   * Forks {@code s} at a memory access through a register: one state per address the
   * register can hold (constraint {@code reg == address}), pushed on {@code work}, and false
   * when the path can also hold no address here (then {@code s} is the faulting path).
   */
  private boolean resolveAddress(State s, Instruction.MemoryAccess m, List<State> work) {
    Address addr = m.address();
    Expr e = s.registers.getOrDefault(addr.name(), Expr.constant(0));
    BitSet reads = e.reads();
    reads.or(s.taint.getOrDefault(addr.name(), new BitSet()));
    if (e instanceof Expr.Const c) {
      if (locations.resolve(c.value() + addr.offset()).isEmpty()) {
        return false;
      }
      State next = s.copy();
      next.resolved = c.value();
      next.addressReads = reads;
      work.add(next);
      return true;
    }
    int bytes = m.type().isUntyped() ? 0 : m.type().bytes() / m.type().lanes();
    int extent = m.type().isUntyped() ? 0 : m.type().bytes() * Locations.elements((Instruction) m);
    List<ThreadPath.Constraint> none = new ArrayList<>();
    for (long target : locations.addressCandidates(bytes, extent)) {
      Expr value = Expr.constant(target - addr.offset());
      State next = s.copy();
      next.constraints.add(
          new ThreadPath.Constraint(Instruction.BranchCondition.EQ, e, value, true, true));
      next.resolved = target - addr.offset();
      next.addressReads = reads;
      work.add(next);
      none.add(new ThreadPath.Constraint(Instruction.BranchCondition.EQ, e, value, false, true));
    }
    s.constraints.addAll(none);
    return false;
  }

  /** Jumps to a label; false when a backward jump exceeds the loop bound (path dropped). */
  private boolean jump(State s, String label, Instruction at) {
    Integer target = labels.get(label);
    if (target == null) {
      throw new LitmusSyntaxException(at.position(), "undefined label '" + label + "'");
    }
    if (target <= s.pc) {
      stuckPath(s, target);
      int n = s.backJumps.merge(s.pc, 1, Integer::sum);
      if (n > loopBound) {
        cuts.cut(thread, s, target, live);
        return false;
      }
    }
    s.pc = target;
    return true;
  }

  /**
   * Waits that never end (docs/model.md): the path as it stands when it takes a backward jump
   * to {@code target}, ended there, is a candidate for a thread that spins forever in this
   * loop. The iteration just run (events since the path last passed the loop's label) must
   * then, in a consistent execution, read only values that repeat forever, and leave each
   * register that decides the next iteration ({@link LoopRegisters}) as it found it (see
   * {@link ThreadPath.Stuck}); a register that certainly changed (two different constants)
   * makes no stuck path. A jump to a label the path has not passed yet enters the loop and
   * ends no iteration.
   */
  private void stuckPath(State s, int target) {
    Integer from = s.labelEvents.get(target);
    if (from == null) {
      // The path reaches the label for the first time by this jump (from below): no iteration
      // of the loop has run, so there is nothing that could repeat yet.
      return;
    }
    Optional<List<ThreadPath.Repeat>> repeats =
        loopRegisters.repeats(target, s.heads.get(target), s.registers);
    if (repeats.isEmpty()) {
      return; // the next iteration starts from another value: this one does not repeat
    }
    Instruction label = thread.instructions().get(target);
    paths.add(path(s, s.registers,
        Optional.of(new ThreadPath.Stuck(label.position().line(), from, repeats.get()))));
  }

  /** Estimated bytes one path event and its share of the path's lists occupy. */
  private static final long BYTES_PER_PATH_EVENT = 64;

  private ThreadPath path(
      State s, Map<String, Expr> registers, Optional<ThreadPath.Stuck> stuck) {
    // The paths live as long as the search: they count against its memory bound (a loop
    // bound of thousands makes millions of path events).
    budget.keep(BYTES_PER_PATH_EVENT * (s.events.size() + s.constraints.size() + 1));
    return new ThreadPath(thread.id(), List.copyOf(s.events), Map.copyOf(registers),
        List.copyOf(s.constraints), s.async.finish(s.events.size()), stuck);
  }

  Expr operand(State s, Operand op) {
    if (op instanceof Operand.Imm imm) {
      return Expr.constant(imm.value());
    }
    if (op instanceof Operand.Addr a) {
      return Expr.constant(
          locations.require(a.location(), SourcePosition.synthetic(thread.name())).address());
    }
    String reg = ((Operand.Reg) op).name();
    return s.registers.getOrDefault(reg, Expr.constant(0));
  }

  private void step(State s, Instruction ins) {
    if (ins instanceof Instruction.Label) {
      return;
    }
    s.group++;
    if (ins instanceof Instruction.Load l) {
      // 8.2.4: a vector access is one scalar access per element, in unspecified order;
      // 8.2.5: a packed value is two scalar accesses of half its width.
      int lanes = l.type().lanes();
      DataType lane = laneType(l.type());
      Map<String, Expr> loadedRegisters = new HashMap<>();
      for (int e = 0; e < l.destinations().size(); e++) {
        Expr loaded = Expr.constant(0);
        for (int k = 0; k < lanes; k++) {
          Access a = access(s, l.address(), e * lanes + k, lane, l.proxy(), l.space(), ins);
          Expr part = new Expr.ReadValue(s.events.size());
          s.events.add(
              memoryEvent(s, ins, EventKind.READ, l.sem(), l.scope(), a, Expr.constant(0),
                  Optional.empty(), Optional.empty(), new BitSet()));
          loaded =
              k == 0
                  ? part
                  : Expr.binary(
                      Op.ADD, loaded,
                      Expr.binary(Op.MUL, part, Expr.constant(1L << (lane.bits() * k)), 64, false),
                      64, false);
        }
        loadedRegisters.put(l.destinations().get(e), loaded);
      }
      s.registers.putAll(loadedRegisters);
      loadedRegisters.keySet().forEach(r -> s.assigned(r, new BitSet()));
    } else if (ins instanceof Instruction.Store st) {
      int lanes = st.type().lanes();
      DataType lane = laneType(st.type());
      for (int e = 0; e < st.values().size(); e++) {
        Expr v = operand(s, st.values().get(e));
        BitSet data = s.taintOf(st.values().get(e));
        for (int k = 0; k < lanes; k++) {
          Expr part =
              lanes == 1
                  ? v
                  : Expr.binary(
                      Op.DIV, v, Expr.constant(1L << (lane.bits() * k)), 64, false);
          Access a = access(s, st.address(), e * lanes + k, lane, st.proxy(), st.space(), ins);
          BitSet partData = part.reads();
          partData.or(data);
          s.events.add(
              memoryEvent(s, ins, EventKind.WRITE, st.sem(), st.scope(), a, part,
                  Optional.empty(), Optional.empty(), partData));
        }
      }
    } else if (ins instanceof Instruction.Rmw r) {
      rmw(s, r);
    } else if (ins instanceof Instruction.Fence f) {
      s.events.add(controlEvent(s, ins, EventKind.FENCE, f.sem(), f.scope()));
    } else if (ins instanceof Instruction.Barrier b) {
      barrier(s, b);
    } else if (ins instanceof Instruction.Local loc) {
      local(s, loc);
    } else if (ins instanceof Instruction.ProxyFence pf) {
      s.events.add(proxyFence(s, pf));
    } else if (ins instanceof AsyncInstruction a) {
      AsyncUnfolder.step(this, s, a);
    } else if (ins instanceof Instruction.ClusterBarrier cb) {
      s.events.add(
          controlEvent(
              s, ins, cb.arrive() ? EventKind.CLUSTER_ARRIVE : EventKind.CLUSTER_WAIT, cb.sem(),
              Scope.CLUSTER));
    } else {
      throw new LitmusSyntaxException(ins.position(), "unsupported: " + ins.text());
    }
  }

  private void rmw(State s, Instruction.Rmw r) {
    if (r.op() != Instruction.AtomicOp.EXCH && r.op() != Instruction.AtomicOp.CAS) {
      refuseFloatArithmetic(r.type(), r);
    }
    Access a = access(s, r.address(), 0, r.type(), r.proxy(), r.space(), r);
    Op op = Op.of(r.op());
    Expr value;
    Optional<Expr> compare = Optional.empty();
    if (r.op() == Instruction.AtomicOp.CAS) {
      if (r.operands().size() != 2) {
        throw new LitmusSyntaxException(r.position(), "cas needs a compare and a new value");
      }
      compare = Optional.of(operand(s, r.operands().get(0)));
      value = operand(s, r.operands().get(1));
    } else {
      if (r.operands().size() != 1) {
        throw new LitmusSyntaxException(r.position(), r.op().ptxName() + " needs one operand");
      }
      value = operand(s, r.operands().get(0));
    }
    BitSet data = value.reads();
    compare.ifPresent(c -> data.or(c.reads()));
    r.operands().forEach(o -> data.or(s.taintOf(o)));
    int index = s.events.size();
    s.events.add(
        memoryEvent(s, r, EventKind.RMW, r.sem(), Optional.of(r.scope()), a, value, compare,
            Optional.of(op), data));
    r.destination().ifPresent(d -> {
      s.registers.put(d, new Expr.ReadValue(index));
      s.assigned(d, new BitSet());
    });
  }

  private void barrier(State s, Instruction.Barrier b) {
    Expr id = operand(s, b.id());
    // Only registers the path assigned (an unwritten register reads 0 by the litmus default).
    BarrierOperands.requireValid(b, op -> op instanceof Operand.Reg r
        && !s.registers.containsKey(r.name()) ? null : operand(s, op));
    // A PTX thread count counts warps of 32 threads, one per litmus thread (Instruction.Barrier).
    Optional<Expr> expected = b.expected().map(e -> b.countsWarps()
        ? Expr.binary(Op.DIV, operand(s, e), Expr.constant(32), 64, false) : operand(s, e));
    boolean waits = b.op() != Instruction.BarrierOp.ARRIVE;
    BitSet ctrl = (BitSet) s.ctrl.clone();
    BitSet data = id.reads();
    expected.ifPresent(e -> data.or(e.reads()));
    // bar.red: the arrive carries the predicate; the wait returns the reduction's result.
    Expr predicate = b.reduction().map(r -> operand(s, r.predicate())).orElse(Expr.constant(0));
    PathEvent arrive =
        new PathEvent(s.group, b, EventKind.BARRIER_ARRIVE, Semantics.RELAXED, Scope.CTA,
            Proxy.GENERIC, "", 0, 0, false, predicate, Optional.empty(), Optional.empty(), id,
            expected, waits, data, ctrl);
    s.events.add(arrive);
    if (waits) {
      s.group++;
      int waitIndex = s.events.size();
      s.events.add(
          new PathEvent(s.group, b, EventKind.BARRIER_WAIT, Semantics.RELAXED, Scope.CTA,
              Proxy.GENERIC, "", 0, 0, false, Expr.constant(0), Optional.empty(),
              Optional.empty(), id, expected, true, data, ctrl));
      b.reduction().ifPresent(r -> {
        s.registers.put(r.destination(), new Expr.ReadValue(waitIndex));
        s.assigned(r.destination(), new BitSet());
      });
    }
  }

  private void local(State s, Instruction.Local loc) {
    DataType t = loc.type();
    int bits = t.isUntyped() ? 64 : t.bits();
    Expr result;
    if (loc.op() == Instruction.LocalOp.MOV) {
      result = operand(s, loc.sources().get(0));
    } else if (loc.op() == Instruction.LocalOp.MBARRIER_PENDING_COUNT) {
      // The state an arrive returned is the mbarrier's value before it (model.md "Asynchronous
      // operations").
      result = Expr.binary(Op.MBAR_PENDING, operand(s, loc.sources().get(0)), Expr.constant(0),
          64, false);
    } else {
      refuseFloatArithmetic(t, loc);
      if (loc.sources().size() != 2) {
        throw new LitmusSyntaxException(loc.position(), "expected two source operands");
      }
      Op op =
          switch (loc.op()) {
            case ADD -> Op.ADD;
            case SUB -> Op.SUB;
            case MUL -> Op.MUL;
            case DIV -> Op.DIV;
            case REM -> Op.REM;
            case AND -> Op.AND;
            case OR -> Op.OR;
            case XOR -> Op.XOR;
            case MOV -> Op.SECOND;
            case SETP_EQ -> Op.EQ;
            case SETP_NE -> Op.NE;
            case SETP_LT -> Op.LT;
            case SETP_LE -> Op.LE;
            case SETP_GT -> Op.GT;
            case SETP_GE -> Op.GE;
            case MBARRIER_PENDING_COUNT -> Op.MBAR_PENDING;
            case SHL -> Op.SHL;
            case SHR -> Op.SHR;
          };
      result =
          Expr.binary(
              op, operand(s, loc.sources().get(0)), operand(s, loc.sources().get(1)), bits,
              t.isSigned());
    }
    s.registers.put(loc.destination(), result);
    // A value that is the same whatever the reads returned carries no dependency (8.10.4).
    BitSet sources = new BitSet();
    if (!(result instanceof Expr.Const)) {
      loc.sources().forEach(o -> sources.or(s.taintOf(o)));
    }
    s.assigned(loc.destination(), sources);
  }

  /**
   * Values are two's complement integers ({@link Op}); IEEE arithmetic and comparisons of
   * {@code .f16/.f32/.f64/.bf16} and packed types are not modelled, so an instruction that
   * would compute on them is refused instead of adding bit patterns (a silently wrong value).
   * Moves, loads, stores, exch and cas only copy bits and stay accepted.
   *
   * @throws LitmusSyntaxException at the instruction, for a float or packed type
   */
  private static void refuseFloatArithmetic(DataType type, Instruction ins) {
    if (type.kind() == DataType.Kind.F || type.kind() == DataType.Kind.PACKED) {
      throw new LitmusSyntaxException(
          ins.position(),
          "unsupported: floating-point arithmetic (" + ins.text().strip()
              + "); values are integers here, only moves, loads, stores, exch and cas of"
              + " float types are supported");
    }
  }

  /**
   * A resolved memory access. {@code space} is the instruction's state space, or the
   * location's when the instruction names none.
   */
  record Access(
      String location, int offset, int bits, boolean signed, Proxy proxy, StateSpace space) {}

  /** Bytes of the location {@code addr} names (from its offset to its end), at least 1. */
  int locationBytes(State s, Address addr, Instruction ins) {
    Locations.Info info;
    long offset = addr.offset();
    if (addr.isRegister()) {
      Expr e = s.registers.get(addr.name());
      if (!(e instanceof Expr.Const c) || locations.resolve(c.value() + offset).isEmpty()) {
        throw new LitmusSyntaxException(ins.position(), "register '" + addr.name()
            + "' holds no address");
      }
      var hit = locations.resolve(c.value() + offset).orElseThrow();
      info = hit.getKey();
      offset = hit.getValue();
    } else {
      info = locations.require(addr.name(), ins.position());
    }
    return (int) Math.max(1, info.bits() / 8 - offset);
  }

  /** Resolves the address of vector element {@code element} (0 for scalars). */
  Access access(
      State s,
      Address addr,
      int element,
      DataType type,
      Proxy proxy,
      StateSpace space,
      Instruction ins) {
    Locations.Info info;
    long offset = addr.offset();
    if (addr.isRegister()) {
      // run() chose the register's value (resolveAddress) before this instruction.
      var hit =
          locations
              .resolve(s.resolved + offset)
              .orElseThrow(
                  () ->
                      new LitmusSyntaxException(
                          ins.position(), "register '" + addr.name() + "' holds no address"));
      info = hit.getKey();
      offset = hit.getValue();
    } else {
      info = locations.require(addr.name(), ins.position());
    }
    int bits = type.isUntyped() ? info.bits() : type.bits();
    if (bits > 64) {
      throw new LitmusSyntaxException(
          ins.position(), "unsupported: scalar accesses wider than 64 bits");
    }
    offset += (long) element * (bits / 8);
    if (offset < 0 || offset + bits / 8 > info.bits() / 8) {
      throw new LitmusSyntaxException(
          ins.position(),
          "access of " + bits / 8 + " bytes at offset " + offset + " is outside '"
              + info.name() + "' (" + info.bits() / 8 + " bytes)");
    }
    // 8.6: the access goes through the instruction's proxy, whichever virtual alias it names.
    StateSpace effective = space == StateSpace.GENERIC ? info.space() : space;
    return new Access(info.virtual(), (int) offset, bits, type.isSigned(), proxy, effective);
  }

  PathEvent memoryEvent(
      State s,
      Instruction ins,
      EventKind kind,
      Semantics sem,
      Optional<Scope> scope,
      Access a,
      Expr value,
      Optional<Expr> compare,
      Optional<Op> op,
      BitSet data) {
    return new PathEvent(
        s.group, ins, kind, sem, effectiveScope(scope.orElse(Scope.CTA), a.space()), a.proxy(),
        a.location(), a.offset(), a.bits(),
        a.signed(), value, compare, op, Expr.constant(0), Optional.empty(), false, data,
        withAddress(s));
  }

  /** The open branches' reads plus those the access's address came from (address dep). */
  private static BitSet withAddress(State s) {
    BitSet ctrl = (BitSet) s.ctrl.clone();
    ctrl.or(s.addressReads);
    return ctrl;
  }

  /**
   * 8.3: only threads of one cluster can access a shared-memory location, so a shared-memory
   * operation's scope is at most cluster ({@code ld.relaxed.shared.sys} acts as {@code
   * .cluster}).
   */
  private static Scope effectiveScope(Scope scope, StateSpace space) {
    return space.isShared() && scope.compareTo(Scope.CLUSTER) > 0 ? Scope.CLUSTER : scope;
  }

  /** Proxy fences: the proxy they bridge to the generic proxy (alias fences: generic). */
  private static PathEvent proxyFence(State s, Instruction.ProxyFence pf) {
    return new PathEvent(
        s.group, pf, EventKind.PROXY_FENCE, Semantics.ACQ_REL, pf.scope().orElse(Scope.CTA),
        pf.kind().proxy(), "", 0,
        0, false, Expr.constant(0), Optional.empty(), Optional.empty(), Expr.constant(0),
        Optional.empty(), false, new BitSet(), (BitSet) s.ctrl.clone());
  }

  /** The scalar type of one lane of a packed type (8.2.5); the type itself otherwise. */
  private static DataType laneType(DataType t) {
    return t.lanes() == 1 ? t : DataType.of(DataType.Kind.B, t.bits() / t.lanes());
  }

  private static PathEvent controlEvent(State s, Instruction ins, EventKind kind, Semantics sem,
      Scope scope) {
    return new PathEvent(
        s.group, ins, kind, sem, scope, Proxy.GENERIC, "", 0, 0, false, Expr.constant(0),
        Optional.empty(), Optional.empty(), Expr.constant(0), Optional.empty(), false,
        new BitSet(), (BitSet) s.ctrl.clone());
  }
}
