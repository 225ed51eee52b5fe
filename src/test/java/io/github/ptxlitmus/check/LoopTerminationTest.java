package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Waits that never end (docs/model.md): a loop whose exit depends on registers the iteration
 * changes is not a wait that never ends, while a spin on memory stays one, also when a counter
 * that decides nothing in the loop, or registers read but never changed, run alongside.
 */
class LoopTerminationTest {
  private static final String HEAD = "{ x=0; y=0; }\n"
      + "P0@cta 0,gpu 0       | P1@cta 0,gpu 0        ;\n";

  private static CheckResult check(String name, String p0, List<String> p1, String condition) {
    StringBuilder text = new StringBuilder("PTX " + name + "\n" + HEAD);
    for (int i = 0; i < p1.size(); i++) {
      text.append(i == 0 ? p0 : "").append(" | ").append(p1.get(i)).append(" ;\n");
    }
    text.append(condition).append('\n');
    return LitmusChecker.create(CheckOptions.defaults()).check(name, text.toString());
  }

  private static List<String> loops(CheckResult r) {
    return r.has(Flag.MAY_NOT_TERMINATE) ? r.nonTerminatingLoops() : List.of();
  }

  @Test
  void aCounterTheExitTestsEndsTheLoop() {
    CheckResult r = check("counter", "st.relaxed.gpu x, 1",
        List.of("L:", "add r1, r1, 1", "ld.relaxed.gpu r0, x", "bne r1, 3, L"),
        "exists (P1:r0 == 1)");
    assertThat(loops(r)).isEmpty();
    assertThat(r.verdict()).isEqualTo(Verdict.ALLOWED);
  }

  @Test
  void aRegisterALoadSetBeforeTheLoopIsNoSpinOnMemory() {
    CheckResult r = check("from-load", "st.relaxed.gpu x, 2",
        List.of("ld.relaxed.gpu r1, x", "L:", "add r1, r1, 1", "bne r1, 3, L"),
        "exists (P1:r1 == 3)");
    assertThat(loops(r)).isEmpty();
    assertThat(r.verdict()).isEqualTo(Verdict.ALLOWED);
  }

  @Test
  void aBoundedRetryOfAFlagEnds() {
    CheckResult r = check("retry", "st.relaxed.gpu x, 0",
        List.of("L:", "ld.relaxed.gpu r0, x", "bne r0, 0, DONE", "add r1, r1, 1",
            "bne r1, 2, L", "DONE:"),
        "exists (P1:r0 == 1)");
    assertThat(loops(r)).isEmpty();
    assertThat(r.verdict()).isEqualTo(Verdict.FORBIDDEN);
  }

  @Test
  void aCounterThatOnlyReachesCodeAfterTheLoopKeepsTheSpin() {
    // r1 is stored after the loop: it decides nothing inside it, and x is never 1.
    CheckResult r = check("stored-counter", "st.relaxed.gpu y, 5",
        List.of("L:", "ld.relaxed.gpu r0, x", "add r1, r1, 1", "beq r0, 0, L",
            "st.relaxed.gpu y, r1"),
        "exists (P1:r0 == 1)");
    assertThat(loops(r)).containsExactly("P1 line 4");
  }

  @Test
  void aLoadedRegisterTestedAtTheTopOfTheLoopKeepsTheSpin() {
    // r0 changes its source every round (a new load) but not its value: x is never 1.
    CheckResult r = check("top-tested", "st.relaxed.gpu x, 2",
        List.of("L:", "beq r0, 1, END", "ld.relaxed.gpu r0, x", "goto L", "END:"),
        "exists (P1:r0 == 1)");
    assertThat(loops(r)).containsExactly("P1 line 4");
  }

  @Test
  void theSameLoopEndsWhenTheValueItWaitsForIsWritten() {
    CheckResult r = check("top-tested-exits", "st.relaxed.gpu x, 1",
        List.of("L:", "beq r0, 1, END", "ld.relaxed.gpu r0, x", "goto L", "END:"),
        "exists (P1:r0 == 1)");
    assertThat(loops(r)).isEmpty();
    assertThat(r.verdict()).isEqualTo(Verdict.ALLOWED);
  }

  @Test
  void aRegisterThatAccumulatesOnlyZerosKeepsTheSpin() {
    CheckResult hangs = check("accumulate-zero", "st.relaxed.gpu x, 0",
        List.of("L:", "ld.relaxed.gpu r0, x", "add r1, r1, r0", "beq r1, 0, L"),
        "exists (P1:r1 == 1)");
    assertThat(loops(hangs)).containsExactly("P1 line 4");
    CheckResult exits = check("accumulate-one", "st.relaxed.gpu x, 1",
        List.of("L:", "ld.relaxed.gpu r0, x", "add r1, r1, r0", "beq r1, 0, L"),
        "exists (P1:r1 == 1)");
    assertThat(loops(exits)).isEmpty();
  }

  @Test
  void aRegisterLoopThatChangesNothingSpins() {
    CheckResult r = check("unchanged", "st.relaxed.gpu x, 2",
        List.of("ld.relaxed.gpu r1, x", "L:", "add r1, r1, 0", "bne r1, 2, L"),
        "exists (P1:r1 == 2)");
    assertThat(loops(r)).containsExactly("P1 line 5");
    assertThat(r.verdict()).isEqualTo(Verdict.ALLOWED);
  }

  @Test
  void aCounterThatNeverMeetsItsExitIsNotClaimedToEndNorToSpin() {
    // r1 = 2, 4, 6, ... never equals 3: not proven to spin (its registers never repeat), and the
    // cut keeps the answer from claiming that no state exists.
    CheckResult r = check("never-three", "st.relaxed.gpu x, 1",
        List.of("L:", "add r1, r1, 2", "bne r1, 3, L"), "exists (P1:r1 == 3)");
    assertThat(loops(r)).isEmpty();
    assertThat(r.verdict()).isEqualTo(Verdict.UNKNOWN);
  }
}
