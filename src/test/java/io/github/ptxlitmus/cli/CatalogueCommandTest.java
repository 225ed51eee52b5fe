package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogueCommandTest {
  @TempDir Path dir;

  private final CommandRun cli = new CommandRun();

  private void generate() {
    assertThat(cli.run("diy", "PodWR Fre PodWR Fre", "PodWWPRel RfeRelAcq PodRRAcqP Fre",
        "-o", dir.toString())).isEqualTo(0);
    cli.clear();
  }

  @Test
  void textTableWithVerdictAxiomAndSummary() {
    generate();
    assertThat(cli.run("catalogue", dir.toString())).isEqualTo(0);
    assertThat(cli.out.toString().lines()).hasSize(4);
    assertThat(cli.out.toString()).contains("PodWWPRel RfeRelAcq PodRRAcqP Fre")
        .contains("MP+poprel+poacqp").contains("Forbidden  Causality (8.10.6)")
        .contains("2 tests checked in").contains("1 forbidden, 1 by Causality");
    assertThat(cli.out.toString().lines().filter(l -> l.contains("SB")).findFirst().orElseThrow())
        .contains("Allowed");
  }

  /** QA (issue 18): one bad file no longer hides the table of the others. */
  @Test
  void aFileThatDoesNotParseIsReportedAndTheOthersAreClassified() throws Exception {
    generate();
    java.nio.file.Files.writeString(dir.resolve("junk.litmus"), "not a test\n");
    assertThat(cli.run("catalogue", dir.toString())).isEqualTo(1);
    assertThat(cli.err.toString().strip())
        .isEqualTo(dir.resolve("junk.litmus") + ":1:1: expected 'PTX <name>' but found 'not'");
    assertThat(cli.out.toString()).contains("MP+poprel+poacqp").contains("2 tests checked in");
  }

  @Test
  void timeoutIsPerTestAndChecked() {
    generate();
    assertThat(cli.run("catalogue", "--timeout", "5", dir.toString())).isEqualTo(0);
    assertThat(cli.out.toString()).contains("2 tests checked in");
    cli.clear();
    assertThat(cli.run("catalogue", "--timeout", "0", dir.toString())).isEqualTo(2);
    assertThat(cli.err.toString()).contains("--timeout must be a positive number of seconds");
  }

  @Test
  void anEmptyDirectoryIsAUsageError() {
    assertThat(cli.run("catalogue", dir.toString())).isEqualTo(2);
    assertThat(cli.err.toString()).contains("no *.litmus files under");
  }

  @Test
  void csvAndMarkdown() {
    generate();
    assertThat(cli.run("catalogue", "--format", "csv", dir.toString())).isEqualTo(0);
    assertThat(cli.out.toString().lines()).containsExactly(
        "cycle,test,verdict,axiom",
        "PodWWPRel RfeRelAcq PodRRAcqP Fre,MP+poprel+poacqp,Forbidden,Causality (8.10.6)",
        "PodWR Fre PodWR Fre,SB,Allowed,");
    cli.out.getBuffer().setLength(0);
    assertThat(cli.run("catalogue", "--format", "markdown", dir.toString())).isEqualTo(0);
    assertThat(cli.err.toString()).contains("2 tests checked in");
    assertThat(cli.out.toString()).startsWith("| cycle | test | verdict | axiom |\n| --- | --- |")
        .contains("| `PodWR Fre PodWR Fre` | `SB` | Allowed |  |");
  }

  @Test
  void twoModelsListOnlyDisagreements() {
    assertThat(cli.run("catalogue", "--model", "ptx", "--model", "dat3m-v7.5", "--safe",
        "RfeRlxRlx,FreRlxRlx,Fence.sc.gpudWW,Fence.acq_rel.gpudRR", "--size", "4")).isEqualTo(0);
    assertThat(cli.out.toString().lines().toList()).hasSize(3);
    assertThat(cli.out.toString()).contains("ptx axiom", "dat3m-v7.5 axiom")
        .contains("Fence.sc.gpudWW RfeRlxRlx Fence.acq_rel.gpudRR FreRlxRlx")
        .contains("Forbidden  Causality (8.10.6)  Allowed")
        .contains("3 tests checked in").contains("1 on which the models disagree");
  }

  @Test
  void badOptionsAreOneLineUsageErrors() {
    assertThat(cli.run("catalogue", "--format", "xml", dir.toString())).isEqualTo(2);
    assertThat(cli.run("catalogue", dir.resolve("none").toString())).isEqualTo(2);
    assertThat(cli.run("catalogue", "--model", "nope", dir.toString())).isEqualTo(2);
    assertThat(cli.err.toString().lines()).hasSize(3).allMatch(l -> l.startsWith("ptx-litmus catalogue: "));
  }
}
