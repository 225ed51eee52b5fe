package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.cat.CatSyntaxException;
import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.ModelComparison;
import io.github.ptxlitmus.report.TestOutcome;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ptx-litmus compare --model A --model B PATH...}: checks every litmus file under two
 * memory models (built-in variant names or cat files) in states mode and prints, per test that
 * differs, the states one model allows and the other forbids, then a summary table. Exit code 0
 * when every test was compared (whether or not the models differ), 1 when a check failed or hit
 * a limit, 2 on a usage error (unknown model, cat file not accepted). See {@code docs/cli.md}.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = "Compare two memory models (built-in names or cat files) on litmus tests.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:every test compared under both models",
      "1:a test could not be checked under a model (error or limit)",
      "2:usage error (not two models, unknown model, cat file not accepted, missing path)"
    },
    modelTransformer = CompareCommand.WithLimits.class)
public final class CompareCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "PATH",
      description = "Litmus files or directories (searched recursively for *.litmus).")
  private List<Path> paths = new ArrayList<>();

  @Option(
      names = "--model",
      paramLabel = "MODEL",
      required = true,
      description =
          "A model, given twice: a built-in name (ptx, dat3m-v7.5, dat3m-v6.0) or a cat file.")
  private List<String> models = new ArrayList<>();

  @Option(
      names = "--variant",
      paramLabel = "NAME",
      description = "Set a variant of the cat models among --model (herd's -variant); repeatable.")
  private List<String> variants = new ArrayList<>();

  private final LimitOptions limits = new LimitOptions();

  /**
   * Adds the {@link LimitOptions} (declared in code) to the command as picocli builds it; once,
   * though picocli applies the transformer again when the command becomes a subcommand.
   */
  static final class WithLimits implements CommandLine.IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
      if (spec.findOption("--timeout") == null) {
        ((CompareCommand) spec.userObject()).limits.addTo(spec);
      }
      return spec;
    }
  }

  @Option(
      names = "--all-states",
      description = "Compare every register and location, not only those the condition names.")
  private boolean allStates;

  @Override
  public Integer call() {
    if (models.size() != 2) {
      throw usage("--model must be given exactly twice, got " + models.size());
    }
    CheckOptions options = options();
    ModelComparison.Side a = side(models.get(0), options);
    ModelComparison.Side b = side(models.get(1), options);
    List<Path> files = CheckCommand.collectFiles(paths, this::usage);
    TestRunner runner = new TestRunner(limits.threads(), LimitOptions.hardLimit(options),
        spec.commandLine().getErr(), System.console() != null);
    List<TestOutcome> ra = runner.run(files, a.checker());
    List<TestOutcome> rb = runner.run(files, b.checker());
    List<Optional<CheckResult>> resultsA = new ArrayList<>();
    List<Optional<CheckResult>> resultsB = new ArrayList<>();
    List<Optional<String>> errors = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      resultsA.add(result(ra.get(i)));
      resultsB.add(result(rb.get(i)));
      TestOutcome ob = rb.get(i);
      errors.add(error(a.name(), ra.get(i)).or(() -> error(b.name(), ob)));
    }
    ModelComparison c = ModelComparison.of(a.name(), b.name(), files, resultsA, resultsB, errors);
    PrintWriter out = spec.commandLine().getOut();
    out.print(text(c));
    out.flush();
    if (runner.ranOutOfMemory()) {
      return Main.USAGE_ERROR; // as for any run out of memory: one line per test, exit 2
    }
    return c.notCompared() > 0 ? 1 : 0;
  }

  private static Optional<CheckResult> result(TestOutcome o) {
    return o instanceof TestOutcome.Checked c ? Optional.of(c.result()) : Optional.empty();
  }

  private static Optional<String> error(String model, TestOutcome o) {
    return o instanceof TestOutcome.Failed f ? Optional.of(model + ": " + f.message())
        : Optional.empty();
  }

  /** The report: one block per differing or uncompared test, then the summary table. */
  static String text(ModelComparison c) {
    StringBuilder s = new StringBuilder();
    int width = Math.max(c.nameA().length(), c.nameB().length());
    for (ModelComparison.TestComparison t : c.tests()) {
      if (t.problem().isPresent()) {
        s.append("Test ").append(t.name()).append(": not compared: ")
            .append(t.problem().get()).append('\n');
        continue;
      }
      if (!t.differs()) {
        continue;
      }
      s.append("Test ").append(t.name()).append(" (").append(t.file()).append(")\n");
      states(s, "only " + pad(c.nameA(), width), t.onlyA());
      states(s, "only " + pad(c.nameB(), width), t.onlyB());
      s.append("  condition: ").append(c.nameA()).append(' ').append(word(t.a().orElseThrow()))
          .append(", ").append(c.nameB()).append(' ').append(word(t.b().orElseThrow()))
          .append('\n');
    }
    s.append('\n').append("Compare ").append(c.nameA()).append(" vs ").append(c.nameB())
        .append('\n');
    row(s, "tests", c.tests().size());
    row(s, "tests compared", c.compared());
    row(s, "tests that differ", c.differing());
    row(s, "tests with states only " + c.nameA() + " allows", c.testsOnlyA());
    row(s, "tests with states only " + c.nameB() + " allows", c.testsOnlyB());
    row(s, "states only " + c.nameA() + " allows", c.statesOnlyA());
    row(s, "states only " + c.nameB() + " allows", c.statesOnlyB());
    row(s, "tests whose condition verdict differs", c.conditionDiffers());
    row(s, "tests not compared", c.notCompared());
    return s.toString();
  }

  private static String word(CheckResult r) {
    return r.conditionHolds() ? "Ok" : "No";
  }

  private static void states(StringBuilder s, String label, List<FinalState> states) {
    for (FinalState st : states) {
      s.append("  ").append(label).append(": ").append(st).append('\n');
    }
  }

  private static void row(StringBuilder s, String label, int value) {
    s.append(String.format("  %-50s %6d%n", label, value));
  }

  private static String pad(String x, int width) {
    return x + " ".repeat(width - x.length());
  }

  private CheckOptions options() {
    return limits.apply(
        CheckOptions.defaults().withAllStates(allStates).withMode(CheckOptions.Mode.STATES),
        this::usage);
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }

  private ModelComparison.Side side(String model, CheckOptions options) {
    IoMessages.tooLarge(Path.of(model)).ifPresent(why -> {
      throw usage("--model: " + why);
    });
    try {
      if (ModelComparison.isCatFile(model)) {
        return ModelComparison.Side.of(
            CatModels.load(Path.of(model), variants, spec.commandLine().getErr()), options);
      }
      return ModelComparison.Side.of(model, options);
    } catch (IllegalArgumentException | CatSyntaxException e) {
      throw usage("--model: " + e.getMessage());
    }
  }
}
