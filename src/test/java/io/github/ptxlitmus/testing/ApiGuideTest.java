package io.github.ptxlitmus.testing;

import static io.github.ptxlitmus.testing.LitmusAssertions.assertThatLitmus;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.ptxlitmus.cat.CatMemoryModel;
import io.github.ptxlitmus.cat.CatModel;
import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.ModelComparison;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.ThreadPosition;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.ModelSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The snippets of {@code docs/api.md}, verbatim, as running tests; {@link
 * #everyJavaBlockOfTheGuideIsHere()} keeps the page and this file in step.
 */
class ApiGuideTest {

  @Test
  void checkATestFromJava() {
    LitmusChecker checker = LitmusChecker.create();
    CheckResult result = checker.check(Path.of("src/test/resources/litmus/mp/MP+rel+acq-gpu.litmus"));
    Verdict verdict = result.verdict();           // FORBIDDEN: r0 == 1 && r1 == 0 never happens
    List<FinalState> states = result.states();    // the three allowed final states
    boolean racy = result.has(Flag.DATA_RACE);    // true: the data accesses are weak

    assertThat(verdict).isEqualTo(Verdict.FORBIDDEN);
    assertThat(states).hasSize(3);
    assertThat(racy).isTrue();
  }

  @Test
  void choosingTheModel() {
    ModelSpec noCausality = ModelSpec.ptx().without(Axiom.CAUSALITY);
    CheckResult r = LitmusChecker.create(CheckOptions.defaults().withModel(noCausality))
        .check(Path.of("src/test/resources/litmus/spec/SB+fence.sc.sys.litmus"));
    r.verdict();   // ALLOWED: the Fence-SC synchronization only matters through Causality
    r.model();     // "ptx without Causality"

    assertThat(r.verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(r.model()).isEqualTo("ptx without Causality");
  }

  @Test
  void optionsAndReadingTheResults() {
    CheckOptions options = CheckOptions.defaults()
        .withTimeLimit(Duration.ofSeconds(10))
        .withLoopBound(3)
        .withAllStates(true);
    CheckResult full = LitmusChecker.create(options).check("SB", """
        PTX SB
        { x=0; y=0; }
         P0@cta 0,gpu 0       | P1@cta 1,gpu 0       ;
         st.relaxed.gpu x, 1  | st.relaxed.gpu y, 1  ;
         ld.relaxed.gpu r0, y | ld.relaxed.gpu r1, x ;
        exists (P0:r0 == 0 /\\ P1:r1 == 0)
        """);

    for (FinalState state : full.states()) {
      long r0 = state.register(0, "r0").orElseThrow();
      long x = state.location("x").orElseThrow();   // observed because of withAllStates(true)
      System.out.println(state + " -> r0=" + r0 + ", x=" + x);
    }
    System.out.println(full.verdict() + " in " + full.millis() + " ms, "
        + full.candidates() + " candidate executions, flags " + full.flags());

    assertThat(full.verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(full.states()).hasSize(4);
  }

  @Test
  void messagePassingWithReleaseAndAcquire() {
    assertThatLitmus(Path.of("src/test/resources/litmus/mp/MP+rel+acq-gpu.litmus"))
        .isForbidden()
        .conditionFails()
        .allows("P1:r0 == 1 /\\ P1:r1 == 1")
        .forbids("P1:r0=1 /\\ P1:r1=0")
        .hasExactlyStates("P1:r0=0; P1:r1=0;", "P1:r0=0; P1:r1=1;", "P1:r0=1; P1:r1=1;")
        .hasFlag(Flag.DATA_RACE);
  }

  @TestFactory
  Stream<DynamicTest> suite() {
    return LitmusTests.dynamicTests(Path.of("src/test/resources/litmus"));
  }

  @ParameterizedTest(name = "{0}")
  @LitmusSource("src/test/resources/litmus/sb")
  void storeBufferingTests(LitmusTest test, Path file) throws IOException {
    assertThatLitmus(test).meets(Expectations.read(file));
  }

  @Test
  void generateATestWithTheBuilder() {
    LitmusTest mp = LitmusBuilder.test("MP")
        .location("x", 0)
        .location("y", 0)
        .thread(0, ThreadPosition.of(0, 0))
        .st("x", 1)
        .stRelease(Scope.GPU, "y", 1)
        .thread(1, ThreadPosition.of(0, 1))
        .ldAcquire(Scope.GPU, "r0", "y")
        .ld("r1", "x")
        .exists("P1:r0 == 1 /\\ P1:r1 == 0")
        .build();
    String text = LitmusPrinter.print(mp);   // a litmus file; parses back to the same test
    assertThatLitmus(mp).isForbidden();

    assertThat(LitmusBuilderTest.strip(LitmusParser.parse("MP", text)))
        .isEqualTo(LitmusBuilderTest.strip(mp));
  }

  @Test
  void builderErrors() {
    assertThatThrownBy(() -> LitmusBuilder.test("T")
        .thread(0, ThreadPosition.of(0, 0))
        .goTo("nowhere")
        .exists("x == 0")
        .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("T: invalid test: undefined label 'nowhere' in P0");
  }

  @Test
  void syntaxErrorsHavePositions() {
    LitmusSyntaxException e = catchThrowableOfType(LitmusSyntaxException.class,
        () -> LitmusParser.parse("bad.litmus", "PTX bad\n{ x=0; }\n P0@cta 0,gpu 0 ;\n"
            + " st.acquire.gpu x, 1 ;\nexists (x == 1)\n"));
    assertThat(e.line()).isEqualTo(4);
    assertThat(e.getMessage()).startsWith("bad.litmus:4:");
  }

  /** Each ```java block of docs/api.md occurs in this file, line by line, at one indentation. */
  @Test
  void compareTwoModels() {
    CheckOptions o = CheckOptions.defaults().withTimeLimit(Duration.ofSeconds(30));
    ModelComparison c = ModelComparison.compare(
        ModelComparison.Side.of("ptx", o),
        ModelComparison.Side.of("src/test/resources/cat/sc.cat", o),   // a cat file
        List.of(Path.of("src/test/resources/litmus/sb/SB+weak.litmus")));
    ModelComparison.TestComparison t = c.tests().get(0);
    List<FinalState> onlyPtx = t.onlyA();     // allowed by ptx, forbidden by sc.cat (sorted)
    List<FinalState> onlySc = t.onlyB();      // allowed by sc.cat, forbidden by ptx
    Optional<String> problem = t.problem();   // why the test was not compared (error, Unknown)
    int differing = c.differing();            // also compared(), testsOnlyA(), statesOnlyA(), ...

    assertThat(onlyPtx).hasToString("[P0:r0=0; P1:r1=0;]");
    assertThat(onlySc).isEmpty();
    assertThat(problem).isEmpty();
    assertThat(differing).isEqualTo(1);
  }

  @Test
  void catModelsFromJava() {
    CatModel cat = CatModel.load(Path.of("src/test/resources/cat/sc.cat"));
    String name = cat.name();                      // "sc.cat" (cat.title(): the first-line title)
    List<String> constraints = cat.constraints();  // the checks' names: ["sc"]
    LitmusChecker checker = LitmusChecker.create(
        CheckOptions.defaults().withModel(CatMemoryModel.of(cat)));   // exhaustive, states mode
    CheckResult r = checker.check(Path.of("src/test/resources/litmus/sb/SB+weak.litmus"));
    String model = r.model();                      // "sc.cat"

    assertThat(name).isEqualTo("sc.cat");
    assertThat(constraints).containsExactly("sc");
    assertThat(model).isEqualTo("sc.cat");
    assertThat(r.verdict()).isEqualTo(Verdict.FORBIDDEN);
  }

  @Test
  void everyJavaBlockOfTheGuideIsHere() throws IOException {
    List<String> guide = Files.readAllLines(Path.of("docs/api.md"), StandardCharsets.UTF_8);
    List<String> self = Files.readAllLines(
        Path.of("src/test/java/io/github/ptxlitmus/testing/ApiGuideTest.java"),
        StandardCharsets.UTF_8);
    List<List<String>> blocks = new ArrayList<>();
    List<String> block = null;
    for (String line : guide) {
      if (block == null && line.equals("```java")) {
        block = new ArrayList<>();
      } else if (block != null && line.equals("```")) {
        blocks.add(block);
        block = null;
      } else if (block != null) {
        block.add(line);
      }
    }
    assertThat(blocks).as("java blocks in docs/api.md").hasSizeGreaterThanOrEqualTo(7);
    for (List<String> b : blocks) {
      assertThat(occursIndented(b, self))
          .as("this block of docs/api.md is not in ApiGuideTest.java:%n%s", String.join("\n", b))
          .isTrue();
    }
  }

  private static boolean occursIndented(List<String> block, List<String> file) {
    for (int start = 0; start + block.size() <= file.size(); start++) {
      String first = file.get(start);
      int indent = first.length() - block.get(0).length();
      if (indent < 0 || !first.substring(indent).equals(block.get(0))
          || !first.substring(0, indent).isBlank()) {
        continue;
      }
      boolean all = true;
      for (int i = 1; i < block.size() && all; i++) {
        String want = block.get(i);
        String got = file.get(start + i);
        all = want.isEmpty() ? got.isBlank() : got.equals(" ".repeat(indent) + want);
      }
      if (all) {
        return true;
      }
    }
    return false;
  }
}
