package io.github.ptxlitmus.litmus;

import java.util.List;
import java.util.Optional;

/**
 * One instruction of a thread, as written. Every instruction keeps its source position and
 * its source text (trimmed) for error messages and explanations. The semantic defaults of
 * PTX (8.4: {@code ld}/{@code st} weak; {@code atom}/{@code red} relaxed and gpu scope;
 * {@code fence} acq_rel; {@code membar.gl} = {@code fence.sc.gpu}) are already applied by the
 * parser, so consumers never see "unspecified".
 */
public sealed interface Instruction
    permits Instruction.Label,
        Instruction.Load,
        Instruction.Store,
        Instruction.Rmw,
        Instruction.Fence,
        Instruction.ProxyFence,
        Instruction.Barrier,
        Instruction.ClusterBarrier,
        Instruction.Local,
        Instruction.Branch,
        Instruction.Goto,
        AsyncInstruction {

  SourcePosition position();

  /** The instruction as written in the source (trimmed), or a canonical rendering. */
  String text();

  /** The memory instructions (loads, stores, atomics): where and how they access memory. */
  interface MemoryAccess {
    Address address();

    DataType type();

    Proxy proxy();

    StateSpace space();
  }

  /** A branch target {@code LC00:}. */
  record Label(String name, SourcePosition position, String text) implements Instruction {}

  /**
   * A load ({@code ld}, {@code tld}, {@code suld}, {@code cold}, {@code ld.const}). One
   * destination register per vector element ({@code .v2}, {@code .v4}); scalar loads have
   * one. {@code scope} is empty exactly when {@code sem} is WEAK.
   */
  record Load(
      List<String> destinations,
      Address address,
      Semantics sem,
      Optional<Scope> scope,
      Proxy proxy,
      StateSpace space,
      DataType type,
      boolean mmio,
      SourcePosition position,
      String text)
      implements Instruction, MemoryAccess {
    public Load {
      destinations = List.copyOf(destinations);
    }
  }

  /** A store ({@code st}, {@code sust}); one value per vector element. */
  record Store(
      Address address,
      List<Operand> values,
      Semantics sem,
      Optional<Scope> scope,
      Proxy proxy,
      StateSpace space,
      DataType type,
      boolean mmio,
      SourcePosition position,
      String text)
      implements Instruction, MemoryAccess {
    public Store {
      values = List.copyOf(values);
    }
  }

  /** Atomic operations of {@code atom}/{@code red} (and surface forms). */
  enum AtomicOp {
    ADD,
    SUB,
    EXCH,
    CAS,
    MIN,
    MAX,
    AND,
    OR,
    XOR,
    INC,
    DEC,
    /** Dat3M short syntax only ({@code atom.relaxed.gpu.mul}); PTX has no atom.mul. */
    MUL,
    /** Dat3M short syntax only; PTX has no atom.div. */
    DIV;

    public String ptxName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * An atomic read-modify-write: {@code atom} (destination present) or {@code red}
   * (destination empty, {@code reduction} true). Operands: one for most ops, two for
   * {@code cas} (compare, new value).
   */
  record Rmw(
      boolean reduction,
      AtomicOp op,
      Optional<String> destination,
      Address address,
      List<Operand> operands,
      Semantics sem,
      Scope scope,
      Proxy proxy,
      StateSpace space,
      DataType type,
      SourcePosition position,
      String text)
      implements Instruction, MemoryAccess {
    public Rmw {
      operands = List.copyOf(operands);
    }
  }

  /**
   * A memory fence: {@code fence{.sc,.acq_rel,.acquire,.release}.scope}; {@code membar} is
   * recorded as {@code fence.sc} with {@code membar} true.
   */
  record Fence(Semantics sem, Scope scope, boolean membar, SourcePosition position, String text)
      implements Instruction {}

  /** Proxy fence kinds (8.6, 8.9.5). */
  enum ProxyFenceKind {
    ALIAS,
    TEXTURE,
    SURFACE,
    CONSTANT,
    ASYNC,
    ASYNC_GLOBAL,
    ASYNC_SHARED_CTA,
    ASYNC_SHARED_CLUSTER,
    TENSORMAP_RELEASE,
    TENSORMAP_ACQUIRE
  }

  /** {@code fence.proxy.*}; scope present only for the tensormap forms. */
  record ProxyFence(
      ProxyFenceKind kind, Optional<Scope> scope, SourcePosition position, String text)
      implements Instruction {}

  /** CTA barrier operations (8.9.4 rule 2). */
  enum BarrierOp {
    SYNC,
    ARRIVE,
    RED
  }

  /**
   * A CTA barrier {@code bar.sync}/{@code bar.arrive}/{@code bar.red}. {@code id} is the
   * barrier resource; {@code expected} the number of threads the barrier waits for (empty:
   * all threads of the CTA). Dat3M's form {@code bar.cta.sync i, id, quorum} records its
   * leading instance number in {@code instance}; it has no effect on matching. {@code
   * reduction} is present exactly for {@code bar.red} (op RED).
   */
  record Barrier(
      BarrierOp op,
      Optional<Long> instance,
      Operand id,
      Optional<Operand> expected,
      Optional<Reduction> reduction,
      SourcePosition position,
      String text)
      implements Instruction {

    /** A barrier without reduction ({@code bar.sync}, {@code bar.arrive}). */
    public Barrier(
        BarrierOp op,
        Optional<Long> instance,
        Operand id,
        Optional<Operand> expected,
        SourcePosition position,
        String text) {
      this(op, instance, id, expected, Optional.empty(), position, text);
    }
  }

  /** The reductions of {@code bar.red}: {@code .popc.u32}, {@code .and.pred}, {@code .or.pred}. */
  enum ReductionOp {
    POPC,
    AND,
    OR
  }

  /**
   * What {@code bar.red} computes: {@code destination} receives, over the threads of the
   * completed barrier phase, the count of true predicates (POPC) or their conjunction /
   * disjunction (1 or 0). The predicate is {@code predicate != 0}, negated when {@code
   * negated} ({@code !c}).
   */
  record Reduction(ReductionOp op, String destination, Operand predicate, boolean negated) {}

  /**
   * {@code barrier.cluster.arrive{.release,.relaxed}} (arrive true) or
   * {@code barrier.cluster.wait{.acquire}} (arrive false); sem is RELEASE/RELAXED for arrive
   * and ACQUIRE for wait.
   */
  record ClusterBarrier(boolean arrive, Semantics sem, SourcePosition position, String text)
      implements Instruction {}

  /**
   * Register-only operations. MOV has one source. The SETP_* comparisons ({@code setp.<cmp>})
   * give 1 or 0; they compare signed for {@code .s} types, unsigned otherwise.
   */
  enum LocalOp {
    MOV,
    ADD,
    SUB,
    MUL,
    DIV,
    REM,
    AND,
    OR,
    XOR,
    /** {@code shl}: shift left; amounts of the width or more give 0. */
    SHL,
    /** {@code shr}: shift right, arithmetic for signed types; amounts clamped to the width. */
    SHR,
    SETP_EQ,
    SETP_NE,
    SETP_LT,
    SETP_LE,
    SETP_GT,
    SETP_GE;

    /** {@return the PTX mnemonic, e.g. {@code add} or {@code setp.eq}} */
    public String ptxName() {
      String n = name().toLowerCase(java.util.Locale.ROOT);
      return n.startsWith("setp_") ? "setp." + n.substring(5) : n;
    }
  }

  /** {@code add r1, r0, 1} and friends: {@code destination = sources[0] op sources[1]}. */
  record Local(
      LocalOp op,
      String destination,
      List<Operand> sources,
      DataType type,
      SourcePosition position,
      String text)
      implements Instruction {
    public Local {
      sources = List.copyOf(sources);
    }
  }

  /** Comparisons of conditional branches ({@code beq, bne, blt, bgt, ble, bge}). */
  enum BranchCondition {
    EQ,
    NE,
    LT,
    GT,
    LE,
    GE
  }

  /** {@code beq r1, 1, LC00}: jump when {@code left cond right}. */
  record Branch(
      BranchCondition condition,
      Operand left,
      Operand right,
      String target,
      SourcePosition position,
      String text)
      implements Instruction {}

  /** {@code goto LC00}. */
  record Goto(String target, SourcePosition position, String text) implements Instruction {}
}
