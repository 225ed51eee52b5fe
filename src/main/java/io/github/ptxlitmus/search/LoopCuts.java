package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.AsyncInstruction;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.ThreadSpec;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.model.EventStructure;
import io.github.ptxlitmus.model.MemoryModel;
import io.github.ptxlitmus.model.PtxModel;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The paths the loop bound cut, and whether a cut can hide an execution (docs/model.md "Loops
 * and the bound"). A path is cut when it takes a backward jump once more than the bound allows;
 * the iteration it has just run (events since it last passed the loop's label) is then
 * compared with the state at that label. The cut hides nothing when
 *
 * <ul>
 *   <li>the iteration performed only loads (any semantics) and <em>silent</em> atomics: an
 *       {@code atom.cas} whose branch says it failed, an {@code atom.exch} whose branch says it
 *       read the value it writes, an {@code add/sub/or/xor} of 0; none of them a release;
 *   <li>it repeats the iteration before it event for event (same instructions, locations,
 *       sizes);
 *   <li>every register the code can still read holds the same value (and carries no fewer
 *       dependencies, and no branch the label left open has closed);
 *   <li>each silent atomic is morally strong (8.7) with every access overlapping it, in every
 *       thread, and the model checks Atomicity (8.10.3).
 * </ul>
 *
 * <p>Then an execution that goes round once more maps onto one that does not (the iteration
 * deleted: its loads' values are never used, a silent atomic's readers read what it read) with
 * the same final state, consistent whenever the longer one is: every axiom of the built-in
 * model is monotone when events are removed, the atomics' moral strength keeps observation
 * from growing, and Atomicity keeps from-reads from growing. A register that differs but can
 * only reach the final state makes the cut matter only to states that show it ({@link
 * LoopCut#registers()}). A foreign model (a cat file) is not known to be monotone: every cut
 * matters there.
 */
final class LoopCuts {
  /**
   * The state of a path as it passed a loop head (a label some backward jump targets); {@code
   * previous} is the state as it passed it the time before (whose own {@code previous} is not
   * kept), null the first time.
   */
  record Head(
      int from,
      int previousFrom,
      int constraints,
      int effects,
      Map<String, Expr> values,
      Map<String, BitSet> taints,
      List<ThreadUnfolder.Open> open,
      Head previous) {

    /** {@return this state without the one before it} */
    Head alone() {
      return previous == null ? this
          : new Head(from, previousFrom, constraints, effects, values, taints, open, null);
    }
  }

  /** A cut as one thread's unfolding judged it; {@link #resolve} completes the judgement. */
  record Pending(
      int thread, String loop, boolean always, Set<String> registers, Set<Access> silent) {}

  /** What moral strength sees of a memory access of a path. */
  record Access(
      Instruction instruction, EventKind kind, Semantics sem, Scope scope, Proxy proxy,
      String location, int offset, int bits) {
    static Access of(PathEvent e) {
      return new Access(e.instruction(), e.kind(), e.sem(), e.scope(), e.proxy(), e.location(),
          e.offset(), e.bits());
    }
  }

  /** The cuts, each kind once (many cut paths share one judgement). */
  private final Set<Pending> pending = new LinkedHashSet<>();
  /** Per thread: the memory accesses of its cut paths (kept paths are looked at in resolve). */
  private final Map<Integer, Map<Access, PathEvent>> cutAccesses = new TreeMap<>();
  private boolean hit;
  /** The path events {@link #cut} has recorded the access of (by identity). */
  private final Set<PathEvent> cutEvents =
      java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
  /** A path event of each silent atomic named by a pending cut. */
  private final Map<Access, PathEvent> silentEvents = new LinkedHashMap<>();

  /** Each thread's kept paths (stuck ones included), for {@link #resolve}. */
  private List<List<ThreadPath>> paths = List.of();

  /** Sets the kept paths of each thread that {@link #resolve} looks at (a live list). */
  void paths(List<List<ThreadPath>> kept) {
    this.paths = kept;
  }

  /** True when the loop bound cut some path. */
  boolean hit() {
    return hit;
  }

  void addAll(LoopCuts other) {
    hit |= other.hit;
    pending.addAll(other.pending);
    silentEvents.putAll(other.silentEvents);
    other.stuckSilent.forEach(stuckSilent::putIfAbsent);
    other.cutAccesses.forEach(
        (t, a) -> cutAccesses.computeIfAbsent(t, k -> new LinkedHashMap<>()).putAll(a));
  }

  /** An instruction a repeating iteration may run (the others change more than registers). */
  static boolean repeatable(Instruction ins) {
    return ins instanceof Instruction.Label || ins instanceof Instruction.Local
        || ins instanceof Instruction.Load || ins instanceof Instruction.Rmw
        || ins instanceof AsyncInstruction.MbarrierWait;
  }

  /** What the path {@code s} keeps of itself at loop head {@code label}. */
  static Head head(ThreadUnfolder.State s, int label, RegisterLiveness live) {
    Map<String, Expr> values = new LinkedHashMap<>();
    for (String r : live.codeLive(label)) {
      values.put(r, value(s, r));
    }
    for (String r : live.endLive(label)) {
      values.put(r, value(s, r));
    }
    Map<String, BitSet> taints = new LinkedHashMap<>();
    for (String r : live.taintLive(label)) {
      BitSet t = s.taint.get(r);
      taints.put(r, t == null ? new BitSet() : (BitSet) t.clone());
    }
    Head before = s.heads.get(label);
    return new Head(s.events.size(), before == null ? -1 : before.from(), s.constraints.size(),
        s.effects, values, taints, List.copyOf(s.open), before == null ? null : before.alone());
  }

  private static Expr value(ThreadUnfolder.State s, String register) {
    return s.registers.getOrDefault(register, Expr.constant(0));
  }

  /**
   * Records that path {@code s} of {@code thread} was cut at a backward jump to the label at
   * index {@code label}, judging what the cut may hide.
   */
  void cut(ThreadSpec thread, ThreadUnfolder.State s, int label, RegisterLiveness live) {
    hit = true;
    String loop = thread.name() + " line " + thread.instructions().get(label).position().line();
    Map<Access, PathEvent> accesses =
        cutAccesses.computeIfAbsent(thread.id(), k -> new LinkedHashMap<>());
    for (PathEvent e : s.events) {
      // The paths of a thread share their prefixes' events: each is looked at once.
      if (e.kind().isMemory() && cutEvents.add(e)) {
        accesses.putIfAbsent(Access.of(e), e);
      }
    }
    Head h = s.heads.get(label);
    Map<Access, PathEvent> silent = new LinkedHashMap<>();
    Set<String> registers = new TreeSet<>();
    boolean always = h == null || !repeats(s, h, silent);
    if (!always) {
      for (String r : live.codeLive(label)) {
        always |= !value(s, r).equals(h.values().get(r));
      }
      for (String r : live.taintLive(label)) {
        BitSet now = s.taint.get(r);
        BitSet had = (BitSet) h.taints().get(r).clone();
        if (now != null) {
          had.andNot(now);
        }
        always |= !had.isEmpty();
      }
      // A branch open at the label that the iteration closed would leave later events with
      // fewer control dependencies on the longer path than on the shorter one.
      always |= !s.open.containsAll(h.open());
      for (String r : live.endLive(label)) {
        if (!live.codeLive(label).contains(r) && !value(s, r).equals(h.values().get(r))) {
          live.influenced(r).forEach(i -> registers.add(thread.name() + ":" + i));
        }
      }
    }
    silentEvents.putAll(silent);
    pending.add(new Pending(thread.id(), loop, always, Set.copyOf(registers),
        Set.copyOf(silent.keySet())));
  }

  /**
   * Whether the iteration just run (events since the head) has only loads and silent atomics,
   * repeats the one before it, and ran no other instruction; collects the silent atomics.
   */
  private static boolean repeats(
      ThreadUnfolder.State s, Head h, Map<Access, PathEvent> silent) {
    int size = s.events.size() - h.from();
    if (s.effects != h.effects() || h.previousFrom() < 0
        || h.from() - h.previousFrom() != size) {
      return false;
    }
    List<ThreadPath.Constraint> facts = s.constraints.subList(h.constraints(), s.constraints.size());
    for (int k = 0; k < size; k++) {
      PathEvent now = s.events.get(h.from() + k);
      PathEvent before = s.events.get(h.previousFrom() + k);
      if (now.instruction() != before.instruction() || now.kind() != before.kind()
          || !now.location().equals(before.location()) || now.offset() != before.offset()
          || now.bits() != before.bits()) {
        return false;
      }
      if (now.kind() == EventKind.RMW && silent(now, h.from() + k, facts)) {
        silent.putIfAbsent(Access.of(now), now);
      } else if (now.kind() != EventKind.READ) {
        return false;
      }
    }
    return true;
  }

  /**
   * Waits that never end (docs/model.md "Waits that never end"): whether the iteration path
   * {@code s} has just run in the loop at {@code label} (its last, I) repeats the one before it
   * (I') so exactly that a stuck path ending with I shows no loop spinning forever that the
   * stuck path ending with I' does not. It does when both iterations ran only loads and silent
   * atomics ({@link #repeats}: the same instructions on the same locations, no other
   * instruction), I' ran the same events and branch decisions as I (each expression the same
   * once I's reads stand for I''s, with no dependency I lacks), and the path entered I' with
   * the registers the code can still read holding what they held entering I, with no
   * dependency and no open branch they lacked there. Then from a consistent execution in which
   * I spins forever, deleting I' (its loads' values are never used; a reader of one of its
   * silent atomics reads instead what that atomic read, the same bytes) gives one of the
   * shorter path in which I, in I''s place, spins forever with no more dependencies than it
   * had: the argument of a cut that hides nothing ({@link LoopCuts}), which also needs the silent atomics to be morally strong
   * with every overlapping access and Atomicity checked ({@link #uniform(int, Set, ModelSpec,
   * LitmusTest, Locations)}, asked once every thread is unfolded). With Atomicity, nothing comes
   * in coherence order between such an atomic and the write it read, so I's sources still have
   * only silent writes of stuck iterations after them.
   *
   * @param previousStuck whether the path ended with I' was itself offered as a stuck path
   * @return the silent atomics of I (each with one of its path events) when it repeats I' so;
   *     empty otherwise
   */
  static Optional<Map<Access, PathEvent>> repeatsShorter(ThreadUnfolder.State s, int label,
      RegisterLiveness live, boolean previousStuck) {
    Head h = s.heads.get(label);
    if (!previousStuck || h == null || h.previous() == null || live == null) {
      return Optional.empty();
    }
    Head p = h.previous();
    int size = s.events.size() - h.from();
    Map<Access, PathEvent> silent = new LinkedHashMap<>();
    if (p.from() != h.previousFrom() || p.effects() != h.effects() || !repeats(s, h, silent)
        || h.constraints() - p.constraints() != s.constraints.size() - h.constraints()
        || !h.open().containsAll(p.open()) || !h.taints().keySet().equals(p.taints().keySet())) {
      return Optional.empty();
    }
    for (Map.Entry<String, BitSet> t : p.taints().entrySet()) {
      if (!within(t.getValue(), h.taints().get(t.getKey()))) {
        return Optional.empty();
      }
    }
    for (String r : live.codeLive(label)) {
      if (!java.util.Objects.equals(h.values().get(r), p.values().get(r))) {
        return Optional.empty();
      }
    }
    for (int k = 0; k < size; k++) {
      PathEvent now = s.events.get(h.from() + k);
      if (now.instruction() instanceof AsyncInstruction
          || !sameShifted(s.events.get(p.from() + k), now, p.from(), h.from(), size)) {
        return Optional.empty();
      }
    }
    for (int k = 0; k < h.constraints() - p.constraints(); k++) {
      ThreadPath.Constraint before = s.constraints.get(p.constraints() + k);
      ThreadPath.Constraint now = s.constraints.get(h.constraints() + k);
      if (before.condition() != now.condition() || before.holds() != now.holds()
          || before.signed() != now.signed()
          || !shifted(before.left(), p.from(), h.from(), size).equals(now.left())
          || !shifted(before.right(), p.from(), h.from(), size).equals(now.right())) {
        return Optional.empty();
      }
    }
    return Optional.of(silent);
  }

  /** Keeps a path event of each silent atomic of a stuck path, for {@link #uniform}. */
  void noteStuckSilent(Map<Access, PathEvent> silent) {
    silent.forEach(stuckSilent::putIfAbsent);
  }

  /** Whether {@code now} is {@code before} with reads in [from, to) moved up by {@code by}. */
  private static boolean sameShifted(PathEvent before, PathEvent now, int from, int to, int by) {
    return before.instruction() == now.instruction() && before.kind() == now.kind()
        && before.sem() == now.sem() && before.scope() == now.scope()
        && before.proxy() == now.proxy() && before.location().equals(now.location())
        && before.offset() == now.offset() && before.bits() == now.bits()
        && before.signed() == now.signed() && before.rmwOp().equals(now.rmwOp())
        && shifted(before.value(), from, to, by).equals(now.value())
        && before.compare().map(c -> shifted(c, from, to, by)).equals(now.compare())
        && within(shifted(before.data(), from, to, by), now.data())
        && within(shifted(before.ctrl(), from, to, by), now.ctrl());
  }

  /** Whether every member of {@code small} is in {@code large}. */
  private static boolean within(BitSet small, BitSet large) {
    BitSet rest = (BitSet) small.clone();
    rest.andNot(large);
    return rest.isEmpty();
  }

  /** {@return {@code e} with every read in [from, to) moved up by {@code by}} */
  static Expr shifted(Expr e, int from, int to, int by) {
    if (e instanceof Expr.ReadValue r) {
      return r.readIndex() >= from && r.readIndex() < to ? new Expr.ReadValue(r.readIndex() + by)
          : r;
    }
    if (e instanceof Expr.Binary b) {
      return new Expr.Binary(b.op(), shifted(b.left(), from, to, by),
          shifted(b.right(), from, to, by), b.bits(), b.signed());
    }
    return e;
  }

  private static BitSet shifted(BitSet reads, int from, int to, int by) {
    BitSet out = new BitSet();
    for (int i = reads.nextSetBit(0); i >= 0; i = reads.nextSetBit(i + 1)) {
      out.set(i >= from && i < to ? i + by : i);
    }
    return out;
  }

  /**
   * Whether the silent atomics {@code silent} of {@code thread} ({@link #repeatsShorter}) are
   * each morally strong with every access that overlaps it, in every thread and path, under a
   * model that checks Atomicity; asked once every thread is unfolded.
   */
  boolean uniform(int thread, Set<Access> silent, ModelSpec spec, LitmusTest test,
      Locations locations) {
    if (silent.isEmpty()) {
      return true;
    }
    if (!spec.has(Axiom.ATOMICITY)) {
      return false;
    }
    List<Map<Access, PathEvent>> all = accesses();
    for (Access a : silent) {
      PathEvent e = silentEvents.get(a);
      if (e == null) {
        e = stuckSilent.get(a);
      }
      if (e == null || !uniform(thread, e, spec, test, locations, all)) {
        return false;
      }
    }
    return true;
  }

  /** A path event of each silent atomic of a stuck path ({@link #repeatsShorter}). */
  private final Map<Access, PathEvent> stuckSilent = new LinkedHashMap<>();

  /**
   * Whether the RMW at path index {@code index} writes the value it read, given the branch
   * decisions {@code facts}; a release never counts (its synchronization starts at it).
   */
  private static boolean silent(PathEvent e, int index, List<ThreadPath.Constraint> facts) {
    if (e.sem() == Semantics.RELEASE || e.sem() == Semantics.ACQ_REL
        || !(e.instruction() instanceof Instruction.Rmw rmw)) {
      return false;
    }
    Expr read = new Expr.ReadValue(index);
    return switch (rmw.op()) {
      case ADD, SUB, OR, XOR -> e.value().equals(Expr.constant(0));
      case EXCH -> e.value() instanceof Expr.Const c && inRange(c, e)
          && facts.stream().anyMatch(f -> relates(f, read, c, e, true));
      case CAS -> e.compare().orElse(e.value()) instanceof Expr.Const c && inRange(c, e)
          && facts.stream().anyMatch(f -> relates(f, read, c, e, false));
      default -> false;
    };
  }

  /**
   * Whether the RMW at path index {@code index} certainly changes memory on every execution of
   * a path whose branch decisions include {@code facts}: an {@code add/sub/xor} of a nonzero
   * constant, an {@code atom.exch} of a constant that a branch says differs from the value
   * read (or says equals another constant), an {@code atom.cas} that a branch says succeeds and whose new value differs from the
   * compared one. A stuck iteration running it never repeats forever ({@link
   * SpinLoops#spinningForever} asks every RMW of it to write the value it read).
   */
  static boolean neverSilent(PathEvent e, int index, List<ThreadPath.Constraint> facts) {
    if (e.kind() != EventKind.RMW || !(e.instruction() instanceof Instruction.Rmw rmw)
        || !(e.value() instanceof Expr.Const c) || !inRange(c, e)) {
      return false;
    }
    Expr read = new Expr.ReadValue(index);
    return switch (rmw.op()) {
      case ADD, SUB, XOR -> Op.normalize(c.value(), e.bits(), false) != 0;
      case EXCH -> facts.stream().anyMatch(f -> relates(f, read, c, e, false)
          || saysOtherValue(f, read, c, e));
      case CAS -> e.compare().filter(x -> x instanceof Expr.Const).map(x -> (Expr.Const) x)
          .filter(cmp -> inRange(cmp, e) && cmp.value() != c.value()
              && facts.stream().anyMatch(f -> relates(f, read, cmp, e, true)))
          .isPresent();
      default -> false;
    };
  }

  /** Whether branch decision {@code f} says {@code read == d} for a constant d other than c. */
  private static boolean saysOtherValue(
      ThreadPath.Constraint f, Expr read, Expr.Const c, PathEvent e) {
    return saysValue(f, f.left(), read, c, e) || saysValue(f, f.right(), read, c, e);
  }

  /** {@link #saysOtherValue} for the constants of one side of {@code f} (or of its operands). */
  private static boolean saysValue(
      ThreadPath.Constraint f, Expr side, Expr read, Expr.Const c, PathEvent e) {
    if (side instanceof Expr.Binary b) {
      return saysValue(f, b.left(), read, c, e) || saysValue(f, b.right(), read, c, e);
    }
    return side instanceof Expr.Const d && d.value() != c.value() && inRange(d, e)
        && relates(f, read, d, e, true);
  }

  private static boolean inRange(Expr.Const c, PathEvent e) {
    return Op.normalize(c.value(), e.bits(), e.signed()) == c.value();
  }

  /**
   * Whether branch decision {@code f} says {@code read == c} ({@code equal}) or {@code read !=
   * c}: a branch on the two directly, or on a {@code setp.eq/ne} of them against 0.
   */
  private static boolean relates(
      ThreadPath.Constraint f, Expr read, Expr.Const c, PathEvent e, boolean equal) {
    Instruction.BranchCondition cond = f.condition();
    if (cond != Instruction.BranchCondition.EQ && cond != Instruction.BranchCondition.NE) {
      return false;
    }
    boolean says = (cond == Instruction.BranchCondition.EQ) == f.holds();
    if (samePair(f.left(), f.right(), read, c)) {
      return says == equal;
    }
    Expr zero = Expr.constant(0);
    Expr test = f.right().equals(zero) ? f.left() : f.left().equals(zero) ? f.right() : null;
    if (test instanceof Expr.Binary b && (b.op() == Op.EQ || b.op() == Op.NE)
        && (b.bits() >= 64 || (b.bits() >= e.bits() && b.signed() == e.signed()))
        && samePair(b.left(), b.right(), read, c)) {
      // (a == b) != 0 says a == b; (a != b) != 0 says a != b; == 0 says the opposite.
      boolean pairEqual = (b.op() == Op.EQ) != says;
      return !pairEqual == equal;
    }
    return false;
  }

  private static boolean samePair(Expr x, Expr y, Expr a, Expr b) {
    return (x.equals(a) && y.equals(b)) || (x.equals(b) && y.equals(a));
  }

  /**
   * The loops whose cuts may hide an execution, one entry per loop ({@code P1 line 3}), sorted:
   * under a built-in model, the cuts {@link #cut} could not clear, and those whose
   * silent atomics are not morally strong with every overlapping access; under a foreign model
   * (a cat file: not known to be monotone), every cut.
   *
   * @param model the model searched: a built-in {@link ModelSpec}, or a foreign one
   */
  List<LoopCut> resolve(MemoryModel model, LitmusTest test, Locations locations) {
    Optional<ModelSpec> spec =
        model instanceof ModelSpec builtIn ? Optional.of(builtIn) : Optional.empty();
    Map<String, LoopCut> byLoop = new TreeMap<>();
    Map<Access, Boolean> uniform = new LinkedHashMap<>();
    List<Map<Access, PathEvent>> accesses = null;
    for (Pending p : pending) {
      boolean always = p.always() || spec.isEmpty();
      if (!always && !p.silent().isEmpty()) {
        if (!spec.get().has(Axiom.ATOMICITY)) {
          always = true;
        } else {
          if (accesses == null) {
            accesses = accesses();
          }
          for (Access f : p.silent()) {
            List<Map<Access, PathEvent>> all = accesses;
            always |= !uniform.computeIfAbsent(
                f, k -> uniform(p.thread(), silentEvents.get(k), spec.get(), test, locations, all));
          }
        }
      }
      if (!always && p.registers().isEmpty()) {
        continue; // this cut hides nothing
      }
      LoopCut merged = byLoop.get(p.loop());
      Set<String> registers = new TreeSet<>(p.registers());
      if (merged != null) {
        registers.addAll(merged.registers());
        always |= merged.always();
      }
      byLoop.put(p.loop(), new LoopCut(p.loop(), always, registers));
    }
    return List.copyOf(byLoop.values());
  }

  /** Per thread, each distinct memory access of its kept and cut paths. */
  private List<Map<Access, PathEvent>> accesses() {
    List<Map<Access, PathEvent>> all = new ArrayList<>();
    for (int t = 0; t < paths.size(); t++) {
      Map<Access, PathEvent> mine =
          new LinkedHashMap<>(cutAccesses.getOrDefault(t, Map.of()));
      for (ThreadPath path : paths.get(t)) {
        path.events().stream().filter(e -> e.kind().isMemory())
            .forEach(e -> mine.putIfAbsent(Access.of(e), e));
      }
      all.add(mine);
    }
    return all;
  }

  /**
   * Whether the silent atomic {@code f} of {@code thread} is morally strong (8.7, {@link
   * PtxModel#morallyStrong()}) with every access that overlaps it, in any thread and any path
   * (kept or cut); accesses of asynchronous operations never count as such.
   */
  private static boolean uniform(
      int thread, PathEvent f, ModelSpec spec, LitmusTest test, Locations locations,
      List<Map<Access, PathEvent>> accesses) {
    Event fe = EventGraph.event(
        0, thread, test.threads().get(thread).position(), f, locations);
    for (int t = 0; t < accesses.size(); t++) {
      for (PathEvent a : accesses.get(t).values()) {
        Event ae = EventGraph.event(1, t, test.threads().get(t).position(), a, locations);
        if (fe.overlaps(ae)
            && (a.instruction() instanceof AsyncInstruction
                || !morallyStrong(fe, ae, t == thread, spec))) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Whether two accesses are morally strong (8.7), asked of the model itself: the relation
   * {@link PtxModel#morallyStrong()} over just these two events ({@code x} id 0, {@code y} id
   * 1), program-ordered when {@code sameThread}, so the rule is the model's and written once.
   */
  private static boolean morallyStrong(Event x, Event y, boolean sameThread, ModelSpec spec) {
    Relation po = sameThread ? Relation.builder(2).add(0, 1).build() : Relation.empty(2);
    return new PtxModel(EventStructure.of(List.of(x, y), po, Relation.empty(2)), spec)
        .morallyStrong().contains(0, 1);
  }
}
