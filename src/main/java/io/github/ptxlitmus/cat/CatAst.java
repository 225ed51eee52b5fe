package io.github.ptxlitmus.cat;

import java.util.List;
import java.util.Optional;

/** The parsed, not yet resolved, instructions and expressions of a cat file (herd's AST). */
final class CatAst {
  private CatAst() {}

  /** Where a node starts. */
  record Pos(String file, int line, int column) {
    CatSyntaxException error(String reason) {
      return new CatSyntaxException(file, line, column, reason);
    }

    @Override
    public String toString() {
      return file + ":" + line + ":" + column;
    }
  }

  // ---- expressions -----------------------------------------------------------------------

  /** An expression. */
  sealed interface Exp
      permits Var, Const, TagLit, Op1, Op2, TupleExp, ExplicitSet, App, Bind, Fun, Match,
          MatchSet, Try, If {
    Pos pos();
  }

  /** A name. */
  record Var(String name, Pos pos) implements Exp {}

  /** The constants {@code 0} (empty relation), {@code {}} (empty, any type), {@code _}. */
  enum Konst {
    EMPTY_RELATION,
    EMPTY,
    UNIVERSE
  }

  /** A constant. */
  record Const(Konst konst, Pos pos) implements Exp {}

  /** A tag {@code 'x}. */
  record TagLit(String name, Pos pos) implements Exp {}

  /** Unary operators. */
  enum Op1Kind {
    PLUS("+"),
    STAR("*"),
    OPT("?"),
    INV("^-1"),
    COMP("~"),
    TOID("[...]");

    final String symbol;

    Op1Kind(String symbol) {
      this.symbol = symbol;
    }
  }

  /** {@code op e}. */
  record Op1(Op1Kind op, Exp operand, Pos pos) implements Exp {}

  /** Binary operators. */
  enum Op2Kind {
    UNION("|"),
    ADD("++"),
    SEQ(";"),
    DIFF("\\"),
    INTER("&"),
    CART("*");

    final String symbol;

    Op2Kind(String symbol) {
      this.symbol = symbol;
    }
  }

  /** {@code l op r}; {@code pos} is the operator's. */
  record Op2(Op2Kind op, Exp left, Exp right, Pos pos) implements Exp {}

  /** {@code (a, b, ...)} or {@code ()}. */
  record TupleExp(List<Exp> items, Pos pos) implements Exp {}

  /** {@code {a, b, ...}}. */
  record ExplicitSet(List<Exp> items, Pos pos) implements Exp {}

  /** {@code f arg}. */
  record App(Exp function, Exp argument, Pos pos) implements Exp {}

  /**
   * A pattern: one variable or a tuple of variables; a null entry is {@code _}.
   *
   * @param tuple whether the pattern is a tuple (also with one variable)
   */
  record Pat(List<String> vars, boolean tuple) {}

  /** {@code pat = value} in a {@code let}. */
  record Binding(Pat pat, Exp value, Pos pos) {}

  /** {@code let [rec] bindings in body}. */
  record Bind(List<Binding> bindings, boolean rec, Exp body, Pos pos) implements Exp {}

  /** {@code fun pat -> body}; {@code name} is the let's name, or {@code "fun"}. */
  record Fun(Pat params, Exp body, String name, Pos pos) implements Exp {}

  /** {@code match e with || 'tag -> e ... || _ -> e end}. */
  record Match(Exp scrutinee, List<String> tags, List<Exp> values, Optional<Exp> otherwise,
      Pos pos) implements Exp {}

  /**
   * {@code match e with || {} -> empty || x ++ rest -> e end} (or {@code pre | x ++ post}).
   *
   * @param pre null unless the clause is {@code pre | x ++ post}
   */
  record MatchSet(Exp scrutinee, Exp ifEmpty, String pre, String element, String rest,
      Exp value, Pos pos) implements Exp {}

