package io.github.ptxlitmus.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ptxlitmus.check.Verdict;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JsonReportTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void resultFieldsExactly() {
    String json =
        JsonReport.result(new TestOutcome.Checked(Path.of("MP.litmus"), Results.mp())).toString();
    assertThat(json)
        .isEqualTo(
            "{\"file\":\"MP.litmus\",\"test\":\"MP\",\"holds\":false,\"verdict\":\"Forbidden\","
                + "\"condition\":\"exists (P1:r0 == 1 /\\\\ P1:r1 == 0)\","
                + "\"states\":[{\"P1:r0\":0,\"P1:r1\":0},{\"P1:r0\":0,\"P1:r1\":1},"
                + "{\"P1:r0\":1,\"P1:r1\":1}],\"positive\":0,\"negative\":3,"
                + "\"flags\":[\"data-race\"],\"millis\":12,\"candidates\":40,\"model\":\"ptx\"}");
  }

  @Test
  void errorResultHasOnlyFileAndError() {
    assertThat(
            JsonReport.result(new TestOutcome.Failed(Path.of("bad.litmus"), "bad.litmus:1:1: oops"))
                .toString())
        .isEqualTo("{\"file\":\"bad.litmus\",\"error\":\"bad.litmus:1:1: oops\"}");
  }

  @Test
  void documentWithUnknownReasonExpectAndSummary() throws Exception {
    List<TestOutcome> outcomes =
        List.of(
            new TestOutcome.Checked(
                Path.of("U.litmus"), Results.simple("U", false, Verdict.UNKNOWN)),
            new TestOutcome.Failed(Path.of("bad.litmus"), "boom"));
    ExpectationReport e =
        new ExpectationReport(
            2,
            0,
            List.of(new ExpectationReport.Mismatch("U.litmus", true, "unknown", "Unknown: t")),
            List.of(new ExpectationReport.Divergence("bad.litmus", "8.1 proxies", "error", "boom")),
            List.of(),
            List.of("M.litmus"),
            0);
    String text = JsonReport.render(outcomes, Optional.of(e));
    assertThat(text).endsWith("}\n");
    JsonNode expected =
        MAPPER.readTree(
            """
            {"results": [
              {"file": "U.litmus", "test": "U", "holds": null, "verdict": "Unknown",
               "unknownReason": "time limit 60 s", "condition": "exists (true)", "states": [],
               "positive": 0, "negative": 1, "flags": [], "millis": 1234, "candidates": 1, "model": "ptx"},
              {"file": "bad.litmus", "error": "boom"}],
             "expect": {"compared": 2, "agree": 0, "passed": false,
               "mismatches": [{"file": "U.litmus", "expected": true, "got": "unknown",
                               "detail": "Unknown: t"}],
               "divergences": [{"file": "bad.litmus", "reason": "8.1 proxies", "got": "error",
                                "detail": "boom"}],
               "stale": [], "missing": ["M.litmus"], "unlisted": 0},
             "summary": {"tests": 2, "ok": 0, "no": 0, "undefined": 0, "unknown": 1, "errors": 1}}
            """);
    assertThat(MAPPER.readTree(text)).isEqualTo(expected);
  }

  @Test
  void noExpectKeyWithoutExpectations() {
    assertThat(JsonReport.toJson(List.of(), Optional.empty()).toString())
        .isEqualTo(
            "{\"results\":[],\"summary\":{\"tests\":0,\"ok\":0,\"no\":0,\"undefined\":0,"
                + "\"unknown\":0,\"errors\":0}}");
  }
}
