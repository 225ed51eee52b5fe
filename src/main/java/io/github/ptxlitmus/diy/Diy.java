package io.github.ptxlitmus.diy;

import io.github.ptxlitmus.litmus.Address;
import io.github.ptxlitmus.litmus.DataType;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.Instruction.AtomicOp;
import io.github.ptxlitmus.litmus.Instruction.LocalOp;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.Operand;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.SourcePosition;
import io.github.ptxlitmus.litmus.StateSpace;
import io.github.ptxlitmus.litmus.ThreadPosition;
import io.github.ptxlitmus.testing.LitmusBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Litmus tests from cycles, as herdtools' {@code diyone7} makes them, for PTX. Stateless.
 *
 * <pre>{@code
 * LitmusTest mp = Diy.generate(Cycle.parse("PodWWPRel RfeRelAcq PodRRAcqP Fre"));
 * mp.name();                      // "MP+poprel+poacqp"
 * LitmusPrinter.print(mp);        // the litmus file
 * }</pre>
 *
 * <p>The test has one thread per run of internal edges (external edges {@code Rfe}, {@code Fre},
 * {@code Coe} move to the next thread), one location per run of same-location edges ({@code x},
 * {@code y}, ... in order), and writes numbered 1, 2, ... in the coherence order the cycle
 * imposes. Its {@code exists} condition is the cycle's outcome: each read the cycle constrains
 * returns the value of the write it reads from (rf) or of the coherence predecessor of the write
 * it is from-read before (fr; 0 for the initial value), and each location with two or more
 * writes ends with the coherence-last one. Its description is the normalised cycle.
 *
 * <p>Code per edge: {@code Po} nothing, a fenced edge its fence, {@code DpCtrl} a branch on the
 * read register around the next access ({@code bne r, v, LCnn; access; LCnn:}: diy's branch to
 * the next instruction rejoins at once, and 8.10.4 lets an implementation see that what follows
 * a join does not depend on the branch), {@code DpData} a store
 * of {@code r + (value - expected)} (a true dependency: the engine drops the false
 * {@code xor r, r} dependencies diy writes, as 8.10.4 lets hardware do). {@code DpAddr} an
 * access through a register whose value selects, by the value read, between the intended
 * location and a location {@value #DUMMY} that nothing else accesses:
 * {@code setp.eq t, r, v; sub u, &y, &dummy; mul u, t, u; add u, u, &dummy; ld/st [u]}. The
 * access names {@code y} exactly when the read returns the value {@code v} the cycle gives it
 * (0 for an unconstrained read, then also required by the condition), and {@code dummy}
 * otherwise: the address changes with the value read, so it is a real address dependency that
 * no implementation can prove away (8.10.4), unlike diy's {@code xor r, r} or
 * {@code (r and 0) + &y}, which the engine rightly folds to a constant.
 */
public final class Diy {
  /** The location a {@code DpAddr} access names when the read returns another value. */
  static final String DUMMY = "dummy";

  private Diy() {}

  /**
   * The test of a cycle, named as diy names it ({@link #name(Cycle)}).
   *
   * @param cycle the cycle (any rotation: it is normalised first)
   * @return the test; {@code LitmusPrinter.print} of it parses back to an equal test
   * @throws IllegalArgumentException with a one-line reason when the cycle cannot be a test:
   *     directions that do not chain, conflicting annotations, exactly one external edge or one
   *     change of location, communication edges that order some writes cyclically, placements
   *     that no thread layout satisfies, or {@code DpAddr}
   */
  public static LitmusTest generate(Cycle cycle) {
    Cycle c = cycle.normalise();
    Plan p = Plan.of(c);
    return build(p, Namer.name(p));
  }

  /**
   * The test of a cycle under another name (e.g. to tell apart two cycles diy names alike).
   *
   * @param cycle the cycle
   * @param name the test name (no blanks)
   * @return the test
   * @throws IllegalArgumentException as {@link #generate(Cycle)}, or for a name with blanks
   */
  public static LitmusTest generate(Cycle cycle, String name) {
    return build(Plan.of(cycle.normalise()), name);
  }

  /**
   * The name diy gives the test of a cycle, e.g. {@code "SB"}, {@code "MP+fence.sc.gpus"}.
   *
   * @param cycle the cycle
   * @return the name
   * @throws IllegalArgumentException as {@link #generate(Cycle)}
   */
  public static String name(Cycle cycle) {
    return Namer.name(Plan.of(cycle.normalise()));
  }

  private static LitmusTest build(Plan p, String name) {
    Cycle c = p.cycle();
    int n = c.size();
    ThreadPosition[] where = Layout.positions(p);
    LitmusBuilder b = LitmusBuilder.test(name).description(c.toString());
    for (int loc = 0; loc < p.locations(); loc++) {
      b.location(Namer.locationName(loc), 0);
    }
    boolean addr = c.edges().stream().anyMatch(e -> e.kind() == Edge.Kind.DP_ADDR);
    if (addr) {
      b.location(DUMMY, 0);
    }
    SourcePosition pos = SourcePosition.synthetic(name);
    // registers: the reads first (r0, r1, ... in thread order), then temporaries
    String[] reg = new String[n];
    int next = 0;
    for (int t = 0; t < p.threads(); t++) {
      for (int i : p.events(t)) {
        if (p.dir()[i] == 'R') {
          reg[i] = "r" + next++;
        }
      }
    }
    List<String> condition = new ArrayList<>();
    int label = 0;
    for (int t = 0; t < p.threads(); t++) {
      b.thread(t, where[t]);
      List<Integer> events = p.events(t);
      for (int k = 0; k < events.size(); k++) {
        int i = events.get(k);
        Edge in = k == 0 ? null : c.edge(i - 1);
        String dataRegister = null;
        String addressRegister = null;
        String skip = null;
        if (in != null) {
          int src = events.get(k - 1);
          switch (in.kind()) {
            case FENCED -> in.fence().orElseThrow().emit(b);
            case DP_CTRL -> {
              // 8.10.4: a branch to the next instruction rejoins at once and orders nothing;
              // the access is skipped unless the read returns its value
              if (p.value()[src] < 0) {
                condition.add("P" + t + ":" + reg[src] + " == 0");
              }
              skip = String.format("LC%02d", label++);
              b.bne(reg[src], Math.max(p.value()[src], 0), skip);
            }
            case DP_DATA -> {
              dataRegister = "r" + next++;
              long delta = p.value()[i] - Math.max(p.value()[src], 0);
              b.local(delta >= 0 ? LocalOp.ADD : LocalOp.SUB, dataRegister,
                  Operand.reg(reg[src]), Operand.imm(Math.abs(delta)));
            }
            case DP_ADDR -> {
              // 8.10.4: the address is &loc when the read returns its value, &dummy otherwise
              long v = Math.max(p.value()[src], 0);
              if (p.value()[src] < 0) {
                condition.add("P" + t + ":" + reg[src] + " == 0");
              }
              String is = "r" + next++;
              addressRegister = "r" + next++;
              Operand target = Operand.addressOf(Namer.locationName(p.location()[i]));
              Operand dummy = Operand.addressOf(DUMMY);
              b.local(LocalOp.SETP_EQ, is, Operand.reg(reg[src]), Operand.imm(v))
                  .local(LocalOp.SUB, addressRegister, target, dummy)
                  .local(LocalOp.MUL, addressRegister, Operand.reg(is),
                      Operand.reg(addressRegister))
                  .local(LocalOp.ADD, addressRegister, Operand.reg(addressRegister), dummy);
            }
            default -> { }
          }
        }
        String loc = Namer.locationName(p.location()[i]);
        Access a = p.access()[i];
        if (addressRegister != null) {
          long value = p.dir()[i] == 'R' ? 0 : p.value()[i];
          String destination = p.dir()[i] == 'R' ? reg[i] : a.rmw() ? "r" + next++ : null;
          b.instruction(through(pos, a, Address.register(addressRegister, 0), destination,
              p.dir()[i] == 'R' ? null : Operand.imm(value)));
          if (p.dir()[i] == 'R' && p.value()[i] >= 0) {
            condition.add("P" + t + ":" + reg[i] + " == " + p.value()[i]);
          }
        } else if (p.dir()[i] == 'R') {
          read(b, a, reg[i], loc);
          if (p.value()[i] >= 0) {
            condition.add("P" + t + ":" + reg[i] + " == " + p.value()[i]);
          }
        } else {
          Operand v = dataRegister == null ? Operand.imm(p.value()[i]) : Operand.reg(dataRegister);
          if (a.rmw()) {
            b.atom(a.semantics(), a.scope(), AtomicOp.EXCH, "r" + next++, loc, v);
          } else if (a.semantics() == Semantics.WEAK) {
            if (dataRegister == null) {
              b.st(loc, p.value()[i]);
            } else {
              b.st(loc, dataRegister);
            }
          } else {
            b.st(a.semantics(), a.scope(), loc, v);
          }
        }
        if (skip != null) {
          b.label(skip);
        }
      }
    }
    for (int loc = 0; loc < p.locations(); loc++) {
      if (p.lastWrite()[loc] >= 0) {
        condition.add(Namer.locationName(loc) + " == " + p.value()[p.lastWrite()[loc]]);
      }
    }
    if (condition.isEmpty()) {
      throw new IllegalArgumentException("the cycle constrains no read and no final value");
    }
    return b.exists(String.join(" /\\ ", condition)).build();
  }

  /**
   * The access {@code a} through an address register: a load into {@code destination}
   * ({@code value} null), a store of {@code value} ({@code destination} null), or an RMW
   * ({@code atom.add destination, [r], 0} for a read, {@code atom.exch} of {@code value}).
   */
  private static Instruction through(
      SourcePosition pos, Access a, Address at, String destination, Operand value) {
    boolean read = value == null;
    if (a.rmw()) {
      return new Instruction.Rmw(false, read ? AtomicOp.ADD : AtomicOp.EXCH,
          Optional.of(destination), at, List.of(read ? Operand.imm(0) : value),
          a.semantics(), a.scope(), Proxy.GENERIC, StateSpace.GENERIC, DataType.UNTYPED, pos,
          "");
    }
    if (read) {
      return new Instruction.Load(List.of(destination), at, a.semantics(), a.ptxScope(), Proxy.GENERIC,
          StateSpace.GENERIC, DataType.UNTYPED, false, pos, "");
    }
    return new Instruction.Store(at, List.of(value), a.semantics(), a.ptxScope(), Proxy.GENERIC,
        StateSpace.GENERIC, DataType.UNTYPED, false, pos, "");
  }

  private static void read(LitmusBuilder b, Access a, String register, String loc) {
    if (a.rmw()) {
      b.atom(a.semantics(), a.scope(), AtomicOp.ADD, register, loc, Operand.imm(0));
    } else if (a.semantics() == Semantics.WEAK) {
      b.ld(register, loc);
    } else {
      b.ld(a.semantics(), a.scope(), register, loc);
    }
  }
}
