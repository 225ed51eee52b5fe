package io.github.ptxlitmus.cat;

import com.google.common.collect.ImmutableMap;
import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The base relations and tags of Dat3M's PTX cat files, computed from one candidate execution
 * of this project. The table, with Dat3M's definitions, is in {@code docs/model.md} ("cat
 * bindings"). What depends only on the events (tags, {@code po}, {@code loc}, {@code vloc},
 * {@code sr}, {@code scta}, dependencies) is computed once by {@link #of}; {@link #bind} adds
 * what a candidate chooses ({@code rf}, {@code co}, {@code sync_fence}, {@code syncbar}).
 * Immutable and thread-safe.
 *
 * <p>Atomic RMWs are one event here; Dat3M splits them into a load and a store related by
 * {@code rmw}. So {@code rmw} is the identity on RMW events, and an RMW carries the tags of
 * both halves (Dat3M's {@code Tag.PTX.loadMO}/{@code storeMO}: {@code atom.acquire} is {@code
 * ACQ} and {@code RLX}, {@code atom.release} {@code REL} and {@code RLX}, {@code atom.acq_rel}
 * {@code ACQ} and {@code REL}).
 */
public final class PtxCatBindings {
  private static final Set<String> RELATIONS =
      Set.of("po", "po-loc", "loc", "vloc", "id", "int", "ext", "rf", "rfe", "rfi", "co", "coe",
          "coi", "fr", "fre", "fri", "rmw", "addr", "data", "ctrl", "sr", "scta", "syncbar",
          "sync_barrier", "sync_fence");

  private static final List<String> SETS =
      List.of("W", "R", "M", "F", "IW", "WEAK", "RLX", "ACQ", "REL", "ACQ_REL", "SC", "CTA",
          "CLUSTER", "GPU", "SYS", "GEN", "TEX", "SUR", "CON", "ASYNC", "TENSORMAP", "ALIAS",
          "PROXY");

  private static final ImmutableMap<String, CatType> VOCABULARY = vocabularyMap();

  private final CatBindings base;
  private final Relation sr;
  private final Relation loc;
  private final Relation internal;
  private final Relation scta;

  private PtxCatBindings(CatBindings base, Relation sr, Relation loc, Relation internal,
      Relation scta) {
    this.base = base;
    this.sr = sr;
    this.loc = loc;
    this.internal = internal;
    this.scta = scta;
  }

  private static ImmutableMap<String, CatType> vocabularyMap() {
    Map<String, CatType> m = new LinkedHashMap<>();
    RELATIONS.stream().sorted().forEach(r -> m.put(r, CatType.RELATION));
    SETS.forEach(s -> m.put(s, CatType.SET));
    return ImmutableMap.copyOf(m);
  }

  /** Every name {@link #bind} defines, with its type. */
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
   * @throws IllegalArgumentException if a relation is not over {@code events.size()} events
   */
  public static PtxCatBindings of(
      List<Event> events, Relation po, Relation addr, Relation data, Relation ctrl) {
    int n = events.size();
    CatBindings.Builder b = CatBindings.builder(n);
    b.set("W", set(events, Event::writes));
    b.set("R", set(events, Event::reads));
    b.set("M", set(events, Event::isMemory));
    b.set("F", set(events, e -> !e.isMemory()));
    b.set("IW", set(events, Event::isInit));
    for (String tag : SETS.subList(5, SETS.size())) {
      b.set(tag, set(events, e -> tags(e).contains(tag)));
    }
    Relation loc = Relation.fromPredicate(n, (i, j) -> events.get(i).overlaps(events.get(j)));
    Relation vloc =
        Relation.fromPredicate(
            n,
            (i, j) -> events.get(i).isMemory() && events.get(j).isMemory()
                && events.get(i).sameVirtualRange(events.get(j)));
    Relation internal =
        Relation.fromPredicate(
            n, (i, j) -> i == j || (events.get(i).thread() >= 0
                && events.get(i).thread() == events.get(j).thread()));
    Relation sr =
        Relation.fromPredicate(
            n,
            (i, j) -> {
              Event x = events.get(i);
              Event y = events.get(j);
              return scoped(x) && scoped(y) && x.scopeIncludes(y.position())
                  && y.scopeIncludes(x.position());
            });
    Relation scta =
        Relation.fromPredicate(
            n, (i, j) -> !events.get(i).isInit() && !events.get(j).isInit()
                && events.get(i).position().sameCta(events.get(j).position()));
    b.relation("po", po)
        .relation("loc", loc)
        .relation("po-loc", po.intersection(loc))
        .relation("vloc", vloc)
        .relation("id", Relation.identity(n))
        .relation("int", internal)
        .relation("ext", Relation.full(n).difference(internal))
        .relation("rmw", Relation.identity(set(events, e -> e.kind() == EventKind.RMW)))
        .relation("addr", addr)
        .relation("data", data)
        .relation("ctrl", ctrl)
        .relation("sr", sr)
        .relation("scta", scta);
    return new PtxCatBindings(b.build(), sr, loc, internal, scta);
  }

