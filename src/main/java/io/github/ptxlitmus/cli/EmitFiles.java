package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.emit.NotEmittableException;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine;

/**
 * What the {@code ptx} and {@code cuda} commands share: the files are collected as
 * {@code check} collects them, each test is parsed and emitted to {@code DIR/NAME.EXT} (NAME
 * the test's name with characters other than letters, digits, {@code . _ + -} as {@code _};
 * {@code NAME-2.EXT} and so on when two tests share a name), a test with no PTX equivalent is
 * refused with its reason, and a summary line ends the run.
 */
final class EmitFiles {
  private EmitFiles() {}

  /** One emitted file: its text and what the summary line says about it. */
  record Emitted(String text, String note) {}

  /** Turns a parsed test into a file's text. */
  @FunctionalInterface
  interface Emitter {
    Emitted emit(LitmusTest test);
  }

  /** Checks a written file; returns the problems found (empty when it passed). */
  @FunctionalInterface
  interface Check {
    Optional<String> check(Path file, LitmusTest test, Emitted emitted) throws IOException;
  }

  /**
   * Emits every test.
   *
   * @return the exit code: 0 when every test was written (and passed the check), or was
   *     refused with {@code --allow-refused}; 1 otherwise; a usage error is thrown
   */
  static int run(CommandLine.Model.CommandSpec spec, EmitInputs inputs, String extension,
      Emitter emitter, Check check) {
    Path dir = inputs.output();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<Path> files = CheckCommand.collectFiles(inputs.paths(),
        message -> new CommandLine.ParameterException(spec.commandLine(), message));
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "-o " + dir + ": a file,"
          + " not a directory: -o names the directory the " + extension + " files are written"
          + " to (it is made if missing)");
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "cannot create directory " + dir + ": " + IoMessages.reason(e));
    }
    Set<String> used = new HashSet<>();
    Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
    for (Path file : files) {
      Outcome outcome = emitOne(file, dir, extension, used, emitter, check, out, err);
      counts.merge(outcome, 1, Integer::sum);
    }
    int refused = counts.getOrDefault(Outcome.REFUSED, 0);
    int failed = counts.getOrDefault(Outcome.FAILED, 0);
    out.println("Summary: " + files.size() + " tests, " + counts.getOrDefault(Outcome.WRITTEN, 0)
        + " written, " + refused + " refused, " + failed + " failed");
    out.flush();
    err.flush();
    return failed > 0 || (refused > 0 && !inputs.allowRefused()) ? 1 : 0;
  }

  /** What became of one file. */
  private enum Outcome {
    WRITTEN,
    REFUSED,
    FAILED
  }

  /**
   * Parses, emits, writes and checks one file, saying on {@code err} why it was refused or
   * failed and on {@code out} where it was written.
   */
  private static Outcome emitOne(Path file, Path dir, String extension, Set<String> used,
      Emitter emitter, Check check, PrintWriter out, PrintWriter err) {
    LitmusTest test;
    Emitted emitted;
    try {
      test = file.equals(CheckCommand.STDIN)
          ? LitmusParser.parse("-", new String(System.in.readAllBytes(),
              StandardCharsets.UTF_8))
          : LitmusParser.parse(file);
      emitted = emitter.emit(test);
    } catch (NotEmittableException e) {
      err.println(e.getMessage());
      return Outcome.REFUSED;
    } catch (LitmusSyntaxException e) {
      err.println(e.getMessage());
      return Outcome.FAILED;
    } catch (IOException e) {
      err.println(file + ":1:1: cannot read: " + IoMessages.reason(e));
      return Outcome.FAILED;
    }
    Path target = dir.resolve(unique(fileName(test.name()), extension, used));
    Optional<String> problem;
    try {
      Files.writeString(target, emitted.text(), StandardCharsets.UTF_8);
      problem = check.check(target, test, emitted);
    } catch (IOException e) {
      err.println(target + ": cannot write: " + IoMessages.reason(e));
      return Outcome.FAILED;
    }
    if (problem.isPresent()) {
      err.println(target + ": " + problem.get());
      return Outcome.FAILED;
    }
    out.println("Wrote " + target + " (" + emitted.note() + ")");
    return Outcome.WRITTEN;
  }

  /** A file name for a test name. */
  static String fileName(String name) {
    StringBuilder b = new StringBuilder();
    for (char c : name.toCharArray()) {
      b.append(Character.isLetterOrDigit(c) && c < 128 || c == '.' || c == '_' || c == '+'
          || c == '-' ? c : '_');
    }
    String s = b.toString();
    return s.isEmpty() || s.startsWith(".") ? "test" + s : s;
  }

  private static String unique(String base, String extension, Set<String> used) {
    String name = base + extension;
    for (int k = 2; !used.add(name); k++) {
      name = base + "-" + k + extension;
    }
    return name;
  }
}
