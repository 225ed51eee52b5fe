package io.github.ptxlitmus.cat;

import java.util.List;

/** The parsed, not yet resolved, statements and expressions of a cat file. */
final class CatAst {
  private CatAst() {}

  /** Where a node starts. */
  record Pos(String file, int line, int column) {
    CatSyntaxException error(String reason) {
      return new CatSyntaxException(file, line, column, reason);
    }
  }

  /** An expression. */
  sealed interface Node permits Name, Binary, Unary {
    Pos pos();
  }

  /** A name: a binding, a predefined relation or set, or {@code _} (the universe). */
  record Name(String name, Pos pos) implements Node {}

  /** Binary operators, loosest first: {@code | ; \ & *}. */
  enum BinOp {
    UNION("|"),
    SEQ(";"),
    DIFF("\\"),
    INTER("&"),
    CART("*");

    final String symbol;

    BinOp(String symbol) {
      this.symbol = symbol;
    }
  }

  /** {@code left op right}. */
  record Binary(BinOp op, Node left, Node right, Pos pos) implements Node {}

  /** Unary operators. */
  enum UnOp {
    PLUS("+"),
    STAR("*"),
    OPT("?"),
    INV("^-1"),
    COMPLEMENT("~"),
    IDENTITY("[...]"),
    DOMAIN("domain"),
    RANGE("range");

    final String symbol;

    UnOp(String symbol) {
      this.symbol = symbol;
    }
  }

  /** {@code op(operand)} (postfix, prefix or bracketed). */
  record Unary(UnOp op, Node operand, Pos pos) implements Node {}

  /** A statement. */
  sealed interface Statement permits Let, Check {}

  /** {@code let n = e} or {@code let rec n1 = e1 and n2 = e2 ...}. */
  record Let(boolean rec, List<Name> names, List<Node> values) implements Statement {}

  /** Check kinds. */
  enum CheckKind {
    ACYCLIC,
    IRREFLEXIVE,
    EMPTY
  }

  /**
   * {@code [flag] [~] acyclic|irreflexive|empty e [as name]}.
   *
   * @param text the source text of the check up to {@code as}, for reports when unnamed
   */
  record Check(CheckKind kind, boolean flag, boolean negated, Node expr, String name, Pos pos,
      String text) implements Statement {}
}
