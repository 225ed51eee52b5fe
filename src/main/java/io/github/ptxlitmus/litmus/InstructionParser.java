package io.github.ptxlitmus.litmus;

import io.github.ptxlitmus.litmus.Instruction.AtomicOp;
import io.github.ptxlitmus.litmus.Instruction.BranchCondition;
import io.github.ptxlitmus.litmus.Instruction.LocalOp;
import io.github.ptxlitmus.litmus.Qualifiers.Kind;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Parses the instruction cells of a thread: an optional label {@code LC00:} and one
 * instruction, in Dat3M short form or real PTX syntax (qualifiers in any order). Instruction
 * kinds are recognised through the {@link #HANDLERS} table; memory-access qualifiers through
 * {@link MemoryQualifiers}. PTX defaults (8.4) are applied here.
 */
final class InstructionParser {
  /** The instruction being parsed: cursor after the mnemonic, thread, position, text. */
  record Site(Cursor c, int thread, Mnemonic m, SourcePosition position, String text) {
    String base() {
      return m.base();
    }
  }

  @FunctionalInterface
  private interface Handler {
    Instruction parse(InstructionParser parser, Site site);
  }

  private static final Map<String, Handler> HANDLERS =
      Map.ofEntries(
          Map.entry("ld", (p, s) -> p.load(s, Proxy.GENERIC)),
          Map.entry("tld", (p, s) -> p.load(s, Proxy.TEXTURE)),
          Map.entry("suld", (p, s) -> p.load(s, Proxy.SURFACE)),
          Map.entry("cold", (p, s) -> p.load(s, Proxy.CONSTANT)),
          Map.entry("st", (p, s) -> p.store(s, Proxy.GENERIC)),
          Map.entry("sust", (p, s) -> p.store(s, Proxy.SURFACE)),
          Map.entry("atom", (p, s) -> p.rmw(s, false, Proxy.GENERIC)),
          Map.entry("red", (p, s) -> p.rmw(s, true, Proxy.GENERIC)),
          Map.entry("suatom", (p, s) -> p.rmw(s, false, Proxy.SURFACE)),
          Map.entry("sured", (p, s) -> p.rmw(s, true, Proxy.SURFACE)),
          Map.entry("fence", InstructionParser::fence),
          Map.entry("membar", InstructionParser::membar),
          Map.entry("bar", (p, s) -> new BarrierParser(p.state).barrier(s)),
          Map.entry("barrier", (p, s) -> new BarrierParser(p.state).barrier(s)),
          Map.entry("goto", InstructionParser::jump),
          Map.entry("bra", InstructionParser::jump),
          Map.entry("setp", InstructionParser::setp));

  /** The one-word register operations ({@code mov}, {@code add}, ...) by mnemonic. */
  private static final Map<String, LocalOp> LOCAL_OPS = Map.copyOf(mnemonics(""));

  private static final Map<String, BranchCondition> BRANCHES =
      Map.of(
          "beq", BranchCondition.EQ, "bne", BranchCondition.NE, "blt", BranchCondition.LT,
          "bgt", BranchCondition.GT, "ble", BranchCondition.LE, "bge", BranchCondition.GE);

  private static final Map<String, Instruction.ProxyFenceKind> PROXY_FENCES =
      Map.of(
          "alias", Instruction.ProxyFenceKind.ALIAS,
          "texture", Instruction.ProxyFenceKind.TEXTURE,
          "surface", Instruction.ProxyFenceKind.SURFACE,
          "constant", Instruction.ProxyFenceKind.CONSTANT,
          "async", Instruction.ProxyFenceKind.ASYNC,
          "async.global", Instruction.ProxyFenceKind.ASYNC_GLOBAL,
          "async.shared::cta", Instruction.ProxyFenceKind.ASYNC_SHARED_CTA,
          "async.shared::cluster", Instruction.ProxyFenceKind.ASYNC_SHARED_CLUSTER);

  private static final Map<String, Semantics> FENCE_SEMANTICS =
      Map.of(
          "sc", Semantics.SC, "acq_rel", Semantics.ACQ_REL, "acquire", Semantics.ACQUIRE,
          "release", Semantics.RELEASE);

  private static final Map<String, Scope> MEMBAR_SCOPES =
      Map.of("cta", Scope.CTA, "gl", Scope.GPU, "sys", Scope.SYS);

  /** Real PTX instructions outside the modelled subset: reported as unsupported. */
  private static final Set<String> UNSUPPORTED =
      Set.of(
          "mbarrier", "cp", "wgmma", "tcgen05", "multimem", "cvta", "setp", "selp", "prefetch",
          "prefetchu", "discard", "applypriority", "createpolicy", "isspacep", "griddepcontrol",
          "elect", "ldu", "ldmatrix", "stmatrix", "mma", "wmma", "tensormap",
          "clusterlaunchcontrol", "getctarank", "mapa", "activemask", "vote", "shfl", "match",
          "redux", "nanosleep", "trap", "exit", "ret", "call", "cvt", "abs", "neg", "min", "max",
          "not", "cnot", "popc", "clz", "fma", "mad", "sqrt", "testp", "slct",
          "set", "brev", "bfe", "bfi", "prmt", "rcp", "lop3", "tex", "tld4", "txq", "suq",
          "brx", "alloca", "stacksave", "stackrestore", "pmevent", "istypep", "dp4a", "dp2a");

  private static final Set<Kind> LOAD_QUALIFIERS =
      EnumSet.of(Kind.SEMANTICS, Kind.MMIO, Kind.SCOPE, Kind.SPACE, Kind.TYPE, Kind.VECTOR,
          Kind.CACHE, Kind.NON_COHERENT);
  private static final Set<Kind> STORE_QUALIFIERS =
      EnumSet.of(Kind.SEMANTICS, Kind.MMIO, Kind.SCOPE, Kind.SPACE, Kind.TYPE, Kind.VECTOR,
          Kind.CACHE);
  private static final Set<Kind> RMW_QUALIFIERS =
      EnumSet.of(Kind.SEMANTICS, Kind.SCOPE, Kind.SPACE, Kind.TYPE, Kind.OPERATION,
          Kind.FLOAT_MODE);

  private final ParseState state;

  InstructionParser(ParseState state) {
    this.state = state;
  }

  /** {@return the parse state (warnings, names)} */
  ParseState state() {
    return state;
  }

  /** The instructions of the cell {@code [start, end)} of thread {@code thread}: 0, 1 or 2. */
  List<Instruction> parseCell(int start, int end, int thread) {
    SourceText src = state.source;
    Cursor c = new Cursor(src, start, end);
    int trimmedEnd = end;
    while (trimmedEnd > start && Character.isWhitespace(src.charAt(trimmedEnd - 1))) {
      trimmedEnd--;
    }
    List<Instruction> out = new ArrayList<>(1);
    c.skipTrivia();
    if (c.atEnd()) {
      return out;
    }
    int at = c.pos();
    if (Cursor.isIdentStart(c.peek())) {
      String name = c.identifier("a label");
      if (c.lookingAt(":") && !c.lookingAt("::")) {
        c.next();
        out.add(new Instruction.Label(name, src.position(at),
            src.text().substring(at, c.pos())));
        c.skipTrivia();
        if (c.atEnd()) {
          return out;
        }
      } else {
        c.seek(at);
      }
    }
    at = c.pos();
    if (c.peek() == '@') {
      out.add(predicatedBranch(c, thread, at, trimmedEnd));
      c.skipTrivia();
      if (!c.atEnd()) {
        throw c.error("unexpected " + c.describeNext() + " after the instruction");
      }
      return out;
    }
    Mnemonic m = Mnemonic.read(c);
    Site site = new Site(c, thread, m, src.position(at),
        src.text().substring(at, Math.max(at, trimmedEnd)).trim());
    out.add(dispatch(site));
    c.skipTrivia();
    if (!c.atEnd()) {
      throw c.error("unexpected " + c.describeNext() + " after the instruction");
    }
    return out;
  }

  /**
   * {@code @p bra L} / {@code @!p bra L}: branch when the predicate register is non-zero
   * (zero). Other predicated instructions are not supported.
   */
  private Instruction predicatedBranch(Cursor c, int thread, int at, int trimmedEnd) {
    SourceText src = state.source;
    c.next(); // '@'
    boolean negated = c.tryConsume("!");
    String predicate = c.register("a predicate register");
    c.skipTrivia();
    int mnemonicAt = c.pos();
    Mnemonic m = Mnemonic.read(c);
    if (!m.base().equals("bra")) {
      throw c.errorAt(mnemonicAt, "unsupported: predicated " + m.full() + " (only @p bra)");
    }
    Site site = new Site(c, thread, m, src.position(at),
        src.text().substring(at, Math.max(at, trimmedEnd)).trim());
    String target = ((Instruction.Goto) jump(site)).target();
    return new Instruction.Branch(
        negated ? BranchCondition.EQ : BranchCondition.NE, Operand.reg(predicate),
        Operand.imm(0), target, site.position, site.text);
  }

  /** {@code setp.<cmp>.<type> p, a, b}. */
  private Instruction setp(Site s) {
    LocalOp op = null;
    String cmpText = null;
    Optional<String> typeText = Optional.empty();
    DataType type = DataType.UNTYPED;
    for (Mnemonic.Piece p : s.m.qualifiers()) {
      LocalOp cmp = SETP_OPS.get(p.text());
      if (cmp != null && op == null) {
        op = cmp;
        cmpText = p.text();
      } else if (Qualifiers.TYPES.containsKey(p.text()) && type.isUntyped()) {
        type = Qualifiers.TYPES.get(p.text());
        typeText = Optional.of(p.text());
      } else {
        throw s.c.errorAt(p.offset(), "unknown qualifier '." + p.text() + "'");
      }
    }
    if (op == null) {
      throw s.c.errorAt(s.m.offset(), "setp needs a comparison (.eq, .ne, .lt, .le, .gt, .ge)");
    }
    PtxFormRules.setp(s, cmpText, typeText);
    String destination = s.c.register("a destination register");
    s.c.expect(",");
    Operand a = operand(s.c);
    s.c.expect(",");
    Operand b = operand(s.c);
    return new Instruction.Local(op, destination, List.of(a, b), type, s.position, s.text);
  }

  /**
   * The comparisons of {@code setp.<cmp>}, with PTX's unsigned spellings {@code lo}, {@code ls},
   * {@code hi}, {@code hs} of lt, le, gt, ge (the type decides whether a comparison is signed).
   */
  private static final Map<String, LocalOp> SETP_OPS = setpComparisons();

  private static Map<String, LocalOp> setpComparisons() {
    Map<String, LocalOp> m = mnemonics("setp.");
    m.put("lo", LocalOp.SETP_LT);
    m.put("ls", LocalOp.SETP_LE);
    m.put("hi", LocalOp.SETP_GT);
    m.put("hs", LocalOp.SETP_GE);
    return Map.copyOf(m);
  }

  /**
   * {@link LocalOp#ptxName()} read back: the operations whose mnemonic is {@code prefix} and one
   * more word, by that word.
   */
  private static Map<String, LocalOp> mnemonics(String prefix) {
    Map<String, LocalOp> m = new HashMap<>();
    for (LocalOp op : LocalOp.values()) {
      String name = op.ptxName();
      if (name.startsWith(prefix) && name.indexOf('.', prefix.length()) < 0) {
        m.put(name.substring(prefix.length()), op);
      }
    }
    return m;
  }

  private Instruction dispatch(Site s) {
    if (AsyncInstructionParser.handles(s)) {
      return new AsyncInstructionParser(this).parse(s); // async world, API calls
    }
    Handler h = HANDLERS.get(s.base());
    if (h != null) {
      return h.parse(this, s);
    }
    if (LOCAL_OPS.containsKey(s.base())) {
      return local(s, LOCAL_OPS.get(s.base()));
    }
    if (BRANCHES.containsKey(s.base())) {
      return branch(s, BRANCHES.get(s.base()));
    }
    if (UNSUPPORTED.contains(s.base())) {
      throw s.c.errorAt(s.m.offset(), "unsupported: " + s.m.full());
    }
    throw s.c.errorAt(s.m.offset(), "unknown instruction '" + s.m.full() + "'");
  }

  // ---- memory accesses -------------------------------------------------------------------

  private Instruction load(Site s, Proxy proxy) {
    MemoryQualifiers q = MemoryQualifiers.read(s, LOAD_QUALIFIERS);
    Proxy effective = proxy;
    StateSpace space = q.space();
    if (q.nonCoherent()) {
      if (proxy != Proxy.GENERIC || space != StateSpace.GLOBAL) {
        throw q.errorAt(Kind.NON_COHERENT, "'.nc' requires 'ld.global'");
      }
      effective = Proxy.TEXTURE; // ld.global.nc reads through the texture cache (8.1)
    }
    if (space == StateSpace.CONST) {
      if (proxy == Proxy.GENERIC) {
        effective = Proxy.CONSTANT;
      } else if (proxy != Proxy.CONSTANT) {
        throw q.errorAt(Kind.SPACE, "'.const' cannot be used with " + s.base());
      }
    }
    MemoryQualifiers.Strength st =
        q.strength(EnumSet.of(Semantics.WEAK, Semantics.RELAXED, Semantics.ACQUIRE));
    if (q.nonCoherent() && st.sem().isStrong()) {
      throw q.errorAt(Kind.NON_COHERENT, "'.nc' loads are weak");
    }
    PtxFormRules.loadStore(s, q, true);
    List<String> destinations = destinations(s.c, q.vector());
    s.c.expect(",");
    if (q.vector() == 0 && isLocalAssignment(s)) {
      // Dat3M's local assignment ld r, v (LitmusPTX.g4 localValue): no memory access.
      if (PtxRules.isPtxForm(s, q)) {
        throw s.c.error("ld needs an address in brackets; a register is set with mov"
            + " (ld r, v is Dat3M's short form)");
      }
      return new Instruction.Local(LocalOp.MOV, destinations.get(0), List.of(operand(s.c)),
          DataType.UNTYPED, s.position, s.text);
    }
    Address address = address(s);
    return new Instruction.Load(destinations, address, st.sem(), st.scope(), effective, space,
        q.type(), q.mmio(), s.position, s.text);
  }

  /**
   * At the source of a load: a constant or {@code &x}, or (with no qualifiers at all, as Dat3M
   * writes it) a bare register {@code r<digits>} that is not a location, makes {@code ld r, v}
   * Dat3M's local assignment.
   */
  private boolean isLocalAssignment(Site s) {
    Cursor c = s.c;
    c.skipTrivia();
    if (c.atNumber() || c.peek() == '&') {
      return true;
    }
    if (!s.m.qualifiers().isEmpty() || !c.atIdentifier()) {
      return false;
    }
    int at = c.pos();
    String name = c.identifier("a register");
    c.seek(at);
    return name.matches("r[0-9]+") && !state.isLocation(name);
  }

  private Instruction store(Site s, Proxy proxy) {
    MemoryQualifiers q = MemoryQualifiers.read(s, STORE_QUALIFIERS);
    if (q.space() == StateSpace.CONST) {
      throw q.errorAt(Kind.SPACE, "cannot store to '.const'");
    }
    MemoryQualifiers.Strength st =
        q.strength(EnumSet.of(Semantics.WEAK, Semantics.RELAXED, Semantics.RELEASE));
    PtxFormRules.loadStore(s, q, false);
    Address address = address(s);
    s.c.expect(",");
    s.c.skipTrivia();
    int at = s.c.pos();
    List<Operand> values = values(s.c, q.vector());
    warnTruncated(at, values, q.type());
    return new Instruction.Store(address, values, st.sem(), st.scope(), proxy, q.space(),
        q.type(), q.mmio(), s.position, s.text);
  }

  /**
   * PTX (and ptxas) keeps the low bits of an immediate wider than the instruction's type: the
   * value is stored truncated, with a warning naming the value, the range and what is stored.
   */
  private void warnTruncated(int at, List<Operand> values, DataType type) {
    int bits = type.bits();
    if (type.isUntyped() || type.lanes() != 1 || bits >= 64
        || type.kind() == DataType.Kind.F) {
      return;
    }
    long min = -(1L << (bits - 1));
    long max = (1L << bits) - 1;
    for (Operand o : values) {
      if (o instanceof Operand.Imm imm && (imm.value() < min || imm.value() > max)) {
        state.warn(at, "immediate " + imm.value() + " does not fit " + type.ptxName() + " ("
            + min + " to " + max + "): PTX keeps its low " + bits + " bits, so "
            + truncated(imm.value(), bits, type.isSigned()) + " is stored");
      }
    }
  }

  /** The low {@code bits} bits of {@code v}, read signed or unsigned. */
  private static long truncated(long v, int bits, boolean signed) {
    long low = v & ((1L << bits) - 1);
    return signed && (low >>> (bits - 1)) != 0 ? low - (1L << bits) : low;
  }

  private Instruction rmw(Site s, boolean reduction, Proxy proxy) {
    MemoryQualifiers q = MemoryQualifiers.read(s, RMW_QUALIFIERS);
    Set<Semantics> legal =
        reduction
            ? EnumSet.of(Semantics.RELAXED, Semantics.RELEASE, Semantics.ACQ_REL)
            : EnumSet.of(Semantics.RELAXED, Semantics.ACQUIRE, Semantics.RELEASE,
                Semantics.ACQ_REL);
    MemoryQualifiers.Strength st = q.atomicStrength(legal);
    AtomicOp op = q.op().orElseThrow(() -> s.c.errorAt(s.m.offset(),
        s.base() + " needs an operation (.add, .cas, .exch, ...)"));
    if (reduction && (op == AtomicOp.CAS || op == AtomicOp.EXCH)) {
      throw q.errorAt(Kind.OPERATION, s.base() + " cannot be ." + op.ptxName());
    }
    StateSpace space = q.space();
    if (space == StateSpace.LOCAL || space == StateSpace.CONST || space == StateSpace.PARAM) {
      throw q.errorAt(Kind.SPACE, s.base() + " cannot access '" + space.ptxName() + "'");
    }
    String name = s.base() + "." + op.ptxName();
    Optional<String> destination = Optional.empty();
    if (!reduction) {
      if (s.c.lookingAt("[")) {
        throw s.c.error(name + " needs a destination register before the address"
            + " (red performs the operation without one)");
      }
      destination = Optional.of(s.c.register("a destination register"));
      s.c.expect(",");
    }
    int addressAt = s.c.pos();
    Address address = address(s);
    List<Operand> operands = new ArrayList<>(2);
    if (!s.c.tryConsume(",")) {
      throw s.c.error(op == AtomicOp.CAS ? name + " needs a compare and a new value"
          : name + " needs an operand after the address");
    }
    if (reduction && s.c.lookingAt("[")) {
      throw s.c.errorAt(addressAt, name + " has no destination register"
          + " (use atom to receive the old value)");
    }
    operands.add(operand(s.c));
    if (op == AtomicOp.CAS) {
      if (!s.c.tryConsume(",")) {
        throw s.c.error(name + " needs a compare and a new value");
      }
      operands.add(operand(s.c));
    }
    if (s.c.lookingAt(",")) {
      throw s.c.error(op == AtomicOp.CAS ? name + " takes a compare and a new value, no more"
          : name + " takes one operand after the address (only cas takes two)");
    }
    Instruction.Rmw rmw = new Instruction.Rmw(reduction, op, destination, address, operands,
        st.sem(), st.scope().orElseThrow(), proxy, space, q.type(), s.position, s.text);
    PtxRules.checkRmw(s, q, rmw, state);
    return rmw;
  }

  // ---- fences and barriers ---------------------------------------------------------------

  private Instruction fence(Site s) {
    List<Mnemonic.Piece> pieces = s.m.qualifiers();
    if (!pieces.isEmpty() && pieces.get(0).text().equals("proxy")) {
      return proxyFence(s, pieces.subList(1, pieces.size()));
    }
    Semantics sem = null;
    Scope scope = null;
    for (Mnemonic.Piece p : pieces) {
      String q = p.text();
      if (FENCE_SEMANTICS.containsKey(q)) {
        if (sem != null) {
          throw s.c.errorAt(p.offset(), "more than one semantics qualifier");
        }
        sem = FENCE_SEMANTICS.get(q);
      } else if (Qualifiers.SCOPES.containsKey(q)) {
        if (scope != null) {
          throw s.c.errorAt(p.offset(), "more than one scope qualifier");
        }
        scope = Qualifiers.SCOPES.get(q);
      } else if (q.equals("op_restrict") || q.equals("mbarrier_init")
          || q.startsWith("sync_restrict")) {
        throw s.c.errorAt(p.offset(), "unsupported: fence." + q);
      } else if (Qualifiers.SEMANTICS.containsKey(q)) {
        throw s.c.errorAt(p.offset(), "fence cannot be ." + q);
      } else {
        throw s.c.errorAt(p.offset(), "unknown qualifier '." + q + "'");
      }
    }
    if (scope == null) {
      throw s.c.errorAt(s.m.offset(), "fence needs a scope (.cta, .cluster, .gpu or .sys)");
    }
    // 8.4: a fence without semantics is fence.acq_rel.
    return new Instruction.Fence(sem == null ? Semantics.ACQ_REL : sem, scope, false,
        s.position, s.text);
  }

  private Instruction proxyFence(Site s, List<Mnemonic.Piece> rest) {
    if (rest.isEmpty()) {
      throw s.c.errorAt(s.m.offset(), "fence.proxy needs a kind (.alias, .texture, ...)");
    }
    if (rest.get(0).text().equals("tensormap::generic")) {
      return tensormapFence(s, rest.subList(1, rest.size()));
    }
    StringBuilder key = new StringBuilder();
    for (Mnemonic.Piece p : rest) {
      key.append(key.length() == 0 ? "" : ".").append(p.text());
    }
    Instruction.ProxyFenceKind kind = PROXY_FENCES.get(key.toString());
    if (kind == null) {
      throw s.c.errorAt(rest.get(0).offset(), "unknown proxy fence 'fence.proxy." + key + "'");
    }
    if (kind == Instruction.ProxyFenceKind.TEXTURE || kind == Instruction.ProxyFenceKind.SURFACE
        || kind == Instruction.ProxyFenceKind.CONSTANT) {
      state.warn(s.m.offset(), "PTX has no fence.proxy." + key + " (PTX's proxy fences are"
          + " .alias, .async and .tensormap::generic); the Dat3M form is read as a proxy fence"
          + " between the " + key + " and the generic proxy");
    }
    return new Instruction.ProxyFence(kind, Optional.empty(), s.position, s.text);
  }

  /**
   * {@code fence.proxy.tensormap::generic.{release,acquire}.scope}; the acquire form's
   * {@code [addr], size} operands are accepted but not recorded (the AST has no field).
   */
  private Instruction tensormapFence(Site s, List<Mnemonic.Piece> rest) {
    Instruction.ProxyFenceKind kind = null;
    Scope scope = null;
    for (Mnemonic.Piece p : rest) {
      if (p.text().equals("release") && kind == null) {
        kind = Instruction.ProxyFenceKind.TENSORMAP_RELEASE;
      } else if (p.text().equals("acquire") && kind == null) {
        kind = Instruction.ProxyFenceKind.TENSORMAP_ACQUIRE;
      } else if (Qualifiers.SCOPES.containsKey(p.text()) && scope == null) {
        scope = Qualifiers.SCOPES.get(p.text());
      } else {
        throw s.c.errorAt(p.offset(), "unexpected qualifier '." + p.text() + "'");
      }
    }
    if (kind == null || scope == null) {
      throw s.c.errorAt(s.m.offset(), "tensormap proxy fence needs .release/.acquire and a scope");
    }
    if (kind == Instruction.ProxyFenceKind.TENSORMAP_ACQUIRE) {
      s.c.skipTrivia();
      if (!s.c.atEnd()) {
        address(s);
        s.c.expect(",");
        s.c.number();
      }
    }
    return new Instruction.ProxyFence(kind, Optional.of(scope), s.position, s.text);
  }

  private Instruction membar(Site s) {
    List<Mnemonic.Piece> pieces = s.m.qualifiers();
    if (pieces.size() != 1 || !MEMBAR_SCOPES.containsKey(pieces.get(0).text())) {
      int at = pieces.size() > 1 ? pieces.get(1).offset() : s.m.offset();
      throw s.c.errorAt(at, "membar needs exactly one of .cta, .gl, .sys");
    }
    // 8.4: membar.{cta,gl,sys} is fence.sc.{cta,gpu,sys}.
    return new Instruction.Fence(Semantics.SC, MEMBAR_SCOPES.get(pieces.get(0).text()), true,
        s.position, s.text);
  }

  // ---- control flow and local computation ------------------------------------------------

  private Instruction jump(Site s) {
    for (Mnemonic.Piece p : s.m.qualifiers()) {
      if (!(s.base().equals("bra") && p.text().equals("uni"))) {
        throw s.c.errorAt(p.offset(), "unknown qualifier '." + p.text() + "'");
      }
    }
    return new Instruction.Goto(s.c.identifier("a label"), s.position, s.text);
  }

  private Instruction branch(Site s, BranchCondition condition) {
    noQualifiers(s);
    Operand left = operand(s.c);
    s.c.expect(",");
    Operand right = operand(s.c);
    s.c.expect(",");
    String target = s.c.identifier("a label");
    return new Instruction.Branch(condition, left, right, target, s.position, s.text);
  }

  private Instruction local(Site s, LocalOp op) {
    DataType type = DataType.UNTYPED;
    Optional<String> typeText = Optional.empty();
    boolean lo = false;
    for (Mnemonic.Piece p : s.m.qualifiers()) {
      if (Qualifiers.TYPES.containsKey(p.text()) && type.isUntyped()) {
        type = Qualifiers.TYPES.get(p.text());
        typeText = Optional.of(p.text());
      } else if (op == LocalOp.MUL && p.text().equals("lo") && !lo) {
        lo = true; // mul.lo keeps the low half: the plain product modulo the width
      } else {
        throw s.c.errorAt(p.offset(), "unknown qualifier '." + p.text() + "'");
      }
    }
    String destination = s.c.register("a destination register");
    List<Operand> sources = new ArrayList<>(2);
    s.c.expect(",");
    sources.add(op == LocalOp.MOV ? movSource(s.c) : operand(s.c));
    if (op != LocalOp.MOV) {
      s.c.expect(",");
      sources.add(operand(s.c));
    }
    PtxFormRules.local(s, op, typeText, lo, sources);
    return new Instruction.Local(op, destination, sources, type, s.position, s.text);
  }

  /** The source of {@code mov}: as PTX, a declared location's name stands for its address. */
  private Operand movSource(Cursor c) {
    if (c.atIdentifier()) {
      int at = c.pos();
      String name = c.identifier("a register");
      if (state.isLocation(name)) {
        return Operand.addressOf(name);
      }
      c.seek(at);
    }
    return operand(c);
  }

  private static void noQualifiers(Site s) {
    if (!s.m.qualifiers().isEmpty()) {
      Mnemonic.Piece p = s.m.qualifiers().get(0);
      throw s.c.errorAt(p.offset(), "unknown qualifier '." + p.text() + "'");
    }
  }

  // ---- operands --------------------------------------------------------------------------

  /** A constant, a register ({@code %r0} or {@code r0}) or a location's address {@code &x}. */
  static Operand operand(Cursor c) {
    if (c.atNumber()) {
      return Operand.imm(c.number());
    }
    if (c.tryConsume("&")) {
      return Operand.addressOf(c.identifier("a location after '&'"));
    }
    if (c.peek() == '%' || Cursor.isIdentStart(c.peek())) {
      return Operand.reg(c.register("a register"));
    }
    throw c.error("expected a register or a constant but found " + c.describeNext());
  }

  private static List<String> destinations(Cursor c, int vector) {
    if (vector == 0) {
      if (c.lookingAt("{")) {
        throw c.error("'{...}' needs a vector qualifier (.v2, .v4)");
      }
      return List.of(c.register("a destination register"));
    }
    List<String> regs = new ArrayList<>(vector);
    int at = braceList(c, () -> regs.add(c.register("a destination register")));
    checkWidth(c, at, vector, regs.size());
    return regs;
  }

  private static List<Operand> values(Cursor c, int vector) {
    if (vector == 0) {
      if (c.lookingAt("{")) {
        throw c.error("'{...}' needs a vector qualifier (.v2, .v4)");
      }
      return List.of(operand(c));
    }
    List<Operand> vals = new ArrayList<>(vector);
    int at = braceList(c, () -> vals.add(operand(c)));
    checkWidth(c, at, vector, vals.size());
    return vals;
  }

  private static int braceList(Cursor c, Runnable element) {
    c.skipTrivia();
    int at = c.pos();
    c.expect("{");
    do {
      if (c.pos() - at > 100_000) {
        throw c.errorAt(at, "vector list too long");
      }
      element.run();
    } while (c.tryConsume(","));
    c.expect("}");
    return at;
  }

  private static void checkWidth(Cursor c, int at, int vector, int found) {
    if (vector != found) {
      throw c.errorAt(at, ".v" + vector + " needs " + vector + " elements, found " + found);
    }
  }

  /** {@code x}, {@code [x]}, {@code [x+4]}, {@code [%rd1]}, {@code r1} (see ParseState). */
  Address address(Site s) {
    Cursor c = s.c;
    c.skipTrivia();
    boolean bracket = c.tryConsume("[");
    c.skipTrivia();
    int at = c.pos();
    boolean percent = c.peek() == '%';
    if (!percent && !Cursor.isIdentStart(c.peek())) {
      throw c.error("expected an address but found " + c.describeNext());
    }
    String name = c.register("an address");
    long offset = 0;
    if (bracket) {
      if (c.tryConsume("+")) {
        c.skipTrivia();
        int numberAt = c.pos();
        offset = c.number();
        if (offset < 0) {
          throw c.errorAt(numberAt, "negative address offset");
        }
      } else if (c.lookingAt("-")) {
        throw c.error("negative address offset");
      }
      c.expect("]");
    }
    if (percent || state.bareNameIsRegister(s.thread, name)) {
      return Address.register(name, offset);
    }
    state.useLocation(name, at);
    return Address.location(name, offset);
  }
}
