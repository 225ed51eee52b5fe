package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.SourcePosition;
import io.github.ptxlitmus.report.Results;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CheckCommandTest {
  @TempDir Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private final AtomicReference<CheckOptions> seenOptions = new AtomicReference<>();

  /** A fake checker driven by the file's content: holds, no, unknown, syntax, boom. */
  private Function<Path, CheckResult> fake(CheckOptions options) {
    seenOptions.set(options);
    return file -> {
      String name = file.getFileName().toString().replace(".litmus", "");
      String body;
      try {
        body = Files.readString(file).strip();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      if (body.contains("(* hang *)")) {
        body = "hang";
      }
      switch (body) {
        case "holds":
          return Results.simple(name, true, Verdict.ALLOWED);
        case "no":
          return Results.simple(name, false, Verdict.FORBIDDEN);
        case "unknown":
          return Results.simple(name, false, Verdict.UNKNOWN);
        case "hang":
          try {
            Thread.sleep(Long.MAX_VALUE);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          throw new IllegalStateException("interrupted");
        case "syntax":
          throw new LitmusSyntaxException(new SourcePosition(file.toString(), 2, 5), "bad token");
        default:
          throw new IllegalStateException("kaboom\nsecond line");
      }
    };
  }

  private int run(String... args) {
    CommandLine cmd = new CommandLine(CheckCommandSpec.of(new CheckCommand(this::fake)));
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }

  private Path write(String relative, String content) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
    return file;
  }

  @Test
  void walksDirectoriesSortedAndPrintsBlocksAndSummary() throws Exception {
    write("b/B.litmus", "no");
    write("a/A.litmus", "holds");
    write("a/notes.txt", "ignored");
    write("C.litmus", "holds");
    assertThat(run(dir.toString())).isEqualTo(0);
    String text = out.toString();
    assertThat(text.indexOf("Verdict C Allowed"))
        .isLessThan(text.indexOf("Verdict A Allowed"))
        .isLessThan(text.indexOf("Verdict B Forbidden"));
    assertThat(text).endsWith("Summary: 3 tests, 2 ok, 1 no, 0 undefined, 0 unknown, 0 errors\n");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void parseErrorAndCrashAreReportedAndTheRunContinues() throws Exception {
    write("A.litmus", "syntax");
    write("B.litmus", "boom");
    write("C.litmus", "holds");
    assertThat(run("-j", "2", dir.toString())).isEqualTo(1);
    String a = dir.resolve("A.litmus").toString();
    String b = dir.resolve("B.litmus").toString();
    assertThat(out.toString())
        .startsWith(
            "Error " + a + ": " + a + ":2:5: bad token\n\n"
                + "Error " + b + ": IllegalStateException: kaboom second line\n\n"
                + "Test C Allowed\n")
        .endsWith("Summary: 3 tests, 1 ok, 0 no, 0 undefined, 0 unknown, 2 errors\n")
        .doesNotContain("\tat ");
  }

  @Test
  void aCheckThatIgnoresItsTimeLimitIsAbandonedAndTheOthersStillRun() throws Exception {
    write("A.litmus", "hang");
    write("B.litmus", "hang");
    write("C.litmus", "holds");
    long start = System.nanoTime();
    assertThat(run("-j", "1", "--timeout", "0.05", dir.toString())).isEqualTo(1);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    assertThat(out.toString())
        .contains("Error " + dir.resolve("A.litmus") + ": no answer within 1.05 s; check abandoned\n")
        .contains("Error " + dir.resolve("B.litmus") + ": no answer within 1.05 s; check abandoned\n")
        .contains("Test C Allowed")
        .endsWith("Summary: 3 tests, 1 ok, 0 no, 0 undefined, 0 unknown, 2 errors\n");
  }

  @Test
  void anAbandonedCheckOfAValidTestIsUnknownNotAnError() throws Exception {
    String mp = Files.readString(Path.of("src/test/resources/litmus/spec/MP+fence.sys.litmus"));
    write("A.litmus", "(* hang *)\n" + mp.replaceAll("\\(\\* expect[^*]*\\*\\)\n", ""));
    assertThat(run("--timeout", "0.05", dir.toString())).isEqualTo(0);
    assertThat(out.toString())
        .contains("Verdict MP+fence.sys Unknown\n")
        .contains("Unknown MP+fence.sys no answer within 1.05 s; check abandoned\n")
        .endsWith("Summary: 1 tests, 0 ok, 0 no, 0 undefined, 1 unknown, 0 errors\n");
    // With its own oracle, the file expected an answer the abandoned check did not give.
    write("A.litmus", "(* hang *)\n" + mp);
    out.getBuffer().setLength(0);
    assertThat(run("--timeout", "0.05", dir.toString())).isEqualTo(1);
    assertThat(out.toString()).contains("Expectation mismatch " + dir.resolve("A.litmus")
        + ": verdict: expected FORBIDDEN, is UNKNOWN (no answer within 1.05 s; check abandoned)");
  }

  @Test
  void textStreamsEachBlockAsSoonAsItIsDone() throws Exception {
    // Issue 16: an interrupted run keeps what it printed. A is done at once, B hangs until
    // abandoned (2 s): A's block must be out long before the run ends.
    write("A.litmus", "holds");
    write("B.litmus", "hang");
    java.util.concurrent.CompletableFuture<Integer> running =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () -> run("-j", "2", "--timeout", "0.5", dir.toString()));
    long deadline = System.nanoTime() + Duration.ofMillis(1500).toNanos();
    while (!out.toString().contains("Time A ") && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(out.toString()).startsWith("Test A Allowed\n").doesNotContain("Summary");
    assertThat(running.isDone()).isFalse();
    assertThat(running.get()).isEqualTo(1);
    assertThat(out.toString()).contains("Summary: 2 tests");
  }

  @Test
  void optionsReachTheChecker() throws Exception {
    write("A.litmus", "holds");
    assertThat(run("--timeout", "2.5", "--bound", "4", "--all-states", dir.toString()))
        .isEqualTo(0);
    assertThat(seenOptions.get())
        .isEqualTo(
            CheckOptions.defaults()
                .withTimeLimit(Duration.ofMillis(2500))
                .withLoopBound(4)
                .withAllStates(true));
  }

  @Test
  void modelAndWithoutReachTheChecker() throws Exception {
    write("A.litmus", "holds");
    assertThat(
            run("--model", "DAT3M-v7.5", "--without", "causality", "--without", "Fence-SC",
                dir.toString()))
        .isEqualTo(0);
    assertThat(seenOptions.get().model())
        .isEqualTo(
            io.github.ptxlitmus.model.ModelSpec.dat3mV75()
                .without(io.github.ptxlitmus.model.Axiom.CAUSALITY)
                .without(io.github.ptxlitmus.model.Axiom.FENCE_SC));
    assertThat(seenOptions.get().modelLabel()).isEqualTo("dat3m-v7.5 without Fence-SC, Causality");
  }

  @Test
  void unknownModelOrAxiomIsAUsageError() throws Exception {
    write("A.litmus", "holds");
    assertThat(run("--without", "Coherance", dir.toString())).isEqualTo(2);
    assertThat(err.toString()).startsWith("--without: unknown axiom 'Coherance' (known: Coherence,");
    assertThat(run("--model", "herd", dir.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--model: unknown model 'herd' (known: ptx, dat3m-v7.5,");
  }

  @Test
  void jsonFormat() throws Exception {
    write("A.litmus", "holds");
    write("B.litmus", "syntax");
    assertThat(run("--format", "json", dir.toString())).isEqualTo(1);
    assertThat(out.toString())
        .startsWith("{")
        .contains("\"test\" : \"A\"")
        .contains("\"error\" : \"" + dir.resolve("B.litmus") + ":2:5: bad token\"")
        .endsWith("}\n");
  }

  @Test
  void expectAgreesAndListsMissingAndDivergences() throws Exception {
    write("corpus/x/A.litmus", "holds");
    write("corpus/B.litmus", "no");
    write("corpus/U.litmus", "unknown");
    write("corpus/P.litmus", "syntax");
    write("corpus/NoRow.litmus", "holds");
    Path csv =
        write(
            "corpus/expected.csv",
            "x/A.litmus,1\nB.litmus,1\nU.litmus,1\nP.litmus,1\nGone.litmus,0\n");
    Path div =
        write(
            "docs/divergences.csv",
            "# path,reason\nB.litmus,8.10.5 SC-per-Location (model.md)\n"
                + "U.litmus,too slow\nP.litmus,unsupported until proxies land\n");
    int code =
        run(
            "--expect", csv.toString(),
            "--divergences", div.toString(),
            dir.resolve("corpus").toString());
    assertThat(out.toString())
        .contains(
            """
            Divergence B.litmus: 8.10.5 SC-per-Location (model.md)
            Divergence P.litmus: unsupported until proxies land
            Divergence U.litmus: too slow
            Missing Gone.litmus
            Expect agree 1/4, 0 mismatches, 3 divergences, 1 missing, 1 without row
            """)
        .doesNotContain("Mismatch");
    assertThat(code).isEqualTo(0);
  }

  @Test
  void undocumentedMismatchFails() throws Exception {
    write("corpus/A.litmus", "no");
    write("corpus/U.litmus", "unknown");
    write("corpus/C.litmus", "holds");
    Path csv = write("corpus/expected.csv", "A.litmus,1\nU.litmus,0\nC.litmus,1\n");
    Path none = write("none.csv", "# no divergence\n");
    int code =
        run(
            "--expect", csv.toString(),
            "--divergences", none.toString(),
            dir.resolve("corpus").toString());
    assertThat(out.toString())
        .contains(
            """
            Mismatch A.litmus: expected 1, got 0 (Forbidden)
            Mismatch U.litmus: expected 0, got unknown (Unknown: time limit 60 s)
            Expect agree 1/3, 2 mismatches, 0 divergences, 0 missing, 0 without row
            """);
    assertThat(code).isEqualTo(1);
  }

  @Test
  void usageErrorsExitTwo() throws Exception {
    Path a = write("A.litmus", "holds");
    assertThat(run()).isEqualTo(2);
    assertThat(run(dir.resolve("nope").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("no such file or directory");
    assertThat(run("--format", "xml", a.toString())).isEqualTo(2);
    assertThat(run("-j", "0", a.toString())).isEqualTo(2);
    assertThat(run("--timeout", "0", a.toString())).isEqualTo(2);
    assertThat(run("--bound", "-1", a.toString())).isEqualTo(2);
    assertThat(run("--expect", dir.resolve("missing.csv").toString(), a.toString())).isEqualTo(2);
    Path bad = write("bad.csv", "A.litmus,maybe\n");
    assertThat(run("--expect", bad.toString(), a.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("bad.csv:1: expected 0 or 1");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void registeredAsSubcommandOfMain() {
    CommandLine main = Main.commandLine();
    main.setOut(new PrintWriter(out, true));
    main.setErr(new PrintWriter(err, true));
    assertThat(main.getSubcommands()).containsKey("check");
    assertThat(main.execute("check")).isEqualTo(2);
    assertThat(main.execute("check", "--help")).isEqualTo(0);
    assertThat(out.toString()).contains("Usage: ptx-litmus check");
  }

  @Test
  void explicitFilesKeepArgumentOrderAndDuplicatesCollapse() throws Exception {
    Path b = write("B.litmus", "no");
    Path a = write("A.litmus", "holds");
    assertThat(run(b.toString(), a.toString(), b.toString())).isEqualTo(0);
    assertThat(out.toString().indexOf("Test B")).isLessThan(out.toString().indexOf("Test A"));
    assertThat(out.toString()).contains("Summary: 2 tests");
    assertThat(List.of(out.toString().split("\n")))
        .filteredOn(l -> l.startsWith("Test B"))
        .hasSize(1);
  }

  @Test
  void decideAndStatesSelectTheModeAndExcludeEachOther() throws Exception {
    Path a = write("A.litmus", "holds");
    assertThat(run(a.toString())).isEqualTo(0);
    assertThat(seenOptions.get().mode()).isEqualTo(CheckOptions.Mode.AUTO);
    assertThat(run("--decide", a.toString())).isEqualTo(0);
    assertThat(seenOptions.get().mode()).isEqualTo(CheckOptions.Mode.DECIDE);
    assertThat(run("--states", a.toString())).isEqualTo(0);
    assertThat(seenOptions.get().mode()).isEqualTo(CheckOptions.Mode.STATES);
    assertThat(run("--exhaustive", a.toString())).isEqualTo(0);
    assertThat(seenOptions.get().mode()).isEqualTo(CheckOptions.Mode.EXHAUSTIVE);
    assertThat(run("--decide", "--states", a.toString())).isEqualTo(2);
    assertThat(err.toString())
        .contains("--decide, --states and --exhaustive are mutually exclusive");
    assertThat(run("--states", "--exhaustive", a.toString())).isEqualTo(2);
  }

  @Test
  void decideModeOnARealTestPrintsTheDecidedFlag() throws Exception {
    Path mp = write("MP.litmus", io.github.ptxlitmus.bench.Family.MP.generate(3));
    CommandLine cmd = new CommandLine(CheckCommandSpec.of(new CheckCommand()));
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    assertThat(cmd.execute("--decide", mp.toString())).isEqualTo(0);
    assertThat(out.toString())
        .contains("Verdict MP-3 Forbidden")
        .contains("Flag decided")
        .contains("Summary: 1 tests, 0 ok, 1 no");
  }

  /**
   * QA (issue 18): a thread of thousands of stores and a condition of thousands of terms are
   * checked and printed, not lost to a stack overflow (the search recurses per write it orders,
   * the herd-syntax printer per term), and the other files of the run are still reported.
   */
  @Test
  void longThreadsAndLongConditionsDoNotOverflowTheStack() throws Exception {
    StringBuilder stores = new StringBuilder("PTX LongThread\n{ x0 = 0; }\n P0@cta 0,gpu 0 ;\n");
    for (int i = 0; i < 2000; i++) {
      stores.append(" st.weak x").append(i).append(", 1 ;\n");
    }
    stores.append("exists (x0 == 1)\n");
    Path longThread = dir.resolve("a-long-thread.litmus");
    Files.writeString(longThread, stores);
    StringBuilder cond = new StringBuilder("PTX LongCondition\n{ x = 0; }\n P0@cta 0,gpu 0 ;\n"
        + " st.weak x, 1 ;\nexists (x == 0");
    for (int i = 1; i < 20000; i++) {
      cond.append(" \\/ x == ").append(i);
    }
    cond.append(")\n");
    Path longCondition = dir.resolve("b-long-condition.litmus");
    Files.writeString(longCondition, cond);
    Path good = dir.resolve("c-good.litmus");
    Files.writeString(good, io.github.ptxlitmus.bench.Family.MP.generate(2));
    CommandRun cli = new CommandRun();
    int code = cli.run("check", "--no-progress", longThread.toString(), longCondition.toString(),
        good.toString());
    assertThat(cli.err.toString()).doesNotContain("Exception").doesNotContain("overflow");
    assertThat(cli.out.toString())
        .contains("Verdict LongThread Allowed")
        .contains("Verdict LongCondition Allowed")
        .contains("Verdict MP-2 Forbidden")
        .contains("Summary: 3 tests");
    assertThat(code).isEqualTo(0);
  }
}
