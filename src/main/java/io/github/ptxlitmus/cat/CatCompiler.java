package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatAst.Binding;
import io.github.ptxlitmus.cat.CatAst.Exp;
import io.github.ptxlitmus.cat.CatAst.Ins;
import io.github.ptxlitmus.cat.CatAst.Pat;
import io.github.ptxlitmus.cat.CatAst.Pos;
import io.github.ptxlitmus.cat.CatCode.Code;
import io.github.ptxlitmus.cat.CatRunner.Stmt;
import io.github.ptxlitmus.cat.CatValue.Empty;
import io.github.ptxlitmus.cat.CatValue.Tag;
import io.github.ptxlitmus.cat.CatValue.Universe;
import io.github.ptxlitmus.cat.CatValue.ValSet;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Resolves the instructions of a model (includes and variants already expanded by {@link
 * CatLoader}) into {@link CatCode}: every name becomes a frame slot. Names are looked up in the
 * enclosing {@code let}s and function parameters, then the model's earlier top-level bindings,
 * then the primitives, then the predefined (bound) names; a name defined only further down is
 * an error (a forward reference: {@code let rec} defines recursively); any other name is a tag
 * PTX has no events for: the empty set, listed in one warning.
 */
final class CatCompiler {
  /** A resolved model. */
  record Program(
      List<Stmt> statements,
      List<BitSet> reads,
      List<BitSet> writes,
      int globalSize,
      Map<String, Integer> baseSlots,
      Map<String, Set<Object>> enums,
      Map<String, Pos> emptyNames,
      Map<Integer, String> slotNames,
      Map<Integer, Code> definitions) {}

  private static final class Fn {
    final int depth;
    int size;

    Fn(int depth) {
      this.depth = depth;
    }
  }

  private static final class Scope {
    final Scope up;
    final Fn fn;
    final Map<String, Integer> names = new HashMap<>();

    Scope(Scope up, Fn fn) {
      this.up = up;
      this.fn = fn;
    }
  }

  private final Map<String, CatType> vocabulary;
  private final Predicate<String> variant;
  private final Map<String, CatCode.Primitive> primitives = CatBuiltins.primitives();
  private final Map<String, Pos> laterLets = new HashMap<>();
  private final Fn global = new Fn(0);
  private Scope scope = new Scope(null, global);
  private final Map<String, Integer> baseSlots = new LinkedHashMap<>();
  private final Map<String, Set<Object>> enums = new LinkedHashMap<>();
  private final Map<String, String> tagType = new HashMap<>();
  private final Map<String, Pos> emptyNames = new LinkedHashMap<>();
  private final Map<Integer, String> slotNames = new HashMap<>();
  private final Map<Integer, Code> definitions = new HashMap<>();
  private BitSet reads = new BitSet();
  private BitSet writes = new BitSet();
  private int inTry;

  private CatCompiler(Map<String, CatType> vocabulary, Predicate<String> variant) {
    this.vocabulary = vocabulary;
    this.variant = variant;
  }

  /**
   * Resolves a model.
   *
   * @param instructions the top-level instructions, includes and variants expanded
   * @param vocabulary the predefined names and their types
   * @param variant which variants are set
   * @throws CatSyntaxException at the first name or construct that cannot be resolved
   */
  static Program compile(List<Ins> instructions, Map<String, CatType> vocabulary,
      Predicate<String> variant) {
    CatCompiler c = new CatCompiler(vocabulary, variant);
    for (Ins i : instructions) {
      if (i instanceof CatAst.Let l) {
        for (Binding b : l.bindings()) {
          for (String v : b.pat().vars()) {
            if (v != null) {
              c.laterLets.putIfAbsent(v, b.pos());
            }
          }
        }
      }
    }
    List<Stmt> out = new ArrayList<>();
    List<BitSet> reads = new ArrayList<>();
    List<BitSet> writes = new ArrayList<>();
    for (Ins i : instructions) {
      c.reads = new BitSet();
      c.writes = new BitSet();
      int before = out.size();
      if (i instanceof CatAst.Let l) {
        // the let's own names are not "later": in a non-recursive let they are the earlier ones
        for (Binding b : l.bindings()) {
          b.pat().vars().forEach(v -> c.laterLets.remove(v));
        }
      }
      c.instruction(i, out);
      for (int k = before; k < out.size(); k++) {
        reads.add(c.reads);
        writes.add(c.writes);
      }
    }
    return new Program(List.copyOf(out), reads, writes, c.global.size, c.baseSlots, c.enums,
        c.emptyNames, c.slotNames, c.definitions);
  }

