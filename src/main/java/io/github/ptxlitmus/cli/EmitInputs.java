package io.github.ptxlitmus.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The inputs the {@code ptx} and {@code cuda} commands share, as a picocli mixin: the litmus
 * files or directories to emit, {@code --output} and {@code --allow-refused}.
 */
final class EmitInputs {
  @Parameters(arity = "1..*", paramLabel = "TEST",
      description = "Litmus files or directories (searched for *.litmus); - reads standard"
          + " input.")
  private List<Path> paths = new ArrayList<>();

  @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true,
      description = "Directory each test's file is written to (created if missing).")
  private Path output;

  @Option(names = "--allow-refused",
      description = "Exit 0 even when some tests have no PTX equivalent (they are still"
          + " reported).")
  private boolean allowRefused;

  /** {@return the files and directories given, {@code -} for standard input} */
  List<Path> paths() {
    return paths;
  }

  /** {@return the directory the files are written to} */
  Path output() {
    return output;
  }

  /** {@return whether a refused test still lets the run exit 0} */
  boolean allowRefused() {
    return allowRefused;
  }
}
