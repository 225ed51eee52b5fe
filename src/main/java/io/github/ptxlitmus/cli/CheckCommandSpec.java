package io.github.ptxlitmus.cli;

import static io.github.ptxlitmus.cli.CommandModel.flag;
import static io.github.ptxlitmus.cli.CommandModel.listOption;
import static io.github.ptxlitmus.cli.CommandModel.option;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The options and parameters of {@code ptx-litmus check}, declared in code ({@link
 * CommandModel}: no annotations to read at start-up), each bound to its field of {@link
 * CheckCommand}. What each one does is {@link CheckCommand}'s; {@code docs/cli.md} is the
 * user's page.
 */
final class CheckCommandSpec {
  private CheckCommandSpec() {}

  /** The command model of {@code c}, which it also sets as {@code c.spec}. */
  static CommandSpec of(CheckCommand c) {
    CommandModel.Fields fields = new Fields(c);
    CommandSpec spec = CommandModel.command(c, "check",
        "Check litmus tests under the PTX memory model and report allowed final states.");
    Map<String, String> codes = new LinkedHashMap<>();
    codes.put("0", "every file checked; every file's own (* expect ... *) comments met; no"
        + " undocumented mismatch with --expect");
    codes.put("1", "a file failed to parse or check, a file's own expect comments are not met,"
        + " an undocumented --expect mismatch, or an explanation, DOT file or SVG failed (in"
        + " every format)");
    codes.put("2", "usage error (bad option, missing path or CSV, malformed CSV, a CSV with a"
        + " row for none of the tests)");
    CommandModel.exitCodes(spec, codes);

    spec.addPositional(CommandModel.positionals(Path.class, fields)
        .arity("0..*")
        .paramLabel("PATH")
        .description(
            "Litmus files or directories (searched recursively for *.litmus). '-' alone reads"
                + " standard input: one test's text (it begins with 'PTX' or a comment), else"
                + " test paths, one a line, each result printed as soon as it is decided.")
        .build());
    spec.addOption(option(Path.class, fields, "--paths-from")
        .paramLabel("FILE")
        .description(
            "Read test paths from FILE ('-': standard input), one a line, and print each result"
                + " as soon as it is decided (JSON: one object a line). Without PATH arguments.")
        .build());
    c.limits.addTo(spec);
    spec.addOption(option(String.class, fields, "--shard")
        .paramLabel("K/N")
        .description(
            "Check only shard K of N (1 <= K <= N): a stable 1/N of the tests, chosen by a hash"
                + " of each file's path below its PATH argument, so --shard 1/N .. N/N on N"
                + " machines check every test exactly once.")
        .build());
    spec.addOption(option(CheckCommand.Format.class, fields, "--format")
        .paramLabel("FORMAT")
        .description(
            "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}: herd7's log"
                + " format, streamed test by test; junit: JUnit XML for CI servers).")
        .build());
    spec.addOption(flag(Boolean.class, fields, "--progress")
        .negatable(true)
        .description(
            "Draw a progress line on stderr (default: when stderr is a terminal and more than 5"
                + " tests run).")
        .build());
    spec.addOption(option(Path.class, fields, "--expect")
        .paramLabel("FILE.csv")
        .description("Compare with expected outcomes (CSV rows 'path,1|0').")
        .build());
    spec.addOption(option(Path.class, fields, "--divergences")
        .paramLabel("FILE.csv")
        .description(
            "Known divergences from --expect: lines 'path,reason' (default: the project's"
                + " docs/divergences.csv, docs/cat-divergences.csv with --cat, from the"
                + " installation or built into the jar; the report names the one used).")
        .build());
    spec.addOption(option(String.class, fields, "--model")
        .paramLabel("NAME")
        .description(
            "Model variant: ptx (the spec, default), dat3m-v7.5, dat3m-v6.0 (docs/model.md).")
        .build());
    spec.addOption(option(Path.class, fields, "--cat")
        .paramLabel("FILE.cat")
        .description(
            "Judge candidates with this cat model instead of the built-in one (both searches;"
                + " a model with flag tests runs only exhaustively, in states mode;"
                + " --divergences defaults to the project's docs/cat-divergences.csv).")
        .build());
    spec.addOption(listOption(String.class, fields, "--variant")
        .paramLabel("NAME")
        .description(
            "Set a variant of the --cat model (herd's -variant: 'if \"NAME\" ... else ... end'"
                + " takes its first branch); repeatable.")
        .build());
    spec.addOption(listOption(String.class, fields, "--without")
        .paramLabel("AXIOM")
        .description(
            "Switch an axiom off (repeatable): Coherence, Fence-SC, Atomicity, No-Thin-Air,"
                + " SC-per-Location, Causality (case-insensitive).")
        .build());
    spec.addOption(flag(boolean.class, fields, "--decide")
        .description(
            "Decide only the condition with the pruned search, stopping at the first witness"
                + " (flag 'decided'); the states listed are witnesses only.")
        .build());
    spec.addOption(flag(boolean.class, fields, "--states")
        .description(
            "List every allowed state, exactly, however large the test (the exhaustive search"
                + " for small tests, the pruned search's states mode for large ones)."
                + " Default: states mode for small tests, decide mode for large ones.")
        .build());
    spec.addOption(flag(boolean.class, fields, "--exhaustive")
        .description(
            "List every allowed state with the exhaustive search whatever the test's size"
                + " (herd's execution counts; the oracle the pruned search is checked against).")
        .build());
    spec.addOption(flag(boolean.class, fields, "--all-states")
        .description(
            "List every register and location in the states, not only those observed.")
        .build());
    spec.addOption(listOption(Path.class, fields, "--observed")
        .paramLabel("LOG")
        .arity("1") // one log an occurrence: a test path after it stays a path
        .description(
            "Judge the final states these logs observed (herd's format: the cuda command's"
                + " programs, litmus7 and other testers) against the checked tests of the same"
                + " name; an observed state the model forbids is reported with its explanation"
                + " and fails the run. One log an occurrence (repeatable). Text format only.")
        .build());
    spec.addOption(flag(boolean.class, fields, "--explain")
        .description(
            "After each test, explain the outcome of interest: the axioms that forbid it, or"
                + " one witness execution.")
        .build());
    spec.addOption(listOption(String.class, fields, "--explain-state")
        .paramLabel("STATE")
        .description(
            "Explain this state instead (repeatable; implies --explain), e.g."
                + " 'P1:r0=1; P1:r1=0;' or 'P1:r0 == 1 /\\ x == 2'.")
        .build());
    spec.addOption(option(Path.class, fields, "--dot")
        .paramLabel("DIR")
        .description(
            "Write Graphviz DOT files of the witness or of each counterexample group into DIR.")
        .build());
    spec.addOption(flag(boolean.class, fields, "--svg")
        .description("With --dot: also render each DOT file as SVG with Graphviz 'dot'.")
        .build());
    c.spec = spec;
    return spec;
  }