  private int slot(String name) {
    int s = scope.fn.size++;
    if (scope.fn == global) {
      writes.set(s);
      if (name != null) {
        slotNames.put(s, name);
      }
    }
    return s;
  }

  private Code resolve(String name, Pos pos) {
    for (Scope s = scope; s != null; s = s.up) {
      Integer slot = s.names.get(name);
      if (slot != null) {
        if (s.fn == global) {
          reads.set(slot);
        }
        return new CatCode.Ref(scope.fn.depth - s.fn.depth, slot, name, pos);
      }
    }
    CatCode.Primitive p = primitives.get(name);
    if (p != null) {
      return new CatCode.Konst(p, name, pos);
    }
    if (vocabulary.containsKey(name)) {
      Integer slot = baseSlots.get(name);
      if (slot == null) {
        slot = global.size++;
        baseSlots.put(name, slot);
        slotNames.put(slot, name);
      }
      reads.set(slot);
      return new CatCode.Ref(scope.fn.depth, slot, name, pos);
    }
    Pos later = laterLets.get(name);
    if (later != null && later.file().equals(pos.file())) {
      // A name defined further down the same file (one defined by a later file is, for herd,
      // a name of its architecture: here a tag PTX has no events for)
      throw pos.error("'" + name + "' is defined only later, at line " + later.line()
          + "; to define it in terms of itself, use let rec");
    }
    if (inTry == 0) {
      emptyNames.putIfAbsent(name, pos);
    }
    return new CatCode.Konst(Empty.INSTANCE, name, pos);
  }

  // ---- instructions ----------------------------------------------------------------------

  private void instruction(Ins i, List<Stmt> out) {
    if (i instanceof CatAst.Let l) {
      out.add(new CatRunner.LetS(let(l.bindings(), l.rec(), l.pos()), l.pos()));
      l.when().ifPresent(t -> out.add(test(t)));
    } else if (i instanceof CatAst.Test t) {
      out.add(test(t));
    } else if (i instanceof CatAst.Procedure p) {
      procedure(p, out);
    } else if (i instanceof CatAst.Call c) {
      Code proc = resolve(c.name(), c.pos());
      out.add(new CatRunner.CallS(proc, exp(c.argument()), c.label(), c.pos()));
    } else if (i instanceof CatAst.Forall f) {
      Code set = exp(f.set());
      Scope saved = scope;
      scope = new Scope(scope, scope.fn);
      int slot = slot(null);
      scope.names.put(f.var(), slot);
      List<Stmt> body = new ArrayList<>();
      f.body().forEach(b -> instruction(b, body));
      scope = saved;
      out.add(new CatRunner.ForallS(slot, set, body, f.pos()));
    } else if (i instanceof CatAst.WithFrom w) {
      Code set = exp(w.set());
      int slot = slot(w.var());
      scope.names.put(w.var(), slot);
      out.add(new CatRunner.WithS(slot, w.var(), set, w.pos()));
    } else if (i instanceof CatAst.IfVariant v) {
      (holds(v.cond()) ? v.then() : v.otherwise()).forEach(b -> instruction(b, out));
    } else if (i instanceof CatAst.InsMatch m) {
      Code e = exp(m.scrutinee());
      List<List<Stmt>> bodies = new ArrayList<>();
      for (List<Ins> b : m.bodies()) {
        bodies.add(block(b));
      }
      List<Stmt> otherwise = m.otherwise().map(this::block).orElse(null);
      out.add(new CatRunner.MatchS(e, m.tags(), bodies, otherwise, m.pos()));
    } else if (i instanceof CatAst.Enum e) {
      Set<Object> tags = new LinkedHashSet<>();
      for (String t : e.tags()) {
        tagType.put(t, e.name());
        tags.add(new Tag(e.name(), t));
      }
      enums.put(e.name(), tags);
      int slot = slot(e.name());
      Code value = new CatCode.Konst(new ValSet(tags), e.name(), e.pos());
      out.add(new CatRunner.LetS(new CatCode.LetCode(new int[][] {{slot}}, new boolean[] {false},
          new Code[] {value}, false, new String[] {e.name()}, e.pos()), e.pos()));
      scope.names.put(e.name(), slot);
    } else if (i instanceof CatAst.Include inc) {
      throw inc.pos().error("include not expanded"); // CatLoader expands every include
    }
    // show, unshow, debug: no effect
  }

