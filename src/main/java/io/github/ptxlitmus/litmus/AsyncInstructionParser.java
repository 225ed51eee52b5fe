package io.github.ptxlitmus.litmus;

import io.github.ptxlitmus.litmus.AsyncInstruction.ApiOp;
import io.github.ptxlitmus.litmus.AsyncInstruction.Completion;
import io.github.ptxlitmus.litmus.AsyncInstruction.CopyKind;
import io.github.ptxlitmus.litmus.AsyncInstruction.MbarrierOp;
import io.github.ptxlitmus.litmus.InstructionParser.Site;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Parses the asynchronous instructions (mbarrier, cp.async, cp.async.bulk,
 * cp.reduce.async.bulk, st.async, red.async, fence.mbarrier_init) and the CUDA API calls of host
 * threads, and rejects {@code wgmma.mma_async} and multimem operations (8.2.3) as unsupported.
 * Defaults follow the PTX ISA instruction sections: mbarrier arrivals {@code .release.cta},
 * waits {@code .acquire.cta}, {@code red.async} {@code .relaxed.cluster}.
 */
final class AsyncInstructionParser {
  private final InstructionParser instructions;

  AsyncInstructionParser(InstructionParser instructions) {
    this.instructions = instructions;
  }

  /** True when {@code s} is an instruction of this parser (or one it rejects). */
  static boolean handles(Site s) {
    String base = s.base();
    return base.equals("mbarrier")
        || base.equals("cp")
        || base.equals("wgmma")
        || base.equals("multimem")
        || base.startsWith("cuda")
        || ((base.equals("st") || base.equals("red")) && s.m().has("async"))
        || (base.equals("fence") && s.m().has("mbarrier_init"));
  }

  Instruction parse(Site s) {
    String base = s.base();
    if (base.equals("wgmma")) {
      throw s.c().errorAt(s.m().offset(), "unsupported: " + s.m().full()
          + " (wgmma.mma_async is outside the modelled asynchronous operations, 8.9.1.1)");
    }
    if (base.equals("multimem")) {
      throw s.c().errorAt(s.m().offset(), "unsupported: " + s.m().full()
          + " (multimem addresses, 8.2.3)");
    }
    if (base.startsWith("cuda")) {
      return apiCall(s);
    }
    if (base.equals("fence")) {
      return MbarrierParser.mbarrierInitFence(s);
    }
    if (base.equals("mbarrier")) {
      return new MbarrierParser(instructions).parse(s);
    }
    if (base.equals("cp")) {
      return copy(s);
    }
    return asyncStore(s);
  }

  // ---- copies -----------------------------------------------------------------------------

  private static final Map<String, StateSpace> COPY_SPACES =
      Map.of(
          "global", StateSpace.GLOBAL,
          "shared", StateSpace.SHARED_CTA,
          "shared::cta", StateSpace.SHARED_CTA,
          "shared::cluster", StateSpace.SHARED_CLUSTER);

  /** Cache hints and similar qualifiers: no effect on the memory model. */
  private static boolean ignorable(String q) {
    return q.startsWith("level::") || q.equals("L2") || q.startsWith("L2::");
  }

