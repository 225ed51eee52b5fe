package io.github.ptxlitmus.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.LitmusChecker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The default text output is herd7's log format (issue 16): the whole bundled suite's report
 * is read by {@link HerdLogReader}, written from herd's log grammar, and what it reads agrees
 * with the results.
 */
class HerdLogFormatTest {
  @Test
  void theBundledSuiteReadsAsAHerdLog() throws IOException {
    readsAsHerdLog(Path.of("src/test/resources/litmus"));
  }

  @Test
  void theDat3mCorpusReadsAsAHerdLog() throws IOException {
    Path corpus = Path.of("../shared/corpus/dat3m-ptx");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isDirectory(corpus), "Dat3M PTX corpus not found at " + corpus + "; skipped");
    readsAsHerdLog(corpus);
  }

  private static void readsAsHerdLog(Path dir) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files = walk.filter(p -> p.toString().endsWith(".litmus")).sorted()
          .collect(Collectors.toList());
    }
    LitmusChecker checker = LitmusChecker.create();
    List<TestOutcome> outcomes = new ArrayList<>();
    for (Path f : files) {
      try {
        outcomes.add(new TestOutcome.Checked(f, checker.check(f)));
      } catch (RuntimeException unsupported) {
        continue; // an Error line, which herd's reader skips like any other line
      }
    }
    String log = HerdTextReport.render(outcomes, Optional.empty());
    List<HerdLogReader.Block> blocks = HerdLogReader.read(log);
    assertThat(blocks).hasSize(outcomes.size());
    for (int i = 0; i < blocks.size(); i++) {
      HerdLogReader.Block b = blocks.get(i);
      CheckResult r = ((TestOutcome.Checked) outcomes.get(i)).result();
      assertThat(b.name()).isEqualTo(r.testName());
      assertThat(b.kind()).isEqualTo(HerdTextReport.kind(r.condition()));
      assertThat(b.states()).hasSize(r.states().size());
      assertThat(b.positive()).isEqualTo(r.positive());
      assertThat(b.negative()).isEqualTo(r.negative());
      assertThat(b.condition()).startsWith(r.condition().quantifier().keyword() + " (");
      assertThat(b.extra()).containsKeys("Observation", "Verdict");
      assertThat(b.hash()).isPresent();
      assertThat(b.time()).isPresent();
      assertThat(b.validation()).isIn("Ok", "No", "??", "Undef");
    }
  }

  @Test
  void aBlockLooksLikeHerds() {
    CheckResult r =
        LitmusChecker.create().check(Path.of("src/test/resources/litmus/spec/MP+fence.sys.litmus"));
    String block = HerdTextReport.block(r, Optional.of("0123"));
    assertThat(block.replaceAll("Time (\\S+) [0-9.]+", "Time $1 T"))
        .isEqualTo(
            "Test MP+fence.sys Allowed\n"
                + "States 3\n"
                + "1:r0=0; 1:r1=0;\n"
                + "1:r0=0; 1:r1=1;\n"
                + "1:r0=1; 1:r1=1;\n"
                + "No\n"
                + "Witnesses\n"
                + "Positive: 0 Negative: 3\n"
                + "Flag data-race\n"
                + "Condition exists (1:r0=1 /\\ 1:r1=0)\n"
                + "Observation MP+fence.sys Never 0 3\n"
                + "Verdict MP+fence.sys Forbidden\n"
                + "Time MP+fence.sys T\n"
                + "Hash=0123\n");
  }

  @Test
  void herdsOwnLogReads() {
    // herdtools7 herd/tests/instructions/AArch64/A01.litmus.expected, as herd prints it.
    String herd = "Test A01 Allowed\nStates 1\n0:X0=0;\nOk\nWitnesses\nPositive: 1 Negative: 0\n"
        + "Condition exists (0:X0=0)\nObservation A01 Always 1 0\n"
        + "Hash=9f0e222bd56fb9d7a67f920bfb51a7cf\n\n";
    List<HerdLogReader.Block> blocks = HerdLogReader.read(herd);
    assertThat(blocks).hasSize(1);
    assertThat(blocks.get(0).hash()).contains("9f0e222bd56fb9d7a67f920bfb51a7cf");
    assertThat(blocks.get(0).extra()).containsEntry("Observation", "Always 1 0");
  }
}
