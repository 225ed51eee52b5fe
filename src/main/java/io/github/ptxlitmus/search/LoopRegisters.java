package io.github.ptxlitmus.search;

import io.github.ptxlitmus.litmus.Instruction;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The loop-exit dependence analysis of waits that never end (docs/model.md "Waits that never
 * end"): per loop head (a label some backward jump targets), the registers whose values at the
 * head decide what the next iteration does. When each of them holds at the end of an iteration
 * the value it held at the head, and the iteration's reads return the same values again, the
 * next iteration runs the same instructions with the same values: it repeats the last one, and
 * so, by induction, does every later one. A counter the exit branch tests ({@code add r1, r1,
 * 1; bne r1, 3, L}) changes every round, so its loop is never taken for a wait that never
 * ends; a counter that only feeds itself or code after the loop ({@code add r2, r2, 1} in a
 * spin on a flag) decides nothing and is not among them.
 *
 * <p>The body of the loop at head {@code h} is every instruction on a path from {@code h} back
 * to a backward jump to {@code h} that does not pass {@code h} in between. A register is
 * <em>decisive</em> for the body when an instruction of the body other than a register
 * operation reads it (a branch, an address, a value written, an operand of an atomic or a
 * barrier; an instruction kind not known reads every register), or a register operation of
 * the body reads it to compute a decisive register (least fixpoint). The registers returned for
 * {@code h} are the decisive ones some path through the body reads before writing them
 * (backward liveness over the body, nothing live after the back jump or after leaving the
 * loop): the others are recomputed from the iteration's reads before they are used. Values
 * written are decisive even where no read of the loop can see them (conservative: such a loop
 * is then not shown to spin). Immutable.
 */
final class LoopRegisters {
  private final Map<Integer, Set<String>> byHead;

  private LoopRegisters(Map<Integer, Set<String>> byHead) {
    this.byHead = byHead;
  }

  /** The analysis of {@code code} for each of the given loop heads (instruction indices). */
  static LoopRegisters of(List<Instruction> code, Set<Integer> heads) {
    List<int[]> succ = RegisterLiveness.successors(code);
    Map<Integer, Set<String>> byHead = new HashMap<>();
    for (int h : heads) {
      byHead.put(h, Set.copyOf(decisive(code, succ, h)));
    }
    return new LoopRegisters(Map.copyOf(byHead));
  }

  /**
   * {@return the registers whose values at the loop head {@code head} decide the next iteration}
   * (empty for an index that is no loop head)
   */
  Set<String> atHead(int head) {
    return byHead.getOrDefault(head, Set.of());
  }

  /**
   * The pairs a stuck path at a backward jump to {@code head} must satisfy ({@link
   * ThreadPath.Stuck#repeats()}): each register that decides the next iteration, as it was at
   * the head ({@code atHead}) and as it is now ({@code now}), leaving out those that are the
   * same expression.
   *
   * @return empty when some register certainly changed (two different constants)
   */
  Optional<List<ThreadPath.Repeat>> repeats(
      int head, LoopCuts.Head atHead, Map<String, Expr> now) {
    List<ThreadPath.Repeat> repeats = new ArrayList<>();
    for (String r : atHead(head)) {
      // These registers are among those the head keeps (RegisterLiveness#codeLive).
      Expr before = atHead.values().get(r);
      if (before == null) {
        throw new IllegalStateException("loop head keeps no value of " + r);
      }
      Expr after = now.getOrDefault(r, Expr.constant(0));
      if (before.equals(after)) {
        continue;
      }
      if (before instanceof Expr.Const && after instanceof Expr.Const) {
        return Optional.empty();
      }
      repeats.add(new ThreadPath.Repeat(r, before, after));
    }
    return Optional.of(repeats);
  }

  private static Set<String> decisive(List<Instruction> code, List<int[]> succ, int head) {
    BitSet body = body(succ, head);
    Set<String> all = new TreeSet<>();
    for (int i = body.nextSetBit(0); i >= 0; i = body.nextSetBit(i + 1)) {
      RegisterLiveness.uses(code.get(i)).ifPresent(all::addAll);
      all.addAll(RegisterLiveness.valueDefs(code.get(i)));
    }
    Set<String> relevant = new TreeSet<>();
    for (int i = body.nextSetBit(0); i >= 0; i = body.nextSetBit(i + 1)) {
      if (!(code.get(i) instanceof Instruction.Local)) {
        relevant.addAll(RegisterLiveness.uses(code.get(i)).orElse(all));
      }
    }
    for (boolean grew = true; grew; ) {
      grew = false;
      for (int i = body.nextSetBit(0); i >= 0; i = body.nextSetBit(i + 1)) {
        if (code.get(i) instanceof Instruction.Local l && relevant.contains(l.destination())) {
          grew |= relevant.addAll(RegisterLiveness.uses(l).orElseThrow());
        }
      }
    }
    // Backward liveness of the relevant uses within the body; the head itself (the next
    // iteration) and the instructions outside the body (after the loop) read nothing.
    Map<Integer, Set<String>> live = new HashMap<>();
    for (boolean changed = true; changed; ) {
      changed = false;
      for (int i = body.previousSetBit(code.size() - 1); i >= 0; i = body.previousSetBit(i - 1)) {
        Set<String> out = new TreeSet<>();
        for (int s : succ.get(i)) {
          if (s != head && s < code.size() && body.get(s)) {
            out.addAll(live.getOrDefault(s, Set.of()));
          }
        }
        Instruction x = code.get(i);
        out.removeAll(RegisterLiveness.valueDefs(x));
        if (!(x instanceof Instruction.Local l) || relevant.contains(l.destination())) {
          Set<String> uses = RegisterLiveness.uses(x).orElse(all);
          uses.stream().filter(relevant::contains).forEach(out::add);
        }
        if (!out.equals(live.get(i))) {
          live.put(i, out);
          changed = true;
        }
      }
    }
    // The head is a label: what is live after it is live at it.
    Set<String> atHead = new TreeSet<>();
    for (int s : succ.get(head)) {
      if (s < code.size() && body.get(s) && s != head) {
        atHead.addAll(live.getOrDefault(s, Set.of()));
      }
    }
    return atHead;
  }

  /**
   * The instructions reachable from {@code head} without passing it again that can reach a
   * backward jump to it without passing it ({@code head} included).
   */
  private static BitSet body(List<int[]> succ, int head) {
    int n = succ.size();
    BitSet forward = new BitSet();
    Deque<Integer> work = new ArrayDeque<>(List.of(head));
    forward.set(head);
    while (!work.isEmpty()) {
      for (int s : succ.get(work.pop())) {
        if (s < n && s != head && !forward.get(s)) {
          forward.set(s);
          work.push(s);
        }
      }
    }
    List<List<Integer>> pred = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      pred.add(new ArrayList<>());
    }
    BitSet backward = new BitSet();
    for (int i = 0; i < n; i++) {
      for (int s : succ.get(i)) {
        if (s < n) {
          pred.get(s).add(i);
        }
        if (s == head && i >= head && forward.get(i) && !backward.get(i)) {
          backward.set(i); // a backward jump to the head
          work.push(i);
        }
      }
    }
    while (!work.isEmpty()) {
      int i = work.pop();
      if (i == head) {
        continue;
      }
      for (int p : pred.get(i)) {
        if (!backward.get(p)) {
          backward.set(p);
          work.push(p);
        }
      }
    }
    forward.and(backward);
    forward.set(head);
    return forward;
  }
}
