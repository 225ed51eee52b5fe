package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatAst.Op1Kind;
import io.github.ptxlitmus.cat.CatAst.Op2Kind;
import io.github.ptxlitmus.cat.CatAst.Pos;
import io.github.ptxlitmus.cat.CatValue.Empty;
import io.github.ptxlitmus.cat.CatValue.Event;
import io.github.ptxlitmus.cat.CatValue.Pair;
import io.github.ptxlitmus.cat.CatValue.Tag;
import io.github.ptxlitmus.cat.CatValue.Tuple;
import io.github.ptxlitmus.cat.CatValue.Universe;
import io.github.ptxlitmus.cat.CatValue.ValSet;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolved cat expressions: every name is a frame slot ({@link Ref}: how many function frames
 * up, which slot), so evaluation does no name lookup. Built by {@link CatCompiler}, run by
 * {@link CatRunner}.
 */
final class CatCode {
  private CatCode() {}

  /** The slots of one activation: the model's global frame, or a function's. */
  static final class Frame {
    final Object[] slots;
    final Frame up;

    Frame(int size, Frame up) {
      this.slots = new Object[size];
      this.up = up;
    }

    private Frame(Object[] slots, Frame up) {
      this.slots = slots;
      this.up = up;
    }

    Frame copy() {
      return new Frame(slots.clone(), up);
    }
  }

  /** What an evaluation needs besides the frames. */
  static final class Ctx {
    final int n;
    /** Same-location relation of the bound events (for {@code classes-loc}). */
    final Relation loc;
    /** Program order (for {@code fromto}). */
    final Relation po;
    /** The candidate's total coherence order with initial writes first; null when none. */
    final Relation candidateCo;
    /** Initial write to each other write of its location. */
    final Relation initCo;
    /** Load-time type check: tests never fail, {@code with} binds {@code {}}. */
    final boolean dry;
    /** The tags of each enum, by enum name. */
    final Map<String, Set<Object>> enums;
    /** Work done by expansions (linearisations, orders), against {@link #EXPANSION_LIMIT}. */
    long expanded;

    static final long EXPANSION_LIMIT = 200_000;

    Ctx(int n, Relation loc, Relation po, Relation candidateCo, Relation initCo, boolean dry,
        Map<String, Set<Object>> enums) {
      this.n = n;
      this.loc = loc;
      this.po = po;
      this.candidateCo = candidateCo;
      this.initCo = initCo;
      this.dry = dry;
      this.enums = enums;
    }
  }

  /** A resolved expression. */
  interface Code {
    Object eval(Frame f, Ctx c);

    Pos pos();

    /** {@return the expression in cat syntax, for labels of unnamed steps} */
    String show();
  }

  /** A variable: slot {@code slot} of the frame {@code hops} frames up. */
  record Ref(int hops, int slot, String name, Pos pos) implements Code {
    @Override
    public Object eval(Frame f, Ctx c) {
      Frame x = f;
      for (int h = 0; h < hops; h++) {
        x = x.up;
      }
      Object v = x.slots[slot];
      if (v == null) {
        throw pos.error("'" + name + "' is used before its value is defined");
      }
      return v;
    }

    @Override
    public String show() {
      return name;
    }
  }

  /** A constant value. */
  record Konst(Object value, String text, Pos pos) implements Code {
    @Override
    public Object eval(Frame f, Ctx c) {
      return value;
    }

    @Override
    public String show() {
      return text;
    }
  }

  /** {@code 0}: the empty relation. */
  record EmptyRelation(Pos pos) implements Code {
    @Override
    public Object eval(Frame f, Ctx c) {
      return Relation.empty(c.n);
    }

    @Override
    public String show() {
      return "0";
    }
  }

  /** A unary operator. */
  record Un(Op1Kind op, Code operand, Pos pos) implements Code {
    @Override
    public Object eval(Frame f, Ctx c) {
      Object v = operand.eval(f, c);
      return switch (op) {
        case PLUS -> CatOps.closure(v, false, c.n, pos);
        case STAR -> CatOps.closure(v, true, c.n, pos);
        case OPT -> CatOps.optional(v, c.n, pos);
        case INV -> CatOps.inverse(v, c.n, pos);
        case TOID -> CatOps.toId(v, c.n, pos);
        case COMP -> CatOps.complement(v, c.n, pos, tagUniverse(v, c));
      };
    }

    private static Set<Object> tagUniverse(Object v, Ctx c) {
      Object any = v instanceof Tag t ? t : v instanceof ValSet s && !s.elements().isEmpty()
          ? s.elements().iterator().next() : null;
      return any instanceof Tag t ? c.enums.getOrDefault(t.type(), Set.of()) : Set.of();
    }

