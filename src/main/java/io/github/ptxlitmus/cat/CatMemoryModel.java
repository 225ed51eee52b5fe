package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.model.Axiom;
import io.github.ptxlitmus.model.CandidateExecution;
import io.github.ptxlitmus.model.MemoryModel;
import io.github.ptxlitmus.model.Violation;
import io.github.ptxlitmus.relation.Relation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A cat model as a {@link MemoryModel} the exhaustive search runs: each candidate is bound with
 * {@link PtxCatBindings} and judged with the model's reading of coherence ({@link
 * CatModel#coherence()}): herd's total order (the candidate's order T itself), or Dat3M's
 * partial orders (consistent when some strict partial order P ⊆ T, initial writes first,
 * passes; see {@link CoherenceSuborders}). Immutable apart from a cache of the event-only
 * bindings; thread-safe.
 */
public final class CatMemoryModel implements MemoryModel {
  private final CatModel cat;
  /** The event-only bindings of the last path combination seen (a cache; any thread). */
  private final AtomicReference<Cached> last = new AtomicReference<>();

  /**
   * What one choice of thread paths fixes, and the outcomes of the (rf, Fence-SC order,
   * barrier sync, co) judged so far (a partial order P is a sub-order of every total order
   * extending it, so Dat3M's reading meets the same P many times).
   */
  private record Cached(List<Event> events, Relation po, Relation dep, PtxCatBindings bindings,
      CatModel.Prepared prepared, Relation initCo, Relation initCoBound,
      Map<List<Relation>, CatModel.Outcome> seen) {}

  /** The most outcomes remembered per choice of paths. */
  private static final int MEMO_LIMIT = 200_000;

  /** Whether the model reads FW, which depends on the total order, not only on co. */
  private final boolean readsFinalWrites;

