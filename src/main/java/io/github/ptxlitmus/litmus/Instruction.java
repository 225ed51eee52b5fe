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

  /** {@return where the instruction starts in the source (synthetic for built tests)} */
  SourcePosition position();

  /**
   * The instruction as written in the source (trimmed), or a canonical rendering.
   *
   * @return the text, used in error messages and explanations
   */
  String text();

  /** The memory instructions (loads, stores, atomics): where and how they access memory. */
  interface MemoryAccess {
    /** {@return the address accessed: a location or a register, plus a byte offset} */
    Address address();

    /** {@return the type of one element: its width in bits gives the access size} */
    DataType type();

    /** {@return the proxy the access goes through (8.6)} */
    Proxy proxy();

    /** {@return the state space (8.3); {@link StateSpace#GENERIC} when none is written} */
    StateSpace space();
  }

  /**
   * A branch target {@code LC00:}.
   *
   * @param name the label, without the colon
   * @param position where the label is in the source
   * @param text the label as written
   */
  record Label(String name, SourcePosition position, String text) implements Instruction {}

  /**
   * A load ({@code ld}, {@code tld}, {@code suld}, {@code cold}, {@code ld.const}). One
   * destination register per vector element ({@code .v2}, {@code .v4}); scalar loads have
   * one. {@code scope} is empty exactly when {@code sem} is WEAK.
   *
   * @param destinations the destination registers (without {@code %}), one per vector element
   * @param address where the load reads
   * @param sem WEAK, RELAXED or ACQUIRE (8.4)
   * @param scope the scope (8.5); empty exactly when {@code sem} is WEAK
   * @param proxy the proxy (8.6): generic for {@code ld}, texture for {@code tld} and
   *     {@code ld.global.nc}, surface for {@code suld}, constant for {@code ld.const} and
   *     {@code cold}
   * @param space the state space (8.3)
   * @param type the type of one element; its width is the size of each element's access
   * @param mmio {@code .mmio} (8.4.1): only with relaxed.sys
   * @param position where the instruction starts in the source
   * @param text the instruction as written (trimmed)
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
    /**
     * Creates the record; the components are described above.
     *
     * @param destinations the destination registers (without {@code %}), one per vector element
     * @param address where the load reads
     * @param sem WEAK, RELAXED or ACQUIRE (8.4)
     * @param scope the scope (8.5); empty exactly when {@code sem} is WEAK
     * @param proxy the proxy (8.6): generic for {@code ld}, texture for {@code tld} and
     *     {@code ld.global.nc}, surface for {@code suld}, constant for {@code ld.const} and
     *     {@code cold}
     * @param space the state space (8.3)
     * @param type the type of one element; its width is the size of each element's access
     * @param mmio {@code .mmio} (8.4.1): only with relaxed.sys
     * @param position where the instruction starts in the source
     * @param text the instruction as written (trimmed)
     */
    public Load {
      destinations = List.copyOf(destinations);
    }
  }

  /**
   * A store ({@code st}, {@code sust}); one value per vector element.
   *
   * @param address where the store writes
   * @param values the values written, one per vector element (register, immediate or {@code &x})
   * @param sem WEAK, RELAXED or RELEASE (8.4)
   * @param scope the scope (8.5); empty exactly when {@code sem} is WEAK
   * @param proxy the proxy (8.6): generic for {@code st}, surface for {@code sust}
   * @param space the state space (8.3)
   * @param type the type of one element; its width is the size of each element's access
   * @param mmio {@code .mmio} (8.4.1): only with relaxed.sys
   * @param position where the instruction starts in the source
   * @param text the instruction as written (trimmed)
   */
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
    /**
     * Creates the record; the components are described above.
     *
     * @param address where the store writes
     * @param values the values written, one per vector element (register, immediate or {@code &x})
     * @param sem WEAK, RELAXED or RELEASE (8.4)
     * @param scope the scope (8.5); empty exactly when {@code sem} is WEAK
     * @param proxy the proxy (8.6): generic for {@code st}, surface for {@code sust}
     * @param space the state space (8.3)
     * @param type the type of one element; its width is the size of each element's access
     * @param mmio {@code .mmio} (8.4.1): only with relaxed.sys
     * @param position where the instruction starts in the source
     * @param text the instruction as written (trimmed)
     */
    public Store {
      values = List.copyOf(values);
    }
  }

  /** Atomic operations of {@code atom}/{@code red} (and surface forms). */
  enum AtomicOp {
    /** {@code add}: old + b. */
    ADD,
    /** {@code sub}: old - b. */
    SUB,
    /** {@code exch}: b (the old value is returned). */
    EXCH,
    /** {@code cas}: the new value when old equals the compare operand, else old. */
    CAS,
    /** {@code min}: the smaller, signed for {@code .s} types, unsigned otherwise. */
    MIN,
    /** {@code max}: the larger, signed for {@code .s} types, unsigned otherwise. */
    MAX,
    /** {@code and}: bitwise old &amp; b. */
    AND,
    /** {@code or}: bitwise old | b. */
    OR,
    /** {@code xor}: bitwise old ^ b. */
    XOR,
    /** {@code inc}: old &gt;= b ? 0 : old + 1 (unsigned comparison). */
    INC,
    /** {@code dec}: (old == 0 || old &gt; b) ? b : old - 1 (unsigned comparison). */
    DEC,
    /** Dat3M short syntax only ({@code atom.relaxed.gpu.mul}); PTX has no atom.mul. */
    MUL,
    /** Dat3M short syntax only; PTX has no atom.div. */
    DIV;

    /** {@return the PTX operation in lower case, e.g. {@code add} as in {@code atom.add}} */
    public String ptxName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * An atomic read-modify-write: {@code atom} (destination present) or {@code red}
   * (destination empty, {@code reduction} true). Operands: one for most ops, two for
   * {@code cas} (compare, new value). The model reads it as one event that both reads and
   * writes its bytes (8.10.3 Atomicity).
   *
   * @param reduction true for {@code red} (no destination; 8.11.1: never the read of an acquire
   *     pattern)
   * @param op the operation
   * @param destination the register that receives the old value ({@code atom}); empty for
   *     {@code red}
   * @param address the location read and written
   * @param operands the operands: {@code b} of {@code old op b}; for CAS (compare, new value)
   * @param sem RELAXED, ACQUIRE, RELEASE or ACQ_REL (8.4); relaxed when not written
   * @param scope the scope (8.5); gpu when not written
   * @param proxy the proxy (8.6): generic, or surface for the surface forms
   * @param space the state space (8.3)
   * @param type the operand type: its width is the access size, its kind decides signed MIN/MAX
   * @param position where the instruction starts in the source
   * @param text the instruction as written (trimmed)
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
    /**
     * Creates the record; the components are described above.
     *
     * @param reduction true for {@code red} (no destination; 8.11.1: never the read of an acquire
     *     pattern)
     * @param op the operation
     * @param destination the register that receives the old value ({@code atom}); empty for
     *     {@code red}
     * @param address the location read and written
     * @param operands the operands: {@code b} of {@code old op b}; for CAS (compare, new value)
     * @param sem RELAXED, ACQUIRE, RELEASE or ACQ_REL (8.4); relaxed when not written
     * @param scope the scope (8.5); gpu when not written
     * @param proxy the proxy (8.6): generic, or surface for the surface forms
     * @param space the state space (8.3)
     * @param type the operand type: its width is the access size, its kind decides signed MIN/MAX
     * @param position where the instruction starts in the source
     * @param text the instruction as written (trimmed)
     */
    public Rmw {
      operands = List.copyOf(operands);
    }
  }

  /**
   * A memory fence: {@code fence{.sc,.acq_rel,.acquire,.release}.scope}; {@code membar} is
   * recorded as {@code fence.sc} with {@code membar} true.
   *
   * @param sem SC, ACQ_REL (the default), ACQUIRE or RELEASE (8.4)
   * @param scope the scope (8.5); {@code membar.cta/gl/sys} give cta/gpu/sys
   * @param membar true when written as {@code membar}
   * @param position where the instruction starts in the source
   * @param text the instruction as written (trimmed)
   */
  record Fence(Semantics sem, Scope scope, boolean membar, SourcePosition position, String text)
      implements Instruction {}

  /** Proxy fence kinds (8.6, 8.9.5). */
  enum ProxyFenceKind {
    /** {@code fence.proxy.alias}: orders accesses to aliases of one location (8.9.5 case 3). */
    ALIAS,
    /** {@code fence.proxy.texture}: between the texture and the generic proxy. */
    TEXTURE,
    /** {@code fence.proxy.surface}: between the surface and the generic proxy. */
    SURFACE,
    /** {@code fence.proxy.constant}: between the constant and the generic proxy. */
    CONSTANT,
    /** {@code fence.proxy.async}: between the async and the generic proxy, all state spaces. */
    ASYNC,
    /** {@code fence.proxy.async.global}: as ASYNC, for the global state space. */
    ASYNC_GLOBAL,
    /** {@code fence.proxy.async.shared::cta}: as ASYNC, for shared::cta memory. */
    ASYNC_SHARED_CTA,
    /** {@code fence.proxy.async.shared::cluster}: as ASYNC, for shared::cluster memory. */
    ASYNC_SHARED_CLUSTER,
    /** {@code fence.proxy.tensormap::generic.release.scope}: the release half, with a scope. */
    TENSORMAP_RELEASE,
    /** {@code fence.proxy.tensormap::generic.acquire.scope}: the acquire half, with a scope. */
    TENSORMAP_ACQUIRE;

    /**
     * {@return the proxy this fence bridges to the generic proxy (8.9.5); generic for the alias
     * fence, which orders aliases within the generic proxy}
     */
    public Proxy proxy() {
      return switch (this) {
        case ALIAS -> Proxy.GENERIC;
        case TEXTURE -> Proxy.TEXTURE;
        case SURFACE -> Proxy.SURFACE;
        case CONSTANT -> Proxy.CONSTANT;
        case ASYNC, ASYNC_GLOBAL, ASYNC_SHARED_CTA, ASYNC_SHARED_CLUSTER -> Proxy.ASYNC;
        case TENSORMAP_RELEASE, TENSORMAP_ACQUIRE -> Proxy.TENSORMAP;
      };
    }
  }

  /**
   * {@code fence.proxy.*}; scope present only for the tensormap forms. A proxy fence moves the
   * operations of its proxy in its CTA to the generic proxy for proxy-preserved base causality
   * (8.9.5).
   *
   * @param kind which proxy fence
   * @param scope the scope of the tensormap forms (8.5); empty for the others
   * @param position where the instruction starts in the source
   * @param text the instruction as written (trimmed)
   */
  record ProxyFence(
      ProxyFenceKind kind, Optional<Scope> scope, SourcePosition position, String text)
      implements Instruction {}

  /** CTA barrier operations (8.9.4 rule 2). */
  enum BarrierOp {
    /** {@code bar.sync} ({@code barrier.sync}, {@code bar.cta.sync}): arrive, then wait. */
    SYNC,
    /** {@code bar.arrive}: arrive without waiting. */
    ARRIVE,
    /** {@code bar.red}: arrive, wait, and reduce a predicate over the participating threads. */
    RED
  }

  /**
   * A CTA barrier {@code bar.sync}/{@code bar.arrive}/{@code bar.red}. {@code id} is the
   * barrier resource; {@code expected} the number of threads the barrier waits for (empty:
   * all threads of the CTA). Dat3M's form {@code bar.cta.sync i, id, quorum} records its
   * leading instance number in {@code instance}; it has no effect on matching, and its quorum
   * counts the test's threads. A real PTX count ({@code bar.sync 1, 64}) counts PTX threads: a
   * barrier counts whole warps, and each litmus thread is one warp, so it waits for
   * {@code expected / 32} of the test's threads ({@link #countsWarps()}). {@code
   * reduction} is present exactly for {@code bar.red} (op RED).
   *
   * @param op sync, arrive or red
   * @param instance Dat3M's leading instance number, when written
   * @param id the barrier resource (an immediate or a register)
   * @param expected the number of threads the barrier phase waits for; empty: the whole CTA
   * @param reduction what {@code bar.red} computes; empty for sync and arrive
   * @param position where the instruction starts in the source
   * @param text the instruction as written (trimmed)
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

    /**
     * A barrier without reduction ({@code bar.sync}, {@code bar.arrive}).
     *
     * @param op SYNC or ARRIVE
     * @param instance Dat3M's leading instance number, when written
     * @param id the barrier resource (an immediate or a register)
     * @param expected the number of threads the barrier phase waits for; empty: the whole CTA
     * @param position where the instruction starts in the source
     * @param text the instruction as written (trimmed)
     */
    public Barrier(
        BarrierOp op,
        Optional<Long> instance,
        Operand id,
        Optional<Operand> expected,
        SourcePosition position,
        String text) {
      this(op, instance, id, expected, Optional.empty(), position, text);
    }

    /**
     * Whether {@code expected} is a PTX thread count (32 per litmus thread, one warp each)
     * rather than Dat3M's quorum of litmus threads.
     *
     * @return true for the real PTX forms (no Dat3M instance number)
     */
    public boolean countsWarps() {
      return instance.isEmpty();
    }
  }

  /** The reductions of {@code bar.red}: {@code .popc.u32}, {@code .and.pred}, {@code .or.pred}. */
  enum ReductionOp {
    /** {@code .popc.u32}: the number of threads whose predicate is true. */
    POPC,
    /** {@code .and.pred}: 1 when every thread's predicate is true, else 0. */
    AND,
    /** {@code .or.pred}: 1 when some thread's predicate is true, else 0. */
    OR
  }

  /**
   * What {@code bar.red} computes: {@code destination} receives, over the threads of the
   * completed barrier phase, the count of true predicates (POPC) or their conjunction /
   * disjunction (1 or 0). The predicate is {@code predicate != 0}, negated when {@code
   * negated} ({@code !c}).
   *
   * @param op popc, and or or
   * @param destination the register that receives the result
   * @param predicate the operand tested against 0
   * @param negated true for {@code !c}
   */
  record Reduction(ReductionOp op, String destination, Operand predicate, boolean negated) {}

  /**
   * {@code barrier.cluster.arrive{.release,.relaxed}} (arrive true) or
   * {@code barrier.cluster.wait{.acquire}} (arrive false); sem is RELEASE/RELAXED for arrive
   * and ACQUIRE for wait.
   *
   * @param arrive true for arrive, false for wait
   * @param sem RELEASE (the default) or RELAXED for arrive; ACQUIRE for wait
   * @param position where the instruction starts in the source
   * @param text the instruction as written (trimmed)
   */
  record ClusterBarrier(boolean arrive, Semantics sem, SourcePosition position, String text)
      implements Instruction {}

  /**
   * Register-only operations. MOV and MBARRIER_PENDING_COUNT have one source. The SETP_* comparisons ({@code setp.<cmp>})
   * give 1 or 0; they compare signed for {@code .s} types, unsigned otherwise.
   */
  enum LocalOp {
    /** {@code mov}: the source. */
    MOV,
    /** {@code add}: a + b, wrapping at the type's width. */
    ADD,
    /** {@code sub}: a - b, wrapping at the type's width. */
    SUB,
    /** {@code mul} (low half): a × b, wrapping at the type's width. */
    MUL,
    /** {@code div}: a / b, signed for {@code .s} types; division by 0 gives all ones. */
    DIV,
    /** {@code rem}: a % b, signed for {@code .s} types; remainder by 0 gives a. */
    REM,
    /** {@code and}: bitwise a &amp; b. */
    AND,
    /** {@code or}: bitwise a | b. */
    OR,
    /** {@code xor}: bitwise a ^ b. */
    XOR,
    /** {@code shl}: shift left; amounts of the width or more give 0. */
    SHL,
    /** {@code shr}: shift right, arithmetic for signed types; amounts clamped to the width. */
    SHR,
    /** {@code setp.eq}: 1 when a == b. */
    SETP_EQ,
    /** {@code setp.ne}: 1 when a != b. */
    SETP_NE,
    /** {@code setp.lt}: 1 when a &lt; b. */
    SETP_LT,
    /** {@code setp.le}: 1 when a &lt;= b. */
    SETP_LE,
    /** {@code setp.gt}: 1 when a &gt; b. */
    SETP_GT,
    /** {@code setp.ge}: 1 when a &gt;= b. */
    SETP_GE,
    /**
     * {@code mbarrier.pending_count.b64 count, state}: the pending arrival count recorded in an
     * opaque state that an arrive returned (one source; PTX ISA mbarrier.pending_count).
     */
    MBARRIER_PENDING_COUNT;

    /** {@return the PTX mnemonic, e.g. {@code add} or {@code setp.eq}} */
    public String ptxName() {
      if (this == MBARRIER_PENDING_COUNT) {
        return "mbarrier.pending_count";
      }
      String n = name().toLowerCase(java.util.Locale.ROOT);
      return n.startsWith("setp_") ? "setp." + n.substring(5) : n;
    }
  }

  /**
   * {@code add r1, r0, 1} and friends: {@code destination = sources[0] op sources[1]}. Touches
   * no memory: the model sees it only through dependencies (8.10.4).
   *
   * @param op the operation
   * @param destination the register written (without {@code %})
   * @param sources the operands, one for MOV, two otherwise
   * @param type the type: the width the result is truncated to and whether it is signed
   * @param position where the instruction starts in the source
   * @param text the instruction as written (trimmed)
   */
  record Local(
      LocalOp op,
      String destination,
      List<Operand> sources,
      DataType type,
      SourcePosition position,
      String text)
      implements Instruction {
    /**
     * Creates the record; the components are described above.
     *
     * @param op the operation
     * @param destination the register written (without {@code %})
     * @param sources the operands, one for MOV, two otherwise
     * @param type the type: the width the result is truncated to and whether it is signed
     * @param position where the instruction starts in the source
     * @param text the instruction as written (trimmed)
     */
    public Local {
      sources = List.copyOf(sources);
    }
  }

  /** Comparisons of conditional branches ({@code beq, bne, blt, bgt, ble, bge}). */
  enum BranchCondition {
    /** {@code beq}: left == right. */
    EQ,
    /** {@code bne}: left != right. */
    NE,
    /** {@code blt}: left &lt; right. */
    LT,
    /** {@code bgt}: left &gt; right. */
    GT,
    /** {@code ble}: left &lt;= right. */
    LE,
    /** {@code bge}: left &gt;= right. */
    GE
  }

  /**
   * {@code beq r1, 1, LC00}: jump when {@code left cond right}; its reads of {@code left} and
   * {@code right} are control dependencies of the po-later events (8.10.4).
   *
   * @param condition the comparison
   * @param left the first operand
   * @param right the second operand
   * @param target the label jumped to
   * @param position where the instruction starts in the source
   * @param text the instruction as written (trimmed)
   */
  record Branch(
      BranchCondition condition,
      Operand left,
      Operand right,
      String target,
      SourcePosition position,
      String text)
      implements Instruction {}

  /**
   * {@code goto LC00}: an unconditional jump.
   *
   * @param target the label jumped to
   * @param position where the instruction starts in the source
   * @param text the instruction as written (trimmed)
   */
  record Goto(String target, SourcePosition position, String text) implements Instruction {}
}
