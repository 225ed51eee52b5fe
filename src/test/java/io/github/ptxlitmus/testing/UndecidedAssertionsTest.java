package io.github.ptxlitmus.testing;

import static io.github.ptxlitmus.testing.LitmusAssertions.assertThat;
import static io.github.ptxlitmus.testing.LitmusAssertions.assertThatLitmus;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Assertions that used to pass on what nothing decided: a missing or misspelt oracle, an empty
 * directory, an Undefined result, a misspelt register of a test where no execution completes.
 * Each case fails now, naming why.
 */
class UndecidedAssertionsTest {
  @TempDir Path dir;

  static final Path TEAR = Path.of("src/test/resources/litmus/mixed/Tear64+relaxed+2xu32.litmus");
  static final Path DEADLOCK =
      Path.of("src/test/resources/litmus/barrier/deadlock-missing-thread.litmus");

  static final String MP = "PTX MP\n"
      + "{ x=0; y=0; }\n"
      + " P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;\n"
      + " st.relaxed.gpu x, 1 | ld.acquire.gpu r0, y ;\n"
      + " st.release.gpu y, 1 | ld.relaxed.gpu r1, x ;\n"
      + "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n";

  @Test
  void meetsFailsWhenTheFileHasNoExpectation() throws Exception {
    Path file = Files.writeString(dir.resolve("MP.litmus"), MP);
    assertThatThrownBy(() -> assertThatLitmus(file).meets(Expectations.read(file)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("to meet its expectations, but there are none")
        .hasMessageContaining("(* expect: Allowed|Forbidden *)");
    assertThatThrownBy(() -> assertThatLitmus(file).meets(Expectations.none()))
        .isInstanceOf(AssertionError.class);
  }

  @Test
  void aMisspeltExpectationCommentIsAnError() throws Exception {
    Path file = Files.writeString(dir.resolve("MP.litmus"),
        MP.replace("{ x=0;", "(* expext: Allowed *)\n{ x=0;"));
    assertThatThrownBy(() -> assertThatLitmus(file).meets(Expectations.read(file)))
        .isInstanceOf(LitmusSyntaxException.class)
        .hasMessage(file + ":2:4: unknown comment 'expext:'; did you mean 'expect:'?");
    for (String typo : new String[] {"Expect:", "expect-state:", "expected:", "expect_flags:",
        "expectstates:"}) {
      assertThatThrownBy(() -> Expectations.read("(* " + typo + " Forbidden *)"))
          .as(typo)
          .isInstanceOf(LitmusSyntaxException.class)
          .hasMessageStartingWith("<string>:1:4: unknown comment '" + typo + "'");
    }
    // Other comments are no oracle and stay comments.
    org.assertj.core.api.Assertions.assertThat(
        Expectations.read("(* spec: 8.8 *)\n(* note: x *)\n(* expect-error: y *)").isEmpty())
        .isTrue();
  }

  @Test
  void dynamicTestsOnADirectoryWithoutLitmusFilesThrows() throws Exception {
    Files.writeString(dir.resolve("notes.txt"), "no test here");
    assertThatThrownBy(() -> LitmusTests.dynamicTests(dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no *.litmus file under " + dir.toUri());
    Path csv = Files.writeString(dir.resolve("expected.csv"), "MP.litmus,0\n");
    assertThatThrownBy(() -> LitmusTests.dynamicTests(dir, csv))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no *.litmus file under " + dir.toUri());
  }

  @Test
  void everyStateAssertionFailsOnAnUndefinedResultNamingTheRace() {
    CheckResult tear = LitmusChecker.create().check(TEAR);
    org.assertj.core.api.Assertions.assertThat(tear.verdict()).isEqualTo(Verdict.UNDEFINED);
    assertThat(tear).isUndefined().hasFlag(Flag.MIXED_SIZE_RACE);
    for (Runnable assertion :
        new Runnable[] {
          () -> assertThat(tear).forbids("P1:r0 == 1 /\\ P1:r1 == 0"),
          () -> assertThat(tear).allows("P1:r0 == 1 /\\ P1:r1 == 0"),
          () -> assertThat(tear).hasExactlyStates("P1:r0=0; P1:r1=0;", "P1:r0=1; P1:r1=0;",
              "P1:r0=0; P1:r1=1;", "P1:r0=1; P1:r1=1;"),
          () -> assertThat(tear).conditionHolds(),
          () -> assertThat(tear).conditionFails(),
          () -> assertThat(tear).isAllowed(),
          () -> assertThat(tear).isForbidden(),
          () -> assertThat(tear).hasNoDataRace(),
          () -> assertThat(tear).meets(Expectations.read("(* expect-states: P1:r0=0; P1:r1=0; |"
              + " P1:r0=1; P1:r1=0; | P1:r0=0; P1:r1=1; | P1:r0=1; P1:r1=1; *)")),
        }) {
      assertThatThrownBy(assertion::run)
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("UNDEFINED")
          .hasMessageContaining("mixed-size data race: ");
    }
    // An oracle that says Undefined is met.
    assertThat(tear).meets(Expectations.read("(* expect: Undefined *)"));
  }

  @Test
  void aMisspeltNameFailsEvenWhenNoExecutionCompletes() {
    CheckResult deadlock = LitmusChecker.create().check(DEADLOCK);
    org.assertj.core.api.Assertions.assertThat(deadlock.states()).isEmpty();
    org.assertj.core.api.Assertions.assertThat(deadlock.has(Flag.DEADLOCK)).isTrue();
    assertThat(deadlock).forbids("P1:r0 == 1");
    for (String typo : new String[] {"P1:r9 == 1", "P7:r0 == 1", "xx == 1"}) {
      assertThatThrownBy(() -> assertThat(deadlock).forbids(typo))
          .as(typo)
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("is not one of this test");
      assertThatThrownBy(() -> assertThat(deadlock).allows(typo))
          .as(typo)
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("is not one of this test");
    }
    assertThatThrownBy(() -> assertThat(deadlock).hasExactlyStates("P1:r9=0;"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("is not one of this test");
  }
}
