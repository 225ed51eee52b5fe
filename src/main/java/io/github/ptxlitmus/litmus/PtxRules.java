package io.github.ptxlitmus.litmus;

import io.github.ptxlitmus.litmus.Instruction.AtomicOp;
import io.github.ptxlitmus.litmus.Qualifiers.Kind;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * PTX ISA validity rules that the grammar alone does not enforce, checked per instruction
 * form. A real-PTX instruction (one with a type or state-space qualifier, a {@code %} register
 * or a bracketed address) that breaks a rule is an error naming the rule; a Dat3M short-form
 * instruction that breaks it is accepted with a {@link LitmusWarning} saying what PTX allows
 * and how the test is read, because the Dat3M corpus uses such forms. The table in {@code
 * docs/litmus-format.md} ("Validity rules") lists every rule with its message.
 */
final class PtxRules {
  private PtxRules() {}

  /**
   * PTX ISA {@code atom}/{@code red}: the types each operation takes. Bit operations (and, or,
   * xor, cas, exch) take {@code .b} types; add/min/max integers (add also floats); inc/dec
   * only {@code .u32}. Operations missing here (sub, mul, div) do not exist in PTX.
   */
  private static final Map<AtomicOp, Set<String>> ATOMIC_TYPES = atomicTypes();

  private static Map<AtomicOp, Set<String>> atomicTypes() {
    Map<AtomicOp, Set<String>> m = new EnumMap<>(AtomicOp.class);
    Set<String> bits = Set.of("b32", "b64");
    m.put(AtomicOp.AND, bits);
    m.put(AtomicOp.OR, bits);
    m.put(AtomicOp.XOR, bits);
    m.put(AtomicOp.CAS, Set.of("b16", "b32", "b64", "b128"));
    m.put(AtomicOp.EXCH, Set.of("b32", "b64", "b128"));
    m.put(AtomicOp.ADD,
        Set.of("u32", "s32", "u64", "f32", "f64", "f16", "f16x2", "bf16", "bf16x2"));
    m.put(AtomicOp.INC, Set.of("u32"));
    m.put(AtomicOp.DEC, Set.of("u32"));
    m.put(AtomicOp.MIN, Set.of("u32", "s32", "u64", "s64"));
    m.put(AtomicOp.MAX, Set.of("u32", "s32", "u64", "s64"));
    return m;
  }

  /**
   * True when the instruction is written in real PTX syntax rather than Dat3M's: a type or
   * state-space qualifier, or a bracketed address. A {@code %r} register alone does not make
   * it real PTX: Dat3M's early tests write short forms with {@code %r} registers
   * ({@code atom.acq_rel.sys.plus %r0, x, 1} in litmus/PTX/Atom1.litmus).
   */
  static boolean isPtxForm(InstructionParser.Site s, MemoryQualifiers q) {
    return q.text(Kind.TYPE).isPresent() || q.text(Kind.SPACE).isPresent()
        || s.text().contains("[");
  }

  /**
   * atom/red rules: red takes .relaxed or .release only; the operation must exist in PTX and
   * take the given type.
   */
  static void checkRmw(
      InstructionParser.Site s, MemoryQualifiers q, Instruction.Rmw r, ParseState state) {
    boolean ptx = isPtxForm(s, q);
    String name = s.base() + "." + r.op().ptxName();
    if (r.reduction() && r.sem() == Semantics.ACQ_REL) {
      String rule = "red takes only .relaxed or .release";
      if (ptx) {
        throw q.errorAt(Kind.SEMANTICS, rule + ", not .acq_rel (PTX ISA red)");
      }
      state.warn(s.m().offset(), rule + " in PTX; the Dat3M form red.acq_rel is read as"
          + " written: its write releases, and as a reduction it never acquires (8.11.1)");
    }
    Optional<String> early =
        q.text(Kind.OPERATION).filter(o -> o.equals("plus") || o.equals("minus"));
    if (early.isPresent()) {
      String rule = "PTX has no " + s.base() + "." + early.get();
      String meant = early.get().equals("plus") ? "add" : "sub";
      if (ptx) {
        throw q.errorAt(Kind.OPERATION, rule + " (use ." + meant + ")");
      }
      state.warn(s.m().offset(), rule + "; the early Dat3M spelling is read as ." + meant);
    }
    Set<String> types = ATOMIC_TYPES.get(r.op());
    if (types == null) {
      String rule = "PTX has no " + s.base() + "." + r.op().ptxName()
          + " (atom and red: and, or, xor, cas, exch, add, inc, dec, min, max)";
      if (ptx) {
        throw q.errorAt(Kind.OPERATION, rule);
      }
      state.warn(s.m().offset(), rule + "; the Dat3M form is read as old "
          + (r.op() == AtomicOp.SUB ? "- " : r.op() == AtomicOp.MUL ? "* " : "/ ")
          + "operand");
      return;
    }
    Optional<String> type = q.text(Kind.TYPE);
    if (type.isPresent() && !types.contains(type.get())) {
      throw q.errorAt(Kind.TYPE, name + " has no ." + type.get() + " (" + name + " takes "
          + String.join(", ", types.stream().sorted().map(t -> "." + t).toList()) + ")");
    }
  }

  /**
   * {@code bar.arrive a} without the thread count: PTX requires {@code bar.arrive a, b}. The
   * Dat3M spelling {@code bar.cta.arrive a} is read as "all threads of the CTA".
   */
  static void arriveWithoutCount(InstructionParser.Site s, boolean cta, ParseState state) {
    String rule = s.base() + ".arrive needs its thread count (" + s.base() + ".arrive a, b)";
    if (s.base().equals("bar") && cta && !s.text().contains("%")) {
      state.warn(s.m().offset(), rule + " in PTX; the Dat3M form bar.cta.arrive a is read"
          + " as expecting all threads of the CTA");
      return;
    }
    throw s.c().errorAt(s.m().offset(), rule);
  }
}
