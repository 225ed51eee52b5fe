package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.bench.Family;
import io.github.ptxlitmus.bench.Stress;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ptx-litmus generate FAMILY N [-o FILE]}: prints (or writes) the litmus test of a scaling
 * family ({@link Family}) at size N; {@code generate CASE} prints one of the benchmark's stress
 * cases ({@link Stress#cases()}, e.g. {@code W8x8-allowed}). Exit 0; 1 when the file cannot be
 * written; 2 with a one-line message on an unknown family or case, or a size that is not an
 * integer in range.
 */
@Command(
    name = "generate",
    description =
        "Print a litmus test of a scaling family (SB, SBacqrel, MP, LB, LBdep, IRIW, CoWW) at"
            + " size N, or a stress case of the benchmark by name (W8x8-allowed, W8x8-forbidden,"
            + " W16x4-allowed, W16x4-forbidden, W8x12-allowed, W8x12-forbidden, CoWW-8, W4x4,"
            + " W8x2, SB-8, 2+2W-8, IRIWsc-6).")
public final class GenerateCommand extends Subcommand {
  @Spec private CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FAMILY",
      description =
          "SB, SBacqrel, MP, LB, LBdep, IRIW or CoWW, or a stress case's name (any case).")
  private String family;

  // A string, so that a bad N gets the same one-line message as a bad family.
  @Parameters(
      index = "1",
      arity = "0..1",
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
      Optional<Stress.Case> stress =
          Stress.cases().stream().filter(c -> c.name().equalsIgnoreCase(family)).findFirst();
      if (stress.isPresent()) {
        if (size != null) {
          throw new IllegalArgumentException(
              "a stress case takes no N: generate " + stress.get().name());
        }
        return write(stress.get().text());
      }
      Family f;
      try {
        f = Family.parse(family);
      } catch (IllegalArgumentException unknown) {
        throw new IllegalArgumentException(unknown.getMessage() + ", or a stress case ("
            + Stress.cases().stream().map(Stress.Case::name)
                .collect(java.util.stream.Collectors.joining(", ")) + ")");
      }
      if (size == null) {
        throw new IllegalArgumentException("missing N, the number of threads");
      }
      int n;
      try {
        n = Integer.parseInt(size.strip());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("N must be an integer, got '" + size + "'");
      }
      text = f.generate(n);
    } catch (IllegalArgumentException e) {
      // One line, not picocli's usage text: the message says what to change.
      spec.commandLine().getErr().println(spec.qualifiedName() + ": " + e.getMessage());
      return Main.USAGE_ERROR;
    }
    return write(text);
  }

  private int write(String text) {
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
      spec.commandLine().getErr().println(IoMessages.cannotWrite(output, e));
      return 1;
    }
  }
}
