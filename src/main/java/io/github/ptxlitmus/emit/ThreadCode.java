package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.litmus.Address;
import io.github.ptxlitmus.litmus.AsyncInstruction;
import io.github.ptxlitmus.litmus.DataType;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.Instruction.AtomicOp;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.Operand;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.RegisterInit;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.StateSpace;
import io.github.ptxlitmus.litmus.ThreadSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One litmus thread as PTX: its instructions in real PTX (Dat3M short forms translated to the
 * PTX instruction the checker reads them as), its registers as 64-bit PTX registers
 * {@code %P<id>_<name>} (narrower operands go through converted temporaries, as the checker
 * truncates and extends values), labels as {@code P<id>_<name>}. Addresses come from a
 * {@link Memory}. Memory instructions are emitted exactly as checked; only register moves,
 * conversions and comparisons are added around them.
 */
final class ThreadCode {
  private final LitmusTest test;
  private final ThreadSpec thread;
  private final MemoryLayout layout;
  private final Memory memory;
  private final int ctaThreads;
  private final int blockWarps;
  private final List<String> prologue = new ArrayList<>();
  private final List<String> body = new ArrayList<>();
  private final Set<String> registers = new TreeSet<>();
  private final Map<String, Integer> temps = new HashMap<>();
  private final Map<String, String> addressCache = new HashMap<>();
  private PtxTarget needs = PtxTarget.BASE;

  /**
   * Translates a thread.
   *
   * @param test the test
   * @param thread one of its GPU threads
   * @param layout the test's memory
   * @param memory how the code addresses locations
   * @param ctaThreads the number of litmus threads in the thread's CTA (what "all threads of
   *     the CTA" counts in the checker)
   * @param blockWarps the warps of every CTA of the launch (at least {@code ctaThreads})
   * @throws NotEmittableException at an instruction with no PTX equivalent
   */
  ThreadCode(LitmusTest test, ThreadSpec thread, MemoryLayout layout, Memory memory,
      int ctaThreads, int blockWarps) {
    this.test = test;
    this.thread = thread;
    this.layout = layout;
    this.memory = memory;
    this.ctaThreads = ctaThreads;
    this.blockWarps = blockWarps;
    registers.addAll(test.registers(thread.id()));
    for (RegisterInit r : test.registerInits()) {
      if (r.thread() == thread.id()) {
        prologue.add(r.isAddress()
            ? "mov.b64 " + reg(r.register()) + ", " + memory.genericAddress(r.addressOf(), this)
                + ";"
            : "mov.b64 " + reg(r.register()) + ", " + literal(r.value(), 64, false) + ";");
      }
    }
    for (Instruction i : thread.instructions()) {
      instruction(i);
    }
  }

  // ---- results -----------------------------------------------------------------------------

  /** {@return the thread's id} */
  int id() {
    return thread.id();
  }

  /** {@return set-up lines (register initial values, address conversions), in order} */
  List<String> prologue() {
    return List.copyOf(prologue);
  }

  /** {@return the thread's instructions and labels, in program order} */
  List<String> body() {
    return List.copyOf(body);
  }

  /** {@return the litmus registers of the thread, as PTX register names} */
  List<String> litmusRegisters() {
    return registers.stream().map(this::reg).toList();
  }

  /** {@return the register declarations of the thread (litmus registers and temporaries)} */
  List<String> declarations() {
    List<String> out = new ArrayList<>();
    for (String r : registers) {
      out.add(".reg .b64 " + reg(r) + ";");
    }
    temps.forEach((cls, n) -> out.add(".reg ." + cls + " %T" + thread.id() + "_" + cls + "_<"
        + n + ">;"));
    out.sort(null);
    return out;
  }

  /** {@return the lowest target and PTX ISA version the emitted lines need} */
  PtxTarget needs() {
    return needs;
  }

  // ---- helpers for Memory and AsyncCode ----------------------------------------------------

