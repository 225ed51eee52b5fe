package io.github.ptxlitmus.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs {@code ptx-litmus} in process and keeps what it printed; for command tests. */
final class CommandRun {
  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();

  /** Runs the command line; returns the exit code. */
  int run(String... args) {
    CommandLine cmd = Main.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    try {
      return Main.execute(cmd, args); // on the large stack, as main does
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Forgets what was printed so far. */
  void clear() {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
  }
}
