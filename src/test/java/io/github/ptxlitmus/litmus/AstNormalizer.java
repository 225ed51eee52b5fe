package io.github.ptxlitmus.litmus;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Test helper: a test with source positions, instruction text and file name removed. */
final class AstNormalizer {
  private static final SourcePosition NONE = SourcePosition.synthetic("");

  private AstNormalizer() {}

  static LitmusTest strip(LitmusTest t) {
    return new LitmusTest(
        t.name(),
        t.descriptions(),
        t.locations().stream()
            .map(l -> new LocationDecl(l.name(), l.initialValue(), l.type(), l.space(),
                l.alias(), NONE, l.initialAddressOf()))
            .collect(Collectors.toList()),
        t.registerInits().stream()
            .map(r -> new RegisterInit(r.thread(), r.register(), r.value(), r.addressOf(), NONE))
            .collect(Collectors.toList()),
        t.threads().stream()
            .map(th -> new ThreadSpec(th.id(), th.position(),
                th.instructions().stream().map(AstNormalizer::strip).collect(Collectors.toList())))
            .collect(Collectors.toList()),
        t.observed(),
        t.filter(),
        t.condition(),
        "");
  }

  static Instruction strip(Instruction i) {
    if (i instanceof Instruction.Label l) {
      return new Instruction.Label(l.name(), NONE, "");
    } else if (i instanceof Instruction.Load l) {
      return new Instruction.Load(l.destinations(), l.address(), l.sem(), l.scope(), l.proxy(),
          l.space(), l.type(), l.mmio(), NONE, "");
    } else if (i instanceof Instruction.Store s) {
      return new Instruction.Store(s.address(), s.values(), s.sem(), s.scope(), s.proxy(),
          s.space(), s.type(), s.mmio(), NONE, "");
    } else if (i instanceof Instruction.Rmw r) {
      return new Instruction.Rmw(r.reduction(), r.op(), r.destination(), r.address(),
          r.operands(), r.sem(), r.scope(), r.proxy(), r.space(), r.type(), NONE, "");
    } else if (i instanceof Instruction.Fence f) {
      return new Instruction.Fence(f.sem(), f.scope(), f.membar(), NONE, "");
    } else if (i instanceof Instruction.ProxyFence p) {
      return new Instruction.ProxyFence(p.kind(), p.scope(), NONE, "");
    } else if (i instanceof Instruction.Barrier b) {
      return new Instruction.Barrier(b.op(), b.instance(), b.id(), b.expected(), b.reduction(),
          NONE, "");
    } else if (i instanceof Instruction.ClusterBarrier c) {
      return new Instruction.ClusterBarrier(c.arrive(), c.sem(), NONE, "");
    } else if (i instanceof Instruction.Local l) {
      return new Instruction.Local(l.op(), l.destination(), l.sources(), l.type(), NONE, "");
    } else if (i instanceof Instruction.Branch b) {
      return new Instruction.Branch(b.condition(), b.left(), b.right(), b.target(), NONE, "");
    } else if (i instanceof Instruction.Goto g) {
      return new Instruction.Goto(g.target(), NONE, "");
    }
    throw new IllegalArgumentException(String.valueOf(i));
  }

  /** The single instruction of thread 0 of a one-thread test built around {@code cell}. */
  static Instruction only(String cell) {
    LitmusTest t = LitmusParser.parse("t.litmus", oneThread(cell));
    List<Instruction> code = t.threads().get(0).instructions();
    return code.get(code.size() - 1);
  }

  static String oneThread(String cell) {
    return "PTX t\n{ x=0; }\n P0@cta 0,gpu 0 ;\n " + cell + " ;\nexists (x == 0)\n";
  }

  static Optional<Scope> noScope() {
    return Optional.empty();
  }
}
