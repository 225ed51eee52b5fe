package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.diy.Catalogue;
import io.github.ptxlitmus.diy.CycleEnumerator;
import io.github.ptxlitmus.litmus.LitmusFileTree;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.ModelSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ptx-litmus catalogue DIR [--format text|csv|markdown] [--model A [--model B]] [-o FILE]}:
 * checks every test under DIR (or, with {@code --relax/--safe/--size/--threads}, every test
 * {@code diy} would generate, without writing them) and prints a table (cycle, test, verdict, the axiom forbidding
 * the outcome) and, for one model, the count of forbidden tests per axiom; with two or more
 * models only the tests on which they disagree. Exit 0; 1 when a file cannot be read or
 * written; 2 with a one-line message for a bad option or model name.
 */
@Command(
    name = "catalogue",
    description = "Check all tests of a directory (e.g. written by diy) and tabulate verdicts"
        + " and forbidding axioms (docs/diy.md).")
public final class CatalogueCommand extends Subcommand {
  @Spec private CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "DIR",
      description = "Directory of .litmus files (or generate with --relax/--safe).")
  private Path dir;

  @Mixin private CycleOptions cycleOptions = new CycleOptions();

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text, csv or markdown (default ${DEFAULT-VALUE}).")
  private String format;

  @Option(names = "--model", paramLabel = "MODEL",
      description = "Model to check under: a built-in name or a cat file (repeat to compare;"
          + " default ptx).")
  private List<String> models = new ArrayList<>();

  @Option(names = "--variant", paramLabel = "NAME",
      description = "Set a variant of the cat models among --model (herd's -variant);"
          + " repeatable.")
  private List<String> variants = new ArrayList<>();

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      description = "Time limit per test and model in seconds (default: ${DEFAULT-VALUE}).")
  private double timeout = 60;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE",
      description = "Write the table to FILE instead of standard output.")
  private Path output;

  @Override
  public Integer call() {
    Catalogue.Format f;
    List<Catalogue.Model> columns = new ArrayList<>();
    List<LitmusTest> tests = null;
    try {
      f = switch (format.toLowerCase(Locale.ROOT)) {
        case "text" -> Catalogue.Format.TEXT;
        case "csv" -> Catalogue.Format.CSV;
        case "markdown", "md" -> Catalogue.Format.MARKDOWN;
        default -> throw new IllegalArgumentException("unknown format '" + format
            + "' (expected text, csv or markdown)");
      };
      java.time.Duration limit = LimitOptions.timeLimit(timeout, IllegalArgumentException::new);
      for (String m : models.isEmpty() ? List.of("ptx") : models) {
        columns.add(new Catalogue.Model(m, checker(m, limit, variants,
            spec.commandLine().getErr()).orElseThrow(
            () -> new IllegalArgumentException("unknown model '" + m + "' (expected "
                + String.join(", ", modelNames()) + ")"))));
      }
      boolean generate = cycleOptions.given();
      if (generate == (dir != null)) {
        throw new IllegalArgumentException(generate
            ? "give either DIR or --relax/--safe, not both"
            : "give a directory of tests or --relax/--safe edges");
      }
      if (generate) {
        tests = cycleOptions.enumerate("catalogue", spec.commandLine().getErr()).stream()
            .map(CycleEnumerator.Generated::test).toList();
      } else if (!Files.isDirectory(dir)) {
        throw new IllegalArgumentException("not a directory: " + dir);
      }
    } catch (IllegalArgumentException e) {
      spec.commandLine().getErr().println(spec.qualifiedName() + ": " + e.getMessage());
      return Main.USAGE_ERROR;
    }
    long start = System.nanoTime();
    List<Catalogue.Entry> entries;
    boolean failed = false;
    if (tests != null) {
      entries = Catalogue.run(tests, columns);
    } else {
      // Like check: a file that does not parse is reported (file:line:col) and the others
      // are still classified; the run then exits 1.
      List<Path> files;
      try {
        files = LitmusFileTree.under(dir);
      } catch (IOException | UncheckedIOException e) {
        spec.commandLine().getErr().println(
            spec.qualifiedName() + ": cannot read " + dir + ": " + IoMessages.reason(e));
        return 1;
      }
      if (files.isEmpty()) {
        spec.commandLine().getErr().println(spec.qualifiedName() + ": no *.litmus files under " + dir);
        return Main.USAGE_ERROR;
      }
      java.util.Optional<Shard> part;
      try {
        part = cycleOptions.shard();
      } catch (IllegalArgumentException e) {
        spec.commandLine().getErr().println(spec.qualifiedName() + ": " + e.getMessage());
        return Main.USAGE_ERROR;
      }
      entries = new ArrayList<>();
      for (Path file : files) {
        if (part.isPresent() && !part.get().contains(dir.relativize(file))) {
          continue;
        }
        try {
          entries.add(Catalogue.entry(
              dir.relativize(file).toString(), LitmusParser.parse(file), columns));
        } catch (LitmusSyntaxException e) {
          spec.commandLine().getErr().println(e.getMessage());
          failed = true;
        } catch (IOException | UncheckedIOException e) {
          spec.commandLine().getErr().println(file + ": cannot read: " + IoMessages.reason(e));
          failed = true;
        }
      }
      spec.commandLine().getErr().flush();
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    List<String> labels = columns.stream().map(Catalogue.Model::label).toList();
    List<Catalogue.Entry> shown = columns.size() > 1
        ? entries.stream().filter(Catalogue.Entry::disagrees).toList() : entries;
    StringBuilder text = new StringBuilder(Catalogue.format(shown, labels, f));
    if (f == Catalogue.Format.TEXT) {
      text.append(summary(entries, shown, columns.size(), millis));
    }
    if (output == null) {
      PrintWriter out = spec.commandLine().getOut();
      out.print(text);
      out.flush();
    } else {
      try {
        Files.writeString(output, text.toString(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        spec.commandLine().getErr().println(IoMessages.cannotWrite(output, e));
        return 1;
      }
    }
    if (f != Catalogue.Format.TEXT) {
      spec.commandLine().getErr().print(summary(entries, shown, columns.size(), millis));
      spec.commandLine().getErr().flush();
    }
    return failed ? 1 : 0;
  }

  private static String summary(
      List<Catalogue.Entry> all, List<Catalogue.Entry> shown, int models, long millis) {
    StringBuilder sb = new StringBuilder();
    sb.append(all.size()).append(" tests checked in ").append(millis).append(" ms");
    if (models > 1) {
      return sb.append("; ").append(shown.size()).append(" on which the models disagree\n")
          .toString();
    }
    long forbidden = all.stream()
        .filter(e -> e.outcomes().get(0).verdict() == io.github.ptxlitmus.check.Verdict.FORBIDDEN)
        .count();
    sb.append("; ").append(forbidden).append(" forbidden");
    Map<Axiom, List<Catalogue.Entry>> by = Catalogue.forbiddenByAxiom(all, 0);
    for (Map.Entry<Axiom, List<Catalogue.Entry>> e : by.entrySet()) {
      sb.append(", ").append(e.getValue().size()).append(" by ").append(e.getKey().title());
    }
    return sb.append('\n').toString();
  }

  /** The model names {@code --model} accepts: the built-in variants ({@link ModelSpec}). */
  static List<String> modelNames() {
    return ModelSpec.variants().stream().map(ModelSpec::name).toList();
  }

  /** A checker for a built-in model variant, by name (case-insensitive), with a time limit. */
  static Optional<LitmusChecker> checker(String model, java.time.Duration limit) {
    return checker(model, limit, List.of(), new java.io.PrintWriter(System.err, true));
  }

  /** A built-in model by name, or a cat file (loaded with the variants). */
  static Optional<LitmusChecker> checker(String model, java.time.Duration limit,
      List<String> variants, java.io.PrintWriter err) {
    if (ModelSpec.named(model).isEmpty()
        && io.github.ptxlitmus.check.ModelComparison.isCatFile(model)) {
      try {
        return Optional.of(LitmusChecker.create(CheckOptions.defaults()
            .withModel(CatModels.load(Path.of(model), variants, err)).withTimeLimit(limit)));
      } catch (io.github.ptxlitmus.cat.CatSyntaxException e) {
        throw new IllegalArgumentException(e.getMessage());
      }
    }
    return ModelSpec.named(model)
        .map(m -> LitmusChecker.create(
            CheckOptions.defaults().withModel(m).withTimeLimit(limit)));
  }
}
