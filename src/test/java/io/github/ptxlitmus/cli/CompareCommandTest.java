package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CompareCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private static String resource(String name) {
    try {
      return Path.of(CompareCommandTest.class.getResource(name).toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private int run(String... args) {
    CommandLine cmd = Main.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }

  @Test
  void printsDifferingStatesAndTheSummary() {
    int code = run("compare", "--model", "ptx", "--model", resource("/cat/sc.cat"), "-j", "1",
        resource("/litmus/sb/SB+weak.litmus"), resource("/litmus/sb/SB+fence.sc.gpu.litmus"));
    assertThat(code).isZero();
    assertThat(out.toString())
        .contains("Test SB+weak (")
        .contains("  only ptx   : P0:r0=0; P1:r1=0;")
        .contains("  condition: ptx Ok, sc.cat No")
        .doesNotContain("Test SB+fence.sc.gpu")
        .contains("Compare ptx vs sc.cat")
        .containsPattern("tests compared +2")
        .containsPattern("tests that differ +1")
        .containsPattern("tests with states only ptx allows +1")
        .containsPattern("states only sc.cat allows +0");
  }

  @Test
  void usageErrors(@TempDir Path dir) throws IOException {
    String sb = resource("/litmus/sb/SB+weak.litmus");
    assertThat(run("compare", "--model", "ptx", sb)).isEqualTo(2);
    assertThat(err.toString()).contains("--model must be given exactly twice, got 1");
    assertThat(run("compare", "--model", "ptx", "--model", "nosuch", sb)).isEqualTo(2);
    assertThat(err.toString()).contains("--model: unknown model 'nosuch'");
    Path cat = Files.writeString(dir.resolve("bad.cat"), "B\nlet a = po | W\nacyclic a\n");
    assertThat(run("compare", "--model", "ptx", "--model", cat.toString(), sb)).isEqualTo(2);
    assertThat(err.toString()).contains(cat + ":2:12: '|' between a relation and an event set");
  }

  @Test
  void catFlagsRaisedByAllowedExecutionsArePrinted() {
    String sb = resource("/litmus/sb/SB+weak.litmus");
    assertThat(run("check", "--cat", resource("/cat/tso-flag.cat"), sb)).isZero();
    // SB reads only the other thread's location: some allowed execution reads externally,
    // none internally (herd prints a raised flag as 'Flag NAME').
    assertThat(out.toString()).contains("Flag read-external\n")
        .doesNotContain("Flag read-internal").contains("Verdict SB+weak Allowed");
    assertThat(run("check", "--cat", resource("/cat/tso-flag.cat"), "--format", "json", sb))
        .isZero();
    assertThat(out.toString()).containsPattern("\"modelFlags\" : \\[ \"read-external\" \\]");
  }

  @Test
  void checkWithACatModel(@TempDir Path dir) throws IOException {
    String sb = resource("/litmus/sb/SB+weak.litmus");
    assertThat(run("check", "--cat", resource("/cat/sc.cat"), sb)).isZero();
    assertThat(out.toString()).contains("Model SB+weak sc.cat").contains("Verdict SB+weak Forbidden");
    assertThat(run("check", "--cat", resource("/cat/sc.cat"), "--explain", sb)).isZero();
    // the constraint's own name heads the reason; steps are the model's relations; no PTX
    // race flag under a cat model
    assertThat(out.toString())
        .contains("  sc, ")
        .contains("cat model sc.cat: sc fails")
        .containsPattern("-(po|rf|fr|co)-> ")
        .doesNotContain("Flag data-race");
    Path cat = Files.writeString(dir.resolve("bad.cat"), "B\n(* open\n");
    assertThat(run("check", "--cat", cat.toString(), sb)).isEqualTo(2);
    assertThat(err.toString()).contains("--cat: " + cat + ":2:1: unterminated comment");
    // the pruned search decides a cat model; one with flag checks runs only exhaustively
    assertThat(run("check", "--cat", resource("/cat/sc.cat"), "--decide", sb)).isZero();
    assertThat(out.toString()).contains("Verdict SB+weak Forbidden").contains("Flag decided");
    assertThat(run("check", "--cat", resource("/cat/tso-flag.cat"), "--decide", sb))
        .isEqualTo(2);
    assertThat(err.toString()).contains("has flag tests");
    assertThat(run("check", "--cat", resource("/cat/sc.cat"), "--model", "dat3m-v7.5", sb))
        .isEqualTo(2);
  }
}
