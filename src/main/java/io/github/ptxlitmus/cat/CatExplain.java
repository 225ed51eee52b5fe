package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatAst.Op1Kind;
import io.github.ptxlitmus.cat.CatAst.Op2Kind;
import io.github.ptxlitmus.cat.CatAst.TestKind;
import io.github.ptxlitmus.cat.CatCode.Code;
import io.github.ptxlitmus.cat.CatCode.Ctx;
import io.github.ptxlitmus.cat.CatCode.Frame;
import io.github.ptxlitmus.relation.EventSet;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The evidence of a failed test in the model's own terms: a cycle ({@code acyclic}), a path from
 * an event back to itself ({@code irreflexive}) or from a to b for a pair of the relation
 * ({@code empty}), each step labelled with a predefined relation or a relation the model names
 * ({@code let}), found by taking the tested expression apart: a union by the member that holds
 * the pair, a sequence by a middle event, a closure by a path, an inverse backwards; {@code
 * [S]} steps vanish; a named relation whose definition is a union is opened to that member.
 */
final class CatExplain {

  /** One labelled step. */
  private record Step(int from, String label, int to) {}

  private static final int MAX_DEPTH = 40;

  static CatModel.Failure failure(CatRunner.Failure x, int n, CatCompiler.Program program) {
    CatRunner.TestS t = x.test();
    if (t == null || t.negated()) {
      return new CatModel.Failure(x.label(), List.of(), List.of());
    }
    Object v = x.value();
    if (v instanceof EventSet s) {
      return new CatModel.Failure(x.label(), s.isEmpty() ? List.of() : List.of(s.next(0)),
          List.of());
    }
    if (!(v instanceof Relation r) || r.isEmpty()) {
      return new CatModel.Failure(x.label(), List.of(), List.of());
    }
    CatExplain e = new CatExplain(x.frame(), n, program);
    List<Step> steps = new ArrayList<>();
    boolean closed = true;
    if (t.kind() == TestKind.ACYCLIC) {
      List<Integer> cycle = r.findCycle().orElse(List.of());
      for (int k = 0; k < cycle.size(); k++) {
        int a = cycle.get(k);
        int b = cycle.get((k + 1) % cycle.size());
        steps.addAll(e.steps(t.exp(), x.frame(), a, b, 0));
      }
    } else if (t.kind() == TestKind.IRREFLEXIVE) {
      int a = r.intersection(Relation.identity(n)).domain().next(0);
      steps.addAll(e.steps(t.exp(), x.frame(), a, a, 0));
    } else {
      int[] p = r.pairs()[0];
      steps.addAll(e.steps(t.exp(), x.frame(), p[0], p[1], 0));
      closed = p[0] == p[1];
    }
    List<Integer> events = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (Step s : steps) {
      events.add(s.from());
      labels.add(s.label());
    }
    if (!closed && !steps.isEmpty()) {
      events.add(steps.get(steps.size() - 1).to());
    }
    if (events.isEmpty()) {
      int[] p = r.pairs()[0];
      events.add(p[0]);
      if (p[1] != p[0]) {
        events.add(p[1]);
      }
    }
    return new CatModel.Failure(x.label(), events, labels);
  }

  private final int n;
  private final CatCompiler.Program program;
  private final Ctx ctx;
  private final Frame global;

  private CatExplain(Frame frame, int n, CatCompiler.Program program) {
    this.n = n;
    this.program = program;
    Frame g = frame;
    while (g.up != null) {
      g = g.up;
    }
    this.global = g;
    this.ctx = new Ctx(n, Relation.empty(n), Relation.empty(n), null, Relation.empty(n), false,
        program.enums());
  }

  private static int depth(Frame f) {
    int d = 0;
    for (Frame x = f; x.up != null; x = x.up) {
      d++;
    }
    return d;
  }

  private Relation value(Code c, Frame f) {
    Object v = c.eval(f, ctx);
    return CatOps.asRelation(v, n, c.pos(), "explanation");
  }

  /** The steps from a to b of a pair of {@code c}'s value. */
  private List<Step> steps(Code c, Frame f, int a, int b, int depth) {
    try {
      return decompose(c, f, a, b, depth);
    } catch (RuntimeException e) {
      return List.of(new Step(a, c.show(), b));
    }
  }

