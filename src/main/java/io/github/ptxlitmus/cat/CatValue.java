package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The values of cat expressions, as herd's interpreter has them: event sets ({@link EventSet})
 * and relations ({@link Relation}) over the bound events, the polymorphic empty value ({@code
 * {}}) and universe ({@code _}), single events and pairs (from matching a set or relation),
 * tags, sets of values (e.g. the classes of {@code classes-loc}, the orders of {@code
 * linearisations}), tuples, functions and procedures. Immutable.
 */
final class CatValue {
  private CatValue() {}

  /** {@code {}}: empty, of whatever type it meets. */
  enum Empty {
    INSTANCE;

    @Override
    public String toString() {
      return "{}";
    }
  }

  /** {@code _}: every event, or every pair, as the context needs. */
  enum Universe {
    INSTANCE;

    @Override
    public String toString() {
      return "_";
    }
  }

  /** One event (an element of a matched event set). */
  record Event(int id) {}

  /** One pair (an element of a matched relation). */
  record Pair(int from, int to) {}

  /** A tag {@code 'name} of an {@code enum} (or an undeclared tag, type empty). */
  record Tag(String type, String name) {
    @Override
    public String toString() {
      return "'" + name;
    }
  }

  /** A set of values (never of events or pairs: those are event sets and relations). */
  record ValSet(Set<Object> elements) {
    ValSet {
      elements = Collections.unmodifiableSet(new LinkedHashSet<>(elements));
    }
  }

  /** A tuple {@code (a, b, ...)}. */
  record Tuple(List<Object> items) {
    Tuple {
      items = List.copyOf(items);
    }
  }

  /** A function value: a closure of the interpreter or a primitive. */
  interface Function {
    /** {@return the function's name, for messages} */
    String name();
  }

  /** A procedure value (see {@link CatInterpreter}). */
  interface Procedure {
    /** {@return the procedure's name, for messages} */
    String name();
  }

  /**
   * The orders {@code generate_orders(S, pco)} stands for, kept unexpanded: per class of events
   * of S at one location, every strict total order of the class containing pco's pairs there
   * ({@code total}), or every strict partial order of the class containing them with the
   * initial write first ({@code !total}: Dat3M's reading of PTX coherence). {@code with co from}
   * tests the candidate's own coherence order against it; anything else expands it.
   *
   * @param classes the classes, each an event set
   * @param pco the pairs every order contains
   * @param total true for total orders (herd's {@code generate_cos}), false for Dat3M's partial
   *     orders
   */
  record Orders(List<EventSet> classes, Relation pco, boolean total) {
    Orders {
      classes = List.copyOf(classes);
    }
  }

  /** {@return a short description of the value's type, for messages} */
  static String typeOf(Object v) {
    if (v instanceof EventSet) {
      return "event set";
    } else if (v instanceof Relation) {
      return "relation";
    } else if (v == Empty.INSTANCE) {
      return "empty set";
    } else if (v == Universe.INSTANCE) {
      return "universe";
    } else if (v instanceof Event) {
      return "event";
    } else if (v instanceof Pair) {
      return "pair";
    } else if (v instanceof Tag t) {
      return t.type().isEmpty() ? "tag" : "tag of " + t.type();
    } else if (v instanceof ValSet s) {
      return s.elements().isEmpty() ? "empty set"
          : "set of " + plural(typeOf(s.elements().iterator().next()));
    } else if (v instanceof Orders) {
      return "set of relations";
    } else if (v instanceof Tuple t) {
      return t.items().size() + "-tuple";
    } else if (v instanceof Function) {
      return "function";
    } else if (v instanceof Procedure) {
      return "procedure";
    }
    return v.getClass().getSimpleName();
  }

  private static String plural(String word) {
    return word.endsWith("set") ? word + "s" : word.endsWith("x") ? word + "es" : word + "s";
  }
}
