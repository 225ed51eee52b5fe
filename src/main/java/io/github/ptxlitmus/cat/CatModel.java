package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatCode.Ctx;
import io.github.ptxlitmus.cat.CatCode.Frame;
import io.github.ptxlitmus.cat.CatRunner.Run;
import io.github.ptxlitmus.cat.CatRunner.Stmt;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A memory model written in herd's cat language, read, resolved and type-checked once, then
 * evaluated on the {@link CatBindings} of each candidate execution. Immutable and thread-safe.
 *
 * <p>The language is herd's (see {@code docs/model.md}, "cat models"): {@code let}, {@code let
 * rec} (least fixpoints), functions and {@code fun}, {@code let ... in}, {@code match}, {@code
 * try ... with}, {@code if ... then ... else}, tags and {@code enum}, {@code include} (searched
 * in the including file's directory, the model's, then the bundled library), {@code if
 * "variant" ... else ... end}, {@code procedure}/{@code call}, {@code forall}, {@code with x
 * from S}, the tests {@code acyclic}, {@code irreflexive} and {@code empty} (constraints, or
 * {@code flag}, {@code undefined_unless}, {@code assert}), {@code show}/{@code unshow} (no
 * effect). The bundled {@code stdlib.cat} runs first, as herd's does.
 *
 * <pre>{@code
 * CatModel m = CatModel.load(Path.of("sc.cat"));          // CatSyntaxException if bad
 * Optional<String> broken = m.firstViolation(bindings);
 * }</pre>
 */
public final class CatModel {
  /**
   * How the model reads the coherence order {@code co} of a candidate whose writes to each
   * location the search has put in a total order T (initial write first).
   */
  public enum Coherence {
    /**
     * herd's: {@code co} is T itself (what {@code with co from generate_cos(...)} picks, or
     * the predefined {@code co}).
     */
    TOTAL,
    /**
     * Dat3M's reading of PTX: {@code co} is any strict partial order P ⊆ T with the initial
     * writes first; the candidate is consistent when some P passes (the final value is T's last
     * write, a P-maximal one).
     */
    PARTIAL
  }

  /** Relations only Dat3M's PTX architecture defines: a model using them is written for it. */
  private static final Set<String> DAT3M_PTX =
      Set.of("sync_fence", "syncbar", "sync_barrier", "vloc", "sr", "scta");
  private static final Set<String> COHERENCE_NAMES =
      Set.of("co", "coe", "coi", "fr", "fre", "fri");

  private final String name;
  private final String title;
  private final CatCompiler.Program program;
  private final List<String> warnings;
  private final List<String> files;
  private final Set<String> variants;
  private final Coherence coherence;
  private final String coherenceReason;

  private CatModel(String name, CatLoader.Loaded loaded, CatCompiler.Program program,
      CatOptions options) {
    this.name = name;
    this.title = loaded.title();
    this.program = program;
    this.files = loaded.files();
    this.variants = java.util.Collections.unmodifiableSet(new java.util.TreeSet<>(loaded.variants()));
    List<String> w = new ArrayList<>(loaded.warnings());
    if (!program.emptyNames().isEmpty()) {
      StringBuilder sb = new StringBuilder();
      program.emptyNames().forEach((n, p) -> sb.append(sb.length() == 0 ? "" : ", ").append(n)
          .append(" (").append(p)
          .append(program.nearNames().containsKey(n)
              ? "; did you mean '" + program.nearNames().get(n) + "'?" : "")
          .append(")"));
      w.add(name + ": warning: names that PTX gives no events or pairs, taken as empty: " + sb);
    }
    this.warnings = List.copyOf(w);
    boolean withCo = program.statements().stream()
        .anyMatch(s -> s instanceof CatRunner.WithS ws && ws.var().equals("co"));
    boolean baseCo = program.baseSlots().keySet().stream().anyMatch(COHERENCE_NAMES::contains);
    List<String> dat3m = program.baseSlots().keySet().stream().filter(DAT3M_PTX::contains)
        .sorted().toList();
    if (options.coherence() != null) {
      coherence = options.coherence();
      coherenceReason = "set by the caller";
    } else if (!withCo && baseCo && !dat3m.isEmpty()) {
      coherence = Coherence.PARTIAL;
      coherenceReason = "the model is written for Dat3M's PTX relations (" + String.join(", ",
          dat3m) + ") and uses the predefined co: Dat3M's partial coherence orders";
    } else {
      coherence = Coherence.TOTAL;
      coherenceReason = withCo ? "with co from ...: total orders, as herd's generate_cos"
          : "herd's total coherence order per location";
    }
  }

