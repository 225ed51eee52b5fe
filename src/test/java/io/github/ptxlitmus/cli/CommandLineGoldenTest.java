package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * What the command line says, byte for byte: {@code --help} of the tool and of every command,
 * {@code --version}, the usage errors of {@code check}'s options and a few successful checks
 * (times blanked), with their exit codes, compared with {@code
 * src/test/resources/cli/command-line.txt}. Each case runs twice: through the command line
 * with every subcommand ({@link Main#commandLine()}) and through the one {@link Main#main}
 * builds for its arguments ({@link Main#commandLine(String...)}); both must print the recorded
 * text. A deliberate change of help or messages is recorded again with {@code mvn -B -q test
 * -Dtest=CommandLineGoldenTest -Dptxlitmus.golden.write=true} and reviewed in the diff.
 */
class CommandLineGoldenTest {
  private static final Path GOLDEN = Path.of("src/test/resources/cli/command-line.txt");
  private static final String MP = "src/test/resources/litmus/spec/MP+fence.sys.litmus";
  private static final String SB = "src/test/resources/litmus/spec/SB+fence.sc.sys.litmus";

  private static final List<List<String>> CASES =
      List.of(
          List.of(),
          List.of("--help"),
          List.of("-h"),
          List.of("--version"),
          List.of("-V"),
          List.of("chek", MP),
          List.of("--bogus"),
          List.of("help"),
          List.of("parse", "--help"),
          List.of("check", "--help"),
          List.of("check", "-h"),
          List.of("check", "--version"),
          List.of("check", "-V"),
          List.of("compare", "--help"),
          List.of("generate", "--help"),
          List.of("bench", "--help"),
          List.of("diy", "--help"),
          List.of("catalogue", "--help"),
          List.of("cat-bindings", "--help"),
          List.of("merge", "--help"),
          List.of("ptx", "--help"),
          List.of("cuda", "--help"),
          List.of("check"),
          List.of("check", "--bogus", MP),
          List.of("check", "--explian", MP),
          List.of("check", "--format", "xml", MP),
          List.of("check", "--format", "JSON", MP),
          List.of("check", "--format"),
          List.of("check", MP, "--format"),
          List.of("check", "-j", "abc", MP),
          List.of("check", "-j", "0", MP),
          List.of("check", "--jobs=-1", MP),
          List.of("check", "-j"),
          List.of("check", "--timeout", "abc", MP),
          List.of("check", "--timeout", "0", MP),
          List.of("check", "--timeout", "NaN", MP),
          List.of("check", "--timeout"),
          List.of("check", "--bound", "x", MP),
          List.of("check", "--bound", "-1", MP),
          List.of("check", "--decide", "--states", MP),
          List.of("check", "--states", "--exhaustive", MP),
          List.of("check", "--model", "foo", MP),
          List.of("check", "--model=", MP),
          List.of("check", "--without", "foo", MP),
          List.of("check", "--variant", "x", MP),
          List.of("check", "--cat", "no-such.cat", MP),
          List.of("check", "--cat", "no-such.cat", "--model", "dat3m-v6.0", MP),
          List.of("check", "--svg", MP),
          List.of("check", "--shard", "3/2", MP),
          List.of("check", "--shard", "x", MP),
          List.of("check", "--shard"),
          List.of("check", "--paths-from", "no-such-file"),
          List.of("check", "--paths-from", "no-such-file", MP),
          List.of("check", "--expect", "no-such.csv", MP),
          List.of("check", "--divergences", "no-such.csv", MP),
          List.of("check", "--observed"),
          List.of("check", "--observed", "no-such.log", "--format", "json", MP),
          List.of("check", "--explain-state", "P1:r0=", MP),
          List.of("check", "--progress=maybe", MP),
          List.of("check", "--no-progress=x", MP),
          List.of("check", "--decide=yes", MP),
          List.of("check", "--all-states=false", MP),
          List.of("check", "--all-states", "--all-states", MP),
          List.of("check", "--model", "ptx", "--model", "ptx", MP),
          List.of("check", "no-such.litmus"),
          List.of("check", "-x", MP),
          List.of("check", "-jx", MP),
          List.of("check", "--", "--help"),
          List.of("check", "@no-such-args-file"),
          List.of("check", "--no-progress", MP),
          List.of("check", "--progress", "-j", "1", "--timeout=5", "--bound", "3", MP, SB),
          List.of("check", "--format", "json", "--all-states", "--without", "fence-sc", SB),
          List.of("check", "--format=junit", "--model", "dat3m-v7.5", "--decide", MP),
          List.of("check", "--states", "--explain", "--no-progress", MP),
          List.of("check", "--exhaustive", "--explain-state", "P1:r0=1; P1:r1=0;", MP),
          List.of("check", "--shard", "1/2", MP, SB),
          List.of("parse", "--bogus"),
          List.of("compare", "--bogus"));

  @Test
  void everyCaseSaysWhatWasRecorded() throws IOException {
    String viaAll = transcript(true);
    String viaOne = transcript(false);
    if (Boolean.getBoolean("ptxlitmus.golden.write")) {
      Files.createDirectories(GOLDEN.getParent());
      Files.writeString(GOLDEN, viaAll, StandardCharsets.UTF_8);
    }
    String recorded = Files.readString(GOLDEN, StandardCharsets.UTF_8);
    assertThat(viaAll).isEqualTo(recorded);
    assertThat(viaOne).isEqualTo(recorded);
  }

  /** Every case: its arguments, exit code, stdout and stderr, times blanked. */
  private static String transcript(boolean allSubcommands) {
    StringBuilder text = new StringBuilder();
    for (List<String> args : CASES) {
      String[] argv = args.toArray(String[]::new);
      CommandLine cmd = allSubcommands ? Main.commandLine() : Main.commandLine(argv);
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      cmd.setOut(new PrintWriter(out, true));
      cmd.setErr(new PrintWriter(err, true));
      int code;
      try {
        code = Main.execute(cmd, argv);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
      text.append("### ").append(String.join(" ", args)).append('\n')
          .append("exit ").append(code).append('\n')
          .append("--- stdout\n").append(blankTimes(out.toString()))
          .append("--- stderr\n").append(blankTimes(err.toString()));
    }
    return text.toString();
  }

  /** Run times (herd's {@code Time} lines, JSON's {@code millis}, JUnit's {@code time}). */
  private static String blankTimes(String s) {
    return s.replaceAll("(?m)^(Time \\S+) [0-9.]+$", "$1 T")
        .replaceAll("\"millis\" : [0-9]+", "\"millis\" : T")
        .replaceAll("time=\"[0-9.]+\"", "time=\"T\"")
        .replaceAll("timestamp=\"[^\"]*\"", "timestamp=\"T\"");
  }
}
