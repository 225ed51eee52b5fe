package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.litmus.LitmusFileTree;
import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.report.ExpectationReport;
import io.github.ptxlitmus.report.JunitReport;
import io.github.ptxlitmus.report.Expectations;
import io.github.ptxlitmus.report.TestOutcome;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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
    json,
    junit
  }

  private final Function<CheckOptions, Function<Path, CheckResult>> checkers;

  /** The Graphviz program {@code --svg} runs; tests set a missing one. */
  String dotProgram = "dot";

  @Spec private CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "PATH",
      description =
          "Litmus files or directories (searched recursively for *.litmus); '-' reads one"
              + " test from standard input.")
  private List<Path> paths = new ArrayList<>();

  @Mixin private LimitOptions limits = new LimitOptions();

  @Option(
      names = "--shard",
      paramLabel = "K/N",
      description =
          "Check only shard K of N (1 <= K <= N): a stable 1/N of the tests, chosen by a hash of"
              + " each file's path below its PATH argument, so --shard 1/N .. N/N on N machines"
              + " check every test exactly once.")
  private String shard;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      description =
          "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}: herd7's log"
              + " format, streamed test by test; junit: JUnit XML for CI servers).")
  private Format format = Format.text;

  @Option(
      names = "--progress",
      negatable = true,
      description =
          "Draw a progress line on stderr (default: when stderr is a terminal and more than 5"
              + " tests run).")
  private Boolean progress;

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
      names = "--model",
      paramLabel = "NAME",
      description =
          "Model variant: ptx (the spec, default), dat3m-v7.5, dat3m-v6.0 (docs/model.md).")
  private String modelName = "ptx";

  @Option(
      names = "--cat",
      paramLabel = "FILE.cat",
      description =
          "Judge candidates with this cat model instead of the built-in one (exhaustive search,"
              + " states mode; --divergences defaults to docs/cat-divergences.csv).")
  private Path catFile;

  @Option(
      names = "--variant",
      paramLabel = "NAME",
      description =
          "Set a variant of the --cat model (herd's -variant: 'if \"NAME\" ... else ... end'"
              + " takes its first branch); repeatable.")
  private List<String> variants = new ArrayList<>();

  @Option(
      names = "--without",
      paramLabel = "AXIOM",
      description =
          "Switch an axiom off (repeatable): Coherence, Fence-SC, Atomicity, No-Thin-Air,"
              + " SC-per-Location, Causality (case-insensitive).")
  private List<String> without = new ArrayList<>();

  @Option(
      names = "--decide",
      description =
          "Decide only the condition with the pruned search, stopping at the first witness"
              + " (flag 'decided'); the states listed are witnesses only.")
  private boolean decide;

  @Option(
      names = "--states",
      description =
          "List every allowed state, exactly, however large the test (the exhaustive search"
              + " for small tests, the pruned search's states mode for large ones)."
              + " Default: states mode for small tests, decide mode for large ones.")
  private boolean statesMode;

  @Option(
      names = "--exhaustive",
      description =
          "List every allowed state with the exhaustive search whatever the test's size"
              + " (herd's execution counts; the oracle the pruned search is checked against).")
  private boolean exhaustive;

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
    TestRunner runner =
        new TestRunner(
            limits.threads(),
            LimitOptions.hardLimit(
                options, explainStep.isEmpty() ? 0 : Math.max(1, explainStates.size())),
            spec.commandLine().getErr(),
            showProgress());
    Function<Path, CheckResult> check = stdinAware(checkers.apply(options));
    PrintWriter out = spec.commandLine().getOut();
    List<TestOutcome> outcomes = new ArrayList<>();
    List<Optional<ExplainStep.Explained>> explained = new ArrayList<>();
    // Text streams: each block is printed (and flushed) as soon as it and those before it are
    // done, so an interrupted run keeps what it printed.
    runner.run(
        files,
        explainStep.isPresent() ? explainStep.get().wrap(check) : check,
        done -> {
          TestOutcome outcome = renameStdin(done);
          Optional<ExplainStep.Explained> e =
              outcome instanceof TestOutcome.Checked c && explainStep.isPresent()
                  ? explainStep.get().finish(c.file(), c.result())
                  : Optional.empty();
          outcomes.add(outcome);
          explained.add(e);
          // Dat3M-only forms that PTX does not allow (docs/litmus-format.md, "Validity rules").
          if (outcome instanceof TestOutcome.Checked c && !c.result().warnings().isEmpty()) {
            PrintWriter warnings = spec.commandLine().getErr();
            c.result().warnings().forEach(w -> warnings.println(w));
            warnings.flush();
          }
          if (format == Format.text) {
            out.print(ExplainedReport.textBlock(outcome, e, explain));
            out.flush();
          }
        });
    Optional<ExpectationReport> comparison = expectations.map(e -> e.compare(outcomes));
    boolean condition = explainStates.isEmpty();
    out.print(
        switch (format) {
          case json -> ExplainedReport.json(outcomes, explained, comparison, explain, condition);
          case junit -> JunitReport.render("ptx-litmus", junitCases(outcomes, expectations));
          case text -> ExplainedReport.textTail(outcomes, comparison);
        });
    out.flush();
    boolean explainFailed =
        explained.stream().anyMatch(e -> e.isPresent() && !e.get().problems().isEmpty());
    return failed(outcomes, comparison, expectations) || explainFailed ? 1 : 0;
  }

  /** Whether to draw progress: --progress / --no-progress, else when stderr is a terminal. */
  private boolean showProgress() {
    if (progress != null) {
      return progress;
    }
    // Java cannot ask whether stderr is a terminal: bin/ptx-litmus tells it (test -t 2).
    String tty = System.getProperty("ptxlitmus.stderr.tty");
    return tty != null ? Boolean.parseBoolean(tty) : System.console() != null;
  }

  /**
   * The JUnit cases: for each file, the disagreements with the {@code --expect} CSV and with
   * the file's own {@code (* expect ... *)} comments.
   */
  private static List<JunitReport.Case> junitCases(
      List<TestOutcome> outcomes, Optional<Expectations> expectations) {
    List<JunitReport.Case> cases = new ArrayList<>();
    for (TestOutcome outcome : outcomes) {
      List<String> problems = new ArrayList<>();
      if (outcome instanceof TestOutcome.Checked c) {
        expectations.ifPresent(e -> csvProblem(e, c).ifPresent(problems::add));
        problems.addAll(OwnExpectations.problems(c.file(), c.result()));
      }
      cases.add(new JunitReport.Case(outcome, problems));
    }
    return cases;
  }

  /** The CSV's disagreement on one checked file, unless listed as a divergence. */
  private static Optional<String> csvProblem(Expectations e, TestOutcome.Checked c) {
    ExpectationReport one = e.compare(List.of(c));
    return one.mismatches().stream()
        .map(m -> "--expect: condition expected to " + (m.expected() ? "hold" : "fail")
            + ", got " + m.got() + " (" + m.detail() + ")")
        .findFirst();
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
        throw usage("--dot: cannot create directory " + dotDir + ": " + IoMessages.reason(e));
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
    CheckOptions options = limits.apply(
        CheckOptions.defaults().withAllStates(allStates), this::usage);
    if ((decide ? 1 : 0) + (statesMode ? 1 : 0) + (exhaustive ? 1 : 0) > 1) {
      throw usage("--decide, --states and --exhaustive are mutually exclusive");
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
    if (catFile != null) {
      options = options.withModel(catModel());
    } else if (!variants.isEmpty()) {
      throw usage("--variant sets a variant of a --cat model: give --cat FILE");
    }
    if (decide) {
      options = options.withMode(CheckOptions.Mode.DECIDE);
    } else if (statesMode) {
      options = options.withMode(CheckOptions.Mode.STATES);
    } else if (exhaustive) {
      options = options.withMode(CheckOptions.Mode.EXHAUSTIVE);
    }
    return options;
  }

  /** The {@code --cat} model; usage errors for options it cannot serve. */
  private io.github.ptxlitmus.model.MemoryModel catModel() {
    if (catFile == null && !variants.isEmpty()) {
      throw usage("--variant sets a variant of a --cat model: give --cat FILE");
    }
    if (!modelName.equalsIgnoreCase("ptx") || !without.isEmpty()) {
      throw usage("--cat replaces the built-in model: drop --model and --without");
    }
    if (decide) {
      throw usage("--cat runs the exhaustive search (states mode): drop --decide");
    }
    try {
      return CatModels.load(catFile, variants, spec.commandLine().getErr());
    } catch (io.github.ptxlitmus.cat.CatSyntaxException e) {
      throw usage("--cat: " + e.getMessage());
    }
  }

  private Optional<Expectations> loadExpectations() {
    if (expect == null) {
      return Optional.empty();
    }
    if (!Files.isRegularFile(expect)) {
      throw usage("--expect: " + (Files.isDirectory(expect) ? "a directory, not a CSV file: "
          : Files.exists(expect) ? "not a regular file: " : "no such file: ") + expect);
    }
    if (catFile != null && !spec.commandLine().getParseResult().hasMatchedOption("--divergences")) {
      divergences = Path.of("docs", "cat-divergences.csv");
    }
    try {
      return Optional.of(Expectations.load(expect, divergences));
    } catch (IOException e) {
      throw usage("--expect: cannot read " + expect + ": " + IoMessages.reason(e));
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }

  /** The argument {@code -}: one test read from standard input. */
  static final Path STDIN = Path.of("-");

  /** Standard input saved to a file, once, when {@code -} is an argument. */
  private Path stdinCopy;

  /**
   * Checks {@code -} by saving standard input to a temporary file; messages name it {@code -}.
   */
  private Function<Path, CheckResult> stdinAware(Function<Path, CheckResult> check) {
    if (!paths.contains(STDIN)) {
      return check;
    }
    try {
      Path dir = Files.createTempDirectory("ptx-litmus-stdin");
      stdinCopy = dir.resolve("stdin.litmus");
      Files.write(stdinCopy, System.in.readAllBytes());
      stdinCopy.toFile().deleteOnExit();
      dir.toFile().deleteOnExit();
    } catch (IOException e) {
      throw usage("cannot read standard input: " + e.getMessage());
    }
    Path copy = stdinCopy;
    return file -> check.apply(file.equals(STDIN) ? copy : file);
  }

  /** An outcome of {@code -} whose message names the temporary copy names {@code -} instead. */
  private TestOutcome renameStdin(TestOutcome outcome) {
    if (stdinCopy != null && outcome instanceof TestOutcome.Failed f && f.file().equals(STDIN)) {
      return new TestOutcome.Failed(STDIN, f.message().replace(stdinCopy.toString(), "-"));
    }
    return outcome;
  }

  private List<Path> collectFiles() {
    if (shard == null) {
      return collectFiles(paths, this::usage);
    }
    int[] kn = shardNumbers(); // a malformed --shard is a usage error before any file is read
    return collectFiles(paths, this::usage).stream()
        .filter(file -> inShard(relativeToArgument(file), kn))
        .collect(Collectors.toList());
  }

  /** {@code file} below the first directory argument holding it, else its file name. */
  private Path relativeToArgument(Path file) {
    for (Path path : paths) {
      Path dir = path.normalize();
      if (!path.equals(STDIN) && Files.isDirectory(path) && file.startsWith(dir)) {
        return dir.relativize(file);
      }
    }
    return file.getFileName() == null ? file : file.getFileName();
  }

  /**
   * Whether a test belongs to shard {@code kn[0]} of {@code kn[1]}: CRC-32 of its path
   * relative to its PATH argument, with {@code /} separators, modulo N equals K − 1. The choice
   * depends on that path alone, so it is the same on every machine and does not move when
   * other tests are added.
   */
  private static boolean inShard(Path relative, int[] kn) {
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

  /**
   * The argument files and the {@code *.litmus} files under the argument directories, in
   * argument order, each directory's files sorted, without repeats.
   *
   * @param usage makes the usage error for a missing path or an unreadable directory
   */
  static List<Path> collectFiles(List<Path> paths, Function<String, ParameterException> usage) {
    List<Path> files = new ArrayList<>();
    for (Path path : paths) {
      if (path.equals(STDIN)) {
        files.add(STDIN);
      } else if (Files.isDirectory(path)) {
        List<Path> found;
        try {
          found = LitmusFileTree.under(path);
        } catch (IOException | UncheckedIOException e) {
          throw usage.apply("cannot read directory " + path + ": " + IoMessages.reason(e));
        }
        if (found.isEmpty()) {
          // A typo'd or empty directory must not make a green run.
          throw usage.apply("no *.litmus files under " + path);
        }
        files.addAll(found);
      } else if (Files.isRegularFile(path)) {
        files.add(path);
      } else if (Files.exists(path)) {
        // A FIFO or device would block the run forever on its first read.
        throw usage.apply("not a regular file: " + path);
      } else {
        throw usage.apply("no such file or directory: " + path);
      }
    }
    return files.stream().map(Path::normalize).distinct().collect(Collectors.toList());
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
