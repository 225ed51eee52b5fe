package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.CandidateExecution;
import io.github.ptxlitmus.model.MemoryModel;
import io.github.ptxlitmus.model.Violation;
import io.github.ptxlitmus.relation.Relation;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A cat model as a {@link MemoryModel} the exhaustive search runs: each candidate is bound with
 * {@link PtxCatBindings} and judged with Dat3M's reading of PTX coherence (a candidate's total
 * coherence order T is consistent when some strict partial order P ⊆ T, initial writes first,
 * passes the model; see {@link CoherenceSuborders} and {@code docs/model.md}, "cat models").
 * Immutable apart from a cache of the event-only bindings; thread-safe.
 */
public final class CatMemoryModel implements MemoryModel {
  private final CatModel cat;
  /** The event-only bindings of the last path combination seen (a cache; any thread). */
  private final AtomicReference<Cached> last = new AtomicReference<>();

  /**
   * What one choice of thread paths fixes, and the verdicts on the sub-orders judged so far: a
   * partial order P is a sub-order of every total order extending it, so the search meets the
   * same (rf, Fence-SC order, barrier sync, P) once per extension.
   */
  private record Cached(List<Event> events, Relation po, Relation dep, PtxCatBindings bindings,
      CatModel.Prepared prepared, Relation initCo,
      Map<List<Relation>, Optional<CatModel.Failure>> seen) {}

  /** The most verdicts remembered per choice of paths. */
  private static final int MEMO_LIMIT = 200_000;

  private CatMemoryModel(CatModel cat) {
    this.cat = cat;
  }

  /**
   * Runs {@code cat} on this project's candidate executions.
   *
   * @param cat a model resolved against {@link PtxCatBindings#vocabulary()}
   * @return the memory model
   */
  public static CatMemoryModel of(CatModel cat) {
    return new CatMemoryModel(cat);
  }

  /**
   * Loads a cat file (PTX vocabulary).
   *
   * @param file the {@code .cat} file (UTF-8)
   * @return the memory model, named by the file name
   * @throws CatSyntaxException when the file is not accepted
   */
  public static CatMemoryModel load(Path file) {
    return of(CatModel.load(file));
  }

  /** {@return the cat model} */
  public CatModel cat() {
    return cat;
  }

  /** {@return the cat file's name, e.g. {@code ptx-v7.5.cat}} */
  @Override
  public String name() {
    return cat.name();
  }

  /**
   * Empty when some sub-order of the candidate's coherence order passes every constraint;
   * otherwise the constraint that the candidate's own total order breaks first, named in the
   * violation's detail (the axiom is the spec axiom whose name the constraint mentions, else
   * Causality).
   */
  @Override
  public Optional<Violation> check(CandidateExecution c) {
    Cached k = bindingsFor(c);
    Relation total = c.coherenceTotal();
    List<CatModel.Failure> firstFailure = new java.util.ArrayList<>(1);
    boolean ok =
        CoherenceSuborders.anyOf(
            total,
            p -> {
              List<Relation> key = List.of(c.rf(), c.fenceScOrder(), c.barrierSync(), p);
              Optional<CatModel.Failure> v = k.seen().get(key);
              if (v == null) {
                v = k.prepared().firstFailure(
                    k.bindings().varying(c.rf(), p.union(k.initCo()), c.fenceScOrder(),
                        c.barrierSync()));
                if (k.seen().size() < MEMO_LIMIT) {
                  k.seen().put(key, v);
                }
              }
              if (v.isPresent() && firstFailure.isEmpty()) {
                firstFailure.add(v.get());
              }
              return v.isEmpty();
            });
    if (ok) {
      return Optional.empty();
    }
    CatModel.Failure f = firstFailure.get(0);
    // Evidence over the events of the execution (an RMW's store half is the RMW); a violation
    // needs at least one event, so a check without evidence names the first event.
    List<Integer> events = new java.util.ArrayList<>();
    for (int e : f.events()) {
      int id = k.bindings().eventOf(e);
      if (events.isEmpty() || events.get(events.size() - 1) != id) {
        events.add(id);
      }
    }
    if (events.size() > 1 && events.get(0).equals(events.get(events.size() - 1))) {
      events.remove(events.size() - 1);
    }
    if (events.isEmpty()) {
      events.add(0);
    }
    List<String> relations = java.util.Collections.nCopies(events.size(), f.constraint());
    return Optional.of(new Violation(axiomNamed(f.constraint()), events, relations,
        "cat model " + cat.name() + ": " + f.constraint() + " fails for every coherence order"
            + " contained in this one"));
  }

  /**
   * The cat file's {@code flag} checks that hold on the first sub-order of the candidate's
   * coherence order that passes every constraint (the one {@link #check} accepts it by).
   *
   * @param c a candidate that {@link #check} finds consistent
   * @return the flags raised, by name; empty when the file has no flag checks
   */
  @Override
  public java.util.Set<String> flags(CandidateExecution c) {
    if (!cat.hasFlags()) {
      return java.util.Set.of();
    }
    Cached k = bindingsFor(c);
    java.util.Set<String> raised = new java.util.TreeSet<>();
    CoherenceSuborders.anyOf(
        c.coherenceTotal(),
        p -> {
          CatBindings varying = k.bindings().varying(c.rf(), p.union(k.initCo()),
              c.fenceScOrder(), c.barrierSync());
          if (k.prepared().firstFailure(varying).isPresent()) {
            return false;
          }
          raised.addAll(k.prepared().flagsRaised(varying));
          return true;
        });
    return java.util.Collections.unmodifiableSet(raised);
  }

  private Cached bindingsFor(CandidateExecution c) {
    Cached k = last.get();
    Relation dep = c.dep();
    if (k != null && k.events().equals(c.events()) && k.po().equals(c.po())
        && k.dep().equals(dep)) {
      return k;
    }
    List<Event> events = c.events();
    int n = events.size();
    Relation.Builder init = Relation.builder(n);
    for (Event i : events) {
      if (i.isInit()) {
        for (Event w : events) {
          if (w.writes() && !w.isInit() && i.overlaps(w)) {
            init.add(i.id(), w.id());
          }
        }
      }
    }
    PtxCatBindings b = PtxCatBindings.of(events, c.po(), c.addr(), c.data(), c.ctrl());
    Cached fresh = new Cached(events, c.po(), dep, b,
        cat.prepare(b.fixed(), PtxCatBindings.VARYING), init.build(),
        new ConcurrentHashMap<>());
    last.set(fresh);
    return fresh;
  }

  /** The spec axiom a constraint's name mentions ({@code axiom-Coherence2} → Coherence). */
  static Axiom axiomNamed(String constraint) {
    String s = constraint.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
    for (Axiom a : Axiom.values()) {
      if (s.contains(a.title().toLowerCase(Locale.ROOT).replaceAll("[^a-z]", ""))) {
        return a;
      }
    }
    return Axiom.CAUSALITY;
  }

  @Override
  public String toString() {
    return name();
  }
}
