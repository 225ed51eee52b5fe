package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatAst.TestType;
import io.github.ptxlitmus.cat.CatCode.Code;
import io.github.ptxlitmus.cat.CatRunner.Stmt;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which expressions only grow when some relations grow (monotonicity, as a search that makes
 * choices one pair at a time needs it): built from fixed values and the chosen relations with
 * {@code | & ; * + ? ^-1 [S] domain range} and names of such expressions, an expression is
 * monotone in the chosen relations; {@code A \ B} and {@code ~B} are monotone only where B does
 * not depend on them (then anti-monotone parts flip). A test {@code acyclic E}, {@code
 * irreflexive E} or {@code empty E} (not negated) of a monotone E that fails on a partial
 * choice fails on every completion of it: the one generic pruning rule.
 */
final class CatMonotonicity {
  private CatMonotonicity() {}

  /** How an expression varies with the chosen relations. */
  enum Polarity {
    /** Does not depend on them. */
    CONSTANT,
    /** Grows (or stays) when they grow. */
    MONOTONE,
    /** Shrinks (or stays) when they grow. */
    ANTITONE,
    /** Neither. */
    NONE;

    Polarity join(Polarity o) {
      if (this == CONSTANT) {
        return o;
      } else if (o == CONSTANT || o == this) {
        return this;
      }
      return NONE;
    }

    Polarity flip() {
      return this == MONOTONE ? ANTITONE : this == ANTITONE ? MONOTONE : this;
    }

    boolean monotone() {
      return this == CONSTANT || this == MONOTONE;
    }
  }

  /**
   * Where an analysis stands: the polarity of global slots ({@code depth} frames up), the
   * recursive names ({@code localHops} frames up), the parameters of the function being looked
   * into (0 frames up), and the model's global definitions (to look into the functions it
   * calls).
   */
  private record Scope(Map<Integer, Polarity> env, int depth, Set<Integer> local, int localHops,
      Map<Integer, Polarity> params, Map<Integer, Code> definitions, int calls) {
    Scope into(Map<Integer, Polarity> args) {
      return new Scope(env, depth + 1, local, localHops < 0 ? -1 : localHops + 1, args,
          definitions, calls + 1);
    }
  }

  /** The most nested calls looked into (beyond: the call is taken as non-monotone). */
  private static final int MAX_CALLS = 8;

  static Polarity of(Code c, Map<Integer, Polarity> env, int depth, Set<Integer> local,
      int localHops, Map<Integer, Code> definitions) {
    return of(c, new Scope(env, depth, local, localHops, Map.of(), definitions, 0));
  }

  private static Polarity of(Code c, Scope s) {
    if (c instanceof CatCode.Ref r) {
      if (r.hops() == s.localHops() && s.local().contains(r.slot())) {
        return Polarity.MONOTONE;
      }
      if (r.hops() == 0 && s.params().containsKey(r.slot())) {
        return s.params().get(r.slot());
      }
      return r.hops() == s.depth() ? s.env().getOrDefault(r.slot(), Polarity.CONSTANT)
          : Polarity.CONSTANT;
    } else if (c instanceof CatCode.Konst || c instanceof CatCode.EmptyRelation) {
      return Polarity.CONSTANT;
    } else if (c instanceof CatCode.Un u) {
      Polarity p = of(u.operand(), s);
      return u.op() == CatAst.Op1Kind.COMP ? p.flip() : p;
    } else if (c instanceof CatCode.Bin b) {
      Polarity l = of(b.left(), s);
      Polarity r = of(b.right(), s);
      return b.op() == CatAst.Op2Kind.DIFF ? l.join(r.flip()) : l.join(r);
    } else if (c instanceof CatCode.App a && a.function() instanceof CatCode.Konst k
        && k.value() instanceof CatCode.Primitive p
        && (p.name().equals("domain") || p.name().equals("range"))) {
      return of(a.argument(), s);
    } else if (c instanceof CatCode.App a && a.function() instanceof CatCode.Ref f
        && f.hops() == s.depth() && s.definitions().get(f.slot()) instanceof CatCode.FunValue fv
        && s.calls() < MAX_CALLS) {
      Map<Integer, Polarity> args = arguments(fv.code(), a.argument(), s);
      if (args != null) {
        return of(fv.code().body()[0], s.into(args));
      }
    }
    return dependsOn(c, s) ? Polarity.NONE : Polarity.CONSTANT;
  }

