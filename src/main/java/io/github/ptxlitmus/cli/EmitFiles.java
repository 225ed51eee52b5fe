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
import java.util.HashSet;
import java.util.List;
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
   *     refused with {@code allowRefused}; 1 otherwise; a usage error is thrown
   */
  static int run(CommandLine.Model.CommandSpec spec, List<Path> paths, Path dir,
      String extension, boolean allowRefused, Emitter emitter, Check check) {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<Path> files = CheckCommand.collectFiles(paths,
        message -> new CommandLine.ParameterException(spec.commandLine(), message));
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "cannot create directory " + dir + ": " + IoMessages.reason(e));
    }
    Set<String> used = new HashSet<>();
    int written = 0;
    int refused = 0;
    int failed = 0;
    for (Path file : files) {
      LitmusTest test;
      try {
        test = file.equals(CheckCommand.STDIN)
            ? LitmusParser.parse("-", new String(System.in.readAllBytes(),
                StandardCharsets.UTF_8))
            : LitmusParser.parse(file);
      } catch (LitmusSyntaxException e) {
        err.println(e.getMessage());
        failed++;
        continue;
      } catch (IOException e) {
        err.println(file + ":1:1: cannot read: " + IoMessages.reason(e));
        failed++;
        continue;
      }
      Emitted emitted;
      try {
        emitted = emitter.emit(test);
      } catch (NotEmittableException e) {
        err.println(e.getMessage());
        refused++;
        continue;
      } catch (LitmusSyntaxException e) {
        err.println(e.getMessage());
        failed++;
        continue;
      }
      Path target = dir.resolve(unique(fileName(test.name()), extension, used));
      try {
        Files.writeString(target, emitted.text(), StandardCharsets.UTF_8);
        Optional<String> problem = check.check(target, test, emitted);
        if (problem.isPresent()) {
          err.println(target + ": " + problem.get());
          failed++;
          continue;
        }
      } catch (IOException e) {
        err.println(target + ": cannot write: " + IoMessages.reason(e));
        failed++;
        continue;
      }
      out.println("Wrote " + target + " (" + emitted.note() + ")");
      written++;
    }
    out.println("Summary: " + files.size() + " tests, " + written + " written, " + refused
        + " refused, " + failed + " failed");
    out.flush();
    err.flush();
    return failed > 0 || (refused > 0 && !allowRefused) ? 1 : 0;
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
