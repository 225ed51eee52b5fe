package io.github.ptxlitmus.litmus;

import io.github.ptxlitmus.litmus.Instruction.LocalOp;
import io.github.ptxlitmus.litmus.Qualifiers.Kind;
import java.util.Optional;
import java.util.Set;

/**
 * The PTX ISA's operand and qualifier rules for real-PTX forms of {@code ld}, {@code st} and
 * the register operations, as NVIDIA's assembler enforces them (the suite checks a grid of
 * forms against {@code ptxas}; docs/litmus-format.md lists where the two still differ and
 * why). Each rule is an error naming it; Dat3M's untyped short forms are not checked here.
 */
final class PtxFormRules {
  private PtxFormRules() {}

  private static final Set<String> HALF_TYPES = Set.of("f16", "bf16", "f16x2", "bf16x2");
  private static final Set<String> LOAD_CACHE = Set.of("ca", "cg", "cs", "lu", "cv");
  private static final Set<String> STORE_CACHE = Set.of("wb", "cg", "cs", "wt");

  /** The width in bits of a PTX type name. */
  static int width(String type) {
    return switch (type) {
      case "f16x2", "bf16x2" -> 32;
      case "bf16" -> 16;
      default -> Integer.parseInt(type.substring(1));
    };
  }

  /**
   * ld/st: the types ld and st take, vector sizes, strong and volatile accesses only to
   * global and shared memory, {@code .mmio} only to global memory, the cache operators of each.
   */
  static void loadStore(InstructionParser.Site s, MemoryQualifiers q, boolean load) {
    String base = s.base();
    Optional<String> type = q.text(Kind.TYPE);
    StateSpace space = q.space();
    Optional<String> sem = q.text(Kind.SEMANTICS).filter(t -> !t.equals("weak"));
    if (sem.isPresent() || q.mmio()) {
      boolean local = space == StateSpace.CONST || space == StateSpace.LOCAL
          || space == StateSpace.PARAM;
      if (local) {
        String what = q.mmio() ? "mmio" : sem.get();
        throw q.errorAt(Kind.SPACE, "'." + what + "' cannot be used with '" + space.ptxName()
            + "' (strong, volatile and mmio accesses are to global or shared memory)");
      }
      if (q.mmio() && space.isShared()) {
        throw q.errorAt(Kind.MMIO, "'.mmio' accesses global memory, not '" + space.ptxName()
            + "'");
      }
    }
    if (q.nonCoherent() && q.text(Kind.SEMANTICS).isPresent()) {
      throw q.errorAt(Kind.SEMANTICS, "'.nc' loads are weak: write no '."
          + q.text(Kind.SEMANTICS).get() + "'");
    }
    q.text(Kind.CACHE).ifPresent(c -> {
      if (!(load ? LOAD_CACHE : STORE_CACHE).contains(c)) {
        throw q.errorAt(Kind.CACHE, base + " has no cache operator '." + c + "' (" + base
            + " takes " + String.join(", ", (load ? LOAD_CACHE : STORE_CACHE).stream()
                .sorted().map(x -> "." + x).toList()) + ")");
      }
    });
    if (type.isEmpty()) {
      return;
    }
    String t = type.get();
    if (HALF_TYPES.contains(t)) {
      throw q.errorAt(Kind.TYPE, base + " has no ." + t + " (" + base + " takes .b8-.b128,"
          + " .u8-.u64, .s8-.s64, .f32, .f64; move half-precision values as .b16 or .b32)");
    }
    int n = q.vector();
    if (n == 0) {
      return;
    }
    int w = width(t);
    if (w == 128) {
      throw q.errorAt(Kind.VECTOR, base + " has no vectors of .b128");
    }
    long bits = (long) w * n;
    boolean wide = (n == 8 && w == 32) || (n == 4 && w == 64);
    if (bits > 128 && !(wide && (space == StateSpace.GLOBAL || space == StateSpace.GENERIC))) {
      throw q.errorAt(Kind.VECTOR, "." + "v" + n + "." + t + " is " + bits + " bits: " + base
          + " moves at most 128 bits (256 with .v8 of a 32-bit or .v4 of a 64-bit type, to"
          + " global memory)");
    }
    if (n == 8 && w == 16 && load) {
      throw q.errorAt(Kind.VECTOR, "ld has no .v8 of a 16-bit type (use .v4 of .b32)");
    }
  }

  /**
   * Register operations: the types each takes (add, sub, div, rem: .u/.s of 16-64 bits; mul
   * needs .lo; and, or, xor, shl: .b; no 8-bit arithmetic); {@code mov} of a float type takes
   * no integer literal.
   */
  static void local(InstructionParser.Site s, LocalOp op, Optional<String> type, boolean lo,
      java.util.List<Operand> sources) {
    if (type.isEmpty()) {
      return;
    }
    String t = type.get();
    String name = op.ptxName();
    if (width(t) == 8) {
      throw s.c().errorAt(s.m().offset(), "PTX has no 8-bit " + name + " (register"
          + " operations take 16, 32 or 64 bits)");
    }
    char kind = t.charAt(0);
    switch (op) {
      case ADD, SUB, DIV, REM -> {
        if (kind == 'b') {
          throw s.c().errorAt(s.m().offset(), name + " takes a .u or .s type, not ." + t);
        }
      }
      case MUL -> {
        if (kind == 'b') {
          throw s.c().errorAt(s.m().offset(), "mul takes a .u or .s type, not ." + t);
        }
        if (!lo && (kind == 'u' || kind == 's')) {
          throw s.c().errorAt(s.m().offset(), "mul of integers needs .lo (mul.lo." + t
              + " keeps the low half)");
        }
      }
      case AND, OR, XOR, SHL -> {
        if (kind == 'u' || kind == 's') {
          throw s.c().errorAt(s.m().offset(), name + " takes a .b type (.b16, .b32, .b64),"
              + " not ." + t);
        }
      }
      case MOV -> {
        if (kind == 'f' && sources.get(0) instanceof Operand.Imm) {
          throw s.c().errorAt(s.m().offset(), "mov." + t + " takes a register, not an"
              + " integer literal (move the bits with mov.b" + width(t) + ")");
        }
      }
      default -> { }
    }
  }

  /**
   * {@code setp}: no 8-bit types; {@code .lo .ls .hi .hs} compare unsigned types only;
   * {@code .b} types compare only with {@code .eq} and {@code .ne}.
   */
  static void setp(InstructionParser.Site s, String cmp, Optional<String> type) {
    if (type.isEmpty()) {
      return;
    }
    String t = type.get();
    if (width(t) == 8) {
      throw s.c().errorAt(s.m().offset(), "setp has no 8-bit types (16, 32 or 64 bits)");
    }
    char kind = t.charAt(0);
    boolean unsignedCmp = Set.of("lo", "ls", "hi", "hs").contains(cmp);
    if (unsignedCmp && kind != 'u') {
      throw s.c().errorAt(s.m().offset(), "'." + cmp + "' is an unsigned comparison: it"
          + " needs a .u type, not ." + t);
    }
    if (kind == 'b' && !cmp.equals("eq") && !cmp.equals("ne")) {
      throw s.c().errorAt(s.m().offset(), "'." + cmp + "' orders numbers: ." + t
          + " compares only with .eq and .ne");
    }
  }
}
