package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatAst.Pos;
import io.github.ptxlitmus.cat.CatValue.Empty;
import io.github.ptxlitmus.cat.CatValue.Event;
import io.github.ptxlitmus.cat.CatValue.Pair;
import io.github.ptxlitmus.cat.CatValue.Tag;
import io.github.ptxlitmus.cat.CatValue.Universe;
import io.github.ptxlitmus.cat.CatValue.ValSet;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.IntFunction;

/**
 * herd's polymorphic operators over {@link CatValue}s: union, intersection and difference of
 * event sets, relations or value sets; sequence, closures, inverse and {@code [S]} of relations;
 * cartesian product of event sets; {@code ++} (add an element); complement. {@code {}} and
 * {@code _} take the type of the other operand. A type mismatch is a {@link CatSyntaxException}
 * at the operator.
 */
final class CatOps {
  private CatOps() {}

  static Relation asRelation(Object v, int n, Pos at, String where) {
    if (v instanceof Pair p) {
      return Relation.of(n, p.from(), p.to());
    }
    return coerce(v, Relation.class, n, Relation::empty, Relation::full)
        .orElseThrow(() -> at.error(where + " needs a relation, found " + article(v)));
  }

  static EventSet asSet(Object v, int n, Pos at, String where) {
    if (v instanceof Event e) {
      return EventSet.of(n, e.id());
    }
    return coerce(v, EventSet.class, n, EventSet::empty, EventSet::full)
        .orElseThrow(() -> at.error(where + " needs a set, found " + article(v)));
  }

  /**
   * {@code v} as a {@code kind} over {@code n} events: itself when it is one; {@code {}} and
   * {@code _} take that type; anything else is empty.
   */
  static <T> Optional<T> coerce(Object v, Class<T> kind, int n, IntFunction<T> empty,
      IntFunction<T> full) {
    if (kind.isInstance(v)) {
      return Optional.of(kind.cast(v));
    } else if (v == Empty.INSTANCE) {
      return Optional.of(empty.apply(n));
    } else if (v == Universe.INSTANCE) {
      return Optional.of(full.apply(n));
    }
    return Optional.empty();
  }

  static String article(Object v) {
    String t = CatValue.typeOf(v);
    return (t.matches("^[aeiou].*") ? "an " : "a ") + t;
  }

  private static Object lift(Object v) {
    return v instanceof Tag t ? new ValSet(Set.of(t)) : v;
  }

  private static CatSyntaxException mismatch(Pos at, String op, Object a, Object b) {
    return at.error("'" + op + "' between " + article(a) + " and " + article(b));
  }

  static Object union(Object a, Object b, int n, Pos at) {
    a = lift(a);
    b = lift(b);
    if (a == Empty.INSTANCE) {
      return b;
    } else if (b == Empty.INSTANCE) {
      return a;
    } else if (a == Universe.INSTANCE || b == Universe.INSTANCE) {
      return Universe.INSTANCE;
    }
    return sameKind(a, b, at, "|", Relation::union, EventSet::union, Set::addAll);
  }

  static Object inter(Object a, Object b, int n, Pos at) {
    a = lift(a);
    b = lift(b);
    if (a == Universe.INSTANCE) {
      return b;
    } else if (b == Universe.INSTANCE) {
      return a;
    } else if (a == Empty.INSTANCE || b == Empty.INSTANCE) {
      checkSetLike(a, b, at, "&");
      return Empty.INSTANCE;
    }
    return sameKind(a, b, at, "&", Relation::intersection, EventSet::intersection,
        Set::retainAll);
  }

  static Object diff(Object a, Object b, int n, Pos at) {
    a = lift(a);
    b = lift(b);
    if (a == Empty.INSTANCE) {
      checkSetLike(a, b, at, "\\");
      return Empty.INSTANCE;
    } else if (b == Empty.INSTANCE) {
      checkSetLike(a, b, at, "\\");
      return a;
    } else if (b == Universe.INSTANCE) {
      return a instanceof Relation ? Relation.empty(n) : a instanceof EventSet
          ? EventSet.empty(n) : Empty.INSTANCE;
    } else if (a == Universe.INSTANCE && b instanceof Relation y) {
      return Relation.full(n).difference(y);
    } else if (a == Universe.INSTANCE && b instanceof EventSet y) {
      return y.complement();
    }
    return sameKind(a, b, at, "\\", Relation::difference, EventSet::difference,
        Set::removeAll);
  }

  /**
   * A set operation between two relations, two event sets or two value sets ({@code |},
   * {@code &}, {@code \}), the value sets' result in the left operand's order.
   *
   * @param onValues updates a copy of the left value set with the right one
   * @throws CatSyntaxException naming {@code op} when the operands are of different kinds
   */
  private static Object sameKind(Object a, Object b, Pos at, String op,
      BinaryOperator<Relation> onRelations, BinaryOperator<EventSet> onSets,
      BiConsumer<Set<Object>, Set<Object>> onValues) {
    if (a instanceof Relation x && b instanceof Relation y) {
      return onRelations.apply(x, y);
    } else if (a instanceof EventSet x && b instanceof EventSet y) {
      return onSets.apply(x, y);
    } else if (a instanceof ValSet x && b instanceof ValSet y) {
      Set<Object> s = new LinkedHashSet<>(x.elements());
      onValues.accept(s, y.elements());
      return new ValSet(s);
    }
    throw mismatch(at, op, a, b);
  }

