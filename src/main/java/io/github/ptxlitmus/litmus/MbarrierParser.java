package io.github.ptxlitmus.litmus;

import io.github.ptxlitmus.litmus.AsyncInstruction.MbarrierOp;
import io.github.ptxlitmus.litmus.InstructionParser.Site;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Parses the mbarrier instructions (PTX ISA mbarrier): init, inval, arrive,
 * arrive_drop (with .expect_tx or .noComplete), expect_tx, complete_tx, test_wait, try_wait
 * (.parity), pending_count, and fence.mbarrier_init, with the ISA's rules: semantics and scope
 * are written together or not at all; init, inval and the waits address the executing CTA's
 * shared memory (.shared::cta), an arrive on another CTA's object (.shared::cluster) returns
 * no state ({@code _}); an mbarrier lives in shared memory; counts 1..2^20-1.
 */
final class MbarrierParser {
  /**
   * Largest arrival count and tx-count the PTX ISA allows (mbarrier: counts 1..2^20-1,
   * tx-count -(2^20-1)..2^20-1).
   */
  static final long MAX_COUNT = (1L << 20) - 1;

  private static final Set<String> SPACES = Set.of("shared", "shared::cta", "shared::cluster");

  private final InstructionParser instructions;

  MbarrierParser(InstructionParser instructions) {
    this.instructions = instructions;
  }

  /** Qualifiers common to mbarrier instructions: semantics, scope, space, .b64. */
  private static final class Common {
    Semantics sem;
    Scope scope;
    StateSpace space = StateSpace.GENERIC;
    boolean typed;
  }

  private static boolean common(Mnemonic.Piece p, Common c) {
    String q = p.text();
    if (Qualifiers.SEMANTICS.containsKey(q) && c.sem == null) {
      c.sem = Qualifiers.SEMANTICS.get(q);
    } else if ((q.equals("cta") || q.equals("cluster")) && c.scope == null) {
      c.scope = Qualifiers.SCOPES.get(q);
    } else if (SPACES.contains(q) && c.space == StateSpace.GENERIC) {
      c.space = Qualifiers.SPACES.get(q);
    } else if (q.equals("b64") && !c.typed) {
      c.typed = true;
    } else {
      return false;
    }
    return true;
  }

