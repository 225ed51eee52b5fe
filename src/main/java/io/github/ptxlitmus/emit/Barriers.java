package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.Operand;
import java.util.Locale;
import java.util.Optional;

/**
 * CTA barriers as PTX. A litmus thread is one warp ({@link Placement}), so a thread count is 32
 * per litmus thread: Dat3M's {@code bar.cta.sync i, id, q} (q threads) becomes {@code
 * bar.sync id, 32q}, and its {@code bar.cta.arrive id} (all threads of the CTA, read with a
 * warning) {@code bar.arrive id, 32n} for the n litmus threads of the CTA. Real PTX forms are
 * emitted as written. A barrier without a count in a CTA that has fewer litmus threads than the
 * launch's CTAs have warps names its count, so that it waits for the test's threads only.
 */
final class Barriers {
  private Barriers() {}

  static void emit(ThreadCode code, Instruction.Barrier b, int ctaThreads, int blockWarps) {
    boolean dat3m = b.instance().isPresent()
        || (Spelling.base(b).equals("bar") && Spelling.written(b, "cta") && b.expected().isEmpty()
            && b.reduction().isEmpty());
    String id = code.value32(b.id());
    Optional<String> count;
    if (b.expected().isPresent()) {
      count = Optional.of(b.instance().isPresent()
          ? warps(code, b.expected().get()) : code.value32(b.expected().get()));
    } else if (b.op() == Instruction.BarrierOp.ARRIVE || ctaThreads < blockWarps) {
      count = Optional.of(Integer.toString(Placement.WARP * ctaThreads));
    } else {
      count = Optional.empty();
    }
    String prefix = dat3m ? "bar"
        : Spelling.base(b) + (Spelling.written(b, "cta") ? ".cta" : "");
    String aligned = !dat3m && Spelling.written(b, "aligned") ? ".aligned" : "";
    String op = b.op().name().toLowerCase(Locale.ROOT);
    if (b.reduction().isEmpty()) {
      code.emit(prefix + "." + op + aligned + " " + id + count.map(c -> ", " + c).orElse("")
          + ";");
      return;
    }
    Instruction.Reduction r = b.reduction().get();
    String predicate = code.temp("pred");
    code.emit("setp.ne.u64 " + predicate + ", " + register(code, r.predicate()) + ", 0;");
    String operands = id + count.map(c -> ", " + c).orElse("") + ", " + (r.negated() ? "!" : "")
        + predicate;
    if (r.op() == Instruction.ReductionOp.POPC) {
      String t = code.temp("b32");
      code.emit(prefix + ".red.popc" + aligned + ".u32 " + t + ", " + operands + ";");
      code.extend(r.destination(), t, "u32");
    } else {
      String p = code.temp("pred");
      code.emit(prefix + ".red." + r.op().name().toLowerCase(Locale.ROOT) + aligned + ".pred "
          + p + ", " + operands + ";");
      code.emit("selp.u64 " + code.reg(r.destination()) + ", 1, 0, " + p + ";");
    }
  }

  /** A 64-bit register holding an operand (setp takes no two immediates). */
  private static String register(ThreadCode code, Operand o) {
    String v = code.value64(o);
    if (!v.startsWith("%")) {
      String t = code.temp("b64");
      code.emit("mov.b64 " + t + ", " + v + ";");
      return t;
    }
    return v;
  }

  /** Dat3M's thread quorum as a PTX thread count: 32 per litmus thread. */
  private static String warps(ThreadCode code, Operand quorum) {
    if (quorum instanceof Operand.Imm imm) {
      return Long.toString(imm.value() * Placement.WARP);
    }
    String t = code.value32(quorum);
    String w = code.temp("b32");
    code.emit("mul.lo.u32 " + w + ", " + t + ", " + Placement.WARP + ";");
    return w;
  }
}
