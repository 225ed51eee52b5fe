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
      } else {
        for (int slot : program.writes().get(i).stream().toArray()) {
          env.put(slot, Polarity.NONE);
        }
      }
    }
    return out;
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
