package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Explanation;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.report.DotWriter;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The {@code --explain}, {@code --explain-state}, {@code --dot} and {@code --svg} part of
 * {@code check}: explains each checked test on the checking thread (so the run's hard time
 * limit covers it), then writes DOT files and renders them with Graphviz. One instance serves
 * one run.
 */
final class ExplainStep {
  /** How long one {@code dot -Tsvg} may take. */
  private static final long DOT_SECONDS = 60;

  static final String NO_GRAPHVIZ =
      "warning: Graphviz 'dot' is not on PATH; SVG files not rendered"
          + " (install it with: apt-get install graphviz)";

  /**
   * What the step produced for one test.
   *
   * @param explanations one per explained state, in command-line order
   * @param dot DOT files written
   * @param svg SVG files rendered
   * @param notes why nothing was explained (an {@code Unknown} or {@code Undefined} verdict)
   * @param problems one-line messages of what went wrong (explaining, writing, rendering)
   */
  record Explained(
      List<Explanation> explanations,
      List<Path> dot,
      List<Path> svg,
      List<String> notes,
      List<String> problems) {
    Explained {
      explanations = List.copyOf(explanations);
      dot = List.copyOf(dot);
      svg = List.copyOf(svg);
      notes = List.copyOf(notes);
      problems = List.copyOf(problems);
    }
  }

  private final List<String> states;
  private final Optional<Path> dotDir;
  private final boolean svg;
  private final PrintWriter err;
  private final String dotProgram;
  private final Map<Path, Explained> explained = new ConcurrentHashMap<>();
  private final Set<String> written = new HashSet<>();
  private Optional<Boolean> graphviz = Optional.empty();

  /**
   * @param states the states to explain; empty for the outcome of interest
   * @param dotDir where to write DOT files, if anywhere
   * @param svg whether to render each DOT file as SVG
   * @param err where the missing-Graphviz warning goes
   * @param dotProgram the Graphviz program's name, {@code dot} (another name in tests)
   */
  ExplainStep(
      List<String> states, Optional<Path> dotDir, boolean svg, PrintWriter err,
      String dotProgram) {
    this.states = List.copyOf(states);
    this.dotDir = dotDir;
    this.svg = svg;
    this.err = err;
    this.dotProgram = dotProgram;
  }

  /** The check followed by the explanations of its result. */
  Function<Path, CheckResult> wrap(Function<Path, CheckResult> check) {
    return file -> {
      CheckResult result = check.apply(file);
      explained.put(file, explain(result));
      return result;
    };
  }

  /**
   * What was produced for a file: its explanations, and the DOT/SVG files written now. Empty
   * when the file was not checked.
   */
  Optional<Explained> finish(Path file, CheckResult result) {
    Explained e = explained.remove(file); // once per check: a long stream keeps nothing
    if (e == null) {
      return Optional.empty();
    }
    if (dotDir.isEmpty()) {
      return Optional.of(e);
    }
    List<Path> dots = new ArrayList<>();
    List<Path> svgs = new ArrayList<>();
    List<String> problems = new ArrayList<>(e.problems());
    for (int i = 0; i < e.explanations().size(); i++) {
      String base =
          e.explanations().size() == 1 ? result.testName() : result.testName() + "-" + (i + 1);
      for (DotWriter.DotFile f : DotWriter.files(base, e.explanations().get(i))) {
        Path path = dotDir.get().resolve(unique(f.name()));
        try {
          Files.writeString(path, f.dot(), StandardCharsets.UTF_8);
          dots.add(path);
        } catch (IOException ex) {
          problems.add("cannot write " + path + ": " + ex.getMessage());
          continue;
        }
        if (svg && graphviz()) {
          render(dotProgram, path).ifPresentOrElse(problems::add, () -> svgs.add(svgPath(path)));
        }
      }
    }
    return Optional.of(new Explained(e.explanations(), dots, svgs, e.notes(), problems));
  }

  /**
   * The name, or for a name already written in this run (two tests of the same name in
   * different directories) {@code <stem>.2.dot}, {@code <stem>.3.dot}, ...
   */
  private String unique(String name) {
    String stem = name.substring(0, name.length() - ".dot".length());
    String candidate = name;
    for (int n = 2; !written.add(candidate); n++) {
      candidate = stem + "." + n + ".dot";
    }
    return candidate;
  }

  private Explained explain(CheckResult result) {
    List<Explanation> explanations = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    if (result.verdict() == Verdict.UNKNOWN || result.verdict() == Verdict.UNDEFINED) {
      // A search that hit a limit would hit it again; an undefined program has no model.
      String word = result.verdict().name();
      String note =
          "skipped: verdict " + word.charAt(0) + word.substring(1).toLowerCase(Locale.ROOT);
      return new Explained(List.of(), List.of(), List.of(), List.of(note), List.of());
    }
    try {
      if (states.isEmpty()) {
        explanations.add(result.explainCondition());
      } else {
        for (String state : states) {
          explanations.add(result.explain(state));
        }
      }
    } catch (RuntimeException | StackOverflowError e) {
      String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      problems.add("cannot explain: " + message.strip().replaceAll("\\s*\\R\\s*", " "));
    }
    return new Explained(explanations, List.of(), List.of(), List.of(), problems);
  }

  /** Whether {@code dot} is on PATH; warns once on stderr when it is not. */
  private boolean graphviz() {
    if (graphviz.isEmpty()) {
      graphviz = Optional.of(onPath(dotProgram));
      if (!graphviz.get()) {
        err.println(NO_GRAPHVIZ);
        err.flush();
      }
    }
    return graphviz.get();
  }

  /** Whether an executable of that name is in a directory of PATH. */
  static boolean onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }

  private static Path svgPath(Path dot) {
    String name = dot.getFileName().toString();
    return dot.resolveSibling(name.substring(0, name.length() - ".dot".length()) + ".svg");
  }

  /** Runs {@code dot -Tsvg}; a problem message when it fails. */
  private static Optional<String> render(String program, Path dot) {
    Path out = svgPath(dot);
    Path log = null;
    try {
      // dot's messages go to a file, not a pipe: reading a pipe would block until dot exits,
      // and a dot that never exits would hang the run past the wait below.
      log = Files.createTempFile("ptx-litmus-dot", ".log");
      Process p =
          new ProcessBuilder(program, "-Tsvg", "-o", out.toString(), dot.toString())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      p.getOutputStream().close();
      if (!p.waitFor(DOT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return Optional.of("dot -Tsvg " + dot + ": no answer within " + DOT_SECONDS + " s");
      }
      if (p.exitValue() != 0) {
        String message = Files.readString(log, StandardCharsets.UTF_8).strip();
        return Optional.of(
            "dot -Tsvg " + dot + " failed (exit " + p.exitValue() + "): "
                + message.replaceAll("\\s*\\R\\s*", " "));
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of("cannot run dot: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.of("interrupted while running dot");
    } finally {
      if (log != null) {
        try {
          Files.deleteIfExists(log);
        } catch (IOException e) {
          // a temporary file left behind; nothing to report
        }
      }
    }
  }
}