  private List<Stmt> block(List<Ins> body) {
    Scope saved = scope;
    scope = new Scope(scope, scope.fn);
    List<Stmt> out = new ArrayList<>();
    body.forEach(b -> instruction(b, out));
    scope = saved;
    return out;
  }

  private void procedure(CatAst.Procedure p, List<Stmt> out) {
    int slot = slot(p.name());
    Fn fn = new Fn(scope.fn.depth + 1);
    Scope saved = scope;
    if (p.rec()) {
      scope.names.put(p.name(), slot);
    }
    scope = new Scope(saved, fn);
    int[] params = params(p.params());
    List<Stmt> body = new ArrayList<>();
    int[] size = new int[1];
    CatRunner.ProcCode code =
        new CatRunner.ProcCode(p.name(), params, p.params().tuple(), size, body, p.pos());
    p.body().forEach(b -> instruction(b, body));
    size[0] = fn.size;
    scope = saved;
    scope.names.put(p.name(), slot);
    out.add(new CatRunner.ProcS(slot, code, p.pos()));
  }

  private int[] params(Pat pat) {
    int[] out = new int[pat.vars().size()];
    for (int k = 0; k < out.length; k++) {
      String v = pat.vars().get(k);
      out[k] = v == null ? scope.fn.size++ : slot(null);
      if (v != null) {
        scope.names.put(v, out[k]);
      }
    }
    return out;
  }

  private CatRunner.TestS test(CatAst.Test t) {
    Code e = exp(t.exp());
    String label = t.name().isEmpty() ? t.text() : t.name();
    return new CatRunner.TestS(t.type(), t.kind(), t.negated(), e, label, t.pos());
  }

  /** A {@code let}: values first (for a non-recursive let), then the names come into scope. */
  private CatCode.LetCode let(List<Binding> bindings, boolean rec, Pos pos) {
    int k = bindings.size();
    int[][] slots = new int[k][];
    boolean[] tuple = new boolean[k];
    Code[] values = new Code[k];
    String[] names = new String[k];
    Map<String, Integer> bound = new LinkedHashMap<>();
    for (int j = 0; j < k; j++) {
      Binding b = bindings.get(j);
      tuple[j] = b.pat().tuple();
      names[j] = String.join(",", b.pat().vars().stream().map(v -> v == null ? "_" : v)
          .toList());
      slots[j] = new int[b.pat().vars().size()];
      for (int v = 0; v < slots[j].length; v++) {
        String name = b.pat().vars().get(v);
        slots[j][v] = name == null ? -1 : slot(name);
        if (name != null) {
          bound.put(name, slots[j][v]);
        }
      }
    }
    if (rec) {
      scope.names.putAll(bound);
    }
    for (int j = 0; j < k; j++) {
      values[j] = exp(bindings.get(j).value());
      if (scope.fn == global && !tuple[j] && slots[j][0] >= 0) {
        definitions.put(slots[j][0], values[j]);
      }
    }
    if (!rec) {
      scope.names.putAll(bound);
    }
    if (rec) {
      CatMonotonicity.checkRecursion(names, values, bound.values(), definitions,
          scope.fn.depth);
    }
    return new CatCode.LetCode(slots, tuple, values, rec, names, pos);
  }

  // ---- expressions -----------------------------------------------------------------------