    @Override
    public String show() {
      String inner = operand.show();
      return switch (op) {
        case TOID -> "[" + inner + "]";
        case COMP -> "~" + paren(operand);
        default -> paren(operand) + op.symbol;
      };
    }
  }

  static String paren(Code c) {
    return c instanceof Ref || c instanceof Konst || c instanceof EmptyRelation
        || c instanceof Un u && u.op() == Op1Kind.TOID ? c.show() : "(" + c.show() + ")";
  }

  /** A binary operator. */
  record Bin(Op2Kind op, Code left, Code right, Pos pos) implements Code {
    @Override
    public Object eval(Frame f, Ctx c) {
      Object a = left.eval(f, c);
      Object b = right.eval(f, c);
      return switch (op) {
        case UNION -> CatOps.union(a, b, c.n, pos);
        case INTER -> CatOps.inter(a, b, c.n, pos);
        case DIFF -> CatOps.diff(a, b, c.n, pos);
        case SEQ -> CatOps.seq(a, b, c.n, pos);
        case CART -> CatOps.cartesian(a, b, c.n, pos);
        case ADD -> CatOps.add(a, b, c.n, pos);
      };
    }

    @Override
    public String show() {
      String l = left instanceof Bin b && b.op() == op ? left.show() : paren(left);
      String r = right instanceof Bin b && b.op() == op ? right.show() : paren(right);
      return l + (op == Op2Kind.SEQ ? "; " : " " + op.symbol + " ") + r;
    }
  }

  /** {@code (a, b, ...)}. */
  record TupleCode(List<Code> items, Pos pos) implements Code {
    @Override
    public Object eval(Frame f, Ctx c) {
      List<Object> vs = new ArrayList<>();
      for (Code i : items) {
        vs.add(i.eval(f, c));
      }
      return new Tuple(vs);
    }

    @Override
    public String show() {
      return "(" + String.join(", ", items.stream().map(Code::show).toList()) + ")";
    }
  }

  /** {@code {a, b, ...}}: an event set, a relation or a set of values. */
  record SetCode(List<Code> items, Pos pos) implements Code {
    @Override
    public Object eval(Frame f, Ctx c) {
      List<Object> vs = new ArrayList<>();
      for (Code i : items) {
        Object v = i.eval(f, c);
        if (v == Universe.INSTANCE) {
          throw i.pos().error("universe in explicit set");
        }
        vs.add(v);
      }
      if (vs.stream().allMatch(Event.class::isInstance)) {
        return EventSet.of(c.n, vs.stream().mapToInt(v -> ((Event) v).id()).toArray());
      }
      if (vs.stream().allMatch(Pair.class::isInstance)) {
        Relation.Builder b = Relation.builder(c.n);
        vs.forEach(v -> b.add(((Pair) v).from(), ((Pair) v).to()));
        return b.build();
      }
      return new ValSet(new LinkedHashSet<>(vs));
    }

    @Override
    public String show() {
      return "{" + String.join(", ", items.stream().map(Code::show).toList()) + "}";
    }
  }

  /** A function value's code: parameters, frame size and body. */
  record FunCode(String name, int[] params, boolean tuple, int frameSize, Code[] body,
      Pos pos) {}

  /** A closure: a function and the frame it was made in. */
  record Closure(FunCode code, Frame frame) implements CatValue.Function {
    @Override
    public String name() {
      return code.name();
    }

    Object apply(Object arg, Ctx c, Pos at) {
      Frame nf = new Frame(code.frameSize(), frame);
      bindParams(code.params(), code.tuple(), arg, nf, at, code.name());
      return code.body()[0].eval(nf, c);
    }
  }

  /** Binds a value to a pattern's slots (a tuple pattern takes a tuple or a pair apart). */
  static void bindParams(int[] slots, boolean tuple, Object v, Frame f, Pos at, String what) {
    if (!tuple) {
      if (slots[0] >= 0) {
        f.slots[slots[0]] = v;
      }
      return;
    }
    List<Object> items = v instanceof Tuple t ? t.items()
        : v instanceof Pair p ? List.of(new Event(p.from()), new Event(p.to()))
        : slots.length == 1 ? List.of(v) : null;
    if (items == null || items.size() != slots.length) {
      throw at.error(what + ": expected " + slots.length + " arguments, found "
          + CatOps.article(v));
    }
    for (int k = 0; k < slots.length; k++) {
      if (slots[k] >= 0) {
        f.slots[slots[k]] = items.get(k);
      }
    }
  }

  /** {@code fun ... -> ...} or a function {@code let}. */
  record FunValue(FunCode code) implements Code {
    @Override
    public Object eval(Frame f, Ctx c) {
      return new Closure(code, f);
    }

