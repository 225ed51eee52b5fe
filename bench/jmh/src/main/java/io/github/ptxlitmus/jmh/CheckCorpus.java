package io.github.ptxlitmus.jmh;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * One pass over a corpus of parsed litmus tests through the public API
 * ({@code LitmusChecker.create().check(LitmusTest)}, default options), one thread, warm.
 *
 * <p>{@code impl} names a jar, {@code $PTX_JMH_JARS/<impl>.jar} (a CLI jar: the library and its
 * dependencies), loaded in a class loader of its own, so a release and the working tree run
 * side by side in one run. {@code corpus} names a directory, {@code $PTX_JMH_CORPUS_<CORPUS>}
 * (upper case), searched for {@code *.litmus}. Both are set by {@code bin/bench-jmh}.
 *
 * <p>The score is the time of one pass (milliseconds); tests per second are the corpus size
 * over it. Besides it, the tear-down prints the per-test distribution (each test's median over
 * the measured passes; the median, 90th percentile and maximum of those over the corpus) and
 * writes it with every test's answer to {@code $PTX_JMH_OUT/<impl>-<corpus>.tsv}, so the
 * script can show that the answers are the same.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 4)
@Measurement(iterations = 5, time = 4)
public class CheckCorpus {
  /** The implementation: a jar name under {@code $PTX_JMH_JARS}. */
  @Param({"current"})
  public String impl;

  /** The corpus: its directory is {@code $PTX_JMH_CORPUS_<CORPUS>}. */
  @Param({"shared"})
  public String corpus;

  private String[] names;
  private Object[] tests;
  private MethodHandle check;
  private long[][] times;
  private int passes;
  private boolean measuring;

  @Setup(Level.Trial)
  public void load() throws Throwable {
    Path jar = Path.of(env("PTX_JMH_JARS")).resolve(impl + ".jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException("no jar for impl=" + impl + ": " + jar);
    }
    ClassLoader loader =
        new URLClassLoader(
            "ptx-litmus-" + impl, new URL[] {jar.toUri().toURL()},
            ClassLoader.getPlatformClassLoader());
    Class<?> testClass = Class.forName("io.github.ptxlitmus.litmus.LitmusTest", true, loader);
    Class<?> parser = Class.forName("io.github.ptxlitmus.litmus.LitmusParser", true, loader);
    Class<?> checker = Class.forName("io.github.ptxlitmus.check.LitmusChecker", true, loader);
    Class<?> result = Class.forName("io.github.ptxlitmus.check.CheckResult", true, loader);
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    MethodHandle parse =
        lookup.findStatic(parser, "parse", MethodType.methodType(testClass, String.class, String.class));
    Object instance = lookup.findStatic(checker, "create", MethodType.methodType(checker)).invoke();
    check =
        lookup.findVirtual(checker, "check", MethodType.methodType(result, testClass))
            .bindTo(instance)
            .asType(MethodType.methodType(Object.class, Object.class));

    Path dir = Path.of(env("PTX_JMH_CORPUS_" + corpus.toUpperCase(Locale.ROOT)));
    List<Path> files;
    try (Stream<Path> s = Files.walk(dir)) {
      files = s.filter(p -> p.toString().endsWith(".litmus")).sorted().toList();
    }
    List<String> keptNames = new ArrayList<>();
    List<Object> kept = new ArrayList<>();
    for (Path f : files) {
      String name = dir.relativize(f).toString();
      try {
        kept.add(parse.invoke(name, Files.readString(f, StandardCharsets.UTF_8)));
        keptNames.add(name);
      } catch (Throwable e) {
        System.out.println("# skipped " + name + ": " + e.getMessage());
      }
    }
    names = keptNames.toArray(String[]::new);
    tests = kept.toArray();
    times = new long[tests.length][16];
    // One check of each test outside the measurement: its answer, compared across
    // implementations by bin/bench-jmh.
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < tests.length; i++) {
      out.append(names[i]).append('\t').append(answer(result, check.invoke(tests[i]))).append('\n');
    }
    answers = out.toString();
  }

  private String answers;

  /** Verdict, condition, herd's counts, flags and the allowed states: what must not change. */
  private static String answer(Class<?> result, Object r) throws ReflectiveOperationException {
    StringBuilder b = new StringBuilder();
    for (String m : new String[] {"verdict", "conditionHolds", "unknownReason", "positive",
        "negative", "flags", "states"}) {
      Object v = result.getMethod(m).invoke(r);
      if (v instanceof java.util.Set<?> set) { // flags: an immutable set's order varies by run
        v = set.stream().map(String::valueOf).sorted().toList();
      }
      b.append(m).append('=').append(v).append(' ');
    }
    return b.toString().trim();
  }

  @Setup(Level.Iteration)
  public void iteration(IterationParams params) {
    measuring = params.getType() == IterationType.MEASUREMENT;
  }

  /** Checks every test of the corpus once. */
  @Benchmark
  public void pass(Blackhole bh) throws Throwable {
    Object[] t = tests;
    boolean record = measuring;
    if (record && passes == times[0].length) {
      for (int i = 0; i < times.length; i++) {
        times[i] = Arrays.copyOf(times[i], 2 * passes);
      }
    }
    for (int i = 0; i < t.length; i++) {
      long start = System.nanoTime();
      Object r = check.invoke(t[i]);
      long took = System.nanoTime() - start;
      bh.consume(r);
      if (record) {
        times[i][passes] = took;
      }
    }
    if (record) {
      passes++;
    }
  }

  @TearDown(Level.Trial)
  public void report() throws IOException {
    int n = tests.length;
    if (passes == 0 || n == 0) {
      System.out.println("# in-process impl=" + impl + " corpus=" + corpus + ": nothing measured");
      return;
    }
    long[] median = new long[n];
    long passSum = 0;
    for (int i = 0; i < n; i++) {
      long[] own = Arrays.copyOf(times[i], passes);
      for (long x : own) {
        passSum += x;
      }
      Arrays.sort(own);
      median[i] = own[passes / 2];
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(median[a], median[b]));
    long med = median[order[n / 2]];
    long p90 = median[order[Math.min(n - 1, (int) Math.ceil(0.9 * n) - 1)]];
    int slowest = order[n - 1];
    double testsPerSecond = (double) n * passes / (passSum / 1e9);
    String line =
        String.format(Locale.ROOT,
            "# in-process impl=%s corpus=%s tests=%d passes=%d tests/s=%.0f median=%.1fus"
                + " p90=%.1fus max=%.2fms (%s)",
            impl, corpus, n, passes, testsPerSecond, med / 1e3, p90 / 1e3, median[slowest] / 1e6,
            names[slowest]);
    System.out.println();
    System.out.println(line);
    String outDir = System.getenv("PTX_JMH_OUT");
    if (outDir != null) {
      StringBuilder tsv = new StringBuilder(line).append('\n');
      String[] answerLines = answers.split("\n");
      for (int i = 0; i < n; i++) {
        tsv.append(median[i]).append('\t').append(answerLines[i]).append('\n');
      }
      Path out = Path.of(outDir).resolve(impl + "-" + corpus + ".tsv");
      Files.createDirectories(out.getParent());
      Files.writeString(out, tsv.toString(), StandardCharsets.UTF_8);
    }
  }

  private static String env(String name) {
    String v = System.getenv(name);
    if (v == null || v.isEmpty()) {
      throw new IllegalStateException(name + " is not set (bin/bench-jmh sets it)");
    }
    return v;
  }
}
