package io.github.ptxlitmus.diy;

import io.github.ptxlitmus.diy.CycleEnumerator.Generated;
import io.github.ptxlitmus.diy.CycleEnumerator.Progress;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * One enumeration of {@link CycleEnumerator}: its edges (the pool, in the order given) and
 * bounds, the depth-first search over chains of edges, the tests that chains make, and the
 * count of chains that estimates how many there will be. Immutable.
 */
final class CycleSearch {

  private final List<Edge> pool;
  private final Set<Edge> poolSet;
  private final Set<Edge> relaxed;
  private final int size;
  private final int threads;

  CycleSearch(List<Edge> relax, List<Edge> safe, int size, int threads) {
    if (relax.isEmpty() && safe.isEmpty()) {
      throw new IllegalArgumentException("give at least one edge (--relax or --safe)");
    }
    if (size < 2 || size > 12) {
      throw new IllegalArgumentException("size must be between 2 and 12, got " + size);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + threads);
    }
    Set<Edge> all = new LinkedHashSet<>(relax);
    all.addAll(safe);
    this.pool = List.copyOf(all);
    this.poolSet = Set.copyOf(all);
    this.relaxed = Set.copyOf(relax);
    this.size = size;
    this.threads = threads;
  }

  /** Every test, by size; {@code sink} false stops. */
  long run(Predicate<Generated> sink, Progress progress) {
    Walk walk = new Walk(sink, progress);
    for (int n = 2; n <= size; n++) {
      walk.size = n;
      walk.total = chains(n);
      walk.before = 0;
      int[] seq = new int[n];
      for (int first = 0; first < pool.size(); first++) {
        walk.here = chains(n, first);
        walk.closed = 0;
        walk.report();
        seq[0] = first;
        if (!extend(seq, 1, walk)) {
          return walk.tests;
        }
        walk.before += walk.here;
      }
      progress.at(n, 1, walk.tests);
    }
    return walk.tests;
  }

  /** Where a run is: the tests handed out, and how many of this size's chains were explored. */
  private static final class Walk {
    /** Progress is told at least every this many closed chains. */
    private static final int EVERY = 1 << 14;

    final Predicate<Generated> sink;
    final Progress progress;
    long tests;
    int size;
    double total;
    double before;
    double here;
    long closed;

    Walk(Predicate<Generated> sink, Progress progress) {
      this.sink = sink;
      this.progress = progress;
    }

    void report() {
      double explored = before + Math.min(closed, here);
      progress.at(size, total == 0 ? 1 : explored / total, tests);
    }
  }

  /** Depth-first over chains whose first edge is their smallest; false when told to stop. */
  private boolean extend(int[] seq, int k, Walk walk) {
    int n = seq.length;
    if (k == n) {
      if (++walk.closed % Walk.EVERY == 0) {
        walk.report();
      }
      Optional<Generated> g = test(seq);
      if (g.isPresent()) {
        walk.tests++;
        return walk.sink.test(g.get());
      }
      return true;
    }
    Edge last = pool.get(seq[k - 1]);
    // A later edge before the first would make another rotation the smallest.
    for (int e = seq[0]; e < pool.size(); e++) {
      Edge next = pool.get(e);
      if (follows(last, next)) {
        seq[k] = e;
        if (!extend(seq, k + 1, walk)) {
          return false;
        }
      }
    }
    return true;
  }

  /** The test of a closed chain, when it is one and this spelling is its representative. */
  private Optional<Generated> test(int[] seq) {
    int n = seq.length;
    Edge first = pool.get(seq[0]);
    Edge last = pool.get(seq[n - 1]);
    if (!follows(last, first)) {
      return Optional.empty();
    }
    if (!smallestRotation(seq)) {
      return Optional.empty();
    }
    List<Edge> edges = new ArrayList<>(n);
    for (int e : seq) {
      edges.add(pool.get(e));
    }
    if (!admitted(edges)) {
      return Optional.empty();
    }
    Cycle norm;
    Plan plan;
    try {
      norm = new Cycle(edges).normalise();
      plan = Plan.of(norm);
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    if (!shortestSpelling(norm, plan)) {
      return Optional.empty();
    }
    try {
      return Optional.of(new Generated(norm, Diy.generate(norm)));
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // not a test (contradictory placements, cyclic coherence, ...)
    }
  }

  /** At least one relaxed edge (when some are given), no lone external edge, few threads. */
  private boolean admitted(List<Edge> edges) {
    if (!relaxed.isEmpty() && edges.stream().noneMatch(relaxed::contains)) {
      return false;
    }
    int ext = (int) edges.stream().filter(Edge::isExternal).count();
    return ext != 1 && Math.max(ext, 1) <= threads;
  }

  private static boolean smallestRotation(int[] seq) {
    int n = seq.length;
    for (int r = 1; r < n; r++) {
      for (int i = 0; i < n; i++) {
        int a = seq[(r + i) % n];
        if (a != seq[i]) {
          if (a < seq[i]) {
            return false;
          }
          break;
        }
      }
    }
    return true;
  }

  /**
   * Whether {@code norm} is the spelling kept for its test: the shortest (then smallest)
   * normalised text among the spellings of the same resolved cycle whose edges are all
   * given. A spelling writes each edge bare or with both of its events' annotations; an
   * event that is not plain needs an annotated edge beside it.
   */
  private boolean shortestSpelling(Cycle norm, Plan plan) {
    Cycle resolved = plan.resolved();
    int n = norm.size();
    List<List<Edge>> options = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Edge full = resolved.edge(i);
      Edge bare = full.bare();
      List<Edge> o = new ArrayList<>(2);
      if (poolSet.contains(bare)) {
        o.add(bare);
      }
      if (poolSet.contains(full)) {
        o.add(full);
      }
      options.add(o);
    }
    String mine = norm.toString();
    return !betterSpelling(options, resolved, new Edge[n], 0, mine);
  }

  private boolean betterSpelling(
      List<List<Edge>> options, Cycle resolved, Edge[] chosen, int i, String mine) {
    int n = chosen.length;
    if (i == n) {
      if (!plainOrAnnotated(resolved, chosen, 0)) {
        return false;
      }
      List<Edge> edges = List.of(chosen);
      if (!admitted(edges)) {
        return false;
      }
      String other = new Cycle(edges).normalise().toString();
      return other.length() < mine.length()
          || other.length() == mine.length() && other.compareTo(mine) < 0;
    }
    for (Edge e : options.get(i)) {
      chosen[i] = e;
      // event i sits between edges i-1 and i: decided once edge i is chosen
      if (i > 0 && !plainOrAnnotated(resolved, chosen, i)) {
        continue;
      }
      if (betterSpelling(options, resolved, chosen, i + 1, mine)) {
        return true;
      }
    }
    return false;
  }

  /** Event {@code i} is plain, or one of the edges beside it writes its annotation. */
  private static boolean plainOrAnnotated(Cycle resolved, Edge[] chosen, int i) {
    int n = chosen.length;
    Access a = resolved.edge(i).sourceAccess().orElse(Access.PLAIN);
    return a.equals(Access.PLAIN) || chosen[i].sourceAccess().isPresent()
        || chosen[Math.floorMod(i - 1, n)].targetAccess().isPresent();
  }

  /**
   * The number of closed chains of {@code n} edges that start with their smallest edge and
   * have the right numbers of relaxed edges, threads and changes of location.
   */
  double chains(int n) {
    double total = 0;
    for (int f = 0; f < pool.size(); f++) {
      total += chains(n, f);
    }
    return total;
  }

  /**
   * The closed chains of {@code n} edges whose first edge is edge {@code f} and whose other
   * edges come no earlier in the pool (what {@link #extend} explores from {@code f}) and that
   * have the right numbers of relaxed edges, threads and changes of location.
   */
  double chains(int n, int f) {
    return chains(layers(n, f), n, f);
  }

  /** As {@link #chains(int, int)}, from the layers of a program of at least {@code n} edges. */
  private double chains(double[][][] layers, int n, int f) {
    double total = 0;
    for (int l = f; l < pool.size(); l++) {
      for (int s = 0; s < states(); s++) {
        if (closes(l, f, s)) {
          total += layers[n - 1][l][s];
        }
      }
    }
    return total;
  }

  /** Chains of one size sampled to estimate the share of them that are tests. */
  private static final int SAMPLES = 2000;

  /** {@return the chains {@link #extend} explores for 2 to {@code size} edges: at least the tests} */
  double atMost() {
    double total = 0;
    for (int f = 0; f < pool.size(); f++) {
      double[][][] layers = layers(size, f);
      for (int n = 2; n <= size; n++) {
        total += chains(layers, n, f);
      }
    }
    return total;
  }

  /**
   * The estimated number of tests of 2 to {@code size} edges: per size, the chains {@link
   * #extend} explores times the share of them that are tests, counted exactly when there are
   * at most {@link #SAMPLES} chains, else on as many chains drawn uniformly at random (a fixed
   * seed: the same estimate every time; the share's standard error is about 1 %).
   */
  double estimate() {
    int m = pool.size();
    double[][][][] layers = new double[m][][][];
    for (int f = 0; f < m; f++) {
      layers[f] = layers(size, f);
    }
    double total = 0;
    for (int n = 2; n <= size; n++) {
      double[] perFirst = new double[m];
      double chains = 0;
      for (int f = 0; f < m; f++) {
        perFirst[f] = chains(layers[f], n, f);
        chains += perFirst[f];
      }
      if (chains == 0) {
        continue;
      }
      if (chains <= SAMPLES) {
        Walk count = new Walk(g -> true, (s, e, t) -> {});
        int[] seq = new int[n];
        for (int f = 0; f < m; f++) {
          seq[0] = f;
          extend(seq, 1, count);
        }
        total += count.tests;
        continue;
      }
      java.util.Random random = new java.util.Random(n);
      int tests = 0;
      for (int i = 0; i < SAMPLES; i++) {
        int f = pick(perFirst, chains, random);
        if (test(sample(layers[f], n, f, random)).isPresent()) {
          tests++;
        }
      }
      total += chains * tests / SAMPLES;
    }
    return total;
  }

  private static int pick(double[] weights, double sum, java.util.Random random) {
    double u = random.nextDouble() * sum;
    for (int i = 0; i < weights.length; i++) {
      u -= weights[i];
      if (u < 0 && weights[i] > 0) {
        return i;
      }
    }
    for (int i = weights.length - 1; i >= 0; i--) {
      if (weights[i] > 0) {
        return i;
      }
    }
    throw new IllegalStateException("no weight");
  }

  /** One closed chain from edge {@code f}, drawn uniformly: backwards through the layers. */
  private int[] sample(double[][][] layers, int n, int f, java.util.Random random) {
    int m = pool.size();
    int states = states();
    double[] w = new double[m * states]; // edge l in state s at l * states + s
    double sum = 0;
    for (int l = 0; l < m; l++) {
      for (int s = 0; s < states; s++) {
        double c = closes(l, f, s) ? layers[n - 1][l][s] : 0;
        w[l * states + s] = c;
        sum += c;
      }
    }
    int picked = pick(w, sum, random);
    int[] seq = new int[n];
    for (int k = n - 1; k >= 1; k--) {
      int l = picked / states;
      int s = picked % states;
      seq[k] = l;
      Edge e = pool.get(l);
      java.util.Arrays.fill(w, 0);
      sum = 0;
      for (int p = 0; p < m; p++) {
        if (follows(pool.get(p), e)) {
          for (int before = 0; before < states; before++) {
            if (step(before, e) == s) {
              double c = layers[k - 1][p][before];
              w[p * states + before] = c;
              sum += c;
            }
          }
        }
      }
      picked = pick(w, sum, random);
    }
    seq[0] = f;
    return seq;
  }

  /** Whether edge {@code next} may follow edge {@code last} in a chain. */
  private static boolean follows(Edge last, Edge next) {
    return last.target() == next.source() && CycleEnumerator.compatible(last, next);
  }

  /**
   * How many states a chain can be in: (r, x, d) of {@link #layers}, numbered {@code (r *
   * (threads + 2) + x) * 3 + d}.
   */
  private int states() {
    return 2 * (threads + 2) * 3;
  }

  /** The state after appending edge {@code e}: relaxed seen, external edges, location changes. */
  private int step(int s, Edge e) {
    int r = s / ((threads + 2) * 3) | (relaxed.contains(e) ? 1 : 0);
    int x = Math.min(s % ((threads + 2) * 3) / 3 + (e.isExternal() ? 1 : 0), threads + 1);
    int d = Math.min(s % 3 + (e.sameLocation() ? 0 : 1), 2);
    return (r * (threads + 2) + x) * 3 + d;
  }

  /**
   * Whether a chain from edge {@code f} ending with edge {@code l} in state {@code s} = (r, x,
   * d) closes into a cycle that may be a test: the last edge chains to the first, a relaxed
   * edge when some are given, no lone external edge, at most {@code threads} threads, not
   * exactly one change of location.
   */
  private boolean closes(int l, int f, int s) {
    int r = s / ((threads + 2) * 3);
    int x = s % ((threads + 2) * 3) / 3;
    int d = s % 3;
    return follows(pool.get(l), pool.get(f))
        && (relaxed.isEmpty() || r == 1) && x != 1 && x <= threads && d != 1;
  }

  /**
   * The dynamic program over chains from edge {@code f} (later edges no earlier in the pool):
   * {@code layers[k][last][s]} counts the chains of {@code k + 1} edges ending with edge {@code
   * last} in state {@code s} (see {@link #states()}) = (r, x, d): with a relaxed edge ({@code
   * r} = 1) or not, {@code x} external edges (the bucket {@code threads + 1} holding more) and
   * {@code d} changes of location (2: two or more).
   */
  private double[][][] layers(int n, int f) {
    int m = pool.size();
    double[][][] layers = new double[n][m][states()];
    layers[0][f][step(0, pool.get(f))] = 1;
    for (int k = 1; k < n; k++) {
      for (int l = f; l < m; l++) {
        Edge last = pool.get(l);
        for (int e = f; e < m; e++) {
          Edge next = pool.get(e);
          if (follows(last, next)) {
            for (int s = 0; s < states(); s++) {
              double c = layers[k - 1][l][s];
              if (c != 0) {
                layers[k][e][step(s, next)] += c;
              }
            }
          }
        }
      }
    }
    return layers;
  }
}
