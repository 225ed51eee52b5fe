package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.litmus.LitmusFileTree;
import io.github.ptxlitmus.bench.Benchmark;
import io.github.ptxlitmus.bench.BenchmarkTable;
import io.github.ptxlitmus.bench.Family;
import io.github.ptxlitmus.bench.Stress;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ptx-litmus bench}: times the pruned engine against the exhaustive baseline in one JVM
 * ({@link Benchmark}) and prints Markdown tables (per case, then totals). Exit 0 when every
 * answer agrees, 1 when some case disagrees or fails, 2 on a usage error.
 */
@Command(
    name = "bench",
    description =
        "Time the pruned search against the exhaustive baseline on litmus corpora (states mode),"
            + " the scaling families (decide mode) and the stress cases (generate CASE).")
public final class BenchCommand extends Subcommand {
  /** The corpora measured when {@code --corpus} is not given (those that exist). */
  static final List<Path> DEFAULT_CORPORA =
      List.of(Path.of("src", "test", "resources", "litmus"),
          Path.of("..", "shared", "corpus", "dat3m-ptx"));

  @Spec private CommandSpec spec;

  @Option(
      names = "--families",
      split = ",",
      paramLabel = "FAMILY",
      description = "Families to measure (default: all of SB, SBacqrel, MP, LB, LBdep, IRIW, CoWW).")
  private List<String> families = new ArrayList<>();

  @Option(
      names = "--no-families",
      description = "Measure no family.")
  private boolean noFamilies;

  @Option(
      names = "--no-stress",
      description =
          "Measure none of the stress cases (T threads x W writes to one location,"
              + " and the --states cases).")
  private boolean noStress;

  @Option(
      names = "--sizes",
      split = ",",
      paramLabel = "N",
      description = "Family sizes (default: 4,8,16,32,128,512).")
  private List<Integer> sizes = new ArrayList<>(List.of(4, 8, 16, 32, 128, 512));

  @Option(
      names = "--corpus",
      arity = "1..*",
      paramLabel = "DIR",
      description =
          "Corpus directories, searched recursively for *.litmus (default: src/test/resources/"
              + "litmus and ../shared/corpus/dat3m-ptx, those that exist).")
  private List<Path> corpora = new ArrayList<>();

  @Option(
      names = "--no-corpus",
      description = "Measure no corpus.")
  private boolean noCorpus;

  @Option(
      names = "--repeat",
      paramLabel = "K",
      description = "Runs per measurement; the median is reported (default: ${DEFAULT-VALUE}).")
  private int repeat = 3;

  @Option(
      names = "--baseline-timeout",
      paramLabel = "SECONDS",
      description = "Time limit of each baseline run (default: ${DEFAULT-VALUE}).")
  private double baselineTimeout = 10;

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      description = "Time limit of each pruned run (default: ${DEFAULT-VALUE}).")
  private double timeout = 60;

  @Override
  public Integer call() {
    Benchmark.Settings settings =
        new Benchmark.Settings(
            corpusFiles(), families(), noStress ? List.of() : Stress.cases(), sizes(),
            repeatCount(), duration("--baseline-timeout",
                baselineTimeout), duration("--timeout", timeout));
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    boolean terminal = System.console() != null;
    List<Benchmark.Row> rows =
        Benchmark.run(
            settings,
            name -> {
              if (terminal) {
                err.print("\r\033[K" + name);
                err.flush();
              }
            });
    if (terminal) {
      err.print("\r\033[K");
      err.flush();
    }
    Runtime rt = Runtime.getRuntime();
    out.printf(
        Locale.ROOT,
        "Java %s, %d processors, max heap %d MB; median of %d runs; baseline limit %s s%n%n",
        System.getProperty("java.version"), rt.availableProcessors(), rt.maxMemory() >> 20,
        repeat, format(baselineTimeout));
    out.print(BenchmarkTable.cases(rows, settings.baselineLimit().toNanos() / 1e6));
    out.println();
    out.print(BenchmarkTable.totals(rows, settings.baselineLimit().toNanos() / 1e6));
    out.flush();
    return rows.stream().allMatch(Benchmark.Row::ok) ? 0 : 1;
  }

  private List<Benchmark.CorpusFile> corpusFiles() {
    List<Benchmark.CorpusFile> files = new ArrayList<>();
    if (noCorpus) {
      return files;
    }
    List<Path> roots = corpora;
    if (roots.isEmpty()) {
      roots = DEFAULT_CORPORA.stream().filter(Files::isDirectory).collect(Collectors.toList());
    }
    for (Path root : roots) {
      if (!Files.isDirectory(root)) {
        throw usage("--corpus: not a directory: " + root);
      }
      String name = root.normalize().getFileName().toString();
      try {
        LitmusFileTree.under(root).forEach(p -> files.add(
            new Benchmark.CorpusFile(name, p, root.relativize(p).toString())));
      } catch (IOException | UncheckedIOException e) {
        throw usage("cannot read directory " + root + ": " + IoMessages.reason(e));
      }
    }
    return files;
  }

  private List<Family> families() {
    if (noFamilies) {
      return List.of();
    }
    if (families.isEmpty()) {
      return Arrays.asList(Family.values());
    }
    List<Family> list = new ArrayList<>();
    for (String f : families) {
      try {
        list.add(Family.parse(f.strip()));
      } catch (IllegalArgumentException e) {
        throw usage(e.getMessage());
      }
    }
    return list;
  }

  private List<Integer> sizes() {
    if (sizes.isEmpty() || sizes.stream().anyMatch(n -> n < 1 || n > 512)) {
      throw usage("--sizes must be between 1 and 512: " + sizes);
    }
    return sizes.stream().sorted().distinct().collect(Collectors.toList());
  }

  private int repeatCount() {
    if (repeat < 1) {
      throw usage("--repeat must be >= 1: " + repeat);
    }
    return repeat;
  }

  private Duration duration(String option, double seconds) {
    if (!(seconds > 0) || Double.isInfinite(seconds)) {
      throw usage(option + " must be a positive number of seconds: " + seconds);
    }
    return Duration.ofMillis(Math.max(1, Math.round(seconds * 1000)));
  }

  private static String format(double seconds) {
    return seconds == Math.rint(seconds)
        ? Long.toString((long) seconds)
        : Double.toString(seconds);
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
