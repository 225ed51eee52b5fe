package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.litmus.AsyncInstruction;
import io.github.ptxlitmus.litmus.AsyncInstruction.MbarrierOp;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.Operand;
import io.github.ptxlitmus.litmus.StateSpace;
import java.util.ArrayList;
import java.util.List;

/**
 * The asynchronous instructions (mbarrier, cp.async, bulk copies, st.async, red.async) as PTX:
 * they have no short forms, so the mnemonic is emitted as written and the operands are
 * rewritten to the thread's registers and the memory's addresses. Host API calls have no PTX
 * equivalent.
 */
final class AsyncCode {
  private AsyncCode() {}

  static void emit(ThreadCode code, AsyncInstruction a) {
    String m = Spelling.mnemonic(a);
    if (a instanceof AsyncInstruction.MbarrierInit init) {
      code.emit(m + " " + code.address(init.mbarrier(), window(a), a) + ", "
          + code.value32(init.count()) + ";");
    } else if (a instanceof AsyncInstruction.MbarrierInval inval) {
      code.emit(m + " " + code.address(inval.mbarrier(), window(a), a) + ";");
    } else if (a instanceof AsyncInstruction.MbarrierUpdate u) {
      update(code, u, m);
    } else if (a instanceof AsyncInstruction.MbarrierWait w) {
      String p = code.temp("pred");
      String phase = w.parity() ? code.value32(w.phase()) : code.value64(w.phase());
      code.emit(m + " " + p + ", " + code.address(w.mbarrier(), window(a), a) + ", " + phase
          + ";");
      code.emit("selp.u64 " + code.reg(w.destination()) + ", 1, 0, " + p + ";");
    } else if (a instanceof AsyncInstruction.MbarrierInitFence) {
      code.emit(m + ";");
    } else if (a instanceof AsyncInstruction.AsyncCopy c) {
      copy(code, c, m);
    } else if (a instanceof AsyncInstruction.AsyncStore s) {
      store(code, s, m);
    } else if (a instanceof AsyncInstruction.CommitGroup) {
      code.emit(m + ";");
    } else if (a instanceof AsyncInstruction.WaitGroup w) {
      code.emit(m + (w.all() && !w.bulk() ? "" : " " + w.pending()) + ";");
    } else if (a instanceof AsyncInstruction.CpAsyncMbarrierArrive arrive) {
      code.emit(m + " " + code.address(arrive.mbarrier(), window(a), a) + ";");
    } else if (a instanceof AsyncInstruction.ApiCall call) {
      throw ThreadCode.refuse(call, "CUDA API calls run on the host, not in a PTX module");
    } else {
      throw ThreadCode.refuse(a, "unknown asynchronous instruction");
    }
  }

  /** The mbarrier operand's window: the instruction's shared space as written, else generic. */
  private static StateSpace window(Instruction i) {
    if (Spelling.written(i, "shared::cluster")) {
      return StateSpace.SHARED_CLUSTER;
    }
    if (Spelling.written(i, "shared") || Spelling.written(i, "shared::cta")) {
      return StateSpace.SHARED_CTA;
    }
    return StateSpace.GENERIC;
  }

  private static void update(ThreadCode code, AsyncInstruction.MbarrierUpdate u, String m) {
    String mbar = code.address(u.mbarrier(), window(u), u);
    String tx = code.value32(u.tx());
    if (!u.op().arrives()) {
      code.emit(m + " " + mbar + ", " + tx + ";");
      return;
    }
    // The state register, or the sink: chapter 8's schematic `mbarrier.arrive.release [M]`
    // has no destination and is read as discarding the state.
    String state = u.state().map(code::reg).orElse("_");
    List<String> ops = new ArrayList<>();
    ops.add(state);
    ops.add(mbar);
    if (u.op() == MbarrierOp.ARRIVE_EXPECT_TX || u.op() == MbarrierOp.ARRIVE_DROP_EXPECT_TX) {
      ops.add(tx);
    } else if (!(u.count() instanceof Operand.Imm one && one.value() == 1)
        || writtenOperands(u) == (schematic(u) ? 2 : 3)) {
      ops.add(code.value32(u.count()));
    }
    code.emit(m + " " + String.join(", ", ops) + ";");
  }

  /** Chapter 8's {@code mbarrier.arrive.release [M]}: written without a destination. */
  private static boolean schematic(AsyncInstruction.MbarrierUpdate u) {
    String t = u.text().strip();
    int space = t.indexOf(' ');
    return u.state().isEmpty() && (space < 0 || t.substring(space + 1).strip().startsWith("["));
  }

  /** How many operands the instruction was written with. */
  private static int writtenOperands(Instruction i) {
    String t = i.text().strip();
    int space = t.indexOf(' ');
    if (space < 0) {
      return 0;
    }
    int depth = 0;
    int n = 1;
    for (char c : t.substring(space + 1).toCharArray()) {
      if (c == '[' || c == '{') {
        depth++;
      } else if (c == ']' || c == '}') {
        depth--;
      } else if (c == ',' && depth == 0) {
        n++;
      }
    }
    return n;
  }

  private static void copy(ThreadCode code, AsyncInstruction.AsyncCopy c, String m) {
    if (c.kind() == AsyncInstruction.CopyKind.CP_ASYNC && writtenOperands(c) > 3) {
      throw ThreadCode.refuse(c, "cp.async's src-size operand is not modelled (the checker"
          + " copies the whole size)");
    }
    if (c.kind() != AsyncInstruction.CopyKind.CP_ASYNC && (c.sem().isStrong()
        || (c.kind() == AsyncInstruction.CopyKind.BULK && c.elementBits().isPresent()))) {
      throw ThreadCode.refuse(c, "chapter 8's schematic bulk copy (a semantics or a type on"
          + " cp.async.bulk) is no PTX instruction");
    }
    String dst = code.address(c.destination(), c.destinationSpace(), c);
    String src = code.address(c.source(), c.sourceSpace(), c);
    StringBuilder line = new StringBuilder(m + " " + dst + ", " + src + ", " + c.size());
    if (c.mbarrier().isPresent()) {
      StateSpace mw = c.destinationSpace().isShared() ? c.destinationSpace()
          : StateSpace.SHARED_CTA;
      line.append(", ").append(code.address(c.mbarrier().get(), mw, c));
    }
    code.emit(line + ";");
  }

  private static void store(ThreadCode code, AsyncInstruction.AsyncStore s, String m) {
    String type = Spelling.type(s).orElseThrow(
        () -> ThreadCode.refuse(s, (s.reduction().isPresent() ? "red" : "st")
            + ".async needs a type"));
    List<String> values = new ArrayList<>();
    for (Operand o : s.values()) {
      if (ThreadCode.width(type) == 8 && !(o instanceof Operand.Imm)) {
        // An 8-bit st.async takes a .b8 register (ptxas), unlike st.
        String t = code.temp("b8");
        code.emit("cvt.u8.u64 " + t + ", " + code.value64(o) + ";");
        values.add(t);
      } else {
        values.add(code.value(o, type));
      }
    }
    String value = values.size() == 1 ? values.get(0) : "{" + String.join(", ", values) + "}";
    StringBuilder line = new StringBuilder(m + " " + code.address(s.address(), s.space(), s)
        + ", " + value);
    s.mbarrier().ifPresent(mb -> line.append(", ").append(code.address(mb,
        StateSpace.SHARED_CLUSTER, s)));
    code.emit(line + ";");
  }
}
