package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatAst.BinOp;
import io.github.ptxlitmus.cat.CatAst.Check;
import io.github.ptxlitmus.cat.CatAst.CheckKind;
import io.github.ptxlitmus.cat.CatAst.Let;
import io.github.ptxlitmus.cat.CatAst.Node;
import io.github.ptxlitmus.cat.CatAst.Statement;
import io.github.ptxlitmus.cat.CatAst.UnOp;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A memory model written in herd's cat language (the subset PTX models use; see {@link
 * CatParser} for the grammar), parsed, resolved and type-checked once, then evaluated on the
 * {@link CatBindings} of each candidate execution. Immutable and thread-safe.
 *
 * <p>Evaluation follows the file top to bottom: {@code let} binds a set or relation (a later
 * {@code let} of the same name shadows the earlier one for what follows, so {@code let co =
 * co+} refines the base {@code co}); {@code let rec} is the least fixpoint, computed by
 * iteration from empty values; each {@code acyclic}, {@code irreflexive} and {@code empty}
 * check is a constraint of the model, except {@code flag} checks, which only report.
 *
 * <pre>{@code
 * CatModel m = CatModel.load(Path.of("ptx-v7.5.cat"));          // CatSyntaxException if bad
 * Optional<String> broken = m.firstViolation(PtxCatBindings.of(candidate));
 * }</pre>
 */
public final class CatModel {
  private final String name;
  private final String title;
  /** Predefined names the model uses, and the slot each one fills. */
  private final List<String> predefined;
  private final int[] predefinedSlots;
  private final int slots;
  private final List<Step> steps;

  private CatModel(String name, String title, List<String> predefined, int[] predefinedSlots,
      int slots, List<Step> steps) {
    this.name = name;
    this.title = title;
    this.predefined = List.copyOf(predefined);
    this.predefinedSlots = predefinedSlots.clone();
    this.slots = slots;
    this.steps = List.copyOf(steps);
  }