  /** The fields of {@link CheckCommand} by option name. */
  private static final class Fields implements CommandModel.Fields {
    private final CheckCommand c;

    Fields(CheckCommand c) {
      this.c = c;
    }

    @Override
    public Object get(String key) {
      return switch (key) {
        case CommandModel.POSITIONALS -> c.paths;
        case "--paths-from" -> c.pathsFrom;
        case "--shard" -> c.shard;
        case "--format" -> c.format;
        case "--progress" -> c.progress;
        case "--expect" -> c.expect;
        case "--divergences" -> c.divergences;
        case "--model" -> c.modelName;
        case "--cat" -> c.catFile;
        case "--variant" -> c.variants;
        case "--without" -> c.without;
        case "--decide" -> c.decide;
        case "--states" -> c.statesMode;
        case "--exhaustive" -> c.exhaustive;
        case "--all-states" -> c.allStates;
        case "--observed" -> c.observedLogs;
        case "--explain" -> c.explain;
        case "--explain-state" -> c.explainStates;
        case "--dot" -> c.dotDir;
        case "--svg" -> c.svg;
        default -> throw new IllegalArgumentException("no field for " + key);
      };
    }

    @Override
    @SuppressWarnings("unchecked")
    public void set(String key, Object v) {
      switch (key) {
        case CommandModel.POSITIONALS -> c.paths = (List<Path>) v;
        case "--paths-from" -> c.pathsFrom = (Path) v;
        case "--shard" -> c.shard = (String) v;
        case "--format" -> c.format = (CheckCommand.Format) v;
        case "--progress" -> c.progress = (Boolean) v;
        case "--expect" -> c.expect = (Path) v;
        case "--divergences" -> c.divergences = (Path) v;
        case "--model" -> c.modelName = (String) v;
        case "--cat" -> c.catFile = (Path) v;
        case "--variant" -> c.variants = (List<String>) v;
        case "--without" -> c.without = (List<String>) v;
        case "--decide" -> c.decide = (Boolean) v;
        case "--states" -> c.statesMode = (Boolean) v;
        case "--exhaustive" -> c.exhaustive = (Boolean) v;
        case "--all-states" -> c.allStates = (Boolean) v;
        case "--observed" -> c.observedLogs = (List<Path>) v;
        case "--explain" -> c.explain = (Boolean) v;
        case "--explain-state" -> c.explainStates = (List<String>) v;
        case "--dot" -> c.dotDir = (Path) v;
        case "--svg" -> c.svg = (Boolean) v;
        default -> throw new IllegalArgumentException("no field for " + key);
      }
    }
  }
}