  /** The PTX register of a litmus register. */
  String reg(String name) {
    return "%P" + thread.id() + "_" + name;
  }

  /** A fresh temporary of class {@code cls} ({@code b16}, {@code b32}, {@code b64}, {@code pred}). */
  String temp(String cls) {
    int n = temps.merge(cls, 1, Integer::sum) - 1;
    return "%T" + thread.id() + "_" + cls + "_" + n;
  }

  /** Appends a body line and records what it needs. */
  void emit(String line) {
    body.add(line);
    needs = needs.max(PtxRequirements.of(line));
  }

  /** Appends a prologue line and records what it needs. */
  void prologue(String line) {
    prologue.add(line);
    needs = needs.max(PtxRequirements.of(line));
  }

  /** Caches a prologue computation (an address) under a key. */
  String cached(String key, java.util.function.Supplier<String> compute) {
    String known = addressCache.get(key);
    if (known == null) {
      known = compute.get();
      addressCache.put(key, known);
    }
    return known;
  }

  /** The thread being translated. */
  ThreadSpec thread() {
    return thread;
  }

  /** The test's memory. */
  MemoryLayout layout() {
    return layout;
  }

  /** A refusal at the instruction. */
  static NotEmittableException refuse(Instruction i, String reason) {
    return new NotEmittableException(i.position(), reason);
  }

  // ---- operands ----------------------------------------------------------------------------

  /** Width in bits of a PTX type name ({@code u32} → 32, {@code f16x2} → 32). */
  static int width(String type) {
    return switch (type) {
      case "f16x2", "bf16x2" -> 32;
      case "bf16" -> 16;
      default -> Integer.parseInt(type.substring(1));
    };
  }

  /** True for the float and packed type names, whose registers must be of their own size. */
  static boolean isFloat(String type) {
    return type.startsWith("f") || type.startsWith("bf");
  }

  /** The register class of a value of a type: b16, b32 or b64. */
  static String registerClass(String type) {
    int w = width(type);
    return w <= 16 ? "b16" : w <= 32 ? "b32" : "b64";
  }

  /** A PTX integer literal of {@code bits}, two's complement, as the checker normalizes it. */
  static String literal(long value, int bits, boolean signed) {
    long v = bits >= 64 ? value : value & ((1L << bits) - 1);
    if (signed && bits < 64 && (v & (1L << (bits - 1))) != 0) {
      v |= -1L << bits;
    }
    if (v >= 0 || signed) {
      return Long.toString(v);
    }
    return "0x" + Long.toHexString(v).toUpperCase(Locale.ROOT);
  }

  /**
   * An operand at an instruction's type: an immediate, or a register of the type's class (a
   * litmus register itself when the type is 64 bits wide).
   */
  String value(Operand o, String type) {
    int w = width(type);
    boolean signed = type.startsWith("s");
    if (o instanceof Operand.Imm imm) {
      if (type.equals("f32")) {
        return String.format(Locale.ROOT, "0f%08X", imm.value() & 0xFFFFFFFFL);
      }
      if (type.equals("f64")) {
        return String.format(Locale.ROOT, "0d%016X", imm.value());
      }
      if (isFloat(type)) {
        String t = temp(registerClass(type));
        emit("mov." + registerClass(type) + " " + t + ", " + literal(imm.value(), w, false) + ";");
        return t;
      }
      return literal(imm.value(), w, signed);
    }
    String full = o instanceof Operand.Reg r ? reg(r.name())
        : memory.genericAddress(((Operand.Addr) o).location(), this);
    if (w == 64) {
      return full;
    }
    String t = temp(registerClass(type));
    emit("cvt.u" + Math.max(16, w) + ".u64 " + t + ", " + full + ";");
    return t;
  }

  /** A 64-bit operand: a literal, a litmus register or an address register. */
  String value64(Operand o) {
    return value(o, "b64");
  }

  /** A 32-bit operand (barrier ids and counts, parities). */
  String value32(Operand o) {
    return value(o, "u32");
  }

