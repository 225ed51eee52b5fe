package io.github.ptxlitmus.diy;

import io.github.ptxlitmus.litmus.Instruction.AtomicOp;
import io.github.ptxlitmus.litmus.Instruction.LocalOp;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.Operand;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.ThreadPosition;
import io.github.ptxlitmus.testing.LitmusBuilder;
import java.util.ArrayList;
import java.util.List;

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
 * read register to the next instruction ({@code beq r, v, LCnn; LCnn:}), {@code DpData} a store
 * of {@code r + (value - expected)} (a true dependency: the engine drops the false
 * {@code xor r, r} dependencies diy writes, as 8.10.4 lets hardware do). {@code DpAddr} is
 * rejected: the engine has no address computed from a loaded value.
 */
public final class Diy {
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
        if (in != null) {
          int src = events.get(k - 1);
          switch (in.kind()) {
            case FENCED -> in.fence().orElseThrow().emit(b);
            case DP_CTRL -> {
              String l = String.format("LC%02d", label++);
              b.beq(reg[src], Math.max(p.value()[src], 0), l).label(l);
            }
            case DP_DATA -> {
              dataRegister = "r" + next++;
              long delta = p.value()[i] - Math.max(p.value()[src], 0);
              b.local(delta >= 0 ? LocalOp.ADD : LocalOp.SUB, dataRegister,
                  Operand.reg(reg[src]), Operand.imm(Math.abs(delta)));
            }
            case DP_ADDR -> throw new IllegalArgumentException("DpAddr: the engine does not"
                + " support addresses computed from a loaded value (use DpData or DpCtrl)");
            default -> { }
          }
        }
        String loc = Namer.locationName(p.location()[i]);
        Access a = p.access()[i];
        if (p.dir()[i] == 'R') {
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
