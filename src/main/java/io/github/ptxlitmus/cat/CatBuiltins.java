package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatAst.Pos;
import io.github.ptxlitmus.cat.CatCode.Ctx;
import io.github.ptxlitmus.cat.CatCode.Primitive;
import io.github.ptxlitmus.cat.CatValue.Empty;
import io.github.ptxlitmus.cat.CatValue.Orders;
import io.github.ptxlitmus.cat.CatValue.Tuple;
import io.github.ptxlitmus.cat.CatValue.Universe;
import io.github.ptxlitmus.cat.CatValue.ValSet;
import io.github.ptxlitmus.model.ModelLimitException;
import io.github.ptxlitmus.relation.Cliques;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * herd's primitive functions, as far as PTX events give them a meaning: {@code domain}, {@code
 * range}, {@code classes-loc} (the events of a set grouped by location), {@code classes} (the
 * classes of an equivalence), {@code linearisations(S, r)} (every strict total order of S
 * containing r), {@code fromto(S)} ({@code po; [S]; po}), {@code fail}, {@code as_transitive};
 * and {@code generate_orders(S, pco)} / {@code generate_partial_orders(S, pco)}, which stand
 * for the coherence orders (see {@link Orders}). herd's primitives about class relations,
 * scopes of other languages, page tables and values are refused as unsupported constructs.
 */
final class CatBuiltins {
  private CatBuiltins() {}

  /** herd primitives that PTX events give no meaning to. */
  private static final Map<String, String> UNSUPPORTED =
      Map.ofEntries(
          Map.entry("lift", "relations over event classes"),
          Map.entry("delift", "relations over event classes"),
          Map.entry("deliftinter", "relations over event classes"),
          Map.entry("bisimulation", "relations over event classes"),
          Map.entry("tag2scope", "scope trees of other languages"),
          Map.entry("tag2level", "scope trees of other languages"),
          Map.entry("tag2events", "bell event declarations"),
          Map.entry("tag2fenced", "bell event declarations"),
          Map.entry("loc2events", "locations named in the model"),
          Map.entry("different-values", "event values"),
          Map.entry("same-oa", "page-table entries"),
          Map.entry("at-least-one-writable", "page-table entries"));