  /** Moves a narrower result into a litmus register, extended as the checker extends it. */
  void extend(String destination, String temp, String type) {
    int w = width(type);
    if (w == 64) {
      emit("mov.b64 " + reg(destination) + ", " + temp + ";");
      return;
    }
    boolean signed = type.startsWith("s");
    emit("cvt." + (signed ? "s64.s" : "u64.u") + Math.max(16, w) + " " + reg(destination) + ", "
        + temp + ";");
  }

  /** The address operand {@code [base+offset]} of an access through a state space. */
  String address(Address a, StateSpace window, Instruction at) {
    String base;
    if (a.isRegister()) {
      base = reg(a.name());
      if (window != StateSpace.GENERIC) {
        String t = temp("b64");
        emit("cvta.to" + windowName(window, at) + ".u64 " + t + ", " + base + ";");
        base = t;
      }
    } else {
      base = memory.address(a.name(), window, this);
    }
    return "[" + base + (a.offset() == 0 ? "" : "+" + a.offset()) + "]";
  }

  private static String windowName(StateSpace window, Instruction at) {
    return switch (window) {
      case GLOBAL -> ".global";
      case SHARED_CTA -> ".shared";
      case SHARED_CLUSTER -> ".shared::cluster";
      case CONST -> ".const";
      case LOCAL -> ".local";
      case PARAM -> throw refuse(at, "the .param state space is set by the host");
      case GENERIC -> "";
    };
  }

  /** The state-space qualifier as written ({@code .shared} or {@code .shared::cta}). */
  static String space(StateSpace space, Instruction i) {
    if (space == StateSpace.SHARED_CTA) {
      return Spelling.written(i, "shared::cta") ? ".shared::cta" : ".shared";
    }
    return space.ptxName();
  }

  /** The label of a litmus label in this thread. */
  String label(String name) {
    return "P" + thread.id() + "_" + name;
  }

  // ---- instructions ------------------------------------------------------------------------

  private void instruction(Instruction i) {
    if (i instanceof Instruction.Label l) {
      body.add(label(l.name()) + ":");
    } else if (i instanceof Instruction.Load l) {
      load(l);
    } else if (i instanceof Instruction.Store s) {
      store(s);
    } else if (i instanceof Instruction.Rmw r) {
      rmw(r);
    } else if (i instanceof Instruction.Fence f) {
      emit(f.membar() ? "membar." + (f.scope().ptxName().equals("gpu") ? "gl"
          : f.scope().ptxName()) + ";"
          : "fence." + f.sem().ptxName() + "." + f.scope().ptxName() + ";");
    } else if (i instanceof Instruction.ProxyFence p) {
      proxyFence(p);
    } else if (i instanceof Instruction.Barrier b) {
      Barriers.emit(this, b, ctaThreads, blockWarps);
    } else if (i instanceof Instruction.ClusterBarrier c) {
      String sem = Spelling.written(c, c.sem().ptxName()) ? "." + c.sem().ptxName()
          : c.sem() == Semantics.RELAXED ? ".relaxed" : "";
      emit("barrier.cluster." + (c.arrive() ? "arrive" : "wait") + sem
          + (Spelling.written(c, "aligned") ? ".aligned" : "") + ";");
    } else if (i instanceof Instruction.Local l) {
      Locals.emit(this, l);
    } else if (i instanceof Instruction.Branch b) {
      String p = temp("pred");
      emit("setp." + b.condition().name().toLowerCase(Locale.ROOT) + ".s64 " + p + ", "
          + value64(b.left()) + ", " + value64(b.right()) + ";");
      emit("@" + p + " bra " + label(b.target()) + ";");
    } else if (i instanceof Instruction.Goto g) {
      emit("bra " + label(g.target()) + ";");
    } else if (i instanceof AsyncInstruction a) {
      AsyncCode.emit(this, a);
    } else {
      throw refuse(i, "unknown instruction");
    }
  }