  Instruction parse(Site s) {
    List<Mnemonic.Piece> pieces = s.m().qualifiers();
    if (pieces.isEmpty()) {
      throw s.c().errorAt(s.m().offset(), "mbarrier needs an operation (.init, .arrive, ...)");
    }
    String op = pieces.get(0).text();
    Common c = new Common();
    boolean expectTx = false;
    boolean parity = false;
    boolean noComplete = false;
    boolean arrive = op.equals("arrive") || op.equals("arrive_drop");
    for (Mnemonic.Piece p : pieces.subList(1, pieces.size())) {
      if (common(p, c)) {
        continue;
      }
      if (p.text().equals("expect_tx") && !expectTx && !noComplete && arrive) {
        expectTx = true;
      } else if (p.text().equals("noComplete") && !noComplete && !expectTx && arrive) {
        noComplete = true;
      } else if (p.text().equals("parity") && !parity
          && (op.equals("test_wait") || op.equals("try_wait"))) {
        parity = true;
      } else {
        throw s.c().errorAt(p.offset(), "unknown or repeated qualifier '." + p.text()
            + "' on mbarrier." + op);
      }
    }
    if ((c.sem == null) != (c.scope == null) && !op.equals("init") && !op.equals("inval")) {
      throw s.c().errorAt(s.m().offset(), "mbarrier." + op + ": semantics and scope are"
          + " written together (." + (c.sem == null ? "release" : c.sem.ptxName()) + "."
          + (c.scope == null ? "cta" : c.scope.ptxName()) + ") or not at all");
    }
    if (c.space == StateSpace.SHARED_CLUSTER && !arrive && !op.equals("expect_tx")
        && !op.equals("complete_tx")) {
      throw s.c().errorAt(s.m().offset(), "mbarrier." + op + " addresses the executing CTA's"
          + " object (.shared::cta), not .shared::cluster");
    }
    return switch (op) {
      case "init" -> {
        noSemantics(s, c, op);
        Address m = mbarrierAddress(s);
        s.c().expect(",");
        yield new AsyncInstruction.MbarrierInit(m,
            ranged(s, 1, MAX_COUNT, "mbarrier.init count"), s.position(), s.text());
      }
      case "inval" -> {
        noSemantics(s, c, op);
        yield new AsyncInstruction.MbarrierInval(mbarrierAddress(s), s.position(), s.text());
      }
      case "arrive", "arrive_drop" -> arrive(s, c, op.equals("arrive_drop"), expectTx,
          noComplete);
      case "expect_tx", "complete_tx" -> {
        checkSem(s, c, Set.of(Semantics.RELAXED), Semantics.RELAXED);
        Address m = mbarrierAddress(s);
        s.c().expect(",");
        Operand tx = ranged(s, 0, MAX_COUNT, "mbarrier." + op + " txCount");
        yield new AsyncInstruction.MbarrierUpdate(
            op.equals("expect_tx") ? MbarrierOp.EXPECT_TX : MbarrierOp.COMPLETE_TX,
            Optional.empty(), m, Operand.imm(0), tx, c.sem, scopeOrCta(c), c.space,
            s.position(), s.text());
      }
      case "test_wait", "try_wait" -> {
        checkSem(s, c, Set.of(Semantics.ACQUIRE, Semantics.RELAXED), Semantics.ACQUIRE);
        String dest = s.c().register("a predicate register");
        s.c().expect(",");
        Address m = mbarrierAddress(s);
        s.c().expect(",");
        Operand phase = parity
            ? ranged(s, 0, 1, "mbarrier." + op + ".parity phaseParity")
            : InstructionParser.operand(s.c());
        if (op.equals("try_wait") && s.c().tryConsume(",")) {
          InstructionParser.operand(s.c()); // suspendTimeHint: no effect on the model
        }
        yield new AsyncInstruction.MbarrierWait(op.equals("try_wait"), parity, dest, m, phase,
            c.sem, scopeOrCta(c), s.position(), s.text());
      }
      case "pending_count" -> {
        noSemantics(s, c, op);
        if (c.space != StateSpace.GENERIC) {
          throw s.c().errorAt(s.m().offset(), "mbarrier.pending_count reads a state register,"
              + " no memory: it takes no state space");
        }
        String dest = s.c().register("a destination register");
        s.c().expect(",");
        String state = s.c().register("a state register");
        yield new Instruction.Local(Instruction.LocalOp.MBARRIER_PENDING_COUNT, dest,
            List.of(Operand.reg(state)), DataType.UNTYPED, s.position(), s.text());
      }
      default -> throw s.c().errorAt(pieces.get(0).offset(), "unsupported: mbarrier." + op);
    };
  }

  private static void noSemantics(Site s, Common c, String op) {
    if (c.sem != null || c.scope != null) {
      throw s.c().errorAt(s.m().offset(), "mbarrier." + op + " takes no semantics or scope");
    }
  }

  /** The mbarrier operand: an object in shared memory (PTX ISA mbarrier). */
  private Address mbarrierAddress(Site s) {
    s.c().skipTrivia();
    int at = s.c().pos();
    Address a = instructions.address(s);
    requireShared(s, a, at, instructions.state());
    return a;
  }

  /**
   * An mbarrier object lives in shared memory: a location declared in another state space is
   * an error at the operand.
   */
  static void requireShared(Site s, Address a, int at, ParseState state) {
    if (a.isRegister()) {
      return;
    }
    state.location(a.name()).map(LocationDecl::space)
        .filter(sp -> sp != StateSpace.GENERIC && !sp.isShared())
        .ifPresent(sp -> {
          throw s.c().errorAt(at, "an mbarrier object is in shared memory, but '" + a.name()
              + "' is declared " + sp.ptxName());
        });
  }