  private static void checkSetLike(Object a, Object b, Pos at, String op) {
    for (Object v : new Object[] {a, b}) {
      if (!(v instanceof Relation || v instanceof EventSet || v instanceof ValSet
          || v == Empty.INSTANCE || v == Universe.INSTANCE)) {
        throw mismatch(at, op, a, b);
      }
    }
  }

  static Object seq(Object a, Object b, int n, Pos at) {
    if (a instanceof EventSet || b instanceof EventSet) {
      throw at.error("';' needs relations (use [S] for a set), found " + article(
          a instanceof EventSet ? a : b));
    }
    if (a == Empty.INSTANCE || b == Empty.INSTANCE) {
      asRelation(a, n, at, "';'");
      asRelation(b, n, at, "';'");
      return Relation.empty(n);
    }
    return asRelation(a, n, at, "';'").compose(asRelation(b, n, at, "';'"));
  }

  static Object cartesian(Object a, Object b, int n, Pos at) {
    return Relation.cross(n, asSet(a, n, at, "the cartesian product '*'"),
        asSet(b, n, at, "the cartesian product '*'"));
  }

  static Object add(Object elem, Object set, int n, Pos at) {
    if (set == Universe.INSTANCE) {
      return set;
    }
    if (elem instanceof Event e) {
      return asSet(set, n, at, "'++' of an event").union(EventSet.of(n, e.id()));
    }
    if (elem instanceof Pair p) {
      return asRelation(set, n, at, "'++' of a pair").union(Relation.of(n, p.from(), p.to()));
    }
    if (set == Empty.INSTANCE) {
      return new ValSet(Set.of(elem));
    }
    if (set instanceof ValSet s) {
      Set<Object> out = new LinkedHashSet<>();
      out.add(elem);
      out.addAll(s.elements());
      return new ValSet(out);
    }
    throw at.error("'++' needs a set on its right, found " + article(set));
  }

  static Object complement(Object v, int n, Pos at, Set<Object> tagUniverse) {
    if (v == Empty.INSTANCE) {
      return Universe.INSTANCE;
    } else if (v == Universe.INSTANCE) {
      return Empty.INSTANCE;
    } else if (v instanceof EventSet s) {
      return s.complement();
    } else if (v instanceof Relation r) {
      return Relation.full(n).difference(r);
    } else if (v instanceof Tag || v instanceof ValSet) {
      Set<Object> out = new LinkedHashSet<>(tagUniverse);
      out.removeAll(((ValSet) lift(v)).elements());
      return new ValSet(out);
    }
    throw at.error("'~' needs a set or a relation, found " + article(v));
  }

  static Object closure(Object v, boolean reflexive, int n, Pos at) {
    if (v == Empty.INSTANCE) {
      return reflexive ? Relation.identity(n) : Empty.INSTANCE;
    } else if (v == Universe.INSTANCE) {
      return Universe.INSTANCE;
    }
    Relation r = asRelation(v, n, at, reflexive ? "'*'" : "'+'");
    return reflexive ? r.reflexiveTransitiveClosure() : r.transitiveClosure();
  }

  static Object optional(Object v, int n, Pos at) {
    if (v == Empty.INSTANCE) {
      return Relation.identity(n);
    } else if (v == Universe.INSTANCE) {
      return v;
    }
    return asRelation(v, n, at, "'?'").optional();
  }

  static Object inverse(Object v, int n, Pos at) {
    if (v == Empty.INSTANCE || v == Universe.INSTANCE) {
      return v;
    } else if (v instanceof Pair p) {
      return new Pair(p.to(), p.from());
    }
    return asRelation(v, n, at, "'^-1'").inverse();
  }

  static Object toId(Object v, int n, Pos at) {
    if (v == Empty.INSTANCE) {
      return Relation.empty(n);
    } else if (v == Universe.INSTANCE) {
      return Relation.identity(n);
    }
    return Relation.identity(asSet(v, n, at, "[...]"));
  }

  /** Whether two values are equal as herd compares them ({@code {}} equals any empty value). */
  static boolean sameValue(Object a, Object b) {
    if (isEmpty(a) && isEmpty(b)) {
      return true;
    }
    return a.equals(b);
  }

  static boolean isEmpty(Object v) {
    return v == Empty.INSTANCE || (v instanceof EventSet s && s.isEmpty())
        || (v instanceof Relation r && r.isEmpty())
        || (v instanceof ValSet s && s.elements().isEmpty());
  }

  /** Whether {@code now} contains {@code before} (a least fixpoint only grows). */
  static boolean grows(Object before, Object now) {
    if (before == Empty.INSTANCE || isEmpty(before)) {
      return true;
    } else if (before instanceof Relation a && now instanceof Relation b) {
      return a.isSubsetOf(b);
    } else if (before instanceof EventSet a && now instanceof EventSet b) {
      return a.isSubsetOf(b);
    } else if (before instanceof ValSet a && now instanceof ValSet b) {
      return b.elements().containsAll(a.elements());
    }
    return before.equals(now);
  }
}
