package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.AsyncInstruction;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.ThreadPosition;
import io.github.ptxlitmus.litmus.ThreadSpec;
import io.github.ptxlitmus.model.CandidateExecution;
import io.github.ptxlitmus.model.EventStructure;
import io.github.ptxlitmus.model.ModelSpec;
import io.github.ptxlitmus.model.PtxModel;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The events of one choice of thread paths, put together once (model.md "Search"): the initial
 * writes
 * first, then each thread's path events; program order, issue order and dependencies; the
 * asynchronous structure; and what the paths fix about values (the static value of each write,
 * the branch decisions of each path). Nothing here depends on an rf, co or Fence-SC choice.
 * Immutable (apart from a memo of {@link #valueAllows}, which only caches what it computes);
 * shared by the exhaustive and the pruned search.
 */
final class EventGraph {
  final LitmusTest test;
  final Locations locations;
  final List<ThreadPath> paths;
  /** The events, initial writes first; an event's id is its index. */
  final List<Event> events;
  /** Per event, its path event; null for the initial writes. */
  final List<PathEvent> pathEvents;
  /** Per thread, the id of its first event. */
  private final int[] threadBase;
  final int n;
  /** The reading events (reads and RMWs), by increasing id. */
  final int[] reads;
  /** What the events fix for a model: po with issue order, dependencies, async structure. */
  final EventStructure structure;
  final Relation data;
  final Relation ctrl;
  /** The {@code bar.red} wait events. */
  final int[] reductionWaits;
  /** Some path ends spinning in a loop ({@link ThreadPath#stuck()}). */
  final boolean stuck;
  /** The events of the last iterations of the stuck paths. */
  private final BitSet stuckIterations = new BitSet();
  /** Per write, whether {@link #staticValue} knows its value, and the value. */
  private final boolean[] hasStaticValue;
  private final long[] staticValues;
  /** Per read event: the branch decisions of its path that depend on its value alone. */
  private final List<List<ThreadPath.Constraint>> ownConstraints;
  /** Per thread, its registers' state keys {@code P<i>:<reg>} and values. */
  private final List<List<Map.Entry<String, Expr>>> registerKeys = new ArrayList<>();

  /**
   * Relations over the events that a candidate holds at once (program order, dependencies,
   * the model's derived relations), for the memory check before they are built.
   */
  private static final int RELATIONS_HELD = 16;

  /** The physical locations some event accesses, in declaration order: those with an init. */
  final List<Locations.Info> live;

  /**
   * The event a path event becomes in a candidate: thread {@code thread} at {@code position},
   * with the physical location its virtual one names (also asked for accesses of paths not
   * combined yet: loop cuts).
   */
  static Event event(
      int id, int thread, ThreadPosition position, PathEvent pe, Locations locations) {
    String physical =
        pe.kind().isMemory() ? locations.get(pe.location()).orElseThrow().physical() : "";
    return new Event(id, thread, position, pe.kind(), pe.sem(), pe.scope(), pe.proxy(),
        pe.location(), physical, pe.offset(),
        pe.kind().isMemory() ? Math.max(1, pe.bits() / 8) : 0, Optional.of(pe.instruction()));
  }

  /**
   * The events of one choice of paths. Only the physical locations some event accesses get an
   * initial write (8.2.6): one that no event touches keeps its initial value ({@link
   * #untouchedMemory}) and costs nothing, however many the test declares.
   *
   * @throws Budget.Exhausted naming the memory bound when the relations over the events would
   *     not fit it
   */
  EventGraph(LitmusTest test, Locations locations, List<ThreadPath> paths, Budget budget) {
    this.test = test;
    this.locations = locations;
    this.paths = List.copyOf(paths);
    java.util.Set<String> accessed = new java.util.HashSet<>();
    long eventCount = 0;
    for (ThreadPath path : paths) {
      for (PathEvent pe : path.events()) {
        eventCount++;
        if (pe.kind().isMemory()) {
          accessed.add(locations.get(pe.location()).orElseThrow().physical());
        }
      }
    }
    List<Locations.Info> liveLocations = new ArrayList<>();
    for (Locations.Info l : locations.physical()) {
      if (accessed.contains(l.name())) {
        liveLocations.add(l);
      }
    }
    live = List.copyOf(liveLocations);
    long size = live.size() + eventCount;
    budget.fits(RELATIONS_HELD * size * ((size + 63) / 64) * 8);
    List<Event> evs = new ArrayList<>();
    List<PathEvent> pes = new ArrayList<>();
    for (Locations.Info loc : live) {
      evs.add(new Event(evs.size(), -1, new ThreadPosition(0, OptionalInt.empty(), -1),
          EventKind.INIT, Semantics.WEAK, Scope.SYS, Proxy.GENERIC, loc.name(), loc.physical(), 0,
          Math.max(1, loc.bits() / 8), Optional.empty()));
      pes.add(null);
    }
    threadBase = new int[paths.size()];
    for (int t = 0; t < paths.size(); t++) {
      threadBase[t] = evs.size();
      ThreadPosition threadPos = test.threads().get(t).position();
      PathAsync unit = paths.get(t).async();
      for (int i = 0; i < paths.get(t).events().size(); i++) {
        PathEvent pe = paths.get(t).events().get(i);
        // A decision (model.md "Asynchronous operations"): a completion is performed in the CTA
        // owning the mbarrier.
        ThreadPosition pos = unit.completions().get(i)
            ? AsyncOrder.owner(test, locations, pe.location(), threadPos)
            : threadPos;
        evs.add(event(evs.size(), t, pos, pe, locations));
        pes.add(pe);
      }
    }
    this.events = List.copyOf(evs);
    this.pathEvents = java.util.Collections.unmodifiableList(pes);
    this.n = events.size();
    Relation.Builder poB = Relation.builder(n);
    Relation.Builder issue = Relation.builder(n);
    Relation.Builder dataB = Relation.builder(n);
    Relation.Builder ctrlB = Relation.builder(n);
    for (int t = 0; t < paths.size(); t++) {
      int base = threadBase[t];
      List<PathEvent> path = paths.get(t).events();
      PathAsync unit = paths.get(t).async();
      for (int i = 0; i < path.size(); i++) {
        for (int j = i + 1; j < path.size(); j++) {
          // 8.9.1 program order; elements of one vector access stay unordered (8.2.4).
          // Asynchronous units are ordered by issue order instead (8.9.1.1, model.md "Asynchronous
          // operations").
          if (path.get(i).group() < path.get(j).group()) {
            if (!unit.isAsync(i) && !unit.isAsync(j)) {
              poB.add(base + i, base + j);
            } else if (AsyncOrder.issueOrdered(unit, i, j)) {
              issue.add(base + i, base + j);
            }
          }
        }
        PathEvent pe = path.get(i);
        for (int d = pe.data().nextSetBit(0); d >= 0; d = pe.data().nextSetBit(d + 1)) {
          dataB.add(base + d, base + i);
        }
        for (int d = pe.ctrl().nextSetBit(0); d >= 0; d = pe.ctrl().nextSetBit(d + 1)) {
          ctrlB.add(base + d, base + i);
        }
      }
    }
    this.data = dataB.build();
    this.ctrl = ctrlB.build();
    AsyncOrder.addOrder(paths, threadBase, issue);
    this.structure = new EventStructure(events, poB.build(), Relation.empty(n), data, ctrl,
        AsyncOrder.structure(test, events, paths, threadBase, issue.build()));
    int[] readIds = new int[n];
    int readCount = 0;
    int[] waitIds = new int[n];
    int waitCount = 0;
    for (Event e : events) {
      if (e.reads()) {
        readIds[readCount++] = e.id();
      }
      if (e.kind() == EventKind.BARRIER_WAIT && reduction(e.id()).isPresent()) {
        waitIds[waitCount++] = e.id();
      }
    }
    this.reads = java.util.Arrays.copyOf(readIds, readCount);
    this.reductionWaits = java.util.Arrays.copyOf(waitIds, waitCount);
    boolean anyStuck = false;
    for (ThreadPath p : paths) {
      anyStuck |= p.stuck().isPresent();
    }
    this.stuck = anyStuck;
    for (int t = 0; t < paths.size(); t++) {
      ThreadPath p = paths.get(t);
      if (p.stuck().isPresent()) {
        stuckIterations.set(threadBase[t] + p.stuck().get().from(),
            threadBase[t] + p.events().size());
      }
      List<Map.Entry<String, Expr>> keys = new ArrayList<>();
      for (Map.Entry<String, Expr> r : p.registers().entrySet()) {
        keys.add(Map.entry("P" + t + ":" + r.getKey(), r.getValue()));
      }
      registerKeys.add(keys);
    }
    this.hasStaticValue = new boolean[n];
    this.staticValues = new long[n];
    for (Event e : events) {
      computeStaticValue(e.id()).ifPresent(v -> {
        hasStaticValue[e.id()] = true;
        staticValues[e.id()] = v;
      });
    }
    this.allows = new byte[n][];
    this.ownConstraints = new ArrayList<>(java.util.Collections.nCopies(n, List.of()));
    for (int t = 0; t < paths.size(); t++) {
      for (ThreadPath.Constraint c : paths.get(t).constraints()) {
        BitSet on = c.left().reads();
        on.or(c.right().reads());
        if (on.cardinality() == 1) {
          int event = threadBase[t] + on.nextSetBit(0);
          List<ThreadPath.Constraint> own = new ArrayList<>(ownConstraints.get(event));
          own.add(c);
          ownConstraints.set(event, List.copyOf(own));
        }
      }
    }
  }

  /** The final memory of the locations no event accesses: their initial values, made once. */
  private Map<String, Long> untouched;

  /**
   * {@return the final memory of the locations no event accesses (their initial values), by
   * physical location and 8-byte word; made once, confined to the search thread}
   */
  Map<String, Long> untouchedMemory() {
    if (untouched == null) {
      Map<String, Long> m = new java.util.HashMap<>();
      java.util.Set<String> liveNames = new java.util.HashSet<>();
      live.forEach(l -> liveNames.add(l.name()));
      for (Locations.Info loc : locations.physical()) {
        if (liveNames.contains(loc.name())) {
          continue;
        }
        int size = Math.max(1, loc.bits() / 8);
        // Bytes past the first 8 of a location initialised with one value are 0.
        long first = size >= 8 ? loc.initialValue() : loc.initialValue() & ((1L << (8 * size)) - 1);
        m.put(loc.name(), first);
        for (int w = 1; w < (size + 7) / 8; w++) {
          m.put(loc.name() + "+" + (8 * w), 0L);
        }
      }
      untouched = m;
    }
    return untouched;
  }

  /** For every location (aliases included), its state keys → final-memory keys; made once. */
  private List<Map.Entry<String, String>> locationKeys;

  /**
   * {@return for every location (aliases included), the state key of each of its 8-byte words
   * and the final-memory key it is read from: {@code x} from {@code x}, {@code a+8} from
   * {@code x+8} for an alias {@code a} of {@code x}}
   */
  List<Map.Entry<String, String>> locationKeys() {
    if (locationKeys == null) {
      List<Map.Entry<String, String>> keys = new ArrayList<>();
      for (Locations.Info loc : locations.all()) {
        Locations.Info physical = locations.get(loc.physical()).orElseThrow();
        int words = (Math.max(1, physical.bits() / 8) + 7) / 8;
        for (int w = 0; w < words; w++) {
          String suffix = w == 0 ? "" : "+" + (8 * w);
          keys.add(Map.entry(loc.name() + suffix, loc.physical() + suffix));
        }
      }
      locationKeys = keys;
    }
    return locationKeys;
  }

  /**
   * The model over these events.
   *
   * @param spec the variant and the axioms switched on
   * @return the PTX model of {@code spec} over {@link #events}
   */
  PtxModel model(ModelSpec spec) {
    return new PtxModel(structure, spec);
  }

  /** {@return the id of thread {@code t}'s event at path index {@code index}} */
  int event(int t, int index) {
    return threadBase[t] + index;
  }

  /** {@return the id of the first event of thread {@code t}} */
  int threadBase(int t) {
    return threadBase[t];
  }

  /** {@return per thread, its registers' state keys {@code P<i>:<reg>} and their values} */
  List<List<Map.Entry<String, Expr>>> registerKeys() {
    return registerKeys;
  }

  /** {@return whether event {@code e} belongs to the last iteration of a stuck path} */
  boolean inStuckIteration(int e) {
    return stuckIterations.get(e);
  }

  /** {@return the events of the last iterations of the stuck paths (a copy)} */
  BitSet stuckIterations() {
    return (BitSet) stuckIterations.clone();
  }

  /**
   * The value write {@code w} writes whatever the reads return: the initial value, a store of
   * a constant, or an exchange ({@code atom.exch}) of a constant; empty otherwise.
   */
  Optional<Long> staticValue(int w) {
    return hasStaticValue[w] ? Optional.of(staticValues[w]) : Optional.empty();
  }

  private Optional<Long> computeStaticValue(int w) {
    Event e = events.get(w);
    if (!e.writes()) {
      return Optional.empty();
    }
    if (e.isInit()) {
      return Optional.of(locations.get(e.physical()).orElseThrow().initialValue());
    }
    PathEvent pe = pathEvents.get(w);
    boolean constant = pe.value() instanceof Expr.Const;
    boolean exchange = e.kind() == EventKind.RMW && pe.compare().isEmpty()
        && pe.rmwOp().filter(op -> op == Op.SECOND).isPresent();
    if (constant && (e.kind() == EventKind.WRITE || exchange)) {
      return Optional.of(Op.normalize(((Expr.Const) pe.value()).value(), pe.bits(), pe.signed()));
    }
    return Optional.empty();
  }

  /**
   * A branch constraint check made before the choice: false when read {@code r}, taking all
   * its bytes from {@code w} (same offset and size), returns a value that fails a branch
   * decision of its path depending on that value alone — no completion takes these paths.
   */
  boolean valueAllows(int r, int w) {
    List<ThreadPath.Constraint> own = ownConstraints.get(r);
    if (own.isEmpty()) {
      return true;
    }
    // Asked for every source at every node of the rf walk: each pair is worked out once.
    byte[] known = allows[r];
    if (known == null) {
      known = new byte[n];
      allows[r] = known;
    }
    if (known[w] == 0) {
      known[w] = computeValueAllows(own, r, w) ? ALLOWS : REFUSES;
    }
    return known[w] == ALLOWS;
  }

  /** {@link #allows}: not worked out yet (0), allowed, refused. */
  private static final byte ALLOWS = 1;
  private static final byte REFUSES = 2;
  /** Per read with own constraints, per write: {@link #valueAllows} once worked out. */
  private final byte[][] allows;

  private boolean computeValueAllows(List<ThreadPath.Constraint> own, int r, int w) {
    Event read = events.get(r);
    Event write = events.get(w);
    if (read.offset() != write.offset() || read.size() != write.size()
        || read.kind() == EventKind.BARRIER_WAIT || !hasStaticValue[w]) {
      return true;
    }
    long v = Op.normalize(staticValues[w], read.size() * 8, pathEvents.get(r).signed());
    for (ThreadPath.Constraint c : own) {
      if (!c.satisfied(idx -> v)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Coherence groups: per physical location, the connected components of overlap among its
   * writes (initial writes excluded). A total order per group is all that co and the final
   * values depend on.
   */
  List<List<Integer>> coherenceGroups() {
    List<List<Integer>> groups = new ArrayList<>();
    boolean[] done = new boolean[n];
    for (Event e : events) {
      if (!e.writes() || e.isInit() || done[e.id()]) {
        continue;
      }
      List<Integer> group = new ArrayList<>();
      java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>(List.of(e.id()));
      done[e.id()] = true;
      while (!todo.isEmpty()) {
        int w = todo.pop();
        group.add(w);
        for (Event o : events) {
          if (o.writes() && !o.isInit() && !done[o.id()] && events.get(w).overlaps(o)) {
            done[o.id()] = true;
            todo.push(o.id());
          }
        }
      }
      java.util.Collections.sort(group);
      groups.add(group);
    }
    return groups;
  }

  /**
   * Program semantics of barrier.cluster (8.9.4 rule 3, whose synchronization is {@code
   * PtxModel.barrierSynchronization}): every thread of the cluster takes part in each phase;
   * phase k is the k-th arrive of each thread, and a wait belongs to the phase of its thread's
   * latest arrive. True when some wait's phase never completes, or a wait has no arrive before
   * it: the thread waits forever (deadlock).
   */
  boolean clusterBarrierDeadlock() {
    Map<Integer, Integer> arrives = new HashMap<>(); // thread -> its arrives (so far)
    List<int[]> waits = new ArrayList<>(); // (thread, phase) of each wait
    for (Event e : events) {
      if (e.kind() == EventKind.CLUSTER_ARRIVE) {
        arrives.merge(e.thread(), 1, Integer::sum);
      } else if (e.kind() == EventKind.CLUSTER_WAIT) {
        waits.add(new int[] {e.thread(), arrives.getOrDefault(e.thread(), 0) - 1});
      }
    }
    for (int[] wait : waits) {
      if (wait[1] < 0) {
        return true; // a wait with no arrive before it never returns
      }
      ThreadPosition pos = test.threads().get(wait[0]).position();
      for (ThreadSpec t : test.threads()) {
        if (t.position().sameCluster(pos) && arrives.getOrDefault(t.id(), 0) <= wait[1]) {
          return true; // the phase never completes
        }
      }
    }
    return false;
  }

  /** {@return the number of threads in the CTA at {@code pos}} */
  long ctaSize(ThreadPosition pos) {
    return test.threads().stream().filter(t -> t.position().sameCta(pos)).count();
  }

  /** {@return the {@code bar.red} reduction of a barrier event, if it is one} */
  Optional<Instruction.Reduction> reduction(int event) {
    return events.get(event).instruction()
        .filter(i -> i instanceof Instruction.Barrier)
        .flatMap(i -> ((Instruction.Barrier) i).reduction());
  }

  /** {@return the two events of a pair, as reports name a racing pair} */
  String describe(int[] pair) {
    return events.get(pair[0]).label() + " ~ " + events.get(pair[1]).label();
  }

  /**
   * A decision (model.md "Asynchronous operations"): an mbarrier is one 8-byte object that mbarrier
   * instructions read and update as a whole, so their reads never mix bytes of several writes.
   */
  static boolean mbarrierObject(Event read) {
    return read.instruction().filter(i -> i instanceof AsyncInstruction.MbarrierInit
        || i instanceof AsyncInstruction.MbarrierUpdate
        || i instanceof AsyncInstruction.MbarrierWait
        || i instanceof AsyncInstruction.CpAsyncMbarrierArrive
        || (i instanceof AsyncInstruction && read.size() == 8 && read.kind() == EventKind.RMW
            && read.sem() == Semantics.RELEASE && read.scope() == Scope.CLUSTER))
        .isPresent();
  }

  /**
   * The candidate execution of given choices (byte sources copied), as foreign models get it.
   *
   * @param rf reads-from, write → read
   * @param byteSources per event, per byte, the write it reads from
   * @param coherenceTotal the chosen total order of overlapping writes per location
   * @param fenceScOrder the Fence-SC order
   * @param barrierSync barrier and cluster-barrier synchronization
   */
  CandidateExecution candidate(Relation rf, int[][] byteSources,
      Relation coherenceTotal, Relation fenceScOrder, Relation barrierSync) {
    int[][] bytes = new int[n][];
    for (int r : reads) {
      bytes[r] = byteSources[r].clone();
    }
    return new CandidateExecution(events, structure.po(), Relation.empty(n), data, ctrl,
        rf, bytes, coherenceTotal, fenceScOrder, barrierSync, structure.async());
  }
}
