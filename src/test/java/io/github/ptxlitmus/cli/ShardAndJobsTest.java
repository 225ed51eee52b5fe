package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.LitmusChecker;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Issue 18: {@code -j N} keeps the output order; {@code --shard K/N} partitions the tests. */
class ShardAndJobsTest {
  @TempDir Path dir;

  private static final String MP =
      "PTX %s\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
          + " st.relaxed.gpu x, 1 | ld.acquire.gpu r0, y ;\n"
          + " st.release.gpu y, 1 | ld.relaxed.gpu r1, x ;\n"
          + "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n";

  private void writeTests(int count) throws IOException {
    for (int i = 0; i < count; i++) {
      Path file = dir.resolve("d" + i % 3).resolve("T" + i + ".litmus");
      Files.createDirectories(file.getParent());
      Files.writeString(file, String.format(MP, "T" + i));
    }
  }

  private String run(String... args) {
    StringWriter out = new StringWriter();
    Function<CheckOptions, Function<Path, CheckResult>> checkers =
        options -> LitmusChecker.create(options)::check;
    CommandLine cmd = new CommandLine(CheckCommandSpec.of(new CheckCommand(checkers)));
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(new StringWriter(), true));
    assertThat(cmd.execute(args)).isZero();
    return out.toString();
  }

  private static List<String> testNames(String report) {
    List<String> names = new ArrayList<>();
    Matcher m = Pattern.compile("(?m)^Test (\\S+) ").matcher(report);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  @Test
  void parallelRunsPrintTheSameReportAsSequentialOnes() throws IOException {
    writeTests(12);
    String sequential = run("-j", "1", dir.toString()).replaceAll("(?m)^Time .*$", "");
    for (int jobs : new int[] {2, 4}) {
      assertThat(run("-j", String.valueOf(jobs), dir.toString()).replaceAll("(?m)^Time .*$", ""))
          .isEqualTo(sequential);
    }
  }

  @Test
  void shardsPartitionTheTestsStably() throws IOException {
    writeTests(20);
    List<String> all = testNames(run(dir.toString()));
    assertThat(all).hasSize(20);
    List<String> union = new ArrayList<>();
    for (int k = 1; k <= 3; k++) {
      List<String> shard = testNames(run("--shard", k + "/3", dir.toString()));
      assertThat(shard).allMatch(name -> !union.contains(name));
      assertThat(testNames(run("--shard", k + "/3", dir.toString()))).isEqualTo(shard);
      union.addAll(shard);
    }
    assertThat(union).containsExactlyInAnyOrderElementsOf(all);
    assertThat(testNames(run("--shard", "1/1", dir.toString()))).isEqualTo(all);
  }

  @Test
  void malformedShardIsAUsageError() {
    for (String bad : new String[] {"0/3", "4/3", "x", "1/0"}) {
      CommandLine cmd = new CommandLine(CheckCommandSpec.of(new CheckCommand()));
      cmd.setOut(new PrintWriter(new StringWriter(), true));
      cmd.setErr(new PrintWriter(new StringWriter(), true));
      assertThat(cmd.execute("--shard", bad, dir.toString())).as(bad).isEqualTo(2);
    }
  }
}
