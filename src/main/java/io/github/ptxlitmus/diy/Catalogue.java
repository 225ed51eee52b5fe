package io.github.ptxlitmus.diy;

import io.github.ptxlitmus.litmus.LitmusFileTree;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Explanation;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.ModelSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Classifies litmus tests (typically those {@link Diy} wrote) under one or more models: for each
 * test its cycle, its verdict and, when forbidden, the axiom that forbids the outcome: the axiom
 * of the simplest evidence {@link CheckResult#explainCondition()} gives; when the explanation
 * lists no candidate, the axiom of the pruning rule that skipped some ({@code
 * Explanation.skipped()}), else the first axiom whose removal allows the outcome or brings
 * candidates back. Stateless.
 *
 * <pre>{@code
 * List<Catalogue.Entry> rows = Catalogue.run(Path.of("out"),
 *     List.of(new Catalogue.Model("ptx", LitmusChecker.create())));
 * System.out.print(Catalogue.format(rows, Catalogue.Format.MARKDOWN));
 * }</pre>
 */
public final class Catalogue {
  private Catalogue() {}

  /**
   * A model to classify under.
   *
   * @param label the column name, e.g. {@code "ptx"}
   * @param checker the checker (its options select the model)
   */
  public record Model(String label, LitmusChecker checker) {}

  /**
   * One test under one model.
   *
   * @param verdict the verdict of the outcome of interest
   * @param axiom for a forbidden outcome, the axiom of its simplest evidence; empty when allowed,
   *     undecided, or when no candidate execution produces the outcome at all
   * @param section the spec section of {@code axiom} (e.g. {@code "8.10.6"}), or a short reason
   *     ({@code "no candidate"}, the limit hit)
   * @param millis wall-clock milliseconds of the check and the explanation
   */
  public record Outcome(Verdict verdict, Optional<Axiom> axiom, String section, long millis) {
    /**
     * {@return the verdict, with the axiom for a forbidden outcome: {@code "Forbidden
     * (Causality)"}}
     */
    public String text() {
      String v = verdict.name().charAt(0) + verdict.name().substring(1).toLowerCase(Locale.ROOT);
      return axiom.map(a -> v + " (" + a.title() + ")").orElse(v);
    }
  }

  /**
   * One test.
   *
   * @param file the file, relative to the directory given
   * @param test the test name
   * @param cycle the cycle (the test's first description line), or empty text
   * @param outcomes one per model, in the order given
   */
  public record Entry(String file, String test, String cycle, List<Outcome> outcomes) {
    /**
     * Creates the record; the components are described above.
     *
     * @param file the file, relative to the directory given
     * @param test the test name
     * @param cycle the cycle (the test's first description line), or empty text
     * @param outcomes one per model, in the order given
     */
    public Entry {
      outcomes = List.copyOf(outcomes);
    }

    /** {@return true when the models do not all give the same verdict} */
    public boolean disagrees() {
      return outcomes.stream().map(Outcome::verdict).distinct().count() > 1;
    }
  }

  /** Table formats. */
  public enum Format {
    /** Aligned plain-text columns. */
    TEXT,
    /** Comma-separated values, RFC 4180 quoting. */
    CSV,
    /** A Markdown table. */
    MARKDOWN
  }

  /**
   * Checks every {@code *.litmus} file under {@code dir} (recursively, sorted by path).
   *
   * @param dir the directory
   * @param models the models, at least one
   * @return one entry per file
   * @throws UncheckedIOException when the directory or a file cannot be read
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when a file does not parse
   * @throws IllegalArgumentException when {@code models} is empty
   */
  public static List<Entry> run(Path dir, List<Model> models) {
    if (models.isEmpty()) {
      throw new IllegalArgumentException("give at least one model");
    }
    List<Path> files;
    try {
      files = LitmusFileTree.under(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Entry> out = new ArrayList<>();
    for (Path f : files) {
      LitmusTest t;
      try {
        t = LitmusParser.parse(f);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      out.add(entry(dir.relativize(f).toString(), t, models));
    }
    return out;
  }

  /**
   * Checks tests given in memory (e.g. {@link CycleEnumerator#enumerate}'s), in order.
   *
   * @param tests the tests; each row's file is {@code <name>.litmus}
   * @param models the models, at least one
   * @return one entry per test
   * @throws IllegalArgumentException when {@code models} is empty
   */
  public static List<Entry> run(List<LitmusTest> tests, List<Model> models) {
    if (models.isEmpty()) {
      throw new IllegalArgumentException("give at least one model");
    }
    List<Entry> out = new ArrayList<>();
    for (LitmusTest t : tests) {
      out.add(entry(t.name() + ".litmus", t, models));
    }
    return out;
  }

  /**
   * Classifies one test.
   *
   * @param file the name shown in the table
   * @param test the test
   * @param models the models
   * @return its entry
   */
  public static Entry entry(String file, LitmusTest test, List<Model> models) {
    List<Outcome> outcomes = new ArrayList<>();
    for (Model m : models) {
      outcomes.add(classify(m.checker(), test));
    }
    String cycle = test.descriptions().isEmpty() ? "" : test.descriptions().get(0);
    return new Entry(file, test.name(), cycle, outcomes);
  }

  /** The verdict of {@code test} under {@code checker} and the axiom forbidding its outcome. */
  static Outcome classify(LitmusChecker checker, LitmusTest test) {
    long start = System.nanoTime();
    CheckResult r = checker.check(test);
    Optional<Axiom> axiom = Optional.empty();
    String section = "";
    if (r.verdict() == Verdict.FORBIDDEN) {
      Explanation e = r.explainCondition();
      if (!e.reasons().isEmpty() && !e.reasons().get(0).constraint().isEmpty()) {
        // a cat model's constraint: named as the model names it, counted under no axiom
        return new Outcome(r.verdict(), Optional.empty(), e.reasons().get(0).constraint(),
            (System.nanoTime() - start) / 1_000_000);
      } else if (!e.reasons().isEmpty()) {
        axiom = Optional.of(e.reasons().get(0).axiom());
      } else if (!e.skipped().isEmpty()) {
        axiom = Optional.of(e.skipped().get(0)); // the rf rule skipped them (CoRW1)
      } else {
        axiom = soleAxiom(checker, test);
      }
      section = axiom.map(Axiom::section)
          .orElse(e.decided() ? "no candidate" : e.limit().orElse("undecided"));
    } else if (r.verdict() == Verdict.UNKNOWN) {
      section = r.unknownReason().orElse("limit");
    }
    return new Outcome(r.verdict(), axiom, section, (System.nanoTime() - start) / 1_000_000);
  }

  /**
   * Used when the explanation lists no candidate: the searches' pruning rules (co built as
   * linear extensions of causality, no rf from a po-later write), each sound while its axiom is
   * on, can leave out every candidate producing the outcome. The first axiom (in spec order)
   * whose removal from a built-in model variant either allows the outcome or lets the
   * explanation list candidates producing it (the candidates that axiom's rule pruned).
   */
  private static Optional<Axiom> soleAxiom(LitmusChecker checker, LitmusTest test) {
    if (!(checker.options().model() instanceof ModelSpec spec)) {
      return Optional.empty();
    }
    for (Axiom a : Axiom.values()) {
      if (!spec.has(a)) {
        continue;
      }
      CheckResult r = LitmusChecker.create(checker.options().withModel(spec.without(a)))
          .check(test);
      if (r.verdict() == Verdict.ALLOWED
          || r.verdict() == Verdict.FORBIDDEN && !r.explainCondition().reasons().isEmpty()) {
        return Optional.of(a);
      }
    }
    return Optional.empty();
  }

  /**
   * Forbidden tests per axiom under model {@code column} (tests forbidden without any candidate
   * counted under no key; see {@link Outcome#axiom()}).
   *
   * @param entries the catalogue's tests
   * @param column the model's index in each entry's {@link Entry#outcomes()}
   * @return axiom → its forbidden tests, in {@link Axiom} order, axioms with none left out
   */
  public static Map<Axiom, List<Entry>> forbiddenByAxiom(List<Entry> entries, int column) {
    Map<Axiom, List<Entry>> out = new EnumMap<>(Axiom.class);
    for (Entry e : entries) {
      e.outcomes().get(column).axiom()
          .ifPresent(a -> out.computeIfAbsent(a, k -> new ArrayList<>()).add(e));
    }
    return out;
  }

  /**
   * The table: one row per entry with its cycle, test, and per model the verdict and axiom.
   *
   * @param entries the rows
   * @param labels the model labels, one per outcome column
   * @param format text (aligned columns), CSV (RFC 4180 quoting) or Markdown
   * @return the table, one line per row, ending with a newline
   */
  public static String format(List<Entry> entries, List<String> labels, Format format) {
    List<String> header = new ArrayList<>(List.of("cycle", "test"));
    for (String l : labels) {
      header.add(labels.size() == 1 ? "verdict" : l);
      header.add(labels.size() == 1 ? "axiom" : l + " axiom");
    }
    List<List<String>> rows = new ArrayList<>();
    for (Entry e : entries) {
      List<String> row = new ArrayList<>(List.of(e.cycle(), e.test()));
      for (Outcome o : e.outcomes()) {
        String v = o.verdict().name();
        row.add(v.charAt(0) + v.substring(1).toLowerCase(Locale.ROOT));
        row.add(o.axiom().map(a -> a.title() + " (" + a.section() + ")").orElse(o.section()));
      }
      rows.add(row);
    }
    return switch (format) {
      case CSV -> csv(header, rows);
      case MARKDOWN -> markdown(header, rows);
      case TEXT -> text(header, rows);
    };
  }

  private static String csv(List<String> header, List<List<String>> rows) {
    StringBuilder sb = new StringBuilder();
    Stream.concat(Stream.of(header), rows.stream()).forEach(r -> sb.append(
        r.stream().map(Catalogue::csvCell).collect(Collectors.joining(","))).append('\n'));
    return sb.toString();
  }

  private static String csvCell(String s) {
    return s.contains(",") || s.contains("\"") || s.contains("\n")
        ? '"' + s.replace("\"", "\"\"") + '"' : s;
  }

  private static String markdown(List<String> header, List<List<String>> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append("| ").append(String.join(" | ", header)).append(" |\n");
    sb.append("|").append(" --- |".repeat(header.size())).append('\n');
    for (List<String> r : rows) {
      List<String> cells = new ArrayList<>();
      for (int i = 0; i < r.size(); i++) {
        cells.add(i < 2 && !r.get(i).isEmpty() ? "`" + r.get(i) + "`" : r.get(i));
      }
      sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
    return sb.toString();
  }

  private static String text(List<String> header, List<List<String>> rows) {
    int[] width = new int[header.size()];
    for (List<String> r : Stream.concat(Stream.of(header), rows.stream()).toList()) {
      for (int i = 0; i < r.size(); i++) {
        width[i] = Math.max(width[i], r.get(i).length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (List<String> r : Stream.concat(Stream.of(header), rows.stream()).toList()) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.size(); i++) {
        line.append(String.format("%-" + width[i] + "s", r.get(i)));
        if (i + 1 < r.size()) {
          line.append("  ");
        }
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    return sb.toString();
  }
}
