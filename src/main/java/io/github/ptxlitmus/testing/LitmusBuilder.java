package io.github.ptxlitmus.testing;

import static io.github.ptxlitmus.testing.Instructions.operand;
import static io.github.ptxlitmus.testing.Instructions.reg;
import static io.github.ptxlitmus.testing.Instructions.require;

import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.DataType;
import io.github.ptxlitmus.litmus.FinalCondition;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.Instruction.AtomicOp;
import io.github.ptxlitmus.litmus.Instruction.BranchCondition;
import io.github.ptxlitmus.litmus.Instruction.LocalOp;
import io.github.ptxlitmus.litmus.Instruction.ProxyFenceKind;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.LocationDecl;
import io.github.ptxlitmus.litmus.Operand;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.RegisterInit;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.SourcePosition;
import io.github.ptxlitmus.litmus.StateSpace;
import io.github.ptxlitmus.litmus.ThreadPosition;
import io.github.ptxlitmus.litmus.ThreadSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds a {@link LitmusTest} from Java, without text: for tools that generate tests.
 *
 * <pre>{@code
 * LitmusTest mp = LitmusBuilder.test("MP")
 *     .location("x", 0).location("y", 0)
 *     .thread(0, ThreadPosition.of(0, 0)).st("x", 1).stRelease(Scope.GPU, "y", 1)
 *     .thread(1, ThreadPosition.of(0, 1)).ldAcquire(Scope.GPU, "r0", "y").ld("r1", "x")
 *     .exists("P1:r0 == 1 /\\ P1:r1 == 0")
 *     .build();
 * }</pre>
 *
 * <p>Instructions go to the thread opened last by {@link #thread(int, ThreadPosition)}. Their
 * arguments follow PTX operand order (destination first); a register is named with or without
 * its {@code %}. Locations used but not declared are declared with value 0 at first use (as
 * the parser does). PTX defaults apply as in the parser: {@code ld}/{@code st} without
 * semantics are weak; {@code atom}/{@code red} without them relaxed at gpu scope. Every
 * instruction gets {@link SourcePosition#synthetic(String)} (the test name) as position and
 * {@link LitmusPrinter#instruction(Instruction)} as text, so {@code
 * LitmusPrinter.print(test)} parses back to an equal test except for positions and text.
 *
 * <p>A builder is mutable and not thread-safe; the tests it builds are immutable. Misuse
 * (an instruction before any thread, a thread id out of order, a weak op with a scope) throws
 * {@link IllegalArgumentException} or {@link IllegalStateException} at once; {@link #build()}
 * also runs the parser's static checks.
 */
public final class LitmusBuilder {
  private final String name;
  private final SourcePosition position;
  private final List<String> descriptions = new ArrayList<>();
  private final Map<String, LocationDecl> locations = new LinkedHashMap<>();
  private final List<RegisterInit> registerInits = new ArrayList<>();
  private final List<ThreadSpec> threads = new ArrayList<>();
  private final List<Condition.Term> observed = new ArrayList<>();
  private Optional<Condition> filter = Optional.empty();
  private Optional<FinalCondition> condition = Optional.empty();
  private ThreadPosition currentPosition;
  private List<Instruction> current;

  private LitmusBuilder(String name) {
    require(!name.isEmpty() && name.chars().noneMatch(c -> Character.isWhitespace(c)
        || c == '"' || c == '{'), "test name must be non-empty, without blanks, '\"' or '{': '"
        + name + "'");
    this.name = name;
    this.position = SourcePosition.synthetic(name);
  }

  /**
   * Starts a test.
   *
   * @param name the name of its {@code PTX <name>} header (no blanks)
   * @return a new builder
   * @throws IllegalArgumentException when the name is empty or has blanks, quotes or braces
   */
  public static LitmusBuilder test(String name) {
    return new LitmusBuilder(name);
  }

  // ---- header and init block -----------------------------------------------------------

  /**
   * Adds a quoted description line.
   *
   * @param text the description, without {@code "}
   * @return this
   * @throws IllegalArgumentException when the text contains {@code "}
   */
  public LitmusBuilder description(String text) {
    require(!text.contains("\""), "a description cannot contain '\"': " + text);
    descriptions.add(text);
    return this;
  }

  /**
   * Declares (or re-declares) an untyped generic location, {@code x=1}.
   *
   * @param location the name
   * @param initialValue its initial value
   * @return this
   */
  public LitmusBuilder location(String location, long initialValue) {
    return location(location, initialValue, DataType.UNTYPED, StateSpace.GENERIC);
  }

  /**
   * Declares (or re-declares) a typed location in a state space, {@code .shared::cta .u32 x =
   * 1}.
   *
   * @param location the name
   * @param initialValue its initial value
   * @param type its type, {@link DataType#UNTYPED} for none
   * @param space its state space, {@link StateSpace#GENERIC} for none
   * @return this
   */
  public LitmusBuilder location(
      String location, long initialValue, DataType type, StateSpace space) {
    locations.put(location,
        new LocationDecl(location, initialValue, type, space, Optional.empty(), position));
    return this;
  }

  /**
   * Declares {@code location @ proxy aliases target}: another virtual name, through another
   * proxy, for the physical location {@code target} (declared at once if new). The alias takes
   * the target's initial value, type and state space.
   *
   * @param location the alias
   * @param proxy its proxy
   * @param target the physical location
   * @return this
   */
  public LitmusBuilder alias(String location, Proxy proxy, String target) {
    useLocation(target);
    locations.put(location, new LocationDecl(location, 0, DataType.UNTYPED, StateSpace.GENERIC,
        Optional.of(new LocationDecl.Alias(target, proxy)), position));
    return this;
  }

  /**
   * Initialises a register, {@code P0:r1=5}.
   *
   * @param thread the thread id
   * @param register the register
   * @param value its initial value
   * @return this
   */
  public LitmusBuilder initRegister(int thread, String register, long value) {
    registerInits.add(RegisterInit.value(thread, reg(register), value, position));
    return this;
  }

  /**
   * Initialises a register with the address of a location, {@code P0:r1=&x}.
   *
   * @param thread the thread id
   * @param register the register
   * @param location the location (declared at once if new)
   * @return this
   */
  public LitmusBuilder initAddress(int thread, String register, String location) {
    useLocation(location);
    registerInits.add(RegisterInit.address(thread, reg(register), location, position));
    return this;
  }

  // ---- threads ---------------------------------------------------------------------------

  /**
   * Opens thread {@code P<id>}; the instructions that follow go to it.
   *
   * @param id the thread id: 0 for the first thread, then 1, 2, ...
   * @param where its GPU, cluster and CTA, e.g. {@code ThreadPosition.of(0, 1)} for CTA 1 of
   *     GPU 0
   * @return this
   * @throws IllegalArgumentException when {@code id} is not the next id
   */
  public LitmusBuilder thread(int id, ThreadPosition where) {
    int next = threads.size() + (current == null ? 0 : 1);
    require(id == next, "thread ids go 0, 1, 2, ...: expected P" + next + ", got P" + id);
    closeThread();
    currentPosition = Objects.requireNonNull(where, "where");
    current = new ArrayList<>();
    return this;
  }

  private void closeThread() {
    if (current != null) {
      threads.add(new ThreadSpec(threads.size(), currentPosition, current));
    }
  }

  // ---- loads and stores ------------------------------------------------------------------

  /**
   * {@code ld.weak register, location}.
   *
   * @param register the destination
   * @param location the location read
   * @return this
   */
  public LitmusBuilder ld(String register, String location) {
    return access(location,
        Instructions.load(Semantics.WEAK, Optional.empty(), register, location, position));
  }

  /**
   * {@code ld.relaxed.scope register, location}.
   *
   * @param scope the scope
   * @param register the destination
   * @param location the location read
   * @return this
   */
  public LitmusBuilder ldRelaxed(Scope scope, String register, String location) {
    return ld(Semantics.RELAXED, scope, register, location);
  }

  /**
   * {@code ld.acquire.scope register, location}.
   *
   * @param scope the scope
   * @param register the destination
   * @param location the location read
   * @return this
   */
  public LitmusBuilder ldAcquire(Scope scope, String register, String location) {
    return ld(Semantics.ACQUIRE, scope, register, location);
  }

  /**
   * {@code ld.sem.scope register, location}.
   *
   * @param sem {@link Semantics#RELAXED} or {@link Semantics#ACQUIRE}
   * @param scope the scope
   * @param register the destination
   * @param location the location read
   * @return this
   * @throws IllegalArgumentException for any other semantics (use {@link #ld(String, String)}
   *     for a weak load)
   */
  public LitmusBuilder ld(Semantics sem, Scope scope, String register, String location) {
    require(sem == Semantics.RELAXED || sem == Semantics.ACQUIRE,
        "a strong load is relaxed or acquire, not " + sem);
    return access(location,
        Instructions.load(sem, Optional.of(scope), register, location, position));
  }

  /**
   * {@code st.weak location, value}.
   *
   * @param location the location written
   * @param value the value
   * @return this
   */
  public LitmusBuilder st(String location, long value) {
    return st(Semantics.WEAK, Optional.empty(), location, Operand.imm(value));
  }

  /**
   * {@code st.weak location, register}.
   *
   * @param location the location written
   * @param register the register whose value is stored
   * @return this
   */
  public LitmusBuilder st(String location, String register) {
    return st(Semantics.WEAK, Optional.empty(), location, Operand.reg(reg(register)));
  }

  /**
   * {@code st.relaxed.scope location, value}.
   *
   * @param scope the scope
   * @param location the location written
   * @param value the value
   * @return this
   */
  public LitmusBuilder stRelaxed(Scope scope, String location, long value) {
    return st(Semantics.RELAXED, scope, location, Operand.imm(value));
  }

  /**
   * {@code st.release.scope location, value}.
   *
   * @param scope the scope
   * @param location the location written
   * @param value the value
   * @return this
   */
  public LitmusBuilder stRelease(Scope scope, String location, long value) {
    return st(Semantics.RELEASE, scope, location, Operand.imm(value));
  }

  /**
   * {@code st.sem.scope location, value}.
   *
   * @param sem {@link Semantics#RELAXED} or {@link Semantics#RELEASE}
   * @param scope the scope
   * @param location the location written
   * @param value an immediate ({@code Operand.imm(1)}) or a register ({@code Operand.reg("r0")})
   * @return this
   * @throws IllegalArgumentException for any other semantics
   */
  public LitmusBuilder st(Semantics sem, Scope scope, String location, Operand value) {
    require(sem == Semantics.RELAXED || sem == Semantics.RELEASE,
        "a strong store is relaxed or release, not " + sem);
    return st(sem, Optional.of(scope), location, value);
  }

  // ---- atomics ---------------------------------------------------------------------------

  /**
   * {@code atom.relaxed.gpu.op destination, location, operand} (PTX defaults).
   *
   * @param op the operation
   * @param destination the register receiving the old value
   * @param location the location
   * @param operand the immediate operand
   * @return this
   */
  public LitmusBuilder atom(AtomicOp op, String destination, String location, long operand) {
    return atom(Semantics.RELAXED, Scope.GPU, op, destination, location, Operand.imm(operand));
  }

  /**
   * {@code atom.sem.scope.op destination, location, operands}.
   *
   * @param sem relaxed, acquire, release or acq_rel
   * @param scope the scope
   * @param op the operation
   * @param destination the register receiving the old value
   * @param location the location
   * @param operands one operand, or two for {@link AtomicOp#CAS} (compare, new value)
   * @return this
   * @throws IllegalArgumentException for weak or sc semantics or a wrong operand count
   */
  public LitmusBuilder atom(Semantics sem, Scope scope, AtomicOp op, String destination,
      String location, Operand... operands) {
    return access(location, Instructions.rmw(
        false, sem, scope, op, Optional.of(reg(destination)), location, operands, position));
  }

  /**
   * {@code atom.sem.scope.cas destination, location, compare, value}.
   *
   * @param sem relaxed, acquire, release or acq_rel
   * @param scope the scope
   * @param destination the register receiving the old value
   * @param location the location
   * @param compare the value the location must hold for the swap
   * @param value the value written when it does
   * @return this
   */
  public LitmusBuilder cas(Semantics sem, Scope scope, String destination, String location,
      long compare, long value) {
    return atom(sem, scope, AtomicOp.CAS, destination, location, Operand.imm(compare),
        Operand.imm(value));
  }

  /**
   * {@code red.relaxed.gpu.op location, operand} (PTX defaults).
   *
   * @param op the operation
   * @param location the location
   * @param operand the immediate operand
   * @return this
   */
  public LitmusBuilder red(AtomicOp op, String location, long operand) {
    return red(Semantics.RELAXED, Scope.GPU, op, location, Operand.imm(operand));
  }

  /**
   * {@code red.sem.scope.op location, operand}.
   *
   * @param sem relaxed, release (or acquire, acq_rel as PTX allows)
   * @param scope the scope
   * @param op the operation (not {@link AtomicOp#CAS} or {@link AtomicOp#EXCH})
   * @param location the location
   * @param operand the operand
   * @return this
   * @throws IllegalArgumentException for weak or sc semantics
   */
  public LitmusBuilder red(
      Semantics sem, Scope scope, AtomicOp op, String location, Operand operand) {
    return access(location, Instructions.rmw(true, sem, scope, op, Optional.empty(), location,
        new Operand[] {operand}, position));
  }

  // ---- fences and barriers ---------------------------------------------------------------

  /**
   * {@code fence.sem.scope}.
   *
   * @param sem sc, acq_rel, acquire or release
   * @param scope the scope
   * @return this
   * @throws IllegalArgumentException for weak or relaxed semantics
   */
  public LitmusBuilder fence(Semantics sem, Scope scope) {
    require(sem != Semantics.WEAK && sem != Semantics.RELAXED,
        "a fence is sc, acq_rel, acquire or release, not " + sem);
    return add(new Instruction.Fence(sem, Objects.requireNonNull(scope, "scope"), false,
        position, ""));
  }

  /**
   * {@code fence.sc.scope}.
   *
   * @param scope the scope
   * @return this
   */
  public LitmusBuilder fenceSc(Scope scope) {
    return fence(Semantics.SC, scope);
  }

  /**
   * {@code fence.acq_rel.scope}.
   *
   * @param scope the scope
   * @return this
   */
  public LitmusBuilder fenceAcqRel(Scope scope) {
    return fence(Semantics.ACQ_REL, scope);
  }

  /**
   * {@code membar.cta}, {@code membar.gl} (gpu) or {@code membar.sys}: a {@code fence.sc}.
   *
   * @param scope cta, gpu or sys
   * @return this
   * @throws IllegalArgumentException for cluster scope (there is no {@code membar.cluster})
   */
  public LitmusBuilder membar(Scope scope) {
    require(scope != Scope.CLUSTER, "there is no membar.cluster; use fenceSc(Scope.CLUSTER)");
    return add(new Instruction.Fence(Semantics.SC, scope, true, position, ""));
  }

  /**
   * {@code fence.proxy.kind} (alias, texture, surface, constant, async forms).
   *
   * @param kind the proxy fence
   * @return this
   * @throws IllegalArgumentException for the tensormap kinds, which need a scope
   */
  public LitmusBuilder fenceProxy(ProxyFenceKind kind) {
    require(kind != ProxyFenceKind.TENSORMAP_ACQUIRE && kind != ProxyFenceKind.TENSORMAP_RELEASE,
        "fence.proxy.tensormap needs a scope: use fenceProxy(kind, scope)");
    return add(new Instruction.ProxyFence(kind, Optional.empty(), position, ""));
  }

  /**
   * {@code fence.proxy.tensormap::generic.{release,acquire}.scope}.
   *
   * @param kind {@link ProxyFenceKind#TENSORMAP_RELEASE} or {@link
   *     ProxyFenceKind#TENSORMAP_ACQUIRE}
   * @param scope the scope
   * @return this
   * @throws IllegalArgumentException for the other kinds, which take no scope
   */
  public LitmusBuilder fenceProxy(ProxyFenceKind kind, Scope scope) {
    require(kind == ProxyFenceKind.TENSORMAP_ACQUIRE || kind == ProxyFenceKind.TENSORMAP_RELEASE,
        "only fence.proxy.tensormap takes a scope, not " + kind);
    return add(new Instruction.ProxyFence(kind, Optional.of(scope), position, ""));
  }

  /**
   * {@code bar.cta.sync id}: waits for every thread of the CTA.
   *
   * @param id the barrier resource
   * @return this
   */
  public LitmusBuilder barSync(int id) {
    return barrier(Instruction.BarrierOp.SYNC, id, Optional.empty());
  }

  /**
   * {@code bar.cta.sync 0, id, expected} (Dat3M's quorum form): waits until {@code expected}
   * of the test's threads arrived.
   *
   * @param id the barrier resource
   * @param expected the number of the test's threads
   * @return this
   */
  public LitmusBuilder barSync(int id, int expected) {
    return barrier(Instruction.BarrierOp.SYNC, id, Optional.of(expected));
  }

  /**
   * {@code bar.cta.arrive id}: arrives without waiting.
   *
   * @param id the barrier resource
   * @return this
   */
  public LitmusBuilder barArrive(int id) {
    return barrier(Instruction.BarrierOp.ARRIVE, id, Optional.empty());
  }

  /**
   * {@code bar.cta.arrive 0, id, expected} (Dat3M's quorum form).
   *
   * @param id the barrier resource
   * @param expected the number of the test's threads the barrier phase waits for
   * @return this
   */
  public LitmusBuilder barArrive(int id, int expected) {
    return barrier(Instruction.BarrierOp.ARRIVE, id, Optional.of(expected));
  }

  private LitmusBuilder barrier(Instruction.BarrierOp op, int id, Optional<Integer> expected) {
    // A count of the test's threads is Dat3M's quorum form (bar.cta.sync 0, id, n); PTX's own
    // thread count would be 32 per thread (one warp each).
    return add(new Instruction.Barrier(op, expected.map(e -> 0L), Operand.imm(id),
        expected.map(Operand::imm), position, ""));
  }

  /** {@return this, after adding {@code barrier.cluster.arrive} (release semantics)} */
  public LitmusBuilder clusterArrive() {
    return add(new Instruction.ClusterBarrier(true, Semantics.RELEASE, position, ""));
  }

  /** {@return this, after adding {@code barrier.cluster.arrive.relaxed}} */
  public LitmusBuilder clusterArriveRelaxed() {
    return add(new Instruction.ClusterBarrier(true, Semantics.RELAXED, position, ""));
  }

  /** {@return this, after adding {@code barrier.cluster.wait} (acquire semantics)} */
  public LitmusBuilder clusterWait() {
    return add(new Instruction.ClusterBarrier(false, Semantics.ACQUIRE, position, ""));
  }

  // ---- register operations and control flow ---------------------------------------------

  /**
   * A register operation {@code op destination, sources}, e.g. {@code add r1, r0, 1}.
   *
   * @param op the operation
   * @param destination the register written
   * @param sources one source for {@link LocalOp#MOV}, two otherwise
   * @return this
   * @throws IllegalArgumentException for a wrong source count
   */
  public LitmusBuilder local(LocalOp op, String destination, Operand... sources) {
    require(sources.length == (op == LocalOp.MOV ? 1 : 2),
        op.name().toLowerCase(java.util.Locale.ROOT) + " takes "
            + (op == LocalOp.MOV ? 1 : 2) + " source(s), got " + sources.length);
    List<Operand> ops = Arrays.stream(sources).map(Instructions::operand).toList();
    return add(new Instruction.Local(op, reg(destination), ops, DataType.UNTYPED, position, ""));
  }

  /**
   * {@code mov destination, value}.
   *
   * @param destination the register written
   * @param value the value
   * @return this
   */
  public LitmusBuilder mov(String destination, long value) {
    return local(LocalOp.MOV, destination, Operand.imm(value));
  }

  /**
   * {@code add destination, source, value}.
   *
   * @param destination the register written
   * @param source the register read
   * @param value the immediate added
   * @return this
   */
  public LitmusBuilder add(String destination, String source, long value) {
    return local(LocalOp.ADD, destination, Operand.reg(source), Operand.imm(value));
  }

  /**
   * A branch target {@code name:}.
   *
   * @param name the label, unique in its thread
   * @return this
   */
  public LitmusBuilder label(String name) {
    return add(new Instruction.Label(name, position, ""));
  }

  /**
   * {@code b<cond> left, right, target}: jumps when {@code left cond right}.
   *
   * @param condition the comparison
   * @param left the left operand
   * @param right the right operand
   * @param target a label of the same thread
   * @return this
   */
  public LitmusBuilder branch(
      BranchCondition condition, Operand left, Operand right, String target) {
    return add(new Instruction.Branch(condition, operand(left), operand(right), target,
        position, ""));
  }

  /**
   * {@code beq register, value, target}.
   *
   * @param register the register compared
   * @param value the constant
   * @param target a label of the same thread
   * @return this
   */
  public LitmusBuilder beq(String register, long value, String target) {
    return branch(BranchCondition.EQ, Operand.reg(register), Operand.imm(value), target);
  }

  /**
   * {@code bne register, value, target}.
   *
   * @param register the register compared
   * @param value the constant
   * @param target a label of the same thread
   * @return this
   */
  public LitmusBuilder bne(String register, long value, String target) {
    return branch(BranchCondition.NE, Operand.reg(register), Operand.imm(value), target);
  }

  /**
   * {@code goto target}.
   *
   * @param target a label of the same thread
   * @return this
   */
  public LitmusBuilder goTo(String target) {
    return add(new Instruction.Goto(target, position, ""));
  }

  /**
   * Any instruction, e.g. a typed or vector access the shortcuts do not cover. Its position and
   * text are replaced; the locations it names are not declared automatically.
   *
   * @param instruction the instruction
   * @return this
   */
  public LitmusBuilder instruction(Instruction instruction) {
    return add(instruction);
  }

  // ---- final condition -------------------------------------------------------------------

  /**
   * {@code exists (condition)}.
   *
   * @param condition a proposition, e.g. {@code "P1:r0 == 1 /\\ P1:r1 == 0"}
   * @return this
   * @throws LitmusSyntaxException when the proposition does not parse
   */
  public LitmusBuilder exists(String condition) {
    return condition(FinalCondition.Quantifier.EXISTS, LitmusParser.parseCondition(condition));
  }

  /**
   * {@code ~exists (condition)}.
   *
   * @param condition a proposition
   * @return this
   * @throws LitmusSyntaxException when the proposition does not parse
   */
  public LitmusBuilder notExists(String condition) {
    return condition(FinalCondition.Quantifier.NOT_EXISTS,
        LitmusParser.parseCondition(condition));
  }

  /**
   * {@code forall (condition)}.
   *
   * @param condition a proposition
   * @return this
   * @throws LitmusSyntaxException when the proposition does not parse
   */
  public LitmusBuilder forall(String condition) {
    return condition(FinalCondition.Quantifier.FORALL, LitmusParser.parseCondition(condition));
  }

  /**
   * The final condition from a syntax tree (replaces any earlier one).
   *
   * @param quantifier exists, ~exists or forall
   * @param body the proposition
   * @return this
   */
  public LitmusBuilder condition(FinalCondition.Quantifier quantifier, Condition body) {
    declareLocations(body);
    condition = Optional.of(new FinalCondition(quantifier, body));
    return this;
  }

  /**
   * {@code filter (condition)}: only final states satisfying it count.
   *
   * @param condition a proposition
   * @return this
   * @throws LitmusSyntaxException when the proposition does not parse
   */
  public LitmusBuilder filter(String condition) {
    Condition c = LitmusParser.parseCondition(condition);
    declareLocations(c);
    filter = Optional.of(c);
    return this;
  }

  /**
   * {@code locations [keys]}: registers ({@code P1:r0}) and locations to show in every final
   * state besides those of the condition.
   *
   * @param keys the registers and locations
   * @return this
   * @throws LitmusSyntaxException when a key is not a register or location
   */
  public LitmusBuilder observe(String... keys) {
    for (String key : keys) {
      Condition.Compare c = (Condition.Compare) LitmusParser.parseCondition(key + " == 0");
      declareLocations(c);
      observed.add(c.left());
    }
    return this;
  }

  /**
   * The test. The builder can still be used afterwards (each call builds a new test).
   *
   * @return the test; its {@link LitmusTest#source()} is its name
   * @throws IllegalStateException when there is no thread or no final condition, or the parser
   *     rejects the printed test (undefined label, register in the condition that its thread
   *     does not use, ...); the message gives the parser's reason and the printed text
   */
  public LitmusTest build() {
    if (condition.isEmpty()) {
      throw new IllegalStateException(name + ": no final condition (exists, notExists, forall)");
    }
    List<ThreadSpec> all = new ArrayList<>(threads);
    if (current != null) {
      all.add(new ThreadSpec(all.size(), currentPosition, current));
    }
    if (all.isEmpty()) {
      throw new IllegalStateException(name + ": no thread");
    }
    LitmusTest test = new LitmusTest(name, descriptions, Instructions.resolved(locations), registerInits, all, observed, filter, condition.get(), name);
    return Instructions.parsedBack(test);
  }

  // ---- helpers ---------------------------------------------------------------------------
  private LitmusBuilder st(
      Semantics sem, Optional<Scope> scope, String location, Operand value) {
    return access(location, Instructions.store(sem, scope, location, value, position));
  }

  // An access to a location, which gets declared if new.
  private LitmusBuilder access(String location, Instruction i) {
    useLocation(location);
    return add(i);
  }

  private LitmusBuilder add(Instruction i) {
    if (current == null) {
      throw new IllegalStateException("no thread: call thread(id, position) first");
    }
    current.add(Instructions.withText(i, position));
    return this;
  }

  private void useLocation(String location) {
    if (!locations.containsKey(location)) {
      location(location, 0);
    }
  }

  private void declareLocations(Condition c) {
    for (String key : States.keys(c)) {
      if (!key.contains(":")) {
        useLocation(key);
      }
    }
  }
}
