package io.github.ptxlitmus.litmus;

import static io.github.ptxlitmus.litmus.AstNormalizer.only;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.litmus.Instruction.AtomicOp;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Real PTX instruction syntax inside cells: defaults, qualifier order, illegal combinations. */
class PtxSyntaxTest {
  @Test
  void realPtxLoad() {
    Instruction.Load l = (Instruction.Load) only("ld.global.relaxed.sys.u32 %r0, [x]");
    assertThat(l.destinations()).containsExactly("r0");
    assertThat(l.address()).isEqualTo(Address.location("x"));
    assertThat(l.sem()).isEqualTo(Semantics.RELAXED);
    assertThat(l.scope()).contains(Scope.SYS);
    assertThat(l.space()).isEqualTo(StateSpace.GLOBAL);
    assertThat(l.type()).isEqualTo(DataType.of(DataType.Kind.U, 32));
    assertThat(l.proxy()).isEqualTo(Proxy.GENERIC);
    assertThat(l.text()).isEqualTo("ld.global.relaxed.sys.u32 %r0, [x]");
    assertThat(l.position()).isEqualTo(new SourcePosition("t.litmus", 4, 2));
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "ld.global.relaxed.sys.u32 r0, [x]", "ld.u32.sys.relaxed.global r0, [x]",
    "ld.sys.global.u32.relaxed %r0, x"})
  void qualifiersInAnyOrder(String cell) {
    assertThat(AstNormalizer.strip(only(cell)))
        .isEqualTo(AstNormalizer.strip(only("ld.relaxed.sys.global.u32 r0, [x]")));
  }

  @Test
  void defaults() {
    Instruction.Load ld = (Instruction.Load) only("ld.global.u32 %r0, [x]");
    assertThat(ld.sem()).isEqualTo(Semantics.WEAK);
    assertThat(ld.scope()).isEmpty();
    Instruction.Store st = (Instruction.Store) only("st.global.u32 [x], 1");
    assertThat(st.sem()).isEqualTo(Semantics.WEAK);
    assertThat(st.values()).containsExactly(Operand.imm(1));
    Instruction.Rmw atom = (Instruction.Rmw) only("atom.global.add.u32 %r0, [x], 1");
    assertThat(atom.sem()).isEqualTo(Semantics.RELAXED);
    assertThat(atom.scope()).isEqualTo(Scope.GPU);
    assertThat(atom.destination()).contains("r0");
    Instruction.Fence fence = (Instruction.Fence) only("fence.sys");
    assertThat(fence).extracting(Instruction.Fence::sem, Instruction.Fence::scope,
        Instruction.Fence::membar).containsExactly(Semantics.ACQ_REL, Scope.SYS, false);
  }

  @Test
  void atomAndRed() {
    Instruction.Rmw inc = (Instruction.Rmw) only("atom.sys.inc.u32 %r0, [x], 100");
    assertThat(inc.op()).isEqualTo(AtomicOp.INC);
    assertThat(inc.scope()).isEqualTo(Scope.SYS);
    assertThat(inc.operands()).containsExactly(Operand.imm(100));
    Instruction.Rmw red = (Instruction.Rmw) only("red.sys.global.add.u32 [flag], 1");
    assertThat(red.reduction()).isTrue();
    assertThat(red.destination()).isEmpty();
    assertThat(red.address()).isEqualTo(Address.location("flag"));
    Instruction.Rmw cas = (Instruction.Rmw) only("atom.acq_rel.gpu.cas r1, x, 1, r2");
    assertThat(cas.operands()).containsExactly(Operand.imm(1), Operand.reg("r2"));
    assertThat(cas.sem()).isEqualTo(Semantics.ACQ_REL);
    Instruction.Rmw sured = (Instruction.Rmw) only("sured.relaxed.gpu.add x, 1");
    assertThat(sured.proxy()).isEqualTo(Proxy.SURFACE);
  }

  @ParameterizedTest
  @CsvSource({
    "membar.cta, CTA", "membar.gl, GPU", "membar.sys, SYS"})
  void membarIsFenceSc(String cell, Scope scope) {
    assertThat(only(cell)).isEqualTo(new Instruction.Fence(Semantics.SC, scope, true,
        new SourcePosition("t.litmus", 4, 2), cell));
  }

  @ParameterizedTest
  @CsvSource({
    "fence.sc.gpu, SC, GPU", "fence.acq_rel.sys, ACQ_REL, SYS", "fence.acquire.cta, ACQUIRE, CTA",
    "fence.release.cluster, RELEASE, CLUSTER", "fence.sc.cta, SC, CTA", "fence.gpu, ACQ_REL, GPU"})
  void fences(String cell, Semantics sem, Scope scope) {
    Instruction.Fence f = (Instruction.Fence) only(cell);
    assertThat(f.sem()).isEqualTo(sem);
    assertThat(f.scope()).isEqualTo(scope);
  }

  @ParameterizedTest
  @CsvSource({
    "fence.proxy.alias, ALIAS", "fence.proxy.constant, CONSTANT",
    "fence.proxy.texture, TEXTURE", "fence.proxy.surface, SURFACE",
    "fence.proxy.async.shared::cta, ASYNC_SHARED_CTA",
    "fence.proxy.tensormap::generic.release.gpu, TENSORMAP_RELEASE"})
  void proxyFences(String cell, Instruction.ProxyFenceKind kind) {
    assertThat(((Instruction.ProxyFence) only(cell)).kind()).isEqualTo(kind);
  }

  @Test
  void volatileAndMmio() {
    Instruction.Load v = (Instruction.Load) only("ld.volatile.global.u32 %r0, [x]");
    assertThat(v.sem()).isEqualTo(Semantics.RELAXED);
    assertThat(v.scope()).contains(Scope.SYS);
    Instruction.Store m = (Instruction.Store) only("st.mmio.relaxed.sys.global.u32 [x], 1");
    assertThat(m.mmio()).isTrue();
    assertThat(m.sem()).isEqualTo(Semantics.RELAXED);
  }

  @Test
  void spacesTypesOffsetsAndVectors() {
    Instruction.Load l = (Instruction.Load) only("ld.shared::cluster.v2.b64 {%r0, %r1}, [x+8]");
    assertThat(l.destinations()).containsExactly("r0", "r1");
    assertThat(l.space()).isEqualTo(StateSpace.SHARED_CLUSTER);
    assertThat(l.address()).isEqualTo(Address.location("x", 8));
    assertThat(l.type().bits()).isEqualTo(64);
    Instruction.Store s = (Instruction.Store) only("st.shared.v4.b32 [x], {1, 2, 3, 4}");
    assertThat(s.space()).isEqualTo(StateSpace.SHARED_CTA);
    assertThat(s.type()).isEqualTo(DataType.of(DataType.Kind.B, 32));
    assertThat(s.values()).hasSize(4);
    Instruction.Load c = (Instruction.Load) only("ld.const.u32 r0, [x]");
    assertThat(c.proxy()).isEqualTo(Proxy.CONSTANT);
    assertThat(c.space()).isEqualTo(StateSpace.CONST);
    Instruction.Load nc = (Instruction.Load) only("ld.global.nc.u32 r0, [x]");
    assertThat(nc.proxy()).isEqualTo(Proxy.TEXTURE);
  }

  @Test
  void registerAddresses() {
    LitmusTest t = LitmusParser.parse("t", "PTX t\n{ x=0; P0:rd1=&x; P0:r5=x; }\n"
        + " P0@cta 0,gpu 0 ;\n ld.weak r0, [%rd2] ;\n ld.weak r1, rd1 ;\n st.weak r5, 1 ;\n"
        + "exists (P0:r0 == 0)\n");
    List<Instruction> code = t.threads().get(0).instructions();
    assertThat(((Instruction.Load) code.get(0)).address()).isEqualTo(Address.register("rd2", 0));
    assertThat(((Instruction.Load) code.get(1)).address()).isEqualTo(Address.register("rd1", 0));
    assertThat(((Instruction.Store) code.get(2)).address()).isEqualTo(Address.register("r5", 0));
    assertThat(t.registerInits().get(1).addressOf()).isEqualTo("x");
  }

  @Test
  void barriers() {
    assertThat(only("bar.cta.sync 1")).isEqualTo(new Instruction.Barrier(
        Instruction.BarrierOp.SYNC, Optional.empty(), Operand.imm(1), Optional.empty(),
        new SourcePosition("t.litmus", 4, 2), "bar.cta.sync 1"));
    Instruction.Barrier dat3m = (Instruction.Barrier) only("bar.cta.sync 1, 2, 4");
    assertThat(dat3m.instance()).contains(1L);
    assertThat(dat3m.id()).isEqualTo(Operand.imm(2));
    assertThat(dat3m.expected()).contains(Operand.imm(4));
    Instruction.Barrier reg = (Instruction.Barrier) only("bar.cta.sync 1, r2");
    assertThat(reg.instance()).contains(1L);
    assertThat(reg.id()).isEqualTo(Operand.reg("r2"));
    Instruction.Barrier ptx = (Instruction.Barrier) only("bar.sync 1, 64");
    assertThat(ptx.instance()).isEmpty();
    assertThat(ptx.id()).isEqualTo(Operand.imm(1));
    assertThat(ptx.expected()).contains(Operand.imm(64));
    Instruction.Barrier arrive = (Instruction.Barrier) only("barrier.cta.arrive.aligned 0, 32");
    assertThat(arrive.op()).isEqualTo(Instruction.BarrierOp.ARRIVE);
    assertThat(arrive.instance()).isEmpty();
    Instruction.ClusterBarrier ca = (Instruction.ClusterBarrier) only("barrier.cluster.arrive");
    assertThat(ca.sem()).isEqualTo(Semantics.RELEASE);
    Instruction.ClusterBarrier cw = (Instruction.ClusterBarrier) only("barrier.cluster.wait");
    assertThat(cw.arrive()).isFalse();
    assertThat(cw.sem()).isEqualTo(Semantics.ACQUIRE);
    assertThat(((Instruction.ClusterBarrier) only("barrier.cluster.arrive.relaxed")).sem())
        .isEqualTo(Semantics.RELAXED);
  }

  @Test
  void localsBranchesAndLabels() {
    LitmusTest t = LitmusParser.parse("t", "PTX t\n{ }\n P0@cta 0,gpu 0 ;\n LC00: ;\n"
        + " add.u32 %r1, %r0, 1 ;\n mov r2, 0x1F ;\n bge r1, r2, LC00 ;\n loop: goto loop ;\n"
        + "forall (P0:r1 >= 0 \\/ ~(P0:r2 < -3))\n");
    List<Instruction> code = t.threads().get(0).instructions();
    assertThat(code).hasSize(6);
    assertThat(((Instruction.Local) code.get(1)).sources())
        .containsExactly(Operand.reg("r0"), Operand.imm(1));
    assertThat(((Instruction.Local) code.get(2)).sources()).containsExactly(Operand.imm(31));
    assertThat(((Instruction.Branch) code.get(3)).condition())
        .isEqualTo(Instruction.BranchCondition.GE);
    assertThat(((Instruction.Label) code.get(4)).text()).isEqualTo("loop:");
    assertThat(code.get(5).text()).isEqualTo("goto loop");
    assertThat(code.get(5).position().column()).isEqualTo(8);
  }

  @Test
  void surfaceTextureConstantForms() {
    assertThat(((Instruction.Load) only("tld.weak r0, x")).proxy()).isEqualTo(Proxy.TEXTURE);
    assertThat(((Instruction.Load) only("suld.weak r0, x")).proxy()).isEqualTo(Proxy.SURFACE);
    assertThat(((Instruction.Load) only("cold.weak r3, x")).proxy()).isEqualTo(Proxy.CONSTANT);
    assertThat(((Instruction.Store) only("sust.weak x, 42")).proxy()).isEqualTo(Proxy.SURFACE);
    assertThat(((Instruction.Rmw) only("suatom.relaxed.gpu.exch r0, x, 1")).proxy())
        .isEqualTo(Proxy.SURFACE);
  }

  @Test
  void initForms() {
    LitmusTest t = LitmusParser.parse("t", "ptx t (* c (* nested *) *)\n\"a\" \"multi\nline\"\n"
        + "{ .global .u32 x = 7; .shared::cluster .b64 y = 0; z: .u64 = 0xFFFFFFFFFFFFFFFF;\n"
        + "  .shared w = 1; v @ texture aliases x; 0:r1 = -2; P0:%r2 = &y }\n"
        + " P0@gpu 0,cluster 3, cta 1 ;\n ld.weak r0, v ;\n"
        + "locations [x; P0:r1;]\nfilter P0:r1 == -2\nnot exists (P0:r0 == 1)\n");
    assertThat(t.name()).isEqualTo("t");
    assertThat(t.descriptions()).containsExactly("a", "multi\nline");
    assertThat(t.location("x").orElseThrow().type()).isEqualTo(DataType.of(DataType.Kind.U, 32));
    assertThat(t.location("y").orElseThrow().space()).isEqualTo(StateSpace.SHARED_CLUSTER);
    assertThat(t.location("z").orElseThrow().initialValue()).isEqualTo(-1L);
    assertThat(t.location("w").orElseThrow().space()).isEqualTo(StateSpace.SHARED_CTA);
    LocationDecl v = t.location("v").orElseThrow();
    assertThat(v.alias()).contains(new LocationDecl.Alias("x", Proxy.TEXTURE));
    assertThat(v.initialValue()).isEqualTo(7);
    assertThat(t.registerInits()).extracting(RegisterInit::register).containsExactly("r1", "r2");
    assertThat(t.threads().get(0).position()).isEqualTo(ThreadPosition.of(0, 3, 1));
    assertThat(t.observed()).hasSize(2);
    assertThat(t.filter()).isPresent();
    assertThat(t.condition().quantifier()).isEqualTo(FinalCondition.Quantifier.NOT_EXISTS);
    String printed = LitmusPrinter.print(t);
    assertThat(AstNormalizer.strip(LitmusParser.parse("p", printed)))
        .isEqualTo(AstNormalizer.strip(t));
  }

  @Test
  void conditionPrecedence() {
    LitmusTest t = LitmusParser.parse("t", "PTX t\n{ x=0; }\n P0@cta 0,gpu 0 ;\n"
        + " ld.weak r0, x ;\nexists (~P0:r0 = 1 /\\ x == 0 \\/ true /\\ 1:r0 != 0x10)\n"
            .replace("1:r0", "0:r0"));
    Condition body = t.condition().body();
    assertThat(body).isInstanceOf(Condition.Or.class);
    Condition.Or or = (Condition.Or) body;
    assertThat(or.left()).isInstanceOf(Condition.And.class);
    assertThat(((Condition.And) or.left()).left()).isInstanceOf(Condition.Not.class);
    assertThat(((Condition.And) or.right()).right()).isEqualTo(new Condition.Compare(
        Condition.Op.NE, new Condition.RegisterTerm(0, "r0"), new Condition.ConstantTerm(16)));
  }

  @Test
  void printerUsesBothSyntaxes() {
    assertThat(LitmusPrinter.instruction(only("ld.relaxed.sys r1, x")))
        .isEqualTo("ld.relaxed.sys r1, x");
    assertThat(LitmusPrinter.instruction(only("ld.u32.global.acquire.gpu %r1, [x+4]")))
        .isEqualTo("ld.acquire.gpu.global.u32 r1, [x+4]");
    assertThat(LitmusPrinter.instruction(only("membar.gl"))).isEqualTo("membar.gl");
    assertThat(LitmusPrinter.instruction(only("atom.add r1, x, 1")))
        .isEqualTo("atom.relaxed.gpu.add r1, x, 1");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "st.acquire.gpu x, 1        | st cannot be .acquire",
    "st.acq_rel.gpu x, 1        | st cannot be .acq_rel",
    "ld.release.gpu r0, x       | ld cannot be .release",
    "ld.acq_rel.gpu r0, x       | ld cannot be .acq_rel",
    "ld.sc.gpu r0, x            | '.sc' is only allowed on fences",
    "atom.sc.gpu.add r0, x, 1   | '.sc' is only allowed on fences",
    "red.acquire.gpu.add x, 1   | red cannot be .acquire",
    "ld.weak.gpu r0, x          | a weak access cannot have a scope",
    "ld.relaxed r0, x           | scope required: '.relaxed' needs .cta, .cluster, .gpu or .sys",
    "st.release x, 1            | scope required: '.release' needs .cta, .cluster, .gpu or .sys",
    "ld.mmio.relaxed.gpu r0, x  | '.mmio' requires '.relaxed.sys'",
    "ld.volatile.sys r0, x      | '.volatile' cannot have a scope",
    "ld.global.global r0, [x]   | more than one state space qualifier ('.global' and '.global')",
    "ld.relaxed.acquire.gpu r0, x | more than one semantics qualifier ('.relaxed' and '.acquire')",
    "ld.foo r0, x               | unknown qualifier '.foo'",
    "xyz r0, x                  | unknown instruction 'xyz'",
    "mbarrier.pending_count.shared.b64 r0, r1 | mbarrier.pending_count reads a state register, no memory: it takes no state space",
    "cp.async.ca.shared.global [x], [y], 3 | cp.async copies 4, 8 or 16 bytes, got 3",
    "st.async.mbarrier::complete_tx::bytes.b32 [x], 1 | expected ',' but found end of input",
    "bar.sync 16                | barrier id must be 0..15, got 16",
    "bar.sync 99999999999       | barrier id must be 0..15, got 99999999999",
    "bar.sync 9223372036854775808 | barrier id must be 0..15, got 9223372036854775808",
    "bar.sync 1, 48             | barrier thread count must be a positive multiple of the warp size (32), got 48",
    "bar.sync 1, -64            | barrier thread count must be a positive multiple of the warp size (32), got -64",
    "bar.cta.sync 1, 1, 0       | barrier quorum must be at least 1 thread, got 0",
    "bar.sync.aligned 0         | '.aligned' belongs to the barrier spelling (barrier.sync.aligned); bar.sync is already aligned",
    "ld.global.f16 r0, [x]      | ld has no .f16 (ld takes .b8-.b128, .u8-.u64, .s8-.s64, .f32, .f64; move half-precision values as .b16 or .b32)",
    "ld.relaxed.gpu.local.u32 r0, [x] | '.relaxed' cannot be used with '.local' (strong, volatile and mmio accesses are to global or shared memory)",
    "st.global.ca.u32 [x], r0   | st has no cache operator '.ca' (st takes .cg, .cs, .wb, .wt)",
    "add.b32 r0, r1, r2         | add takes a .u or .s type, not .b32",
    "mul.u32 r0, r1, r2         | mul of integers needs .lo (mul.lo.u32 keeps the low half)",
    "and.u32 r0, r1, r2         | and takes a .b type (.b16, .b32, .b64), not .u32",
    "setp.lt.b32 r0, r1, r2     | '.lt' orders numbers: .b32 compares only with .eq and .ne",
    "setp.lo.s32 r0, r1, r2     | '.lo' is an unsigned comparison: it needs a .u type, not .s32",
    "ld.add r0, x               | qualifier '.add' is not allowed on ld",
    "atom.gpu r0, x, 1          | atom needs an operation (.add, .cas, .exch, ...)",
    "fence.sc                   | fence needs a scope (.cta, .cluster, .gpu or .sys)",
    "ld.v2.u32 {r0}, [x]        | .v2 needs 2 elements, found 1",
    "ld.weak r0, [x-4]          | negative address offset",
    "ld.weak r0, x extra        | unexpected 'extra' after the instruction",
    "bar.red.popc.pred r0, 0, 1 | bar.red.popc needs .u32",
    "bar.red.u32 r0, 0, 1       | bar.red needs .popc, .and or .or",
    "membar.cluster             | membar needs exactly one of .cta, .gl, .sys",
    "barrier.cluster.wait.release | barrier.cluster.wait cannot be .release",
  })
  void illegalCombinations(String cell, String reason) {
    assertThatThrownBy(() -> only(cell.trim()))
        .isInstanceOfSatisfying(LitmusSyntaxException.class, e -> {
          assertThat(e.reason()).isEqualTo(reason.trim());
          assertThat(e.line()).isEqualTo(4);
          assertThat(e.column()).isGreaterThanOrEqualTo(2);
        });
  }
}
