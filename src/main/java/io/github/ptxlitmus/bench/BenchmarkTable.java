package io.github.ptxlitmus.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Prints {@link Benchmark} rows as Markdown tables: one row per case, then the totals per
 * section (corpus or {@code families}). Ratio is baseline / pruned; a baseline that hit its
 * limit shows {@code >10s} and its ratio a lower bound ({@code >N}). The last two columns say
 * which engine {@code check} runs by default and its time.
 */
public final class BenchmarkTable {
  private BenchmarkTable() {}

  private static final String HEADER =
      "| case | mode | answer | check | pruned ms | baseline ms | ratio | check uses | check ms |\n"
          + "| --- | --- | --- | --- | ---: | ---: | ---: | --- | ---: |\n";

  /** The per-case table. */
  public static String cases(List<Benchmark.Row> rows, double baselineLimitMillis) {
    StringBuilder sb = new StringBuilder(HEADER);
    for (Benchmark.Row r : rows) {
      sb.append("| ").append(r.section().equals("families") ? r.name()
              : r.section() + "/" + r.name())
          .append(" | ").append(r.mode())
          .append(" | ").append(r.answer())
          .append(" | ").append(r.check())
          .append(" | ").append(millis(r.prunedMillis()))
          .append(" | ").append(baseline(r))
          .append(" | ").append(ratio(r, baselineLimitMillis))
          .append(" | ").append(r.autoMode())
          .append(" | ").append(auto(r, baselineLimitMillis))
          .append(" |\n");
    }
    return sb.toString();
  }

  /**
   * Totals per section: cases, disagreements, and the summed times. A baseline run that hit its
   * limit (or was not run because a smaller size already did) counts as the limit, so the
   * section's baseline sum and ratio are lower bounds ({@code > N}).
   *
   * @param rows the benchmark's rows
   * @param baselineLimitMillis the baseline's time limit per run, in milliseconds
   * @return the Markdown table
   */
  public static String totals(List<Benchmark.Row> rows, double baselineLimitMillis) {
    Map<String, List<Benchmark.Row>> sections = new LinkedHashMap<>();
    for (Benchmark.Row r : rows) {
      sections.computeIfAbsent(r.section(), k -> new ArrayList<>()).add(r);
    }
    StringBuilder sb =
        new StringBuilder(
            "| section | cases | disagree | pruned ms | baseline ms | ratio | check ms |\n"
                + "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for (Map.Entry<String, List<Benchmark.Row>> e : sections.entrySet()) {
      List<Benchmark.Row> rs = e.getValue();
      double pruned = rs.stream().mapToDouble(r -> r.prunedMillis().orElse(0)).sum();
      double auto = rs.stream().mapToDouble(r -> r.autoMillis().orElse(0)).sum();
      double baseline =
          rs.stream()
              .mapToDouble(r -> r.baselineMillis().orElse(
                  r.baselineNote().isEmpty() ? 0 : baselineLimitMillis))
              .sum();
      boolean partial = rs.stream().anyMatch(r -> !r.baselineNote().isEmpty());
      boolean autoPartial =
          rs.stream().anyMatch(r -> r.autoMillis().isEmpty() && r.prunedMillis().isPresent());
      long disagree = rs.stream().filter(r -> !r.ok()).count();
      sb.append("| ").append(e.getKey())
          .append(" | ").append(rs.size())
          .append(" | ").append(disagree)
          .append(" | ").append(format(pruned))
          .append(" | ").append(partial ? "> " : "").append(format(baseline))
          .append(" | ").append(partial ? "> " : "")
          .append(pruned > 0 ? format(baseline / pruned) : "-")
          .append(" | ").append(autoPartial ? "> " : "").append(format(auto))
          .append(" |\n");
    }
    return sb.toString();
  }

  private static String auto(Benchmark.Row r, double limitMillis) {
    if (r.autoMillis().isPresent() || r.prunedMillis().isEmpty()) {
      return millis(r.autoMillis());
    }
    return r.baselineNote().startsWith("not run") ? "not run" : ">" + seconds(limitMillis);
  }

  private static String baseline(Benchmark.Row r) {
    return r.baselineMillis().isPresent() ? millis(r.baselineMillis()) : r.baselineNote();
  }

  private static String ratio(Benchmark.Row r, double limitMillis) {
    if (r.prunedMillis().isEmpty()) {
      return "-";
    }
    double pruned = Math.max(r.prunedMillis().getAsDouble(), 0.001);
    if (r.baselineMillis().isPresent()) {
      return format(r.baselineMillis().getAsDouble() / pruned);
    }
    return r.baselineNote().isEmpty() ? "-" : ">" + format(limitMillis / pruned);
  }

  private static String seconds(double millis) {
    return millis % 1000 == 0 ? (long) (millis / 1000) + "s" : format(millis) + "ms";
  }

  private static String millis(OptionalDouble ms) {
    return ms.isPresent() ? format(ms.getAsDouble()) : "-";
  }

  private static String format(double v) {
    if (v >= 100) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    return String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.2f", v);
  }
}
