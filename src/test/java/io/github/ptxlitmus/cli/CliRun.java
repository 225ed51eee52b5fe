package io.github.ptxlitmus.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * Runs the {@code ptx-litmus} command line in-process ({@link Main#commandLine()}, our usage
 * and error conventions), capturing stdout and stderr. One instance per test; not thread-safe.
 */
final class CliRun {
  /** Everything the runs printed on stdout. */
  final StringWriter out = new StringWriter();
  /** Everything the runs printed on stderr. */
  final StringWriter err = new StringWriter();

  /** Runs one command line; returns its exit code. */
  int run(String... args) {
    CommandLine cmd = Main.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }
}
