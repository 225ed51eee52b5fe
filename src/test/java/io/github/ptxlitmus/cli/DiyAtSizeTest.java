package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code diy} and {@code catalogue} at sizes whose count explodes: the estimate before the run,
 * the refusal without {@code --max-tests}, the bound, tests written as they are generated, and
 * {@code --shard K/N} splitting a run into disjoint and complete parts.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DiyAtSizeTest {
  @TempDir Path dir;

  private final CommandRun cli = new CommandRun();

  @Test
  void anExplodingSizeIsEstimatedAndRefusedBeforeAnythingIsWritten() {
    long start = System.nanoTime();
    Path out = dir.resolve("out");
    assertThat(cli.run("diy", "--safe", "@ptx", "--size", "6", "-o", out.toString()))
        .isEqualTo(Main.USAGE_ERROR);
    assertThat(cli.err.toString())
        .contains("diy: about 3,1") // about 3.1 million tests
        .contains("tests of up to 6 edges (an estimate from the edges given)")
        .contains("give --max-tests N");
    assertThat(out).doesNotExist();
    cli.clear();
    assertThat(cli.run("diy", "--safe", "@ptx", "--size", "12")).isEqualTo(Main.USAGE_ERROR);
    assertThat(cli.err.toString()).contains("give --max-tests N");
    assertThat(cli.out.toString()).isEmpty();
    assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(60));
    cli.clear();
    assertThat(cli.run("catalogue", "--safe", "@ptx", "--size", "6"))
        .isEqualTo(Main.USAGE_ERROR);
    assertThat(cli.err.toString()).contains("catalogue: about").contains("--max-tests");
  }

  @Test
  void aBoundStopsTheRunAndTheTestsComeAsTheyAreGenerated() throws IOException {
    // the whole of size 6 takes minutes: the first tests are written long before
    long start = System.nanoTime();
    Path out = dir.resolve("out");
    assertThat(cli.run("diy", "--safe", "@ptx", "--size", "6", "--max-tests", "40", "-o",
        out.toString())).isZero();
    assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(60));
    List<String> index = Files.readAllLines(out.resolve("@all"));
    assertThat(index).hasSize(40).doesNotHaveDuplicates();
    for (String file : index) {
      assertThat(out.resolve(file)).isRegularFile();
    }
    assertThat(cli.err.toString())
        .contains("diy: stopped at --max-tests 40 (more tests would follow)")
        .contains("Generator produced 40 tests in " + out);
  }

  @Test
  void smallRunsSayNothingMoreThanBefore() {
    assertThat(cli.run("diy", "--safe", "PodWR,Fre", "--size", "4", "-o", dir.toString()))
        .isZero();
    assertThat(cli.err.toString().lines()).containsExactly("Generator produced 1 tests in " + dir);
  }

  @Test
  void shardsOfAnEnumerationAreDisjointAndCompleteAndMatchCheckShards() throws IOException {
    String[] edges = {"--safe", "Pod**,Rfe,Fre,Coe,RfeRelAcq,Fence.sc.gpudWR", "--size", "4"};
    Path all = dir.resolve("all");
    assertThat(cli.run(concat(edges, "-o", all.toString()))).isZero();
    Set<String> everything = Set.copyOf(Files.readAllLines(all.resolve("@all")));
    assertThat(everything).hasSizeGreaterThan(30);
    Set<String> union = new HashSet<>();
    for (int k = 1; k <= 3; k++) {
      Path part = dir.resolve("part" + k);
      cli.clear();
      assertThat(cli.run(concat(edges, "--shard", k + "/3", "-o", part.toString()))).isZero();
      List<String> files = Files.readAllLines(part.resolve("@all"));
      assertThat(files).isNotEmpty().allMatch(f -> !union.contains(f));
      for (String f : files) {
        assertThat(Files.readString(part.resolve(f))).isEqualTo(Files.readString(all.resolve(f)));
      }
      union.addAll(files);
      // check --shard over the whole output picks the same files
      cli.clear();
      cli.run("check", "--shard", k + "/3", "--format", "json", all.toString());
      for (String f : files) {
        assertThat(cli.out.toString()).contains(all.resolve(f).toString());
      }
      assertThat(cli.out.toString().split("\"file\"", -1)).hasSize(files.size() + 1);
    }
    assertThat(union).isEqualTo(everything);
  }

  @Test
  void catalogueShardsPartitionTheGeneratedTests() {
    String[] edges = {"catalogue", "--safe", "PodWR,PodWW,PodRR,PodRW,Fre,Rfe,Coe", "--size",
        "4", "--format", "csv"};
    assertThat(cli.run(edges)).isZero();
    List<String> rows = cli.out.toString().lines().skip(1).toList();
    List<String> union = new ArrayList<>();
    for (int k = 1; k <= 2; k++) {
      cli.clear();
      assertThat(cli.run(concat(edges, "--shard", k + "/2"))).isZero();
      union.addAll(cli.out.toString().lines().skip(1).toList());
    }
    assertThat(union).containsExactlyInAnyOrderElementsOf(rows);
  }

  @Test
  void badBoundsAndShardsAreUsageErrors() {
    assertThat(cli.run("diy", "--safe", "PodWR,Fre", "--max-tests", "0")).isEqualTo(2);
    assertThat(cli.run("diy", "--safe", "PodWR,Fre", "--shard", "3/2")).isEqualTo(2);
    assertThat(cli.run("catalogue", "--safe", "PodWR,Fre", "--shard", "x")).isEqualTo(2);
    assertThat(cli.err.toString().lines()).hasSize(3)
        .allMatch(l -> l.startsWith("ptx-litmus diy: ") || l.startsWith("ptx-litmus catalogue: "));
  }

  private static String[] concat(String[] a, String... b) {
    List<String> out = new ArrayList<>(List.of(a));
    out.addAll(List.of(b));
    if (!out.get(0).equals("diy") && !out.get(0).equals("catalogue")) {
      out.add(0, "diy");
    }
    return out.toArray(String[]::new);
  }
}