    @Override
    public Pos pos() {
      return code.pos();
    }

    @Override
    public String show() {
      return code.name();
    }
  }

  /** A primitive function. */
  record Primitive(String name, PrimitiveBody body) implements CatValue.Function {}

  /** What a primitive computes; an {@link IllegalArgumentException} names a bad argument. */
  interface PrimitiveBody {
    Object apply(Object arg, Ctx c);
  }

  /** {@code f arg}. */
  record App(Code function, Code argument, Pos pos) implements Code {
    @Override
    public Object eval(Frame f, Ctx c) {
      Object fn = function.eval(f, c);
      Object arg = argument.eval(f, c);
      return applyChecked(function, fn, arg, c, pos);
    }

    static Object apply(Object fn, Object arg, Ctx c, Pos pos) {
      if (fn instanceof Closure k) {
        return k.apply(arg, c, pos);
      } else if (fn instanceof Primitive p) {
        try {
          return p.body().apply(arg, c);
        } catch (IllegalArgumentException e) {
          throw pos.error(p.name() + ": " + e.getMessage());
        }
      }
      throw pos.error("not a function: " + CatOps.article(fn));
    }

    static Object applyChecked(Code function, Object fn, Object arg, Ctx c, Pos pos) {
      if (fn == Empty.INSTANCE && function instanceof Konst k && !k.text().equals("{}")) {
        throw pos.error("unknown function '" + k.text() + "' (the model does not define it)");
      }
      return apply(fn, arg, c, pos);
    }

    @Override
    public String show() {
      return function.show() + "(" + (argument instanceof TupleCode t
          ? t.show().substring(1, t.show().length() - 1) : argument.show()) + ")";
    }
  }

  /** {@code let [rec] p1 = e1 and ... in body}. */
  record Bind(LetCode let, Code body, Pos pos) implements Code {
    @Override
    public Object eval(Frame f, Ctx c) {
      let.run(f, c);
      return body.eval(f, c);
    }

    @Override
    public String show() {
      return "let ... in " + body.show();
    }
  }

  /**
   * The bindings of a {@code let}: each value to its pattern's slots; a {@code let rec} of
   * non-functions is the least fixpoint, iterated from {@code {}}.
   */
  record LetCode(int[][] slots, boolean[] tuple, Code[] values, boolean rec, String[] names,
      Pos pos) {
    void run(Frame f, Ctx c) {
      if (!rec) {
        Object[] vs = new Object[values.length];
        for (int k = 0; k < values.length; k++) {
          vs[k] = values[k].eval(f, c);
        }
        for (int k = 0; k < values.length; k++) {
          bindParams(slots[k], tuple[k], vs[k], f, values[k].pos(), "let");
        }
        return;
      }
      List<Integer> fixpoint = new ArrayList<>();
      for (int k = 0; k < values.length; k++) {
        if (values[k] instanceof FunValue) {
          f.slots[slots[k][0]] = values[k].eval(f, c);
        } else {
          for (int s : slots[k]) {
            if (s >= 0) {
              f.slots[s] = Empty.INSTANCE;
            }
          }
          fixpoint.add(k);
        }
      }
      if (fixpoint.isEmpty()) {
        return;
      }
      long limit = (long) fixpoint.size() * ((long) c.n * c.n + 1) + 2;
      for (long round = 0; round <= limit; round++) {
        boolean changed = false;
        Object[] next = new Object[values.length];
        for (int k : fixpoint) {
          next[k] = values[k].eval(f, c);
        }
        for (int k : fixpoint) {
          Object before = tuple[k] ? null : f.slots[slots[k][0]];
          if (before != null && !CatOps.grows(before, next[k])) {
            throw values[k].pos().error("let rec " + names[k] + " is not monotone: its value"
                + " shrank from one iteration to the next (a least fixpoint needs a definition"
                + " that only grows)");
          }
          if (before == null || !CatOps.sameValue(before, next[k])) {
            changed = true;
          }
          bindParams(slots[k], tuple[k], next[k], f, values[k].pos(), "let rec");
        }
        if (!changed) {
          return;
        }
      }
      throw pos.error("let rec does not reach a fixpoint");
    }
  }