  /**
   * Whether a model argument names a bundled model: a bare file name such as {@code ptx.cat}
   * with no such file in the working directory.
   *
   * @param model the argument
   * @return true when {@link #load(Path)} of it reads the bundled model
   */
  public static boolean isBundled(String model) {
    try {
      return CatLoader.bundledModel(Path.of(model)).isPresent();
    } catch (java.nio.file.InvalidPathException e) {
      return false;
    }
  }

  /**
   * Reads and resolves a cat file against the PTX vocabulary of {@link PtxCatBindings}. A bare
   * name that is no file but a bundled model ({@code ptx.cat}, the PTX model of chapter 8) is
   * that model.
   *
   * @param file the {@code .cat} file (UTF-8)
   * @return the resolved model, named by the file name
   * @throws CatSyntaxException when the file or a file it includes is not accepted (message
   *     {@code file:line:col: reason}), or is missing, unreadable or not UTF-8 ({@code file:
   *     reason}), or the model has no axiom
   */
  public static CatModel load(Path file) {
    return load(file, PtxCatBindings.vocabulary(), CatOptions.defaults());
  }

  /**
   * As {@link #load(Path)}, with options (variants, include path, coherence reading).
   *
   * @param file the {@code .cat} file (UTF-8)
   * @param options how to load it
   * @return the resolved model
   * @throws CatSyntaxException as {@link #load(Path)}
   */
  public static CatModel load(Path file, CatOptions options) {
    return load(file, PtxCatBindings.vocabulary(), options);
  }

  /**
   * Reads and resolves a cat file against a vocabulary of predefined names.
   *
   * @param file the {@code .cat} file (UTF-8)
   * @param vocabulary every name the bindings will provide, with its type
   * @return the resolved model, named by the file name
   * @throws CatSyntaxException as {@link #load(Path)}
   */
  public static CatModel load(Path file, Map<String, CatType> vocabulary) {
    return load(file, vocabulary, CatOptions.defaults());
  }

  /**
   * Reads and resolves a cat file against a vocabulary, with options.
   *
   * @param file the {@code .cat} file (UTF-8)
   * @param vocabulary every name the bindings will provide, with its type
   * @param options how to load it
   * @return the resolved model, named by the file name
   * @throws CatSyntaxException as {@link #load(Path)}
   */
  public static CatModel load(Path file, Map<String, CatType> vocabulary, CatOptions options) {
    Path fileName = file.getFileName();
    String name = fileName == null ? file.toString() : fileName.toString();
    return build(name, CatLoader.load(file, file.toString(), options), vocabulary, options);
  }

  /**
   * Parses cat text that is not read from a file; {@code include}s are searched in the working
   * directory, then the bundled library.
   *
   * @param name the model's name in reports and messages, e.g. {@code test.cat}
   * @param text the cat source
   * @param vocabulary every name the bindings will provide, with its type
   * @return the resolved model
   * @throws CatSyntaxException as {@link #load(Path)}
   */
  public static CatModel parse(String name, String text, Map<String, CatType> vocabulary) {
    return parse(name, text, vocabulary, CatOptions.defaults());
  }

