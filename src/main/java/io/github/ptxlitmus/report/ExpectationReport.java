package io.github.ptxlitmus.report;

import java.util.List;

/**
 * The comparison of a run with an expected-outcome CSV (see {@link Expectations}). Immutable.
 * Every compared file is counted once: {@code agree + mismatches.size() + divergences.size() ==
 * compared}.
 *
 * @param compared checked (or failed) files that have a row in the CSV
 * @param agree of those, how many gave the expected answer with a definite verdict
 * @param mismatches disagreements not listed as known divergences: these fail the run
 * @param divergences disagreements listed in the divergence CSV: reported, do not fail
 * @param stale files listed as divergences that now agree (the listing can be removed)
 * @param missing CSV rows whose file was not part of the run
 * @param unlisted files of the run that have no CSV row
 */
public record ExpectationReport(
    int compared,
    int agree,
    List<Mismatch> mismatches,
    List<Divergence> divergences,
    List<String> stale,
    List<String> missing,
    int unlisted) {

  /**
   * Creates the record, copying the lists (unmodifiable); none may be or hold null.
   *
   * @param compared checked (or failed) files that have a row in the CSV
   * @param agree of those, how many gave the expected answer with a definite verdict
   * @param mismatches disagreements not listed as known divergences: these fail the run
   * @param divergences disagreements listed in the divergence CSV: reported, do not fail
   * @param stale files listed as divergences that now agree (the listing can be removed)
   * @param missing CSV rows whose file was not part of the run
   * @param unlisted files of the run that have no CSV row
   */
  public ExpectationReport {
    mismatches = List.copyOf(mismatches);
    divergences = List.copyOf(divergences);
    stale = List.copyOf(stale);
    missing = List.copyOf(missing);
  }

  /** {@return true when no mismatch is left undocumented} */
  public boolean passed() {
    return mismatches.isEmpty();
  }

  /**
   * A file whose answer differs from the CSV and is not a known divergence.
   *
   * @param file path relative to the CSV's directory
   * @param expected whether the CSV says the condition holds
   * @param got {@code "1"}, {@code "0"}, {@code "unknown"} or {@code "error"}
   * @param detail the verdict word ({@code Forbidden}), {@code Unknown: <reason>} or the error
   */
  public record Mismatch(String file, boolean expected, String got, String detail) {}

  /**
   * A file whose answer differs from the CSV, listed as a known divergence.
   *
   * @param file path relative to the CSV's directory
   * @param reason the reason from the divergence CSV
   * @param got {@code "1"}, {@code "0"}, {@code "unknown"} or {@code "error"}
   * @param detail the verdict word, {@code Unknown: <reason>} or the error
   */
  public record Divergence(String file, String reason, String got, String detail) {}
}