  /** The polarity of each parameter of {@code f} called with {@code arg}; null if unknown. */
  private static Map<Integer, Polarity> arguments(CatCode.FunCode f, Code arg, Scope s) {
    Map<Integer, Polarity> out = new HashMap<>();
    int[] params = f.params();
    if (!f.tuple()) {
      out.put(params[0], of(arg, s));
      return out;
    }
    if (arg instanceof CatCode.TupleCode t && t.items().size() == params.length) {
      for (int k = 0; k < params.length; k++) {
        out.put(params[k], of(t.items().get(k), s));
      }
      return out;
    }
    return null;
  }

  /** Whether {@code c} reads a non-constant slot anywhere (functions included). */
  private static boolean dependsOn(Code c, Scope s) {
    boolean[] found = new boolean[1];
    CatWalk.refs(c, s.depth(), s.localHops(), (ref, globalRef, localRef) -> {
      if (globalRef && s.env().getOrDefault(ref.slot(), Polarity.CONSTANT) != Polarity.CONSTANT
          || localRef && s.local().contains(ref.slot())) {
        found[0] = true;
      }
    });
    if (!found[0] && !s.params().isEmpty()) {
      CatWalk.refs(c, -1, 0, (ref, globalRef, localRef) -> {
        if (localRef && s.params().getOrDefault(ref.slot(), Polarity.CONSTANT)
            != Polarity.CONSTANT) {
          found[0] = true;
        }
      });
    }
    return found[0];
  }

  /**
   * Refuses a {@code let rec} whose values are not monotone in the names it defines (their
   * least fixpoint would not be reached by iteration).
   *
   * @throws CatSyntaxException naming the first such binding's line
   */
  static void checkRecursion(String[] names, Code[] values, Collection<Integer> recSlots,
      Map<Integer, Code> definitions, int depth) {
    Set<Integer> vars = new HashSet<>(recSlots);
    for (int k = 0; k < values.length; k++) {
      if (values[k] instanceof CatCode.FunValue) {
        continue;
      }
      Polarity p = of(values[k], Map.of(), depth, vars, 0, definitions);
      if (!p.monotone()) {
        throw values[k].pos().error("let rec " + names[k] + " is not monotone in the names it"
            + " defines (" + (p == Polarity.ANTITONE ? "it shrinks as they grow"
                : "through '\\', '~' or a function") + "): no least fixpoint to iterate to");
      }
    }
  }

  /**
   * For each top-level statement, whether a failure on a partial choice is a failure on every
   * completion: a non-negated constraint whose expression is monotone in the {@code chosen}
   * slots (through the model's {@code let}s).
   *
   * @param program the resolved model
   * @param chosen global slots of the relations that grow as choices are made
   * @return per statement, true for a monotone constraint
   */
  static boolean[] monotoneTests(CatCompiler.Program program, BitSet chosen) {
    return analyse(program, chosen).monotone();
  }

  /**
   * A constraint {@code empty(A \ C)} that bounds the coherence order from below: A is
   * monotone in the chosen relations and C never holds more than {@code co} (or, {@code
   * ordered}, more than {@code co | co^-1}) besides identity pairs, so every co that passes
   * contains A's pairs (or orders each of them) — and, since A only grows, contains those of A
   * on any partial choice whose co it contains.
   *
   * @param required A, evaluated in the frame of the constraint
   * @param ordered whether C is within {@code co | co^-1} (else within {@code co})
   */
  record CoBound(Code required, boolean ordered) {}

  /**
   * What {@link #analyse} finds: per statement, whether it is a monotone constraint, and the
   * statements that are {@link CoBound}s.
   */
  record Analysis(boolean[] monotone, Map<Integer, CoBound> coBounds) {}

  /** {@link #coClass}: within co (plus identity pairs). */
  private static final int WITHIN_CO = 1;
  /** {@link #coClass}: within co^-1 (plus identity pairs). */
  private static final int WITHIN_CO_INVERSE = 2;

