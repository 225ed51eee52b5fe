package io.github.ptxlitmus.cat;

import com.google.common.collect.ImmutableMap;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The values a cat model is evaluated against: named event sets and relations over the events
 * {@code 0..n-1} of one candidate execution. Immutable; build with {@link #builder(int)}.
 * {@link PtxCatBindings} builds the PTX vocabulary of Dat3M's cat files.
 */
public final class CatBindings {
  private final int size;
  private final ImmutableMap<String, Object> values;

  private CatBindings(int size, Map<String, Object> values) {
    this.size = size;
    this.values = ImmutableMap.copyOf(values);
  }

  /**
   * A builder for bindings over {@code n} events.
   *
   * @param n the number of events, {@code 0..n-1}
   * @return an empty builder
   * @throws IllegalArgumentException if {@code n < 0}
   */
  public static Builder builder(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("negative event count " + n);
    }
    return new Builder(n);
  }

  /** {@return the number of events} */
  public int size() {
    return size;
  }

  /** {@return the names bound and their types, in insertion order} */
  public Map<String, CatType> types() {
    Map<String, CatType> t = new LinkedHashMap<>();
    values.forEach((k, v) -> t.put(k, v instanceof EventSet ? CatType.SET : CatType.RELATION));
    return t;
  }

  /**
   * The value bound to a name.
   *
   * @param name a cat name, e.g. {@code po}
   * @return an {@link EventSet} or a {@link Relation}; empty when {@code name} is not bound
   */
  public Optional<Object> get(String name) {
    return Optional.ofNullable(values.get(name));
  }

  /**
   * The set bound to a name.
   *
   * @param name a cat name, e.g. {@code W}
   * @return the set; empty when {@code name} is unbound or bound to a relation
   */
  public Optional<EventSet> set(String name) {
    return get(name).filter(EventSet.class::isInstance).map(EventSet.class::cast);
  }

  /**
   * The relation bound to a name.
   *
   * @param name a cat name, e.g. {@code rf}
   * @return the relation; empty when {@code name} is unbound or bound to a set
   */
  public Optional<Relation> relation(String name) {
    return get(name).filter(Relation.class::isInstance).map(Relation.class::cast);
  }

  /** {@return a builder that starts from these bindings (later puts replace)} */
  public Builder toBuilder() {
    Builder b = new Builder(size);
    b.values.putAll(values);
    return b;
  }

  /** Collects bindings; not thread-safe. */
  public static final class Builder {
    private final int size;
    private final Map<String, Object> values = new LinkedHashMap<>();

    private Builder(int size) {
      this.size = size;
    }

    /**
     * Binds {@code name} to a set (replacing an earlier binding).
     *
     * @param name the cat name
     * @param set a set over this builder's number of events
     * @return this builder
     * @throws IllegalArgumentException if the set is over another number of events
     */
    public Builder set(String name, EventSet set) {
      if (set.size() != size) {
        throw new IllegalArgumentException(name + ": set over " + set.size() + " events, not "
            + size);
      }
      values.put(name, set);
      return this;
    }

    /**
     * Binds {@code name} to a relation (replacing an earlier binding).
     *
     * @param name the cat name
     * @param relation a relation over this builder's number of events
     * @return this builder
     * @throws IllegalArgumentException if the relation is over another number of events
     */
    public Builder relation(String name, Relation relation) {
      if (relation.size() != size) {
        throw new IllegalArgumentException(name + ": relation over " + relation.size()
            + " events, not " + size);
      }
      values.put(name, relation);
      return this;
    }

    /** {@return the bindings collected so far} */
    public CatBindings build() {
      return new CatBindings(size, values);
    }
  }
}
