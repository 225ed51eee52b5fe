package io.github.ptxlitmus.testing;

import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import io.github.ptxlitmus.litmus.SourcePosition;

/** Gives an instruction a position and its canonical text ({@link LitmusPrinter}). */
final class Instructions {
  private Instructions() {}

  static Instruction withText(Instruction i, SourcePosition p) {
    String t = LitmusPrinter.instruction(i);
    if (i instanceof Instruction.Label l) {
      return new Instruction.Label(l.name(), p, t);
    } else if (i instanceof Instruction.Load l) {
      return new Instruction.Load(l.destinations(), l.address(), l.sem(), l.scope(), l.proxy(),
          l.space(), l.type(), l.mmio(), p, t);
    } else if (i instanceof Instruction.Store s) {
      return new Instruction.Store(s.address(), s.values(), s.sem(), s.scope(), s.proxy(),
          s.space(), s.type(), s.mmio(), p, t);
    } else if (i instanceof Instruction.Rmw r) {
      return new Instruction.Rmw(r.reduction(), r.op(), r.destination(), r.address(),
          r.operands(), r.sem(), r.scope(), r.proxy(), r.space(), r.type(), p, t);
    } else if (i instanceof Instruction.Fence f) {
      return new Instruction.Fence(f.sem(), f.scope(), f.membar(), p, t);
    } else if (i instanceof Instruction.ProxyFence f) {
      return new Instruction.ProxyFence(f.kind(), f.scope(), p, t);
    } else if (i instanceof Instruction.Barrier b) {
      return new Instruction.Barrier(b.op(), b.instance(), b.id(), b.expected(), b.reduction(),
          p, t);
    } else if (i instanceof Instruction.ClusterBarrier c) {
      return new Instruction.ClusterBarrier(c.arrive(), c.sem(), p, t);
    } else if (i instanceof Instruction.Local l) {
      return new Instruction.Local(l.op(), l.destination(), l.sources(), l.type(), p, t);
    } else if (i instanceof Instruction.Branch b) {
      return new Instruction.Branch(b.condition(), b.left(), b.right(), b.target(), p, t);
    }
    Instruction.Goto g = (Instruction.Goto) i;
    return new Instruction.Goto(g.target(), p, t);
  }
}
