package io.github.ptxlitmus.litmus;

import static io.github.ptxlitmus.litmus.AstNormalizer.only;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.litmus.AsyncInstruction.AsyncCopy;
import io.github.ptxlitmus.litmus.AsyncInstruction.Completion;
import io.github.ptxlitmus.litmus.AsyncInstruction.CopyKind;
import io.github.ptxlitmus.litmus.AsyncInstruction.MbarrierOp;
import io.github.ptxlitmus.litmus.AsyncInstruction.MbarrierUpdate;
import io.github.ptxlitmus.litmus.AsyncInstruction.MbarrierWait;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The syntax of DESIGN §6 (docs/litmus-format.md, "Asynchronous operations"). */
class AsyncSyntaxTest {
  @Test
  void mbarrierDefaultsAreReleaseAcquireCta() {
    MbarrierUpdate a = (MbarrierUpdate) only("mbarrier.arrive.shared.b64 %s, [x]");
    assertThat(a.op()).isEqualTo(MbarrierOp.ARRIVE);
    assertThat(a.sem()).isEqualTo(Semantics.RELEASE);
    assertThat(a.scope()).isEqualTo(Scope.CTA);
    assertThat(a.state()).contains("s");
    assertThat(a.count()).isEqualTo(Operand.imm(1));
    MbarrierWait w = (MbarrierWait) only("mbarrier.try_wait.parity.shared::cta.b64 %p, [x], 0, 100");
    assertThat(w.sem()).isEqualTo(Semantics.ACQUIRE);
    assertThat(w.parity()).isTrue();
    assertThat(w.tryWait()).isTrue();
  }

  @Test
  void arriveExpectTxWithSinkState() {
    MbarrierUpdate a =
        (MbarrierUpdate) only("mbarrier.arrive.expect_tx.relaxed.cluster.shared::cluster.b64 _, [x], 16");
    assertThat(a.op()).isEqualTo(MbarrierOp.ARRIVE_EXPECT_TX);
    assertThat(a.state()).isEmpty();
    assertThat(a.tx()).isEqualTo(Operand.imm(16));
    assertThat(a.scope()).isEqualTo(Scope.CLUSTER);
  }

  @Test
  void arriveWithoutDestinationIsChapter8sFormAndWarns() {
    String text = "PTX arrive\n{ .shared .b64 M; }\nP0@cta 0,gpu 0 ;\n"
        + "mbarrier.init.shared.b64 [M], 1 ;\nmbarrier.arrive.release.cta.shared.b64 [M] ;\n"
        + "exists (M == 0)\n";
    LitmusTest t = LitmusParser.parse("arrive.litmus", text);
    assertThat(t.warnings()).singleElement().asString()
        .startsWith("arrive.litmus:5:1: warning: mbarrier.arrive needs its destination");
    MbarrierUpdate a = (MbarrierUpdate) only("mbarrier.arrive.release.cta.shared.b64 [x]");
    assertThat(a.state()).isEmpty();
  }

  @Test
  void bulkCopyDefaults() {
    AsyncCopy c = (AsyncCopy) only("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"
        + " [x], [y], 16, [m]");
    assertThat(c.kind()).isEqualTo(CopyKind.BULK);
    assertThat(c.completion()).isEqualTo(Completion.MBARRIER);
    assertThat(c.destinationSpace()).isEqualTo(StateSpace.SHARED_CLUSTER);
    assertThat(c.sourceSpace()).isEqualTo(StateSpace.GLOBAL);
    assertThat(c.mbarrier()).contains(Address.location("m"));
    assertThat(c.sem()).isEqualTo(Semantics.WEAK);
    AsyncCopy g = (AsyncCopy) only("cp.async.bulk.global.shared::cta.bulk_group [x], [y], 16");
    assertThat(g.completion()).isEqualTo(Completion.BULK_GROUP);
    assertThat(g.mbarrier()).isEmpty();
    AsyncCopy s = (AsyncCopy) only("cp.async.bulk.mbarrier::complete_tx::bytes.relaxed.sys.b128"
        + " [x], [y], 16, [m]");
    assertThat(s.sem()).isEqualTo(Semantics.RELAXED);
    assertThat(s.scope()).contains(Scope.SYS);
    assertThat(s.elementBits()).isEqualTo(Optional.of(64));
  }

