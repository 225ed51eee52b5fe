package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.bench.Family;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ptx-litmus generate FAMILY N [-o FILE]}: prints (or writes) the litmus test of a scaling
 * family ({@link Family}) at size N. Exit 0; 1 when the file cannot be written; 2 with a
 * one-line message on an unknown family or a size that is not an integer in range.
 */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    exitCodeOnInvalidInput = Main.USAGE_ERROR,
    exitCodeOnExecutionException = 1,
    description =
        "Print a litmus test of a scaling family (SB, SBacqrel, MP, LB, LBdep, IRIW, CoWW).")
public final class GenerateCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FAMILY",
      description = "SB, SBacqrel, MP, LB, LBdep, IRIW or CoWW (any case).")
  private String family;

  // A string, so that a bad N gets the same one-line message as a bad family.
  @Parameters(
      index = "1",
      paramLabel = "N",
      description = "Number of threads (from the family's minimum to 512).")
  private String size;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Write the test to FILE instead of standard output.")
  private Path output;

  @Override
  public Integer call() {
    String text;
    try {
      Family f = Family.parse(family);
      int n;
      try {
        n = Integer.parseInt(size.strip());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("N must be an integer, got '" + size + "'");
      }
      text = f.generate(n);
    } catch (IllegalArgumentException e) {
      // One line, not picocli's usage text: the message says what to change.
      spec.commandLine().getErr().println("generate: " + e.getMessage());
      return Main.USAGE_ERROR;
    }
    if (output == null) {
      PrintWriter out = spec.commandLine().getOut();
      out.print(text);
      out.flush();
      return 0;
    }
    try {
      Files.writeString(output, text, StandardCharsets.UTF_8);
      return 0;
    } catch (IOException e) {
      spec.commandLine().getErr().println("cannot write " + output + ": " + e);
      return 1;
    }
  }
}