  /**
   * Reads and resolves a cat file against the PTX vocabulary of {@link PtxCatBindings}.
   *
   * @throws CatSyntaxException when the file or a file it includes is not accepted (message
   *     {@code file:line:col: reason}), including a missing or unreadable {@code file}
   * @param file the {@code .cat} file (UTF-8); {@code include}s are resolved beside it
   * @return the resolved model, named by the file name
   */
  public static CatModel load(Path file) {
    return load(file, PtxCatBindings.vocabulary());
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
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new CatSyntaxException(file.toString(), 1, 1, "cannot read cat file: "
          + (Files.exists(file) ? e.getMessage() : "no such file"));
    }
    Path fileName = file.getFileName();
    return parse(fileName == null ? file.toString() : fileName.toString(), file.toString(),
        text, file, vocabulary);
  }

  /**
   * Parses cat text that is not read from a file; {@code include}s are resolved relative to the
   * working directory.
   *
   * @param name the model's name in reports and messages, e.g. {@code test.cat}
   * @param text the cat source
   * @param vocabulary every name the bindings will provide, with its type
   * @return the resolved model
   * @throws CatSyntaxException as {@link #load(Path)}
   */
  public static CatModel parse(String name, String text, Map<String, CatType> vocabulary) {
    return parse(name, name, text, null, vocabulary);
  }

  private static CatModel parse(String name, String shown, String text, Path path,
      Map<String, CatType> vocabulary) {
    CatParser.Parsed parsed = CatParser.parse(shown, text, path);
    return new Resolver(vocabulary).resolve(name, parsed);
  }

  /**
   * {@return the file name (e.g. {@code ptx-v7.5.cat}); what results and reports call the model}
   */
  public String name() {
    return name;
  }

  /** {@return the title from the file's first line (e.g. {@code PTX}), empty when there is none} */
  public String title() {
    return title;
  }

  /** {@return the names of the constraints (non-flag checks), in file order} */
  public List<String> constraints() {
    List<String> out = new ArrayList<>();
    for (Step s : steps) {
      if (s instanceof CheckStep c && !c.flag()) {
        out.add(c.name());
      }
    }
    return out;
  }

  /**
   * The outcome of evaluating every check.
   *
   * @param violated the constraints that fail, by name ({@code as} name, else their text)
   * @param flags the {@code flag} checks that hold (herd raises the flag then)
   */
  public record Result(List<String> violated, List<String> flags) {
    /**
     * Creates the record; the components are described above.
     *
     * @param violated the constraints that fail, by name ({@code as} name, else their text)
     * @param flags the {@code flag} checks that hold (herd raises the flag then)
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
   * Evaluates every check on {@code bindings}.
   *
   * @param bindings the candidate's sets and relations
   * @return the failing constraints and the flags raised
   * @throws IllegalArgumentException if a predefined name the model uses is not bound, or is
   *     bound to a value of the other type
   * @throws IllegalStateException if a {@code let rec} does not reach a fixpoint
   */
  public Result evaluate(CatBindings bindings) {
    List<String> violated = new ArrayList<>();
    List<String> flags = new ArrayList<>();
    run(bindings, violated, flags);
    return new Result(violated, flags);
  }

  /**
   * The first constraint that fails on {@code bindings}, or empty when the candidate is
   * consistent (flags are not evaluated).
   *
   * @param bindings the candidate's sets and relations
   * @return the constraint's name ({@code as} name, else its text); empty when consistent
   * @throws IllegalArgumentException as {@link #evaluate}
   * @throws IllegalStateException as {@link #evaluate}
   */
  public Optional<String> firstViolation(CatBindings bindings) {
    return prepare(bindings, java.util.Set.of())
        .firstViolation(CatBindings.builder(bindings.size()).build());
  }

  private void run(CatBindings b, List<String> violated, List<String> flags) {
    int n = b.size();
    Object[] env = new Object[slots];
    for (int s = 0; s < predefined.size(); s++) {
      String p = predefined.get(s);
      env[predefinedSlots[s]] = b.get(p).orElseThrow(
          () -> new IllegalArgumentException("cat model " + name + " uses '" + p
              + "', which the bindings do not define"));
    }
    Ctx ctx = new Ctx(n, EventSet.full(n), env);
    for (Step step : steps) {
      if (step instanceof LetStep l) {
        l.run(ctx);
      } else {
        CheckStep c = (CheckStep) step;
        if (c.flag()) {
          if (c.holds(ctx)) {
            flags.add(c.name());
          }
        } else if (!c.holds(ctx)) {
          violated.add(c.name());
        }
      }
    }
  }

  /**
   * The model evaluated as far as {@code fixed} allows, for judging many candidates that share
   * those bindings (e.g. the candidates of one choice of thread paths): every {@code let} and
   * check that uses none of the {@code varying} names is computed once here.
   *
   * @param fixed bindings for every name the model uses except {@code varying}
   * @param varying the names that {@link Prepared#firstViolation} will bind
   * @return the model with the parts that depend only on {@code fixed} computed
   * @throws IllegalArgumentException if a name the model uses is in neither
   * @throws IllegalStateException if a {@code let rec} does not reach a fixpoint
   */
  public Prepared prepare(CatBindings fixed, java.util.Set<String> varying) {
    int n = fixed.size();
    Object[] env = new Object[slots];
    boolean[] dynamicSlot = new boolean[slots];
    List<Integer> varyingAt = new ArrayList<>();
    List<String> varyingNames = new ArrayList<>();
    for (int s = 0; s < predefined.size(); s++) {
      String p = predefined.get(s);
      if (varying.contains(p)) {
        dynamicSlot[predefinedSlots[s]] = true;
        varyingAt.add(predefinedSlots[s]);
        varyingNames.add(p);
      } else {
        env[predefinedSlots[s]] = fixed.get(p).orElseThrow(
            () -> new IllegalArgumentException("cat model " + name + " uses '" + p
                + "', which the bindings do not define"));
      }
    }
    Ctx ctx = new Ctx(n, EventSet.full(n), env);
    boolean[] dynamicStep = new boolean[steps.size()];
    Optional<Failure> violation = Optional.empty();
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      if (step instanceof LetStep l) {
        boolean dyn = false;
        for (Expr e : l.values()) {
          dyn |= refersTo(e, dynamicSlot);
        }
        if (dyn) {
          for (int slot : l.slots()) {
            dynamicSlot[slot] = true;
          }
        } else {
          l.run(ctx);
        }
        dynamicStep[i] = dyn;
      } else {
        CheckStep c = (CheckStep) step;
        dynamicStep[i] = !c.flag() && refersTo(c.expr(), dynamicSlot);
        if (!c.flag() && !dynamicStep[i] && violation.isEmpty() && !c.holds(ctx)) {
          violation = Optional.of(new Failure(c.name(), c.evidence(ctx)));
        }
      }
    }
    return new Prepared(n, env, dynamicStep, violation,
        varyingAt.stream().mapToInt(Integer::intValue).toArray(), List.copyOf(varyingNames));
  }

  private static boolean refersTo(Expr e, boolean[] slots) {
    if (e instanceof Ref r) {
      return slots[r.slot()];
    } else if (e instanceof Bin b) {
      return refersTo(b.left(), slots) || refersTo(b.right(), slots);
    } else if (e instanceof Un u) {
      return refersTo(u.operand(), slots);
    }
    return false;
  }

  /**
   * A failing constraint and its evidence over the bound events: a cycle for {@code acyclic}
   * ({@code [e0, ..., ek]}, each step and the closing one a pair of the checked relation), the
   * reflexive event for {@code irreflexive}, a pair {@code [a, b]} or a member {@code [e]} for
   * {@code empty}; empty for a negated check (its relation is empty: nothing to show).
   *
   * @param constraint the constraint's name ({@code as} name, else its text)
   * @param events the evidence, event indices of the bindings
   */
  public record Failure(String constraint, List<Integer> events) {
    /**
     * Creates the record; the components are described above.
     *
     * @param constraint the constraint's name ({@code as} name, else its text)
     * @param events the evidence, event indices of the bindings
     */
    public Failure {
      events = List.copyOf(events);
    }
  }

  /** A model partially evaluated by {@link #prepare}; immutable and thread-safe. */
  public final class Prepared {
    private final int n;
    private final Object[] env;
    private final boolean[] dynamicStep;
    private final Optional<Failure> staticViolation;
    private final int[] varyingSlots;
    private final List<String> varyingNames;

    private Prepared(int n, Object[] env, boolean[] dynamicStep,
        Optional<Failure> staticViolation, int[] varyingSlots, List<String> varyingNames) {
      this.n = n;
      this.env = env;
      this.dynamicStep = dynamicStep;
      this.staticViolation = staticViolation;
      this.varyingSlots = varyingSlots;
      this.varyingNames = varyingNames;
    }

    /**
     * The first constraint that fails once {@code varying} is bound too (a constraint that
     * needs none of the varying names and fails is reported first), or empty.
     *
     * @param varying bindings for the varying names, over the same events as the fixed ones
     * @return the constraint's name ({@code as} name, else its text); empty when consistent
     * @throws IllegalArgumentException if a varying name the model uses is not bound
     * @throws IllegalStateException if a {@code let rec} does not reach a fixpoint
     */
    public Optional<String> firstViolation(CatBindings varying) {
      return firstFailure(varying).map(Failure::constraint);
    }

    /**
     * As {@link #firstViolation}, with evidence.
     *
     * @param varying bindings for the varying names
     * @return the failing constraint with its evidence; empty when consistent
     * @throws IllegalArgumentException as {@link #firstViolation}
     * @throws IllegalStateException as {@link #firstViolation}
     */
    public Optional<Failure> firstFailure(CatBindings varying) {
      if (staticViolation.isPresent()) {
        return staticViolation;
      }
      Object[] e = env.clone();
      for (int k = 0; k < varyingSlots.length; k++) {
        String p = varyingNames.get(k);
        e[varyingSlots[k]] = varying.get(p).orElseThrow(
            () -> new IllegalArgumentException("cat model " + name + " uses '" + p
                + "', which the bindings do not define"));
      }
      Ctx ctx = new Ctx(n, EventSet.full(n), e);
      for (int i = 0; i < steps.size(); i++) {
        if (!dynamicStep[i]) {
          continue;
        }
        Step step = steps.get(i);
        if (step instanceof LetStep l) {
          l.run(ctx);
        } else if (!((CheckStep) step).holds(ctx)) {
          CheckStep c = (CheckStep) step;
          return Optional.of(new Failure(c.name(), c.evidence(ctx)));
        }
      }
      return Optional.empty();
    }

    /**
     * The {@code flag} checks that hold once {@code varying} is bound (herd raises such a flag
     * on a consistent candidate); meant for candidates {@link #firstFailure} finds consistent.
     *
     * @param varying bindings for the varying names, over the same events as the fixed ones
     * @return the flags' names ({@code as} name, else the check's text), in file order
     * @throws IllegalArgumentException as {@link #firstViolation}
     * @throws IllegalStateException as {@link #firstViolation}
     */
    public List<String> flagsRaised(CatBindings varying) {
      Object[] e = env.clone();
      for (int k = 0; k < varyingSlots.length; k++) {
        String p = varyingNames.get(k);
        e[varyingSlots[k]] = varying.get(p).orElseThrow(
            () -> new IllegalArgumentException("cat model " + name + " uses '" + p
                + "', which the bindings do not define"));
      }
      Ctx ctx = new Ctx(n, EventSet.full(n), e);
      List<String> raised = new ArrayList<>();
      for (int i = 0; i < steps.size(); i++) {
        Step step = steps.get(i);
        if (step instanceof LetStep l) {
          if (dynamicStep[i]) {
            l.run(ctx);
          }
        } else if (((CheckStep) step).flag() && ((CheckStep) step).holds(ctx)) {
          raised.add(((CheckStep) step).name());
        }
      }
      return raised;
    }
  }

  /** {@return true when the model has {@code flag} checks} */
  public boolean hasFlags() {
    return steps.stream().anyMatch(s -> s instanceof CheckStep c && c.flag());
  }

  @Override
  public String toString() {
    return name;
  }

  // ---- resolved program ----------------------------------------------------------------------

  /** What an evaluation works on. */
  private record Ctx(int n, EventSet all, Object[] env) {}

  private sealed interface Step permits LetStep, CheckStep {}

  private record LetStep(int[] slots, Expr[] values, CatType[] types, boolean rec)
      implements Step {
    void run(Ctx ctx) {
      if (!rec) {
        ctx.env()[slots[0]] = values[0].eval(ctx);
        return;
      }
      for (int k = 0; k < slots.length; k++) {
        ctx.env()[slots[k]] = types[k] == CatType.SET ? EventSet.empty(ctx.n())
            : Relation.empty(ctx.n());
      }
      // Each round adds at least one pair or event to a monotone definition.
      long limit = (long) slots.length * ((long) ctx.n() * ctx.n() + 1) + 1;
      for (long round = 0; round <= limit; round++) {
        boolean changed = false;
        Object[] next = new Object[slots.length];
        for (int k = 0; k < slots.length; k++) {
          next[k] = values[k].eval(ctx);
        }
        for (int k = 0; k < slots.length; k++) {
          if (!next[k].equals(ctx.env()[slots[k]])) {
            changed = true;
            ctx.env()[slots[k]] = next[k];
          }
        }
        if (!changed) {
          return;
        }
      }
      throw new IllegalStateException("let rec does not reach a fixpoint (not monotone?)");
    }
  }

  private record CheckStep(CheckKind kind, boolean flag, boolean negated, Expr expr,
      String name) implements Step {
    /**
     * Evidence that the check fails on {@code ctx}: a cycle (acyclic), a reflexive event
     * (irreflexive), a pair or member (empty); empty for a negated check.
     */
    List<Integer> evidence(Ctx ctx) {
      Object v = expr.eval(ctx);
      if (negated) {
        return List.of();
      }
      if (v instanceof EventSet set) {
        return set.isEmpty() ? List.of() : List.of(set.next(0));
      }
      Relation r = (Relation) v;
      return switch (kind) {
        case ACYCLIC -> r.findCycle().orElse(List.of());
        case IRREFLEXIVE -> r.intersection(Relation.identity(ctx.n())).domain().stream()
            .boxed().limit(1).toList();
        case EMPTY -> r.isEmpty() ? List.of() : List.of(r.pairs()[0][0], r.pairs()[0][1]);
      };
    }

    boolean holds(Ctx ctx) {
      Object v = expr.eval(ctx);
      boolean ok =
          switch (kind) {
            case ACYCLIC -> ((Relation) v).isAcyclic();
            case IRREFLEXIVE -> ((Relation) v).isIrreflexive();
            case EMPTY -> v instanceof EventSet s ? s.isEmpty() : ((Relation) v).isEmpty();
          };
      return ok != negated;
    }
  }

  /** A resolved expression. */
  private sealed interface Expr permits Ref, Universe, Bin, Un {
    Object eval(Ctx ctx);
  }

  private record Ref(int slot) implements Expr {
    @Override
    public Object eval(Ctx ctx) {
      return ctx.env()[slot];
    }
  }

  private record Universe() implements Expr {
    @Override
    public Object eval(Ctx ctx) {
      return ctx.all();
    }
  }

  private record Bin(BinOp op, CatType type, Expr left, Expr right) implements Expr {
    @Override
    public Object eval(Ctx ctx) {
      Object a = left.eval(ctx);
      Object b = right.eval(ctx);
      if (op == BinOp.CART) {
        return Relation.cross(ctx.n(), (EventSet) a, (EventSet) b);
      }
      if (op == BinOp.SEQ) {
        return ((Relation) a).compose((Relation) b);
      }
      if (type == CatType.SET) {
        EventSet x = (EventSet) a;
        EventSet y = (EventSet) b;
        return switch (op) {
          case UNION -> x.union(y);
          case INTER -> x.intersection(y);
          default -> x.difference(y);
        };
      }
      Relation x = (Relation) a;
      Relation y = (Relation) b;
      return switch (op) {
        case UNION -> x.union(y);
        case INTER -> x.intersection(y);
        default -> x.difference(y);
      };
    }
  }

  private record Un(UnOp op, CatType type, Expr operand) implements Expr {
    @Override
    public Object eval(Ctx ctx) {
      Object v = operand.eval(ctx);
      return switch (op) {
        case PLUS -> ((Relation) v).transitiveClosure();
        case STAR -> ((Relation) v).reflexiveTransitiveClosure();
        case OPT -> ((Relation) v).optional();
        case INV -> ((Relation) v).inverse();
        case COMPLEMENT -> v instanceof EventSet s ? s.complement()
            : Relation.full(ctx.n()).difference((Relation) v);
        case IDENTITY -> Relation.identity((EventSet) v);
        case DOMAIN -> ((Relation) v).domain();
        case RANGE -> ((Relation) v).range();
      };
    }
  }

  // ---- resolution and typing -----------------------------------------------------------------

  /** Resolves names to slots and checks set/relation types. */
  private static final class Resolver {
    private final Map<String, CatType> vocabulary;
    private final Map<String, Integer> scope = new HashMap<>();
    private final List<CatType> slotTypes = new ArrayList<>();
    private final Map<String, Integer> predefinedSlot = new LinkedHashMap<>();

    Resolver(Map<String, CatType> vocabulary) {
      this.vocabulary = vocabulary;
    }

    CatModel resolve(String name, CatParser.Parsed parsed) {
      List<Step> steps = new ArrayList<>();
      for (Statement s : parsed.statements()) {
        if (s instanceof Let l) {
          steps.add(let(l));
        } else {
          steps.add(check((Check) s));
        }
      }
      List<String> names = new ArrayList<>(predefinedSlot.keySet());
      int[] at = new int[names.size()];
      for (int k = 0; k < at.length; k++) {
        at[k] = predefinedSlot.get(names.get(k));
      }
      return new CatModel(name, parsed.title(), names, at, slotTypes.size(), steps);
    }

    private int newSlot(CatType t) {
      slotTypes.add(t);
      return slotTypes.size() - 1;
    }

    private LetStep let(Let l) {
      int k = l.names().size();
      int[] slots = new int[k];
      Expr[] values = new Expr[k];
      CatType[] types = new CatType[k];
      if (!l.rec()) {
        Typed v = expr(l.values().get(0));
        slots[0] = newSlot(v.type());
        values[0] = v.expr();
        types[0] = v.type();
        scope.put(l.names().get(0).name(), slots[0]);
        return new LetStep(slots, values, types, false);
      }
      // let rec: the names are in scope in every value. Their types are guessed (relation,
      // then set) and must agree with what the values give.
      Map<String, Integer> saved = new HashMap<>(scope);
      Map<String, Integer> savedPredefined = new LinkedHashMap<>(predefinedSlot);
      int savedSlots = slotTypes.size();
      CatSyntaxException first = null;
      for (CatType guess : CatType.values()) {
        CatType g = guess == CatType.SET ? CatType.RELATION : CatType.SET;
        scope.clear();
        scope.putAll(saved);
        predefinedSlot.clear();
        predefinedSlot.putAll(savedPredefined);
        while (slotTypes.size() > savedSlots) {
          slotTypes.remove(slotTypes.size() - 1);
        }
        try {
          for (int j = 0; j < k; j++) {
            slots[j] = newSlot(g);
            types[j] = g;
            scope.put(l.names().get(j).name(), slots[j]);
          }
          for (int j = 0; j < k; j++) {
            Typed v = expr(l.values().get(j));
            if (v.type() != g) {
              throw l.names().get(j).pos().error("let rec " + l.names().get(j).name()
                  + ": the value is a " + v.type().word() + ", the name is used as a "
                  + g.word());
            }
            values[j] = v.expr();
          }
          return new LetStep(slots, values, types, true);
        } catch (CatSyntaxException e) {
          if (first == null) {
            first = e;
          }
        }
      }
      throw first;
    }

    private CheckStep check(Check c) {
      Typed v = expr(c.expr());
      if (c.kind() != CheckKind.EMPTY && v.type() != CatType.RELATION) {
        throw c.expr().pos().error(c.kind().name().toLowerCase(java.util.Locale.ROOT)
            + " needs a relation, found a set");
      }
      String label = c.name().isEmpty() ? c.text() : c.name();
      return new CheckStep(c.kind(), c.flag(), c.negated(), v.expr(), label);
    }

    private record Typed(Expr expr, CatType type) {}

    private Typed expr(Node node) {
      if (node instanceof CatAst.Name n) {
        return name(n);
      } else if (node instanceof CatAst.Binary b) {
        Typed l = expr(b.left());
        Typed r = expr(b.right());
        switch (b.op()) {
          case CART -> {
            need(b.left(), l, CatType.SET, "the cartesian product '*'");
            need(b.right(), r, CatType.SET, "the cartesian product '*'");
            return new Typed(new Bin(b.op(), CatType.RELATION, l.expr(), r.expr()),
                CatType.RELATION);
          }
          case SEQ -> {
            need(b.left(), l, CatType.RELATION, "';' (use [S] for a set)");
            need(b.right(), r, CatType.RELATION, "';' (use [S] for a set)");
            return new Typed(new Bin(b.op(), CatType.RELATION, l.expr(), r.expr()),
                CatType.RELATION);
          }
          default -> {
            if (l.type() != r.type()) {
              throw b.pos().error("'" + b.op().symbol + "' between a " + l.type().word()
                  + " and a " + r.type().word());
            }
            return new Typed(new Bin(b.op(), l.type(), l.expr(), r.expr()), l.type());
          }
        }
      }
      CatAst.Unary u = (CatAst.Unary) node;
      Typed v = expr(u.operand());
      return switch (u.op()) {
        case PLUS, STAR, OPT, INV -> {
          need(u.operand(), v, CatType.RELATION, "'" + u.op().symbol + "'");
          yield new Typed(new Un(u.op(), CatType.RELATION, v.expr()), CatType.RELATION);
        }
        case COMPLEMENT -> new Typed(new Un(u.op(), v.type(), v.expr()), v.type());
        case IDENTITY -> {
          need(u.operand(), v, CatType.SET, "[...]");
          yield new Typed(new Un(u.op(), CatType.RELATION, v.expr()), CatType.RELATION);
        }
        case DOMAIN, RANGE -> {
          need(u.operand(), v, CatType.RELATION, u.op().symbol + "(...)");
          yield new Typed(new Un(u.op(), CatType.SET, v.expr()), CatType.SET);
        }
      };
    }

    private static void need(Node at, Typed v, CatType want, String where) {
      if (v.type() != want) {
        throw at.pos().error(where + " needs a " + want.word() + ", found a "
            + v.type().word());
      }
    }

    private Typed name(CatAst.Name n) {
      if (n.name().equals("_")) {
        return new Typed(new Universe(), CatType.SET);
      }
      Integer slot = scope.get(n.name());
      if (slot != null) {
        return new Typed(new Ref(slot), slotTypes.get(slot));
      }
      CatType t = vocabulary.get(n.name());
      if (t == null) {
        throw n.pos().error("unknown name '" + n.name() + "'");
      }
      Integer p = predefinedSlot.get(n.name());
      if (p == null) {
        p = newSlot(t);
        predefinedSlot.put(n.name(), p);
      }
      return new Typed(new Ref(p), t);
    }
  }
}