  private Code exp(Exp e) {
    if (e instanceof CatAst.Var v) {
      return resolve(v.name(), v.pos());
    } else if (e instanceof CatAst.Const c) {
      return switch (c.konst()) {
        case EMPTY_RELATION -> new CatCode.EmptyRelation(c.pos());
        case EMPTY -> new CatCode.Konst(Empty.INSTANCE, "{}", c.pos());
        case UNIVERSE -> new CatCode.Konst(Universe.INSTANCE, "_", c.pos());
      };
    } else if (e instanceof CatAst.TagLit t) {
      String type = tagType.get(t.name());
      if (type == null) {
        throw t.pos().error("tag '" + t.name() + " is not declared by an enum");
      }
      return new CatCode.Konst(new Tag(type, t.name()), "'" + t.name(), t.pos());
    } else if (e instanceof CatAst.Op1 u) {
      return new CatCode.Un(u.op(), exp(u.operand()), u.pos());
    } else if (e instanceof CatAst.Op2 b) {
      return new CatCode.Bin(b.op(), exp(b.left()), exp(b.right()), b.pos());
    } else if (e instanceof CatAst.TupleExp t) {
      return new CatCode.TupleCode(t.items().stream().map(this::exp).toList(), t.pos());
    } else if (e instanceof CatAst.ExplicitSet s) {
      return new CatCode.SetCode(s.items().stream().map(this::exp).toList(), s.pos());
    } else if (e instanceof CatAst.App a) {
      return new CatCode.App(exp(a.function()), exp(a.argument()), a.pos());
    } else if (e instanceof CatAst.Bind b) {
      Scope saved = scope;
      scope = new Scope(scope, scope.fn);
      CatCode.LetCode let = let(b.bindings(), b.rec(), b.pos());
      Code body = exp(b.body());
      scope = saved;
      return new CatCode.Bind(let, body, b.pos());
    } else if (e instanceof CatAst.Fun f) {
      return fun(f);
    } else if (e instanceof CatAst.Match m) {
      Code s = exp(m.scrutinee());
      List<Code> values = m.values().stream().map(this::exp).toList();
      Code otherwise = m.otherwise().map(this::exp).orElse(null);
      return new CatCode.MatchTag(s, m.tags(), values, otherwise, m.pos());
    } else if (e instanceof CatAst.MatchSet m) {
      Code s = exp(m.scrutinee());
      Code ifEmpty = exp(m.ifEmpty());
      Scope saved = scope;
      scope = new Scope(scope, scope.fn);
      int pre = bindLocal(m.pre(), m.pre() != null);
      int element = bindLocal(m.element(), true);
      int rest = bindLocal(m.rest(), true);
      Code value = exp(m.value());
      scope = saved;
      return new CatCode.MatchSet(s, ifEmpty, pre, element, rest, value, m.pos());
    } else if (e instanceof CatAst.Try t) {
      inTry++;
      Code body = exp(t.body());
      inTry--;
      return new CatCode.Try(body, exp(t.otherwise()), t.pos());
    }
    CatAst.If i = (CatAst.If) e;
    if (i.cond() instanceof CatAst.VariantCond v) {
      return holds(v.variant()) ? exp(i.then()) : exp(i.otherwise());
    }
    int kind;
    Exp l;
    Exp r;
    if (i.cond() instanceof CatAst.Equal q) {
      kind = CatCode.If.EQUAL;
      l = q.left();
      r = q.right();
    } else if (i.cond() instanceof CatAst.Subset q) {
      kind = CatCode.If.SUBSET;
      l = q.left();
      r = q.right();
    } else {
      CatAst.In q = (CatAst.In) i.cond();
      kind = CatCode.If.IN;
      l = q.left();
      r = q.right();
    }
    return new CatCode.If(kind, exp(l), exp(r), exp(i.then()), exp(i.otherwise()), i.pos());
  }

  private int bindLocal(String name, boolean present) {
    if (!present) {
      return -1;
    }
    int s = slot(null);
    if (name != null) {
      scope.names.put(name, s);
    }
    return s;
  }

  private Code fun(CatAst.Fun f) {
    Fn fn = new Fn(scope.fn.depth + 1);
    Scope saved = scope;
    scope = new Scope(saved, fn);
    int[] params = params(f.params());
    Code body = exp(f.body());
    scope = saved;
    return new CatCode.FunValue(new CatCode.FunCode(f.name(), params, f.params().tuple(),
        fn.size, new Code[] {body}, f.pos()));
  }

  private boolean holds(CatAst.Variant v) {
    if (v instanceof CatAst.VName n) {
      return variant.test(n.name());
    } else if (v instanceof CatAst.VNot x) {
      return !holds(x.v());
    } else if (v instanceof CatAst.VAnd x) {
      return holds(x.a()) && holds(x.b());
    }
    CatAst.VOr x = (CatAst.VOr) v;
    return holds(x.a()) || holds(x.b());
  }
}