  /** {@code try e with otherwise}. */
  record Try(Exp body, Exp otherwise, Pos pos) implements Exp {}

  /** {@code if cond then a else b}. */
  record If(Cond cond, Exp then, Exp otherwise, Pos pos) implements Exp {}

  /** Conditions of {@code if}. */
  sealed interface Cond permits Equal, Subset, In, VariantCond {}

  /** {@code a = b}. */
  record Equal(Exp left, Exp right) implements Cond {}

  /** {@code a subset b}. */
  record Subset(Exp left, Exp right) implements Cond {}

  /** {@code a in b}. */
  record In(Exp left, Exp right) implements Cond {}

  /** A variant condition. */
  record VariantCond(Variant variant) implements Cond {}

  /** {@code "name"}, {@code not v}, {@code v && w}, {@code v || w}. */
  sealed interface Variant permits VName, VNot, VAnd, VOr {}

  /** A variant by name. */
  record VName(String name, Pos pos) implements Variant {}

  /** {@code not v}. */
  record VNot(Variant v) implements Variant {}

  /** {@code a && b}. */
  record VAnd(Variant a, Variant b) implements Variant {}

  /** {@code a || b}. */
  record VOr(Variant a, Variant b) implements Variant {}

  // ---- instructions ----------------------------------------------------------------------

  /** An instruction. */
  sealed interface Ins
      permits Let, Test, Include, Procedure, Call, Forall, WithFrom, IfVariant, InsMatch,
          Enum, Ignored {
    Pos pos();
  }

  /** {@code let [rec] bindings [when test]}. */
  record Let(List<Binding> bindings, boolean rec, Optional<Test> when, Pos pos)
      implements Ins {}

  /** Test kinds. */
  enum TestKind {
    ACYCLIC,
    IRREFLEXIVE,
    EMPTY
  }

  /** What a failing test does. */
  enum TestType {
    /** A constraint: the candidate is rejected. */
    CHECK,
    /** Raises a flag when the test holds. */
    FLAG,
    /** herd's {@code undefined_unless}: the execution is undefined when the test fails. */
    UNDEFINED_UNLESS,
    /** An assertion on the test itself: an error when it fails. */
    ASSERT
  }

  /**
   * {@code [flag|undefined_unless|assert] [~] acyclic|irreflexive|empty e [as name]}.
   *
   * @param name the {@code as} name, empty when there is none
   * @param text the source text of the test (for reports when unnamed)
   */
  record Test(TestType type, TestKind kind, boolean negated, Exp exp, String name, String text,
      Pos pos) implements Ins {}

  /** {@code include "file"}. */
  record Include(String file, Pos pos) implements Ins {}

  /** {@code procedure [rec] name(params) = body end}. */
  record Procedure(String name, Pat params, List<Ins> body, boolean rec, Pos pos)
      implements Ins {}

  /** {@code call name arg [as label]}. */
  record Call(String name, Exp argument, String label, Pos pos) implements Ins {}

  /** {@code forall x in e do body end}. */
  record Forall(String var, Exp set, List<Ins> body, Pos pos) implements Ins {}

  /** {@code with x from e}. */
  record WithFrom(String var, Exp set, Pos pos) implements Ins {}

  /** {@code if variant then-body [else else-body] end}. */
  record IfVariant(Variant cond, List<Ins> then, List<Ins> otherwise, Pos pos)
      implements Ins {}

  /** {@code match e with || 'tag -> instructions ... end}. */
  record InsMatch(Exp scrutinee, List<String> tags, List<List<Ins>> bodies,
      Optional<List<Ins>> otherwise, Pos pos) implements Ins {}

  /** {@code enum name = 'a || 'b ...}. */
  record Enum(String name, List<String> tags, Pos pos) implements Ins {}

  /** {@code show}, {@code unshow}, {@code debug}: no effect on verdicts. */
  record Ignored(String what, Pos pos) implements Ins {}
}
