package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.report.Results;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code check --explain}, {@code --explain-state}, {@code --dot} and {@code --svg}. */
class CheckExplainTest {
  private static final String SPEC = "src/test/resources/litmus/spec/";
  private static final String MP = SPEC + "MP+fence.sys.litmus";
  private static final String LB = SPEC + "LB.litmus";

  @TempDir Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(CheckCommand command, String... args) {
    CommandLine cmd = new CommandLine(CheckCommandSpec.of(command));
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }

  private int run(String... args) {
    return run(new CheckCommand(), args);
  }

  @Test
  void explainPrintsTheAxiomsAfterTheBlockOfAForbiddenTest() {
    assertThat(run("--explain", MP)).isEqualTo(0);
    String text = out.toString();
    assertThat(text)
        .contains(
            "Time MP+fence.sys ",
            "\nState P1:r0 == 1 /\\ P1:r1 == 0 is forbidden: all 1 candidate executions that"
                + " produce it violate an axiom.\n"
                + "  Causality (8.10.6), 1 candidate: ",
            "    P1: ld.global.u32 %r1, [data] (line 12) -fr-> P0: st.global.u32 [data], 1"
                + " (line 10) -po-> P0: fence.sys (line 11) -sw-> P1: fence.sys (line 11) -po->"
                + " P1: ld.global.u32 %r1, [data] (line 12)\n\nSummary: 1 tests");
    assertThat(text.indexOf("Time MP+fence.sys")).isLessThan(text.indexOf("State P1:r0"));
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void explainShowsOneWitnessForAnAllowedTest() {
    assertThat(run("--explain", LB)).isEqualTo(0);
    assertThat(out.toString())
        .contains("State P0:r0 == 1 /\\ P1:r1 == 1 /\\ x == 1 /\\ y == 1 is allowed.\n"
            + "Witness execution:\n"
            + "  P0: st.global.u32 [y], 1 (line 10) -rf-> P1: ld.global.u32 %r1, [y] (line 9)\n");
  }

  @Test
  void explainStateExplainsTheNamedStatesInstead() {
    assertThat(run("--explain-state", "P0:r0=1; P1:r1=1;", "--explain-state", "P0:r0 == 7", LB))
        .isEqualTo(0);
    assertThat(out.toString())
        .contains("State P0:r0 == 1 /\\ P1:r1 == 1 is allowed.\n")
        .contains("State P0:r0 == 7 is forbidden: no candidate execution produces it.\n")
        .doesNotContain("x == 1 /\\ y == 1 is allowed");
  }

  @Test
  void aStateThatDoesNotParseIsAUsageError() {
    assertThat(run("--explain-state", "P1:r0 ==", LB)).isEqualTo(2);
    assertThat(err.toString()).contains("--explain-state 'P1:r0 =='");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void svgWithoutDotIsAUsageError() {
    assertThat(run("--svg", LB)).isEqualTo(2);
    assertThat(err.toString()).contains("--svg needs --dot DIR");
  }

  @Test
  void dotWritesOneFilePerReasonGroupOrWitnessAndListsThem() throws Exception {
    Path dots = dir.resolve("graphs");
    assertThat(run("--dot", dots.toString(), MP, LB, SPEC + "Atomicity-1.litmus")).isEqualTo(0);
    try (Stream<Path> files = Files.list(dots)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder(
              "MP+fence.sys-Causality-1.dot", "LB-witness.dot", "Atomicity-1-Atomicity-1.dot",
              "Atomicity-1-Atomicity-2.dot", "Atomicity-1-No-Thin-Air-1.dot");
    }
    assertThat(Files.readString(dots.resolve("LB-witness.dot"))).startsWith("digraph");
    assertThat(out.toString())
        .contains("Dot " + dots.resolve("MP+fence.sys-Causality-1.dot") + "\n\n")
        .doesNotContain("is forbidden"); // no --explain: files only
  }

  @Test
  void twoTestsOfTheSameNameDoNotOverwriteEachOther() throws Exception {
    Path copy = dir.resolve("other/LB.litmus");
    Files.createDirectories(copy.getParent());
    Files.copy(Path.of(LB), copy);
    Path dots = dir.resolve("g");
    assertThat(run("--dot", dots.toString(), LB, copy.toString())).isEqualTo(0);
    assertThat(dots.resolve("LB-witness.dot")).exists();
    assertThat(dots.resolve("LB-witness.2.dot")).exists();
  }

  @Test
  void svgWithoutGraphvizWarnsOnceAndStillWritesTheDotFiles() throws Exception {
    CheckCommand command = new CheckCommand();
    command.dotProgram = "ptx-litmus-no-such-graphviz";
    Path dots = dir.resolve("g");
    assertThat(run(command, "--dot", dots.toString(), "--svg", MP, LB)).isEqualTo(0);
    assertThat(err.toString())
        .isEqualTo(ExplainStep.NO_GRAPHVIZ + System.lineSeparator())
        .contains("apt-get install graphviz");
    assertThat(dots.resolve("LB-witness.dot")).exists();
    assertThat(dots.resolve("LB-witness.svg")).doesNotExist();
  }

  @Test
  void svgRendersEachDotFileWhenGraphvizIsInstalled() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        ExplainStep.onPath("dot"), "Graphviz 'dot' is not on PATH (apt-get install graphviz)");
    Path dots = dir.resolve("g");
    assertThat(run("--dot", dots.toString(), "--svg", MP)).isEqualTo(0);
    assertThat(Files.readString(dots.resolve("MP+fence.sys-Causality-1.svg"))).contains("<svg");
    assertThat(out.toString()).contains("Svg " + dots.resolve("MP+fence.sys-Causality-1.svg"));
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void jsonHasAnExplanationObject() throws Exception {
    assertThat(run("--format", "json", "--explain", MP, LB)).isEqualTo(0);
    JsonNode results = new ObjectMapper().readTree(out.toString()).get("results");
    JsonNode mp = results.get(0).get("explanation");
    assertThat(mp.get("state").asText()).isEqualTo("P1:r0 == 1 /\\ P1:r1 == 0");
    assertThat(mp.get("allowed").asBoolean()).isFalse();
    assertThat(mp.has("witness")).isFalse();
    JsonNode reason = mp.get("reasons").get(0);
    assertThat(reason.get("axiom").asText()).isEqualTo("Causality");
    assertThat(reason.get("section").asText()).isEqualTo("8.10.6");
    assertThat(reason.get("candidates").asLong()).isEqualTo(1);
    assertThat(reason.get("path").asText()).contains("-sw->");
    assertThat(reason.get("detail").asText()).isNotEmpty();
    JsonNode witness = results.get(1).get("explanation").get("witness");
    assertThat(witness.get("rf").get(0).get("from").asText())
        .isEqualTo("P0: st.global.u32 [y], 1 (line 10)");
    assertThat(witness.get("co").isArray()).isTrue();
    assertThat(witness.get("races").size()).isPositive();
  }

  @Test
  void jsonHasAnExplanationsArrayForNamedStates() throws Exception {
    assertThat(run("--format", "json", "--explain-state", "P0:r0=1;", LB)).isEqualTo(0);
    JsonNode result = new ObjectMapper().readTree(out.toString()).get("results").get(0);
    assertThat(result.has("explanation")).isFalse();
    assertThat(result.get("explanations").get(0).get("state").asText()).isEqualTo("P0:r0 == 1");
  }

  @Test
  void withoutTheOptionsTheReportIsUnchanged() throws Exception {
    assertThat(run("--format", "json", MP)).isEqualTo(0);
    assertThat(out.toString()).doesNotContain("explanation", "\"dot\"");
  }

  @Test
  void aResultThatCannotBeExplainedIsReportedAndFailsTheRun() throws Exception {
    Path file = Files.writeString(dir.resolve("A.litmus"), "fake");
    CheckCommand command =
        new CheckCommand(options -> path -> Results.simple("A", true, Verdict.ALLOWED));
    assertThat(run(command, "--explain", file.toString())).isEqualTo(1);
    assertThat(out.toString())
        .contains("Explain error: cannot explain: result has no checker attached\n")
        .doesNotContain("\tat ");
  }

  @Test
  void anUnknownVerdictIsNotExplained() throws Exception {
    Path file = Files.writeString(dir.resolve("A.litmus"), "fake");
    CheckCommand command =
        new CheckCommand(options -> path -> Results.simple("A", false, Verdict.UNKNOWN));
    assertThat(run(command, "--explain", file.toString())).isEqualTo(0);
    assertThat(out.toString()).contains("Explain skipped: verdict Unknown\n");
  }
}
