package io.github.ptxlitmus.search;

import io.github.ptxlitmus.litmus.Address;
import io.github.ptxlitmus.litmus.AsyncInstruction;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.Operand;
import io.github.ptxlitmus.litmus.RegisterInit;
import io.github.ptxlitmus.litmus.ThreadSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which registers of one thread still matter at each instruction, for the loop cuts ({@link
 * LoopCuts}). A register is <em>relevant</em> when its value can reach a branch, an address, a
 * value written to memory or any other instruction that is not a register operation, directly
 * or through register operations (flow-insensitive; an iteration counter that only feeds
 * itself is not). A register matters to the code at an instruction when some path from there
 * reads it in a relevant way before writing it; it matters to the final state when some path
 * reaches the end of the thread without writing it, and then to the final values of the
 * registers it flows into ({@link #influenced}). Standard backward liveness over the thread's
 * control flow; an instruction kind this class does not know reads every register.
 */
final class RegisterLiveness {
  /** Per instruction index: registers the code may read before writing them. */
  private final List<Set<String>> code;
  /** Per instruction index: registers whose value may reach a final value. */
  private final List<Set<String>> end;
  /** Per instruction index: registers whose dependency taint the code may read (see below). */
  private final List<Set<String>> taint;
  /** Per register: the registers whose value it can flow into (itself included). */
  private final Map<String, Set<String>> flowsInto;

  private RegisterLiveness(
      List<Set<String>> code, List<Set<String>> end, List<Set<String>> taint,
      Map<String, Set<String>> flowsInto) {
    this.code = code;
    this.end = end;
    this.taint = taint;
    this.flowsInto = flowsInto;
  }

  /** The liveness of {@code thread}'s registers ({@code inits}: the test's register inits). */
  static RegisterLiveness of(ThreadSpec thread, List<RegisterInit> inits) {
    List<Instruction> ins = thread.instructions();
    int n = ins.size();
    Set<String> all = new TreeSet<>();
    for (Instruction i : ins) {
      uses(i).ifPresent(all::addAll);
      all.addAll(valueDefs(i));
    }
    inits.stream().filter(r -> r.thread() == thread.id()).forEach(r -> all.add(r.register()));
    List<int[]> succ = successors(ins);
    // Relevant registers: read by an instruction other than a register operation, or by a
    // register operation whose destination is relevant (least fixpoint).
    Set<String> relevant = new TreeSet<>();
    for (Instruction x : ins) {
      if (!(x instanceof Instruction.Local)) {
        relevant.addAll(uses(x).orElse(all));
      }
    }
    Map<String, Set<String>> flowsInto = new HashMap<>();
    all.forEach(r -> flowsInto.put(r, new TreeSet<>(Set.of(r))));
    boolean grew = true;
    while (grew) {
      grew = false;
      for (Instruction x : ins) {
        if (x instanceof Instruction.Local l) {
          Set<String> sources = uses(l).orElseThrow();
          if (relevant.contains(l.destination())) {
            grew |= relevant.addAll(sources);
          }
          for (String src : sources) {
            grew |= flowsInto.get(src).addAll(flowsInto.get(l.destination()));
          }
        }
      }
    }
    List<Set<String>> uses = new ArrayList<>();
    List<Set<String>> localUses = new ArrayList<>();
    List<Set<String>> defs = new ArrayList<>();
    List<Set<String>> taintDefs = new ArrayList<>();
    for (Instruction x : ins) {
      // A register operation carries its sources' values into its destination's final value.
      localUses.add(x instanceof Instruction.Local l ? uses(l).orElseThrow() : Set.of());
      uses.add(x instanceof Instruction.Local l && !relevant.contains(l.destination())
          ? Set.of()
          : uses(x).orElse(all));
      defs.add(new TreeSet<>(valueDefs(x)));
      // Only these writes reset a register's dependency taint (ThreadUnfolder.State#assigned);
      // an mbarrier wait or arrival sets the value and keeps the old taint.
      taintDefs.add(new TreeSet<>(ControlFlow.writes(x)));
    }
    return new RegisterLiveness(
        solve(succ, uses, defs, Set.of()), solve(succ, localUses, defs, all),
        solve(succ, uses, taintDefs, Set.of()), flowsInto);
  }

  /**
   * Registers read by the code from {@code index} on before being written (value-live, the
   * thread's end reading nothing).
   */
  Set<String> codeLive(int index) {
    return code.get(index);
  }

  /**
   * Registers whose value at {@code index} may reach a final value: their own (no write on some
   * path to the end) or, through a register operation that reads them, another's ({@link
   * #influenced}).
   */
  Set<String> endLive(int index) {
    return end.get(index);
  }

  /**
   * The registers whose final value the value of {@code register} can reach (itself and those
   * register operations compute from it, transitively).
   */
  Set<String> influenced(String register) {
    return flowsInto.getOrDefault(register, Set.of(register));
  }

  /**
   * Registers whose dependency taint at {@code index} the code may still read: as {@link
   * #codeLive} but only writes that reset the taint count as writes.
   */
  Set<String> taintLive(int index) {
    return taint.get(index);
  }

  /**
   * Backward fixpoint: live(i) = uses(i) ∪ (⋃ live(succ) \ defs(i)); the exit (index n) has
   * {@code exit} live. {@code uses} empty: no instruction reads anything.
   */
  private static List<Set<String>> solve(
      List<int[]> succ, List<Set<String>> uses, List<Set<String>> defs, Set<String> exit) {
    int n = succ.size();
    List<Set<String>> live = new ArrayList<>();
    for (int i = 0; i <= n; i++) {
      live.add(new TreeSet<>());
    }
    live.get(n).addAll(exit);
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int i = n - 1; i >= 0; i--) {
        Set<String> out = new TreeSet<>();
        for (int s : succ.get(i)) {
          out.addAll(live.get(Math.min(s, n)));
        }
        out.removeAll(defs.get(i));
        if (!uses.isEmpty()) {
          out.addAll(uses.get(i));
        }
        if (!out.equals(live.get(i))) {
          live.set(i, out);
          changed = true;
        }
      }
    }
    return live.subList(0, n);
  }

  /**
   * Per instruction index: the indices control may go to next ({@code ins.size()}: the end of
   * the thread, also for a jump to an undefined label).
   */
  static List<int[]> successors(List<Instruction> ins) {
    int n = ins.size();
    Map<String, Integer> labels = new HashMap<>();
    for (int i = 0; i < n; i++) {
      if (ins.get(i) instanceof Instruction.Label l) {
        labels.put(l.name(), i);
      }
    }
    List<int[]> succ = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Instruction x = ins.get(i);
      if (x instanceof Instruction.Branch b) {
        succ.add(new int[] {i + 1, labels.getOrDefault(b.target(), n)});
      } else if (x instanceof Instruction.Goto g) {
        succ.add(new int[] {labels.getOrDefault(g.target(), n)});
      } else {
        succ.add(new int[] {i + 1});
      }
    }
    return succ;
  }

  /** Registers {@code ins} writes a value to. */
  static List<String> valueDefs(Instruction ins) {
    if (ins instanceof AsyncInstruction.MbarrierWait w) {
      return List.of(w.destination());
    }
    if (ins instanceof AsyncInstruction.MbarrierUpdate u) {
      return u.state().stream().toList();
    }
    return ControlFlow.writes(ins);
  }

  /** Registers {@code ins} reads; empty for a kind not known here (read as: every register). */
  static Optional<Set<String>> uses(Instruction ins) {
    Set<String> r = new TreeSet<>();
    if (ins instanceof Instruction.Label || ins instanceof Instruction.Goto
        || ins instanceof Instruction.Fence || ins instanceof Instruction.ProxyFence
        || ins instanceof Instruction.ClusterBarrier
        || ins instanceof AsyncInstruction.MbarrierInitFence
        || ins instanceof AsyncInstruction.CommitGroup
        || ins instanceof AsyncInstruction.WaitGroup
        || ins instanceof AsyncInstruction.ApiCall) {
      return Optional.of(r);
    }
    if (ins instanceof Instruction.Load l) {
      address(l.address(), r);
    } else if (ins instanceof Instruction.Store st) {
      address(st.address(), r);
      st.values().forEach(o -> operand(o, r));
    } else if (ins instanceof Instruction.Rmw m) {
      address(m.address(), r);
      m.operands().forEach(o -> operand(o, r));
    } else if (ins instanceof Instruction.Barrier b) {
      operand(b.id(), r);
      b.expected().ifPresent(o -> operand(o, r));
      b.reduction().ifPresent(red -> operand(red.predicate(), r));
    } else if (ins instanceof Instruction.Local l) {
      l.sources().forEach(o -> operand(o, r));
    } else if (ins instanceof Instruction.Branch b) {
      operand(b.left(), r);
      operand(b.right(), r);
    } else if (ins instanceof AsyncInstruction.MbarrierInit m) {
      address(m.mbarrier(), r);
      operand(m.count(), r);
    } else if (ins instanceof AsyncInstruction.MbarrierInval m) {
      address(m.mbarrier(), r);
    } else if (ins instanceof AsyncInstruction.MbarrierUpdate u) {
      address(u.mbarrier(), r);
      operand(u.count(), r);
      operand(u.tx(), r);
    } else if (ins instanceof AsyncInstruction.MbarrierWait w) {
      address(w.mbarrier(), r);
      operand(w.phase(), r);
    } else if (ins instanceof AsyncInstruction.AsyncCopy c) {
      address(c.destination(), r);
      address(c.source(), r);
      c.mbarrier().ifPresent(a -> address(a, r));
    } else if (ins instanceof AsyncInstruction.AsyncStore st) {
      address(st.address(), r);
      st.mbarrier().ifPresent(a -> address(a, r));
      st.values().forEach(o -> operand(o, r));
    } else if (ins instanceof AsyncInstruction.CpAsyncMbarrierArrive a) {
      address(a.mbarrier(), r);
    } else {
      return Optional.empty();
    }
    return Optional.of(r);
  }

  private static void address(Address a, Set<String> into) {
    if (a.isRegister()) {
      into.add(a.name());
    }
  }

  private static void operand(Operand o, Set<String> into) {
    if (o instanceof Operand.Reg reg) {
      into.add(reg.name());
    }
  }
}
