package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.litmus.LitmusFileTree;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code ptx-litmus parse PATH...}: parses litmus files (directories are searched recursively
 * for {@code *.litmus}, in sorted order). Prints {@code OK <name> <n> threads <m> instructions}
 * per test on stdout and {@code file:line:col: reason} per failure on stderr. Exit 0 when all
 * parse, 1 when any fails, 2 on usage errors (including a path that does not exist).
 */
@Command(
    name = "parse",
    mixinStandardHelpOptions = true,
    exitCodeOnInvalidInput = Main.USAGE_ERROR,
    exitCodeOnExecutionException = 1,
    description = "Parse litmus tests and report syntax errors.")
public final class ParseCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "PATH", description = "Litmus files or directories.")
  private List<Path> paths = new ArrayList<>();

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    for (Path p : paths) {
      if (!Files.exists(p)) {
        throw new CommandLine.ParameterException(spec.commandLine(), "No such file: " + p);
      }
    }
    boolean failed = false;
    for (Path root : paths) {
      List<Path> files;
      try {
        files = litmusFiles(root);
      } catch (IOException | RuntimeException e) {
        err.println(root + ": cannot list: " + e.getMessage());
        failed = true;
        continue;
      }
      for (Path file : files) {
        failed |= !parseOne(file, out, err);
      }
    }
    out.flush();
    err.flush();
    return failed ? 1 : 0;
  }

  private static boolean parseOne(Path file, PrintWriter out, PrintWriter err) {
    try {
      LitmusTest t = LitmusParser.parse(file);
      t.warnings().forEach(w -> err.println(w));
      out.println("OK " + t.name() + " " + t.threads().size() + " threads "
          + t.instructionCount() + " instructions");
      return true;
    } catch (LitmusSyntaxException e) {
      err.println(e.getMessage());
    } catch (IOException e) {
      err.println(file + ":1:1: cannot read: " + e.getMessage());
    } catch (RuntimeException e) {
      // Never a stack trace on the command line.
      err.println(file + ":1:1: internal error: " + e);
    }
    return false;
  }

  /** A file as given, or all {@code *.litmus} below a directory, sorted. */
  static List<Path> litmusFiles(Path root) throws IOException {
    if (!Files.isDirectory(root)) {
      return List.of(root);
    }
    return LitmusFileTree.under(root);
  }
}
