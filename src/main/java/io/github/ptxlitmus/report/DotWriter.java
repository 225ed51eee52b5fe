package io.github.ptxlitmus.report;

import io.github.ptxlitmus.check.ExecutionGraph;
import io.github.ptxlitmus.check.Explanation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Graphviz DOT text for execution graphs: one {@code cluster_P<i>} per thread (program order
 * top to bottom), the initial writes in {@code cluster_init} above them, each event labelled
 * with its instruction and source line, edges coloured by relation (po black, rf red, co
 * blue, fr dark orange, sw forest green, sc purple, others grey) and labelled with its name,
 * and the violating cycle's edges drawn bold. Only program order constrains the layout, so
 * threads read as columns like a litmus table. Output is deterministic. Stateless.
 */
public final class DotWriter {
  /**
   * Colours by relation (X11 names; the darker orange and green stay legible on white); a
   * relation not listed (dep, obs, cause, ...) is grey.
   */
  private static final Map<String, String> COLOURS =
      Map.of("po", "black", "rf", "red", "co", "blue", "fr", "darkorange", "sw", "forestgreen",
          "sc", "purple");

  /** Drawing order of the relations; others follow by name. */
  private static final List<String> ORDER = List.of("po", "rf", "co", "fr", "sw", "sc");

  /** Orders whose transitive edges are left out (they follow from the drawn ones). */
  private static final Set<String> TOTAL_ORDERS = Set.of("co", "sc");

  private DotWriter() {}

  /**
   * A DOT file for one DOT-able part of an explanation.
   *
   * @param name file name, e.g. {@code MP+fence.sys-Causality-1.dot}
   * @param dot the DOT text
   */
  public record DotFile(String name, String dot) {}

  /**
   * The DOT files of an explanation: {@code <test>-witness.dot} when the state is allowed,
   * else {@code <test>-<axiom>-<k>.dot} for the k-th group (from 1) of candidates rejected by
   * that axiom. Names keep letters, digits, {@code . _ + -}; anything else becomes {@code _}.
   *
   * @param test the test's name
   * @param e the explanation
   * @return the files, in reason order; empty when no candidate produces a forbidden state
   */
  public static List<DotFile> files(String test, Explanation e) {
    List<DotFile> files = new ArrayList<>();
    if (e.allowed()) {
      e.witness()
          .ifPresent(w -> files.add(new DotFile(fileName(test + "-witness"), witness(test, e))));
      return files;
    }
    Map<String, Integer> perAxiom = new TreeMap<>();
    for (Explanation.Reason r : e.reasons()) {
      int k = perAxiom.merge(r.title(), 1, Integer::sum);
      files.add(
          new DotFile(fileName(test + "-" + r.title() + "-" + k), counterexample(test, e, r)));
    }
    return files;
  }

  /**
   * The witness execution of an allowed state.
   *
   * @param test the test's name
   * @param e an explanation with a witness
   * @return DOT text
   * @throws IllegalArgumentException when the explanation has no witness
   */
  public static String witness(String test, Explanation e) {
    Explanation.Witness w =
        e.witness()
            .orElseThrow(() -> new IllegalArgumentException("no witness for " + e.state()));
    String races = w.races().isEmpty() ? "no data race" : "with data races";
    return graph(w.graph(), test + "\nstate " + e.state() + "\nwitness (allowed, " + races + ")");
  }

  /**
   * One rejected candidate, its evidence highlighted.
   *
   * @param test the test's name
   * @param e the explanation the reason belongs to
   * @param r the reason
   * @return DOT text
   */
  public static String counterexample(String test, Explanation e, Explanation.Reason r) {
    return graph(
        r.graph(),
        test + "\nstate " + e.state() + "\nforbidden by " + r.heading() + ": " + r.detail());
  }

  /**
   * An execution graph with a title.
   *
   * @param g the graph
   * @param title the graph label; lines separated by {@code \n}
   * @return DOT text ending with a newline
   */
  public static String graph(ExecutionGraph g, String title) {
    StringBuilder out = new StringBuilder();
    out.append("digraph execution {\n");
    out.append("  graph [label=").append(quote(title))
        .append(", labelloc=t, fontname=\"Helvetica\", newrank=true, forcelabels=true,")
        .append(" nodesep=0.6];\n");
    out.append("  node [shape=box, style=rounded, fontname=\"Courier\", fontsize=11];\n");
    out.append("  edge [fontname=\"Helvetica\", fontsize=10];\n");
    Set<Integer> highlighted = new HashSet<>(g.highlight());
    Map<Integer, List<Explanation.EventRef>> threads = new TreeMap<>();
    for (Explanation.EventRef e : g.events()) {
      threads.computeIfAbsent(e.thread(), t -> new ArrayList<>()).add(e);
    }
    for (Map.Entry<Integer, List<Explanation.EventRef>> thread : threads.entrySet()) {
      boolean init = thread.getKey() < 0;
      out.append("  subgraph cluster_").append(init ? "init" : "P" + thread.getKey())
          .append(" {\n");
      out.append("    label=").append(quote(init ? "init" : "P" + thread.getKey()))
          .append(init ? "; style=dashed;\n" : "; style=solid;\n");
      for (Explanation.EventRef e : thread.getValue()) {
        out.append("    ").append(node(e)).append(" [label=").append(quote(label(e)))
            .append(highlighted.contains(e.id()) ? ", penwidth=2" : "").append("];\n");
      }
      if (init) {
        out.append("    {rank=same;");
        thread.getValue().forEach(e -> out.append(' ').append(node(e)).append(';'));
        out.append("}\n");
      }
      out.append("  }\n");
    }
    layoutInitAboveThreads(out, threads);
    Set<List<Object>> bold = new HashSet<>();
    for (int i = 0; i < g.highlight().size(); i++) {
      int from = g.highlight().get(i);
      int to = g.highlight().get((i + 1) % g.highlight().size());
      bold.add(List.of(g.highlightRelations().get(i), from, to));
    }
    Set<List<Object>> drawn = new HashSet<>();
    for (String rel : relations(g)) {
      List<int[]> edges = drawnEdges(rel, g.edges().get(rel), bold);
      for (int[] e : edges) {
        List<Object> key = List.of(rel, e[0], e[1]);
        drawn.add(key);
        edge(out, rel, e[0], e[1], bold.contains(key));
      }
    }
    // Steps of the evidence that are not edges of the graph (dep, obs, or a po that is not
    // immediate) are drawn on their own, bold like the rest of the cycle.
    for (int i = 0; i < g.highlight().size(); i++) {
      int from = g.highlight().get(i);
      int to = g.highlight().get((i + 1) % g.highlight().size());
      String rel = g.highlightRelations().get(i);
      if (drawn.add(List.of(rel, from, to))) {
        edge(out, rel, from, to, true);
      }
    }
    out.append("}\n");
    return out.toString();
  }

