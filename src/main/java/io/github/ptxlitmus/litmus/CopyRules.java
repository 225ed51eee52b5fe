package io.github.ptxlitmus.litmus;

import io.github.ptxlitmus.litmus.AsyncInstruction.Completion;
import io.github.ptxlitmus.litmus.AsyncInstruction.CopyKind;
import io.github.ptxlitmus.litmus.InstructionParser.Site;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The PTX ISA's rules for the asynchronous copies, as NVIDIA's assembler enforces them:
 * {@code cp.async} names its cache operator and its spaces ({@code .shared{::cta}.global}),
 * copies 4, 8 or 16 bytes ({@code .cg}: 16); bulk copies move multiples of 16 bytes between
 * the space pairs of their completion mechanism; the element operations of {@code
 * cp.reduce.async.bulk} take the types the ISA lists. Chapter 8's schematic bulk copies
 * ({@code cp.async.bulk....relaxed.sys.b128}, 8.8) are read with a warning.
 */
final class CopyRules {
  private CopyRules() {}

  /** Element types of cp.reduce.async.bulk to global memory (bulk_group completion). */
  private static final Map<Instruction.AtomicOp, Set<String>> REDUCE_GLOBAL =
      reduceTypes(Set.of("u32", "s32", "u64"), Set.of("u32", "s32", "u64", "s64"),
          Set.of("b32", "b64"));

  /** Element types of cp.reduce.async.bulk to shared::cluster memory (mbarrier completion). */
  private static final Map<Instruction.AtomicOp, Set<String>> REDUCE_SHARED =
      reduceTypes(Set.of("u32", "s32", "u64"), Set.of("u32", "s32"), Set.of("b32"));

  private static final Set<String> FLOATS = Set.of("f16", "bf16", "f32", "f64");

  private static Map<Instruction.AtomicOp, Set<String>> reduceTypes(Set<String> add,
      Set<String> minMax, Set<String> bits) {
    Map<Instruction.AtomicOp, Set<String>> m = new EnumMap<>(Instruction.AtomicOp.class);
    m.put(Instruction.AtomicOp.ADD, add);
    m.put(Instruction.AtomicOp.MIN, minMax);
    m.put(Instruction.AtomicOp.MAX, minMax);
    m.put(Instruction.AtomicOp.INC, Set.of("u32"));
    m.put(Instruction.AtomicOp.DEC, Set.of("u32"));
    m.put(Instruction.AtomicOp.AND, bits);
    m.put(Instruction.AtomicOp.OR, bits);
    m.put(Instruction.AtomicOp.XOR, bits);
    return m;
  }

  /** Qualifier rules, before the operands. */
  static void qualifiers(Site s, CopyKind kind, List<StateSpace> spaces, Optional<String> cache,
      Semantics sem, Optional<String> type, Optional<Instruction.AtomicOp> reduction,
      ParseState state) {
    String name = kind == CopyKind.CP_ASYNC ? "cp.async" : kind == CopyKind.BULK
        ? "cp.async.bulk" : "cp.reduce.async.bulk";
    if (kind == CopyKind.CP_ASYNC) {
      if (cache.isEmpty()) {
        throw s.c().errorAt(s.m().offset(), "cp.async needs its cache operator (.ca or .cg)");
      }
      if (spaces.size() != 2) {
        throw s.c().errorAt(s.m().offset(), "cp.async needs its state spaces:"
            + " cp.async." + cache.get() + ".shared{::cta}.global");
      }
      return;
    }
    if (cache.isPresent()) {
      throw s.c().errorAt(s.m().offset(), name + " has no cache operator '." + cache.get()
          + "'");
    }
    // Chapter 8's schematic bulk copies (a semantics or a type on cp.async.bulk) may leave
    // the spaces out; they are read with the ISA's defaults, under the warning below.
    boolean schematic = sem != Semantics.WEAK || (kind == CopyKind.BULK && type.isPresent());
    if (spaces.size() != 2 && !schematic) {
      throw s.c().errorAt(s.m().offset(), name + " needs its destination and source state"
          + " spaces (e.g. " + name + ".shared::cluster.global)");
    }
    if (sem != Semantics.WEAK) {
      state.warn(s.m().offset(), name + " has no ." + sem.ptxName() + " in PTX; chapter 8's"
          + " schematic form (8.8) is read as a strong copy at its scope");
    }
    if (kind == CopyKind.BULK && type.isPresent()) {
      state.warn(s.m().offset(), name + " has no type in PTX; chapter 8's schematic form"
          + " (8.8) is read with ." + type.get() + " elements");
    }
    if (kind == CopyKind.REDUCE_BULK && reduction.isPresent()) {
      String op = reduction.get().ptxName();
      if (type.isPresent() && FLOATS.contains(type.get())) {
        throw s.c().errorAt(s.m().offset(), "unsupported: floating-point arithmetic (" + name
            + "." + op + "." + type.get() + "); values are integers here");
      }
      boolean global = !spaces.isEmpty() && spaces.get(0) == StateSpace.GLOBAL;
      Set<String> legal = (global ? REDUCE_GLOBAL : REDUCE_SHARED)
          .getOrDefault(reduction.get(), Set.of());
      if (type.isEmpty() || !legal.contains(type.get())) {
        throw s.c().errorAt(s.m().offset(), name + "." + op + " takes "
            + String.join(", ", legal.stream().sorted().map(t -> "." + t).toList())
            + (type.isEmpty() ? "" : ", not ." + type.get()));
      }
    }
  }

