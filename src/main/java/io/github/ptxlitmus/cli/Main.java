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
      CatBindingsCommand.class,
    })
public final class Main implements Runnable {
  /** Exit code for command-line usage errors. */
  public static final int USAGE_ERROR = 2;

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  /**
   * The stack of the threads that parse, check and print (bytes, reserved, committed only as
   * used): the search recurses once per write it orders and the reports once per term of a
   * condition, so a thread of thousands of stores or a condition of thousands of terms needs
   * more than the JVM's default of about 1 MB.
   */
  static final long STACK_BYTES = 512L << 20;

  /** Runs the command line and exits with its code. */
  public static void main(String[] args) throws InterruptedException {
    System.exit(execute(commandLine(), args));
  }

  /**
   * Executes {@code cmd} on a thread with a stack of {@link #STACK_BYTES} and waits for it.
   *
   * @return the exit code
   * @throws InterruptedException when the calling thread is interrupted while waiting
   */
  static int execute(CommandLine cmd, String[] args) throws InterruptedException {
    int[] code = {1};
    Thread worker = new Thread(null, () -> code[0] = cmd.execute(args), "ptx-litmus",
        STACK_BYTES);
    worker.start();
    worker.join();
    return code[0];
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
