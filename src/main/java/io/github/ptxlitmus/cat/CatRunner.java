package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatAst.Pos;
import io.github.ptxlitmus.cat.CatAst.TestKind;
import io.github.ptxlitmus.cat.CatAst.TestType;
import io.github.ptxlitmus.cat.CatCode.Code;
import io.github.ptxlitmus.cat.CatCode.Ctx;
import io.github.ptxlitmus.cat.CatCode.Frame;
import io.github.ptxlitmus.cat.CatCode.LetCode;
import io.github.ptxlitmus.cat.CatValue.Empty;
import io.github.ptxlitmus.cat.CatValue.Event;
import io.github.ptxlitmus.cat.CatValue.Pair;
import io.github.ptxlitmus.cat.CatValue.Universe;
import io.github.ptxlitmus.cat.CatValue.ValSet;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs resolved cat instructions: {@code let}, tests, procedures and {@code call}, {@code
 * forall}, instruction {@code match}, and {@code with x from S} (the rest of the model runs once
 * per member of S; the first member that passes is kept, as herd keeps each).
 */
final class CatRunner {
  private CatRunner() {}

  /** A resolved instruction. */
  sealed interface Stmt permits LetS, TestS, ProcS, CallS, ForallS, WithS, MatchS {
    Pos pos();
  }

  /** {@code let}. */
  record LetS(LetCode let, Pos pos) implements Stmt {}

  /**
   * A test.
   *
   * @param label the {@code as} name, else the test's text
   */
  record TestS(TestType type, TestKind kind, boolean negated, Code exp, String label, Pos pos)
      implements Stmt {}

  /** A procedure's code (its body may be filled after creation, for recursion). */
  record ProcCode(String name, int[] params, boolean tuple, int[] frameSize, List<Stmt> body,
      Pos pos) {}

  /** {@code procedure}: binds the procedure to a slot. */
  record ProcS(int slot, ProcCode code, Pos pos) implements Stmt {}

  /** A procedure value. */
  record ProcValue(ProcCode code, Frame frame) implements CatValue.Procedure {
    @Override
    public String name() {
      return code.name();
    }
  }

  /** {@code call p arg [as label]}. */
  record CallS(Code procedure, Code argument, String label, Pos pos) implements Stmt {}

  /** {@code forall x in S do body end}. */
  record ForallS(int slot, Code set, List<Stmt> body, Pos pos) implements Stmt {}

  /** {@code with x from S}. */
  record WithS(int slot, String var, Code set, Pos pos) implements Stmt {}

  /** {@code match e with || 'tag -> body ... end}. */
  record MatchS(Code scrutinee, List<String> tags, List<List<Stmt>> bodies,
      List<Stmt> otherwise, Pos pos) implements Stmt {}

  /**
   * A failed constraint, with what explains it.
   *
   * @param label the constraint's name ({@code as} name, else its text)
   * @param test the failing test; null for a {@code with} that kept no member
   * @param frame the frame the test was evaluated in, frozen
   * @param value the tested value
   */
  record Failure(String label, TestS test, Frame frame, Object value) {}

  /** What running the instructions found: the first failure, and flags raised so far. */
  static final class Run {
    Failure failure;
    final List<String> flags;
    boolean undefined;

    Run() {
      this.flags = new ArrayList<>();
    }

    private Run(Run other) {
      this.failure = other.failure;
      this.flags = new ArrayList<>(other.flags);
      this.undefined = other.undefined;
    }

    Run copy() {
      return new Run(this);
    }
  }

  /** Runs {@code stmts[from..]} in {@code f}; stops at the first failure. */
  static Run run(List<Stmt> stmts, int from, Frame f, Ctx c, Run acc) {
    for (int i = from; i < stmts.size() && acc.failure == null; i++) {
      Stmt s = stmts.get(i);
      if (s instanceof WithS w) {
        return with(stmts, i, w, f, c, acc);
      }
      exec(s, f, c, acc);
    }
    return acc;
  }

  private static void runBody(List<Stmt> body, Frame f, Ctx c, Run acc) {
    for (int i = 0; i < body.size() && acc.failure == null; i++) {
      exec(body.get(i), f, c, acc);
    }
  }

  private static void exec(Stmt s, Frame f, Ctx c, Run acc) {
    if (s instanceof LetS l) {
      l.let().run(f, c);
    } else if (s instanceof TestS t) {
      test(t, f, c, acc);
    } else if (s instanceof ProcS p) {
      f.slots[p.slot()] = new ProcValue(p.code(), f);
    } else if (s instanceof CallS call) {
      call(call, f, c, acc);
    } else if (s instanceof ForallS fa) {
      for (Object e : elements(fa.set().eval(f, c), c, fa.set().pos(), "forall")) {
        f.slots[fa.slot()] = e;
        runBody(fa.body(), f, c, acc);
        if (acc.failure != null) {
          return;
        }
      }
    } else if (s instanceof MatchS m) {
      Object v = m.scrutinee().eval(f, c);
      if (!(v instanceof CatValue.Tag t)) {
        throw m.scrutinee().pos().error("matching on " + CatOps.article(v) + ", not a tag");
      }
      int k = m.tags().indexOf(t.name());
      if (k < 0 && m.otherwise() == null) {
        throw m.pos().error("pattern matching failed on value '" + t.name() + "'");
      }
      runBody(k >= 0 ? m.bodies().get(k) : m.otherwise(), f, c, acc);
    } else {
      throw s.pos().error("unsupported construct 'with' inside a procedure, forall or match"
          + " body");
    }
  }