  @Test
  void hostThreadsAndKernels() {
    LitmusTest t = LitmusParser.parse("t.litmus", "PTX t\n{ x=0; }\n"
        + " P0@host | P1@cta 0,gpu 0,kernel k ;\n cudaLaunchKernel k, s0 | ld.weak r0, x ;\n"
        + "exists (P1:r0 == 0)\n");
    assertThat(t.threads().get(0).position().isHost()).isTrue();
    assertThat(t.threads().get(1).position().kernel()).contains("k");
    assertThat(LitmusPrinter.print(t)).contains("P0@host").contains("kernel k");
    assertThat(LitmusParser.parse("t.litmus", LitmusPrinter.print(t)).threads())
        .extracting(ThreadSpec::position)
        .isEqualTo(t.threads().stream().map(ThreadSpec::position).toList());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 r0, r1, r2 | unsupported: wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 (wgmma.mma_async is outside the modelled asynchronous operations, 8.9.1.1)",
    "multimem.st.relaxed.sys.global.u32 [x], 1 | unsupported: multimem.st.relaxed.sys.global.u32 (multimem addresses, 8.2.3)",
    "mbarrier.test_wait.release.cta.shared.b64 p, [x], 0 | mbarrier.test_wait.release.cta.shared.b64: mbarrier operation cannot be .release",
    "mbarrier.test_wait.acquire.shared.b64 p, [x], 0 | mbarrier.test_wait: semantics and scope are written together (.acquire.cta) or not at all",
    "cp.async.bulk.global.shared::cta.bulk_group [x], [y], 16, [m] | a bulk_group copy takes no mbarrier operand",
    "cp.async.bulk.global.shared::cta.bulk_group [x], [y], 12 | a bulk copy moves a multiple of 16 bytes (16..4096), got 12",
    "cp.async.cg.shared.global [x], [y], 8 | cp.async.cg copies 16 bytes, got 8",
    "cp.async.ca [x], [y], 4 | cp.async needs its state spaces: cp.async.ca.shared{::cta}.global",
    "cp.async.ca.shared.global [x], [y], 4, 2 | unsupported: cp.async src-size 2 smaller than the copy (the zero fill of the remaining bytes is not modelled)",
    "mbarrier.arrive.release.cluster.shared::cluster.b64 s, [x] | mbarrier.arrive on .shared::cluster returns no state: write _",
    "mbarrier.test_wait.shared::cluster.b64 p, [x], s | mbarrier.test_wait addresses the executing CTA's object (.shared::cta), not .shared::cluster",
    "red.async.release.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [x], 1, [m] | red.async to .shared::cluster needs .relaxed, not .release (.release is for red.async to global memory)",
    "red.async.relaxed.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [x], 1, [m] | red.async to .shared::cluster needs .relaxed.cluster written out",
    "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.and.u32 [x], 1, [m] | red.async.and has no .u32 (it takes .b32)",
    "st.async.release.gpu.global.u32 [x], 1, [m] | st.async to global memory takes no mbarrier operand (it has no completion mechanism)",
    "st.async.release.cluster.shared::cluster.mbarrier::complete_tx::bytes.b32 [x], 1, [m] | st.async to .shared::cluster is weak, not .release (st.async.release is for global memory: st.async.release.gpu.global)",
    "mbarrier.arrive.noComplete.shared.b64 s, [x] | mbarrier.arrive.noComplete needs its count (mbarrier.arrive.noComplete state, [M], count)",
    "cp.async.bulk.tensor.1d.global.shared::cta.bulk_group [x], [y] | unsupported: cp.async.bulk.tensor.1d.global.shared::cta.bulk_group (tensor maps and prefetches are not modelled)",
    "st.async.release.shared::cluster.b32 [x], 1, [m] | st.async to .shared::cluster needs its completion mechanism .mbarrier::complete_tx::bytes",
    "mbarrier.init.shared.b64 [m], 0 | mbarrier.init count must be 1..1048575, got 0",
    "mbarrier.init.shared.b64 [m], -1 | mbarrier.init count must be 1..1048575, got -1",
    "mbarrier.init.shared.b64 [m], 1048576 | mbarrier.init count must be 1..1048575, got 1048576",
    "mbarrier.arrive.shared.b64 s, [m], 0 | mbarrier.arrive count must be 1..1048575, got 0",
    "mbarrier.arrive.expect_tx.shared.b64 _, [m], -4 | mbarrier.arrive.expect_tx txCount must be 0..1048575, got -4",
    "mbarrier.complete_tx.relaxed.cta.shared.b64 [m], 2000000 | mbarrier.complete_tx txCount must be 0..1048575, got 2000000",
    "mbarrier.test_wait.parity.shared.b64 p, [m], 2 | mbarrier.test_wait.parity phaseParity must be 0..1, got 2",
    "cudaMalloc x | unsupported: cudaMalloc (API calls: cudaLaunchKernel, cudaStreamSynchronize, cudaDeviceSynchronize, cudaEventRecord, cudaStreamWaitEvent, cudaEventSynchronize)",
  })
  void rejected(String cell, String reason) {
    assertThatThrownBy(() -> only(cell.trim()))
        .isInstanceOfSatisfying(LitmusSyntaxException.class,
            e -> assertThat(e.reason()).isEqualTo(reason.trim()));
  }
}
