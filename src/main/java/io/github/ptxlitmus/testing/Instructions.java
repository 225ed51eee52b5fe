package io.github.ptxlitmus.testing;

import io.github.ptxlitmus.litmus.Address;
import io.github.ptxlitmus.litmus.DataType;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.Instruction.AtomicOp;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.LocationDecl;
import io.github.ptxlitmus.litmus.Operand;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.SourcePosition;
import io.github.ptxlitmus.litmus.StateSpace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The instructions and declarations {@link LitmusBuilder} makes: generic proxy, untyped, with
 * the builder's checks; and giving an instruction a position and its canonical text ({@link
 * LitmusPrinter}).
 */
final class Instructions {
  private Instructions() {}

  static Instruction load(Semantics sem, Optional<Scope> scope, String register, String location,
      SourcePosition position) {
    return new Instruction.Load(List.of(reg(register)), Address.location(location), sem,
        scope, Proxy.GENERIC, StateSpace.GENERIC, DataType.UNTYPED, false, position, "");
  }

  static Instruction store(Semantics sem, Optional<Scope> scope, String location, Operand value,
      SourcePosition position) {
    return new Instruction.Store(Address.location(location), List.of(operand(value)), sem,
        scope, Proxy.GENERIC, StateSpace.GENERIC, DataType.UNTYPED, false, position, "");
  }

  static Instruction rmw(boolean reduction, Semantics sem, Scope scope, AtomicOp op,
      Optional<String> destination, String location, Operand[] operands,
      SourcePosition position) {
    require(sem != Semantics.WEAK && sem != Semantics.SC,
        "atom/red semantics are relaxed, acquire, release or acq_rel, not " + sem);
    require(operands.length == (op == AtomicOp.CAS ? 2 : 1),
        op.ptxName() + " takes " + (op == AtomicOp.CAS ? 2 : 1) + " operand(s), got "
            + operands.length);
    List<Operand> ops = Arrays.stream(operands).map(Instructions::operand).toList();
    return new Instruction.Rmw(reduction, op, destination, Address.location(location), ops,
        sem, Objects.requireNonNull(scope, "scope"), Proxy.GENERIC, StateSpace.GENERIC,
        DataType.UNTYPED, position, "");
  }

  /** The declarations, an alias taking its target's initial value, type and state space. */
  static List<LocationDecl> resolved(Map<String, LocationDecl> locations) {
    List<LocationDecl> out = new ArrayList<>();
    for (LocationDecl l : locations.values()) {
      LocationDecl target = l.alias().map(a -> locations.get(a.target())).orElse(null);
      out.add(target == null ? l : new LocationDecl(l.name(), target.initialValue(),
          target.type(), target.space(), l.alias(), l.position()));
    }
    return out;
  }

  /**
   * {@return the test, after checking that its printed text parses back}
   *
   * @throws IllegalStateException with the parser's reason and the printed text
   */
  static LitmusTest parsedBack(LitmusTest test) {
    String text = LitmusPrinter.print(test);
    try {
      LitmusParser.parse(test.name(), text);
    } catch (LitmusSyntaxException e) {
      throw new IllegalStateException(test.name() + ": invalid test: " + e.reason()
          + " (at line " + e.line() + ", column " + e.column() + " of the printed test:\n"
          + text + ")", e);
    }
    return test;
  }

  /** A register name without its {@code %}. */
  static String reg(String register) {
    return register.startsWith("%") ? register.substring(1) : register;
  }

  static Operand operand(Operand o) {
    return o instanceof Operand.Reg r ? Operand.reg(reg(r.name())) : o;
  }

  static void require(boolean ok, String why) {
    if (!ok) {
      throw new IllegalArgumentException(why);
    }
  }

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