  /**
   * As {@link #parse(String, String, Map)}, with options.
   *
   * @param name the model's name in reports and messages
   * @param text the cat source
   * @param vocabulary every name the bindings will provide, with its type
   * @param options how to load it
   * @return the resolved model
   * @throws CatSyntaxException as {@link #load(Path)}
   */
  public static CatModel parse(String name, String text, Map<String, CatType> vocabulary,
      CatOptions options) {
    return build(name, CatLoader.fromText(name, text, null, options), vocabulary, options);
  }

  private static CatModel build(String name, CatLoader.Loaded loaded,
      Map<String, CatType> vocabulary, CatOptions options) {
    CatCompiler.Program program =
        CatCompiler.compile(loaded.instructions(), vocabulary, options::variant);
    CatModel m = new CatModel(name, loaded, program, options);
    m.typeCheck(vocabulary);
    return m;
  }

  /** Runs the model once on no events, so that type errors are found when it is loaded. */
  private void typeCheck(Map<String, CatType> vocabulary) {
    Frame f = new Frame(program.globalSize(), null);
    program.baseSlots().forEach((n, slot) -> f.slots[slot] =
        vocabulary.get(n) == CatType.SET ? EventSet.empty(0) : Relation.empty(0));
    Ctx c = new Ctx(0, Relation.empty(0), Relation.empty(0), null, Relation.empty(0), true,
        program.enums());
    CatRunner.run(program.statements(), 0, f, c, new Run());
  }

  /** {@return the file name (e.g. {@code ptx-v7.5.cat}); what results and reports call the model} */
  public String name() {
    return name;
  }

  /** {@return the title from the file's first line (e.g. {@code PTX}), empty when there is none} */
  public String title() {
    return title;
  }

  /** {@return warnings found while loading ({@code file:line:col: warning: ...}), one a line} */
  public List<String> warnings() {
    return warnings;
  }

  /**
   * {@return the variants the model's files test with {@code if "name"} (lower case, sorted),
   * taken or not}
   */
  public Set<String> variantsTested() {
    return variants;
  }

  /** {@return the files read: the model, then each included file (bundled ones marked)} */
  public List<String> files() {
    return files;
  }

  /** {@return how the model reads coherence} */
  public Coherence coherence() {
    return coherence;
  }

  /** {@return why the model reads coherence as {@link #coherence()} says, one sentence} */
  public String coherenceReason() {
    return coherenceReason;
  }

  /** {@return the predefined names the model uses, in first-use order} */
  public List<String> predefinedNames() {
    return List.copyOf(program.baseSlots().keySet());
  }

  /**
   * {@return whether the model picks its own coherence order ({@code with co from ...}): its
   * {@code co} is then one of the set's members, not the candidate's order as given}
   */
  boolean choosesCoherence() {
    return program.statements().stream()
        .anyMatch(s -> s instanceof CatRunner.WithS ws && ws.var().equals("co"));
  }

  /** {@return the names of the constraints (top-level non-flag tests), in file order} */
  public List<String> constraints() {
    return testLabels(CatAst.TestType.CHECK);
  }

  /** {@return the names of the flags (top-level {@code flag} tests), in file order} */
  public List<String> flagNames() {
    return testLabels(CatAst.TestType.FLAG);
  }

  private List<String> testLabels(CatAst.TestType type) {
    List<String> out = new ArrayList<>();
    for (Stmt s : program.statements()) {
      if (s instanceof CatRunner.TestS t && t.type() == type) {
        out.add(t.label());
      }
    }
    return out;
  }

  /** {@return true when the model has {@code flag} tests} */
  public boolean hasFlags() {
    return !flagNames().isEmpty();
  }

  /**
   * The constraints whose failure on a partial choice of {@code chosen} relations is a
   * failure on every completion (monotone in them; see {@code docs/model.md}).
   *
   * @param chosen predefined names that only grow as choices are made (e.g. rf, co, fr)
   * @return the constraints' names, in file order
   */
  public List<String> monotoneConstraints(Set<String> chosen) {
    boolean[] mono = CatMonotonicity.monotoneTests(program, slotsOf(chosen));
    List<String> out = new ArrayList<>();
    for (int i = 0; i < mono.length; i++) {
      if (mono[i]) {
        out.add(((CatRunner.TestS) program.statements().get(i)).label());
      }
    }
    return out;
  }

