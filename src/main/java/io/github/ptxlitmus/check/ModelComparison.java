package io.github.ptxlitmus.check;

import io.github.ptxlitmus.cat.CatMemoryModel;
import io.github.ptxlitmus.model.ModelSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Two memory models run on the same litmus tests: per test, the final states one model allows
 * and the other forbids, and totals. Immutable.
 *
 * <pre>{@code
 * ModelComparison c = ModelComparison.compare(
 *     ModelComparison.Side.of("ptx", CheckOptions.defaults()),
 *     ModelComparison.Side.of("ptx-v7.5.cat", CheckOptions.defaults()),   // a cat file
 *     List.of(Path.of("MP.litmus")));
 * c.tests().get(0).onlyA();   // states ptx allows and the cat model forbids
 * c.differing();              // how many tests differ
 * }</pre>
 *
 * Both sides list every allowed state (states mode): a model comparison needs the full sets,
 * not decide-mode witnesses. States are compared as projected by each check (the registers and
 * locations the condition names, or all with {@link CheckOptions#allStates()}), which is the
 * same projection for both sides of one test.
 *
 * @param nameA the first model's name (e.g. {@code ptx}, {@code ptx-v7.5.cat})
 * @param nameB the second model's name
 * @param tests one entry per test, in the order the files were given
 */
public record ModelComparison(String nameA, String nameB, List<TestComparison> tests) {
  /**
   * Copies {@code tests} (unmodifiable); it may not be or hold null.
   *
   * @param nameA the first model's name (e.g. {@code ptx}, {@code ptx-v7.5.cat})
   * @param nameB the second model's name
   * @param tests one entry per test, in the order the files were given
   */
  public ModelComparison {
    tests = List.copyOf(tests);
  }

  /**
   * One side of a comparison: a model's name and how to check one file with it.
   *
   * @param name the model's name in reports
   * @param checker checks one file; may throw (the file is then reported with the message)
   */
  public record Side(String name, Function<Path, CheckResult> checker) {
    /**
     * A side from a memory model (e.g. a loaded cat model), with {@code base}'s limits in
     * states mode.
     *
     * @param model the model
     * @param base the limits (the mode is replaced by states mode)
     * @return the side, named by the model's label
     */
    public static Side of(io.github.ptxlitmus.model.MemoryModel model, CheckOptions base) {
      LitmusChecker checker =
          LitmusChecker.create(base.withMode(CheckOptions.Mode.STATES).withModel(model));
      return new Side(checker.options().modelLabel(), checker::check);
    }

    /**
     * A side from a model given by name or path (see {@link ModelComparison#isCatFile}).
     *
     * @param model a variant name or a cat file's path
     * @param base the limits (the mode is replaced by states mode)
     * @return the side, named by the model's label
     * @throws IllegalArgumentException if {@code model} is neither a variant nor a file
     * @throws io.github.ptxlitmus.cat.CatSyntaxException if the cat file is not accepted
     */
    public static Side of(String model, CheckOptions base) {
      CheckOptions states = base.withMode(CheckOptions.Mode.STATES);
      Optional<ModelSpec> builtIn = ModelSpec.named(model);
      CheckOptions options;
      if (builtIn.isPresent()) {
        options = states.withModel(builtIn.get());
      } else if (isCatFile(model)) {
        options = states.withModel(CatMemoryModel.load(Path.of(model)));
      } else {
        throw new IllegalArgumentException("unknown model '" + model + "' (built-in: "
            + ModelSpec.variants().stream().map(ModelSpec::name)
                .collect(Collectors.joining(", "))
            + "; or a cat file)");
      }
      LitmusChecker checker = LitmusChecker.create(options);
      return new Side(options.modelLabel(), checker::check);
    }
  }

  /**
   * Whether a model argument names a cat file rather than a built-in model: an existing
   * regular file.
   *
   * @param model the argument
   * @return true for a cat file's path
   */
  public static boolean isCatFile(String model) {
    try {
      return Files.isRegularFile(Path.of(model));
    } catch (java.nio.file.InvalidPathException e) {
      return false;
    }
  }

  /**
   * One test under both models.
   *
   * @param file the litmus file
   * @param a the first model's result, or empty when the check failed
   * @param b the second model's result, or empty when the check failed
   * @param onlyA states allowed by A and forbidden by B (sorted)
   * @param onlyB states allowed by B and forbidden by A (sorted)
   * @param problem why the test was not compared (a check failed, or a verdict is Unknown:
   *     a limit hid states), empty when it was
   */
  public record TestComparison(
      Path file,
      Optional<CheckResult> a,
      Optional<CheckResult> b,
      List<FinalState> onlyA,
      List<FinalState> onlyB,
      Optional<String> problem) {
    /**
     * Copies the state lists (unmodifiable); they may not be or hold null.
     *
     * @param file the litmus file
     * @param a the first model's result, or empty when the check failed
     * @param b the second model's result, or empty when the check failed
     * @param onlyA states allowed by A and forbidden by B (sorted)
     * @param onlyB states allowed by B and forbidden by A (sorted)
     * @param problem why the test was not compared (a check failed, or a verdict is Unknown:
     *     a limit hid states), empty when it was
     */
    public TestComparison {
      onlyA = List.copyOf(onlyA);
      onlyB = List.copyOf(onlyB);
    }

    /**
     * Whether the models disagree on this test.
     *
     * @return true when the test was compared and the state sets differ
     */
    public boolean differs() {
      return problem.isEmpty() && !(onlyA.isEmpty() && onlyB.isEmpty());
    }

    /**
     * Whether the test was compared.
     *
     * @return true when both checks succeeded with a known verdict
     */
    public boolean compared() {
      return problem.isEmpty();
    }

    /**
     * The test's name.
     *
     * @return the name in its header, or the file name when both checks failed
     */
    public String name() {
      return a.or(() -> b).map(CheckResult::testName).orElse(String.valueOf(file.getFileName()));
    }
  }

  /**
   * Checks every file with both sides (sequentially) and compares the states.
   *
   * @param a the first model
   * @param b the second model
   * @param files litmus files (not directories)
   * @return one {@link TestComparison} per file, in order; a check that throws is reported in
   *     {@link TestComparison#problem()}, not rethrown
   */
  public static ModelComparison compare(Side a, Side b, List<Path> files) {
    List<Optional<CheckResult>> ra = new ArrayList<>();
    List<Optional<CheckResult>> rb = new ArrayList<>();
    List<Optional<String>> errors = new ArrayList<>();
    for (Path f : files) {
      String[] err = new String[1];
      ra.add(tryCheck(a, f, err));
      rb.add(tryCheck(b, f, err));
      errors.add(Optional.ofNullable(err[0]));
    }
    return of(a.name(), b.name(), files, ra, rb, errors);
  }

  private static Optional<CheckResult> tryCheck(Side side, Path f, String[] err) {
    try {
      return Optional.of(side.checker().apply(f));
    } catch (RuntimeException e) {
      String m = side.name() + ": " + (e.getMessage() == null ? e.toString() : e.getMessage());
      err[0] = err[0] == null ? m : err[0] + "; " + m;
      return Optional.empty();
    }
  }

  /**
   * Compares results computed elsewhere (e.g. in parallel).
   *
   * @param nameA the first model's name
   * @param nameB the second model's name
   * @param files the files, in order
   * @param a the first model's results, aligned with {@code files} (empty: the check failed)
   * @param b the second model's results, aligned with {@code files}
   * @param errors the failure message of each file, if any, aligned with {@code files}
   * @return the comparison, one entry per file
   * @throws IllegalArgumentException if the lists differ in length
   */
  public static ModelComparison of(String nameA, String nameB, List<Path> files,
      List<Optional<CheckResult>> a, List<Optional<CheckResult>> b,
      List<Optional<String>> errors) {
    if (a.size() != files.size() || b.size() != files.size() || errors.size() != files.size()) {
      throw new IllegalArgumentException("results and files differ in number");
    }
    List<TestComparison> out = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      out.add(one(nameA, nameB, files.get(i), a.get(i), b.get(i), errors.get(i)));
    }
    return new ModelComparison(nameA, nameB, out);
  }

  private static TestComparison one(String nameA, String nameB, Path file,
      Optional<CheckResult> a, Optional<CheckResult> b, Optional<String> error) {
    Optional<String> problem = error;
    if (problem.isEmpty() && (a.isEmpty() || b.isEmpty())) {
      problem = Optional.of("check failed");
    }
    if (problem.isEmpty()) {
      problem = unknown(nameA, a.get()).or(() -> unknown(nameB, b.get()));
    }
    if (problem.isPresent()) {
      return new TestComparison(file, a, b, List.of(), List.of(), problem);
    }
    TreeSet<FinalState> sa = new TreeSet<>(a.get().states());
    TreeSet<FinalState> sb = new TreeSet<>(b.get().states());
    TreeSet<FinalState> onlyA = new TreeSet<>(sa);
    onlyA.removeAll(sb);
    TreeSet<FinalState> onlyB = new TreeSet<>(sb);
    onlyB.removeAll(sa);
    return new TestComparison(file, a, b, List.copyOf(onlyA), List.copyOf(onlyB),
        Optional.empty());
  }

  private static Optional<String> unknown(String name, CheckResult r) {
    if (r.verdict() == Verdict.UNKNOWN) {
      return Optional.of(name + ": Unknown (" + r.unknownReason().orElse("limit") + ")");
    }
    return Optional.empty();
  }

  /** {@return the number of tests compared (both checks succeeded with a known verdict)} */
  public int compared() {
    return (int) tests.stream().filter(TestComparison::compared).count();
  }

  /** {@return the number of tests whose state sets differ} */
  public int differing() {
    return (int) tests.stream().filter(TestComparison::differs).count();
  }

  /** {@return the number of tests where A allows a state B forbids} */
  public int testsOnlyA() {
    return (int) tests.stream().filter(t -> !t.onlyA().isEmpty()).count();
  }

  /** {@return the number of tests where B allows a state A forbids} */
  public int testsOnlyB() {
    return (int) tests.stream().filter(t -> !t.onlyB().isEmpty()).count();
  }

  /** {@return the number of states A allows and B forbids, summed over the tests} */
  public int statesOnlyA() {
    return tests.stream().mapToInt(t -> t.onlyA().size()).sum();
  }

  /** {@return the number of states B allows and A forbids, summed over the tests} */
  public int statesOnlyB() {
    return tests.stream().mapToInt(t -> t.onlyB().size()).sum();
  }

  /** {@return the number of compared tests where the condition's verdict (Ok/No) differs} */
  public int conditionDiffers() {
    return (int) tests.stream()
        .filter(t -> t.compared()
            && t.a().orElseThrow().conditionHolds() != t.b().orElseThrow().conditionHolds())
        .count();
  }

  /** {@return the number of tests not compared (a check failed or hit a limit)} */
  public int notCompared() {
    return tests.size() - compared();
  }
}
