package io.github.ptxlitmus.testing;

import static io.github.ptxlitmus.testing.LitmusAssertions.assertThatLitmus;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.litmus.DataType;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.Instruction.AtomicOp;
import io.github.ptxlitmus.litmus.Instruction.BranchCondition;
import io.github.ptxlitmus.litmus.Instruction.LocalOp;
import io.github.ptxlitmus.litmus.Instruction.ProxyFenceKind;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusPrinter;
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
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LitmusBuilderTest {
  private static final SourcePosition NONE = SourcePosition.synthetic("");

  static LitmusTest mp() {
    return LitmusBuilder.test("MP")
        .location("x", 0)
        .location("y", 0)
        .thread(0, ThreadPosition.of(0, 0)).st("x", 1).stRelease(Scope.GPU, "y", 1)
        .thread(1, ThreadPosition.of(0, 1)).ldAcquire(Scope.GPU, "r0", "y").ld("r1", "x")
        .exists("P1:r0 == 1 /\\ P1:r1 == 0")
        .build();
  }

  @Test
  void buildsMessagePassingThatPrintsAndChecks() {
    LitmusTest mp = mp();
    assertThat(LitmusPrinter.print(mp)).isEqualTo(
        "PTX MP\n"
            + "{\n"
            + "x=0;\n"
            + "y=0;\n"
            + "}\n"
            + " P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;\n"
            + " st.weak x, 1        | ld.acquire.gpu r0, y ;\n"
            + " st.release.gpu y, 1 | ld.weak r1, x        ;\n"
            + "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n");
    Instruction first = mp.threads().get(0).instructions().get(0);
    assertThat(first.position()).isEqualTo(SourcePosition.synthetic("MP"));
    assertThat(first.text()).isEqualTo("st.weak x, 1");
    assertThat(mp.source()).isEqualTo("MP");
    assertThatLitmus(mp).isForbidden().allows("P1:r0 == 1 /\\ P1:r1 == 1").hasFlag(
        io.github.ptxlitmus.check.Flag.DATA_RACE);
  }

  /** Every kind of instruction the builder makes survives print → parse. */
  @Test
  void everyInstructionKindRoundTrips() {
    LitmusTest t = LitmusBuilder.test("All")
        .description("every builder method")
        .location("x", 1)
        .location("s", 0, DataType.of(DataType.Kind.U, 32), StateSpace.GLOBAL)
        .alias("xs", Proxy.SURFACE, "x")
        .initRegister(0, "r9", 7)
        .initAddress(1, "p", "x")
        .thread(0, ThreadPosition.of(0, 0, 0))
        .ld("r0", "x").ldRelaxed(Scope.SYS, "r1", "y").ld(Semantics.ACQUIRE, Scope.CTA, "%r2", "x")
        .st("y", 2).st("y", "r0").stRelaxed(Scope.CLUSTER, "y", 3)
        .st(Semantics.RELEASE, Scope.GPU, "y", Operand.reg("r1"))
        .atom(AtomicOp.ADD, "r3", "z", 1)
        .atom(Semantics.ACQ_REL, Scope.SYS, AtomicOp.EXCH, "r4", "z", Operand.reg("r9"))
        .cas(Semantics.ACQUIRE, Scope.GPU, "r5", "z", 0, 1)
        .red(AtomicOp.INC, "z", 1)
        .red(Semantics.RELEASE, Scope.CTA, AtomicOp.MAX, "z", Operand.imm(5))
        .fenceSc(Scope.GPU).fenceAcqRel(Scope.CLUSTER).fence(Semantics.ACQUIRE, Scope.CTA)
        .fence(Semantics.RELEASE, Scope.SYS)
        .membar(Scope.CTA).membar(Scope.GPU).membar(Scope.SYS)
        .fenceProxy(ProxyFenceKind.ALIAS).fenceProxy(ProxyFenceKind.ASYNC_SHARED_CTA)
        .fenceProxy(ProxyFenceKind.TENSORMAP_RELEASE, Scope.GPU)
        .barSync(0).barSync(1, 2).barArrive(2).barArrive(3, 2)
        .clusterArrive().clusterArriveRelaxed().clusterWait()
        .mov("r6", 4).add("r7", "r6", 1)
        .local(LocalOp.XOR, "r8", Operand.reg("r7"), Operand.reg("r6"))
        .label("L0").beq("r8", 0, "L1").bne("r8", 1, "L0")
        .branch(BranchCondition.LE, Operand.reg("r8"), Operand.reg("r7"), "L1")
        .goTo("L1").label("L1")
        .thread(1, ThreadPosition.of(0, 0, 1))
        .ldAcquire(Scope.GPU, "r0", "xs")
        .observe("P0:r6", "w")
        .filter("P0:r0 != 5")
        .forall("P1:r0 >= 0 \\/ ~(x == 2)")
        .build();
    LitmusTest reparsed = LitmusParser.parse("All", LitmusPrinter.print(t));
    assertThat(strip(reparsed)).isEqualTo(strip(t));
    assertThat(t.locations().stream().map(LocationDecl::name).collect(Collectors.toList()))
        .containsExactly("x", "s", "xs", "y", "z", "w");
    assertThat(t.threads().get(0).instructions()).allSatisfy(i -> {
      assertThat(i.position()).isEqualTo(SourcePosition.synthetic("All"));
      assertThat(i.text()).isEqualTo(LitmusPrinter.instruction(i));
    });
  }

  @Test
  void aBranchLoopChecksWithALoopBound() {
    LitmusTest spin = LitmusBuilder.test("MP+spin")
        .thread(0, ThreadPosition.of(0, 0)).st("x", 1).stRelease(Scope.GPU, "y", 1)
        .thread(1, ThreadPosition.of(0, 1))
        .label("L").ldAcquire(Scope.GPU, "r0", "y").beq("r0", 0, "L").ld("r1", "x")
        .exists("P1:r0 == 1 /\\ P1:r1 == 0")
        .build();
    assertThatLitmus(spin).isForbidden()
        .hasFlag(io.github.ptxlitmus.check.Flag.LOOP_BOUND_HIT);
  }

  @Test
  void misuseFailsAtOnce() {
    assertThatThrownBy(() -> LitmusBuilder.test("T").st("x", 1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("no thread: call thread(id, position) first");
    assertThatThrownBy(() -> LitmusBuilder.test("T").thread(1, ThreadPosition.of(0, 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("thread ids go 0, 1, 2, ...: expected P0, got P1");
    assertThatThrownBy(() -> LitmusBuilder.test("T").thread(0, ThreadPosition.of(0, 0))
        .ld(Semantics.RELEASE, Scope.GPU, "r0", "x"))
        .hasMessage("a strong load is relaxed or acquire, not RELEASE");
    assertThatThrownBy(() -> LitmusBuilder.test("T").thread(0, ThreadPosition.of(0, 0))
        .membar(Scope.CLUSTER))
        .hasMessage("there is no membar.cluster; use fenceSc(Scope.CLUSTER)");
    assertThatThrownBy(() -> LitmusBuilder.test("a b"))
        .hasMessage("test name must be non-empty, without blanks, '\"' or '{': 'a b'");
    assertThatThrownBy(() -> LitmusBuilder.test("T").thread(0, ThreadPosition.of(0, 0)).build())
        .hasMessage("T: no final condition (exists, notExists, forall)");
  }

  @Test
  void buildRunsTheParsersStaticChecks() {
    assertThatThrownBy(() -> LitmusBuilder.test("T").thread(0, ThreadPosition.of(0, 0))
        .goTo("nowhere").exists("x == 0").build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("T: invalid test: undefined label 'nowhere' in P0 (at line 6,"
            + " column 2 of the printed test:\nPTX T\n{\nx=0;\n}\n P0@cta 0,gpu 0 ;\n"
            + " goto nowhere   ;\nexists (x == 0)\n)");
    assertThatThrownBy(() -> LitmusBuilder.test("T").thread(0, ThreadPosition.of(0, 0))
        .st("x", 1).exists("P0:r5 == 0").build())
        .hasMessageStartingWith("T: invalid test: register r5 is not used or initialised by"
            + " thread P0");
  }

  static LitmusTest strip(LitmusTest t) {
    return new LitmusTest(t.name(), t.descriptions(),
        t.locations().stream().map(l -> new LocationDecl(l.name(), l.initialValue(), l.type(),
            l.space(), l.alias(), NONE)).collect(Collectors.toList()),
        t.registerInits().stream().map(r -> new RegisterInit(r.thread(), r.register(),
            r.value(), r.addressOf(), NONE)).collect(Collectors.toList()),
        t.threads().stream().map(th -> new ThreadSpec(th.id(), th.position(),
            th.instructions().stream().map(i -> Instructions.withText(i, NONE))
                .collect(Collectors.toList()))).collect(Collectors.toList()),
        t.observed(), t.filter(), t.condition(), "");
  }
}
