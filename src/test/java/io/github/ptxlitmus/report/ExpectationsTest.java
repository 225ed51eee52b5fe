package io.github.ptxlitmus.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.check.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExpectationsTest {
  @TempDir Path dir;

  @Test
  void loadsRowsRelativeToTheCsvAndSkipsComments() throws Exception {
    Path csv = dir.resolve("corpus/expected.csv");
    Files.createDirectories(csv.getParent());
    Files.writeString(csv, "# header\nA/x.litmus,1\n\n./y.litmus,0\r\n");
    Path div = dir.resolve("div.csv");
    Files.writeString(div, "# path,reason\ny.litmus, 8.10.5 SC-per-Location, see model.md\n");
    Expectations e = Expectations.load(csv, div);
    assertThat(e.expected())
        .containsExactly(Map.entry("A/x.litmus", true), Map.entry("y.litmus", false));
    assertThat(e.divergences())
        .containsExactly(Map.entry("y.litmus", "8.10.5 SC-per-Location, see model.md"));
    assertThat(e.relativePath(dir.resolve("corpus/A/../A/x.litmus"))).contains("A/x.litmus");
    assertThat(e.relativePath(dir.resolve("other.litmus"))).isEmpty();
  }

  /** QA (issue 18): RFC 4180 quoting, as spreadsheets write it; bytes that are not UTF-8. */
  @Test
  void quotedFieldsAndNonUtf8Files() throws Exception {
    Path csv = dir.resolve("e.csv");
    Files.writeString(csv, "\"MP.litmus\",0\n\"a,b \"\"c\"\".litmus\" , \"1\"\n");
    assertThat(Expectations.load(csv, dir.resolve("nope.csv")).expected())
        .containsExactly(Map.entry("MP.litmus", false), Map.entry("a,b \"c\".litmus", true));
    Files.writeString(csv, "\"x.litmus,1\n");
    assertThatThrownBy(() -> Expectations.load(csv, dir.resolve("nope.csv")))
        .hasMessage(csv + ":1: unterminated quoted path in '\"x.litmus,1'");
    Files.write(csv, new byte[] {'x', ',', (byte) 0xff, '\n'});
    assertThatThrownBy(() -> Expectations.load(csv, dir.resolve("nope.csv")))
        .hasMessage(csv + ": not valid UTF-8 text");
  }

  @Test
  void aDivergenceRowWithNoExpectedRowIsNamed() throws Exception {
    Path csv = dir.resolve("e.csv");
    Files.writeString(csv, "MP.litmus,0\n");
    Path div = dir.resolve("div.csv");
    Files.writeString(div, "# list\nMP.litmus,8.10.6\nMP-typo.litmus,8.10.6\n");
    assertThat(Expectations.load(csv, div).strayDivergences()).containsExactly(div
        + ":3: warning: divergence MP-typo.litmus has no row in " + csv
        + " (a misspelt path?): it excuses nothing");
    Files.writeString(div, "MP.litmus,8.10.6\n");
    assertThat(Expectations.load(csv, div).strayDivergences()).isEmpty();
  }

  @Test
  void missingDivergenceFileMeansNone() throws Exception {
    Path csv = dir.resolve("e.csv");
    Files.writeString(csv, "x.litmus,1\n");
    assertThat(Expectations.load(csv, dir.resolve("nope.csv")).divergences()).isEmpty();
  }

  @Test
  void malformedRowsNameFileAndLine() throws Exception {
    Path csv = dir.resolve("e.csv");
    Files.writeString(csv, "x.litmus,1\ny.litmus,yes\n");
    assertThatThrownBy(() -> Expectations.load(csv, dir.resolve("nope.csv")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(csv + ":2: expected 0 or 1 after the comma, found 'yes'");
    Files.writeString(csv, "x.litmus\n");
    assertThatThrownBy(() -> Expectations.load(csv, dir.resolve("nope.csv")))
        .hasMessageContaining(":1: expected 'path,value'");
    Files.writeString(csv, "x.litmus,1\nx.litmus,0\n");
    assertThatThrownBy(() -> Expectations.load(csv, dir.resolve("nope.csv")))
        .hasMessageContaining(":2: duplicate row for x.litmus");
  }

  @Test
  void comparesAgreeMismatchDivergenceStaleMissingUnlisted() {
    Expectations e =
        Expectations.of(
            dir,
            Map.of(
                "ok.litmus", true,
                "wrong.litmus", true,
                "unknown.litmus", false,
                "err.litmus", true,
                "div.litmus", false,
                "stale.litmus", true,
                "missing.litmus", true),
            Map.of("div.litmus", "8.10 reason", "stale.litmus", "old", "err.litmus", "proxies"));
    List<TestOutcome> outcomes =
        List.of(
            checked("ok", true, Verdict.ALLOWED),
            checked("wrong", false, Verdict.FORBIDDEN),
            checked("unknown", false, Verdict.UNKNOWN),
            new TestOutcome.Failed(dir.resolve("err.litmus"), "parse error"),
            checked("div", true, Verdict.ALLOWED),
            checked("stale", true, Verdict.ALLOWED),
            checked("norow", true, Verdict.ALLOWED));
    ExpectationReport r = e.compare(outcomes);
    assertThat(r.compared()).isEqualTo(6);
    assertThat(r.agree()).isEqualTo(2);
    assertThat(r.mismatches())
        .containsExactly(
            new ExpectationReport.Mismatch("wrong.litmus", true, "0", "Forbidden"),
            new ExpectationReport.Mismatch(
                "unknown.litmus", false, "unknown", "Unknown: time limit 60 s"));
    assertThat(r.divergences())
        .containsExactly(
            new ExpectationReport.Divergence("err.litmus", "proxies", "error", "parse error"),
            new ExpectationReport.Divergence("div.litmus", "8.10 reason", "1", "Allowed"));
    assertThat(r.stale()).containsExactly("stale.litmus");
    assertThat(r.missing()).containsExactly("missing.litmus");
    assertThat(r.unlisted()).isEqualTo(1);
    assertThat(r.passed()).isFalse();
  }

  private TestOutcome checked(String name, boolean holds, Verdict verdict) {
    return new TestOutcome.Checked(
        dir.resolve(name + ".litmus"), Results.simple(name, holds, verdict));
  }
}
