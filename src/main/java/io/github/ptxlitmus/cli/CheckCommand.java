package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.report.ExpectationReport;
import io.github.ptxlitmus.report.Expectations;
import io.github.ptxlitmus.report.TestOutcome;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ptx-litmus check PATH...}: checks litmus files and directories (walked recursively for
 * {@code *.litmus}, sorted) in parallel, prints a herd-style text or a JSON report in sorted
 * order, and optionally compares the answers with an expected-outcome CSV; with {@code
 * --explain} / {@code --dot} it also explains each test's outcome of interest (or named states)
 * and writes Graphviz files of the executions ({@link ExplainStep}). {@code --decide} and
 * {@code --states} force the checker's decide or states mode (default: chosen by size). Exit
 * code 0 when all is well, 1 on an undocumented expectation mismatch or a file that could not
 * be parsed or checked, 2 on a usage error. Never prints a stack trace: every failure of one
 * file becomes one line of the report. See {@code docs/cli.md}.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = "Check litmus tests under the PTX memory model and report allowed final states.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:every file checked; no undocumented mismatch with --expect",
      "1:an undocumented --expect mismatch, a file failed to parse or check, or an"
          + " explanation, DOT file or SVG failed",
      "2:usage error (bad option, missing path or CSV, malformed CSV)"
    })
public final class CheckCommand implements Callable<Integer> {
  /** Output formats. */
  enum Format {
    text,
    json
  }

  private final Function<CheckOptions, Function<Path, CheckResult>> checkers;

  /** The Graphviz program {@code --svg} runs; tests set a missing one. */
  String dotProgram = "dot";

