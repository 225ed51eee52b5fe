package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import org.junit.jupiter.api.Test;

/**
 * PTX ISA barrier rules for operands in registers: the same as for immediates (ids 0..15, a
 * thread count a positive multiple of the warp size), checked where the value is known.
 */
class BarrierRegisterTest {
  private static CheckResult check(String setup, String barrier) {
    String text = "PTX b\n{ x=0; }\n P0@cta 0,gpu 0 ;\n " + setup + " ;\n " + barrier
        + " ;\nexists (x == 0)\n";
    return LitmusChecker.create(CheckOptions.defaults()).check("b.litmus", text);
  }

  @Test
  void aZeroThreadCountInARegisterIsAnErrorAtTheBarrier() {
    assertThatThrownBy(() -> check("mov.u32 r5, 0", "bar.sync 0, r5"))
        .isInstanceOf(LitmusSyntaxException.class)
        .hasMessage("b.litmus:5:2: barrier thread count must be a positive multiple of the warp"
            + " size (32), but r5 holds 0 here");
  }

  @Test
  void aCountThatIsNoMultipleOfTheWarpSizeIsAnError() {
    assertThatThrownBy(() -> check("mov.u32 r5, 48", "bar.sync 0, r5"))
        .hasMessageContaining("but r5 holds 48 here");
    assertThatThrownBy(() -> check("mov.u32 r5, -32", "bar.sync 0, r5"))
        .hasMessageContaining("but r5 holds -32 here");
  }

  @Test
  void anIdOutOfRangeInARegisterIsAnError() {
    assertThatThrownBy(() -> check("mov.u32 r4, 16", "bar.sync r4"))
        .hasMessage("b.litmus:5:2: barrier id must be 0..15, but r4 holds 16 here");
  }

  @Test
  void validRegisterOperandsAreAccepted() {
    assertThat(check("mov.u32 r5, 32", "bar.sync 0, r5").verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(check("mov.u32 r4, 15", "bar.sync r4").verdict()).isEqualTo(Verdict.ALLOWED);
  }
}
