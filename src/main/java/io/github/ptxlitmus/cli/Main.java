package io.github.ptxlitmus.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The {@code ptx-litmus} command. Subcommands are listed in {@link #SUBCOMMANDS} and made by
 * {@link #subcommand}. Exit codes: 0 success, 1 a test failed, 2 usage error (unknown option,
 * missing argument or subcommand) or the JVM out of memory or stack. Arguments are taken as
 * written: picocli's {@code @file} expansion is off.
 *
 * <p>Start-up: building a picocli command from its annotations costs tens of milliseconds (the
 * JDK generates a proxy class per annotation type, at run time), so the tool's own command and
 * {@code check}, the command of every scripted call, are built in code ({@link CommandModel},
 * {@link CheckCommandSpec}), and {@link #main} builds only the subcommand its first argument
 * names (all of them for anything else: {@code --help}, a typo to suggest a name for).
 */
public final class Main implements Runnable {
  /** The subcommands' names, in the order {@code --help} lists them. */
  private static final List<String> SUBCOMMANDS = List.of("parse", "check", "compare",
      "generate", "bench", "diy", "catalogue", "cat-bindings", "merge", "ptx", "cuda");

  /**
   * The subcommand called {@code name}, one of {@link #SUBCOMMANDS}; a switch rather than a map
   * of factories, so that a start links no lambda per subcommand it does not run.
   */
  private static CommandSpec subcommand(String name) {
    return switch (name) {
      case "parse" -> annotated(new ParseCommand());
      case "check" -> CheckCommandSpec.of(new CheckCommand());
      case "compare" -> annotated(new CompareCommand());
      case "generate" -> annotated(new GenerateCommand());
      case "bench" -> annotated(new BenchCommand());
      case "diy" -> annotated(new DiyCommand());
      case "catalogue" -> annotated(new CatalogueCommand());
      case "cat-bindings" -> annotated(new CatBindingsCommand());
      case "merge" -> annotated(new MergeCommand());
      case "ptx" -> annotated(new PtxCommand());
      case "cuda" -> annotated(new CudaCommand());
      default -> throw new IllegalArgumentException("no subcommand " + name);
    };
  }

  private static CommandSpec annotated(Object command) {
    return CommandSpec.forAnnotatedObject(command);
  }

  /**
   * The {@code ptx-litmus} command with its subcommands: every one ({@code only} null), or
   * only {@code only}.
   */
  private static CommandSpec spec(String only) {
    Main main = new Main();
    main.spec = CommandModel.command(main, "ptx-litmus",
            "Checks litmus tests under the NVIDIA PTX memory consistency model.")
        .version("ptx-litmus 0.1.0")
        .exitCodeOnInvalidInput(USAGE_ERROR)
        .exitCodeOnExecutionException(1);
    for (String name : SUBCOMMANDS) {
      if (only == null || only.equals(name)) {
        main.spec.addSubcommand(name, subcommand(name));
      }
    }
    return main.spec;
  }

  /** Exit code for command-line usage errors. */
  public static final int USAGE_ERROR = 2;

  private CommandSpec spec;

  /**
   * The stack of the threads that parse, check and print (bytes, reserved, committed only as
   * used): the search recurses once per write it orders and the reports once per term of a
   * condition, so a thread of thousands of stores or a condition of thousands of terms needs
   * more than the JVM's default of about 1 MB.
   */
  static final long STACK_BYTES = 512L << 20;

  /** Runs the command line and exits with its code. */
  public static void main(String[] args) throws InterruptedException {
    // picocli registers converters for the java.time and java.sql types by initialising those
    // classes (java.time.MonthDay's formatters alone: about 20 ms of every start); no option
    // here has such a type. A value given with -D wins.
    if (System.getProperty(CONVERTER_EXCLUDES) == null) {
      System.setProperty(CONVERTER_EXCLUDES, "java\\.(time|sql)\\..*");
    }
    System.exit(execute(commandLine(args), args));
  }

  /** picocli's system property: regular expressions of built-in converters not to register. */
  private static final String CONVERTER_EXCLUDES = "picocli.converters.excludes";

  /**
   * Executes {@code cmd} on a thread with a stack of {@link #STACK_BYTES} and waits for it.
   *
   * @return the exit code
   * @throws InterruptedException when the calling thread is interrupted while waiting
   */
  static int execute(CommandLine cmd, String[] args) throws InterruptedException {
    int[] code = {1};
    Thread worker = new Thread(null, () -> code[0] = executeOrExplain(cmd, args), "ptx-litmus",
        STACK_BYTES);
    worker.start();
    worker.join();
    return code[0];
  }

  /**
   * {@code cmd.execute(args)}; the JVM's own limits (heap, stack) end the command with one line
   * on stderr and exit code 2, never a stack trace: picocli handles exceptions, not errors.
   */
  private static int executeOrExplain(CommandLine cmd, String[] args) {
    try {
      return cmd.execute(args);
    } catch (OutOfMemoryError e) {
      return resourceError(cmd, "out of memory (the Java heap is at most "
          + (Runtime.getRuntime().maxMemory() >> 20) + " MB; give more with"
          + " PTX_LITMUS_JAVA_OPTS=-Xmx8g, or check fewer or smaller tests at once)");
    } catch (StackOverflowError e) {
      return resourceError(cmd, "stack overflow (an input nested too deeply)");
    }
  }

  private static int resourceError(CommandLine cmd, String message) {
    java.io.PrintWriter err = cmd.getErr();
    err.println("ptx-litmus: " + message);
    err.flush();
    return USAGE_ERROR;
  }

  /**
   * The command line with our conventions: a usage error prints one line and a hint (not the
   * whole usage) and exits 2; an unexpected exception prints one line and exits 1, never a
   * stack trace.
   *
   * @return a fresh command line
   */
  public static CommandLine commandLine() {
    return withConventions(new CommandLine(spec(null)));
  }

  /**
   * The command line for these arguments: as {@link #commandLine()}, but when the first
   * argument names a subcommand, only that one is built (the others are never reached).
   *
   * @param args the command-line arguments
   * @return a fresh command line
   */
  static CommandLine commandLine(String... args) {
    if (args.length == 0 || !SUBCOMMANDS.contains(args[0])) {
      return commandLine();
    }
    return withConventions(new CommandLine(spec(args[0])));
  }

  private static CommandLine withConventions(CommandLine cmd) {
    // No @file expansion: '@/dev/zero' would be read forever, and litmus paths never need it.
    cmd.setExpandAtFiles(false);
    cmd.setParameterExceptionHandler(Conventions.INSTANCE);
    cmd.setExecutionExceptionHandler(Conventions.INSTANCE);
    return cmd;
  }

  /**
   * A usage error prints one line and a hint, an unexpected exception one line. A class rather
   * than two lambdas: picocli's handler interfaces are compiled for Java 5, and the class-data
   * archive cannot hold a lambda that implements one (it would be generated at every start).
   */
  private static final class Conventions
      implements CommandLine.IParameterExceptionHandler, CommandLine.IExecutionExceptionHandler {
    static final Conventions INSTANCE = new Conventions();

    /** {@code ptx-litmus check: <message>} and a hint naming the command's --help. */
    @Override
    public int handleParseException(CommandLine.ParameterException e, String[] args) {
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

    @Override
    public int handleExecutionException(
        Exception e, CommandLine line, CommandLine.ParseResult parsed) {
      line.getErr().println("ptx-litmus: internal error: " + e);
      line.getErr().flush();
      return 1;
    }
  }

  /** Without a subcommand: a usage error (picocli prints the usage). */
  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "Missing required subcommand");
  }
}