  /**
   * As {@link #monotoneTests}, and which constraints are {@link CoBound}s of the predefined
   * {@code co} (a transitive order: herd's total one or each of Dat3M's sub-orders).
   *
   * @param program the resolved model
   * @param chosen global slots of the relations that grow as choices are made
   * @return the monotone constraints and the coherence bounds, by statement index
   */
  static Analysis analyse(CatCompiler.Program program, BitSet chosen) {
    Map<Integer, CoBound> bounds = new HashMap<>();
    Integer coSlot = program.baseSlots().get("co");
    Map<Integer, Polarity> env = new HashMap<>();
    chosen.stream().forEach(s -> env.put(s, Polarity.MONOTONE));
    // herd's final writes change as writes are ordered: neither growing nor shrinking
    Integer fw = program.baseSlots().get("FW");
    if (fw != null) {
      env.put(fw, Polarity.NONE);
    }
    List<Stmt> stmts = program.statements();
    boolean[] out = new boolean[stmts.size()];
    for (int i = 0; i < stmts.size(); i++) {
      Stmt s = stmts.get(i);
      if (s instanceof CatRunner.LetS l) {
        CatCode.LetCode let = l.let();
        Polarity all = Polarity.CONSTANT;
        for (Code v : let.values()) {
          Scope top = new Scope(env, 0, Set.of(), -1, Map.of(), program.definitions(), 0);
          all = all.join(v instanceof CatCode.FunValue
              ? (dependsOn(v, top) ? Polarity.NONE : Polarity.CONSTANT) : of(v, top));
        }
        for (int[] slots : let.slots()) {
          for (int slot : slots) {
            if (slot >= 0) {
              env.put(slot, all);
            }
          }
        }
      } else if (s instanceof CatRunner.WithS w) {
        env.put(w.slot(), w.var().equals("co") ? Polarity.MONOTONE : Polarity.NONE);
      } else if (s instanceof CatRunner.TestS t) {
        out[i] = t.type() == TestType.CHECK && !t.negated()
            && of(t.exp(), env, 0, Set.of(), -1, program.definitions()).monotone();
        if (!out[i] && coSlot != null && t.type() == TestType.CHECK && !t.negated()
            && t.kind() == CatAst.TestKind.EMPTY && t.exp() instanceof CatCode.Bin b
            && b.op() == CatAst.Op2Kind.DIFF
            && of(b.left(), env, 0, Set.of(), -1, program.definitions()).monotone()) {
          int c = coClass(b.right(), coSlot, program.definitions(), 0);
          if (c == WITHIN_CO) {
            bounds.put(i, new CoBound(b.left(), false));
          } else if (c == (WITHIN_CO | WITHIN_CO_INVERSE)) {
            bounds.put(i, new CoBound(b.left(), true));
          }
        }
      } else {
        for (int slot : program.writes().get(i).stream().toArray()) {
          env.put(slot, Polarity.NONE);
        }
      }
    }
    return new Analysis(out, Map.copyOf(bounds));
  }

  /**
   * What a top-level expression holds at most, for a transitive {@code co} (the predefined
   * name's slot): {@link #WITHIN_CO} ({@code co}, {@code co+}, {@code co*}, {@code co?}, and
   * names defined as such), {@link #WITHIN_CO_INVERSE} (their inverses), both (a union of the
   * two), plus identity pairs in every case; {@code e & x} and {@code e \ x} hold no more than
   * e. 0: no such bound.
   */
  private static int coClass(Code c, int coSlot, Map<Integer, Code> definitions, int hops) {
    if (hops > MAX_CALLS) {
      return 0;
    }
    if (c instanceof CatCode.Ref r) {
      if (r.hops() != 0) {
        return 0;
      }
      if (r.slot() == coSlot) {
        return WITHIN_CO;
      }
      Code d = definitions.get(r.slot());
      return d == null || d instanceof CatCode.FunValue ? 0
          : coClass(d, coSlot, definitions, hops + 1);
    } else if (c instanceof CatCode.Un u) {
      int k = coClass(u.operand(), coSlot, definitions, hops);
      return switch (u.op()) {
        // a closure of a transitive order is the order (and identity): not of a union of two
        case PLUS, STAR, OPT -> k == WITHIN_CO || k == WITHIN_CO_INVERSE ? k : 0;
        case INV -> (k & WITHIN_CO) * WITHIN_CO_INVERSE | (k & WITHIN_CO_INVERSE) / 2;
        default -> 0;
      };
    } else if (c instanceof CatCode.Bin b) {
      int l = coClass(b.left(), coSlot, definitions, hops);
      return switch (b.op()) {
        case UNION -> {
          int r = coClass(b.right(), coSlot, definitions, hops);
          yield l == 0 || r == 0 ? 0 : l | r;
        }
        case INTER -> l != 0 ? l : coClass(b.right(), coSlot, definitions, hops);
        case DIFF -> l;
        default -> 0;
      };
    }
    return 0;
  }

  /** The statements a set of tests needs: those tests and the lets they read, transitively. */
  static boolean[] cone(CatCompiler.Program program, boolean[] tests) {
    List<Stmt> stmts = program.statements();
    boolean[] keep = tests.clone();
    BitSet needed = new BitSet();
    for (int i = stmts.size() - 1; i >= 0; i--) {
      if (!keep[i] && program.writes().get(i).intersects(needed)) {
        keep[i] = true;
      }
      if (keep[i]) {
        needed.or(program.reads().get(i));
      }
    }
    return keep;
  }
}