  private Instruction copy(Site s) {
    List<Mnemonic.Piece> pieces = s.m().qualifiers();
    List<String> words = pieces.stream().map(Mnemonic.Piece::text).toList();
    boolean reduce = !words.isEmpty() && words.get(0).equals("reduce");
    int at = reduce ? 1 : 0;
    if (words.size() <= at || !words.get(at).equals("async")) {
      throw s.c().errorAt(s.m().offset(), "unsupported: " + s.m().full());
    }
    at++;
    boolean bulk = words.size() > at && words.get(at).equals("bulk");
    if (bulk) {
      at++;
    }
    List<Mnemonic.Piece> rest = pieces.subList(at, pieces.size());
    List<String> restWords = words.subList(at, words.size());
    if (!reduce && !bulk) {
      if (restWords.equals(List.of("commit_group"))) {
        return new AsyncInstruction.CommitGroup(false, s.position(), s.text());
      }
      if (restWords.equals(List.of("wait_group"))) {
        return new AsyncInstruction.WaitGroup(false, false, false, pending(s), s.position(),
            s.text());
      }
      if (restWords.equals(List.of("wait_all"))) {
        return new AsyncInstruction.WaitGroup(false, false, true, 0, s.position(), s.text());
      }
      if (!restWords.isEmpty() && restWords.get(0).equals("mbarrier")) {
        return cpAsyncMbarrierArrive(s, rest.subList(1, rest.size()));
      }
    }
    if (bulk && !reduce) {
      if (restWords.equals(List.of("commit_group"))) {
        return new AsyncInstruction.CommitGroup(true, s.position(), s.text());
      }
      if (!restWords.isEmpty() && restWords.get(0).equals("wait_group")) {
        boolean read = restWords.equals(List.of("wait_group", "read"));
        if (restWords.size() > 1 && !read) {
          throw s.c().errorAt(rest.get(1).offset(), "unknown qualifier '." + restWords.get(1)
              + "'");
        }
        return new AsyncInstruction.WaitGroup(true, read, false, pending(s), s.position(),
            s.text());
      }
      if (!restWords.isEmpty()
          && (restWords.get(0).equals("tensor") || restWords.get(0).equals("prefetch"))) {
        throw s.c().errorAt(rest.get(0).offset(), "unsupported: " + s.m().full()
            + " (tensor maps and prefetches are not modelled)");
      }
    }
    if (reduce && !bulk) {
      throw s.c().errorAt(s.m().offset(), "unsupported: " + s.m().full());
    }
    return copyData(s, reduce ? CopyKind.REDUCE_BULK : bulk ? CopyKind.BULK : CopyKind.CP_ASYNC,
        rest);
  }

  private static long pending(Site s) {
    s.c().skipTrivia();
    int at = s.c().pos();
    long n = s.c().number();
    if (n < 0 || n > Integer.MAX_VALUE) {
      throw s.c().errorAt(at, "wait_group needs a count 0.." + Integer.MAX_VALUE + ", got "
          + s.c().source().text().substring(at, s.c().pos()));
    }
    return n;
  }

  private Instruction cpAsyncMbarrierArrive(Site s, List<Mnemonic.Piece> rest) {
    boolean noinc = false;
    boolean arrive = false;
    for (Mnemonic.Piece p : rest) {
      switch (p.text()) {
        case "arrive" -> arrive = true;
        case "noinc" -> noinc = true;
        case "shared", "shared::cta", "b64" -> { }
        default -> throw s.c().errorAt(p.offset(), "unknown qualifier '." + p.text() + "'");
      }
    }
    if (!arrive) {
      throw s.c().errorAt(s.m().offset(), "expected cp.async.mbarrier.arrive");
    }
    s.c().skipTrivia();
    int at = s.c().pos();
    Address m = instructions.address(s);
    MbarrierParser.requireShared(s, m, at, instructions.state());
    return new AsyncInstruction.CpAsyncMbarrierArrive(noinc, m, s.position(), s.text());
  }

