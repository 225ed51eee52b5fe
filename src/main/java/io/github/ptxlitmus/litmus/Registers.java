package io.github.ptxlitmus.litmus;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The registers an instruction sequence mentions (read, written or used as an address). */
final class Registers {
  private Registers() {}

  static Set<String> of(ThreadSpec thread) {
    Set<String> out = new HashSet<>();
    for (Instruction i : thread.instructions()) {
      add(i, out);
    }
    return out;
  }

  private static void add(Instruction instruction, Set<String> out) {
    if (instruction instanceof Instruction.Load l) {
      out.addAll(l.destinations());
      address(l.address(), out);
    } else if (instruction instanceof Instruction.Store s) {
      address(s.address(), out);
      operands(s.values(), out);
    } else if (instruction instanceof Instruction.Rmw r) {
      r.destination().ifPresent(out::add);
      address(r.address(), out);
      operands(r.operands(), out);
    } else if (instruction instanceof Instruction.Barrier b) {
      operands(List.of(b.id()), out);
      b.expected().ifPresent(e -> operands(List.of(e), out));
      b.reduction()
          .ifPresent(
              r -> {
                out.add(r.destination());
                operands(List.of(r.predicate()), out);
              });
    } else if (instruction instanceof Instruction.Local l) {
      out.add(l.destination());
      operands(l.sources(), out);
    } else if (instruction instanceof Instruction.Branch b) {
      operands(List.of(b.left(), b.right()), out);
    } else if (instruction instanceof AsyncInstruction a) {
      AsyncInstructionParser.registers(a, out);
    }
  }

  private static void address(Address a, Set<String> out) {
    if (a.isRegister()) {
      out.add(a.name());
    }
  }

  private static void operands(List<Operand> operands, Set<String> out) {
    for (Operand o : operands) {
      if (o instanceof Operand.Reg r) {
        out.add(r.name());
      }
    }
  }
}
