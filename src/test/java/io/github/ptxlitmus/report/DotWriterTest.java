package io.github.ptxlitmus.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.ExecutionGraph;
import io.github.ptxlitmus.check.Explanation;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DotWriterTest {
  private static final Path SPEC = Path.of("src/test/resources/litmus/spec");
  private static final Path CORPUS = Path.of("../shared/corpus/dat3m-ptx");

  @TempDir Path dir;

  private static Explanation explain(String name) {
    return LitmusChecker.create().check(SPEC.resolve(name + ".litmus")).explainCondition();
  }

  private static List<String> lines(String dot, String containing) {
    return dot.lines().filter(l -> l.contains(containing)).collect(Collectors.toList());
  }

  @Test
  void counterexampleHasAClusterPerThreadColouredEdgesAndTheCycleInBold() {
    Explanation e = explain("MP+fence.sys");
    List<DotWriter.DotFile> files = DotWriter.files("MP+fence.sys", e);
    assertThat(files).extracting(DotWriter.DotFile::name)
        .containsExactly("MP+fence.sys-Causality-1.dot");
    String dot = files.get(0).dot();
    assertThat(dot)
        .startsWith("digraph execution {\n")
        .endsWith("}\n")
        .contains("subgraph cluster_init {", "subgraph cluster_P0 {", "subgraph cluster_P1 {")
        .contains("label=\"P0\"", "label=\"P1\"")
        .contains("[label=\"st.global.u32 [data], 1\\nline 10\", penwidth=2]")
        .contains("label=\"MP+fence.sys\\nstate P1:r0 == 1 /\\\\ P1:r1 == 0\\nforbidden by"
            + " Causality (8.10.6): ");
    assertThat(lines(dot, "label=\"rf\"")).isNotEmpty().allMatch(l -> l.contains("color=red"));
    assertThat(lines(dot, "label=\"po\"")).isNotEmpty().allMatch(l -> l.contains("color=black"));
    assertThat(lines(dot, "label=\"fr\"")).allMatch(l -> l.contains("color=darkorange"));
    assertThat(lines(dot, "label=\"sw\"")).allMatch(l -> l.contains("color=forestgreen"));
    // The cycle fr; po; sw; po: exactly its four edges are bold, each with its relation.
    List<String> bold = lines(dot, "penwidth=3");
    assertThat(bold).hasSize(4);
    assertThat(bold).extracting(l -> l.replaceAll(".*label=\"(\\w+)\".*", "$1"))
        .containsExactlyInAnyOrder("fr", "po", "sw", "po");
    assertThat(bold).noneMatch(l -> l.contains("label=\"rf\""));
  }

  @Test
  void stepsThatAreNotGraphEdgesAreAddedInBold() {
    String dot = DotWriter.files("LB+deps", explain("LB+deps")).get(0).dot();
    assertThat(lines(dot, "label=\"dep\""))
        .hasSize(2)
        .allMatch(l -> l.contains("penwidth=3") && l.contains("color=gray40"));
  }

  @Test
  void witnessIsNamedAfterTheTestAndHasNoBoldEdge() {
    Explanation e = explain("LB");
    List<DotWriter.DotFile> files = DotWriter.files("LB", e);
    assertThat(files).extracting(DotWriter.DotFile::name).containsExactly("LB-witness.dot");
    assertThat(files.get(0).dot())
        .contains("witness (allowed, with data races)")
        .doesNotContain("penwidth=3");
  }

  @Test
  void severalGroupsOfOneAxiomAreNumbered() {
    Explanation e = LitmusChecker.create().check(SPEC.resolve("Atomicity-1.litmus"))
        .explainCondition();
    assertThat(DotWriter.files("Atomicity-1", e)).extracting(DotWriter.DotFile::name)
        .containsExactly(
            "Atomicity-1-Atomicity-1.dot", "Atomicity-1-Atomicity-2.dot",
            "Atomicity-1-No-Thin-Air-1.dot");
  }

  @Test
  void outputIsDeterministic() {
    String a = DotWriter.files("SB", explain("SB+fence.sc.sys")).get(0).dot();
    String b = DotWriter.files("SB", explain("SB+fence.sc.sys")).get(0).dot();
    assertThat(a).isEqualTo(b);
  }

  @Test
  void quotesAndBackslashesAreEscapedAndNamesSanitized() {
    Explanation.EventRef init = new Explanation.EventRef(0, -1, "init x", 0);
    Explanation.EventRef odd = new Explanation.EventRef(1, 0, "st \"x\\y\"", 3);
    ExecutionGraph g =
        new ExecutionGraph(
            List.of(init, odd), Map.of("rf", List.<int[]>of(new int[] {0, 1})), List.of(),
            List.of());
    String dot = DotWriter.graph(g, "a \"quoted\" \\ title");
    assertThat(dot)
        .contains("label=\"st \\\"x\\\\y\\\"\\nline 3\"")
        .contains("label=\"a \\\"quoted\\\" \\\\ title\"");
    assertThat(DotWriter.fileName("a b/c:d")).isEqualTo("a_b_c_d.dot");
    assertThat(DotWriter.fileName("-x")).isEqualTo("_-x.dot");
  }

  @Test
  void aWitnessFileNeedsAWitness() {
    Explanation e = explain("CoRR");
    assertThatThrownBy(() -> DotWriter.witness("CoRR", e))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no witness");
  }

  /** Every DOT file of every forbidden corpus test is accepted by Graphviz. */
  @Test
  void graphvizAcceptsTheDotOfEveryForbiddenCorpusTest() throws Exception {
    Assumptions.assumeTrue(
        onPath("dot"),
        "Graphviz 'dot' is not on PATH; skipping (install it: apt-get install graphviz)");
    Assumptions.assumeTrue(
        Files.isDirectory(CORPUS), "corpus " + CORPUS + " is not checked out; skipping");
    List<Path> tests;
    try (Stream<Path> walk = Files.walk(CORPUS)) {
      tests = walk.filter(p -> p.toString().endsWith(".litmus")).sorted()
          .collect(Collectors.toList());
    }
    List<String> rejected = new ArrayList<>();
    int rendered = 0;
    for (Path test : tests) {
      CheckResult r = LitmusChecker.create().check(test);
      if (r.verdict() != Verdict.FORBIDDEN) {
        continue;
      }
      for (DotWriter.DotFile f : DotWriter.files(r.testName(), r.explainCondition())) {
        Path file = dir.resolve(f.name());
        Files.writeString(file, f.dot());
        svg(file).ifPresent(message -> rejected.add(test + ": " + message));
        rendered++;
      }
    }
    assertThat(rejected).isEmpty();
    assertThat(rendered).isGreaterThan(20);
  }

  private static Optional<String> svg(Path dot) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("dot", "-Tsvg", "-o", dot + ".svg", dot.toString())
        .redirectErrorStream(true).start();
    byte[] output = p.getInputStream().readAllBytes();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String text = new String(output, StandardCharsets.UTF_8).strip();
    if (p.exitValue() != 0 || !text.isEmpty()) {
      return Optional.of("exit " + p.exitValue() + " " + text);
    }
    return Optional.empty();
  }

  private static boolean onPath(String program) {
    String path = System.getenv("PATH");
    return path != null
        && Stream.of(path.split(File.pathSeparator))
            .anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, program)));
  }
}
