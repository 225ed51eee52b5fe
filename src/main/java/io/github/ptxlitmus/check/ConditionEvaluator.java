package io.github.ptxlitmus.check;

import io.github.ptxlitmus.litmus.Condition;
import java.util.Map;

/**
 * Evaluates conditions over final states. Keys are {@code P<i>:<reg>} for registers and the
 * location name for locations; comparisons are on signed 64-bit values.
 */
public final class ConditionEvaluator {
  private ConditionEvaluator() {}

  /** {@code c} over a full state (missing keys read as 0, the value of unwritten registers). */
  static boolean holds(Condition c, Map<String, Long> state) {
    return holds(c, key -> state.getOrDefault(key, 0L));
  }

  /**
   * {@code c} with each register or location key valued by {@code valueOf} (which may throw for
   * keys it does not know).
   *
   * @param c the condition's proposition
   * @param valueOf the value (signed 64-bit) of a key {@code P<i>:<reg>} or a location name
   * @return whether {@code c} holds
   */
  public static boolean holds(Condition c, java.util.function.ToLongFunction<String> valueOf) {
    if (c instanceof Condition.And || c instanceof Condition.Or) {
      // Chains of one operator are walked with a loop: the parser accepts flat conjunctions of
      // any length, which recursion would not survive (nesting itself is bounded at parse).
      boolean conjunction = c instanceof Condition.And;
      for (Condition x : conjunction ? c.conjuncts() : c.disjuncts()) {
        if (holds(x, valueOf) != conjunction) {
          return !conjunction;
        }
      }
      return conjunction;
    } else if (c instanceof Condition.Not not) {
      return !holds(not.operand(), valueOf);
    } else if (c instanceof Condition.Constant k) {
      return k.value();
    }
    Condition.Compare cmp = (Condition.Compare) c;
    long l = value(cmp.left(), valueOf);
    long r = value(cmp.right(), valueOf);
    return switch (cmp.op()) {
      case EQ -> l == r;
      case NE -> l != r;
      case LT -> l < r;
      case LE -> l <= r;
      case GT -> l > r;
      case GE -> l >= r;
    };
  }

  private static long value(
      Condition.Term t, java.util.function.ToLongFunction<String> valueOf) {
    if (t instanceof Condition.ConstantTerm k) {
      return k.value();
    } else if (t instanceof Condition.RegisterTerm r) {
      return valueOf.applyAsLong(key(r));
    }
    return valueOf.applyAsLong(((Condition.LocationTerm) t).location());
  }

  /**
   * The state key of a register term.
   *
   * @param r the term
   * @return {@code P<thread>:<register>}, e.g. {@code P1:r0}
   */
  public static String key(Condition.RegisterTerm r) {
    return "P" + r.thread() + ":" + r.register();
  }

  /** Adds the keys a condition reads to {@code keys}, in order of appearance. */
  static void collectKeys(Condition c, java.util.Set<String> keys) {
    keys.addAll(c.stateKeys());
  }

  /**
   * Collects {@code P<i>:<reg> == constant} conjuncts of a condition (the values any state
   * satisfying it must have).
   */
  static void pinnedRegisters(Condition c, Map<String, Long> out) {
    for (Condition conjunct : c.conjuncts()) {
      if (!(conjunct instanceof Condition.Compare cmp) || cmp.op() != Condition.Op.EQ) {
        continue;
      }
      if (cmp.left() instanceof Condition.RegisterTerm r
          && cmp.right() instanceof Condition.ConstantTerm k) {
        out.put(key(r), k.value());
      } else if (cmp.right() instanceof Condition.RegisterTerm r
          && cmp.left() instanceof Condition.ConstantTerm k) {
        out.put(key(r), k.value());
      }
    }
  }

  /**
   * The pruned search's goal for a target: states satisfying it, the locations it (and {@code
   * observed}) reads, and the registers it pins to constants (which prune rf choices).
   */
  static io.github.ptxlitmus.search.Goal goal(
      Condition target, java.util.List<Condition.Term> observed) {
    java.util.Set<String> keys = new java.util.LinkedHashSet<>();
    collectKeys(target, keys);
    observed.forEach(t -> termKey(t, keys));
    java.util.Set<String> locations = new java.util.LinkedHashSet<>();
    keys.stream().filter(k -> !k.contains(":")).forEach(locations::add);
    Map<String, Long> pins = new java.util.LinkedHashMap<>();
    pinnedRegisters(target, pins);
    return new io.github.ptxlitmus.search.Goal(
        // An execution stopped at a bad address has no final state, so it is no witness.
        java.util.Optional.of(state -> !io.github.ptxlitmus.search.SearchResult.faulted(state)
            && holds(target, state)),
        locations, pins);
  }

  static void termKey(Condition.Term t, java.util.Set<String> keys) {
    t.stateKey().ifPresent(keys::add);
  }
}