  private CatMemoryModel(CatModel cat) {
    this.cat = cat;
    this.readsFinalWrites = cat.predefinedNames().contains("FW");
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
   * Loads a cat file (PTX vocabulary, default options).
   *
   * @param file the {@code .cat} file (UTF-8)
   * @return the memory model, named by the file name
   * @throws CatSyntaxException when the file is not accepted
   */
  public static CatMemoryModel load(Path file) {
    return of(CatModel.load(file));
  }

  /**
   * Loads a cat file with options (variants, include path, coherence reading).
   *
   * @param file the {@code .cat} file (UTF-8)
   * @param options how to load it
   * @return the memory model, named by the file name
   * @throws CatSyntaxException when the file is not accepted
   */
  public static CatMemoryModel load(Path file, CatOptions options) {
    return of(CatModel.load(file, options));
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
   * Empty when the candidate passes the model (under Dat3M's reading: some sub-order of its
   * coherence order does); otherwise the first constraint that fails (on the candidate's own
   * total order), with its evidence in the model's terms. The violation's {@code constraint}
   * is the constraint's name; its axiom is the spec axiom that name mentions (for counting),
   * else Causality.
   */
  @Override
  public Optional<Violation> check(CandidateExecution c) {
    Judgement j = judge(c);
    if (j.passed().isPresent()) {
      return Optional.empty();
    }
    return Optional.of(violation(j.bindings(),
        j.firstFailure().orElseThrow().failure().orElseThrow()));
  }

  /**
   * The flags raised by the run that passed (herd's {@code flag} tests that hold).
   *
   * @param c a candidate that {@link #check} finds consistent
   * @return the flags raised, by name; empty when the file has no flag tests
   */
  @Override
  public Set<String> flags(CandidateExecution c) {
    if (!cat.hasFlags()) {
      return Set.of();
    }
    return judge(c).passed().map(o -> (Set<String>) new TreeSet<>(o.outcome().flags()))
        .map(Collections::unmodifiableSet).orElse(Set.of());
  }

  /**
   * The coherence order of the run that passed: the candidate's total order (herd's reading)
   * or the sub-order that passed (Dat3M's), initial writes first, over the candidate's events.
   */
  @Override
  public Optional<Relation> coherenceShown(CandidateExecution c) {
    return judge(c).passed().map(Passed::co);
  }

  /** A cat model speaks its own terms: its flags, its coherence order. */
  @Override
  public boolean ownTerms() {
    return true;
  }

  private record Passed(CatModel.Outcome outcome, Relation co) {}

  private record Judgement(PtxCatBindings bindings, Optional<Passed> passed,
      Optional<CatModel.Outcome> firstFailure) {}

  private Judgement judge(CandidateExecution c) {
    Cached k = bindingsFor(c);
    Relation total = c.coherenceTotal().union(k.initCo());
    Relation totalBound = k.bindings().writes(total);
    List<CatModel.Outcome> first = new ArrayList<>(1);
    Passed[] passed = new Passed[1];
    if (cat.coherence() == CatModel.Coherence.TOTAL) {
      CatModel.Outcome o = run(k, c, total, total, totalBound);
      if (o.consistent()) {
        passed[0] = new Passed(o, total);
      } else {
        first.add(o);
      }
    } else {
      CoherenceSuborders.anyOf(c.coherenceTotal(), p -> {
        Relation co = p.union(k.initCo());
        CatModel.Outcome o = run(k, c, co, total, totalBound);
        if (!o.consistent()) {
          if (first.isEmpty()) {
            first.add(o);
          }
          return false;
        }
        passed[0] = new Passed(o, co);
        return true;
      });
    }
    return new Judgement(k.bindings(), Optional.ofNullable(passed[0]),
        first.stream().findFirst());
  }

  private CatModel.Outcome run(Cached k, CandidateExecution c, Relation co, Relation total,
      Relation totalBound) {
    if (cat.coherence() == CatModel.Coherence.TOTAL) {
      return k.prepared().run(
          k.bindings().varying(c.rf(), co, total, c.fenceScOrder(), c.barrierSync()),
          totalBound, k.initCoBound());
    }
    List<Relation> key = readsFinalWrites
        ? List.of(c.rf(), c.fenceScOrder(), c.barrierSync(), co, total)
        : List.of(c.rf(), c.fenceScOrder(), c.barrierSync(), co);
    CatModel.Outcome o = k.seen().get(key);
    if (o == null) {
      o = k.prepared().run(
          k.bindings().varying(c.rf(), co, total, c.fenceScOrder(), c.barrierSync()),
          totalBound, k.initCoBound());
      if (k.seen().size() < MEMO_LIMIT) {
        k.seen().put(key, o);
      }
    }
    return o;
  }

  /** The failure as a violation over the execution's events (an RMW's store half is the RMW). */
  private Violation violation(PtxCatBindings b, CatModel.Failure f) {
    List<Integer> events = new ArrayList<>();
    List<String> relations = new ArrayList<>();
    List<Integer> bound = f.events();
    boolean cycle = f.relations().size() == bound.size();
    for (int i = 0; i < bound.size(); i++) {
      int id = b.eventOf(bound.get(i));
      boolean hasStep = i < f.relations().size();
      int nextBound = cycle ? bound.get((i + 1) % bound.size())
          : i + 1 < bound.size() ? bound.get(i + 1) : -1;
      if (hasStep && nextBound >= 0 && b.eventOf(nextBound) == id) {
        continue; // a step between the halves of one RMW
      }
      events.add(id);
      if (hasStep) {
        relations.add(f.relations().get(i));
      }
    }
    if (events.isEmpty()) {
      events.add(0);
    }
    if (relations.size() > events.size()) {
      relations = relations.subList(0, events.size());
    }
    return new Violation(axiomNamed(f.constraint()), events, relations,
        "cat model " + cat.name() + ": " + f.constraint() + " fails"
            + (cat.coherence() == CatModel.Coherence.PARTIAL
                ? " for every coherence order contained in this one" : ""),
        f.constraint());
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
    Relation initCo = init.build();
    Cached fresh = new Cached(events, c.po(), dep, b,
        cat.prepare(b.fixed(), PtxCatBindings.VARYING), initCo, b.writes(initCo),
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
