package io.github.ptxlitmus.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code ptx-litmus} command. Subcommands are listed in {@code subcommands}; adding one is
 * a one-line change. Exit codes: 0 success, 1 a test failed, 2 usage error (unknown option,
 * missing argument or subcommand).
 */
@Command(
    name = "ptx-litmus",
    mixinStandardHelpOptions = true,
    version = "ptx-litmus 0.1.0",
    description = "Checks litmus tests under the NVIDIA PTX memory consistency model.",
    exitCodeOnInvalidInput = Main.USAGE_ERROR,
    exitCodeOnExecutionException = 1,
    subcommands = {
      ParseCommand.class,
      CheckCommand.class,
      GenerateCommand.class,
      BenchCommand.class,
      DiyCommand.class,
      CatalogueCommand.class,
    })
public final class Main implements Runnable {
  /** Exit code for command-line usage errors. */
  public static final int USAGE_ERROR = 2;

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  /** Runs the command line and exits with its code. */
  public static void main(String[] args) {
    System.exit(new CommandLine(new Main()).execute(args));
  }

  /** Without a subcommand: a usage error (picocli prints the usage). */
  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "Missing required subcommand");
  }
}
