package io.github.ptxlitmus.emit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.litmus.LitmusParser;
import org.junit.jupiter.api.Test;

/** The PTX module of a test: translation of Dat3M forms, placement, targets, refusals. */
class PtxModuleTest {
  private static PtxModule module(String text) {
    return PtxModule.of(LitmusParser.parse("t.litmus", text));
  }

  @Test
  void dat3mShortFormsBecomeThePtxTheyAreReadAs() {
    PtxModule m = module("PTX t\n{ x=0; }\n"
        + " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
        + " st.weak x, 1 | bar.cta.sync 1 ;\n"
        + " bar.cta.arrive 1 | ld.weak r0, x ;\n"
        + " | beq r0, 1, L ;\n | L: ;\nexists (P1:r0 == 0)\n");
    // An untyped location is 8 bytes; all threads of the CTA are two warps.
    assertThat(m.text()).contains("st.weak.b64 [x], 1;", "bar.arrive 1, 64;", "bar.sync 1;",
        "ld.weak.b64 %P1_r0, [x];", "setp.eq.s64", "bra P1_L;", "P1_L:");
    assertThat(m.target()).isEqualTo(PtxTarget.sm(70));
    assertThat(m.placement().blockThreads()).isEqualTo(64);
  }

  @Test
  void realPtxIsEmittedAsWrittenAtTheLowestTarget() {
    PtxModule m = module("PTX t\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n"
        + " ld.global.u32 %r0, [x] ;\n membar.gl ;\nexists (P0:r0 == 0)\n");
    assertThat(m.text()).contains("ld.global.u32 %P0_r0, [x];", "membar.gl;",
        ".global .align 8 .u32 x = 0;");
    assertThat(m.target()).isEqualTo(PtxTarget.BASE);
    assertThat(m.text()).contains(".version 4.0\n.target sm_50\n");
  }

  @Test
  void ptxThreadCountsAndDat3mQuorumsCountWarps() {
    PtxModule m = module("PTX t\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
        + " bar.cta.sync 0, 1, 2 | bar.sync 1, 64 ;\nexists (x == 0)\n");
    assertThat(m.text()).contains("bar.sync 1, 64;");
  }

  @Test
  void clustersAreConsecutiveCtasAndRemoteSharedMemoryGoesThroughMapa() {
    PtxModule m = module("PTX t\n{ .shared .u32 d; .shared .b64 M; }\n"
        + " P0@cta 0,cluster 0,gpu 0 | P1@cta 1,cluster 0,gpu 0 ;\n"
        + " mbarrier.init.shared.b64 [M], 1 | ld.shared::cluster.u32 %r0, [d] ;\n"
        + " st.shared.u32 [d], 1 | ;\nexists (P1:r0 == 0)\n");
    assertThat(m.text()).contains(".reqnctapercluster 2, 1, 1", "mapa.shared::cluster.u32",
        "st.shared.b32 [d], 0;", "barrier.cluster.arrive.aligned;");
    assertThat(m.target().sm()).isEqualTo(90);
  }

  @Test
  void testsWithoutAModuleAreRefusedWithTheReason() {
    assertThatThrownBy(() -> module("PTX t\n{ x=0; }\n P0@host | P1@cta 0,gpu 0,kernel k ;\n"
        + " cudaLaunchKernel k | ld.weak r0, x ;\nexists (P1:r0 == 0)\n"))
        .isInstanceOf(NotEmittableException.class)
        .hasMessageContaining("P0 is a host thread");
    assertThatThrownBy(() -> module("PTX t\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 1 ;\n"
        + " st.relaxed.sys x, 1 | ld.relaxed.sys r0, x ;\nexists (P1:r0 == 0)\n"))
        .hasMessageContaining("the threads run on 2 GPUs");
    assertThatThrownBy(() -> module("PTX t\n{ x=0; y @ surface aliases x; }\n"
        + " P0@cta 0,gpu 0 ;\n sust.weak y, 1 ;\nexists (x == 0)\n"))
        .hasMessageContaining("t.litmus:2:").hasMessageContaining("alias");
    assertThatThrownBy(() -> module("PTX t\n{ x=0; }\n P0@cta 0,gpu 0 ;\n"
        + " atom.relaxed.gpu.mul r0, x, 2 ;\nexists (x == 0)\n"))
        .hasMessageContaining("PTX has no atomic mul");
  }

  @Test
  void commentsAreAsciiForPtxas() {
    PtxModule m = module("PTX t\n\"caf\u00e9 \u2192 bar\"\n{ x=0; }\n P0@cta 0,gpu 0 ;\n"
        + " st.weak x, 1 ;\nexists (x == 1)\n");
    assertThat(m.text().chars().allMatch(c -> c < 128)).isTrue();
  }
}
