package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/job-shard}, the fragment the batch recipes (docs/scale-out.md) use to turn a
 * Kubernetes Indexed Job's or a Slurm job array's index into {@code --shard K/N}: every index of
 * the job gives a different shard, and together they are {@code 1/N .. N/N}.
 */
class JobShardScriptTest {
  private static final Path SCRIPT = Path.of("bin", "job-shard");

  @BeforeAll
  static void needsBash() {
    assumeTrue(Files.isExecutable(SCRIPT) && Files.isExecutable(Path.of("/usr/bin/env")),
        "bin/job-shard and /usr/bin/env");
  }

  private record Result(int code, String out, String err) {}

  private static Result run(Map<String, String> env) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(SCRIPT.toString());
    pb.environment().keySet().removeIf(k -> k.startsWith("SLURM_") || k.startsWith("JOB_")
        || k.equals("SHARDS") || k.startsWith("PTX_LITMUS"));
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return new Result(p.exitValue(), out, err);
  }

  @Test
  void kubernetesIndexesFromZeroGiveEveryShardOnce() throws Exception {
    Set<String> shards = new HashSet<>();
    for (int index = 0; index < 5; index++) {
      Result r = run(Map.of("JOB_COMPLETION_INDEX", String.valueOf(index), "SHARDS", "5"));
      assertThat(r.code()).isZero();
      shards.add(r.out());
    }
    assertThat(shards).containsExactlyInAnyOrder("1/5", "2/5", "3/5", "4/5", "5/5");
  }

  @Test
  void slurmArraysFromAnyFirstIdGiveEveryShardOnce() throws Exception {
    for (int min : new int[] {0, 1, 17}) {
      Set<String> shards = new HashSet<>();
      for (int id = min; id < min + 4; id++) {
        Result r = run(Map.of("SLURM_ARRAY_TASK_ID", String.valueOf(id),
            "SLURM_ARRAY_TASK_MIN", String.valueOf(min),
            "SLURM_ARRAY_TASK_MAX", String.valueOf(min + 3), "SLURM_ARRAY_TASK_COUNT", "4"));
        assertThat(r.code()).isZero();
        shards.add(r.out());
      }
      assertThat(shards).containsExactlyInAnyOrder("1/4", "2/4", "3/4", "4/4");
    }
  }

  @Test
  void anExplicitShardWins() throws Exception {
    assertThat(run(Map.of("PTX_LITMUS_SHARD", "3/7", "JOB_COMPLETION_INDEX", "0",
        "SHARDS", "2")).out()).isEqualTo("3/7");
  }

  @Test
  void whatMakesNoShardIsOneLineAndExit2() throws Exception {
    for (Map<String, String> env : List.of(
        Map.<String, String>of(),
        Map.of("JOB_COMPLETION_INDEX", "0"),
        Map.of("JOB_COMPLETION_INDEX", "4", "SHARDS", "4"),
        Map.of("JOB_COMPLETION_INDEX", "x", "SHARDS", "4"),
        Map.of("SLURM_ARRAY_TASK_ID", "2", "SLURM_ARRAY_TASK_MIN", "0",
            "SLURM_ARRAY_TASK_MAX", "6", "SLURM_ARRAY_TASK_COUNT", "4"),
        Map.of("PTX_LITMUS_SHARD", "0/3"))) {
      Result r = run(env);
      assertThat(r.code()).as("%s", env).isEqualTo(2);
      assertThat(r.out()).isEmpty();
      assertThat(r.err().lines()).hasSize(1).allMatch(l -> l.startsWith("job-shard: "));
    }
  }
}