  /** Invisible edges from each initial write to each thread's first event keep init on top. */
  private static void layoutInitAboveThreads(
      StringBuilder out, Map<Integer, List<Explanation.EventRef>> threads) {
    List<Explanation.EventRef> inits = threads.getOrDefault(-1, List.of());
    if (inits.isEmpty()) {
      return;
    }
    for (Map.Entry<Integer, List<Explanation.EventRef>> thread : threads.entrySet()) {
      if (thread.getKey() >= 0) {
        out.append("  ").append(node(inits.get(0))).append(" -> ")
            .append(node(thread.getValue().get(0))).append(" [style=invis];\n");
      }
    }
  }

  private static List<String> relations(ExecutionGraph g) {
    List<String> names = new ArrayList<>();
    for (String rel : ORDER) {
      if (g.edges().containsKey(rel)) {
        names.add(rel);
      }
    }
    for (String rel : new TreeSet<>(g.edges().keySet())) {
      if (!ORDER.contains(rel)) {
        names.add(rel);
      }
    }
    return names;
  }

  /**
   * The edges to draw, sorted; for total orders only the immediate ones and bold ones. An edge
   * a → b is transitive when some successor c of a has c → b: looked up per source, with the
   * pairs as numbers (all pairs against all pairs took minutes on a Fence-SC order of 512
   * fences).
   */
  private static List<int[]> drawnEdges(String rel, List<int[]> edges, Set<List<Object>> bold) {
    List<int[]> sorted = new ArrayList<>(edges);
    sorted.sort(Comparator.<int[]>comparingInt(e -> e[0]).thenComparingInt(e -> e[1]));
    if (!TOTAL_ORDERS.contains(rel)) {
      return sorted;
    }
    Set<Long> pairs = new HashSet<>();
    Map<Integer, List<Integer>> successors = new HashMap<>();
    for (int[] e : sorted) {
      pairs.add(pair(e[0], e[1]));
      successors.computeIfAbsent(e[0], k -> new ArrayList<>()).add(e[1]);
    }
    List<int[]> kept = new ArrayList<>();
    for (int[] e : sorted) {
      boolean transitive = false;
      for (int mid : successors.get(e[0])) {
        if (mid != e[1] && pairs.contains(pair(mid, e[1]))) {
          transitive = true;
          break;
        }
      }
      if (!transitive || bold.contains(List.of(rel, e[0], e[1]))) {
        kept.add(e);
      }
    }
    return kept;
  }

  private static long pair(int from, int to) {
    return ((long) from << 32) | (to & 0xffffffffL);
  }

  /**
   * One edge. Edges other than po do not constrain the layout, and carry their name as an
   * {@code xlabel}: a {@code label} would make Graphviz add a virtual node for it, which,
   * with such edges between clusters, trips its "trouble in init_rank" error.
   */
  private static void edge(StringBuilder out, String rel, int from, int to, boolean bold) {
    boolean po = rel.equals("po");
    out.append("  e").append(from).append(" -> e").append(to)
        .append(po ? " [label=" : " [xlabel=").append(quote(rel))
        .append(", color=").append(colour(rel)).append(", fontcolor=").append(colour(rel));
    if (!po) {
      out.append(", constraint=false");
    }
    if (bold) {
      out.append(", penwidth=3");
    }
    out.append("];\n");
  }

  private static String colour(String rel) {
    return COLOURS.getOrDefault(rel, "gray40");
  }

  private static String node(Explanation.EventRef e) {
    return "e" + e.id();
  }

  private static String label(Explanation.EventRef e) {
    return e.line() > 0 ? e.instruction() + "\nline " + e.line() : e.instruction();
  }

  /** A DOT double-quoted string; {@code \n} in the text becomes a centred line break. */
  static String quote(String text) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> { }
        default -> sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  /** A file name from a test name: letters, digits, {@code . _ + -}; the rest {@code _}. */
  static String fileName(String base) {
    String name = base.replaceAll("[^A-Za-z0-9._+-]", "_");
    if (name.startsWith(".") || name.startsWith("-")) {
      name = "_" + name;
    }
    return name + ".dot";
  }
}
