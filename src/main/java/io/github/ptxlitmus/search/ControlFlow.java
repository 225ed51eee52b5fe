package io.github.ptxlitmus.search;

import io.github.ptxlitmus.litmus.Instruction;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where the branches of one thread join again (8.10.4 as an implementation sees it: an event
 * that every path from a branch executes in the same way does not depend on the branch).
 * Nodes are instruction indices, plus the exit {@code n}; a branch joins at its immediate
 * post-dominator. A branch whose region (what it can reach before the join) contains a cycle
 * never joins: a loop may not terminate, so what follows it still depends on the branch.
 */
final class ControlFlow {
  /**
   * What a conditional branch controls.
   *
   * @param join instruction index where every path from the branch meets again, or empty
   *     when the dependency lasts to the end of the thread (a loop, or no join before exit)
   * @param assigned registers some instruction of the region may write: their value after
   *     the join can depend on the branch
   */
  record Region(Optional<Integer> join, Set<String> assigned) {}

  private final Map<Integer, Region> regions = new HashMap<>();

  private ControlFlow() {}

  /**
   * The regions of every conditional branch of {@code code}. A thread without one has none (and
   * costs nothing); otherwise the post-dominator sets take {@code n^2} bits, checked against the
   * memory bound, and their computation the clock.
   *
   * @throws Budget.Exhausted when a limit is hit
   */
  static ControlFlow of(List<Instruction> code, Budget budget) {
    int n = code.size();
    if (code.stream().noneMatch(i -> i instanceof Instruction.Branch)) {
      return new ControlFlow();
    }
    budget.fits((long) (n + 1) * (n + 1) / 8);
    List<int[]> succ = RegisterLiveness.successors(code);
    BitSet[] postDom = postDominators(succ, n, budget);
    ControlFlow cf = new ControlFlow();
    for (int b = 0; b < n; b++) {
      if (!(code.get(b) instanceof Instruction.Branch)) {
        continue;
      }
      int join = immediate(postDom, b, n);
      BitSet region = reachableBefore(succ, b, join, n);
      Set<String> assigned = new TreeSet<>();
      region.stream().forEach(i -> assigned.addAll(writes(code.get(i))));
      boolean loops = region.get(b) || hasCycle(succ, region, n);
      cf.regions.put(
          b, new Region(loops || join >= n ? Optional.empty() : Optional.of(join), assigned));
    }
    return cf;
  }

  /** The registers {@code ins} writes. */
  static List<String> writes(Instruction ins) {
    if (ins instanceof Instruction.Load l) {
      return l.destinations();
    } else if (ins instanceof Instruction.Local l) {
      return List.of(l.destination());
    } else if (ins instanceof Instruction.Rmw r) {
      return r.destination().stream().toList();
    } else if (ins instanceof Instruction.Barrier b) {
      return b.reduction().map(r -> List.of(r.destination())).orElse(List.of());
    }
    return List.of();
  }

  /** The region of the conditional branch at {@code index}. */
  Region region(int index) {
    return regions.get(index);
  }

  /** Post-dominator sets by the iterative data-flow algorithm; the exit is node n. */
  private static BitSet[] postDominators(List<int[]> succ, int n, Budget budget) {
    BitSet[] pd = new BitSet[n + 1];
    pd[n] = new BitSet();
    pd[n].set(n);
    for (int i = 0; i < n; i++) {
      pd[i] = new BitSet();
      pd[i].set(0, n + 1);
    }
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int i = n - 1; i >= 0; i--) {
        budget.step();
        BitSet next = new BitSet();
        next.set(0, n + 1);
        for (int s : succ.get(i)) {
          next.and(pd[Math.min(s, n)]);
        }
        next.set(i);
        if (!next.equals(pd[i])) {
          pd[i] = next;
          changed = true;
        }
      }
    }
    return pd;
  }

  /** The strict post-dominator of {@code b} that every other strict one post-dominates. */
  private static int immediate(BitSet[] pd, int b, int n) {
    int best = n;
    for (int d = pd[b].nextSetBit(0); d >= 0; d = pd[b].nextSetBit(d + 1)) {
      if (d != b && d < n && pd[d].cardinality() > pd[Math.min(best, n)].cardinality()) {
        best = d;
      }
    }
    return best;
  }

  /** Nodes reachable from b's successors without passing through {@code join}. */
  private static BitSet reachableBefore(List<int[]> succ, int b, int join, int n) {
    BitSet seen = new BitSet();
    Deque<Integer> work = new ArrayDeque<>();
    for (int s : succ.get(b)) {
      work.push(s);
    }
    while (!work.isEmpty()) {
      int i = work.pop();
      if (i >= n || i == join || seen.get(i)) {
        continue;
      }
      seen.set(i);
      for (int s : succ.get(i)) {
        work.push(s);
      }
    }
    return seen;
  }

  /** True when the subgraph on {@code nodes} has a cycle. */
  private static boolean hasCycle(List<int[]> succ, BitSet nodes, int n) {
    int[] indegree = new int[n + 1];
    nodes.stream().forEach(i -> {
      for (int s : succ.get(i)) {
        if (s < n && nodes.get(s)) {
          indegree[s]++;
        }
      }
    });
    Deque<Integer> work = new ArrayDeque<>();
    nodes.stream().filter(i -> indegree[i] == 0).forEach(work::push);
    int removed = 0;
    while (!work.isEmpty()) {
      int i = work.pop();
      removed++;
      for (int s : succ.get(i)) {
        if (s < n && nodes.get(s) && --indegree[s] == 0) {
          work.push(s);
        }
      }
    }
    return removed < nodes.cardinality();
  }
}