  private BitSet slotsOf(Set<String> names) {
    BitSet b = new BitSet();
    program.baseSlots().forEach((n, s) -> {
      if (names.contains(n)) {
        b.set(s);
      }
    });
    return b;
  }

  /**
   * The outcome of evaluating the model.
   *
   * @param violated the constraints that fail, by name ({@code as} name, else their text)
   * @param flags the {@code flag} tests that hold (herd raises the flag then)
   */
  public record Result(List<String> violated, List<String> flags) {
    /**
     * Creates the record; the components are described above.
     *
     * @param violated the constraints that fail, by name ({@code as} name, else their text)
     * @param flags the {@code flag} tests that hold (herd raises the flag then)
     */
    public Result {
      violated = List.copyOf(violated);
      flags = List.copyOf(flags);
    }

    /** {@return true when no constraint fails} */
    public boolean consistent() {
      return violated.isEmpty();
    }
  }

  /**
   * Evaluates the model on {@code bindings} (the predefined {@code co} as given: no coherence
   * choice is made).
   *
   * @param bindings the candidate's sets and relations
   * @return the first failing constraint (evaluation stops there, as herd's does) and the
   *     flags raised before it
   * @throws IllegalArgumentException if a predefined name the model uses is not bound
   * @throws CatSyntaxException if evaluation meets an error (file:line:col)
   */
  public Result evaluate(CatBindings bindings) {
    Outcome o = prepare(bindings, Set.of()).run(CatBindings.builder(bindings.size()).build(),
        null, null);
    return new Result(o.constraint().stream().toList(), o.flags());
  }

  /**
   * The first constraint that fails on {@code bindings}, or empty.
   *
   * @param bindings the candidate's sets and relations
   * @return the constraint's name ({@code as} name, else its text); empty when consistent
   * @throws IllegalArgumentException as {@link #evaluate}
   */
  public Optional<String> firstViolation(CatBindings bindings) {
    return evaluate(bindings).violated().stream().findFirst();
  }

  /**
   * A failing constraint and its evidence over the bound events: a cycle for {@code acyclic}
   * ({@code [e0, ..., ek]}, each step and the closing one a pair of the tested relation), a
   * path from an event back to itself for {@code irreflexive}, a path from a to b of a pair of
   * the relation (or a member) for {@code empty}; empty for a negated test.
   *
   * @param constraint the constraint's name ({@code as} name, else its text)
   * @param events the evidence, event indices of the bindings
   * @param relations for each step events[i] → events[i+1] (and the closing one of a cycle),
   *     the base or named relation of the model it belongs to; empty when there are no steps
   */
  public record Failure(String constraint, List<Integer> events, List<String> relations) {
    /**
     * Creates the record; the components are described above.
     *
     * @param constraint the constraint's name ({@code as} name, else its text)
     * @param events the evidence, event indices of the bindings
     * @param relations the relation of each step
     */
    public Failure {
      events = List.copyOf(events);
      relations = List.copyOf(relations);
    }
  }

  /**
   * What one run found: the first failing constraint (its evidence is worked out when asked
   * for), the flags raised (on the run that passed, or before the failure) and whether an
   * {@code undefined_unless} test failed. Immutable.
   */
  public static final class Outcome {
    private final CatRunner.Failure failure;
    private final List<String> flags;
    private final boolean undefined;
    private final int n;
    private final CatCompiler.Program program;
    private volatile Failure evidence;

    private Outcome(CatRunner.Failure failure, List<String> flags, boolean undefined, int n,
        CatCompiler.Program program) {
      this.failure = failure;
      this.flags = List.copyOf(flags);
      this.undefined = undefined;
      this.n = n;
      this.program = program;
    }

