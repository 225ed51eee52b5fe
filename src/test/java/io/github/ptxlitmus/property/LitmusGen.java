package io.github.ptxlitmus.property;

import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A small random generator of valid PTX litmus tests in Dat3M short syntax, for property tests.
 *
 * <p>{@link #generate(long)} is a pure function of the seed: the same seed always gives the same
 * {@link Program}. A program keeps its threads, instructions and condition apart so that it can
 * be rendered with the threads permuted ({@link Program#render(int[], UnaryOperator)}) or the
 * locations renamed, consistently in the header, the cells, the register initialisations and
 * the condition.
 *
 * <p>What a test may contain: 2-4 threads placed in the same CTA, another CTA, another GPU or in
 * explicit clusters; 1-4 instructions per thread among {@code ld} and {@code st} (weak, relaxed,
 * acquire/release at every scope), {@code atom} (add, exch, cas, inc, max) and {@code red},
 * fences (sc, acq_rel, acquire, release at every scope), {@code bar.cta.sync} (which may
 * deadlock when not every thread of the CTA reaches it), stores of registers, register
 * initialisations and a forward branch on a loaded value; 2-3 locations; a final condition
 * ({@code exists} mostly, sometimes {@code ~exists} or {@code forall}) over a few registers and
 * locations, with values the test can produce.
 *
 * <p>{@link #generateRich(long)} adds local arithmetic, {@code ld.volatile}, {@code membar},
 * {@code bar.cta.arrive}, {@code bar.cta.sync} with an expected count (one count per test:
 * mismatched counts are {@code BarrierQuorumFindingTest}), cluster barriers, atomics with a
 * register operand and a spin loop cut by the loop bound.
 */
final class LitmusGen {
  private static final String[] SCOPES = {"cta", "cluster", "gpu", "sys"};
  private static final String[] LOCATIONS = {"x", "y", "z"};
  private static final Pattern WORD = Pattern.compile("\\b[a-z]\\b");

  private LitmusGen() {}

  /** Where a thread runs; {@code cluster} is -1 when the test names no clusters. */
  record Place(int cta, int cluster, int gpu) {
    String header(int thread) {
      return "P" + thread + "@cta " + cta + (cluster >= 0 ? ",cluster " + cluster : "")
          + ",gpu " + gpu;
    }
  }

  /** One term of the condition: {@code P<thread>:<register> == value} or {@code loc == value}. */
  record Term(int thread, String name, long value) {
    boolean isRegister() {
      return thread >= 0;
    }
  }

  /** {@code P<thread>:<register>=<value>} in the init block. */
  record RegInit(int thread, String register, long value) {}

  /**
   * A generated test.
   *
   * @param threads per thread, its instructions in order (labels are cells of their own, {@code
   *     LC00:})
   * @param conjunctive whether the condition's terms are joined by {@code /\} (else {@code \/})
   */
  record Program(
      long seed,
      List<Place> places,
      List<List<String>> threads,
      Map<String, Long> init,
      List<RegInit> registerInits,
      String quantifier,
      List<Term> condition,
      boolean conjunctive) {

    /** The test as written by {@link #generate}: threads in order, locations as generated. */
    String text() {
      return render(identity(places.size()), UnaryOperator.identity());
    }

    LitmusTest parse() {
      return LitmusParser.parse("gen-" + seed, text());
    }

    /**
     * The test with thread {@code order[j]} written as {@code P<j>}, every location renamed by
     * {@code rename}.
     */
    String render(int[] order, UnaryOperator<String> rename) {
      int n = places.size();
      int[] newIndex = new int[n];
      for (int j = 0; j < n; j++) {
        newIndex[order[j]] = j;
      }
      StringBuilder b = new StringBuilder();
      b.append("PTX gen-").append(seed).append('\n');
      b.append("{ ");
      init.forEach((loc, v) -> b.append(rename.apply(loc)).append('=').append(v).append("; "));
      List<RegInit> inits = new ArrayList<>(registerInits);
      inits.sort((p, q) -> Integer.compare(newIndex[p.thread()], newIndex[q.thread()]));
      for (RegInit r : inits) {
        b.append('P').append(newIndex[r.thread()]).append(':').append(r.register()).append('=')
            .append(r.value()).append("; ");
      }
      b.append("}\n");
      List<List<String>> cells = new ArrayList<>();
      List<String> header = new ArrayList<>();
      for (int j = 0; j < n; j++) {
        header.add(places.get(order[j]).header(j));
        List<String> column = new ArrayList<>();
        for (String instruction : threads.get(order[j])) {
          column.add(renameLocations(instruction, rename));
        }
        cells.add(column);
      }
      int rows = cells.stream().mapToInt(List::size).max().orElse(0);
      int[] width = new int[n];
      for (int j = 0; j < n; j++) {
        width[j] = header.get(j).length();
        for (String c : cells.get(j)) {
          width[j] = Math.max(width[j], c.length());
        }
      }
      appendRow(b, header, width);
      for (int r = 0; r < rows; r++) {
        List<String> row = new ArrayList<>();
        for (int j = 0; j < n; j++) {
          row.add(r < cells.get(j).size() ? cells.get(j).get(r) : "");
        }
        appendRow(b, row, width);
      }
      List<String> terms = new ArrayList<>();
      for (Term t : condition) {
        terms.add(
            (t.isRegister() ? "P" + newIndex[t.thread()] + ":" + t.name() : rename.apply(t.name()))
                + " == " + t.value());
      }
      b.append(quantifier).append(" (")
          .append(String.join(conjunctive ? " /\\ " : " \\/ ", terms)).append(")\n");
      return b.toString();
    }

    int threadCount() {
      return places.size();
    }
  }

  private static void appendRow(StringBuilder b, List<String> cells, int[] width) {
    for (int j = 0; j < cells.size(); j++) {
      b.append(j == 0 ? " " : " | ");
      b.append(cells.get(j)).append(" ".repeat(width[j] - cells.get(j).length()));
    }
    b.append(" ;\n");
  }

  /** Renames the single-letter location names of an instruction (registers are r0, r1, ...). */
  static String renameLocations(String instruction, UnaryOperator<String> rename) {
    Matcher m = WORD.matcher(instruction);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(rename.apply(m.group())));
    }
    m.appendTail(out);
    return out.toString();
  }

  static int[] identity(int n) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    return order;
  }

  /** A random permutation of 0..n-1 drawn from {@code random}. */
  static int[] permutation(int n, Random random) {
    int[] p = identity(n);
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  /** The test of seed {@code seed}. */
  static Program generate(long seed) {
    return new Builder(new Random(seed), seed, false).build();
  }

  /**
   * A test of seed {@code seed} that may also use local arithmetic, {@code ld.volatile},
   * {@code membar}, {@code bar.cta.arrive}, barriers with an expected count, cluster barriers
   * and a backward branch (a loop cut by the loop bound).
   */
  static Program generateRich(long seed) {
    return new Builder(new Random(seed), seed, true).build();
  }

  /** As {@link #generateRich}, with {@code extra} more instructions allowed in all. */
  static Program generateLarge(long seed, int extra) {
    Builder b = new Builder(new Random(seed), seed, true);
    b.extraBudget = extra;
    return b.build();
  }

  private static final class Builder {
    private final Random rnd;
    private final long seed;
    private final List<Place> places = new ArrayList<>();
    private final List<List<String>> threads = new ArrayList<>();
    private final Map<String, Long> init = new LinkedHashMap<>();
    private final List<RegInit> registerInits = new ArrayList<>();
    /** Values some location or register may end up holding. */
    private final TreeSet<Long> values = new TreeSet<>();
    /** Per thread, the registers it writes or initialises. */
    private final List<List<String>> registers = new ArrayList<>();
    private List<String> locations;

    private final boolean rich;
    private int extraBudget;
    /**
     * The expected count of barrier 1 in this test. One count per barrier: arrivals with
     * different counts at one barrier make the result depend on thread numbering (see
     * {@code BarrierQuorumFindingTest}).
     */
    private final int quorum;

    Builder(Random rnd, long seed, boolean rich) {
      this.rnd = rnd;
      this.seed = seed;
      this.rich = rich;
      this.quorum = 1 + rnd.nextInt(3);
    }

    Program build() {
      int n = 2 + rnd.nextInt(3);
      placeThreads(n);
      int locationCount = 2 + (rnd.nextInt(3) == 0 ? 1 : 0);
      locations = List.of(LOCATIONS).subList(0, locationCount);
      values.add(0L);
      for (String loc : locations) {
        long v = rnd.nextInt(5) == 0 ? 1 + rnd.nextInt(2) : 0;
        init.put(loc, v);
        values.add(v);
      }
      // A budget keeps the candidate space small enough for the exhaustive engine.
      int budget = (n <= 2 ? 7 : 8) + extraBudget;
      int[] lengths = new int[n];
      for (int t = 0; t < n; t++) {
        lengths[t] = 1 + rnd.nextInt(4 + extraBudget / 2);
      }
      while (sum(lengths) > budget) {
        int t = rnd.nextInt(n);
        if (lengths[t] > 1) {
          lengths[t]--;
        }
      }
      for (int t = 0; t < n; t++) {
        registers.add(new ArrayList<>());
        if (rnd.nextInt(8) == 0) {
          long v = 1 + rnd.nextInt(3);
          registerInits.add(new RegInit(t, "r9", v));
          registers.get(t).add("r9");
          values.add(v);
        }
      }
      for (int t = 0; t < n; t++) {
        threads.add(thread(t, lengths[t]));
      }
      addBarrier();
      int q = rnd.nextInt(10);
      String quantifier = q < 8 ? "exists" : q == 8 ? "~exists" : "forall";
      return new Program(seed, List.copyOf(places), List.copyOf(threads),
          Collections.unmodifiableMap(new LinkedHashMap<>(init)),
          List.copyOf(registerInits), quantifier, condition(), rnd.nextInt(6) != 0);
    }

    /**
     * Sometimes puts a {@code bar.cta.sync 0} in every thread of a CTA that has several (a
     * branch may still skip it: a deadlock then, which the engines must agree on).
     */
    private void addBarrier() {
      if (rnd.nextInt(4) != 0) {
        return;
      }
      int t0 = rnd.nextInt(places.size());
      List<Integer> members = new ArrayList<>();
      for (int t = 0; t < places.size(); t++) {
        if (places.get(t).cta() == places.get(t0).cta()) {
          members.add(t);
        }
      }
      if (members.size() < 2) {
        return;
      }
      for (int t : members) {
        List<String> code = new ArrayList<>(threads.get(t));
        int end = code.size() - (code.get(code.size() - 1).endsWith(":") ? 1 : 0);
        code.add(rnd.nextInt(end + 1), "bar.cta.sync 0");
        threads.set(t, code);
      }
    }

    private static int sum(int[] a) {
      int s = 0;
      for (int v : a) {
        s += v;
      }
      return s;
    }

    private void placeThreads(int n) {
      boolean clusters = rnd.nextInt(3) == 0;
      int nextCta = 0;
      int nextCluster = 0;
      int nextGpu = 1;
      places.add(new Place(nextCta++, clusters ? nextCluster++ : -1, 0));
      for (int t = 1; t < n; t++) {
        Place other = places.get(rnd.nextInt(places.size()));
        int choice = rnd.nextInt(10);
        if (choice < 4) {
          places.add(other); // same CTA
        } else if (choice < 8) {
          int cluster = -1;
          if (clusters) {
            // another CTA of the same cluster, or of a new cluster of the same GPU
            cluster = rnd.nextBoolean() ? other.cluster() : nextCluster++;
          }
          places.add(new Place(nextCta++, cluster, other.gpu()));
        } else {
          places.add(new Place(nextCta++, clusters ? nextCluster++ : -1, nextGpu++));
        }
      }
    }

    private List<String> thread(int t, int length) {
      List<String> code = new ArrayList<>();
      List<String> regs = registers.get(t);
      int nextRegister = 0;
      boolean branched = false;
      boolean sharesCta = false;
      for (int u = 0; u < places.size(); u++) {
        sharesCta |= u != t && places.get(u).cta() == places.get(t).cta();
      }
      boolean looped = false;
      for (int k = 0; k < length; k++) {
        int kind = rnd.nextInt(100);
        String loc = locations.get(rnd.nextInt(locations.size()));
        if (rich && rnd.nextInt(4) == 0) {
          int r = rnd.nextInt(8);
          if (r == 0 && !regs.isEmpty()) {
            String reg = "r" + nextRegister++;
            code.add("add " + reg + ", " + regs.get(rnd.nextInt(regs.size())) + ", "
                + (1 + rnd.nextInt(2)));
            regs.add(reg);
          } else if (r == 1) {
            String reg = "r" + nextRegister++;
            code.add("ld.volatile " + reg + ", " + loc);
            regs.add(reg);
          } else if (r == 2) {
            code.add("membar." + pick("cta", "gl", "sys"));
          } else if (r == 3) {
            code.add("bar.cta.arrive 0");
          } else if (r == 4) {
            code.add("barrier.cluster.arrive" + (rnd.nextBoolean() ? ".relaxed" : ""));
            code.add("barrier.cluster.wait");
          } else if (r == 5 && !looped && k == 0) {
            // a spin loop: retry the load while it reads the initial value (loop bound cuts it)
            String reg = "r" + nextRegister++;
            code.add("LB00:");
            code.add(load(reg, loc));
            code.add("beq " + reg + ", " + init.get(loc) + ", LB00");
            regs.add(reg);
            looped = true;
          } else if (r == 6 && !regs.isEmpty()) {
            String reg = "r" + nextRegister++;
            code.add(atom(reg, loc).replaceFirst(", (\\d+)$", ", " + regs.get(rnd.nextInt(regs.size()))));
            regs.add(reg);
          } else {
            code.add("bar.cta.sync 1, 1, " + quorum);
          }
          continue;
        }
        if (kind < 8 && !branched && !regs.isEmpty() && k < length - 1) {
          String reg = regs.get(rnd.nextInt(regs.size()));
          code.add((rnd.nextBoolean() ? "bne " : "beq ") + reg + ", " + value() + ", LC00");
          branched = true;
        } else if (kind < 36) {
          String reg = "r" + nextRegister++;
          code.add(load(reg, loc));
          regs.add(reg);
        } else if (kind < 62) {
          String v;
          if (!regs.isEmpty() && rnd.nextInt(3) == 0) {
            v = regs.get(rnd.nextInt(regs.size()));
          } else {
            long c = 1 + rnd.nextInt(3);
            values.add(c);
            v = Long.toString(c);
          }
          code.add(store(loc, v));
        } else if (kind < 75) {
          String reg = "r" + nextRegister++;
          code.add(atom(reg, loc));
          regs.add(reg);
        } else if (kind < 81) {
          String sem = pick("relaxed", "release", "acq_rel");
          long v = 1 + rnd.nextInt(2);
          addSums(v);
          code.add("red." + sem + "." + scope() + ".add " + loc + ", " + v);
        } else if (kind < 97 || !sharesCta && rnd.nextInt(3) != 0) {
          code.add("fence." + pick("sc", "acq_rel", "acquire", "release") + "." + scope());
        } else {
          code.add("bar.cta.sync 0");
        }
      }
      if (branched) {
        code.add("LC00:");
      }
      return code;
    }

    private String load(String reg, String loc) {
      String sem = pick("weak", "weak", "relaxed", "acquire");
      return sem.equals("weak")
          ? "ld.weak " + reg + ", " + loc
          : "ld." + sem + "." + scope() + " " + reg + ", " + loc;
    }

    private String store(String loc, String v) {
      String sem = pick("weak", "weak", "relaxed", "release");
      return sem.equals("weak")
          ? "st.weak " + loc + ", " + v
          : "st." + sem + "." + scope() + " " + loc + ", " + v;
    }

    private String atom(String reg, String loc) {
      String prefix = "atom." + pick("relaxed", "acquire", "release", "acq_rel") + "." + scope();
      switch (rnd.nextInt(5)) {
        case 0 -> {
          long v = 1 + rnd.nextInt(2);
          addSums(v);
          return prefix + ".add " + reg + ", " + loc + ", " + v;
        }
        case 1 -> {
          long v = 1 + rnd.nextInt(3);
          values.add(v);
          return prefix + ".exch " + reg + ", " + loc + ", " + v;
        }
        case 2 -> {
          long expected = rnd.nextInt(3);
          long v = 1 + rnd.nextInt(3);
          values.add(v);
          return prefix + ".cas " + reg + ", " + loc + ", " + expected + ", " + v;
        }
        case 3 -> {
          long bound = 1 + rnd.nextInt(3);
          for (long i = 0; i <= bound; i++) {
            values.add(i);
          }
          return prefix + ".inc " + reg + ", " + loc + ", " + bound;
        }
        default -> {
          long v = 1 + rnd.nextInt(4);
          values.add(v);
          return prefix + ".max " + reg + ", " + loc + ", " + v;
        }
      }
    }

    private void addSums(long v) {
      for (Long w : new ArrayList<>(values)) {
        if (w + v <= 8) {
          values.add(w + v);
        }
      }
    }

    private List<Term> condition() {
      List<Term> candidates = new ArrayList<>();
      for (int t = 0; t < registers.size(); t++) {
        for (String r : registers.get(t)) {
          candidates.add(new Term(t, r, 0));
        }
      }
      for (String loc : locations) {
        candidates.add(new Term(-1, loc, 0));
      }
      int size = 1 + rnd.nextInt(3);
      List<Term> terms = new ArrayList<>();
      List<Long> vals = new ArrayList<>(values);
      for (int i = 0; i < size && !candidates.isEmpty(); i++) {
        Term c = candidates.remove(rnd.nextInt(candidates.size()));
        // small values are the likely ones
        long v = rnd.nextInt(3) == 0 ? vals.get(rnd.nextInt(vals.size())) : rnd.nextInt(3);
        terms.add(new Term(c.thread(), c.name(), v));
      }
      return terms;
    }

    private long value() {
      return rnd.nextInt(3);
    }

    private String scope() {
      return SCOPES[rnd.nextInt(SCOPES.length)];
    }

    private String pick(String... options) {
      return options[rnd.nextInt(options.length)];
    }
  }
}