  /** The type name of a memory access: as written, or the location's width for short forms. */
  private String accessType(Instruction.MemoryAccess m, Instruction i, String kind) {
    if (!m.type().isUntyped()) {
      return Spelling.type(i).orElse(m.type().ptxName().substring(1));
    }
    int bits = m.address().isRegister() ? 64 : layout.get(m.address().name()).bytes() * 8;
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64) {
      throw refuse(i, "an untyped access of a " + bits / 8 + "-byte location has no PTX "
          + "type; give the instruction a type");
    }
    return kind + bits;
  }

  private String strength(Semantics sem, java.util.Optional<io.github.ptxlitmus.litmus.Scope>
      scope, Instruction i) {
    if (Spelling.written(i, "volatile")) {
      return ".volatile";
    }
    if (sem == Semantics.WEAK) {
      return Spelling.written(i, "weak") ? ".weak" : "";
    }
    return "." + sem.ptxName() + scope.map(s -> "." + s.ptxName()).orElse("");
  }

  private void load(Instruction.Load l) {
    String base = "ld";
    boolean nc = false;
    StateSpace space = l.space();
    switch (l.proxy()) {
      case TEXTURE -> {
        // tld (Dat3M) and ld.global.nc both read through the texture proxy (8.6).
        nc = true;
        space = StateSpace.GLOBAL;
      }
      case CONSTANT -> {
        if (l.address().isRegister()
            || layout.get(l.address().name()).space() != MemoryLayout.Space.CONST) {
          throw refuse(l, "a constant-proxy load of memory outside the .const state space has"
              + " no PTX equivalent (ld.const reads .const variables only)");
        }
        space = StateSpace.CONST;
      }
      case SURFACE -> throw refuse(l, "surface instructions need a surface object that the"
          + " host binds to a CUDA array; a PTX module cannot alias ordinary memory with one");
      default -> { }
    }
    String type = accessType(l, l, "b");
    boolean direct = !isFloat(type) && width(type) <= 64;
    List<String> dests = new ArrayList<>();
    List<String[]> after = new ArrayList<>();
    for (String d : l.destinations()) {
      if (direct) {
        dests.add(reg(d));
      } else {
        String t = temp(registerClass(type));
        dests.add(t);
        after.add(new String[] {d, t});
      }
    }
    String operand = dests.size() == 1 ? dests.get(0) : "{" + String.join(", ", dests) + "}";
    String addr = address(l.address(), space, l);
    emit(base + (l.mmio() ? ".mmio" : "") + strength(l.sem(), l.scope(), l) + space(space, l)
        + (nc ? ".nc" : "") + (dests.size() > 1 ? ".v" + dests.size() : "") + "." + type + " "
        + operand + ", " + addr + ";");
    for (String[] a : after) {
      extend(a[0], a[1], type);
    }
  }

  private void store(Instruction.Store s) {
    if (s.proxy() == Proxy.SURFACE) {
      throw refuse(s, "surface instructions need a surface object that the host binds to a"
          + " CUDA array; a PTX module cannot alias ordinary memory with one");
    }
    String type = accessType(s, s, "b");
    List<String> values = new ArrayList<>();
    for (Operand o : s.values()) {
      values.add(isFloat(type) || !(o instanceof Operand.Reg) ? value(o, type)
          : reg(((Operand.Reg) o).name()));
    }
    String operand = values.size() == 1 ? values.get(0) : "{" + String.join(", ", values) + "}";
    String addr = address(s.address(), s.space(), s);
    emit("st" + (s.mmio() ? ".mmio" : "") + strength(s.sem(), s.scope(), s)
        + space(s.space(), s) + (values.size() > 1 ? ".v" + values.size() : "") + "." + type
        + " " + addr + ", " + operand + ";");
  }

  private void rmw(Instruction.Rmw r) {
    if (r.proxy() == Proxy.SURFACE) {
      throw refuse(r, "surface atomics need a surface object that the host binds to a CUDA"
          + " array; a PTX module cannot alias ordinary memory with one");
    }
    AtomicOp op = r.op();
    List<Operand> operands = r.operands();
    if (op == AtomicOp.MUL || op == AtomicOp.DIV) {
      throw refuse(r, "PTX has no atomic " + op.ptxName() + " (Dat3M's atom." + op.ptxName()
          + " is one read-modify-write; a compare-and-swap loop would be several)");
    }
    String kind = switch (op) {
      case AND, OR, XOR, EXCH, CAS -> "b";
      case MIN, MAX -> "u";
      default -> "u";
    };
    String type = accessType(r, r, kind);
    if ((op == AtomicOp.INC || op == AtomicOp.DEC) && !type.equals("u32")) {
      throw refuse(r, "atom." + op.ptxName() + " exists only for .u32; this access is ."
          + type);
    }
    String sem = "";
    if (Spelling.written(r, r.sem().ptxName()) || Spelling.written(r, r.scope().ptxName())) {
      // red.acq_rel (Dat3M, with a warning) is read as a release write: PTX's red.release.
      Semantics s = r.reduction() && r.sem() == Semantics.ACQ_REL ? Semantics.RELEASE : r.sem();
      sem = "." + s.ptxName() + "." + r.scope().ptxName();
    }
    List<String> values = new ArrayList<>();
    if (op == AtomicOp.SUB) {
      // Dat3M's atom.sub: old - b, the same read-modify-write as PTX's atom.add of -b.
      values.add(negated(operands.get(0), type));
      op = AtomicOp.ADD;
    } else {
      for (Operand o : operands) {
        values.add(value(o, type));
      }
    }
    String mnemonic = (r.reduction() ? "red" : "atom") + sem + space(r.space(), r) + "."
        + op.ptxName() + (Spelling.written(r, "noftz") ? ".noftz" : "") + "." + type;
    String addr = address(r.address(), r.space(), r);
    if (r.reduction()) {
      emit(mnemonic + " " + addr + ", " + String.join(", ", values) + ";");
      return;
    }
    String d = r.destination().orElseThrow();
    if (width(type) == 64) {
      emit(mnemonic + " " + reg(d) + ", " + addr + ", " + String.join(", ", values) + ";");
    } else {
      String t = temp(registerClass(type));
      emit(mnemonic + " " + t + ", " + addr + ", " + String.join(", ", values) + ";");
      extend(d, t, type);
    }
  }

  /** {@code -b} at the type's width: a literal, or a negated temporary. */
  private String negated(Operand o, String type) {
    int w = width(type);
    if (o instanceof Operand.Imm imm) {
      return literal(-imm.value(), w, false);
    }
    String v = value(o, type);
    String t = temp(registerClass(type));
    emit("neg.s" + w + " " + t + ", " + v + ";");
    return t;
  }

  private void proxyFence(Instruction.ProxyFence p) {
    String scope = p.scope().map(s -> "." + s.ptxName()).orElse("");
    String line = switch (p.kind()) {
      case ALIAS -> "fence.proxy.alias;";
      case ASYNC -> "fence.proxy.async;";
      case ASYNC_GLOBAL -> "fence.proxy.async.global;";
      case ASYNC_SHARED_CTA -> "fence.proxy.async.shared::cta;";
      case ASYNC_SHARED_CLUSTER -> "fence.proxy.async.shared::cluster;";
      case TENSORMAP_RELEASE -> "fence.proxy.tensormap::generic.release" + scope + ";";
      case TENSORMAP_ACQUIRE -> throw refuse(p, "fence.proxy.tensormap::generic.acquire names a"
          + " tensor map in memory, which the test does not model");
      case TEXTURE, SURFACE, CONSTANT -> throw refuse(p, "PTX has no fence.proxy."
          + p.kind().name().toLowerCase(Locale.ROOT) + " (a Dat3M form)");
    };
    emit(line);
  }
}