  private List<Step> decompose(Code c, Frame f, int a, int b, int depth) {
    if (depth > MAX_DEPTH) {
      return List.of(new Step(a, c.show(), b));
    }
    if (c instanceof CatCode.Ref r) {
      if (r.hops() == depth(f)) {
        Code def = program.definitions().get(r.slot());
        if (def != null && opensTo(def)) {
          return steps(def, global, a, b, depth + 1);
        }
      }
      return List.of(new Step(a, r.name(), b));
    }
    if (c instanceof CatCode.Bin bin) {
      switch (bin.op()) {
        case UNION -> {
          Code side = value(bin.left(), f).contains(a, b) ? bin.left() : bin.right();
          return steps(side, f, a, b, depth + 1);
        }
        case SEQ -> {
          Relation l = value(bin.left(), f);
          Relation r = value(bin.right(), f);
          EventSet mids = l.successors(a).intersection(r.predecessors(b));
          if (mids.isEmpty()) {
            return List.of(new Step(a, c.show(), b));
          }
          int m = mids.next(0);
          List<Step> out = new ArrayList<>(steps(bin.left(), f, a, m, depth + 1));
          out.addAll(steps(bin.right(), f, m, b, depth + 1));
          return out;
        }
        case INTER -> {
          boolean simpleL = bin.left() instanceof CatCode.Ref;
          boolean simpleR = bin.right() instanceof CatCode.Ref;
          if (simpleL && simpleR) {
            return List.of(new Step(a, c.show(), b));
          }
          return steps(simpleL ? bin.right() : bin.left(), f, a, b, depth + 1);
        }
        case DIFF -> {
          return steps(bin.left(), f, a, b, depth + 1);
        }
        default -> {
          return List.of(new Step(a, c.show(), b));
        }
      }
    }
    if (c instanceof CatCode.Un u) {
      switch (u.op()) {
        case TOID -> {
          return List.of();
        }
        case OPT -> {
          return a == b ? List.of() : steps(u.operand(), f, a, b, depth + 1);
        }
        case PLUS, STAR -> {
          if (a == b && u.op() == Op1Kind.STAR) {
            return List.of();
          }
          Relation r = value(u.operand(), f);
          Optional<List<Integer>> path = a == b ? r.findCycle().filter(cy -> cy.contains(a))
              .map(cy -> rotate(cy, a)) : r.findPath(a, b);
          if (path.isEmpty()) {
            return List.of(new Step(a, c.show(), b));
          }
          List<Integer> nodes = new ArrayList<>(path.get());
          if (a == b) {
            nodes.add(a);
          }
          List<Step> out = new ArrayList<>();
          for (int k = 0; k + 1 < nodes.size(); k++) {
            out.addAll(steps(u.operand(), f, nodes.get(k), nodes.get(k + 1), depth + 1));
          }
          return out;
        }
        case INV -> {
          List<Step> back = steps(u.operand(), f, b, a, depth + 1);
          List<Step> out = new ArrayList<>();
          for (int k = back.size() - 1; k >= 0; k--) {
            Step s = back.get(k);
            out.add(new Step(s.to(), inverse(s.label()), s.from()));
          }
          return out;
        }
        default -> {
          return List.of(new Step(a, c.show(), b));
        }
      }
    }
    return List.of(new Step(a, c.show(), b));
  }

  private static String inverse(String label) {
    return label.endsWith("^-1") ? label.substring(0, label.length() - 3)
        : label.matches("[A-Za-z0-9_.-]+") ? label + "^-1" : "(" + label + ")^-1";
  }

  private static List<Integer> rotate(List<Integer> cycle, int start) {
    int k = cycle.indexOf(start);
    List<Integer> out = new ArrayList<>(cycle.subList(k, cycle.size()));
    out.addAll(cycle.subList(0, k));
    return out;
  }

  /** A named relation defined as a union (or another name) is shown by the member used. */
  private static boolean opensTo(Code def) {
    return def instanceof CatCode.Bin b && b.op() == Op2Kind.UNION
        || def instanceof CatCode.Ref;
  }
}