  private Instruction copyData(Site s, CopyKind kind, List<Mnemonic.Piece> rest) {
    List<StateSpace> spaces = new ArrayList<>(2);
    Optional<Completion> completion = Optional.empty();
    Optional<Instruction.AtomicOp> reduction = Optional.empty();
    Semantics sem = Semantics.WEAK;
    Optional<Scope> scope = Optional.empty();
    Optional<Integer> elementBits = Optional.empty();
    Optional<String> typeText = Optional.empty();
    Optional<String> cache = Optional.empty();
    for (Mnemonic.Piece p : rest) {
      String q = p.text();
      if ((q.equals("ca") || q.equals("cg")) && cache.isEmpty()) {
        cache = Optional.of(q);
      } else if (COPY_SPACES.containsKey(q) && spaces.size() < 2) {
        spaces.add(COPY_SPACES.get(q));
      } else if (q.equals("mbarrier::complete_tx::bytes") && completion.isEmpty()) {
        completion = Optional.of(Completion.MBARRIER);
      } else if (q.equals("bulk_group") && completion.isEmpty()) {
        completion = Optional.of(Completion.BULK_GROUP);
      } else if ((q.equals("relaxed") || q.equals("release")) && sem == Semantics.WEAK
          && kind != CopyKind.CP_ASYNC) {
        sem = Qualifiers.SEMANTICS.get(q);
      } else if (Qualifiers.SCOPES.containsKey(q) && scope.isEmpty()) {
        scope = Optional.of(Qualifiers.SCOPES.get(q));
      } else if (kind == CopyKind.REDUCE_BULK && Qualifiers.ATOMIC_OPS.containsKey(q)
          && reduction.isEmpty()) {
        reduction = Optional.of(Qualifiers.ATOMIC_OPS.get(q));
      } else if (Qualifiers.TYPES.containsKey(q) && elementBits.isEmpty()) {
        int bits = Qualifiers.TYPES.get(q).bits();
        elementBits = Optional.of(Math.min(bits, 64));
        typeText = Optional.of(q);
      } else if (q.startsWith("multicast")) {
        throw s.c().errorAt(p.offset(), "unsupported: " + s.m().full() + " (multicast)");
      } else if (!ignorable(q)) {
        throw s.c().errorAt(p.offset(), "unknown or repeated qualifier '." + q + "' on "
            + s.m().full());
      }
    }
    if (sem != Semantics.WEAK && scope.isEmpty()) {
      throw s.c().errorAt(s.m().offset(), "scope required: '." + sem.ptxName()
          + "' needs .cta, .cluster, .gpu or .sys");
    }
    if (sem == Semantics.WEAK && scope.isPresent()) {
      throw s.c().errorAt(s.m().offset(), "a weak copy cannot have a scope");
    }
    if (kind == CopyKind.REDUCE_BULK && reduction.isEmpty()) {
      throw s.c().errorAt(s.m().offset(), "cp.reduce.async.bulk needs an operation (.add, ...)");
    }
    CopyRules.qualifiers(s, kind, spaces, cache, sem, typeText, reduction,
        instructions.state());
    Address dst = instructions.address(s);
    s.c().expect(",");
    Address src = instructions.address(s);
    s.c().expect(",");
    s.c().skipTrivia();
    int sizeAt = s.c().pos();
    long size = s.c().number();
    CopyRules.size(s, kind, cache, size, sizeAt);
    if (kind == CopyKind.CP_ASYNC && size != 4 && size != 8 && size != 16) {
      throw s.c().errorAt(sizeAt, "cp.async copies 4, 8 or 16 bytes");
    }
    if (size <= 0 || size > 4096) {
      throw s.c().errorAt(sizeAt, "copy size must be 1..4096 bytes");
    }
    Optional<Address> mbarrier = Optional.empty();
    if (kind == CopyKind.CP_ASYNC) {
      if (s.c().tryConsume(",")) {
        CopyRules.sourceSize(s, size);
      }
      completion = Optional.of(Completion.CP_ASYNC_GROUP);
    } else if (s.c().tryConsume(",")) {
      s.c().skipTrivia();
      int at = s.c().pos();
      mbarrier = Optional.of(instructions.address(s));
      MbarrierParser.requireShared(s, mbarrier.get(), at, instructions.state());
    }
    if (kind != CopyKind.CP_ASYNC) {
      if (completion.isEmpty()) {
        completion = Optional.of(mbarrier.isPresent() ? Completion.MBARRIER
            : Completion.BULK_GROUP);
      }
      if ((completion.get() == Completion.MBARRIER) != mbarrier.isPresent()) {
        throw s.c().errorAt(s.m().offset(), completion.get() == Completion.MBARRIER
            ? "an mbarrier::complete_tx copy needs an mbarrier operand"
            : "a bulk_group copy takes no mbarrier operand");
      }
    }
    // Defaults of the PTX ISA: cp.async copies global -> shared::cta; an mbarrier-completed
    // bulk copy writes shared::cluster from global; a bulk_group copy writes global from
    // shared::cta.
    StateSpace dstSpace;
    StateSpace srcSpace;
    if (spaces.size() == 2) {
      dstSpace = spaces.get(0);
      srcSpace = spaces.get(1);
    } else if (kind == CopyKind.CP_ASYNC) {
      dstSpace = StateSpace.SHARED_CTA;
      srcSpace = StateSpace.GLOBAL;
    } else if (completion.get() == Completion.MBARRIER) {
      dstSpace = StateSpace.SHARED_CLUSTER;
      srcSpace = spaces.isEmpty() ? StateSpace.GLOBAL : spaces.get(0);
    } else {
      dstSpace = spaces.isEmpty() ? StateSpace.GLOBAL : spaces.get(0);
      srcSpace = StateSpace.SHARED_CTA;
    }
    CopyRules.spaces(s, kind, completion.get(), dstSpace, srcSpace);
    return new AsyncInstruction.AsyncCopy(kind, completion.get(), dst, dstSpace, src, srcSpace,
        size, mbarrier, reduction, sem, scope, elementBits, s.position(), s.text());
  }

