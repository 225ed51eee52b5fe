package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code check --observed}: hand-written logs of the message-passing test with release and
 * acquire (8.8 patterns, 8.10.6 Causality forbids r0=1, r1=0): an all-allowed log passes, a
 * log with the forbidden state fails loudly with its explanation, a partial log lists the
 * allowed states it never shows, malformed logs are usage errors with positions.
 */
class CheckObservedTest {
  private static final Path DIR = Path.of("src/test/resources/observed");
  private static final String TEST = DIR.resolve("MP+rel+acq.litmus").toString();

  private static String log(String name) {
    return DIR.resolve(name).toString();
  }

  @Test
  void allowedObservationsPass() {
    CommandRun run = new CommandRun();
    assertThat(run.run("check", TEST, "--observed", log("allowed.log"), "--observed",
        log("herd-states.log")))
        .isZero();
    assertThat(run.out.toString())
        .contains("allowed    51234      1:r0=0; 1:r1=0;")
        .contains("Result MP+rel+acq: every observed state is allowed")
        .contains("Observed: 2 tests, 2 all allowed, 0 with a forbidden state, 0 undecided,"
            + " 0 not checked")
        .doesNotContain("FORBIDDEN").doesNotContain("info:");
  }

  /** One log per {@code --observed}: the word after it is a test path, not a second log. */
  @Test
  void theWordAfterALogIsATestPath() {
    CommandRun run = new CommandRun();
    assertThat(run.run("check", "--observed", log("allowed.log"), TEST)).isZero();
    assertThat(run.out.toString())
        .contains("Test MP+rel+acq Allowed")
        .contains("Result MP+rel+acq: every observed state is allowed");
  }

  @Test
  void aForbiddenObservationFailsWithItsExplanation() {
    CommandRun run = new CommandRun();
    assertThat(run.run("check", TEST, "--observed", log("forbidden.log"))).isEqualTo(1);
    assertThat(run.out.toString())
        .contains("FORBIDDEN  4          1:r0=1; 1:r1=0;   <- the model forbids this observed"
            + " state")
        .contains("Causality (8.10.6)")
        .contains("Result MP+rel+acq: FORBIDDEN STATE OBSERVED (1 of 4 states)")
        .contains("1 with a forbidden state");
    assertThat(run.err.toString()).contains("forbidden.log:5:1: observed state forbidden by the"
        + " model: MP+rel+acq: 1:r0=1; 1:r1=0;");
  }

  @Test
  void allowedButUnobservedStatesAreInformation() {
    CommandRun run = new CommandRun();
    assertThat(run.run("check", TEST, "--observed", log("partial.log"))).isZero();
    assertThat(run.out.toString())
        .contains("info: allowed, not observed: 1:r0=0; 1:r1=1;")
        .contains("info: allowed, not observed: 1:r0=1; 1:r1=1;")
        .doesNotContain("not observed: 1:r0=1; 1:r1=0;");
  }

  @Test
  void aLoggedTestThatIsNotCheckedFails() {
    CommandRun run = new CommandRun();
    assertThat(run.run("check", TEST, "--observed", log("unknown-test.log"))).isEqualTo(1);
    assertThat(run.out.toString()).contains("Observed OTHER (").contains("not checked: no test"
        + " of that name among the TEST arguments");
  }

  @Test
  void aStateNamingAnUnknownRegisterIsInvalidNotAllowed() throws Exception {
    java.nio.file.Path f = java.nio.file.Files.createTempFile("bad-key", ".log");
    java.nio.file.Files.writeString(f, "Test MP+rel+acq\nStates 1\n1:r7=0;\n");
    CommandRun run = new CommandRun();
    run.run("check", TEST, "--observed", f.toString());
    assertThat(run.out.toString()).contains("invalid").contains("r7")
        .contains("Result MP+rel+acq: undecided").doesNotContain("every observed state");
    java.nio.file.Files.delete(f);
  }

  @Test
  void malformedLogsAreUsageErrorsWithPositions() {
    CommandRun run = new CommandRun();
    assertThat(run.run("check", TEST, "--observed", log("malformed-value.log"))).isEqualTo(2);
    assertThat(run.err.toString()).contains("--observed: ").contains("malformed-value.log:3:24:"
        + " the value of P1:r1 must be a 64-bit integer, got 'zero'");
    run.clear();
    assertThat(run.run("check", TEST, "--observed", log("missing.log"))).isEqualTo(2);
    assertThat(run.err.toString()).contains("--observed: no such file: ");
    run.clear();
    assertThat(run.run("check", TEST, "--format", "json", "--observed", log("allowed.log")))
        .isEqualTo(2);
    assertThat(run.err.toString()).contains("--observed prints text");
  }
}