  /**
   * The full bindings for one candidate.
   *
   * @param rf reads-from, write → read
   * @param co the coherence order as the cat file sees it before its own {@code let co = co+}:
   *     a strict partial order per location with each initial write before the location's
   *     other writes (Dat3M's PTX co is not total)
   * @param fenceScOrder the Fence-SC order; {@code sync_fence} is its restriction to pairs of
   *     fence.sc whose scopes include each other's threads (Dat3M orients exactly those)
   * @param barrierSync barrier synchronization, arrive → wait of one barrier phase
   * @throws IllegalArgumentException if a relation is over another number of events
   */
  public CatBindings bind(Relation rf, Relation co, Relation fenceScOrder,
      Relation barrierSync) {
    Relation ext = Relation.full(base.size()).difference(internal);
    Relation fr = rf.inverse().compose(co).difference(Relation.identity(base.size()));
    return base.toBuilder()
        .relation("rf", rf)
        .relation("rfe", rf.intersection(ext))
        .relation("rfi", rf.intersection(internal))
        .relation("co", co)
        .relation("coe", co.intersection(ext))
        .relation("coi", co.intersection(internal))
        .relation("fr", fr)
        .relation("fre", fr.intersection(ext))
        .relation("fri", fr.intersection(internal))
        .relation("sync_fence", fenceScOrder.intersection(sr))
        .relation("syncbar", barrierSync)
        .relation("sync_barrier", barrierSync.intersection(scta))
        .build();
  }

  /** Same physical location, overlapping bytes ({@code loc}). */
  public Relation loc() {
    return loc;
  }

  private static EventSet set(List<Event> events, Predicate<Event> p) {
    return EventSet.fromPredicate(events.size(), i -> p.test(events.get(i)));
  }

  /** Dat3M gives a scope tag to non-weak memory operations and to fence.sc/acq_rel. */
  private static boolean scoped(Event e) {
    return switch (e.kind()) {
      case READ, WRITE, RMW -> e.sem() != Semantics.WEAK;
      case FENCE -> true;
      default -> false;
    };
  }

  /** The tag sets an event belongs to (besides W, R, M, F, IW). */
  static Set<String> tags(Event e) {
    Set<String> t = new java.util.HashSet<>();
    switch (e.kind()) {
      case READ, WRITE, RMW -> {
        boolean rmw = e.kind() == EventKind.RMW;
        switch (e.sem()) {
          case WEAK -> t.add("WEAK");
          case RELAXED -> t.add("RLX");
          case ACQUIRE -> t.addAll(rmw ? Set.of("ACQ", "RLX") : Set.of("ACQ"));
          case RELEASE -> t.addAll(rmw ? Set.of("REL", "RLX") : Set.of("REL"));
          case ACQ_REL -> t.addAll(Set.of("ACQ", "REL"));
          case SC -> t.add("SC");
        }
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
