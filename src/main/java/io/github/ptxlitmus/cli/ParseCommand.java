package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    description = "Parse litmus tests and report syntax errors.")
public final class ParseCommand extends Subcommand {
  @Parameters(arity = "1..*", paramLabel = "PATH", description = "Litmus files or directories.")
  private List<Path> paths = new ArrayList<>();

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    // The same files as check: a missing path, an empty directory or a FIFO is a usage error.
    List<Path> files =
        CheckCommand.collectFiles(
            paths, message -> new CommandLine.ParameterException(spec.commandLine(), message));
    boolean failed = false;
    for (Path file : files) {
      failed |= !parseOne(file, out, err);
    }
    out.flush();
    err.flush();
    return failed ? 1 : 0;
  }

  private static boolean parseOne(Path file, PrintWriter out, PrintWriter err) {
    try {
      LitmusTest t =
          file.equals(CheckCommand.STDIN)
              ? LitmusParser.parse("-", new String(
                  io.github.ptxlitmus.litmus.TextFiles.readBytes(System.in, "standard input"),
                  java.nio.charset.StandardCharsets.UTF_8))
              : LitmusParser.parse(file);
      t.warnings().forEach(w -> err.println(w));
      out.println("OK " + t.name() + " " + t.threads().size() + " threads "
          + t.instructionCount() + " instructions");
      return true;
    } catch (LitmusSyntaxException e) {
      err.println(e.getMessage());
    } catch (IOException e) {
      err.println(file + ":1:1: cannot read: " + IoMessages.reason(e));
    } catch (RuntimeException e) {
      // Never a stack trace on the command line.
      err.println(file + ":1:1: internal error: " + e);
    }
    return false;
  }
}
