package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.model.CandidateExecution;
import io.github.ptxlitmus.model.MemoryModel;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.model.Violation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A model the engines do not know ({@link MemoryModel}, as a cat interpreter provides) runs on
 * the exhaustive search's candidates: wrapping the built-in model gives the built-in answers.
 */
class ForeignModelTest {
  /** The built-in spec model behind an interface the search cannot see through. */
  private static final MemoryModel WRAPPED =
      new MemoryModel() {
        @Override
        public String name() {
          return "wrapped-ptx";
        }

        @Override
        public Optional<Violation> check(CandidateExecution candidate) {
          return ModelSpec.ptx().check(candidate);
        }
      };

  private static List<Path> files() throws IOException {
    try (Stream<Path> spec = Files.list(Path.of("src/test/resources/litmus/spec"));
        Stream<Path> coherence = Files.list(Path.of("src/test/resources/litmus/coherence"))) {
      return Stream.concat(spec, coherence).filter(p -> p.toString().endsWith(".litmus"))
          .sorted().toList();
    }
  }

  @Test
  void aWrappedBuiltInModelGivesTheBuiltInStatesAndVerdicts() throws IOException {
    LitmusChecker builtIn = LitmusChecker.create(CheckOptions.defaults().withMode(CheckOptions.Mode.STATES));
    LitmusChecker foreign = LitmusChecker.create(CheckOptions.defaults().withModel(WRAPPED));
    for (Path file : files()) {
      CheckResult expected = builtIn.check(file);
      CheckResult actual = foreign.check(file);
      assertThat(actual.model()).isEqualTo("wrapped-ptx");
      assertThat(actual.verdict()).as(file.toString()).isEqualTo(expected.verdict());
      assertThat(actual.states()).as(file.toString()).isEqualTo(expected.states());
    }
  }

  @Test
  void aForeignModelExplainsWithTheAxiomItNames() {
    CheckResult r =
        LitmusChecker.create(CheckOptions.defaults().withModel(WRAPPED))
            .check(Path.of("src/test/resources/litmus/coherence/CoWW+weak.litmus"));
    Explanation e = r.explainCondition();
    assertThat(e.allowed()).isFalse();
    assertThat(e.reasons()).isNotEmpty();
  }
}
