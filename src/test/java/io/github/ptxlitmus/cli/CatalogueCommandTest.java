package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CatalogueCommandTest {
  @TempDir Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = new CommandLine(new Main());
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }

  private void generate() {
    assertThat(run("diy", "PodWR Fre PodWR Fre", "PodWWPRel RfeRelAcq PodRRAcqP Fre",
        "-o", dir.toString())).isEqualTo(0);
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
  }

  @Test
  void textTableWithVerdictAxiomAndSummary() {
    generate();
    assertThat(run("catalogue", dir.toString())).isEqualTo(0);
    assertThat(out.toString().lines()).hasSize(4);
    assertThat(out.toString()).contains("PodWWPRel RfeRelAcq PodRRAcqP Fre")
        .contains("MP+poprel+poacqp").contains("Forbidden  Causality (8.10.6)")
        .contains("2 tests checked in").contains("1 forbidden, 1 by Causality");
    assertThat(out.toString().lines().filter(l -> l.contains("SB")).findFirst().orElseThrow())
        .contains("Allowed");
  }

  @Test
  void csvAndMarkdown() {
    generate();
    assertThat(run("catalogue", "--format", "csv", dir.toString())).isEqualTo(0);
    assertThat(out.toString().lines()).containsExactly(
        "cycle,test,verdict,axiom",
        "PodWWPRel RfeRelAcq PodRRAcqP Fre,MP+poprel+poacqp,Forbidden,Causality (8.10.6)",
        "PodWR Fre PodWR Fre,SB,Allowed,");
    out.getBuffer().setLength(0);
    assertThat(run("catalogue", "--format", "markdown", dir.toString())).isEqualTo(0);
    assertThat(out.toString()).startsWith("| cycle | test | verdict | axiom |\n| --- | --- |")
        .contains("| `PodWR Fre PodWR Fre` | `SB` | Allowed |  |");
  }

  @Test
  void badOptionsAreOneLineUsageErrors() {
    assertThat(run("catalogue", "--format", "xml", dir.toString())).isEqualTo(2);
    assertThat(run("catalogue", dir.resolve("none").toString())).isEqualTo(2);
    assertThat(run("catalogue", "--model", "nope", dir.toString())).isEqualTo(2);
    assertThat(err.toString().lines()).hasSize(3).allMatch(l -> l.startsWith("catalogue: "));
  }
}
