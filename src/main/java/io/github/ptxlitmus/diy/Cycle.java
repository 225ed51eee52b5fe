package io.github.ptxlitmus.diy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A cycle of edges, as diy takes it: {@code PodWR Fre PodWR Fre} is SB. Event {@code i} is the
 * source of edge {@code i} and the target of edge {@code i-1} (cyclically). Immutable; the text
 * form ({@link #toString()}) parses back to an equal cycle.
 *
 * @param edges the edges, at least two
 */
public record Cycle(List<Edge> edges) {
  /** The order diy's normaliser gives thread shapes (herdtools7 {@code gen/normaliser.ml}). */
  private static final List<String> POINTS_ORDER = List.of("W", "WW", "RR", "RW", "WR", "R");

  /**
   * Creates the record; the components are described above.
   *
   * @param edges the edges, at least two
   */
  public Cycle {
    edges = List.copyOf(edges);
    if (edges.size() < 2) {
      throw new IllegalArgumentException("a cycle has at least two edges, got " + edges.size());
    }
  }

  /**
   * Parses a cycle.
   *
   * @param text edges separated by blanks or commas, e.g. {@code "PodWW Rfe PodRR Fre"}
   * @return the cycle
   * @throws IllegalArgumentException when an edge does not parse or there are fewer than two
   */
  public static Cycle parse(String text) {
    List<Edge> es = new ArrayList<>();
    for (String w : text.strip().split("[,\\s]+")) {
      if (!w.isEmpty()) {
        es.add(Edge.parse(w));
      }
    }
    return new Cycle(es);
  }

  /** {@return number of edges} */
  public int size() {
    return edges.size();
  }

  /** The edge at {@code i} modulo the size. */
  Edge edge(int i) {
    return edges.get(Math.floorMod(i, edges.size()));
  }

  /**
   * The cycle started at edge {@code k}.
   *
   * @param k an edge index, taken modulo the size (may be negative)
   * @return the same edges, rotated
   */
  public Cycle rotate(int k) {
    List<Edge> out = new ArrayList<>();
    for (int i = 0; i < edges.size(); i++) {
      out.add(edge(k + i));
    }
    return new Cycle(out);
  }

  /** {@return number of external edges (= number of threads when at least two)} */
  public int externalCount() {
    return (int) edges.stream().filter(Edge::isExternal).count();
  }

  /**
   * The rotation diy would print: it starts a thread (right after an external edge; in a
   * cycle without one, right after a communication edge) and, among those, has the smallest
   * sequence of thread shapes in diy's order (W, WW, RR, RW, WR, R), then the smallest text.
   * Rotations of one cycle normalise to the same cycle.
   *
   * @return that rotation
   */
  public Cycle normalise() {
    boolean anyExternal = externalCount() > 0;
    Cycle best = null;
    List<Integer> bestKey = null;
    for (int k = 0; k < edges.size(); k++) {
      Edge before = edge(k - 1);
      boolean starts = anyExternal ? before.isExternal() : before.kind().isCommunication();
      if (!starts) {
        continue;
      }
      Cycle c = rotate(k);
      List<Integer> key = c.pointsKey();
      int cmp = best == null ? -1 : compareKeys(key, bestKey);
      if (cmp < 0 || cmp == 0 && c.toString().compareTo(best.toString()) < 0) {
        best = c;
        bestKey = key;
      }
    }
    return best == null ? this : best;
  }

  private static int compareKeys(List<Integer> a, List<Integer> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = Integer.compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  private List<Integer> pointsKey() {
    return threadShapes().stream().map(POINTS_ORDER::indexOf).collect(Collectors.toList());
  }

  /**
   * The shape of each thread when the cycle starts a thread: the direction of its first and
   * last access ({@code "W"} for a one-access thread, {@code "WR"}, ...), in order.
   */
  List<String> threadShapes() {
    List<String> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < edges.size(); i++) {
      boolean last = i == edges.size() - 1;
      if (edges.get(i).isExternal() || last) {
        char first = edges.get(start).source();
        char end = edges.get(i).source(); // the source of the edge leaving the thread
        out.add(start == i ? String.valueOf(first) : "" + first + end);
        start = i + 1;
      }
    }
    return out;
  }

  /** {@return the key rotations share: the smallest text over all rotations} */
  public String rotationKey() {
    return java.util.stream.IntStream.range(0, edges.size())
        .mapToObj(k -> rotate(k).toString())
        .min(Comparator.naturalOrder())
        .orElseThrow();
  }

  /** {@return the edges' texts separated by one blank, e.g. {@code "PodWR Fre PodWR Fre"}} */
  @Override
  public String toString() {
    return edges.stream().map(Edge::toString).collect(Collectors.joining(" "));
  }
}
