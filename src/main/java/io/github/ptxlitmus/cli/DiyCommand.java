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
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ptx-litmus diy CYCLE... [-o DIR]}: one test per cycle (docs/diy.md);
 * {@code ptx-litmus diy --relax E,... --safe E,... [--size N] [--threads K] [-o DIR]}: every
 * cycle up to N edges over those edges, each test once, each written as soon as it is
 * generated (progress on stderr; a run that may give more than 100,000 tests is estimated
 * first, and refused above {@code --max-tests}). Tests go to standard output, or to {@code
 * DIR/<name>.litmus} with an index {@code DIR/@all}. Exit 0; 1 when a file cannot be written;
 * 2 with a one-line message for a bad edge, cycle or option, or edges of which no test can be
 * made (unsharded).
 */
@Command(
    name = "diy",
    description = {
      "Generate litmus tests from cycles of edges, as herdtools' diy does (docs/diy.md).",
      "An argument with blanks is one cycle; consecutive arguments without blanks form one"
          + " cycle, as for diyone7: `diy PodWR Fre PodWR Fre` and `diy 'PodWR Fre PodWR Fre'`"
          + " both give SB."
    })
public final class DiyCommand extends Subcommand {
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

  @Option(names = "--progress", negatable = true,
      description = "Say how far the enumeration is on stderr (default: redrawn when stderr is"
          + " a terminal; a line every 10 s for a run estimated above 100,000 tests).")
  private Boolean progress;

  @Override
  public Integer call() {
    List<LitmusTest> tests = new ArrayList<>();
    boolean enumerate = cycleOptions.given();
    try {
      if (enumerate == !cycles.isEmpty()) {
        throw new IllegalArgumentException(enumerate
            ? "give either cycles or --relax/--safe, not both"
            : "give a cycle (e.g. 'PodWR Fre PodWR Fre') or --relax/--safe edges");
      }
      if (enumerate) {
        if (name != null) {
          throw new IllegalArgumentException("--name applies to a single cycle");
        }
        return generate();
      }
      List<Cycle> parsed = group(cycles);
      if (name != null && parsed.size() != 1) {
        throw new IllegalArgumentException("--name applies to a single cycle");
      }
      java.util.Optional<Shard> part = cycleOptions.shard();
      for (Cycle c : parsed) {
        LitmusTest t = name == null ? Diy.generate(c) : Diy.generate(c, name);
        if (part.isEmpty() || part.get().contains(t.name() + ".litmus")) {
          tests.add(t);
        }
      }
    } catch (IllegalArgumentException | IllegalStateException e) {
      spec.commandLine().getErr().println(spec.qualifiedName() + ": " + e.getMessage());
      return Main.USAGE_ERROR;
    }
    try (TestWriter out = new TestWriter()) {
      for (LitmusTest t : tests) {
        out.write(t);
      }
      return out.done(tests.size(), false);
    }
  }

  /**
   * {@code --relax/--safe}: each test written as soon as it is generated.
   *
   * @throws IllegalArgumentException for a bad edge or option, or a run estimated above
   *     {@code --max-tests} (before anything is written)
   */
  private int generate() {
    PrintWriter err = spec.commandLine().getErr();
    cycleOptions.shard(); // a malformed --shard is a usage error before anything is estimated
    double estimate = cycleOptions.guard("diy", err);
    DiyProgress shown = new DiyProgress(err, progress, estimate > CycleOptions.ESTIMATE_ABOVE);
    try (TestWriter out = new TestWriter()) {
      CycleOptions.Run run = cycleOptions.forEach(g -> out.write(g.test()), shown);
      shown.clear();
      if (run.bounded()) {
        err.println("diy: stopped at --max-tests " + cycleOptions.maxTests()
            + " (more tests would follow)");
      }
      int code = out.done(run.tests(), run.bounded());
      if (code == 0 && run.tests() == 0 && !cycleOptions.shard().isPresent()) {
        // Nothing to check: a silent success would let a script go on with no tests.
        err.println(spec.qualifiedName() + ": no test can be made: no cycle of the --relax/--safe"
            + " edges given, up to --size edges, makes a litmus test; add edges such as PodWR"
            + " or PodRW, or raise --size");
        return Main.USAGE_ERROR;
      }
      return code;
    }
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

  /**
   * Where the tests go, one at a time: standard output (a blank line between tests), or
   * {@code DIR/<name>.litmus} and a line of {@code DIR/@all}, flushed, so that an interrupted
   * run keeps an index of what it wrote. A write that fails ends the run (exit 1).
   */
  private final class TestWriter implements AutoCloseable {
    private final PrintWriter out = spec.commandLine().getOut();
    private java.io.BufferedWriter index;
    private long written;
    private IOException failed;

    /** Writes one test; false (stop) when writing failed. */
    boolean write(LitmusTest t) {
      if (failed != null) {
        return false;
      }
      if (output == null) {
        out.print((written > 0 ? "\n" : "") + LitmusPrinter.print(t));
        out.flush();
        written++;
        return true;
      }
      try {
        if (index == null) {
          Files.createDirectories(output);
          index = Files.newBufferedWriter(output.resolve("@all"), StandardCharsets.UTF_8);
        }
        String file = t.name() + ".litmus";
        Files.writeString(output.resolve(file), LitmusPrinter.print(t), StandardCharsets.UTF_8);
        index.write(file);
        index.newLine();
        index.flush();
        written++;
        return true;
      } catch (IOException e) {
        failed = e;
        return false;
      }
    }

    /** Says how the run ended and gives its exit code. */
    int done(long tests, boolean bounded) {
      if (output != null && index == null && failed == null) {
        try { // no test: still an empty index, as diy writes one
          Files.createDirectories(output);
          Files.writeString(output.resolve("@all"), "", StandardCharsets.UTF_8);
        } catch (IOException e) {
          failed = e;
        }
      }
      close();
      if (failed != null) {
        spec.commandLine().getErr().println(IoMessages.cannotWrite(output, failed));
        return 1;
      }
      if (output != null) {
        spec.commandLine().getErr().println("Generator produced " + written + " tests in "
            + output);
      }
      return 0;
    }

    @Override
    public void close() {
      if (index != null) {
        try {
          index.close();
        } catch (IOException e) {
          failed = failed == null ? e : failed;
        }
        index = null;
      }
    }
  }
}