  /**
   * An operand that, when it is a constant, must lie in {@code lo..hi} (the ranges of the PTX
   * ISA's mbarrier section); a register is taken as is. Throws a syntax error at the constant,
   * naming it as written.
   */
  static Operand ranged(Site s, long lo, long hi, String what) {
    s.c().skipTrivia();
    int at = s.c().pos();
    Operand o = InstructionParser.operand(s.c());
    if (o instanceof Operand.Imm i && (i.value() < lo || i.value() > hi)) {
      throw s.c().errorAt(at, what + " must be " + lo + ".." + hi + ", got "
          + s.c().source().text().substring(at, s.c().pos()));
    }
    return o;
  }

  private Instruction arrive(Site s, Common c, boolean drop, boolean expectTx,
      boolean noComplete) {
    String name = "mbarrier." + (drop ? "arrive_drop" : "arrive")
        + (noComplete ? ".noComplete" : "");
    checkSem(s, c, noComplete ? Set.of(Semantics.RELEASE)
        : Set.of(Semantics.RELEASE, Semantics.RELAXED), Semantics.RELEASE);
    if (noComplete && (c.scope == Scope.CLUSTER || c.space == StateSpace.SHARED_CLUSTER)) {
      throw s.c().errorAt(s.m().offset(), name + " is .cta only (the executing CTA's object)");
    }
    Optional<String> state = Optional.empty();
    if (s.c().lookingAt("[")) {
      // PTX ISA mbarrier.arrive: the destination is a state register, or the sink _ (required
      // for .shared::cluster); chapter 8's examples (8.8) write `mbarrier.arrive.release [M]`.
      instructions.state().warn(s.m().offset(), name
          + " needs its destination (a state register or _) in PTX; the form of chapter 8's"
          + " examples is read as discarding the state (_)");
    } else {
      s.c().skipTrivia();
      int at = s.c().pos();
      String dest = s.c().register("a state register or _");
      if (!dest.equals("_") && c.space == StateSpace.SHARED_CLUSTER) {
        throw s.c().errorAt(at, name + " on .shared::cluster returns no state: write _");
      }
      state = dest.equals("_") ? Optional.empty() : Optional.of(dest);
      s.c().expect(",");
    }
    Address m = mbarrierAddress(s);
    Operand count = Operand.imm(1);
    Operand tx = Operand.imm(0);
    if (expectTx) {
      s.c().expect(",");
      tx = ranged(s, 0, MAX_COUNT, "mbarrier.arrive.expect_tx txCount");
    } else if (s.c().tryConsume(",")) {
      count = ranged(s, 1, MAX_COUNT, name + " count");
    } else if (noComplete) {
      throw s.c().error(name + " needs its count (" + name + " state, [M], count)");
    }
    if (noComplete) {
      instructions.state().warn(s.m().offset(), name + ": PTX leaves an execution undefined"
          + " when this arrival completes the phase; the checker reads it as an ordinary"
          + " arrival and does not detect that case");
    }
    MbarrierOp op =
        drop
            ? (expectTx ? MbarrierOp.ARRIVE_DROP_EXPECT_TX : MbarrierOp.ARRIVE_DROP)
            : (expectTx ? MbarrierOp.ARRIVE_EXPECT_TX : MbarrierOp.ARRIVE);
    return new AsyncInstruction.MbarrierUpdate(op, state, m, count, tx, c.sem, scopeOrCta(c),
        c.space, s.position(), s.text());
  }

  private static void checkSem(Site s, Common c, Set<Semantics> legal, Semantics fallback) {
    if (c.sem == null) {
      c.sem = fallback;
    } else if (!legal.contains(c.sem)) {
      throw s.c().errorAt(s.m().offset(), s.m().full() + ": mbarrier operation cannot be ."
          + c.sem.ptxName());
    }
  }

  private static Scope scopeOrCta(Common c) {
    return c.scope == null ? Scope.CTA : c.scope;
  }

  static Instruction mbarrierInitFence(Site s) {
    List<String> q = s.m().qualifiers().stream().map(Mnemonic.Piece::text).toList();
    if (!q.equals(List.of("mbarrier_init", "release", "cluster"))) {
      throw s.c().errorAt(s.m().offset(), "expected fence.mbarrier_init.release.cluster");
    }
    return new AsyncInstruction.MbarrierInitFence(s.position(), s.text());
  }
}