  /** A primitive that is refused when it is called. */
  static final class Unsupported extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    Unsupported(String message) {
      super(message);
    }
  }

  /** {@return every primitive, by name} */
  static Map<String, Primitive> primitives() {
    Map<String, Primitive> m = new LinkedHashMap<>();
    supported((name, meaning, body) -> m.put(name, new Primitive(name, body)));
    UNSUPPORTED.forEach((name, why) -> m.put(name, new Primitive(name, (a, c) -> {
      throw new Unsupported("unsupported construct '" + name + "' (" + why + ")");
    })));
    return m;
  }

  /** {@return the supported primitives, by name, with what each means for PTX events} */
  static Map<String, String> meanings() {
    Map<String, String> m = new LinkedHashMap<>();
    supported((name, meaning, body) -> m.put(name, meaning));
    return m;
  }

  /** Receives a supported primitive: its name, its meaning in words, its body. */
  private interface Sink {
    void put(String name, String meaning, CatCode.PrimitiveBody body);
  }

  /** Gives {@code sink} every supported primitive, in the order {@code cat-bindings} lists. */
  private static void supported(Sink sink) {
    sink.put("domain", "domain(r): the events r relates from",
        (a, c) -> domainOrRange(a, c, true));
    sink.put("range", "range(r): the events r relates to",
        (a, c) -> domainOrRange(a, c, false));
    sink.put("classes-loc", "classes-loc(S): the events of S grouped by location",
        (a, c) -> classesByLocation(set(a, c), c));
    sink.put("classes", "classes(r): the classes of an equivalence r",
        (a, c) -> classes(rel(a, c), c));
    sink.put("linearisations", "linearisations(S, r): the strict total orders of S"
        + " containing r", (a, c) -> {
          List<Object> args = args(a, 2, "linearisations(S, r)");
          EventSet s = set(args.get(0), c);
          Relation r = rel(args.get(1), c);
          Set<Object> out = new LinkedHashSet<>(linearisations(s, r, c));
          return new ValSet(out);
        });
    sink.put("generate_orders", "generate_orders(S, pco): per location class of S, the"
        + " strict total orders containing pco", (a, c) -> orders(a, c, true));
    sink.put("generate_partial_orders", "generate_partial_orders(S, pco): the same with"
        + " strict partial orders, initial write first", (a, c) -> orders(a, c, false));
    sink.put("fromto", "fromto(S) = po; [S]; po", (a, c) -> {
      EventSet s = set(a, c);
      return c.po.compose(Relation.identity(s)).compose(c.po);
    });
    sink.put("fail", "fail(x): an error (caught by try ... with)", (a, c) -> {
      throw new IllegalArgumentException("fail on " + CatOps.article(a));
    });
    sink.put("as_transitive", "as_transitive(r) = r", (a, c) -> a);
    sink.put("cliques", "cliques(r): the maximal sets of two or more events pairwise related"
        + " by r both ways (8.10.5's pairwise morally strong sets as cliques(ms))",
        (a, c) -> new ValSet(new LinkedHashSet<>(cliques(rel(a, c)))));
  }

  /**
   * {@code cliques(r)}: the maximal sets of events pairwise related by {@code r} in both
   * directions, at least two events each (the events related by r to nothing form no set):
   * {@link Cliques#maximal} over the events that have a partner.
   */
  static List<Object> cliques(Relation r) {
    Relation g = r.intersection(r.inverse()).withoutIdentity();
    List<Object> out = new ArrayList<>();
    for (EventSet clique : Cliques.maximal(g, g.domain())) {
      if (clique.count() >= 2) { // with no pair at all, the one maximal clique is empty
        out.add(clique);
      }
    }
    return out;
  }

  private static List<Object> args(Object a, int k, String form) {
    if (a instanceof Tuple t && t.items().size() == k) {
      return t.items();
    }
    throw new IllegalArgumentException("expected " + form);
  }

  private static EventSet set(Object v, Ctx c) {
    return CatOps.coerce(v, EventSet.class, c.n, EventSet::empty, EventSet::full).orElseThrow(
        () -> new IllegalArgumentException("needs a set of events, found " + CatOps.article(v)));
  }

  private static Relation rel(Object v, Ctx c) {
    return CatOps.coerce(v, Relation.class, c.n, Relation::empty, Relation::full).orElseThrow(
        () -> new IllegalArgumentException("needs a relation, found " + CatOps.article(v)));
  }

  private static Object domainOrRange(Object a, Ctx c, boolean domain) {
    if (a == Empty.INSTANCE || a == Universe.INSTANCE) {
      return a;
    }
    Relation r = rel(a, c);
    return domain ? r.domain() : r.range();
  }

  /** The events of {@code s} grouped by location: classes of {@code loc}'s closure on s. */
  static ValSet classesByLocation(EventSet s, Ctx c) {
    Relation within = c.loc.restrict(s, s).union(Relation.identity(s));
    return classes(within.transitiveClosure(), c);
  }

  private static ValSet classes(Relation r, Ctx c) {
    Set<Object> out = new LinkedHashSet<>();
    boolean[] seen = new boolean[c.n];
    for (int e = 0; e < c.n; e++) {
      if (seen[e] || !(r.contains(e, e) || !r.successors(e).isEmpty())) {
        continue;
      }
      EventSet cls = r.successors(e).union(r.predecessors(e)).union(EventSet.of(c.n, e));
      cls.forEach(x -> seen[x] = true);
      out.add(cls);
    }
    return new ValSet(out);
  }

  /** Every strict total order of {@code s} that contains {@code r}'s pairs within s. */
  static List<Relation> linearisations(EventSet s, Relation r, Ctx c) {
    int[] nodes = s.toArray();
    Relation within = r.restrict(s, s);
    List<Relation> out = new ArrayList<>();
    extend(nodes, within, new ArrayList<>(), new boolean[c.n], out, c);
    return out;
  }

  private static void extend(int[] nodes, Relation r, List<Integer> prefix, boolean[] placed,
      List<Relation> out, Ctx c) {
    if (prefix.size() == nodes.length) {
      charge(c, nodes.length);
      Relation.Builder b = Relation.builder(c.n);
      for (int i = 0; i < prefix.size(); i++) {
        for (int j = i + 1; j < prefix.size(); j++) {
          b.add(prefix.get(i), prefix.get(j));
        }
      }
      out.add(b.build());
      return;
    }
    for (int x : nodes) {
      if (placed[x]) {
        continue;
      }
      boolean ready = true;
      for (int y : r.predecessors(x).toArray()) {
        if (!placed[y] && y != x) {
          ready = false;
          break;
        }
      }
      if (!ready || r.contains(x, x)) {
        continue;
      }
      placed[x] = true;
      prefix.add(x);
      extend(nodes, r, prefix, placed, out, c);
      prefix.remove(prefix.size() - 1);
      placed[x] = false;
    }
  }

  private static void charge(Ctx c, long work) {
    c.expanded += work + 1;
    if (c.expanded > Ctx.EXPANSION_LIMIT) {
      throw new ModelLimitException("cat model limit: more than " + Ctx.EXPANSION_LIMIT
          + " orders expanded while evaluating one candidate");
    }
  }

  private static Orders orders(Object a, Ctx c, boolean total) {
    List<Object> args = args(a, 2, (total ? "generate_orders" : "generate_partial_orders")
        + "(S, pco)");
    EventSet s = set(args.get(0), c);
    Relation pco = rel(args.get(1), c);
    List<EventSet> classes = new ArrayList<>();
    for (Object cls : classesByLocation(s, c).elements()) {
      classes.add((EventSet) cls);
    }
    return new Orders(classes, pco, total);
  }

  /** Every order {@code o} stands for (the product over its classes). */
  static ValSet expand(Orders o, Ctx c) {
    List<Relation> acc = new ArrayList<>();
    acc.add(Relation.empty(c.n));
    for (EventSet cls : o.classes()) {
      List<Relation> per = o.total() ? linearisations(cls, o.pco(), c)
          : partialOrders(cls, o.pco(), c);
      List<Relation> next = new ArrayList<>();
      for (Relation x : acc) {
        for (Relation y : per) {
          charge(c, 1);
          next.add(x.union(y));
        }
      }
      acc = next;
    }
    return new ValSet(new LinkedHashSet<>(acc));
  }

  /** The strict partial orders of {@code cls} containing pco there, initial writes first. */
  private static List<Relation> partialOrders(EventSet cls, Relation pco, Ctx c) {
    List<Relation> out = new ArrayList<>();
    for (Relation total : linearisations(cls, pco, c)) {
      for (Relation p : CoherenceSuborders.suborders(c.n, chain(total, cls))) {
        Relation withInit = p.union(c.initCo.restrict(cls, cls));
        if (pco.restrict(cls, cls).isSubsetOf(withInit) && !out.contains(withInit)) {
          charge(c, 1);
          out.add(withInit);
        }
      }
    }
    return out;
  }

  private static List<Integer> chain(Relation total, EventSet cls) {
    List<Integer> order = new ArrayList<>();
    cls.forEach(order::add);
    order.sort(java.util.Comparator.comparingInt(x -> total.predecessors(x).count()));
    return order;
  }

  /**
   * The members of {@code set} that {@code with co from set} may bind for the candidate whose
   * coherence order is {@code c.candidateCo}: the candidate's order itself when it is one of
   * them (herd's total orders), or its sub-orders that are (Dat3M's partial orders).
   */
  static List<Object> coherenceMembers(Object set, Ctx c, Pos at) {
    Relation co = c.candidateCo;
    if (set instanceof Orders o) {
      if (o.total()) {
        for (EventSet cls : o.classes()) {
          Relation mine = co.restrict(cls, cls);
          int k = cls.count();
          if (mine.count() != k * (k - 1) / 2 || !mine.isAcyclic()
              || !o.pco().restrict(cls, cls).isSubsetOf(mine)) {
            return List.of();
          }
        }
        return List.of(co);
      }
      List<Object> out = new ArrayList<>();
      Relation program = co.difference(c.initCo);
      CoherenceSuborders.anyOf(program, p -> {
        Relation withInit = p.union(c.initCo);
        boolean contains = true;
        for (EventSet cls : o.classes()) {
          contains &= o.pco().restrict(cls, cls).isSubsetOf(withInit);
        }
        if (contains) {
          out.add(withInit);
        }
        return false;
      });
      return out;
    }
    List<Object> out = new ArrayList<>();
    for (Object m : CatRunner.elements(set, c, at, "with")) {
      if (m instanceof Relation r && r.equals(co)) {
        out.add(m);
      }
    }
    return out;
  }
}
