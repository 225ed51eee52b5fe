package io.github.ptxlitmus.testing;

import static io.github.ptxlitmus.testing.LitmusAssertions.assertThatLitmus;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.litmus.LitmusTest;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.api.Test;

/** {@link LitmusSource} from the project directory and from the class path. */
class LitmusSourceTest {
  @ParameterizedTest(name = "{0}")
  @LitmusSource("src/test/resources/litmus/sb")
  void fromTheProjectDirectory(LitmusTest test, Path file) throws Exception {
    assertThat(file.toString()).startsWith("src/test/resources/litmus/sb/").endsWith(".litmus");
    assertThat(test.source()).isEqualTo(file.toString());
    assertThatLitmus(test).meets(Expectations.read(file));
  }

  @ParameterizedTest(name = "{0}")
  @LitmusSource("/litmus/lb")
  void fromTheClassPath(LitmusTest test) {
    assertThat(test.source()).contains("litmus/lb/");
    assertThat(test.threads()).hasSize(2);
  }

  @Test
  void aDirectoryFoundNowhereIsAnError() {
    assertThatThrownBy(() -> LitmusSourceProvider.resolve("no/such/dir",
        getClass().getClassLoader()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("@LitmusSource(\"no/such/dir\"): no directory "
            + Path.of("no/such/dir").toAbsolutePath() + " and no class path resource no/such/dir");
  }
}
