package io.github.ptxlitmus.litmus;

import io.github.ptxlitmus.litmus.InstructionParser.Site;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Parses the CTA barriers ({@code bar}, {@code barrier}: sync, arrive, red) and the cluster
 * barriers ({@code barrier.cluster.arrive/wait}), with the PTX ISA's operand rules: barrier
 * ids 0..15, thread counts positive multiples of the warp size, and Dat3M's
 * {@code bar.cta.sync instance, id, quorum} (see docs/litmus-format.md, "Barrier operands").
 */
final class BarrierParser {
  private final ParseState state;

  BarrierParser(ParseState state) {
    this.state = state;
  }

  Instruction barrier(Site s) {
    if (s.base().equals("barrier") && s.m().has("cluster")) {
      return clusterBarrier(s);
    }
    Instruction.BarrierOp op = null;
    Instruction.ReductionOp reduction = null;
    String type = null;
    boolean cta = false;
    boolean aligned = false;
    for (Mnemonic.Piece p : s.m().qualifiers()) {
      switch (p.text()) {
        case "sync", "arrive", "red" -> {
          if (op != null) {
            throw s.c().errorAt(p.offset(), "more than one barrier operation");
          }
          op =
              p.text().equals("sync")
                  ? Instruction.BarrierOp.SYNC
                  : p.text().equals("arrive")
                      ? Instruction.BarrierOp.ARRIVE
                      : Instruction.BarrierOp.RED;
        }
        case "popc", "and", "or" -> {
          if (reduction != null || op != Instruction.BarrierOp.RED) {
            throw s.c().errorAt(p.offset(), "'." + p.text() + "' needs bar.red, once");
          }
          reduction = Instruction.ReductionOp.valueOf(p.text().toUpperCase(java.util.Locale.ROOT));
        }
        case "u32", "pred" -> {
          if (type != null || op != Instruction.BarrierOp.RED) {
            throw s.c().errorAt(p.offset(), "'." + p.text() + "' needs bar.red, once");
          }
          type = p.text();
        }
        case "cta" -> {
          if (cta) {
            throw s.c().errorAt(p.offset(), "more than one '.cta'");
          }
          cta = true;
        }
        case "aligned" -> {
          if (aligned) {
            throw s.c().errorAt(p.offset(), "more than one '.aligned'");
          }
          aligned = true;
        }
        default -> throw s.c().errorAt(p.offset(), "unknown qualifier '." + p.text() + "'");
      }
    }
    if (op == null) {
      throw s.c().errorAt(s.m().offset(), s.base() + " needs .sync, .arrive or .red");
    }
    if (op == Instruction.BarrierOp.RED) {
      return barrierReduction(s, reduction, type);
    }
    if (aligned && s.base().equals("bar")) {
      throw s.c().errorAt(s.m().offset(), "'.aligned' belongs to the barrier spelling"
          + " (barrier.sync.aligned); bar.sync is already aligned");
    }
    List<BarrierArg> args = new ArrayList<>(3);
    args.add(barrierArg(s.c()));
    while (s.c().tryConsume(",")) {
      if (args.size() == 3) {
        throw s.c().error("too many barrier operands");
      }
      args.add(barrierArg(s.c()));
    }
    // Dat3M writes bar.cta.sync <instance>, <id>[, <quorum>]; real PTX bar{.cta}.sync a{, b}
    // has id a and thread count b. The .cta spelling with 2-3 operands is read as Dat3M's,
    // unless only PTX's reading is valid: a register first (an instance is a constant) or a
    // second constant that cannot be an id (0..15).
    boolean dat3m = s.base().equals("bar") && cta && args.size() >= 2
        && (args.size() == 3 || (args.get(0).op() instanceof Operand.Imm
            && !(args.get(1).op() instanceof Operand.Imm b && (b.value() < 0 || b.value() > 15))));
    if (dat3m) {
      if (!(args.get(0).op() instanceof Operand.Imm instance)) {
        throw s.c().errorAt(args.get(0).at(), "barrier instance must be a constant");
      }
      barrierId(s, args.get(1));
      if (args.size() == 3) {
        quorum(s, args.get(2));
      }
      return new Instruction.Barrier(op, Optional.of(instance.value()), args.get(1).op(),
          args.size() == 3 ? Optional.of(args.get(2).op()) : Optional.empty(), s.position(),
          s.text());
    }
    if (args.size() == 3) {
      throw s.c().errorAt(s.m().offset(), "too many barrier operands");
    }
    barrierId(s, args.get(0));
    if (args.size() == 2) {
      threadCount(s, args.get(1));
    }
    if (op == Instruction.BarrierOp.ARRIVE && args.size() == 1) {
      PtxRules.arriveWithoutCount(s, cta, state);
    }
    return new Instruction.Barrier(op, Optional.empty(), args.get(0).op(),
        args.size() == 2 ? Optional.of(args.get(1).op()) : Optional.empty(), s.position(), s.text());
  }