    /** {@return true when no constraint failed} */
    public boolean consistent() {
      return failure == null;
    }

    /** {@return the failing constraint's name; empty when consistent} */
    public Optional<String> constraint() {
      return Optional.ofNullable(failure).map(CatRunner.Failure::label);
    }

    /** {@return the failing constraint with its evidence; empty when consistent} */
    public Optional<Failure> failure() {
      if (failure == null) {
        return Optional.empty();
      }
      if (evidence == null) {
        evidence = CatExplain.failure(failure, n, program);
      }
      return Optional.of(evidence);
    }

    /** {@return the flags raised} */
    public List<String> flags() {
      return flags;
    }

    /** {@return whether an {@code undefined_unless} test failed} */
    public boolean undefined() {
      return undefined;
    }
  }

  /**
   * The model evaluated as far as {@code fixed} allows, for judging many candidates that share
   * those bindings (the candidates of one choice of thread paths): every instruction that uses
   * none of the {@code varying} names, directly or through the model's definitions, runs once
   * here.
   *
   * @param fixed bindings for every predefined name the model uses except {@code varying}
   * @param varying the names that {@link Prepared#run} binds
   * @return the partly evaluated model
   * @throws IllegalArgumentException if a name the model uses is bound in neither
   * @throws CatSyntaxException if evaluation meets an error (file:line:col)
   */
  public Prepared prepare(CatBindings fixed, Set<String> varying) {
    int n = fixed.size();
    Frame f = new Frame(program.globalSize(), null);
    BitSet varyingSlots = new BitSet();
    program.baseSlots().forEach((p, slot) -> {
      if (varying.contains(p)) {
        varyingSlots.set(slot);
      } else {
        f.slots[slot] = fixed.get(p).orElseThrow(() -> unbound(p));
      }
    });
    List<Stmt> stmts = program.statements();
    boolean[] dynamic = new boolean[stmts.size()];
    for (int i = 0; i < stmts.size(); i++) {
      dynamic[i] = stmts.get(i) instanceof CatRunner.WithS
          || program.reads().get(i).intersects(varyingSlots);
      if (dynamic[i]) {
        varyingSlots.or(program.writes().get(i));
      }
    }
    boolean[] live = CatMonotonicity.cone(program, effects());
    List<Stmt> fixedPart = new ArrayList<>();
    List<Stmt> dynamicPart = new ArrayList<>();
    for (int i = 0; i < stmts.size(); i++) {
      if (live[i]) {
        (dynamic[i] ? dynamicPart : fixedPart).add(stmts.get(i));
      }
    }
    Relation loc = fixed.relation("loc").orElse(Relation.empty(n));
    Relation po = fixed.relation("po").orElse(Relation.empty(n));
    Ctx c = new Ctx(n, loc, po, null, Relation.empty(n), false, program.enums());
    Run r = CatRunner.run(fixedPart, 0, f, c, new Run());
    CatMonotonicity.Analysis mono = CatMonotonicity.analyse(program, slotsOf(varying));
    boolean[] tests = mono.monotone().clone();
    mono.coBounds().keySet().forEach(i -> tests[i] = true);
    boolean[] keep = CatMonotonicity.cone(program, tests);
    List<Stmt> monoPart = new ArrayList<>();
    List<CatMonotonicity.CoBound> bounds = new ArrayList<>();
    for (int i = 0; i < stmts.size(); i++) {
      CatMonotonicity.CoBound bound = mono.coBounds().get(i);
      if (bound != null) {
        bounds.add(bound); // evaluated after the monotone part, not run as a test
      } else if (dynamic[i] && keep[i]) {
        monoPart.add(stmts.get(i));
      }
    }
    return new Prepared(n, f, r, dynamicPart, monoPart, List.copyOf(bounds), loc, po);
  }

