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
      CompareCommand.class,
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
    System.exit(commandLine().execute(args));
  }

  /**
   * The command line with our conventions: a usage error prints one line and a hint (not the
   * whole usage) and exits 2; an unexpected exception prints one line and exits 1, never a
   * stack trace.
   *
   * @return a fresh command line
   */
  public static CommandLine commandLine() {
    CommandLine cmd = new CommandLine(new Main());
    cmd.setParameterExceptionHandler(Main::usageError);
    cmd.setExecutionExceptionHandler(
        (e, line, parsed) -> {
          line.getErr().println("ptx-litmus: internal error: " + e);
          line.getErr().flush();
          return 1;
        });
    return cmd;
  }

  /** {@code ptx-litmus check: <message>} and a hint naming the command's --help. */
  private static int usageError(CommandLine.ParameterException e, String[] args) {
    CommandLine cmd = e.getCommandLine();
    java.io.PrintWriter err = cmd.getErr();
    String name = cmd.getCommandSpec().qualifiedName();
    String message = e.getMessage() == null ? "usage error" : e.getMessage().strip();
    err.println(name + ": " + message.replaceAll("\\s*\\R\\s*", " "));
    CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
    err.println("Try '" + name + " --help' for more information.");
    err.flush();
    return USAGE_ERROR;
  }

  /** Without a subcommand: a usage error (picocli prints the usage). */
  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "Missing required subcommand");
  }
}