  // ---- st.async / red.async ---------------------------------------------------------------

  /**
   * {@code st.async} and {@code red.async} in the two forms of the PTX ISA: to remote shared
   * memory with an mbarrier completion ({@code st.async{.weak}{.shared::cluster}
   * .mbarrier::complete_tx::bytes{.v2,.v4}.type [a], b, [M]}, {@code
   * red.async.relaxed{.cluster}{.shared::cluster}.mbarrier::complete_tx::bytes.op.type [a], b,
   * [M]}), or to global memory without one ({@code st.async{.mmio}.release.{gpu,sys}{.global}
   * .type [a], b}, {@code red.async{.mmio}.{release,relaxed}.{gpu,sys}{.global}.op.type [a],
   * b}).
   */
  private Instruction asyncStore(Site s) {
    boolean red = s.base().equals("red");
    String name = red ? "red.async" : "st.async";
    Semantics sem = null;
    Optional<Scope> scope = Optional.empty();
    DataType type = DataType.UNTYPED;
    int vector = 0;
    boolean mmio = false;
    boolean completion = false;
    StateSpace space = null;
    Optional<Instruction.AtomicOp> op = Optional.empty();
    for (Mnemonic.Piece p : s.m().qualifiers()) {
      String q = p.text();
      if (q.equals("async")) {
        continue;
      }
      if (q.equals("shared::cluster") && space == null) {
        space = StateSpace.SHARED_CLUSTER;
      } else if (q.equals("global") && space == null) {
        space = StateSpace.GLOBAL;
      } else if (q.equals("mbarrier::complete_tx::bytes") && !completion) {
        completion = true;
      } else if (q.equals("mmio") && !mmio) {
        mmio = true;
      } else if (Qualifiers.SEMANTICS.containsKey(q) && sem == null) {
        sem = Qualifiers.SEMANTICS.get(q);
      } else if (Qualifiers.SCOPES.containsKey(q) && scope.isEmpty()) {
        scope = Optional.of(Qualifiers.SCOPES.get(q));
      } else if (Qualifiers.TYPES.containsKey(q) && type.isUntyped()) {
        type = Qualifiers.TYPES.get(q);
      } else if (Qualifiers.VECTORS.containsKey(q) && vector == 0 && !red) {
        vector = Qualifiers.VECTORS.get(q);
      } else if (red && Qualifiers.ATOMIC_OPS.containsKey(q) && op.isEmpty()) {
        op = Optional.of(Qualifiers.ATOMIC_OPS.get(q));
      } else {
        throw s.c().errorAt(p.offset(), "unknown or repeated qualifier '." + q + "' on "
            + name);
      }
    }
    if (red && op.isEmpty()) {
      throw s.c().errorAt(s.m().offset(), "red.async needs an operation (.add, ...)");
    }
    boolean global = space == StateSpace.GLOBAL
        || (space == null && !completion && scope.isPresent()
            && (scope.get() == Scope.GPU || scope.get() == Scope.SYS));
    if (global) {
      asyncGlobalRules(s, name, red, sem, scope, completion, vector);
      if (mmio && sem != Semantics.RELEASE) {
        throw s.c().errorAt(s.m().offset(), "'.mmio' on " + name + " needs .release");
      }
    } else {
      if (red && scope.isEmpty()) {
        throw s.c().errorAt(s.m().offset(), "red.async to .shared::cluster needs"
            + " .relaxed.cluster written out");
      }
      sem = asyncSharedRules(s, name, red, sem, scope, completion, mmio);
      scope = red ? Optional.of(Scope.CLUSTER) : Optional.empty();
    }
    asyncTypes(s, name, red, global, op, type, vector);
    Address a = instructions.address(s);
    s.c().expect(",");
    List<Operand> values = new ArrayList<>();
    if (vector > 0) {
      s.c().expect("{");
      do {
        values.add(InstructionParser.operand(s.c()));
      } while (s.c().tryConsume(","));
      s.c().expect("}");
      if (values.size() != vector) {
        throw s.c().error(".v" + vector + " needs " + vector + " elements, found "
            + values.size());
      }
    } else {
      values.add(InstructionParser.operand(s.c()));
    }
    Optional<Address> mbarrier = Optional.empty();
    if (global) {
      if (s.c().lookingAt(",")) {
        throw s.c().error(name + " to global memory takes no mbarrier operand (it has no"
            + " completion mechanism)");
      }
    } else {
      s.c().expect(",");
      s.c().skipTrivia();
      int at = s.c().pos();
      mbarrier = Optional.of(instructions.address(s));
      MbarrierParser.requireShared(s, mbarrier.get(), at, instructions.state());
    }
    return new AsyncInstruction.AsyncStore(op, a, values, mbarrier, sem, scope,
        global ? StateSpace.GLOBAL : StateSpace.SHARED_CLUSTER, mmio, type, s.position(),
        s.text());
  }

