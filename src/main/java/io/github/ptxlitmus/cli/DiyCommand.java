package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.diy.Cycle;
import io.github.ptxlitmus.diy.Diy;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ptx-litmus diy CYCLE... [-o DIR]}: one test per cycle (docs/diy.md);
 * {@code ptx-litmus diy --relax E,... --safe E,... [--size N] [--threads K] [-o DIR]}: every
 * cycle up to N edges over those edges, each test once. Tests go to standard output, or to
 * {@code DIR/<name>.litmus} with an index {@code DIR/@all}. Exit 0; 1 when a file cannot be
 * written; 2 with a one-line message for a bad edge, cycle or option.
 */
@Command(
    name = "diy",
    mixinStandardHelpOptions = true,
    exitCodeOnInvalidInput = Main.USAGE_ERROR,
    exitCodeOnExecutionException = 1,
    description = {
      "Generate litmus tests from cycles of edges, as herdtools' diy does (docs/diy.md).",
      "An argument with blanks is one cycle; consecutive arguments without blanks form one"
          + " cycle, as for diyone7: `diy PodWR Fre PodWR Fre` and `diy 'PodWR Fre PodWR Fre'`"
          + " both give SB."
    })
public final class DiyCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Parameters(arity = "0..*", paramLabel = "CYCLE", description = "Cycles (edges).")
  private List<String> cycles = new ArrayList<>();

  @Mixin private CycleOptions cycleOptions = new CycleOptions();

  @Option(names = "--name", paramLabel = "NAME",
      description = "Name of the test (one cycle only).")
  private String name;

  @Option(names = {"-o", "--output"}, paramLabel = "DIR",
      description = "Write DIR/<name>.litmus and DIR/@all instead of printing.")
  private Path output;

  @Override
  public Integer call() {
    List<LitmusTest> tests = new ArrayList<>();
    try {
      boolean enumerate = cycleOptions.given();
      if (enumerate == !cycles.isEmpty()) {
        throw new IllegalArgumentException(enumerate
            ? "give either cycles or --relax/--safe, not both"
            : "give a cycle (e.g. 'PodWR Fre PodWR Fre') or --relax/--safe edges");
      }
      if (enumerate) {
        if (name != null) {
          throw new IllegalArgumentException("--name applies to a single cycle");
        }
        cycleOptions.enumerate().forEach(g -> tests.add(g.test()));
      } else {
        List<Cycle> parsed = group(cycles);
        if (name != null && parsed.size() != 1) {
          throw new IllegalArgumentException("--name applies to a single cycle");
        }
        for (Cycle c : parsed) {
          tests.add(name == null ? Diy.generate(c) : Diy.generate(c, name));
        }
      }
    } catch (IllegalArgumentException | IllegalStateException e) {
      spec.commandLine().getErr().println("diy: " + e.getMessage());
      return Main.USAGE_ERROR;
    }
    return write(tests);
  }

  /** Arguments with blanks are cycles; runs of one-edge arguments are one cycle. */
  private static List<Cycle> group(List<String> args) {
    List<Cycle> out = new ArrayList<>();
    List<String> run = new ArrayList<>();
    for (String a : args) {
      if (a.strip().contains(" ") || a.contains(",")) {
        if (!run.isEmpty()) {
          out.add(Cycle.parse(String.join(" ", run)));
          run.clear();
        }
        out.add(Cycle.parse(a));
      } else {
        run.add(a);
      }
    }
    if (!run.isEmpty()) {
      out.add(Cycle.parse(String.join(" ", run)));
    }
    return out;
  }

  private int write(List<LitmusTest> tests) {
    PrintWriter out = spec.commandLine().getOut();
    if (output == null) {
      for (int i = 0; i < tests.size(); i++) {
        out.print((i > 0 ? "\n" : "") + LitmusPrinter.print(tests.get(i)));
      }
      out.flush();
      return 0;
    }
    try {
      Files.createDirectories(output);
      StringBuilder index = new StringBuilder();
      for (LitmusTest t : tests) {
        String file = t.name() + ".litmus";
        Files.writeString(output.resolve(file), LitmusPrinter.print(t), StandardCharsets.UTF_8);
        index.append(file).append('\n');
      }
      Files.writeString(output.resolve("@all"), index.toString(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      spec.commandLine().getErr().println(IoMessages.cannotWrite(output, e));
      return 1;
    }
    spec.commandLine().getErr().println("Generator produced " + tests.size() + " tests in "
        + output);
    return 0;
  }
}
