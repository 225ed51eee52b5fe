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

    spec.addPositional(CommandModel.<List<Path>>positionals(Path.class, () -> c.paths,
            v -> c.paths = v)
        .arity("0..*")
        .paramLabel("PATH")
        .description(
            "Litmus files or directories (searched recursively for *.litmus). '-' alone reads"
                + " standard input: one test's text (it begins with 'PTX' or a comment), else"
                + " test paths, one a line, each result printed as soon as it is decided.")
        .build());
    spec.addOption(CommandModel.<Path>option(Path.class, () -> c.pathsFrom,
            v -> c.pathsFrom = v, "--paths-from")
        .paramLabel("FILE")
        .description(
            "Read test paths from FILE ('-': standard input), one a line, and print each result"
                + " as soon as it is decided (JSON: one object a line). Without PATH arguments.")
        .build());
    c.limits.addTo(spec);
    spec.addOption(CommandModel.<String>option(String.class, () -> c.shard, v -> c.shard = v,
            "--shard")
        .paramLabel("K/N")
        .description(
            "Check only shard K of N (1 <= K <= N): a stable 1/N of the tests, chosen by a hash"
                + " of each file's path below its PATH argument, so --shard 1/N .. N/N on N"
                + " machines check every test exactly once.")
        .build());
    spec.addOption(CommandModel.<CheckCommand.Format>option(CheckCommand.Format.class,
            () -> c.format, v -> c.format = v, "--format")
        .paramLabel("FORMAT")
        .description(
            "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}: herd7's log"
                + " format, streamed test by test; junit: JUnit XML for CI servers).")
        .build());
    spec.addOption(flag(Boolean.class, () -> c.progress, v -> c.progress = v, "--progress")
        .negatable(true)
        .description(
            "Draw a progress line on stderr (default: when stderr is a terminal and more than 5"
                + " tests run).")
        .build());
    spec.addOption(CommandModel.<Path>option(Path.class, () -> c.expect, v -> c.expect = v,
            "--expect")
        .paramLabel("FILE.csv")
        .description("Compare with expected outcomes (CSV rows 'path,1|0').")
        .build());
    spec.addOption(CommandModel.<Path>option(Path.class, () -> c.divergences,
            v -> c.divergences = v, "--divergences")
        .paramLabel("FILE.csv")
        .description(
            "Known divergences from --expect: lines 'path,reason' (default: the project's"
                + " docs/divergences.csv, docs/cat-divergences.csv with --cat, from the"
                + " installation or built into the jar; the report names the one used).")
        .build());
    spec.addOption(CommandModel.<String>option(String.class, () -> c.modelName,
            v -> c.modelName = v, "--model")
        .paramLabel("NAME")
        .description(
            "Model variant: ptx (the spec, default), dat3m-v7.5, dat3m-v6.0 (docs/model.md).")
        .build());
    spec.addOption(CommandModel.<Path>option(Path.class, () -> c.catFile, v -> c.catFile = v,
            "--cat")
        .paramLabel("FILE.cat")
        .description(
            "Judge candidates with this cat model instead of the built-in one (both searches;"
                + " a model with flag tests runs only exhaustively, in states mode;"
                + " --divergences defaults to the project's docs/cat-divergences.csv).")
        .build());
    spec.addOption(CommandModel.<List<String>>listOption(String.class, () -> c.variants,
            v -> c.variants = v, "--variant")
        .paramLabel("NAME")
        .description(
            "Set a variant of the --cat model (herd's -variant: 'if \"NAME\" ... else ... end'"
                + " takes its first branch); repeatable.")
        .build());
    spec.addOption(CommandModel.<List<String>>listOption(String.class, () -> c.without,
            v -> c.without = v, "--without")
        .paramLabel("AXIOM")
        .description(
            "Switch an axiom off (repeatable): Coherence, Fence-SC, Atomicity, No-Thin-Air,"
                + " SC-per-Location, Causality (case-insensitive).")
        .build());
    spec.addOption(flag(boolean.class, () -> c.decide, v -> c.decide = v, "--decide")
        .description(
            "Decide only the condition with the pruned search, stopping at the first witness"
                + " (flag 'decided'); the states listed are witnesses only.")
        .build());
    spec.addOption(flag(boolean.class, () -> c.statesMode, v -> c.statesMode = v, "--states")
        .description(
            "List every allowed state, exactly, however large the test (the exhaustive search"
                + " for small tests, the pruned search's states mode for large ones)."
                + " Default: states mode for small tests, decide mode for large ones.")
        .build());
    spec.addOption(flag(boolean.class, () -> c.exhaustive, v -> c.exhaustive = v,
            "--exhaustive")
        .description(
            "List every allowed state with the exhaustive search whatever the test's size"
                + " (herd's execution counts; the oracle the pruned search is checked against).")
        .build());
    spec.addOption(flag(boolean.class, () -> c.allStates, v -> c.allStates = v, "--all-states")
        .description(
            "List every register and location in the states, not only those observed.")
        .build());
    spec.addOption(CommandModel.<List<Path>>listOption(Path.class, () -> c.observedLogs,
            v -> c.observedLogs = v, "--observed")
        .paramLabel("LOG")
        .arity("1..*")
        .description(
            "Judge the final states these logs observed (herd's format: the cuda command's"
                + " programs, litmus7 and other testers) against the checked tests of the same"
                + " name; an observed state the model forbids is reported with its explanation"
                + " and fails the run. Text format only.")
        .build());
    spec.addOption(flag(boolean.class, () -> c.explain, v -> c.explain = v, "--explain")
        .description(
            "After each test, explain the outcome of interest: the axioms that forbid it, or"
                + " one witness execution.")
        .build());
    spec.addOption(CommandModel.<List<String>>listOption(String.class, () -> c.explainStates,
            v -> c.explainStates = v, "--explain-state")
        .paramLabel("STATE")
        .description(
            "Explain this state instead (repeatable; implies --explain), e.g."
                + " 'P1:r0=1; P1:r1=0;' or 'P1:r0 == 1 /\\ x == 2'.")
        .build());
    spec.addOption(CommandModel.<Path>option(Path.class, () -> c.dotDir, v -> c.dotDir = v,
            "--dot")
        .paramLabel("DIR")
        .description(
            "Write Graphviz DOT files of the witness or of each counterexample group into DIR.")
        .build());
    spec.addOption(flag(boolean.class, () -> c.svg, v -> c.svg = v, "--svg")
        .description("With --dot: also render each DOT file as SVG with Graphviz 'dot'.")
        .build());
    c.spec = spec;
    return spec;
  }
}
