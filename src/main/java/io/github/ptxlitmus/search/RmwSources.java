package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.model.PartialModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The search side of the model's RMW source rules (RMW atomicity, 8.10.3: {@link
 * PartialModel#cannotShareSource}, {@link PartialModel#rmwClasses}): which RMWs of an rf choice
 * would share a source they cannot share, and whether the RMWs of a class can still all get
 * distinct exclusive sources among those their branches accept (Hall's condition, checked by
 * bipartite matching with Kuhn's augmenting paths). Spin loops of {@code atom.exch} on one
 * location need this: every iteration is another atomic, and all but a chain of them read from
 * distinct writes (issue 18: 94 % of the path combinations of a CADP spin-loop test die here,
 * before any rf choice). Holds scratch space for the matching: one search thread.
 */
final class RmwSources {
  private static final int FREE = -1;
  private static final int FIXED = -2;

  private final EventGraph graph;
  private final PartialModel model;
  private final List<RmwClass> classes;
  /** Per source: the open member holding it, {@link #FREE} or {@link #FIXED} (by a choice). */
  private final int[] owner;
  /** Per source: the augmenting search ({@link #stamp}) that last visited it. */
  private final int[] seenAt;
  private int stamp;

  /**
   * @param members RMW read events
   * @param domains per member, its value-compatible sources
   * @param exclusive per member, per source, whether at most one member of the class reads it
   */
  private record RmwClass(int[] members, int[][] domains, boolean[][] exclusive) {}

  RmwSources(EventGraph graph, ReadSources sources, PartialModel model) {
    this.graph = graph;
    this.model = model;
    this.owner = new int[graph.n];
    this.seenAt = new int[graph.n];
    Map<Integer, Integer> segmentsOf = new HashMap<>();
    for (ReadSources.Segment seg : sources.segments) {
      segmentsOf.merge(seg.read(), 1, Integer::sum);
    }
    List<Integer> eligible = new ArrayList<>();
    Map<Integer, ReadSources.Segment> segmentOf = new HashMap<>();
    for (ReadSources.Segment seg : sources.segments) {
      int r = seg.read();
      Event e = graph.events.get(r);
      if (e.kind() == EventKind.RMW && segmentsOf.get(r) == 1 && !sources.mayTear(r)
          && seg.bytes().length == e.size()) {
        eligible.add(r);
        segmentOf.put(r, seg);
      }
    }
    List<RmwClass> out = new ArrayList<>();
    for (int[] members :
        model.rmwClasses(eligible.stream().mapToInt(Integer::intValue).toArray())) {
      int[][] domains = new int[members.length][];
      boolean[][] exclusive = new boolean[members.length][];
      for (int m = 0; m < members.length; m++) {
        int r = members[m];
        int[] all = segmentOf.get(r).sources();
        int[] domain = new int[all.length];
        int size = 0;
        for (int w : all) {
          if (graph.valueAllows(r, w)) {
            domain[size++] = w;
          }
        }
        domains[m] = Arrays.copyOf(domain, size);
        exclusive[m] = new boolean[domains[m].length];
        for (int k = 0; k < domains[m].length; k++) {
          exclusive[m][k] = model.exclusiveSource(domains[m][k], members);
        }
      }
      out.add(new RmwClass(members, domains, exclusive));
    }
    this.classes = List.copyOf(out);
  }

  /**
   * {@link PartialModel#cannotShareSource}: false when {@code read}, taking all its bytes from
   * {@code w}, and an RMW already chosen both read all their bytes from a write that co orders
   * before both.
   */
  boolean sourceFree(RfChoice choice, int read, int w) {
    if (graph.events.get(read).kind() != EventKind.RMW || !choice.allFrom(read, w)) {
      return true;
    }
    for (int other : graph.reads) {
      if (other != read && choice.isAssigned(other)
          && graph.events.get(other).kind() == EventKind.RMW && choice.allFrom(other, w)
          && model.cannotShareSource(read, other, w)) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@link PartialModel#rmwClasses}: false when the RMWs of some class cannot all get pairwise
   * distinct exclusive sources, each of a value their branches accept, extending the choice.
   */
  boolean match(RfChoice choice) {
    for (RmwClass c : classes) {
      if (!matches(c, choice)) {
        return false;
      }
    }
    return true;
  }

  private boolean matches(RmwClass c, RfChoice choice) {
    Arrays.fill(owner, FREE);
    int[] members = c.members();
    int open = 0;
    int[] openMembers = new int[members.length];
    for (int m = 0; m < members.length; m++) {
      int r = members[m];
      if (!choice.isAssigned(r)) {
        openMembers[open++] = m;
        continue;
      }
      int w = choice.byteSources[r][0];
      int k = indexOf(c.domains()[m], w);
      if (k < 0) {
        return false; // chosen source fails a branch of its path
      }
      if (c.exclusive()[m][k]) {
        if (owner[w] != FREE) {
          return false;
        }
        owner[w] = FIXED;
      }
    }
    for (int i = 0; i < open; i++) {
      stamp++;
      if (!augment(c, openMembers[i])) {
        return false;
      }
    }
    return true;
  }

  private static int indexOf(int[] a, int v) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] == v) {
        return i;
      }
    }
    return -1;
  }

  /** Finds a source for open member {@code m}, re-placing open members as needed. */
  private boolean augment(RmwClass c, int m) {
    int[] domain = c.domains()[m];
    boolean[] exclusive = c.exclusive()[m];
    for (boolean e : exclusive) {
      if (!e) {
        return true; // a source any number of members may read
      }
    }
    for (int w : domain) {
      if (seenAt[w] == stamp) {
        continue;
      }
      seenAt[w] = stamp;
      int holder = owner[w];
      if (holder == FREE || (holder >= 0 && augment(c, holder))) {
        owner[w] = m;
        return true;
      }
    }
    return false;
  }
}
