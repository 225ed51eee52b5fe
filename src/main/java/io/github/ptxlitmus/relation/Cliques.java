package io.github.ptxlitmus.relation;

import java.util.ArrayList;
import java.util.List;

/**
 * The maximal cliques of a symmetric relation (Bron–Kerbosch with Tomita's pivoting, which
 * avoids the exponential blowup of the plain algorithm on dense graphs). SC-per-Location
 * (PTX 8.10.5) is checked on every maximal set of pairwise morally strong operations: the
 * maximal cliques of morally strong.
 */
public final class Cliques {
  private Cliques() {}

  /**
   * The maximal cliques of {@code graph} restricted to {@code within}, in the order the
   * algorithm finds them (deterministic).
   *
   * @param graph a symmetric, irreflexive relation
   * @param within the events considered; the cliques are subsets of it
   * @return every maximal clique of {@code graph ∩ within × within}, singletons included
   * @throws IllegalArgumentException if the sizes of {@code graph} and {@code within} differ
   */
  public static List<EventSet> maximal(Relation graph, EventSet within) {
    Relation g = graph.restrictTo(within);
    int n = graph.size();
    List<EventSet> out = new ArrayList<>();
    expand(g, EventSet.empty(n), within, EventSet.empty(n), out);
    return out;
  }

  private static void expand(Relation g, EventSet r, EventSet p, EventSet x, List<EventSet> out) {
    if (p.isEmpty() && x.isEmpty()) {
      out.add(r);
      return;
    }
    int pivot = -1;
    int best = -1;
    for (int u : p.union(x).toArray()) {
      int c = p.intersection(g.successors(u)).count();
      if (c > best) {
        best = c;
        pivot = u;
      }
    }
    EventSet candidates = p.difference(g.successors(pivot));
    for (int v : candidates.toArray()) {
      EventSet nv = g.successors(v);
      expand(g, r.union(EventSet.of(r.size(), v)), p.intersection(nv), x.intersection(nv), out);
      p = p.difference(EventSet.of(p.size(), v));
      x = x.union(EventSet.of(x.size(), v));
    }
  }
}
