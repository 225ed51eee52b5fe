package io.github.ptxlitmus.property;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.cat.CatMemoryModel;
import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.model.CandidateExecution;
import io.github.ptxlitmus.model.MemoryModel;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.model.Violation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Property: the engines' pruning rules (docs/model.md, "Pruning rules") change no answer. The
 * oracle is the exhaustive search with nothing pruned: the same {@link ModelSpec} behind a
 * {@link MemoryModel} the search cannot see through judges every candidate (rf choices, torn
 * variants, Fence-SC orders, barrier groupings, all coherence orders). The pruned exhaustive
 * search must give the same states, verdict and data-race flag. (Execution counts are not
 * compared: for a foreign model every total coherence order is its own candidate, while the
 * built-in model counts orders with the same co and final memory once.)
 *
 * <p>The tests are spin-loop programs in the shape of Dat3M's CADP and Liveness folders (issue
 * 18), where the rf-prefix rules ({@code PtxModel.checkPrefix}), the RMW source matching and the
 * value filter of sources prune the most: 2-3 threads, each a few labelled blocks of one
 * {@code atom.exch}, {@code ld} or {@code st} on one or two locations, with {@code beq}/{@code
 * bne} and {@code goto} between the blocks, unrolled once (loop bound 1) so that the unpruned
 * oracle finishes most of them.
 */
class PruningOraclePropertyTest {
  private static final int TESTS = 40;

  /**
   * The oracle's candidate limit per test: a test with more candidates is not compared (a
   * count, not a time, so that which tests are compared does not depend on the machine).
   */
  private static final long ORACLE_CANDIDATES = 20_000;

  @Test
  void pruningChangesNothingOnSpinLoops() {
    int compared = 0;
    for (long seed = 4_000_000L; seed < 4_000_000L + TESTS; seed++) {
      compared += compare(seed, ModelSpec.ptx()) ? 1 : 0;
    }
    assertThat(compared).as("tests the oracle finished").isGreaterThanOrEqualTo(TESTS * 3 / 4);
  }

  @Test
  void pruningChangesNothingOnSpinLoopsUnderSampledModelSwitches() {
    int compared = 0;
    for (long seed = 4_100_000L; seed < 4_100_000L + TESTS; seed++) {
      compared += compare(seed, Properties.sampleModel(seed)) ? 1 : 0;
    }
    assertThat(compared).as("tests the oracle finished").isGreaterThanOrEqualTo(TESTS * 3 / 4);
  }

  /**
   * Cat models: the pruned search (states and decide mode), whose one generic rule is that a
   * monotone constraint failing on a partial choice refuses it, against the exhaustive search
   * judging every candidate with the same model; herd's total coherence order (the test models)
   * and Dat3M's partial orders (its PTX cat files, when {@code ../shared} is present).
   */
  @Test
  void pruningChangesNothingOnSpinLoopsUnderCatModels() throws Exception {
    List<Path> cats = new ArrayList<>();
    for (String m : List.of("sc.cat", "tso.cat", "sc-herd.cat")) {
      cats.add(Path.of(getClass().getResource("/cat/models/" + m).toURI()));
    }
    Path dat3m = Path.of("..", "shared", "corpus", "dat3m-ptx", "cat");
    if (Files.isDirectory(dat3m)) {
      cats.add(dat3m.resolve("ptx-v7.5.cat"));
      cats.add(dat3m.resolve("ptx-v6.0.cat"));
    }
    for (Path cat : cats) {
      MemoryModel model = CatMemoryModel.load(cat);
      // Dat3M's files judge each total order by its sub-orders: far fewer candidates per second
      long oracle = cat.startsWith(dat3m) ? DAT3M_ORACLE_CANDIDATES : ORACLE_CANDIDATES;
      int compared = 0;
      for (long seed = 4_200_000L; seed < 4_200_000L + CAT_TESTS; seed++) {
        compared += compareCat(seed, model, oracle) ? 1 : 0;
      }
      assertThat(compared).as("tests the oracle finished under " + cat)
          .isGreaterThanOrEqualTo(CAT_TESTS / 2);
    }
  }

  private static final int CAT_TESTS = 12;

  private static final long DAT3M_ORACLE_CANDIDATES = 1_000;

  /** False when the oracle has more than {@code oracleCandidates} candidates. */
  private static boolean compareCat(long seed, MemoryModel model, long oracleCandidates) {
    String text = spinLoops(seed);
    LitmusTest test = LitmusParser.parse("spin-" + seed, text);
    CheckOptions options = CheckOptions.defaults().withLoopBound(1).withModel(model);
    CheckResult oracle = LitmusChecker.create(options.withMode(CheckOptions.Mode.EXHAUSTIVE)
        .withTimeLimit(Properties.LIMIT.multipliedBy(3)).withCandidateLimit(oracleCandidates))
        .check(test);
    if (oracle.unknownReason().filter(r -> r.startsWith("candidate limit")).isPresent()) {
      return false;
    }
    String what = "seed " + seed + ", model " + model.name() + ":\n" + text;
    assertThat(oracle.unknownReason()).as("oracle limit, " + what).isEmpty();
    CheckOptions pruned = options.withTimeLimit(Properties.LIMIT);
    CheckResult states =
        LitmusChecker.create(pruned.withMode(CheckOptions.Mode.STATES)).check(test);
    assertThat(states.flags()).as("pruned states mode, " + what)
        .contains(Flag.DISTINCT_STATES);
    assertThat(states.unknownReason()).as("pruned limit, " + what).isEmpty();
    assertThat(states.states()).as("states, " + what).isEqualTo(oracle.states());
    assertThat(states.verdict()).as("verdict, " + what).isEqualTo(oracle.verdict());
    CheckResult decided =
        LitmusChecker.create(pruned.withMode(CheckOptions.Mode.DECIDE)).check(test);
    assertThat(decided.verdict()).as("decide-mode verdict, " + what)
        .isEqualTo(oracle.verdict());
    return true;
  }

