package io.github.ptxlitmus.emit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NVIDIA's PTX assembler, run on a module: {@code ptxas -arch=sm_XX FILE -o /dev/null}. The
 * architecture is the module's target, or the lowest one this {@code ptxas} can generate code
 * for when the target is older (CUDA 13 dropped code generation below {@code sm_75}; the
 * module's own {@code .target} still decides which instructions are accepted). Each call is
 * bounded by a time limit.
 */
public final class Ptxas {
  /** Architectures tried in order when the target's own is not supported. */
  private static final int[] ARCHS = {50, 60, 70, 75, 80, 86, 90, 100};

  private static final Pattern LINE =
      Pattern.compile("^ptxas [^,]*, line (\\d+); (error|fatal)\\s*:\\s*(.*)$");

  private final Path executable;
  private final long timeoutSeconds;

  private Ptxas(Path executable, long timeoutSeconds) {
    this.executable = executable;
    this.timeoutSeconds = timeoutSeconds;
  }

  /**
   * The assembler at a path or on the {@code PATH}.
   *
   * @param executable {@code ptxas} or a path to it
   * @param timeoutSeconds the time limit of each call, at least 1
   * @return the assembler, if it runs ({@code ptxas --version} succeeds)
   */
  public static Optional<Ptxas> find(String executable, long timeoutSeconds) {
    Ptxas p = new Ptxas(Path.of(executable), Math.max(1, timeoutSeconds));
    try {
      Result r = p.run(List.of("--version"));
      return r.exitCode() == 0 ? Optional.of(p) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * The outcome of one call.
   *
   * @param exitCode the process's exit code (-1 when it was stopped at the time limit)
   * @param output its standard error and standard output
   * @param arch the architecture number it assembled for ({@code -arch=sm_<arch>}), 0 when not
   *     one architecture
   */
  public record Result(int exitCode, String output, int arch) {
    /** An outcome of a call not for one architecture number. */
    public Result(int exitCode, String output) {
      this(exitCode, output, 0);
    }

    /** {@return true when the module was accepted} */
    public boolean accepted() {
      return exitCode == 0;
    }

    /**
     * The errors per source line.
     *
     * @return line number to the messages reported for it, in order; fatal errors included
     */
    public TreeMap<Integer, List<String>> errorsByLine() {
      TreeMap<Integer, List<String>> out = new TreeMap<>();
      for (String l : output.split("\\R")) {
        Matcher m = LINE.matcher(l.strip());
        if (m.matches()) {
          out.computeIfAbsent(Integer.parseInt(m.group(1)), k -> new ArrayList<>())
              .add(m.group(3).strip());
        }
      }
      return out;
    }

    /** {@return true when an error stopped the assembler before it checked every line} */
    public boolean fatal() {
      return output.lines().anyMatch(l -> l.contains("; fatal"));
    }
  }

  /**
   * Assembles a module text.
   *
   * @param ptx the module
   * @param sm the module's target architecture number (e.g. 90)
   * @return the outcome
   * @throws IOException when the assembler cannot be started or its files written
   */
  public Result assemble(String ptx, int sm) throws IOException {
    Path dir = Files.createTempDirectory("ptx-litmus-ptxas");
    Path file = dir.resolve("module.ptx");
    try {
      Files.writeString(file, ptx, StandardCharsets.UTF_8);
      return assemble(file, sm);
    } finally {
      Files.deleteIfExists(file);
      Files.deleteIfExists(dir);
    }
  }

  /**
   * Assembles a module file, discarding the code.
   *
   * @param file the module
   * @param sm the module's target architecture number (e.g. 90)
   * @return the outcome of the first architecture this assembler supports, from {@code sm} up
   *     ({@link Result#arch()} says which)
   * @throws IOException when the assembler cannot be started
   */
  public Result assemble(Path file, int sm) throws IOException {
    Result last = null;
    for (int arch : ARCHS) {
      if (arch < sm) {
        continue;
      }
      Result r = run(List.of("-arch=sm_" + arch, file.toString(), "-o", "/dev/null"));
      last = new Result(r.exitCode(), r.output(), arch);
      if (!last.output().contains("is not defined for option")) {
        return last;
      }
    }
    return last == null ? new Result(1, "ptxas: no architecture at or above sm_" + sm) : last;
  }

  /**
   * Assembles a module text for one named architecture, such as {@code sm_100a} (whose
   * architecture-specific features no other target has).
   *
   * @param ptx the module
   * @param arch the {@code -arch} value
   * @return the outcome
   * @throws IOException when the assembler cannot be started or its files written
   */
  public Result assembleFor(String ptx, String arch) throws IOException {
    Path dir = Files.createTempDirectory("ptx-litmus-ptxas");
    Path file = dir.resolve("module.ptx");
    try {
      Files.writeString(file, ptx, StandardCharsets.UTF_8);
      return run(List.of("-arch=" + arch, file.toString(), "-o", "/dev/null"));
    } finally {
      Files.deleteIfExists(file);
      Files.deleteIfExists(dir);
    }
  }

  private Result run(List<String> args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(executable.toString());
    command.addAll(args);
    // The output goes to a file: no pipe to fill, however many errors the module has.
    Path log = Files.createTempFile("ptx-litmus-ptxas", ".log");
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
      try {
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          return new Result(-1, "ptxas: stopped after " + timeoutSeconds + " s");
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
        return new Result(-1, "ptxas: interrupted");
      }
      return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }
}