  @Spec private CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "PATH",
      description = "Litmus files or directories (searched recursively for *.litmus).")
  private List<Path> paths = new ArrayList<>();

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  private Format format = Format.text;

  @Option(
      names = "--expect",
      paramLabel = "FILE.csv",
      description = "Compare with expected outcomes (CSV rows 'path,1|0').")
  private Path expect;

  @Option(
      names = "--divergences",
      paramLabel = "FILE.csv",
      description =
          "Known divergences from --expect: lines 'path,reason' (default: ${DEFAULT-VALUE};"
              + " a missing file means none).")
  private Path divergences = Path.of("docs", "divergences.csv");

  @Option(
      names = {"-j", "--jobs"},
      paramLabel = "N",
      description = "Tests checked in parallel (default: number of processors).")
  private Integer jobs;

  @Option(
      names = "--shard",
      paramLabel = "K/N",
      description =
          "Check only shard K of N (1 <= K <= N): a stable 1/N of the tests, chosen by a hash of"
              + " each file's path below its PATH argument, so --shard 1/N .. N/N on N machines"
              + " check every test exactly once.")
  private String shard;

  @Option(
      names = "--model",
      paramLabel = "NAME",
      description =
          "Model variant: ptx (the spec, default), dat3m-v7.5, dat3m-v6.0 (docs/model.md).")
  private String modelName = "ptx";

  @Option(
      names = "--without",
      paramLabel = "AXIOM",
      description =
          "Switch an axiom off (repeatable): Coherence, Fence-SC, Atomicity, No-Thin-Air,"
              + " SC-per-Location, Causality (case-insensitive).")
  private List<String> without = new ArrayList<>();

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      description = "Time limit per test in seconds (default: ${DEFAULT-VALUE}).")
  private double timeout = 60;

  @Option(
      names = "--bound",
      paramLabel = "K",
      description = "Loop unrolling bound (default: the checker's, 2).")
  private Integer bound;

  @Option(
      names = "--decide",
      description =
          "Decide only the condition with the pruned search, stopping at the first witness"
              + " (flag 'decided'); the states listed are witnesses only.")
  private boolean decide;

  @Option(
      names = "--states",
      description =
          "List every allowed state with the exhaustive search, however large the test."
              + " Default: states mode for small tests, decide mode for large ones.")
  private boolean statesMode;

  @Option(
      names = "--all-states",
      description = "List every register and location in the states, not only those observed.")
  private boolean allStates;

  @Option(
      names = "--explain",
      description =
          "After each test, explain the outcome of interest: the axioms that forbid it, or"
              + " one witness execution.")
  private boolean explain;

  @Option(
      names = "--explain-state",
      paramLabel = "STATE",
      description =
          "Explain this state instead (repeatable; implies --explain), e.g."
              + " 'P1:r0=1; P1:r1=0;' or 'P1:r0 == 1 /\\ x == 2'.")
  private List<String> explainStates = new ArrayList<>();

  @Option(
      names = "--dot",
      paramLabel = "DIR",
      description =
          "Write Graphviz DOT files of the witness or of each counterexample group into DIR.")
  private Path dotDir;

  @Option(
      names = "--svg",
      description = "With --dot: also render each DOT file as SVG with Graphviz 'dot'.")
  private boolean svg;

  /** The command as run from the command line: checks with {@link LitmusChecker}. */
  public CheckCommand() {
    this(options -> LitmusChecker.create(options)::check);
  }

  /**
   * A command with another checker, for tests.
   *
   * @param checkers makes the per-file check function from the options on the command line; the
   *     function may throw anything, which is reported as an error of that file
   */
  CheckCommand(Function<CheckOptions, Function<Path, CheckResult>> checkers) {
    this.checkers = checkers;
  }

  @Override
  public Integer call() {
    CheckOptions options = options();
    Optional<ExplainStep> explainStep = explainStep();
    Optional<Expectations> expectations = loadExpectations();
    List<Path> files = collectFiles();
    int threads = jobs != null ? jobs : Runtime.getRuntime().availableProcessors();
    // Safety net behind the checker's own time limit: abandon a check at twice it plus 1 s.
    Duration hardLimit = options.timeLimit().multipliedBy(2).plusSeconds(1);
    TestRunner runner =
        new TestRunner(threads, hardLimit, spec.commandLine().getErr(), System.console() != null);
    Function<Path, CheckResult> check = checkers.apply(options);
    List<TestOutcome> outcomes =
        runner.run(files, explainStep.isPresent() ? explainStep.get().wrap(check) : check);
    Optional<ExpectationReport> comparison = expectations.map(e -> e.compare(outcomes));
    // Dat3M-only forms that PTX does not allow (docs/litmus-format.md, "Validity rules").
    PrintWriter warnings = spec.commandLine().getErr();
    for (TestOutcome outcome : outcomes) {
      if (outcome instanceof TestOutcome.Checked c) {
        c.result().warnings().forEach(w -> warnings.println(w));
      }
    }
    warnings.flush();
    List<Optional<ExplainStep.Explained>> explained = new ArrayList<>();
    for (TestOutcome outcome : outcomes) {
      explained.add(
          outcome instanceof TestOutcome.Checked c && explainStep.isPresent()
              ? explainStep.get().finish(c.file(), c.result())
              : Optional.empty());
    }
    PrintWriter out = spec.commandLine().getOut();
    boolean condition = explainStates.isEmpty();
    out.print(
        format == Format.json
            ? ExplainedReport.json(outcomes, explained, comparison, explain, condition)
            : ExplainedReport.text(outcomes, explained, comparison, explain));
    out.flush();
    boolean explainFailed =
        explained.stream().anyMatch(e -> e.isPresent() && !e.get().problems().isEmpty());
    return failed(outcomes, comparison, expectations) || explainFailed ? 1 : 0;
  }

  /** The explain/DOT step when {@code --explain}, {@code --explain-state} or {@code --dot}. */
  private Optional<ExplainStep> explainStep() {
    if (svg && dotDir == null) {
      throw usage("--svg needs --dot DIR");
    }
    for (String state : explainStates) {
      try {
        ExplainedReport.parseState(state);
      } catch (LitmusSyntaxException e) {
        throw usage("--explain-state '" + state + "': " + e.getMessage());
      }
    }
    if (!explain && explainStates.isEmpty() && dotDir == null) {
      return Optional.empty();
    }
    if (dotDir != null) {
      try {
        Files.createDirectories(dotDir);
      } catch (IOException e) {
        throw usage("--dot: cannot create directory " + dotDir + ": " + e);
      }
    }
    explain = explain || !explainStates.isEmpty();
    return Optional.of(
        new ExplainStep(
            explainStates, Optional.ofNullable(dotDir), svg, spec.commandLine().getErr(),
            dotProgram));
  }

  /** Exit 1: an undocumented mismatch, or an error on a file not listed as a divergence. */
  private static boolean failed(
      List<TestOutcome> outcomes,
      Optional<ExpectationReport> comparison,
      Optional<Expectations> expectations) {
    if (comparison.isPresent() && !comparison.get().passed()) {
      return true;
    }
    for (TestOutcome outcome : outcomes) {
      if (outcome instanceof TestOutcome.Failed
          && !expectations.flatMap(e -> listedDivergence(e, outcome.file())).isPresent()) {
        return true;
      }
    }
    return false;
  }

  private static Optional<String> listedDivergence(Expectations e, Path file) {
    return e.relativePath(file).map(e.divergences()::get);
  }

  private CheckOptions options() {
    CheckOptions options = CheckOptions.defaults().withAllStates(allStates);
    if (!(timeout > 0) || Double.isInfinite(timeout)) {
      throw usage("--timeout must be a positive number of seconds: " + timeout);
    }
    options = options.withTimeLimit(Duration.ofMillis(Math.max(1, Math.round(timeout * 1000))));
    if (bound != null) {
      if (bound < 0) {
        throw usage("--bound must be >= 0: " + bound);
      }
      options = options.withLoopBound(bound);
    }
    if (jobs != null && jobs < 1) {
      throw usage("-j must be >= 1: " + jobs);
    }
    if (decide && statesMode) {
      throw usage("--decide and --states are mutually exclusive");
    }
    ModelSpec model =
        ModelSpec.named(modelName)
            .orElseThrow(
                () ->
                    usage(
                        "--model: unknown model '" + modelName + "' (known: "
                            + ModelSpec.variants().stream()
                                .map(ModelSpec::name)
                                .collect(Collectors.joining(", "))
                            + ")"));
    for (String name : without) {
      Axiom axiom =
          ModelSpec.axiom(name)
              .orElseThrow(
                  () ->
                      usage(
                          "--without: unknown axiom '" + name + "' (known: "
                              + ModelSpec.axiomNames() + ")"));
      model = model.without(axiom);
    }
    options = options.withModel(model);
    if (decide) {
      options = options.withMode(CheckOptions.Mode.DECIDE);
    } else if (statesMode) {
      options = options.withMode(CheckOptions.Mode.STATES);
    }
    return options;
  }

  private Optional<Expectations> loadExpectations() {
    if (expect == null) {
      return Optional.empty();
    }
    if (!Files.isRegularFile(expect)) {
      throw usage("--expect: no such file: " + expect);
    }
    try {
      return Optional.of(Expectations.load(expect, divergences));
    } catch (IOException e) {
      throw usage("cannot read " + e.getMessage());
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }

  /** The argument files and the {@code *.litmus} files under the argument directories. */
  private List<Path> collectFiles() {
    if (shard != null) {
      shardNumbers(); // a malformed --shard is a usage error even before any file is seen
    }
    List<Path> files = new ArrayList<>();
    for (Path path : paths) {
      if (Files.isDirectory(path)) {
        try (Stream<Path> walk = Files.walk(path)) {
          files.addAll(
              walk.filter(p -> p.getFileName().toString().endsWith(".litmus"))
                  .filter(Files::isRegularFile)
                  .filter(p -> inShard(path.relativize(p)))
                  .sorted()
                  .collect(Collectors.toList()));
        } catch (IOException | UncheckedIOException e) {
          throw usage("cannot read directory " + path + ": " + e.getMessage());
        }
      } else if (Files.exists(path)) {
        if (inShard(path.getFileName())) {
          files.add(path);
        }
      } else {
        throw usage("no such file or directory: " + path);
      }
    }
    return files.stream().map(Path::normalize).distinct().collect(Collectors.toList());
  }

  /**
   * Whether a test belongs to the {@code --shard K/N} selected: CRC-32 of its path relative to
   * its PATH argument, with {@code /} separators, modulo N equals K − 1. The choice depends on
   * that path alone, so it is the same on every machine and does not move when other tests
   * are added.
   */
  private boolean inShard(Path relative) {
    if (shard == null) {
      return true;
    }
    int[] kn = shardNumbers();
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    StringBuilder name = new StringBuilder();
    for (Path part : relative) {
      name.append(name.length() == 0 ? "" : "/").append(part);
    }
    crc.update(name.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return crc.getValue() % kn[1] == kn[0] - 1;
  }

  /** K and N of {@code --shard K/N}. */
  private int[] shardNumbers() {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(\\d+)/(\\d+)").matcher(shard.strip());
    if (m.matches()) {
      try {
        int k = Integer.parseInt(m.group(1));
        int n = Integer.parseInt(m.group(2));
        if (n >= 1 && k >= 1 && k <= n) {
          return new int[] {k, n};
        }
      } catch (NumberFormatException tooLarge) {
        // reported below
      }
    }
    throw usage("--shard must be K/N with 1 <= K <= N, e.g. 2/4: " + shard);
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
