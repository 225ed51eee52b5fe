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
import io.github.ptxlitmus.report.RunSummary;
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
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code ptx-litmus check PATH...}: checks litmus files and directories (walked recursively for
 * {@code *.litmus}, sorted) in parallel, prints a herd-style text or a JSON report in sorted
 * order, and optionally compares the answers with an expected-outcome CSV; with {@code
 * --explain} / {@code --dot} it also explains each test's outcome of interest (or named states)
 * and writes Graphviz files of the executions ({@link ExplainStep}); each result is compared
 * with its file's own oracle comments ({@link OwnExpectations}). {@code --decide} and {@code
 * --states} force the checker's decide or states mode (default: chosen by size). Exit code 0
 * when all is well, 1 on an undocumented expectation mismatch (the CSV's or the file's own) or
 * a file that could not be parsed or checked, 2 on a usage error. Never prints a stack trace: every failure of one
 * file becomes one line of the report. See {@code docs/cli.md}.
 */
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

  /** The command model ({@link CheckCommandSpec}), which sets it. */
  CommandSpec spec;

  // The options and parameters, filled by picocli; declared in CheckCommandSpec.
  List<Path> paths = new ArrayList<>();
  Path pathsFrom;
  final LimitOptions limits = new LimitOptions();
  String shard;
  Format format = Format.text;
  Boolean progress;
  Path expect;
  Path divergences;
  String modelName = "ptx";
  Path catFile;
  List<String> variants = new ArrayList<>();
  List<String> without = new ArrayList<>();
  boolean decide;
  boolean statesMode;
  boolean exhaustive;
  boolean allStates;
  List<Path> observedLogs = new ArrayList<>();
  boolean explain;
  List<String> explainStates = new ArrayList<>();
  Path dotDir;
  boolean svg;

  /** What {@code -} and {@code --paths-from -} read; tests set another stream. */
  java.io.InputStream stdin = System.in;

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
    Optional<java.io.BufferedReader> streamed = streamedPaths();
    if (streamed.isPresent()) {
      if (!observedLogs.isEmpty()) {
        throw usage("--observed needs the tests named as arguments, not read as they come");
      }
      return streamed(streamed.get(), options, explainStep, expectations);
    }
    if (!observedLogs.isEmpty() && format != Format.text) {
      throw usage("--observed prints text: drop --format " + format);
    }
    Optional<ObservedStep> observed = observedLogs.isEmpty() ? Optional.empty()
        : Optional.of(ObservedStep.read(observedLogs, this::usage));
    List<Path> files = collectFiles();
    // A shard's files may all lack rows (the rows name other shards' files): the rows are
    // required of the whole split's files.
    List<Path> split = shard().isEmpty() ? files : collectFiles(paths, this::usage);
    expectations.ifPresent(e -> requireSomeRow(e, split));
    TestRunner runner =
        new TestRunner(
            limits.threads(),
            LimitOptions.hardLimit(
                options, explainStep.isEmpty() ? 0 : Math.max(1, explainStates.size())),
            spec.commandLine().getErr(),
            showProgress());
    Function<Path, CheckResult> check = stdinAware(checkers.apply(options));
    OwnExpectations own =
        new OwnExpectations(file -> file.equals(STDIN) && stdinCopy != null ? stdinCopy : file,
            file -> runner.anotherSearch(file, options.timeLimit()), options);
    check = own.wrap(check);
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
          Optional<ExplainStep.Explained> e = finish(outcome, explainStep);
          outcomes.add(outcome);
          explained.add(e);
          if (format == Format.text) {
            out.print(ExplainedReport.textBlock(outcome, e, explain));
            out.flush();
          }
        });
    Optional<ExpectationReport> comparison = expectations.map(e -> e.compare(outcomes));
    List<Optional<List<String>>> ownProblems =
        outcomes.stream()
            .map(o -> o instanceof TestOutcome.Checked c ? own.of(c.file(), c.result())
                : Optional.<List<String>>empty())
            .collect(Collectors.toList());
    boolean condition = explainStates.isEmpty();
    out.print(
        switch (format) {
          case json -> ExplainedReport.json(
              outcomes, explained, comparison, divergenceSource, ownProblems,
              own.notCompared(), explain, condition, reportedShard(options));
          case junit -> JunitReport.render(
              "ptx-litmus", junitCases(outcomes, expectations, ownProblems));
          case text -> ExplainedReport.textTail(
              outcomes, comparison, divergenceSource, ownProblems, own.notCompared(),
              reportedShard(options));
        });
    out.flush();
    boolean explainFailed =
        explained.stream().anyMatch(e -> e.isPresent() && !e.get().problems().isEmpty());
    boolean observedFailed = observed.isPresent()
        && observed.get().report(outcomes, out, spec.commandLine().getErr());
    boolean ownFailed = ownProblems.stream().anyMatch(p -> p.isPresent() && !p.get().isEmpty());
    if (runner.ranOutOfMemory()) {
      return Main.USAGE_ERROR; // as for any run out of memory: one line per test, exit 2
    }
    return failed(outcomes, comparison, expectations) || explainFailed || ownFailed
        || observedFailed ? 1 : 0;
  }

  /**
   * The run over paths that arrive one a line: each checked and printed as soon as it is read
   * ({@link CheckStream}, {@link StreamedCheck}); a line that names no test is that line's
   * error, not the run's.
   */
  private int streamed(
      java.io.BufferedReader lines,
      CheckOptions options,
      Optional<ExplainStep> explainStep,
      Optional<Expectations> expectations) {
    Optional<Shard> part = reportedShard(options);
    CheckStream stream =
        new CheckStream(
            limits.threads(),
            LimitOptions.hardLimit(
                options, explainStep.isEmpty() ? 0 : Math.max(1, explainStates.size())));
    OwnExpectations own =
        new OwnExpectations(file -> file, file -> stream.anotherSearch(file, options.timeLimit()),
            options);
    Function<Path, CheckResult> check = own.wrap(checkers.apply(options));
    StreamedCheck report =
        new StreamedCheck(
            format, explain, explainStates.isEmpty(), spec.commandLine().getOut(),
            outcome -> finish(outcome, explainStep), expectations, part, own, divergenceSource);
    CheckStream.Counts counts;
    try {
      counts = stream.run(
          lines,
          (line, file) -> part.isEmpty() || part.get().contains(shardKey(line, file)),
          explainStep.isPresent() ? explainStep.get().wrap(check) : check,
          report::accept);
    } catch (java.io.UncheckedIOException e) { // unreadable, or not a list of paths
      throw usage((pathsFrom == null || pathsFrom.equals(STDIN) ? "standard input"
          : pathsFrom.toString()) + ": " + IoMessages.reason(e.getCause()));
    }
    if (counts.lines() == 0) {
      throw usage("no test paths in " + (pathsFrom == null || pathsFrom.equals(STDIN)
          ? "standard input" : pathsFrom.toString()));
    }
    int code = report.finish();
    if (expectations.isPresent() && part.isEmpty() && report.compared() == 0) {
      // As for PATH arguments, a CSV with a row for none of the tests is a usage error; the
      // results were printed as they came, so it is said at the end.
      PrintWriter err = spec.commandLine().getErr();
      err.println("ptx-litmus check: --expect: none of the " + counts.outcomes()
          + (counts.outcomes() == 1 ? " test has" : " tests have") + " a row in " + expect
          + " (its paths are relative to " + expectations.get().baseDir() + ")");
      err.flush();
      return Main.USAGE_ERROR;
    }
    return code;
  }

  /** What {@code --shard} hashes: the file below its directory argument, else its name. */
  static Path shardKey(Path argument, Path file) {
    Path dir = argument.normalize();
    if (Files.isDirectory(argument) && file.startsWith(dir) && !file.equals(dir)) {
      return dir.relativize(file);
    }
    return file.getFileName() == null ? file : file.getFileName();
  }

  /**
   * What follows a test's check before it is printed: its explanations and DOT files, and its
   * warnings on stderr.
   */
  Optional<ExplainStep.Explained> finish(TestOutcome outcome, Optional<ExplainStep> explainStep) {
    Optional<ExplainStep.Explained> e =
        outcome instanceof TestOutcome.Checked c && explainStep.isPresent()
            ? explainStep.get().finish(c.file(), c.result())
            : Optional.empty();
    // Dat3M-only forms that PTX does not allow (docs/litmus-format.md, "Validity rules").
    if (outcome instanceof TestOutcome.Checked c && !c.result().warnings().isEmpty()) {
      PrintWriter warnings = spec.commandLine().getErr();
      c.result().warnings().forEach(w -> warnings.println(w));
      warnings.flush();
    }
    return e;
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
  static List<JunitReport.Case> junitCases(
      List<TestOutcome> outcomes,
      Optional<Expectations> expectations,
      List<Optional<List<String>>> ownProblems) {
    List<JunitReport.Case> cases = new ArrayList<>();
    for (int i = 0; i < outcomes.size(); i++) {
      TestOutcome outcome = outcomes.get(i);
      List<String> problems = new ArrayList<>();
      if (outcome instanceof TestOutcome.Checked c) {
        expectations.ifPresent(e -> csvProblem(e, c).ifPresent(problems::add));
        ownProblems.get(i).ifPresent(problems::addAll);
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

  static Optional<String> listedDivergence(Expectations e, Path file) {
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
    if (!Files.isRegularFile(catFile)) {
      throw usage("--cat: " + (Files.exists(catFile) ? "not a regular file: " : "no such file: ")
          + catFile);
    }
    IoMessages.tooLarge(catFile).ifPresent(why -> {
      throw usage("--cat: " + why);
    });
    try {
      io.github.ptxlitmus.model.MemoryModel m =
          CatModels.load(catFile, variants, spec.commandLine().getErr());
      if (decide && m.partialModels().isEmpty()) {
        throw usage("--cat: " + catFile.getFileName() + " has flag tests, which only the"
            + " exhaustive search reports (states mode): drop --decide");
      }
      return m;
    } catch (io.github.ptxlitmus.cat.CatSyntaxException e) {
      throw usage("--cat: " + e.getMessage());
    }
  }

  /** What the divergence list used was called, for the report ({@code --expect} only). */
  private String divergenceSource = "";

  private Optional<Expectations> loadExpectations() {
    if (expect == null) {
      if (divergences != null) {
        throw usage("--divergences lists divergences from --expect: give --expect FILE.csv");
      }
      return Optional.empty();
    }
    requireRegularFile("--expect", expect);
    try {
      Expectations loaded;
      if (divergences != null) {
        requireRegularFile("--divergences", divergences);
        divergenceSource = divergences.toString();
        loaded = Expectations.load(expect, divergences);
      } else {
        // The installation's list was written for one corpus: it applies only to the expected
        // CSVs its applies-to lines name (by content digest), never to a user's own CSV.
        String name = catFile != null ? "cat-divergences.csv" : "divergences.csv";
        Optional<DefaultDivergences.Source> found = DefaultDivergences.find(name);
        divergenceSource = found.map(DefaultDivergences.Source::name)
            .orElse("none (no docs/" + name + " in this installation)");
        loaded = Expectations.load(
            expect, found.map(DefaultDivergences.Source::name).orElse(name),
            found.map(DefaultDivergences.Source::lines).orElse(List.of()), found.isPresent());
      }
      divergenceSource = loaded.divergenceNote().orElse(divergenceSource);
      if (!loaded.strayDivergences().isEmpty()) {
        PrintWriter err = spec.commandLine().getErr();
        loaded.strayDivergences().forEach(line -> err.println(line));
        err.flush();
      }
      return Optional.of(loaded);
    } catch (IOException e) {
      throw usage("--expect: cannot read " + expect + ": " + IoMessages.reason(e));
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }

  /** A usage error unless {@code file} is a regular file (a FIFO or device would block). */
  private void requireRegularFile(String option, Path file) {
    if (!Files.isRegularFile(file)) {
      throw usage(option + ": " + (Files.isDirectory(file) ? "a directory, not a CSV file: "
          : Files.exists(file) ? "not a regular file: " : "no such file: ") + file);
    }
  }

  /**
   * A usage error when no test of the run has a row in the {@code --expect} CSV: the paths are
   * relative to the CSV's directory, and a CSV placed elsewhere matches nothing.
   */
  private void requireSomeRow(Expectations e, List<Path> files) {
    if (files.stream().noneMatch(f -> e.relativePath(f).map(e.expected()::containsKey)
        .orElse(false))) {
      throw usage("--expect: none of the " + files.size() + (files.size() == 1 ? " test has"
          : " tests have") + " a row in " + expect + " (its paths are relative to "
          + e.baseDir() + ")");
    }
  }

  /** The argument {@code -}: one test read from standard input. */
  static final Path STDIN = Path.of("-");

  /** Standard input saved to a file, once, when {@code -} is an argument. */
  private Path stdinCopy;

  /** Standard input, read when {@code -} was the only PATH and held one test's text. */
  private byte[] stdinText;

  /**
   * The paths to check as they come: {@code --paths-from FILE} (or {@code -}), or {@code -}
   * as the only PATH when standard input lists paths ({@link StandardInput}). Empty for a run
   * over PATH arguments; {@code -} holding one test's text is then read into {@link
   * #stdinText}.
   */
  private Optional<java.io.BufferedReader> streamedPaths() {
    if (pathsFrom != null) {
      if (!paths.isEmpty()) {
        throw usage("--paths-from reads the paths to check: give no PATH arguments");
      }
      if (pathsFrom.equals(STDIN)) {
        return Optional.of(new java.io.BufferedReader(
            new java.io.InputStreamReader(stdin, java.nio.charset.StandardCharsets.UTF_8)));
      }
      if (Files.isDirectory(pathsFrom) || !Files.exists(pathsFrom)) {
        throw usage("--paths-from: " + (Files.isDirectory(pathsFrom)
            ? "a directory, not a file of paths: " : "no such file: ") + pathsFrom);
      }
      try { // a named pipe is fine here: it is read line by line, as standard input is
        return Optional.of(
            Files.newBufferedReader(pathsFrom, java.nio.charset.StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw usage("--paths-from: cannot read " + pathsFrom + ": " + IoMessages.reason(e));
      }
    }
    if (paths.isEmpty()) {
      throw usage("Missing required parameter: 'PATH'");
    }
    if (!paths.equals(List.of(STDIN))) {
      return Optional.empty();
    }
    StandardInput in;
    try {
      in = StandardInput.read(stdin).orElseThrow(() -> usage(
          "standard input is empty: pipe one test's text, or test paths one a line"));
    } catch (IOException e) {
      throw usage("cannot read standard input: " + IoMessages.reason(e));
    }
    if (in instanceof StandardInput.Paths p) {
      return Optional.of(p.lines());
    }
    stdinText = ((StandardInput.Text) in).bytes();
    return Optional.empty();
  }

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
      Files.write(stdinCopy, stdinText != null ? stdinText
          : io.github.ptxlitmus.litmus.TextFiles.readBytes(stdin, "standard input"));
      stdinCopy.toFile().deleteOnExit();
      dir.toFile().deleteOnExit();
    } catch (IOException e) {
      throw usage("cannot read standard input: " + IoMessages.reason(e));
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
    Optional<Shard> part = shard(); // a malformed --shard is a usage error before any file is read
    if (part.isEmpty()) {
      return collectFiles(paths, this::usage);
    }
    return collectFiles(paths, this::usage).stream()
        .filter(file -> part.get().contains(relativeToArgument(file)))
        .collect(Collectors.toList());
  }

  /** {@code file} below the first directory argument holding it, else its file name. */
  private Path relativeToArgument(Path file) {
    for (Path path : paths) {
      if (!path.equals(STDIN) && Files.isDirectory(path) && file.startsWith(path.normalize())) {
        return shardKey(path, file);
      }
    }
    return shardKey(file, file);
  }

  /** {@code --shard}, read; a malformed value is a usage error. */
  Optional<Shard> shard() {
    try {
      return shard == null ? Optional.empty() : Optional.of(Shard.parse(shard));
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }

  /**
   * {@code --shard} as the reports name it: with the identity of this run ({@link
   * RunIdentity}), so that {@code merge} joins only shards of one run.
   */
  private Optional<Shard> reportedShard(CheckOptions options) {
    return shard().map(s -> s.ofRun(RunIdentity.of(List.of(
        "command=check", "model=" + modelName, "cat=" + RunIdentity.file(catFile),
        "variants=" + RunIdentity.set(variants), "without=" + RunIdentity.set(without),
        "mode=" + options.mode() + (allStates ? " all-states" : ""),
        "bound=" + options.loopBound() + (options.fixedLoopBound() ? " fixed" : ""),
        "timeout=" + options.timeLimit().toMillis(), "candidates=" + options.candidateLimit(),
        "expect=" + RunIdentity.file(expect),
        "divergences=" + (divergences == null ? "default" : RunIdentity.file(divergences)),
        "paths=" + RunIdentity.paths(paths),
        "paths-from=" + RunIdentity.file(pathsFrom),
        "shards=" + s.n()))));
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

  ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
