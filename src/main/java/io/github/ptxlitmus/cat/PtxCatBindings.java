package io.github.ptxlitmus.cat;

import com.google.common.collect.ImmutableMap;
import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.model.AsyncRelations;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * The base relations and tags of Dat3M's PTX cat files, computed from one candidate execution
 * of this project. The table, with Dat3M's definitions, is in {@code docs/model.md} ("cat
 * bindings"). What depends only on the events (tags, {@code po}, {@code loc}, {@code vloc},
 * {@code sr}, {@code scta}, dependencies) is computed once by {@link #of}; {@link #bind} adds
 * what a candidate chooses ({@code rf}, {@code co}, {@code sync_fence}, {@code syncbar}).
 * Immutable and thread-safe.
 *
 * <p>Atomic RMWs are one event in this project; Dat3M compiles each into a load and a store
 * related by {@code rmw} ({@code VisitorPTX}), and its cat files rely on that: the load reads
 * from one write while the store is co-ordered and observed separately. So the bindings split
 * every RMW event {@code i}: the load keeps id {@code i}, the store gets id {@code n + k} (k-th
 * RMW), {@code po} orders the load before the store and both like the RMW, {@code rf} runs from
 * an RMW's store and into its load, {@code co} relates stores, and the halves carry Dat3M's
 * {@code Tag.PTX.loadMO}/{@code storeMO} tags ({@code atom.acquire}: load {@code ACQ}, store
 * {@code RLX}; {@code atom.release}: load {@code RLX}, store {@code REL}). Relations passed to
 * {@link #of} and {@link #bind} are over the {@code n} events; {@link #size()} is {@code n} plus
 * the number of RMWs.
 */
public final class PtxCatBindings {
  private static final Set<String> RELATIONS =
      Set.of("po", "po-loc", "loc", "vloc", "id", "int", "ext", "rf", "rfe", "rfi", "co", "coe",
          "coi", "fr", "fre", "fri", "rmw", "addr", "data", "ctrl", "sr", "scta", "syncbar",
          "sync_barrier", "sync_fence", "sm", "si", "same-instance", "partial_po", "iico_data",
          "iico_ctrl", "iico_order", "rf-reg",
          // the PTX model's own inputs (ptx.cat): see PTX_RELATIONS
          "same-address", "same-bytes", "sc-order", "co-total", "carried", "api-sync",
          "rf-byte0", "rf-byte1", "rf-byte2", "rf-byte3", "rf-byte4", "rf-byte5", "rf-byte6",
          "rf-byte7", "covers-byte0", "covers-byte1", "covers-byte2", "covers-byte3",
          "covers-byte4", "covers-byte5", "covers-byte6", "covers-byte7");

  /** The most bytes of one access (scalars are at most 64 bits). */
  private static final int MAX_BYTES = 8;

  /** Sets the PTX model's own file (ptx.cat) needs beyond Dat3M's tags. */
  private static final List<String> PTX_SETS = List.of("RED", "COMPLETION");

  /** herd's sets that PTX events leave empty, or fill as herd's non-speculative machine. */
  private static final List<String> HERD_SETS =
      List.of("Exp", "NExp", "EXEC", "SPEC", "SPURIOUS", "B", "BCC", "PRED", "Rreg", "Wreg");

  private static final List<String> SETS =
      List.of("W", "R", "M", "F", "IW", "WEAK", "RLX", "ACQ", "REL", "ACQ_REL", "SC", "CTA",
          "CLUSTER", "GPU", "SYS", "GEN", "TEX", "SUR", "CON", "ASYNC", "TENSORMAP", "ALIAS",
          "PROXY");

  private static final ImmutableMap<String, CatType> VOCABULARY = vocabularyMap();

  /** The names {@link #varying} binds: what a candidate chooses beyond its events. */
  public static final Set<String> VARYING =
      Set.of("rf", "rfe", "rfi", "co", "coe", "coi", "fr", "fre", "fri", "sync_fence",
          "syncbar", "sync_barrier", "FW", "sc-order", "co-total", "rf-byte0", "rf-byte1",
          "rf-byte2", "rf-byte3", "rf-byte4", "rf-byte5", "rf-byte6", "rf-byte7");

  /** Which part of an event a bound event is. */
  private enum Part {
    WHOLE,
    LOAD,
    STORE
  }

  /** One event of the bindings: an event of the execution, or a half of an RMW. */
  private record Node(Event event, Part part) {
    boolean reads() {
      return part == Part.LOAD || (part == Part.WHOLE && event.reads());
    }

    boolean writes() {
      return part == Part.STORE || (part == Part.WHOLE && event.writes());
    }
  }

  private final int n;
  private final List<Event> events;
  /** The id of each event's write: its own, or its store half for an RMW. */
  private final int[] store;
  private final CatBindings base;
  private final Relation sr;
  private final Relation internal;
  private final Relation scta;

  private PtxCatBindings(List<Event> events, int[] store, CatBindings base, Relation sr,
      Relation internal, Relation scta) {
    this.n = events.size();
    this.events = List.copyOf(events);
    this.store = store;
    this.base = base;
    this.sr = sr;
    this.internal = internal;
    this.scta = scta;
  }

  private static ImmutableMap<String, CatType> vocabularyMap() {
    Map<String, CatType> m = new LinkedHashMap<>();
    RELATIONS.stream().sorted().forEach(r -> m.put(r, CatType.RELATION));
    SETS.forEach(s -> m.put(s, CatType.SET));
    HERD_SETS.forEach(s -> m.put(s, CatType.SET));
    PTX_SETS.forEach(s -> m.put(s, CatType.SET));
    m.put("FW", CatType.SET);
    return ImmutableMap.copyOf(m);
  }

  /** {@return every name {@link #bind} defines, with its type} */
  public static Map<String, CatType> vocabulary() {
    return VOCABULARY;
  }

  /**
   * The event-only part of the bindings.
   *
   * @param events the events, {@code id} = index (initial writes have thread -1)
   * @param po program order (without initial writes)
   * @param addr address dependencies (read → dependent event)
   * @param data data dependencies
   * @param ctrl control dependencies
   * @return the fixed bindings of these events, ready for {@link #bind}
   * @throws IllegalArgumentException if a relation is not over {@code events.size()} events
   */
  public static PtxCatBindings of(
      List<Event> events, Relation po, Relation addr, Relation data, Relation ctrl) {
    return of(events, po, addr, data, ctrl, AsyncRelations.none(events.size()));
  }

  /**
   * The event-only part of the bindings, with asynchronous operations and API calls.
   *
   * @param events the events, {@code id} = index (initial writes have thread -1)
   * @param po program order (without initial writes; with the issue order of asynchronous
   *     operations, 8.9.1.1)
   * @param addr address dependencies (read → dependent event)
   * @param data data dependencies
   * @param ctrl control dependencies
   * @param async completions, what they carry and API synchronization (8.9.1.1, 8.9.4)
   * @return the fixed bindings of these events, ready for {@link #bind}
   * @throws IllegalArgumentException if a relation is not over {@code events.size()} events
   */
  public static PtxCatBindings of(List<Event> events, Relation po, Relation addr,
      Relation data, Relation ctrl, AsyncRelations async) {
    int n = events.size();
    List<Node> nodes = new ArrayList<>();
    int[] store = new int[n];
    for (Event e : events) {
      nodes.add(new Node(e, e.kind() == EventKind.RMW ? Part.LOAD : Part.WHOLE));
      store[e.id()] = e.id();
    }
    for (Event e : events) {
      if (e.kind() == EventKind.RMW) {
        store[e.id()] = nodes.size();
        nodes.add(new Node(e, Part.STORE));
      }
    }
    int size = nodes.size();
    CatBindings.Builder b = CatBindings.builder(size);
    b.set("W", set(nodes, Node::writes));
    b.set("R", set(nodes, Node::reads));
    b.set("M", set(nodes, x -> x.event().isMemory()));
    b.set("F", set(nodes, x -> !x.event().isMemory()));
    b.set("IW", set(nodes, x -> x.event().isInit()));
    for (String tag : SETS.subList(5, SETS.size())) {
      b.set(tag, set(nodes, x -> tags(x).contains(tag)));
    }
    // herd's machine sets: every access explicit, nothing speculative, no branch or register
    // events (registers are not events here).
    b.set("Exp", set(nodes, x -> x.event().isMemory()));
    b.set("EXEC", EventSet.full(size));
    for (String empty : HERD_SETS) {
      if (!empty.equals("Exp") && !empty.equals("EXEC")) {
        b.set(empty, EventSet.empty(size));
      }
    }
    Relation loc = pairs(nodes, (x, y) -> x.event().overlaps(y.event()));
    Relation vloc =
        pairs(nodes, (x, y) -> x.event().isMemory() && y.event().isMemory()
            && x.event().sameVirtualRange(y.event()));
    Relation internal =
        pairs(nodes, (x, y) -> x.event().id() == y.event().id()
            || (x.event().thread() >= 0 && x.event().thread() == y.event().thread()));
    Relation sr =
        pairs(nodes, (x, y) -> scoped(x.event()) && scoped(y.event())
            && x.event().scopeIncludes(y.event().position())
            && y.event().scopeIncludes(x.event().position()));
    Relation scta =
        pairs(nodes, (x, y) -> !x.event().isInit() && !y.event().isInit()
            && x.event().position().sameCta(y.event().position()));
    Relation.Builder poB = Relation.builder(size);
    Relation.Builder rmw = Relation.builder(size);
    for (Event e : events) {
      if (e.kind() == EventKind.RMW) {
        poB.add(e.id(), store[e.id()]);
        rmw.add(e.id(), store[e.id()]);
      }
    }
    Relation poX = poB.build().union(expand(size, store, po, true, true));
    b.relation("po", poX)
        .relation("loc", loc)
        .relation("po-loc", poX.intersection(loc))
        .relation("vloc", vloc)
        .relation("id", Relation.identity(size))
        .relation("int", internal)
        .relation("ext", Relation.full(size).difference(internal))
        .relation("rmw", rmw.build())
        .relation("addr", expand(size, store, addr, false, true))
        .relation("data", expand(size, store, data, false, true))
        .relation("ctrl", expand(size, store, ctrl, false, true))
        .relation("sr", sr)
        .relation("scta", scta)
        // herd's: single-copy atomic accesses relate only to themselves (no mixed-size
        // access is split into parts here); the two halves of an RMW are one instance
        .relation("sm", Relation.identity(set(nodes, x -> x.event().isMemory())))
        .relation("si", Relation.identity(set(nodes, x -> x.event().isMemory())))
        .relation("same-instance", Relation.identity(size).union(rmw.build())
            .union(rmw.build().inverse()))
        .relation("partial_po", poX)
        .relation("iico_data", rmw.build())
        .relation("iico_ctrl", Relation.empty(size))
        .relation("iico_order", Relation.empty(size))
        .relation("rf-reg", Relation.empty(size))
        // 8.9.5 "same address": memory operations through the same virtual address (the
        // same location name, any offset and size; an alias is another address)
        .relation("same-address", pairs(nodes, (x, y) -> x.event().isMemory()
            && y.event().isMemory() && x.event().location().equals(y.event().location())))
        // 8.7.2 uniform size: memory operations on exactly the same physical bytes
        .relation("same-bytes", pairs(nodes, (x, y) -> x.event().isMemory()
            && y.event().isMemory() && x.event().samePhysicalRange(y.event())))
        // 8.9.1.1: what the synchronization of a completion carries, operation → completion
        .relation("carried", expand(size, store, async.carried(), true, true))
        // 8.9.4 API synchronization (kernel launch, streams, events, synchronize calls)
        .relation("api-sync", expand(size, store, async.api(), true, true));
    // 8.9.7 (byte-wise from-reads): R → the writes that write R's k-th byte
    for (int k = 0; k < MAX_BYTES; k++) {
      int byteK = k;
      b.relation("covers-byte" + k, pairs(nodes, (x, y) -> x.reads() && y.writes()
          && byteK < x.event().size() && x.event().overlaps(y.event())
          && y.event().offset() <= x.event().offset() + byteK
          && x.event().offset() + byteK < y.event().offset() + y.event().size()));
    }
    b.set("RED", set(nodes, x -> x.event().isReduction()));
    b.set("COMPLETION", set(nodes, x -> x.event().id() < n
        && async.completions().contains(x.event().id())));
    return new PtxCatBindings(events, store, b.build(), sr, internal, scta);
  }

  /**
   * {@code r} over the split events: each pair (a, b) becomes (a, b) and, where {@code fromStore}
   * / {@code toStore}, also from a's store half / to b's store half.
   */
  private static Relation expand(int size, int[] store, Relation r, boolean fromStore,
      boolean toStore) {
    Relation.Builder b = Relation.builder(size);
    r.forEach(
        (x, y) -> {
          b.add(x, y);
          if (toStore) {
            b.add(x, store[y]);
          }
          if (fromStore) {
            b.add(store[x], y);
            if (toStore) {
              b.add(store[x], store[y]);
            }
          }
        });
    return b.build();
  }

  /**
   * The event a bound event belongs to: itself, or the RMW whose store half it is.
   *
   * @param bound a bound event, {@code 0..size()-1}
   * @return an event of the candidate, {@code 0..n-1}
   * @throws IllegalArgumentException if {@code bound} is not a bound event
   */
  public int eventOf(int bound) {
    if (bound < n) {
      return bound;
    }
    for (int e = 0; e < n; e++) {
      if (store[e] == bound) {
        return e;
      }
    }
    throw new IllegalArgumentException("no bound event " + bound);
  }

  /** {@return the number of bound events: the events plus one store half per RMW} */
  public int size() {
    return base.size();
  }

  /**
   * The full bindings for one candidate.
   *
   * @param rf reads-from, write → read, over the {@code n} events
   * @param co the coherence order as the cat file sees it before its own {@code let co = co+}:
   *     a strict partial order per location with each initial write before the location's
   *     other writes (Dat3M's PTX co is not total), over the {@code n} events
   * @param fenceScOrder the Fence-SC order; {@code sync_fence} is its restriction to pairs of
   *     fence.sc whose scopes include each other's threads (Dat3M orients exactly those)
   * @param barrierSync barrier synchronization, arrive → wait of one barrier phase
   * @return every name of {@link #vocabulary()} bound, over {@link #size()} events
   * @throws IllegalArgumentException if a relation is not over the {@code n} events
   */
  public CatBindings bind(Relation rf, Relation co, Relation fenceScOrder,
      Relation barrierSync) {
    return varying(base.toBuilder(), rf, co, co, fenceScOrder, barrierSync, null);
  }

  /** {@return the bindings that depend only on the events: every name except {@link #VARYING}} */
  public CatBindings fixed() {
    return base;
  }

  /**
   * Only the {@link #VARYING} names, for a model {@link CatModel#prepare prepared} on {@link
   * #fixed()}.
   *
   * @param rf as {@link #bind}
   * @param co as {@link #bind}
   * @param fenceScOrder as {@link #bind}
   * @param barrierSync as {@link #bind}
   * @return the {@link #VARYING} names bound, over {@link #size()} events
   * @throws IllegalArgumentException as {@link #bind}
   */
  public CatBindings varying(Relation rf, Relation co, Relation fenceScOrder,
      Relation barrierSync) {
    return varying(CatBindings.builder(base.size()), rf, co, co, fenceScOrder, barrierSync,
        null);
  }

  /**
   * As {@link #varying(Relation, Relation, Relation, Relation)}, with {@code FW} (herd's final
   * writes) taken from the total order {@code coTotal} rather than from {@code co}.
   *
   * @param rf as {@link #bind}
   * @param co the coherence order the model sees (a sub-order of {@code coTotal})
   * @param coTotal the candidate's total coherence order, initial writes first
   * @param fenceScOrder as {@link #bind}
   * @param barrierSync as {@link #bind}
   * @return the {@link #VARYING} names bound, over {@link #size()} events
   */
  public CatBindings varying(Relation rf, Relation co, Relation coTotal, Relation fenceScOrder,
      Relation barrierSync) {
    return varying(CatBindings.builder(base.size()), rf, co, coTotal, fenceScOrder,
        barrierSync, null);
  }

  /**
   * As {@link #varying(Relation, Relation, Relation, Relation, Relation)}, with the byte
   * sources of each read ({@code rf-byte0} … {@code rf-byte7}).
   *
   * @param rf as {@link #bind}
   * @param co the coherence order the model sees (a sub-order of {@code coTotal})
   * @param coTotal the candidate's total coherence order, initial writes first
   * @param fenceScOrder as {@link #bind}
   * @param barrierSync as {@link #bind}
   * @param byteSources per event, per byte of its access, the write it reads the byte from
   *     ({@code null} for events that do not read), over the {@code n} events
   * @return the {@link #VARYING} names bound, over {@link #size()} events
   */
  public CatBindings varying(Relation rf, Relation co, Relation coTotal, Relation fenceScOrder,
      Relation barrierSync, int[][] byteSources) {
    return varying(CatBindings.builder(base.size()), rf, co, coTotal, fenceScOrder,
        barrierSync, byteSources);
  }

  /**
   * A relation between writes over the {@code n} events (e.g. a coherence order), over the
   * bound events: an RMW's write is its store half.
   *
   * @param co a relation between writes over the {@code n} events
   * @return the same pairs over {@link #size()} events
   */
  public Relation writes(Relation co) {
    Relation.Builder coB = Relation.builder(base.size());
    co.forEach((a, c) -> coB.add(store[a], store[c]));
    return coB.build();
  }

  /**
   * The inverse of {@link #writes}: a relation between the bound events' writes (an RMW's
   * store half standing for the RMW) as a relation over the {@code n} events.
   *
   * @param pairs a relation over {@link #size()} events
   * @return the same pairs over the {@code n} events; empty when some pair does not relate two
   *     writes
   */
  public Optional<Relation> fromWrites(Relation pairs) {
    int[] writer = new int[base.size()];
    java.util.Arrays.fill(writer, -1);
    for (int e = 0; e < n; e++) {
      if (events.get(e).writes()) {
        writer[store[e]] = e;
      }
    }
    Relation.Builder out = Relation.builder(n);
    boolean[] outside = new boolean[1];
    pairs.forEach((a, b) -> {
      if (writer[a] < 0 || writer[b] < 0) {
        outside[0] = true;
      } else {
        out.add(writer[a], writer[b]);
      }
    });
    return outside[0] ? Optional.empty() : Optional.of(out.build());
  }

  private CatBindings varying(CatBindings.Builder into, Relation rf, Relation co,
      Relation coTotal, Relation fenceScOrder, Relation barrierSync, int[][] byteSources) {
    int size = base.size();
    // 8.9.7: the write each read takes its k-th byte from (without byte sources: every byte
    // from the read's one rf source)
    Relation.Builder[] byteRf = new Relation.Builder[MAX_BYTES];
    for (int k = 0; k < MAX_BYTES; k++) {
      byteRf[k] = Relation.builder(size);
    }
    if (byteSources == null) {
      rf.forEach((w, r) -> {
        for (int k = 0; k < Math.min(MAX_BYTES, events.get(r).size()); k++) {
          byteRf[k].add(store[w], r);
        }
      });
    } else {
      for (int r = 0; r < n; r++) {
        int[] src = byteSources[r];
        for (int k = 0; src != null && k < Math.min(MAX_BYTES, src.length); k++) {
          byteRf[k].add(store[src[k]], r);
        }
      }
    }
    for (int k = 0; k < MAX_BYTES; k++) {
      into.relation("rf-byte" + k, byteRf[k].build());
    }
    Relation.Builder rfB = Relation.builder(size);
    rf.forEach((w, r) -> rfB.add(store[w], r));
    Relation rfX = rfB.build();
    Relation coX = writes(co);
    EventSet finalWrites = base.set("W").orElseThrow().difference(writes(coTotal).domain());
    Relation ext = Relation.full(size).difference(internal);
    Relation fr = rfX.inverse().compose(coX).difference(Relation.identity(size));
    return into
        .relation("rf", rfX)
        .relation("rfe", rfX.intersection(ext))
        .relation("rfi", rfX.intersection(internal))
        .relation("co", coX)
        .relation("coe", coX.intersection(ext))
        .relation("coi", coX.intersection(internal))
        .relation("fr", fr)
        .relation("fre", fr.intersection(ext))
        .relation("fri", fr.intersection(internal))
        .relation("sync_fence", widen(fenceScOrder, size).intersection(sr))
        .relation("syncbar", widen(barrierSync, size))
        .relation("sync_barrier", widen(barrierSync, size).intersection(scta))
        .set("FW", finalWrites)
        .relation("sc-order", widen(fenceScOrder, size))
        .relation("co-total", writes(coTotal).difference(
            Relation.cross(size, base.set("IW").orElseThrow(), EventSet.full(size))))
        .build();
  }

  /** A relation over the n events, over the split events (store halves unrelated). */
  private Relation widen(Relation r, int size) {
    if (r.size() != n) {
      throw new IllegalArgumentException("relation over " + r.size() + " events, not " + n);
    }
    Relation.Builder b = Relation.builder(size);
    r.forEach(b::add);
    return b.build();
  }

  private static EventSet set(List<Node> nodes, Predicate<Node> p) {
    return EventSet.fromPredicate(nodes.size(), i -> p.test(nodes.get(i)));
  }

  private static Relation pairs(List<Node> nodes, BiPredicate<Node, Node> p) {
    return Relation.fromPredicate(nodes.size(), (i, j) -> p.test(nodes.get(i), nodes.get(j)));
  }

  /** Dat3M gives a scope tag to non-weak memory operations and to fence.sc/acq_rel. */
  private static boolean scoped(Event e) {
    return switch (e.kind()) {
      case READ, WRITE, RMW -> e.sem() != Semantics.WEAK;
      case FENCE -> true;
      default -> false;
    };
  }

  /** The tag sets a bound event belongs to (besides W, R, M, F, IW). */
  private static Set<String> tags(Node x) {
    Event e = x.event();
    Set<String> t = new HashSet<>();
    switch (e.kind()) {
      case READ, WRITE, RMW -> {
        Semantics sem = e.sem();
        if (x.part() == Part.LOAD) { // Tag.PTX.loadMO
          sem = sem == Semantics.ACQUIRE || sem == Semantics.ACQ_REL ? Semantics.ACQUIRE
              : Semantics.RELAXED;
        } else if (x.part() == Part.STORE) { // Tag.PTX.storeMO
          sem = sem == Semantics.RELEASE || sem == Semantics.ACQ_REL ? Semantics.RELEASE
              : Semantics.RELAXED;
        }
        t.add(switch (sem) {
          case WEAK -> "WEAK";
          case RELAXED -> "RLX";
          case ACQUIRE -> "ACQ";
          case RELEASE -> "REL";
          case ACQ_REL -> "ACQ_REL";
          case SC -> "SC";
        });
        t.add(proxyTag(e.proxy()));
      }
      case FENCE -> {
        t.add(switch (e.sem()) {
          case SC -> "SC";
          case ACQUIRE -> "ACQ";
          case RELEASE -> "REL";
          default -> "ACQ_REL";
        });
        t.add("GEN");
      }
      case PROXY_FENCE -> {
        t.add("PROXY");
        t.add(e.isAliasFence() ? "ALIAS" : proxyTag(e.proxy()));
      }
      default -> {}
    }
    if (scoped(e)) {
      t.add(e.scope().name());
    }
    return t;
  }

  private static String proxyTag(Proxy p) {
    return switch (p) {
      case GENERIC -> "GEN";
      case TEXTURE -> "TEX";
      case SURFACE -> "SUR";
      case CONSTANT -> "CON";
      case ASYNC -> "ASYNC";
      case TENSORMAP -> "TENSORMAP";
    };
  }

}