  /** The copy size: cp.async 4, 8 or 16 bytes (.cg only 16); bulk copies multiples of 16. */
  static void size(Site s, CopyKind kind, Optional<String> cache, long size, int at) {
    String written = s.c().source().text().substring(at, s.c().pos());
    if (kind == CopyKind.CP_ASYNC) {
      if (cache.orElse("").equals("cg") ? size != 16 : size != 4 && size != 8 && size != 16) {
        throw s.c().errorAt(at, cache.orElse("").equals("cg")
            ? "cp.async.cg copies 16 bytes, got " + written
            : "cp.async copies 4, 8 or 16 bytes, got " + written);
      }
      return;
    }
    if (size <= 0 || size % 16 != 0 || size > 4096) {
      throw s.c().errorAt(at, "a bulk copy moves a multiple of 16 bytes (16..4096), got "
          + written);
    }
  }

  /** {@code cp.async}'s src-size: the bytes after it are zero-filled, which is not modelled. */
  static void sourceSize(Site s, long size) {
    s.c().skipTrivia();
    int at = s.c().pos();
    Operand o = InstructionParser.operand(s.c());
    if (!(o instanceof Operand.Imm i) || i.value() != size) {
      String written = s.c().source().text().substring(at, s.c().pos());
      if (o instanceof Operand.Imm i && (i.value() < 0 || i.value() > size)) {
        throw s.c().errorAt(at, "cp.async src-size must be 0.." + size + ", got " + written);
      }
      throw s.c().errorAt(at, "unsupported: cp.async src-size " + written + " smaller than"
          + " the copy (the zero fill of the remaining bytes is not modelled)");
    }
  }

  /** The space pairs of each completion mechanism (PTX ISA cp.async.bulk). */
  static void spaces(Site s, CopyKind kind, Completion completion, StateSpace dst,
      StateSpace src) {
    boolean ok = switch (completion) {
      case CP_ASYNC_GROUP -> dst == StateSpace.SHARED_CTA && src == StateSpace.GLOBAL;
      case BULK_GROUP -> dst == StateSpace.GLOBAL && src == StateSpace.SHARED_CTA;
      case MBARRIER -> (dst == StateSpace.SHARED_CLUSTER && src == StateSpace.SHARED_CTA)
          || (kind == CopyKind.BULK && dst.isShared() && src == StateSpace.GLOBAL);
    };
    if (!ok) {
      String name = kind == CopyKind.CP_ASYNC ? "cp.async" : kind == CopyKind.BULK
          ? "cp.async.bulk" : "cp.reduce.async.bulk";
      String pairs = switch (completion) {
        case CP_ASYNC_GROUP -> ".shared{::cta}.global";
        case BULK_GROUP -> ".global.shared::cta";
        case MBARRIER -> kind == CopyKind.BULK
            ? ".shared::cluster.global, .shared::cta.global or .shared::cluster.shared::cta"
            : ".shared::cluster.shared::cta";
      };
      throw s.c().errorAt(s.m().offset(), name + " " + dst.ptxName() + src.ptxName()
          + " does not exist with this completion (it copies " + pairs + ")");
    }
  }
}
