package io.github.ptxlitmus.litmus;

import io.github.ptxlitmus.litmus.Condition.Term;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The final part of a test: {@code locations [..]}, {@code filter <prop>}, and the quantified
 * proposition. Precedence: {@code ~} binds tightest, then {@code /\}, then {@code \/}; both
 * binary operators associate to the left. Nesting deeper than {@link #MAX_DEPTH} is an error,
 * so that no input can exhaust the stack.
 */
final class ConditionParser {
  static final int MAX_DEPTH = 1000;

  /** Parsed final part. */
  record Result(List<Term> observed, Optional<Condition> filter, FinalCondition condition) {}

  private final Cursor c;
  private final ParseState state;
  private final Map<Integer, Set<String>> registers;

  /**
   * {@code registers}: per thread, the registers used or initialised there; {@code null} for a
   * proposition read on its own ({@link #proposition()}), where any register is accepted.
   */
  ConditionParser(Cursor c, ParseState state, Map<Integer, Set<String>> registers) {
    this.c = c;
    this.state = state;
    this.registers = registers;
  }

  /** A proposition alone, up to the end of the text (no quantifier, no test to check against). */
  Condition proposition() {
    Condition body = disjunction(0);
    c.skipTrivia();
    if (!c.atEnd()) {
      throw c.error("unexpected " + c.describeNext() + " after the condition");
    }
    return body;
  }

  Result parse() {
    List<Term> observed = new ArrayList<>();
    if (keyword("locations")) {
      c.expect("[");
      while (!c.tryConsume("]")) {
        if (c.atEnd()) {
          throw c.error("'locations [' is not closed by ']'");
        }
        if (!c.tryConsume(";")) {
          Term t = term();
          if (t instanceof Condition.ConstantTerm) {
            throw c.error("a constant cannot be observed");
          }
          observed.add(t);
        }
      }
    }
    Optional<Condition> filter = Optional.empty();
    if (keyword("filter")) {
      filter = Optional.of(disjunction(0));
      c.tryConsume(";"); // Dat3M: filter <assertion> ;?
    }
    c.skipTrivia();
    int at = c.pos();
    FinalCondition.Quantifier quantifier;
    Condition body;
    if (keyword("final")) {
      body = disjunction(0);
      quantifier = finalExpectation();
    } else {
      if (keyword("exists")) {
        quantifier = FinalCondition.Quantifier.EXISTS;
      } else if (keyword("forall")) {
        quantifier = FinalCondition.Quantifier.FORALL;
      } else if ((c.tryConsume("~") || keyword("not")) && keyword("exists")) {
        quantifier = FinalCondition.Quantifier.NOT_EXISTS;
      } else {
        throw c.errorAt(at, "expected exists, ~exists, not exists or forall");
      }
      body = disjunction(0);
      c.tryConsume(";"); // Dat3M: exists <assertion> ;?
    }
    c.skipTrivia();
    if (!c.atEnd()) {
      throw c.error("unexpected " + c.describeNext() + " after the final condition");
    }
    return new Result(observed, filter, new FinalCondition(quantifier, body));
  }

  /**
   * Dat3M's {@code final <assertion> ; with <model>: [~]exists; ...}: the assertion is expected
   * to exist (or not) under each named model; the entry for {@code default}, else the first,
   * gives the quantifier.
   */
  private FinalCondition.Quantifier finalExpectation() {
    c.expect(";");
    if (!keyword("with")) {
      throw c.error("expected 'with <model>: exists;' after 'final <assertion>;'");
    }
    FinalCondition.Quantifier chosen = null;
    do {
      String model = c.identifier("a model name (default, tso, cc, optic)");
      c.expect(":");
      boolean negated = c.tryConsume("~") || keyword("not");
      if (!keyword("exists")) {
        throw c.error("expected exists or ~exists but found " + c.describeNext());
      }
      c.tryConsume(";");
      FinalCondition.Quantifier q =
          negated ? FinalCondition.Quantifier.NOT_EXISTS : FinalCondition.Quantifier.EXISTS;
      if (chosen == null || model.equals("default")) {
        chosen = q;
      }
    } while (c.atIdentifier());
    return chosen;
  }

  /** Consumes {@code word} if it is the next whole identifier. */
  private boolean keyword(String word) {
    c.skipTrivia();
    if (!Cursor.isIdentStart(c.peek())) {
      return false;
    }
    int at = c.pos();
    if (c.identifier("a word").equals(word)) {
      return true;
    }
    c.seek(at);
    return false;
  }

  private Condition disjunction(int depth) {
    Condition left = conjunction(depth);
    while (c.tryConsume("\\/") || c.tryConsume("||")) {
      left = new Condition.Or(left, conjunction(depth));
    }
    return left;
  }

  private Condition conjunction(int depth) {
    Condition left = unary(depth);
    while (c.tryConsume("/\\") || c.tryConsume("&&")) {
      left = new Condition.And(left, unary(depth));
    }
    return left;
  }

  private Condition unary(int depth) {
    if (depth > MAX_DEPTH) {
      throw c.error("nesting too deep");
    }
    if (c.tryConsume("~") || keyword("not")) {
      return new Condition.Not(unary(depth + 1));
    }
    if (c.tryConsume("(")) {
      Condition inner = disjunction(depth + 1);
      c.expect(")");
      return inner;
    }
    if (keyword("true")) {
      return new Condition.Constant(true);
    }
    if (keyword("false")) {
      return new Condition.Constant(false);
    }
    Term left = term();
    c.skipTrivia();
    int at = c.pos();
    Condition.Op op = operator();
    if (op == null) {
      throw c.errorAt(at, "expected a comparison (==, !=, <, <=, >, >=) but found "
          + c.describeNext());
    }
    return new Condition.Compare(op, left, term());
  }

  private Condition.Op operator() {
    if (c.tryConsume("==") || c.tryConsume("=")) {
      return Condition.Op.EQ;
    } else if (c.tryConsume("!=")) {
      return Condition.Op.NE;
    } else if (c.tryConsume("<=")) {
      return Condition.Op.LE;
    } else if (c.tryConsume(">=")) {
      return Condition.Op.GE;
    } else if (c.tryConsume("<")) {
      return Condition.Op.LT;
    } else if (c.tryConsume(">")) {
      return Condition.Op.GT;
    }
    return null;
  }

  /** {@code P1:r0}, {@code 1:r0}, {@code P1:%r0}, a location, {@code [x]}, or a constant. */
  private Term term() {
    c.skipTrivia();
    int at = c.pos();
    if (c.atNumber()) {
      long value = c.number();
      if (c.peek() == ':' && c.peek(1) != ':' && value >= 0 && c.source().charAt(at) != '-') {
        c.next();
        return register(value, at);
      }
      return new Condition.ConstantTerm(value);
    }
    if (c.tryConsume("[")) {
      c.skipTrivia();
      int nameAt = c.pos();
      String name = c.identifier("a location");
      c.expect("]");
      requireKnownLocation(name, nameAt);
      state.useLocation(name, nameAt);
      return new Condition.LocationTerm(name);
    }
    String name = c.identifier("a register, location or constant");
    if (name.matches("P[0-9]+") && c.peek() == ':' && c.peek(1) != ':') {
      c.next();
      return register(Long.parseLong(name.length() > 10 ? "99999999999" : name.substring(1)), at);
    }
    if (c.peek() == '[') {
      // Dat3M's x[N]: element N; PTX litmus locations are scalars, so only x[0] = x.
      c.next();
      c.skipTrivia();
      int indexAt = c.pos();
      if (c.number() != 0) {
        throw c.errorAt(indexAt, "unsupported: element " + name + "[...] other than "
            + name + "[0] in a condition");
      }
      c.expect("]");
    }
    requireKnownLocation(name, at);
    state.useLocation(name, at);
    return new Condition.LocationTerm(name);
  }

  /**
   * A name in the final part must be a location the init declares or some thread accesses:
   * anything else is a typo ({@code xx} for {@code x}) or a register written without its
   * thread ({@code r0} for {@code P0:r0}), and reading it as 0, as herd does, would give an
   * exact-looking verdict about a location the test never has. So it is an error, like an
   * unknown register.
   */
  private void requireKnownLocation(String name, int at) {
    if (registers == null || state.isLocation(name)) {
      return;
    }
    boolean register = registers.values().stream().anyMatch(set -> set.contains(name));
    if (register) {
      int thread = registers.entrySet().stream()
          .filter(e -> e.getValue().contains(name)).mapToInt(Map.Entry::getKey).min().orElse(0);
      throw c.errorAt(at, "'" + name + "' is not a location (no thread accesses it and the init"
          + " does not declare it); a register is written with its thread, e.g. P" + thread
          + ":" + name);
    }
    throw c.errorAt(at, "location '" + name + "' is neither declared nor accessed by any thread"
        + closest(name).map(l -> "; did you mean '" + l + "'?").orElse(""));
  }

  /** The known location nearest to {@code name}, if within {@link Names#MAX_EDITS} edits. */
  private Optional<String> closest(String name) {
    return Names.closest(name, state.locations().stream().map(LocationDecl::name).toList());
  }

  private Term register(long thread, int at) {
    if (registers == null) {
      if (thread > Integer.MAX_VALUE) {
        throw c.errorAt(at, "thread P" + thread + " does not exist");
      }
      return new Condition.RegisterTerm((int) thread, c.register("a register"));
    }
    if (thread >= state.threadCount()) {
      throw c.errorAt(at, "thread P" + thread + " does not exist");
    }
    String register = c.register("a register");
    if (!registers.getOrDefault((int) thread, Set.of()).contains(register)) {
      throw c.errorAt(at, "register " + register + " is not used or initialised by thread P"
          + thread);
    }
    return new Condition.RegisterTerm((int) thread, register);
  }
}
