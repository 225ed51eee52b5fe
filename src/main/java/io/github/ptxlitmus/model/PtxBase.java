package io.github.ptxlitmus.model;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What the events of one choice of thread paths say directly, before any definition of chapter
 * 8: their kinds as event sets and the relations their tags give (program order, same location,
 * same proxy, scope inclusion, ...), as cat's tags and predefined relations are for a cat model.
 * {@link PtxModel} builds the spec's relations from these. Immutable; a relation is computed
 * when first used.
 */
final class PtxBase {
  final List<Event> events;
  final int n;

  final EventSet all;
  final EventSet init;
  final EventSet writes;
  final EventSet programWrites;
  final EventSet reads;
  final EventSet memory;
  final EventSet rmw;
  final EventSet strong;
  final EventSet fenceSc;
  /** 8.9.1 program order, with the issue order of asynchronous units (8.9.1.1). */
  final Relation po;
  /** 8.10.4 address, data and control dependencies, read → dependent event. */
  final Relation dep;
  /**
   * 8.2.1 overlap: memory operations on one physical location whose byte ranges intersect
   * (cat's {@code loc}), irreflexive.
   */
  final Relation overlap;

  PtxBase(EventStructure structure) {
    this.events = structure.events();
    List<Event> events = this.events;
    this.n = events.size();
    this.all = EventSet.full(n);
    this.init = tagged(Event::isInit);
    this.writes = tagged(Event::writes);
    this.programWrites = writes.difference(init);
    this.reads = tagged(Event::reads);
    this.memory = tagged(Event::isMemory);
    this.rmw = kind(EventKind.RMW);
    this.strong = tagged(Event::isStrong);
    this.fenceSc = tagged(Event::isFenceSc);
    this.po = structure.po();
    this.dep = structure.dep();
    this.overlap = overlapping();
  }

  /** {@return memory operations on the same virtual location, byte offset and size} */
  Relation sameVirtualRange() {
    return sameVirtualRange.get(
        () -> grouped(memory, e -> List.of(e.location(), e.offset(), e.size())));
  }

  /** {@return memory operations on the same physical location, byte offset and size} */
  Relation samePhysicalRange() {
    return samePhysicalRange.get(
        () -> grouped(memory, e -> List.of(e.physical(), e.offset(), e.size())));
  }

  /** {@return "same address" of 8.9.5: overlapping operations through one virtual location} */
  Relation sameAddress() {
    return sameAddress.get(() -> overlap.intersection(grouped(memory, Event::location)));
  }

  /** {@return memory operations with the same byte offset and size, whatever the location} */
  Relation sameBytes() {
    return sameBytes.get(() -> grouped(memory, e -> List.of(e.offset(), e.size())));
  }

  /** {@return the pairs of events of one thread (initial writes are in none)} */
  Relation sameThread() {
    return sameThread.get(() -> grouped(tagged(e -> e.thread() >= 0), Event::thread));
  }

  /** {@return memory operations with the same proxy in the same CTA} */
  Relation sameProxyAndCta() {
    return sameProxyAndCta.get(() -> grouped(memory,
        e -> List.of(e.proxy(), e.position().gpu(), e.position().cta())));
  }

  /** {@return the memory operations through the generic proxy} */
  EventSet generic() {
    return generic.get(() -> memory.intersection(tagged(e -> e.proxy() == Proxy.GENERIC)));
  }

  /** {@return memory operation → proxy fence for its proxy in its CTA (not the alias fence)} */
  Relation proxyFences() {
    return proxyFences.get(() -> Relation.fromPredicate(n,
        (x, f) -> events.get(f).isProxyFenceFor(events.get(x))));
  }

  /** {@return the fence.proxy.alias events} */
  EventSet aliasFences() {
    return aliasFences.get(() -> tagged(Event::isAliasFence));
  }

  /** {@return the overlapping pairs of program writes (initial writes excluded), symmetric} */
  Relation writePairs() {
    return writePairs.get(() -> overlap.restrictTo(programWrites));
  }

  private final Lazy<Relation> sameVirtualRange = new Lazy<>();
  private final Lazy<Relation> samePhysicalRange = new Lazy<>();
  private final Lazy<Relation> sameAddress = new Lazy<>();
  private final Lazy<Relation> sameBytes = new Lazy<>();
  private final Lazy<Relation> sameThread = new Lazy<>();
  private final Lazy<Relation> sameProxyAndCta = new Lazy<>();
  private final Lazy<EventSet> generic = new Lazy<>();
  private final Lazy<Relation> proxyFences = new Lazy<>();
  private final Lazy<EventSet> aliasFences = new Lazy<>();
  private final Lazy<Relation> writePairs = new Lazy<>();

  /**
   * 8.5 scope inclusion for the given pairs: each event's scope includes the other's thread
   * (cat's {@code sr}; only the pairs that can matter are looked at).
   */
  Relation sameScope(Relation pairs) {
    Relation.Builder b = Relation.builder(n);
    pairs.forEach((a, c) -> {
      if (events.get(a).scopeIncludes(events.get(c).position())
          && events.get(c).scopeIncludes(events.get(a).position())) {
        b.add(a, c);
      }
    });
    return b.build();
  }

  /** {@return the events with the tag} */
  EventSet tagged(Predicate<Event> tag) {
    return EventSet.fromPredicate(n, i -> tag.test(events.get(i)));
  }

  /** {@return the events of one kind} */
  EventSet kind(EventKind kind) {
    return tagged(e -> e.kind() == kind);
  }

  /** {@return the pairs of members with equal keys, reflexive pairs included} */
  Relation grouped(EventSet members, Function<Event, ?> key) {
    return Relation.grouped(members, i -> key.apply(events.get(i)));
  }

  /** {@return the pairs of distinct members of {@code set} whose events satisfy {@code p}} */
  Relation pairsOf(EventSet set, BiPredicate<Event, Event> p) {
    Relation.Builder b = Relation.builder(n);
    for (int a = set.next(0); a >= 0; a = set.next(a + 1)) {
      for (int c = set.next(0); c >= 0; c = set.next(c + 1)) {
        if (a != c && p.test(events.get(a), events.get(c))) {
          b.add(a, c);
        }
      }
    }
    return b.build();
  }

  /** {@return [from] ; po ; [to] with nothing between the two in po} */
  Relation immediatelyAfter(EventSet from, EventSet to) {
    return po.restrict(from, to).difference(po.restrict(from, all).compose(po.restrict(all, to)));
  }

  /** {@return [from] ; po ; [to] with no other event of from between the two: the latest} */
  Relation latestBefore(EventSet from, EventSet to) {
    Relation step = po.restrict(from, to);
    return step.difference(po.restrict(from, from).compose(step));
  }

  // 8.2.1 overlap, looked for among the accesses of each physical location only.
  private Relation overlapping() {
    Relation.Builder b = Relation.builder(n);
    Relation samePhysical = grouped(memory, Event::physical);
    for (int a = memory.next(0); a >= 0; a = memory.next(a + 1)) {
      EventSet others = samePhysical.successors(a);
      for (int c = others.next(0); c >= 0; c = others.next(c + 1)) {
        if (a != c && events.get(a).overlaps(events.get(c))) {
          b.add(a, c);
        }
      }
    }
    return b.build();
  }
}