  /**
   * What the monotone constraints and the coherence bounds ({@link CatMonotonicity.CoBound})
   * say of a partial choice.
   *
   * @param failure the first monotone constraint that fails (every completion fails it)
   * @param required when none fails: pairs every passing co contains (over the bound events;
   *     identity pairs included as the model computed them)
   * @param ordered when none fails: pairs every passing co orders one way or the other
   */
  record CoBounds(Optional<String> failure, Relation required, Relation ordered) {}

  /** The statements that do something besides binding names: tests, calls, with, ... */
  private boolean[] effects() {
    List<Stmt> stmts = program.statements();
    boolean[] out = new boolean[stmts.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = !(stmts.get(i) instanceof CatRunner.LetS)
          && !(stmts.get(i) instanceof CatRunner.ProcS);
    }
    return out;
  }

  private IllegalArgumentException unbound(String p) {
    return new IllegalArgumentException("cat model " + name + " uses '" + p
        + "', which the bindings do not define");
  }

  /** A model partially evaluated by {@link #prepare}; immutable and thread-safe. */
  public final class Prepared {
    private final int n;
    private final Frame frame;
    private final Run fixedRun;
    private final List<Stmt> dynamicPart;
    private final List<Stmt> monotonePart;
    private final List<CatMonotonicity.CoBound> coBounds;
    private final Relation loc;
    private final Relation po;

    private Prepared(int n, Frame frame, Run fixedRun, List<Stmt> dynamicPart,
        List<Stmt> monotonePart, List<CatMonotonicity.CoBound> coBounds, Relation loc,
        Relation po) {
      this.n = n;
      this.frame = frame;
      this.fixedRun = fixedRun;
      this.dynamicPart = dynamicPart;
      this.monotonePart = monotonePart;
      this.coBounds = coBounds;
      this.loc = loc;
      this.po = po;
    }

    /** {@return whether the model has coherence bounds ({@link CatMonotonicity.CoBound})} */
    boolean hasCoBounds() {
      return !coBounds.isEmpty();
    }

    /**
     * As {@link #monotoneViolation}, and, when no monotone constraint fails, the pairs the
     * model's coherence bounds ({@link CatMonotonicity.CoBound}) require of every co that
     * passes, given that co contains the partial one bound here.
     *
     * @param partial bindings of the varying names to their values so far
     * @return the failure, or the required and the ordered pairs
     */
    CoBounds monotoneBounds(CatBindings partial) {
      Frame[] after = new Frame[1];
      Optional<String> failure = monotoneOutcome(partial, after).constraint();
      Relation required = Relation.empty(n);
      Relation ordered = Relation.empty(n);
      if (failure.isEmpty() && after[0] != null) {
        Ctx c = new Ctx(n, loc, po, null, Relation.empty(n), false, program.enums());
        for (CatMonotonicity.CoBound b : coBounds) {
          if (b.required().eval(after[0], c) instanceof Relation r) {
            if (b.ordered()) {
              ordered = ordered.union(r);
            } else {
              required = required.union(r);
            }
          }
        }
      }
      return new CoBounds(failure, required, ordered);
    }

    /**
     * Runs the rest of the model once {@code varying} is bound too.
     *
     * @param varying bindings for the varying names, over the same events as the fixed ones
     * @param candidateCo the candidate's total coherence order (initial writes first) that
     *     {@code with co from ...} chooses from; null to bind {@code co} to whatever members
     *     the set has
     * @param initCo each initial write to the other writes of its location (for Dat3M's
     *     partial orders); null when {@code candidateCo} is
     * @return the first failure (with evidence), the flags and whether the run is undefined
     * @throws IllegalArgumentException if a varying name the model uses is not bound
     * @throws CatSyntaxException if evaluation meets an error (file:line:col)
     */
    public Outcome run(CatBindings varying, Relation candidateCo, Relation initCo) {
      Run start = fixedRun.copy();
      if (start.failure != null) {
        return outcome(start);
      }
      Frame f = bind(varying);
      Ctx c = new Ctx(n, loc, po, candidateCo, initCo == null ? Relation.empty(n) : initCo,
          false, program.enums());
      return outcome(CatRunner.run(dynamicPart, 0, f, c, start));
    }

