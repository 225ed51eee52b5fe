package io.github.ptxlitmus.diy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a cycle asks of a test, computed once: for each event (event {@code i} is the source of
 * edge {@code i}) its direction, access, thread, location and value, and for each location the
 * coherence order the cycle's communication edges impose. The cycle must already be normalised
 * (it starts a thread). Validation failures throw {@link IllegalArgumentException} with a
 * one-line reason.
 *
 * @param cycle the cycle
 * @param dir per event, {@code 'R'} or {@code 'W'}
 * @param access per event, its resolved annotation
 * @param thread per event, its thread (0, 1, ... in cycle order)
 * @param location per event, its location index (0 = {@code x}, in order of first appearance)
 * @param value per write, the value written (its 1-based position in its location's coherence
 *     order); per read, the value the cycle says it returns, or -1 when the cycle does not
 *     constrain it
 * @param lastWrite per location, the coherence-last write, or -1 when the location has fewer
 *     than two writes (its final value then says nothing)
 * @param threads number of threads
 * @param locations number of locations
 */
record Plan(
    Cycle cycle,
    char[] dir,
    Access[] access,
    int[] thread,
    int[] location,
    long[] value,
    int[] lastWrite,
    int threads,
    int locations) {

  static Plan of(Cycle c) {
    int n = c.size();
    char[] dir = new char[n];
    Access[] access = new Access[n];
    for (int i = 0; i < n; i++) {
      Edge in = c.edge(i - 1);
      Edge out = c.edge(i);
      if (in.target() != out.source()) {
        throw new IllegalArgumentException(in + " ends at a " + word(in.target()) + " but " + out
            + " starts at a " + word(out.source()));
      }
      dir[i] = out.source();
      Optional<Access> a = out.sourceAccess();
      Optional<Access> b = in.targetAccess();
      if (a.isPresent() && b.isPresent() && !a.get().equals(b.get())) {
        throw new IllegalArgumentException("the " + word(dir[i]) + " between " + in + " and " + out
            + " is annotated both " + b.get() + " and " + a.get());
      }
      access[i] = a.or(() -> b).orElse(Access.PLAIN);
    }
    int ext = c.externalCount();
    if (ext == 1) {
      throw new IllegalArgumentException("a cycle with exactly one external edge cannot come back"
          + " to its thread");
    }
    if (ext == 0 && !c.edge(n - 1).kind().isCommunication()) {
      throw new IllegalArgumentException("a cycle without external edges must contain a"
          + " communication edge (Rfi, Fri, Coi)");
    }
    if (ext > 0 && !c.edge(n - 1).isExternal()) {
      throw new IllegalArgumentException("internal: cycle not normalised");
    }
    int[] thread = new int[n];
    for (int i = 1; i < n; i++) {
      thread[i] = thread[i - 1] + (c.edge(i - 1).isExternal() ? 1 : 0);
    }
    int threads = ext == 0 ? 1 : ext;
    int[] location = locations(c);
    int locations = Arrays.stream(location).max().orElse(0) + 1;
    long[] value = new long[n];
    Arrays.fill(value, -1);
    int[] lastWrite = new int[locations];
    Arrays.fill(lastWrite, -1);
    coherence(c, dir, location, locations, value, lastWrite);
    return new Plan(c, dir, access, thread, location, value, lastWrite, threads, locations);
  }

  private static String word(char dir) {
    return dir == 'R' ? "read" : "write";
  }

  /** Locations: a new one after each {@code d} edge; the last segment closes on the first. */
  private static int[] locations(Cycle c) {
    int n = c.size();
    long changes = c.edges().stream().filter(e -> !e.sameLocation()).count();
    if (changes == 1) {
      throw new IllegalArgumentException("a cycle cannot change location exactly once");
    }
    int[] raw = new int[n];
    for (int i = 1; i < n; i++) {
      raw[i] = raw[i - 1] + (c.edge(i - 1).sameLocation() ? 0 : 1);
    }
    if (c.edge(n - 1).sameLocation()) {
      int last = raw[n - 1];
      for (int i = 0; i < n; i++) {
        if (raw[i] == last) {
          raw[i] = 0;
        }
      }
    }
    Map<Integer, Integer> rename = new HashMap<>();
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = rename.computeIfAbsent(raw[i], k -> rename.size());
    }
    return out;
  }

  /**
   * Orders each location's writes as the communication edges say (co edges; an rf source before
   * the target of its read's fr edge), ties broken by cycle order, and derives values.
   */
  private static void coherence(
      Cycle c, char[] dir, int[] location, int locations, long[] value, int[] lastWrite) {
    int n = c.size();
    int[] rfSource = new int[n];
    int[] frTarget = new int[n];
    Arrays.fill(rfSource, -1);
    Arrays.fill(frTarget, -1);
    List<int[]> before = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Edge e = c.edge(i);
      int j = (i + 1) % n;
      switch (e.kind()) {
        case RF -> rfSource[j] = i;
        case FR -> frTarget[i] = j;
        case CO -> before.add(new int[] {i, j});
        default -> { }
      }
    }
    for (int r = 0; r < n; r++) {
      if (rfSource[r] >= 0 && frTarget[r] >= 0) {
        before.add(new int[] {rfSource[r], frTarget[r]});
      }
    }
    for (int loc = 0; loc < locations; loc++) {
      List<Integer> writes = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        if (location[i] == loc && dir[i] == 'W') {
          writes.add(i);
        }
      }
      List<Integer> order = new ArrayList<>();
      List<Integer> left = new ArrayList<>(writes);
      while (!left.isEmpty()) {
        Integer next = null;
        for (Integer w : left) {
          boolean free = before.stream().noneMatch(p -> p[1] == w && left.contains(p[0]));
          if (free) {
            next = w;
            break;
          }
        }
        if (next == null) {
          throw new IllegalArgumentException("the communication edges order the writes to "
              + Namer.locationName(loc) + " in a cycle: no execution can show it");
        }
        order.add(next);
        left.remove(next);
      }
      for (int k = 0; k < order.size(); k++) {
        value[order.get(k)] = k + 1;
      }
      if (order.size() >= 2) {
        lastWrite[loc] = order.get(order.size() - 1);
      }
    }
    for (int r = 0; r < n; r++) {
      if (dir[r] != 'R') {
        continue;
      }
      if (rfSource[r] >= 0) {
        value[r] = value[rfSource[r]];
      } else if (frTarget[r] >= 0) {
        value[r] = value[frTarget[r]] - 1; // the coherence predecessor (0: the initial value)
      }
    }
  }

  /**
   * The cycle with every access annotation written out on both edges that share it: two
   * spellings of one test ({@code RfeRelP ... Fre} and {@code Rfe ... FrePRel}) resolve alike.
   */
  Cycle resolved() {
    List<Edge> out = new ArrayList<>();
    int n = dir.length;
    for (int i = 0; i < n; i++) {
      out.add(cycle.edge(i).withAccesses(Optional.of(access[i]),
          Optional.of(access[(i + 1) % n])));
    }
    return new Cycle(out);
  }

  /** Events of thread {@code t}, in program order. */
  List<Integer> events(int t) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < dir.length; i++) {
      if (thread[i] == t) {
        out.add(i);
      }
    }
    return out;
  }
}
