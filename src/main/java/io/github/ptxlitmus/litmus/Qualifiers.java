package io.github.ptxlitmus.litmus;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The tables of PTX instruction qualifiers (the {@code .word} pieces of a mnemonic), shared by
 * the instruction parser and the PTX-style declarations of the init block.
 */
final class Qualifiers {
  private Qualifiers() {}

  /** Kinds of memory-instruction qualifiers; each kind may appear at most once. */
  enum Kind {
    SEMANTICS("semantics", q -> Qualifiers.SEMANTICS.containsKey(q) || q.equals(VOLATILE)),
    MMIO("mmio", q -> q.equals("mmio")),
    SCOPE("scope", q -> SCOPES.containsKey(q)),
    SPACE("state space", q -> SPACES.containsKey(q)),
    TYPE("type", q -> TYPES.containsKey(q)),
    VECTOR("vector", q -> VECTORS.containsKey(q)),
    OPERATION("operation", q -> ATOMIC_OPS.containsKey(q)),
    CACHE("cache operator", q -> CACHE_OPERATORS.contains(q)),
    NON_COHERENT("non-coherent", q -> q.equals("nc")),
    // atom/red.add.noftz: subnormals kept; no integer semantics
    FLOAT_MODE("floating-point mode", q -> q.equals("noftz"));

    final String description;
    /** Whether a qualifier is of this kind; the kinds are tried in declaration order. */
    private final Predicate<String> names;

    Kind(String description, Predicate<String> names) {
      this.description = description;
      this.names = names;
    }
  }

  /** {@code .volatile} is a semantics qualifier meaning relaxed.sys (8.4); null stands for it. */
  static final Map<String, Semantics> SEMANTICS =
      Map.of(
          "weak", Semantics.WEAK,
          "relaxed", Semantics.RELAXED,
          "acquire", Semantics.ACQUIRE,
          "release", Semantics.RELEASE,
          "acq_rel", Semantics.ACQ_REL,
          "sc", Semantics.SC);

  static final String VOLATILE = "volatile";

  static final Map<String, Scope> SCOPES =
      Map.of("cta", Scope.CTA, "cluster", Scope.CLUSTER, "gpu", Scope.GPU, "sys", Scope.SYS);

  /** {@code .shared} alone means {@code .shared::cta} in PTX. */
  static final Map<String, StateSpace> SPACES =
      Map.of(
          "global", StateSpace.GLOBAL,
          "shared", StateSpace.SHARED_CTA,
          "shared::cta", StateSpace.SHARED_CTA,
          "shared::cluster", StateSpace.SHARED_CLUSTER,
          "local", StateSpace.LOCAL,
          "param", StateSpace.PARAM,
          "const", StateSpace.CONST);

  static final Map<String, DataType> TYPES = types();

  static final Map<String, Integer> VECTORS = Map.of("v2", 2, "v4", 4, "v8", 8);

  static final Map<String, Instruction.AtomicOp> ATOMIC_OPS = atomicOps();

  /** Cache operators change no memory-model semantics; accepted and not recorded. */
  static final Set<String> CACHE_OPERATORS = Set.of("ca", "cg", "cs", "lu", "cv", "wb", "wt");

  /** Real PTX qualifiers that select instruction variants this tool does not model. */
  static final Set<String> UNSUPPORTED = Set.of("async", "bulk", "multimem", "nc::L1");

  private static Map<String, DataType> types() {
    Map<String, DataType> m = new HashMap<>();
    for (int bits : new int[] {8, 16, 32, 64}) {
      m.put("b" + bits, DataType.of(DataType.Kind.B, bits));
      m.put("u" + bits, DataType.of(DataType.Kind.U, bits));
      m.put("s" + bits, DataType.of(DataType.Kind.S, bits));
    }
    m.put("b128", DataType.of(DataType.Kind.B, 128));
    m.put("f16", DataType.of(DataType.Kind.F, 16));
    m.put("f32", DataType.of(DataType.Kind.F, 32));
    m.put("f64", DataType.of(DataType.Kind.F, 64));
    // bf16 has the width of f16; the model only needs kind and width.
    m.put("bf16", DataType.of(DataType.Kind.F, 16));
    // Packed types are recorded by their total width (see DataType).
    m.put("f16x2", DataType.of(DataType.Kind.PACKED, 32));
    m.put("bf16x2", DataType.of(DataType.Kind.PACKED, 32));
    return Map.copyOf(m);
  }

  private static Map<String, Instruction.AtomicOp> atomicOps() {
    Map<String, Instruction.AtomicOp> m = new HashMap<>();
    for (Instruction.AtomicOp op : Instruction.AtomicOp.values()) {
      m.put(op.ptxName(), op);
    }
    // Early Dat3M spellings of add and sub (litmus/PTX/Atom-plus-register.litmus,
    // Atom-minus-location_.litmus in the repository's history); PtxRules warns.
    m.put("plus", Instruction.AtomicOp.ADD);
    m.put("minus", Instruction.AtomicOp.SUB);
    return Map.copyOf(m);
  }

  /** The kind of a memory-instruction qualifier, or null if it is not one. */
  static Kind kindOf(String q) {
    for (Kind k : Kind.values()) {
      if (k.names.test(q)) {
        return k;
      }
    }
    return null;
  }
}