    /**
     * The first monotone constraint that already fails on a partial choice (see {@link
     * #monotoneConstraints}): every completion of the choice fails it too, so the search may
     * drop the choice. {@code with co from ...} binds the partial {@code co} as it is.
     *
     * @param partial bindings of the varying names to their values so far (each only grows)
     * @return the failing constraint with its evidence; empty when none fails yet
     * @throws IllegalArgumentException if a varying name the model uses is not bound
     */
    public Optional<Failure> monotoneFailure(CatBindings partial) {
      return monotoneOutcome(partial, new Frame[1]).failure();
    }

    /**
     * As {@link #monotoneFailure}, the constraint's name only (no evidence is worked out: what
     * a search that only prunes needs).
     *
     * @param partial bindings of the varying names to their values so far
     * @return the failing constraint's name; empty when none fails yet
     */
    Optional<String> monotoneViolation(CatBindings partial) {
      return monotoneOutcome(partial, new Frame[1]).constraint();
    }

    /** @param after receives the frame the monotone part ran in (unless the fixed part failed) */
    private Outcome monotoneOutcome(CatBindings partial, Frame[] after) {
      if (fixedRun.failure != null && fixedRun.failure.test() != null) {
        return outcome(fixedRun.copy());
      }
      Frame f = frame.copy();
      after[0] = f;
      // names the partial choice does not bind yet are empty (statements that read them and
      // no monotone test needs are not run)
      program.baseSlots().forEach((p, slot) -> {
        if (f.slots[slot] == null) {
          f.slots[slot] = partial.get(p).orElse(CatValue.Empty.INSTANCE);
        }
      });
      Ctx c = new Ctx(n, loc, po, null, Relation.empty(n), false, program.enums());
      List<Stmt> noWith = new ArrayList<>();
      for (Stmt s : monotonePart) {
        if (s instanceof CatRunner.WithS w) {
          Object co = partial.get("co").orElse(Relation.empty(n));
          noWith.add(new CatRunner.LetS(new CatCode.LetCode(new int[][] {{w.slot()}},
              new boolean[] {false}, new CatCode.Code[] {new CatCode.Konst(co, "co", w.pos())},
              false, new String[] {w.var()}, w.pos()), w.pos()));
        } else {
          noWith.add(s);
        }
      }
      return outcome(CatRunner.run(noWith, 0, f, c, new Run()));
    }

    /**
     * As {@link #run}, the failure only; {@code co} as bound.
     *
     * @param varying bindings for the varying names
     * @return the failing constraint with its evidence; empty when consistent
     */
    public Optional<Failure> firstFailure(CatBindings varying) {
      return run(varying, null, null).failure();
    }

    /**
     * As {@link #firstFailure}, the constraint's name only.
     *
     * @param varying bindings for the varying names
     * @return the constraint's name; empty when consistent
     */
    public Optional<String> firstViolation(CatBindings varying) {
      return run(varying, null, null).constraint();
    }

    /**
     * The flags raised once {@code varying} is bound; meant for candidates {@link
     * #firstFailure} finds consistent.
     *
     * @param varying bindings for the varying names
     * @return the flags' names ({@code as} name, else the test's text)
     */
    public List<String> flagsRaised(CatBindings varying) {
      return run(varying, null, null).flags();
    }

    private Frame bind(CatBindings varying) {
      Frame f = frame.copy();
      program.baseSlots().forEach((p, slot) -> {
        if (f.slots[slot] == null) {
          f.slots[slot] = varying.get(p).orElseThrow(() -> unbound(p));
        }
      });
      return f;
    }

    private Outcome outcome(Run r) {
      return new Outcome(r.failure, r.flags, r.undefined, n, program);
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
