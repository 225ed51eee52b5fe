package io.github.ptxlitmus.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link LitmusTests}: dynamic tests over a directory, with in-file and CSV oracles. */
class LitmusTestsTest {
  @TempDir Path dir;

  static final String MP = "PTX MP\n"
      + "(* expect: Forbidden *)\n"
      + "(* expect-states: P1:r0=0; P1:r1=0; | P1:r0=0; P1:r1=1; | P1:r0=1; P1:r1=1; *)\n"
      + "{ x=0; y=0; }\n"
      + " P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;\n"
      + " st.relaxed.gpu x, 1 | ld.acquire.gpu r0, y ;\n"
      + " st.release.gpu y, 1 | ld.relaxed.gpu r1, x ;\n"
      + "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n";

  private void write(String relative, String text) throws Exception {
    Path f = dir.resolve(relative);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
  }

  @Test
  void oneTestPerFileSortedByRelativePath() throws Throwable {
    write("b/MP.litmus", MP);
    write("a/MP2.litmus", MP.replace("PTX MP", "PTX MP2"));
    write("a/notes.txt", "not a test");
    List<DynamicTest> tests = LitmusTests.dynamicTests(dir).collect(Collectors.toList());
    assertThat(tests).extracting(DynamicTest::getDisplayName)
        .containsExactly("a/MP2.litmus", "b/MP.litmus");
    assertThat(tests.get(1).getTestSourceUri()).contains(dir.resolve("b/MP.litmus").toUri());
    for (DynamicTest t : tests) {
      t.getExecutable().execute();
    }
  }

  @Test
  void aWrongInFileExpectationFailsItsTest() throws Exception {
    write("MP.litmus", MP.replace("Forbidden", "Allowed"));
    DynamicTest t = LitmusTests.dynamicTests(dir).findFirst().orElseThrow();
    assertThatThrownBy(() -> t.getExecutable().execute()).isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("Expecting MP (" + dir.resolve("MP.litmus")
            + ") to meet its expectations, but:\n  verdict: expected ALLOWED, is FORBIDDEN\n");
  }

  @Test
  void aFileWithoutExpectationFails() throws Exception {
    write("MP.litmus", MP.replaceAll("\\(\\*.*\\*\\)\n", ""));
    DynamicTest t = LitmusTests.dynamicTests(dir).findFirst().orElseThrow();
    assertThatThrownBy(() -> t.getExecutable().execute()).hasMessage(dir.resolve("MP.litmus")
        + ": no expectation; add a (* expect: Allowed|Forbidden *) or (* expect-states: ... *)"
        + " comment, or a row in the expectations CSV");
  }

  @Test
  void csvRowsAddTheConditionsTruth() throws Throwable {
    String bare = MP.replaceAll("\\(\\*.*\\*\\)\n", "");
    write("t/MP.litmus", bare);
    write("t/MP-bad.litmus", bare.replace("PTX MP", "PTX MP-bad"));
    write("expected.csv", "# path,holds\nt/MP.litmus,0\n./t/MP-bad.litmus,1\nt/gone.litmus,0\n"
        + "elsewhere/x.litmus,1\n");
    List<DynamicTest> tests =
        LitmusTests.dynamicTests(dir.resolve("t"), dir.resolve("expected.csv"))
            .collect(Collectors.toList());
    assertThat(tests).extracting(DynamicTest::getDisplayName)
        .containsExactly("MP-bad.litmus", "MP.litmus", dir.resolve("expected.csv") + ":4");
    tests.get(1).getExecutable().execute();
    assertThatThrownBy(() -> tests.get(0).getExecutable().execute()).hasMessageContaining(
        "  condition exists (P1:r0 == 1 /\\ P1:r1 == 0): expected to hold, fails\n");
    assertThatThrownBy(() -> tests.get(2).getExecutable().execute()).hasMessage(
        dir.resolve("expected.csv") + ":4: no file " + dir.resolve("t/gone.litmus") + " for this row");
  }

  @Test
  void malformedCsvAndMissingDirectoryAreRejected() throws Exception {
    write("t/MP.litmus", MP);
    write("bad.csv", "t/MP.litmus,yes\n");
    assertThatThrownBy(() -> LitmusTests.dynamicTests(dir.resolve("t"), dir.resolve("bad.csv")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(dir.resolve("bad.csv") + ":1: expected 'relative/path.litmus,1' or ',0',"
            + " found 't/MP.litmus,yes'");
    assertThatThrownBy(() -> LitmusTests.dynamicTests(dir.resolve("none")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not a directory: " + dir.resolve("none").toAbsolutePath());
  }
}
