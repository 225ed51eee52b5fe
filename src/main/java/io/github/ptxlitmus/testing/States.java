package io.github.ptxlitmus.testing;

import io.github.ptxlitmus.check.ConditionEvaluator;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.LitmusParser;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Final states written by hand, in the two forms users write them: the expectation form
 * {@code P1:r0=1; x=2;} and the condition form {@code P1:r0 == 1 /\ x == 2}; and the
 * evaluation of a proposition against a {@link FinalState}. Stateless.
 */
final class States {
  /** One {@code key=value} of the expectation form; keys as the README allows them. */
  static final Pattern PAIR = Pattern.compile("\\s*([A-Za-z0-9_:%.\\[\\]]+)\\s*=\\s*(-?[0-9]+)\\s*");

  private States() {}

  /**
   * One full state.
   *
   * @throws IllegalArgumentException when the text is neither {@code key=value;} pairs nor a
   *     conjunction of {@code key == constant} comparisons, or names a key twice
   * @throws io.github.ptxlitmus.litmus.LitmusSyntaxException when the condition form does not
   *     parse
   */
  static FinalState parseState(String text) {
    Map<String, Long> pairs = pairs(text);
    if (pairs != null) {
      return FinalState.of(pairs);
    }
    Map<String, Long> values = new LinkedHashMap<>();
    List<Condition> conjuncts = new ArrayList<>();
    flattenAnd(LitmusParser.parseCondition(text), conjuncts);
    for (Condition c : conjuncts) {
      if (!(c instanceof Condition.Compare cmp) || cmp.op() != Condition.Op.EQ) {
        throw notAState(text);
      }
      String key = key(cmp.left());
      Condition.Term value = cmp.right();
      if (key == null) {
        key = key(cmp.right());
        value = cmp.left();
      }
      if (key == null || !(value instanceof Condition.ConstantTerm k)) {
        throw notAState(text);
      }
      if (values.put(key, k.value()) != null) {
        throw new IllegalArgumentException("key " + key + " twice in state '" + text + "'");
      }
    }
    return FinalState.of(values);
  }

  /** The {@code key=value;} form, or null when {@code text} is not in that form. */
  private static Map<String, Long> pairs(String text) {
    Map<String, Long> values = new LinkedHashMap<>();
    for (String pair : text.split(";")) {
      if (pair.isBlank()) {
        continue;
      }
      Matcher m = PAIR.matcher(pair);
      if (!m.matches()) {
        return null;
      }
      String key = normalizeKey(m.group(1));
      if (values.put(key, Long.parseLong(m.group(2))) != null) {
        throw new IllegalArgumentException("key " + key + " twice in state '" + text + "'");
      }
    }
    return values.isEmpty() ? null : values;
  }

  private static IllegalArgumentException notAState(String text) {
    return new IllegalArgumentException(
        "not a final state: '" + text + "'; write 'P1:r0=1; x=2;' or 'P1:r0 == 1 /\\ x == 2'");
  }

  private static void flattenAnd(Condition c, List<Condition> out) {
    if (c instanceof Condition.And a) {
      flattenAnd(a.left(), out);
      flattenAnd(a.right(), out);
    } else {
      out.add(c);
    }
  }

  /** {@code 1:%r0} → {@code P1:r0}, {@code [x]} → {@code x}: the keys of {@link FinalState}. */
  static String normalizeKey(String key) {
    String k = key.replace("[", "").replace("]", "");
    int colon = k.indexOf(':');
    if (colon < 0) {
      return k;
    }
    String thread = k.substring(0, colon);
    String register = k.substring(colon + 1);
    if (register.startsWith("%")) {
      register = register.substring(1);
    }
    return (thread.startsWith("P") ? thread : "P" + thread) + ":" + register;
  }

  /** The state key a term reads, or null for a constant. */
  static String key(Condition.Term t) {
    if (t instanceof Condition.RegisterTerm r) {
      return r.toString();
    } else if (t instanceof Condition.LocationTerm l) {
      return l.location();
    }
    return null;
  }

  /** The keys a proposition reads, in order of appearance. */
  static Set<String> keys(Condition c) {
    return c.stateKeys();
  }

  /** Whether {@code state} satisfies {@code c}; every key of {@code c} must be in the state. */
  static boolean holds(Condition c, FinalState state) {
    return ConditionEvaluator.holds(
        c,
        key -> {
          Long v = state.values().get(key);
          if (v == null) {
            throw new IllegalStateException("key " + key + " not in " + state);
          }
          return v;
        });
  }

  /** States one per line, each indented by {@code indent}, sorted; {@code (none)} if empty. */
  static String lines(Collection<FinalState> states, String indent) {
    if (states.isEmpty()) {
      return indent + "(none)";
    }
    List<String> out = new ArrayList<>();
    for (FinalState s : new TreeSet<>(states)) {
      out.add(indent + s);
    }
    return String.join("\n", out);
  }

  /**
   * The missing and unexpected states, each group under a heading, or empty when the sets are
   * equal.
   */
  static String diff(Collection<FinalState> expected, Collection<FinalState> allowed) {
    Set<FinalState> missing = new TreeSet<>(expected);
    missing.removeAll(allowed);
    Set<FinalState> unexpected = new TreeSet<>(allowed);
    unexpected.removeAll(expected);
    List<String> parts = new ArrayList<>();
    if (!missing.isEmpty()) {
      parts.add("Missing (expected, not allowed):\n" + lines(missing, "  "));
    }
    if (!unexpected.isEmpty()) {
      parts.add("Unexpected (allowed, not expected):\n" + lines(unexpected, "  "));
    }
    return String.join("\n", parts);
  }
}