  /** A barrier operand with where it is and how it was written (for messages). */
  private record BarrierArg(Operand op, int at, String text) {}

  private static BarrierArg barrierArg(Cursor c) {
    c.skipTrivia();
    int at = c.pos();
    Operand o = InstructionParser.operand(c);
    return new BarrierArg(o, at, c.source().text().substring(at, c.pos()));
  }

  /** PTX ISA barrier: a CTA has sixteen barriers, 0..15. */
  private static void barrierId(Site s, BarrierArg a) {
    if (a.op() instanceof Operand.Imm i && (i.value() < 0 || i.value() > 15)) {
      throw s.c().errorAt(a.at(), "barrier id must be 0..15, got " + a.text());
    }
  }

  /**
   * PTX ISA barrier: a thread count is a positive multiple of the warp size (a barrier counts
   * warps; here each litmus thread is one warp, so b counts b/32 of the test's threads).
   */
  private static void threadCount(Site s, BarrierArg a) {
    if (a.op() instanceof Operand.Imm i && (i.value() <= 0 || i.value() % 32 != 0)) {
      throw s.c().errorAt(a.at(), "barrier thread count must be a positive multiple of the warp"
          + " size (32), got " + a.text());
    }
  }

  /** Dat3M's quorum counts the test's threads: at least one. */
  private static void quorum(Site s, BarrierArg a) {
    if (a.op() instanceof Operand.Imm i && i.value() <= 0) {
      throw s.c().errorAt(a.at(), "barrier quorum must be at least 1 thread, got " + a.text());
    }
  }

  /**
   * {@code bar.red.popc.u32 d, a{, b}, {!}c} and {@code bar.red.{and,or}.pred p, a{, b}, {!}c}:
   * barrier id a, expected count b, predicate c.
   */
  private Instruction barrierReduction(Site s, Instruction.ReductionOp op, String type) {
    if (op == null) {
      throw s.c().errorAt(s.m().offset(), "bar.red needs .popc, .and or .or");
    }
    String expectedType = op == Instruction.ReductionOp.POPC ? "u32" : "pred";
    if (type == null || !type.equals(expectedType)) {
      throw s.c().errorAt(s.m().offset(), "bar.red." + op.name().toLowerCase(java.util.Locale.ROOT)
          + " needs ." + expectedType);
    }
    String destination = s.c().register("a destination register");
    s.c().expect(",");
    List<BarrierArg> args = new ArrayList<>(2);
    args.add(barrierArg(s.c()));
    s.c().expect(",");
    boolean negated = s.c().tryConsume("!");
    BarrierArg last = barrierArg(s.c());
    if (!negated && s.c().tryConsume(",")) {
      args.add(last);
      negated = s.c().tryConsume("!");
      last = barrierArg(s.c());
    }
    barrierId(s, args.get(0));
    if (args.size() == 2) {
      threadCount(s, args.get(1));
    }
    return new Instruction.Barrier(Instruction.BarrierOp.RED, Optional.empty(),
        args.get(0).op(), args.size() == 2 ? Optional.of(args.get(1).op()) : Optional.empty(),
        Optional.of(new Instruction.Reduction(op, destination, last.op(), negated)), s.position(),
        s.text());
  }

  private Instruction clusterBarrier(Site s) {
    Boolean arrive = null;
    Semantics sem = null;
    boolean cluster = false;
    boolean aligned = false;
    for (Mnemonic.Piece p : s.m().qualifiers()) {
      String q = p.text();
      boolean duplicate =
          switch (q) {
            case "cluster" -> cluster;
            case "aligned" -> aligned;
            case "arrive", "wait" -> arrive != null;
            case "release", "relaxed", "acquire" -> sem != null;
            default -> throw s.c().errorAt(p.offset(), "unknown qualifier '." + q + "'");
          };
      if (duplicate) {
        throw s.c().errorAt(p.offset(), "repeated or conflicting qualifier '." + q + "'");
      }
      switch (q) {
        case "cluster" -> cluster = true;
        case "aligned" -> aligned = true;
        case "arrive", "wait" -> arrive = q.equals("arrive");
        default -> sem = Qualifiers.SEMANTICS.get(q);
      }
    }
    if (arrive == null) {
      throw s.c().errorAt(s.m().offset(), "barrier.cluster needs .arrive or .wait");
    }
    if (sem == null) {
      sem = arrive ? Semantics.RELEASE : Semantics.ACQUIRE;
    }
    if (arrive ? sem == Semantics.ACQUIRE : sem != Semantics.ACQUIRE) {
      throw s.c().errorAt(s.m().offset(), "barrier.cluster." + (arrive ? "arrive" : "wait")
          + " cannot be ." + sem.ptxName());
    }
    return new Instruction.ClusterBarrier(arrive, sem, s.position(), s.text());
  }
}