  private static void call(CallS call, Frame f, Ctx c, Run acc) {
    Object p = call.procedure().eval(f, c);
    if (!(p instanceof ProcValue pv)) {
      throw call.pos().error("call needs a procedure, found " + CatOps.article(p));
    }
    Frame pf = new Frame(pv.code().frameSize()[0], pv.frame());
    CatCode.bindParams(pv.code().params(), pv.code().tuple(), call.argument().eval(f, c), pf,
        call.pos(), "procedure " + pv.name());
    runBody(pv.code().body(), pf, c, acc);
    if (acc.failure != null && !call.label().isEmpty()) {
      Failure x = acc.failure;
      acc.failure = new Failure(call.label(), x.test(), x.frame(), x.value());
    }
  }

  /** The members of a set, for {@code forall} and {@code with}. */
  static List<Object> elements(Object v, Ctx c, Pos at, String what) {
    if (v instanceof CatValue.Orders o) {
      v = CatBuiltins.expand(o, c);
    }
    List<Object> out = new ArrayList<>();
    if (v == Empty.INSTANCE) {
      return out;
    } else if (v instanceof EventSet s) {
      s.forEach(e -> out.add(new Event(e)));
    } else if (v instanceof Relation r) {
      r.forEach((a, b) -> out.add(new Pair(a, b)));
    } else if (v instanceof ValSet s) {
      out.addAll(s.elements());
    } else if (v instanceof CatValue.Tag t) {
      out.add(t);
    } else {
      throw at.error(what + " needs a set, found " + CatOps.article(v));
    }
    return out;
  }

  private static Run with(List<Stmt> stmts, int i, WithS w, Frame f, Ctx c, Run acc) {
    Object set = w.set().eval(f, c);
    List<Object> members;
    if (c.dry) {
      List<Object> all = set instanceof CatValue.Orders ? List.of(Relation.empty(c.n))
          : elements(set, c, w.set().pos(), "with");
      members = List.of(all.isEmpty() ? Empty.INSTANCE : all.get(0));
    } else if (w.var().equals("co") && c.candidateCo != null) {
      members = CatBuiltins.coherenceMembers(set, c, w.set().pos());
    } else {
      members = elements(set, c, w.set().pos(), "with");
    }
    Run first = null;
    for (Object m : members) {
      Run branch = acc.copy();
      f.slots[w.slot()] = m;
      Run r = run(stmts, i + 1, f, c, branch);
      if (r.failure == null) {
        return r;
      }
      if (first == null) {
        first = r;
      }
    }
    if (first != null) {
      return first;
    }
    acc.failure = new Failure("with " + w.var() + " from " + w.set().show(), null, f.copy(),
        set);
    return acc;
  }

  private static void test(TestS t, Frame f, Ctx c, Run acc) {
    Object v = t.exp().eval(f, c);
    boolean holds = holds(t.kind(), v, c.n, t.exp().pos());
    if (c.dry) {
      return;
    }
    boolean ok = holds != t.negated();
    switch (t.type()) {
      case CHECK, ASSERT -> {
        if (!ok) {
          acc.failure = new Failure(t.label(), t, f.copy(), v);
        }
      }
      case FLAG -> {
        if (ok) {
          acc.flags.add(t.label());
        }
      }
      case UNDEFINED_UNLESS -> {
        if (!ok) {
          acc.undefined = true;
          acc.flags.add("undefined_unless " + t.label());
        }
      }
    }
  }

  /** Whether {@code acyclic}, {@code irreflexive} or {@code empty} holds of {@code v}. */
  static boolean holds(TestKind kind, Object v, int n, Pos at) {
    if (v == Empty.INSTANCE) {
      return true;
    }
    if (kind == TestKind.EMPTY) {
      if (v == Universe.INSTANCE) {
        return n == 0;
      }
      if (v instanceof EventSet || v instanceof Relation || v instanceof ValSet) {
        return CatOps.isEmpty(v);
      }
      throw at.error("empty needs a set or a relation, found " + CatOps.article(v));
    }
    String word = kind == TestKind.ACYCLIC ? "acyclic" : "irreflexive";
    if (v instanceof EventSet) {
      throw at.error(word + " needs a relation, found a set");
    }
    Relation r = CatOps.asRelation(v, n, at, word);
    return kind == TestKind.ACYCLIC ? r.isAcyclic() : r.isIrreflexive();
  }
}
