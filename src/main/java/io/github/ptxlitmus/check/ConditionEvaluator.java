package io.github.ptxlitmus.check;

import io.github.ptxlitmus.litmus.Condition;
import java.util.Map;

/** Evaluates a condition over a final state given as key → value (missing keys are 0). */
final class ConditionEvaluator {
  private ConditionEvaluator() {}

  static boolean holds(Condition c, Map<String, Long> state) {
    if (c instanceof Condition.And a) {
      return holds(a.left(), state) && holds(a.right(), state);
    } else if (c instanceof Condition.Or o) {
      return holds(o.left(), state) || holds(o.right(), state);
    } else if (c instanceof Condition.Not not) {
      return !holds(not.operand(), state);
    } else if (c instanceof Condition.Constant k) {
      return k.value();
    }
    Condition.Compare cmp = (Condition.Compare) c;
    long l = value(cmp.left(), state);
    long r = value(cmp.right(), state);
    return switch (cmp.op()) {
      case EQ -> l == r;
      case NE -> l != r;
      case LT -> l < r;
      case LE -> l <= r;
      case GT -> l > r;
      case GE -> l >= r;
    };
  }

  static long value(Condition.Term t, Map<String, Long> state) {
    if (t instanceof Condition.ConstantTerm k) {
      return k.value();
    } else if (t instanceof Condition.RegisterTerm r) {
      return state.getOrDefault(key(r), 0L);
    }
    return state.getOrDefault(((Condition.LocationTerm) t).location(), 0L);
  }

  static String key(Condition.RegisterTerm r) {
    return "P" + r.thread() + ":" + r.register();
  }

  /** Adds the keys a condition reads to {@code keys}, in order of appearance. */
  static void collectKeys(Condition c, java.util.Set<String> keys) {
    if (c instanceof Condition.And a) {
      collectKeys(a.left(), keys);
      collectKeys(a.right(), keys);
    } else if (c instanceof Condition.Or o) {
      collectKeys(o.left(), keys);
      collectKeys(o.right(), keys);
    } else if (c instanceof Condition.Not not) {
      collectKeys(not.operand(), keys);
    } else if (c instanceof Condition.Compare cmp) {
      termKey(cmp.left(), keys);
      termKey(cmp.right(), keys);
    }
  }

  /**
   * Collects {@code P<i>:<reg> == constant} conjuncts of a condition (the values any state
   * satisfying it must have).
   */
  static void pinnedRegisters(Condition c, Map<String, Long> out) {
    if (c instanceof Condition.And a) {
      pinnedRegisters(a.left(), out);
      pinnedRegisters(a.right(), out);
    } else if (c instanceof Condition.Compare cmp && cmp.op() == Condition.Op.EQ) {
      if (cmp.left() instanceof Condition.RegisterTerm r
          && cmp.right() instanceof Condition.ConstantTerm k) {
        out.put(key(r), k.value());
      } else if (cmp.right() instanceof Condition.RegisterTerm r
          && cmp.left() instanceof Condition.ConstantTerm k) {
        out.put(key(r), k.value());
      }
    }
  }

  static void termKey(Condition.Term t, java.util.Set<String> keys) {
    if (t instanceof Condition.RegisterTerm r) {
      keys.add(key(r));
    } else if (t instanceof Condition.LocationTerm l) {
      keys.add(l.location());
    }
  }
}