  private static final Set<String> ST_ASYNC_SHARED_TYPES =
      Set.of("b32", "b64", "u32", "u64", "s32", "s64", "f32", "f64");
  private static final Set<String> ST_ASYNC_GLOBAL_TYPES = Set.of("b8", "b16", "b32", "b64",
      "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "f32", "f64");
  private static final java.util.Map<Instruction.AtomicOp, Set<String>> RED_ASYNC_TYPES =
      java.util.Map.of(
          Instruction.AtomicOp.ADD, Set.of("u32", "s32", "u64"),
          Instruction.AtomicOp.MIN, Set.of("u32", "s32"),
          Instruction.AtomicOp.MAX, Set.of("u32", "s32"),
          Instruction.AtomicOp.INC, Set.of("u32"),
          Instruction.AtomicOp.DEC, Set.of("u32"),
          Instruction.AtomicOp.AND, Set.of("b32"),
          Instruction.AtomicOp.OR, Set.of("b32"),
          Instruction.AtomicOp.XOR, Set.of("b32"));

  /** The types each form takes (PTX ISA st.async, red.async); vectors of at most 128 bits. */
  private static void asyncTypes(Site s, String name, boolean red, boolean global,
      Optional<Instruction.AtomicOp> op, DataType type, int vector) {
    String t = s.m().qualifiers().stream().map(Mnemonic.Piece::text)
        .filter(Qualifiers.TYPES::containsKey).findFirst().orElse(null);
    if (t == null) {
      throw s.c().errorAt(s.m().offset(), name + " needs a type (.b32, .u64, ...)");
    }
    Set<String> legal = red ? RED_ASYNC_TYPES.getOrDefault(op.orElseThrow(), Set.of())
        : global ? ST_ASYNC_GLOBAL_TYPES : ST_ASYNC_SHARED_TYPES;
    if (!legal.contains(t)) {
      String what = red ? name + "." + op.get().ptxName() : name
          + (global ? " to global memory" : " to .shared::cluster");
      throw s.c().errorAt(s.m().offset(), what + " has no ." + t + " (it takes "
          + String.join(", ", legal.stream().sorted().map(x -> "." + x).toList()) + ")");
    }
    if (vector > 0 && (long) type.bits() * vector > 128) {
      throw s.c().errorAt(s.m().offset(), name + ".v" + vector + "." + t + " is "
          + type.bits() * vector + " bits: st.async moves at most 128 bits");
    }
  }

  /** The global form: release (red: or relaxed) at .gpu or .sys, no mbarrier, no vector. */
  private static void asyncGlobalRules(Site s, String name, boolean red, Semantics sem,
      Optional<Scope> scope, boolean completion, int vector) {
    if (sem == null || !(sem == Semantics.RELEASE || (red && sem == Semantics.RELAXED))) {
      throw s.c().errorAt(s.m().offset(), name + " to global memory needs "
          + (red ? ".release or .relaxed" : ".release") + " with .gpu or .sys"
          + (sem == null ? "" : ", not ." + sem.ptxName()));
    }
    if (scope.isEmpty() || !(scope.get() == Scope.GPU || scope.get() == Scope.SYS)) {
      throw s.c().errorAt(s.m().offset(), name + "." + sem.ptxName()
          + " to global memory needs .gpu or .sys scope");
    }
    if (completion) {
      throw s.c().errorAt(s.m().offset(), name + " to global memory has no completion"
          + " mechanism (.mbarrier::complete_tx::bytes is for .shared::cluster)");
    }
    if (vector > 0) {
      throw s.c().errorAt(s.m().offset(), name + " to global memory takes no vector");
    }
  }

  /**
   * The shared::cluster form: an mbarrier completion; st.async weak, red.async relaxed at
   * cluster scope (the release forms exist only for global memory).
   *
   * @return the semantics
   */
  private static Semantics asyncSharedRules(Site s, String name, boolean red, Semantics sem,
      Optional<Scope> scope, boolean completion, boolean mmio) {
    if (!completion) {
      throw s.c().errorAt(s.m().offset(), name + " to .shared::cluster needs its completion"
          + " mechanism .mbarrier::complete_tx::bytes");
    }
    if (mmio) {
      throw s.c().errorAt(s.m().offset(), "'.mmio' is only for " + name
          + " to global memory");
    }
    if (red) {
      if (sem != Semantics.RELAXED) {
        throw s.c().errorAt(s.m().offset(), "red.async to .shared::cluster needs .relaxed"
            + (sem == null ? "" : ", not ." + sem.ptxName()
            + (sem == Semantics.RELEASE ? " (.release is for red.async to global memory)"
            : "")));
      }
      if (scope.isPresent() && scope.get() != Scope.CLUSTER) {
        throw s.c().errorAt(s.m().offset(), "red.async to .shared::cluster has .cluster"
            + " scope, not ." + scope.get().ptxName());
      }
      return Semantics.RELAXED;
    }
    if (sem != null && sem != Semantics.WEAK) {
      throw s.c().errorAt(s.m().offset(), "st.async to .shared::cluster is weak, not ."
          + sem.ptxName() + (sem == Semantics.RELEASE
          ? " (st.async.release is for global memory: st.async.release.gpu.global)" : ""));
    }
    if (scope.isPresent() && (sem != null || scope.get() != Scope.CLUSTER)) {
      throw s.c().errorAt(s.m().offset(), sem != null ? "a weak access cannot have a scope"
          : "st.async to .shared::cluster takes no scope but .cluster");
    }
    return Semantics.WEAK;
  }

  // ---- CUDA API ---------------------------------------------------------------------------

  private static Instruction apiCall(Site s) {
    ApiOp op = null;
    for (ApiOp o : ApiOp.values()) {
      if (o.callName().equals(s.base())) {
        op = o;
      }
    }
    if (op == null || !s.m().qualifiers().isEmpty()) {
      throw s.c().errorAt(s.m().offset(), "unsupported: " + s.m().full()
          + " (API calls: " + String.join(", ", java.util.Arrays.stream(ApiOp.values())
              .map(ApiOp::callName).toList()) + ")");
    }
    Optional<String> kernel = Optional.empty();
    Optional<String> stream = Optional.empty();
    Optional<String> event = Optional.empty();
    switch (op) {
      case LAUNCH_KERNEL -> {
        kernel = Optional.of(name(s.c(), "a kernel name"));
        stream = Optional.of(s.c().tryConsume(",") ? name(s.c(), "a stream") : "0");
      }
      case STREAM_SYNCHRONIZE -> stream = Optional.of(name(s.c(), "a stream"));
      case DEVICE_SYNCHRONIZE -> { }
      case EVENT_RECORD -> {
        event = Optional.of(name(s.c(), "an event"));
        stream = Optional.of(s.c().tryConsume(",") ? name(s.c(), "a stream") : "0");
      }
      case STREAM_WAIT_EVENT -> {
        stream = Optional.of(name(s.c(), "a stream"));
        s.c().expect(",");
        event = Optional.of(name(s.c(), "an event"));
      }
      case EVENT_SYNCHRONIZE -> event = Optional.of(name(s.c(), "an event"));
      default -> throw new IllegalStateException(op.name());
    }
    return new AsyncInstruction.ApiCall(op, kernel, stream, event, s.position(), s.text());
  }

  /** A kernel, stream or event name: an identifier or a number ({@code 0}). */
  private static String name(Cursor c, String what) {
    if (c.atNumber()) {
      return Long.toString(c.number());
    }
    return c.identifier(what);
  }

  // ---- registers --------------------------------------------------------------------------

  /** The registers an asynchronous instruction reads or writes (for condition checks). */
  static void registers(AsyncInstruction i, java.util.Set<String> out) {
    List<Operand> ops = new ArrayList<>();
    List<Address> addresses = new ArrayList<>();
    if (i instanceof AsyncInstruction.MbarrierInit m) {
      addresses.add(m.mbarrier());
      ops.add(m.count());
    } else if (i instanceof AsyncInstruction.MbarrierInval m) {
      addresses.add(m.mbarrier());
    } else if (i instanceof AsyncInstruction.MbarrierUpdate u) {
      u.state().ifPresent(out::add);
      addresses.add(u.mbarrier());
      ops.add(u.count());
      ops.add(u.tx());
    } else if (i instanceof AsyncInstruction.MbarrierWait w) {
      out.add(w.destination());
      addresses.add(w.mbarrier());
      ops.add(w.phase());
    } else if (i instanceof AsyncInstruction.AsyncCopy c) {
      addresses.add(c.destination());
      addresses.add(c.source());
      c.mbarrier().ifPresent(addresses::add);
    } else if (i instanceof AsyncInstruction.AsyncStore st) {
      addresses.add(st.address());
      st.mbarrier().ifPresent(addresses::add);
      ops.addAll(st.values());
    } else if (i instanceof AsyncInstruction.CpAsyncMbarrierArrive a) {
      addresses.add(a.mbarrier());
    }
    for (Address a : addresses) {
      if (a.isRegister()) {
        out.add(a.name());
      }
    }
    for (Operand o : ops) {
      if (o instanceof Operand.Reg r) {
        out.add(r.name());
      }
    }
  }
}
