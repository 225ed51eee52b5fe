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
      return mbarrierInitFence(s);
    }
    if (base.equals("mbarrier")) {
      return mbarrier(s);
    }
    if (base.equals("cp")) {
      return copy(s);
    }
    return asyncStore(s);
  }

  // ---- mbarrier ---------------------------------------------------------------------------

  private static final Set<String> SPACES = Set.of("shared", "shared::cta", "shared::cluster");

  /** Qualifiers common to mbarrier instructions: semantics, scope, space, .b64. */
  private static final class Common {
    Semantics sem;
    Scope scope;
    StateSpace space = StateSpace.GENERIC;
    boolean typed;
  }

  private static boolean common(Site s, Mnemonic.Piece p, Common c) {
    String q = p.text();
    if (Qualifiers.SEMANTICS.containsKey(q) && c.sem == null) {
      c.sem = Qualifiers.SEMANTICS.get(q);
    } else if ((q.equals("cta") || q.equals("cluster")) && c.scope == null) {
      c.scope = Qualifiers.SCOPES.get(q);
    } else if (SPACES.contains(q) && c.space == StateSpace.GENERIC) {
      c.space = Qualifiers.SPACES.get(q);
    } else if (q.equals("b64") && !c.typed) {
      c.typed = true;
    } else {
      return false;
    }
    return true;
  }

  private Instruction mbarrier(Site s) {
    List<Mnemonic.Piece> pieces = s.m().qualifiers();
    if (pieces.isEmpty()) {
      throw s.c().errorAt(s.m().offset(), "mbarrier needs an operation (.init, .arrive, ...)");
    }
    String op = pieces.get(0).text();
    Common c = new Common();
    boolean expectTx = false;
    boolean parity = false;
    for (Mnemonic.Piece p : pieces.subList(1, pieces.size())) {
      if (common(s, p, c)) {
        continue;
      }
      if (p.text().equals("expect_tx") && !expectTx
          && (op.equals("arrive") || op.equals("arrive_drop"))) {
        expectTx = true;
      } else if (p.text().equals("parity") && !parity
          && (op.equals("test_wait") || op.equals("try_wait"))) {
        parity = true;
      } else if (p.text().equals("noComplete")) {
        throw s.c().errorAt(p.offset(), "unsupported: mbarrier." + op + ".noComplete");
      } else {
        throw s.c().errorAt(p.offset(), "unknown or repeated qualifier '." + p.text()
            + "' on mbarrier." + op);
      }
    }
    return switch (op) {
      case "init" -> {
        if (c.sem != null || c.scope != null) {
          throw s.c().errorAt(s.m().offset(), "mbarrier.init takes no semantics or scope");
        }
        Address m = instructions.address(s);
        s.c().expect(",");
        yield new AsyncInstruction.MbarrierInit(m,
            ranged(s, 1, MAX_COUNT, "mbarrier.init count"), s.position(), s.text());
      }
      case "arrive", "arrive_drop" -> arrive(s, c, op.equals("arrive_drop"), expectTx);
      case "expect_tx", "complete_tx" -> {
        checkSem(s, c, Set.of(Semantics.RELAXED), Semantics.RELAXED);
        Address m = instructions.address(s);
        s.c().expect(",");
        Operand tx = ranged(s, 0, MAX_COUNT, "mbarrier." + op + " txCount");
        yield new AsyncInstruction.MbarrierUpdate(
            op.equals("expect_tx") ? MbarrierOp.EXPECT_TX : MbarrierOp.COMPLETE_TX,
            Optional.empty(), m, Operand.imm(0), tx, c.sem, scopeOrCta(c), c.space,
            s.position(), s.text());
      }
      case "test_wait", "try_wait" -> {
        checkSem(s, c, Set.of(Semantics.ACQUIRE, Semantics.RELAXED), Semantics.ACQUIRE);
        String dest = s.c().register("a predicate register");
        s.c().expect(",");
        Address m = instructions.address(s);
        s.c().expect(",");
        Operand phase = parity
            ? ranged(s, 0, 1, "mbarrier." + op + ".parity phaseParity")
            : InstructionParser.operand(s.c());
        if (op.equals("try_wait") && s.c().tryConsume(",")) {
          InstructionParser.operand(s.c()); // suspendTimeHint: no effect on the model
        }
        yield new AsyncInstruction.MbarrierWait(op.equals("try_wait"), parity, dest, m, phase,
            c.sem, scopeOrCta(c), s.position(), s.text());
      }
      default -> throw s.c().errorAt(pieces.get(0).offset(), "unsupported: mbarrier." + op);
    };
  }

  /**
   * Largest arrival count and tx-count the PTX ISA allows (mbarrier: counts 1..2^20-1,
   * tx-count -(2^20-1)..2^20-1).
   */
  static final long MAX_COUNT = (1L << 20) - 1;

  /**
   * An operand that, when it is a constant, must lie in {@code lo..hi} (the ranges of the PTX
   * ISA's mbarrier section); a register is taken as is. Throws a syntax error at the constant.
   */
  private static Operand ranged(Site s, long lo, long hi, String what) {
    s.c().skipTrivia();
    int at = s.c().pos();
    Operand o = InstructionParser.operand(s.c());
    if (o instanceof Operand.Imm i && (i.value() < lo || i.value() > hi)) {
      throw s.c().errorAt(at, what + " must be " + lo + ".." + hi + ", got " + i.value());
    }
    return o;
  }

  private Instruction arrive(Site s, Common c, boolean drop, boolean expectTx) {
    checkSem(s, c, Set.of(Semantics.RELEASE, Semantics.RELAXED), Semantics.RELEASE);
    Optional<String> state = Optional.empty();
    if (s.c().lookingAt("[")) {
      // PTX ISA mbarrier.arrive: the destination is a state register, or the sink _ (required
      // for .shared::cluster); chapter 8's examples (8.8) write `mbarrier.arrive.release [M]`.
      instructions.state().warn(s.m().offset(), "mbarrier." + (drop ? "arrive_drop" : "arrive")
          + " needs its destination (a state register or _) in PTX; the form of chapter 8's"
          + " examples is read as discarding the state (_)");
    } else {
      String dest = s.c().register("a state register or _");
      state = dest.equals("_") ? Optional.empty() : Optional.of(dest);
      s.c().expect(",");
    }
    Address m = instructions.address(s);
    Operand count = Operand.imm(1);
    Operand tx = Operand.imm(0);
    if (expectTx) {
      s.c().expect(",");
      tx = ranged(s, 0, MAX_COUNT, "mbarrier.arrive.expect_tx txCount");
    } else if (s.c().tryConsume(",")) {
      count = ranged(s, 1, MAX_COUNT, "mbarrier.arrive count");
    }
    MbarrierOp op =
        drop
            ? (expectTx ? MbarrierOp.ARRIVE_DROP_EXPECT_TX : MbarrierOp.ARRIVE_DROP)
            : (expectTx ? MbarrierOp.ARRIVE_EXPECT_TX : MbarrierOp.ARRIVE);
    return new AsyncInstruction.MbarrierUpdate(op, state, m, count, tx, c.sem, scopeOrCta(c),
        c.space, s.position(), s.text());
  }

  private static void checkSem(Site s, Common c, Set<Semantics> legal, Semantics fallback) {
    if (c.sem == null) {
      c.sem = fallback;
    } else if (!legal.contains(c.sem)) {
      throw s.c().errorAt(s.m().offset(), s.m().full() + ": mbarrier operation cannot be ."
          + c.sem.ptxName());
    }
  }

  private static Scope scopeOrCta(Common c) {
    return c.scope == null ? Scope.CTA : c.scope;
  }

  private static Instruction mbarrierInitFence(Site s) {
    List<String> q = s.m().qualifiers().stream().map(Mnemonic.Piece::text).toList();
    if (!q.equals(List.of("mbarrier_init", "release", "cluster"))) {
      throw s.c().errorAt(s.m().offset(), "expected fence.mbarrier_init.release.cluster");
    }
    return new AsyncInstruction.MbarrierInitFence(s.position(), s.text());
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
    return q.equals("ca") || q.equals("cg") || q.startsWith("level::") || q.equals("L2")
        || q.startsWith("L2::");
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
    if (n < 0 || n > 64) {
      throw s.c().errorAt(at, "wait_group needs a count 0..64");
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
    return new AsyncInstruction.CpAsyncMbarrierArrive(noinc, instructions.address(s),
        s.position(), s.text());
  }

  private Instruction copyData(Site s, CopyKind kind, List<Mnemonic.Piece> rest) {
    List<StateSpace> spaces = new ArrayList<>(2);
    Optional<Completion> completion = Optional.empty();
    Optional<Instruction.AtomicOp> reduction = Optional.empty();
    Semantics sem = Semantics.WEAK;
    Optional<Scope> scope = Optional.empty();
    Optional<Integer> elementBits = Optional.empty();
    for (Mnemonic.Piece p : rest) {
      String q = p.text();
      if (COPY_SPACES.containsKey(q) && spaces.size() < 2) {
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
    Address dst = instructions.address(s);
    s.c().expect(",");
    Address src = instructions.address(s);
    s.c().expect(",");
    s.c().skipTrivia();
    int sizeAt = s.c().pos();
    long size = s.c().number();
    if (kind == CopyKind.CP_ASYNC && size != 4 && size != 8 && size != 16) {
      throw s.c().errorAt(sizeAt, "cp.async copies 4, 8 or 16 bytes");
    }
    if (size <= 0 || size > 4096) {
      throw s.c().errorAt(sizeAt, "copy size must be 1..4096 bytes");
    }
    Optional<Address> mbarrier = Optional.empty();
    if (kind == CopyKind.CP_ASYNC) {
      if (s.c().tryConsume(",")) {
        InstructionParser.operand(s.c()); // src-size: the copy is modelled in full
      }
      completion = Optional.of(Completion.CP_ASYNC_GROUP);
    } else if (s.c().tryConsume(",")) {
      mbarrier = Optional.of(instructions.address(s));
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
    return new AsyncInstruction.AsyncCopy(kind, completion.get(), dst, dstSpace, src, srcSpace,
        size, mbarrier, reduction, sem, scope, elementBits, s.position(), s.text());
  }

  // ---- st.async / red.async ---------------------------------------------------------------

  private Instruction asyncStore(Site s) {
    boolean red = s.base().equals("red");
    Semantics sem = null;
    Optional<Scope> scope = Optional.empty();
    DataType type = DataType.UNTYPED;
    int vector = 0;
    Optional<Instruction.AtomicOp> op = Optional.empty();
    for (Mnemonic.Piece p : s.m().qualifiers()) {
      String q = p.text();
      if (q.equals("async") || q.equals("shared::cluster")
          || q.equals("mbarrier::complete_tx::bytes")) {
        continue;
      }
      if (Qualifiers.SEMANTICS.containsKey(q) && sem == null) {
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
            + s.base() + ".async");
      }
    }
    if (red) {
      // red.async: .relaxed.cluster by default (PTX ISA red.async).
      sem = sem == null ? Semantics.RELAXED : sem;
      scope = Optional.of(scope.orElse(Scope.CLUSTER));
      if (sem != Semantics.RELAXED && sem != Semantics.RELEASE) {
        throw s.c().errorAt(s.m().offset(), "red.async cannot be ." + sem.ptxName());
      }
      if (op.isEmpty()) {
        throw s.c().errorAt(s.m().offset(), "red.async needs an operation (.add, ...)");
      }
    } else {
      sem = sem == null ? Semantics.WEAK : sem;
      if (sem != Semantics.WEAK && sem != Semantics.RELAXED && sem != Semantics.RELEASE) {
        throw s.c().errorAt(s.m().offset(), "st.async cannot be ." + sem.ptxName());
      }
      if (sem == Semantics.WEAK && scope.isPresent()) {
        throw s.c().errorAt(s.m().offset(), "a weak access cannot have a scope");
      }
      if (sem != Semantics.WEAK && scope.isEmpty()) {
        throw s.c().errorAt(s.m().offset(), "scope required: '." + sem.ptxName()
            + "' needs .cluster, .gpu or .sys");
      }
    }
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
    s.c().expect(",");
    Address mbarrier = instructions.address(s);
    return new AsyncInstruction.AsyncStore(op, a, values, mbarrier, sem, scope, type,
        s.position(), s.text());
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
      case LAUNCH -> {
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
      addresses.add(st.mbarrier());
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