  /** False when the oracle has more than {@link #ORACLE_CANDIDATES} candidates. */
  private static boolean compare(long seed, ModelSpec spec) {
    String text = spinLoops(seed);
    LitmusTest test = LitmusParser.parse("spin-" + seed, text);
    CheckOptions states =
        CheckOptions.defaults().withMode(CheckOptions.Mode.STATES).withLoopBound(1);
    CheckResult oracle =
        LitmusChecker.create(
                states.withTimeLimit(Properties.LIMIT.multipliedBy(3))
                    .withCandidateLimit(ORACLE_CANDIDATES)
                    .withModel(unseen(spec)))
            .check(test);
    if (oracle.unknownReason().filter(r -> r.startsWith("candidate limit")).isPresent()) {
      return false;
    }
    assertThat(oracle.unknownReason()).as("oracle limit, seed " + seed).isEmpty();
    CheckResult pruned =
        LitmusChecker.create(states.withTimeLimit(Properties.LIMIT).withModel(spec)).check(test);
    String what = "seed " + seed + ", model " + spec.label() + ":\n" + text;
    assertThat(pruned.unknownReason()).as("pruned limit, " + what).isEmpty();
    assertThat(pruned.states()).as("states, " + what).isEqualTo(oracle.states());
    assertThat(pruned.verdict()).as("verdict, " + what).isEqualTo(oracle.verdict());
    assertThat(pruned.flags().contains(Flag.DATA_RACE)).as("data race, " + what)
        .isEqualTo(oracle.flags().contains(Flag.DATA_RACE));
    return true;
  }

  /** {@code spec} behind an interface the search cannot see through: nothing is pruned. */
  private static MemoryModel unseen(ModelSpec spec) {
    return new MemoryModel() {
      @Override
      public String name() {
        return spec.label();
      }

      @Override
      public Optional<Violation> check(CandidateExecution candidate) {
        return spec.check(candidate);
      }
    };
  }

  /** A random CADP-like spin-loop test, a pure function of {@code seed}. */
  static String spinLoops(long seed) {
    Random rnd = new Random(seed);
    int threads = 2 + (rnd.nextInt(4) == 0 ? 1 : 0);
    List<String> locations = rnd.nextInt(3) == 0 ? List.of("M0", "M1") : List.of("M0");
    List<List<String>> code = new ArrayList<>();
    List<String> registers = new ArrayList<>();
    int reg = 0;
    for (int t = 0; t < threads; t++) {
      int blocks = 1 + rnd.nextInt(threads == 3 ? 2 : 3);
      List<String> lines = new ArrayList<>();
      for (int b = 0; b < blocks; b++) {
        lines.add("LC" + t + b + ":");
        String loc = locations.get(rnd.nextInt(locations.size()));
        String sem = rnd.nextInt(5) == 0 ? (rnd.nextBoolean() ? "acquire" : "release") : "relaxed";
        String scope = rnd.nextInt(5) == 0 ? "cta" : "gpu";
        int kind = rnd.nextInt(4);
        if (kind == 3) {
          String st = sem.equals("acquire") ? "relaxed" : sem;
          lines.add("st." + st + "." + scope + " " + loc + ", " + rnd.nextInt(2));
          continue;
        }
        String r = "r" + reg++;
        registers.add("P" + t + ":" + r);
        if (kind == 2) {
          String ld = sem.equals("release") ? "relaxed" : sem;
          lines.add("ld." + ld + "." + scope + " " + r + ", " + loc);
        } else {
          String atom = sem.equals("release") && rnd.nextBoolean() ? "acq_rel" : sem;
          lines.add("atom." + atom + "." + scope + ".exch " + r + ", " + loc + ", " + rnd.nextInt(2));
        }
        int target = rnd.nextInt(blocks + 1);
        int other = rnd.nextInt(blocks + 1);
        lines.add((rnd.nextBoolean() ? "beq " : "bne ") + r + ", " + rnd.nextInt(2) + ", LC" + t
            + target);
        lines.add("goto LC" + t + other);
      }
      lines.add("LC" + t + blocks + ":");
      code.add(lines);
    }
    StringBuilder s = new StringBuilder("PTX spin-" + seed + "\n{ ");
    locations.forEach(l -> s.append(l).append("=0; "));
    s.append("}\n");
    List<String> header = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      // One CTA mostly; sometimes the last thread in another CTA (not morally strong at .cta).
      int cta = t == threads - 1 && rnd.nextInt(4) == 0 ? 1 : 0;
      header.add("P" + t + "@cta " + cta + ",gpu 0");
    }
    s.append(String.join(" | ", header)).append(" ;\n");
    int rows = code.stream().mapToInt(List::size).max().orElse(0);
    for (int row = 0; row < rows; row++) {
      List<String> cells = new ArrayList<>();
      for (List<String> lines : code) {
        cells.add(row < lines.size() ? lines.get(row) : "");
      }
      s.append(String.join(" | ", cells)).append(" ;\n");
    }
    if (registers.isEmpty() || rnd.nextBoolean()) {
      s.append("exists (").append(locations.get(0)).append(" == ").append(rnd.nextInt(2))
          .append(")\n");
    } else {
      String r = registers.get(rnd.nextInt(registers.size()));
      s.append("exists (").append(r).append(" == ").append(rnd.nextInt(2)).append(")\n");
    }
    return s.toString();
  }
}