  /** {@code match e with || 'a -> x ... || _ -> y end}. */
  record MatchTag(Code scrutinee, List<String> tags, List<Code> values, Code otherwise,
      Pos pos) implements Code {
    @Override
    public Object eval(Frame f, Ctx c) {
      Object v = scrutinee.eval(f, c);
      if (!(v instanceof Tag t)) {
        throw scrutinee.pos().error("matching on " + CatOps.article(v) + ", not a tag");
      }
      int k = tags.indexOf(t.name());
      if (k >= 0) {
        return values.get(k).eval(f, c);
      }
      if (otherwise == null) {
        throw pos.error("pattern matching failed on value '" + t.name() + "'");
      }
      return otherwise.eval(f, c);
    }

    @Override
    public String show() {
      return "match " + scrutinee.show() + " with ...";
    }
  }

  /** {@code match s with || {} -> a || x ++ rest -> b end} (or {@code pre | x ++ post}). */
  record MatchSet(Code scrutinee, Code ifEmpty, int preSlot, int elementSlot, int restSlot,
      Code value, Pos pos) implements Code {
    @Override
    public Object eval(Frame f, Ctx c) {
      Object v = scrutinee.eval(f, c);
      if (v instanceof CatValue.Orders o) {
        v = CatBuiltins.expand(o, c);
      }
      if (CatOps.isEmpty(v)) {
        return ifEmpty.eval(f, c);
      }
      Object element;
      Object rest;
      Object pre;
      if (v instanceof EventSet s) {
        int e = s.next(0);
        element = new Event(e);
        rest = s.difference(EventSet.of(c.n, e));
        pre = EventSet.empty(c.n);
        if (preSlot >= 0) { // pre | x ++ post: x in the middle of the order
          int[] all = s.toArray();
          int mid = all[all.length / 2];
          element = new Event(mid);
          pre = EventSet.fromPredicate(c.n, i -> s.contains(i) && i < mid);
          rest = EventSet.fromPredicate(c.n, i -> s.contains(i) && i > mid);
        }
      } else if (v instanceof Relation r) {
        int[] p = r.pairs()[0];
        element = new Pair(p[0], p[1]);
        rest = r.difference(Relation.of(c.n, p[0], p[1]));
        pre = Relation.empty(c.n);
      } else if (v instanceof ValSet s) {
        List<Object> all = new ArrayList<>(s.elements());
        int mid = preSlot >= 0 ? all.size() / 2 : 0;
        element = all.get(mid);
        pre = new ValSet(new LinkedHashSet<>(all.subList(0, mid)));
        rest = new ValSet(new LinkedHashSet<>(all.subList(mid + 1, all.size())));
      } else {
        throw scrutinee.pos().error("set-matching on " + CatOps.article(v) + ", not a set");
      }
      if (preSlot >= 0) {
        f.slots[preSlot] = pre;
      }
      if (elementSlot >= 0) {
        f.slots[elementSlot] = element;
      }
      if (restSlot >= 0) {
        f.slots[restSlot] = rest;
      }
      return value.eval(f, c);
    }

    @Override
    public String show() {
      return "match " + scrutinee.show() + " with ...";
    }
  }

  /** {@code try body with otherwise}: any error in {@code body} gives {@code otherwise}. */
  record Try(Code body, Code otherwise, Pos pos) implements Code {
    @Override
    public Object eval(Frame f, Ctx c) {
      try {
        return body.eval(f, c);
      } catch (CatSyntaxException e) {
        return otherwise.eval(f, c);
      }
    }

    @Override
    public String show() {
      return "try " + body.show() + " with " + otherwise.show();
    }
  }

  /** {@code if cond then a else b}, for {@code =}, {@code subset} and {@code in}. */
  record If(int kind, Code left, Code right, Code then, Code otherwise, Pos pos)
      implements Code {
    static final int EQUAL = 0;
    static final int SUBSET = 1;
    static final int IN = 2;

    @Override
    public Object eval(Frame f, Ctx c) {
      Object a = left.eval(f, c);
      Object b = right.eval(f, c);
      boolean holds =
          switch (kind) {
            case EQUAL -> CatOps.sameValue(a, b);
            case SUBSET -> CatOps.isEmpty(CatOps.diff(a, b, c.n, pos));
            default -> member(a, b, c);
          };
      return (holds ? then : otherwise).eval(f, c);
    }

    private boolean member(Object a, Object b, Ctx c) {
      if (a instanceof Event e) {
        return CatOps.asSet(b, c.n, pos, "'in'").contains(e.id());
      } else if (a instanceof Pair p) {
        return CatOps.asRelation(b, c.n, pos, "'in'").contains(p.from(), p.to());
      } else if (b instanceof ValSet s) {
        return s.elements().contains(a);
      } else if (b == Empty.INSTANCE) {
        return false;
      }
      throw pos.error("'in' needs a set on its right, found " + CatOps.article(b));
    }

    @Override
    public String show() {
      return "if ... then " + then.show() + " else " + otherwise.show();
    }
  }
}
