package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatAst.BinOp;
import io.github.ptxlitmus.cat.CatAst.Check;
import io.github.ptxlitmus.cat.CatAst.CheckKind;
import io.github.ptxlitmus.cat.CatAst.Let;
import io.github.ptxlitmus.cat.CatAst.Name;
import io.github.ptxlitmus.cat.CatAst.Node;
import io.github.ptxlitmus.cat.CatAst.Pos;
import io.github.ptxlitmus.cat.CatAst.Statement;
import io.github.ptxlitmus.cat.CatAst.UnOp;
import io.github.ptxlitmus.cat.CatLexer.Kind;
import io.github.ptxlitmus.cat.CatLexer.Token;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * Parses a cat file and the files it includes into one list of statements. Grammar (Dat3M's
 * {@code Cat.g4}, the subset PTX models use):
 *
 * <pre>
 * model     := NAME* STRING? statement*
 * statement := 'let' NAME '=' expr
 *            | 'let' 'rec' NAME '=' expr ('and' NAME '=' expr)*
 *            | 'include' STRING
 *            | 'flag'? '~'? ('acyclic' | 'irreflexive' | 'empty') expr ('as' NAME)?
 * expr      := binary operators, loosest first: '|', ';', '\', '&', '*' (cartesian product),
 *              all left-associative; then '~' (prefix), then postfix '+' '*' '?' '^-1';
 *              atoms: NAME, '(' expr ')', '[' expr ']', 'domain(' expr ')', 'range(' expr ')'
 * </pre>
 *
 * An included file is resolved relative to the including file's directory; its statements
 * take the place of the {@code include}.
 */
final class CatParser {
  private static final Set<String> KEYWORDS =
      Set.of("let", "rec", "and", "as", "include", "acyclic", "irreflexive", "empty", "flag",
          "domain", "range", "show", "procedure", "call", "undefined_unless");

  /** The statements of a file and its includes, and the model's title. */
  record Parsed(String title, List<Statement> statements) {}

  private final String file;
  private final String source;
  private final List<Token> tokens;
  private final Path path;
  private final Deque<Path> including;
  private final List<Statement> out;
  private int i;

  private CatParser(
      String file, String source, Path path, Deque<Path> including, List<Statement> out) {
    this.file = file;
    this.source = source;
    this.tokens = CatLexer.tokens(file, source);
    this.path = path;
    this.including = including;
    this.out = out;
  }

  /**
   * Parses {@code source}, named {@code file} in messages; includes are resolved relative to
   * {@code path}'s directory ({@code path} may be null for text not read from a file, then an
   * include is resolved relative to the working directory).
   *
   * @throws CatSyntaxException when the text or an included file is not accepted
   */
  static Parsed parse(String file, String source, Path path) {
    Deque<Path> stack = new ArrayDeque<>();
    if (path != null) {
      stack.push(normal(path));
    }
    List<Statement> out = new ArrayList<>();
    CatParser p = new CatParser(file, source, path, stack, out);
    String title = p.header();
    p.statements();
    return new Parsed(title, List.copyOf(out));
  }

  private static Path normal(Path p) {
    return p.toAbsolutePath().normalize();
  }

  private Token peek() {
    return tokens.get(i);
  }

  private Token next() {
    return tokens.get(i++);
  }

  private Pos pos(Token t) {
    return new Pos(file, t.line(), t.column());
  }

  private CatSyntaxException error(Token t, String reason) {
    return new CatSyntaxException(file, t.line(), t.column(), reason);
  }

  private Token expect(Kind k, String what) {
    Token t = next();
    if (!t.is(k)) {
      throw error(t, "expected " + what + ", found " + describe(t));
    }
    return t;
  }

  private static String describe(Token t) {
    return t.is(Kind.EOF) ? "end of file" : "'" + t.text() + "'";
  }

  private boolean atKeyword(String k) {
    return peek().isName(k);
  }

  /** The title: leading names that are not keywords, then an optional string. */
  private String header() {
    List<String> words = new ArrayList<>();
    while (peek().is(Kind.NAME) && !KEYWORDS.contains(peek().text())) {
      words.add(next().text());
    }
    if (peek().is(Kind.STRING)) {
      words.add(next().text());
    }
    return String.join(" ", words);
  }

  private void statements() {
    while (!peek().is(Kind.EOF)) {
      statement();
    }
  }

  private void statement() {
    Token t = peek();
    if (atKeyword("let")) {
      next();
      let();
    } else if (atKeyword("include")) {
      next();
      include(expect(Kind.STRING, "a quoted file name after include"));
    } else if (atKeyword("flag")
        || atKeyword("acyclic")
        || atKeyword("irreflexive")
        || atKeyword("empty")
        || t.is(Kind.TILDE)) {
      check();
    } else if (t.is(Kind.NAME) && KEYWORDS.contains(t.text())) {
      throw error(t, "unsupported cat statement '" + t.text() + "'");
    } else {
      throw error(t, "expected a statement (let, include, acyclic, irreflexive, empty, flag),"
          + " found " + describe(t));
    }
  }

  private void let() {
    boolean rec = false;
    if (atKeyword("rec")) {
      next();
      rec = true;
    }
    List<Name> names = new ArrayList<>();
    List<Node> values = new ArrayList<>();
    do {
      Token n = expect(Kind.NAME, "a name after let");
      if (KEYWORDS.contains(n.text())) {
        throw error(n, "'" + n.text() + "' is a keyword, not a name");
      }
      if (peek().is(Kind.LPAR)) {
        throw error(peek(), "unsupported: cat functions (let " + n.text() + "(...))");
      }
      expect(Kind.EQ, "'=' after let " + n.text());
      names.add(new Name(n.text(), pos(n)));
      values.add(expr());
      if (!rec) {
        break;
      }
      if (!atKeyword("and")) {
        break;
      }
      next();
    } while (true);
    out.add(new Let(rec, List.copyOf(names), List.copyOf(values)));
  }

  private void check() {
    Token start = peek();
    boolean flag = false;
    boolean negated = false;
    if (atKeyword("flag")) {
      next();
      flag = true;
    }
    if (peek().is(Kind.TILDE)) {
      next();
      negated = true;
    }
    Token k = next();
    CheckKind kind =
        switch (k.kind() == Kind.NAME ? k.text() : "") {
          case "acyclic" -> CheckKind.ACYCLIC;
          case "irreflexive" -> CheckKind.IRREFLEXIVE;
          case "empty" -> CheckKind.EMPTY;
          default -> throw error(k, "expected acyclic, irreflexive or empty, found "
              + describe(k));
        };
    int from = offset(k);
    Node e = expr();
    String text = source.substring(from, offset(peek())).strip();
    String name = "";
    if (atKeyword("as")) {
      text = source.substring(from, offset(peek())).strip();
      next();
      name = expect(Kind.NAME, "a name after as").text();
    }
    out.add(new Check(kind, flag, negated, e, name, pos(start), text.replaceAll("\\s+", " ")));
  }

  /** Character offset of a token (its line and column), or the end for EOF. */
  private int offset(Token t) {
    if (t.is(Kind.EOF)) {
      return source.length();
    }
    int line = 1;
    int k = 0;
    while (line < t.line()) {
      k = source.indexOf('\n', k) + 1;
      line++;
    }
    return k + t.column() - 1;
  }

  private void include(Token name) {
    Path base = path == null ? Path.of("") : path.toAbsolutePath().getParent();
    Path target = base == null ? Path.of(name.text()) : base.resolve(name.text());
    Path n = normal(target);
    if (including.contains(n)) {
      throw error(name, "include cycle: \"" + name.text() + "\" is already being included");
    }
    if (!Files.isRegularFile(n)) {
      throw error(name, "included file not found: " + target);
    }
    String text;
    try {
      text = Files.readString(n, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw error(name, "cannot read included file " + target + ": " + e.getMessage());
    }
    including.push(n);
    CatParser p = new CatParser(target.toString(), text, n, including, out);
    p.header();
    p.statements();
    including.pop();
  }

  // ---- expressions, loosest first ----------------------------------------------------------

  private Node expr() {
    return binary(0);
  }

  private static final BinOp[] LEVELS = BinOp.values();

  private Node binary(int level) {
    if (level == LEVELS.length) {
      return prefix();
    }
    Node left = binary(level + 1);
    BinOp op = LEVELS[level];
    while (isOperator(peek(), op)) {
      Token t = next();
      Node right = binary(level + 1);
      left = new CatAst.Binary(op, left, right, pos(t));
    }
    return left;
  }

  private boolean isOperator(Token t, BinOp op) {
    return switch (op) {
      case UNION -> t.is(Kind.BAR);
      case SEQ -> t.is(Kind.SEMI);
      case DIFF -> t.is(Kind.BSLASH);
      case INTER -> t.is(Kind.AMP);
      // '*' is the cartesian product when an operand follows, else the postfix closure
      case CART -> t.is(Kind.STAR) && startsOperand(tokens.get(i + 1));
    };
  }

  private static boolean startsOperand(Token t) {
    return (t.is(Kind.NAME) && !KEYWORDS.contains(t.text()))
        || t.isName("domain")
        || t.isName("range")
        || t.is(Kind.LPAR)
        || t.is(Kind.LBRAC)
        || t.is(Kind.TILDE);
  }

  private Node prefix() {
    if (peek().is(Kind.TILDE)) {
      Token t = next();
      return new CatAst.Unary(UnOp.COMPLEMENT, prefix(), pos(t));
    }
    return postfix();
  }

  private Node postfix() {
    Node e = atom();
    while (true) {
      Token t = peek();
      UnOp op;
      if (t.is(Kind.PLUS)) {
        op = UnOp.PLUS;
      } else if (t.is(Kind.STAR) && !startsOperand(tokens.get(i + 1))) {
        op = UnOp.STAR;
      } else if (t.is(Kind.OPT)) {
        op = UnOp.OPT;
      } else if (t.is(Kind.INV)) {
        op = UnOp.INV;
      } else {
        return e;
      }
      next();
      e = new CatAst.Unary(op, e, pos(t));
    }
  }

  private Node atom() {
    Token t = next();
    switch (t.kind()) {
      case LPAR -> {
        Node e = expr();
        expect(Kind.RPAR, "')'");
        return e;
      }
      case LBRAC -> {
        Node e = expr();
        expect(Kind.RBRAC, "']'");
        return new CatAst.Unary(UnOp.IDENTITY, e, pos(t));
      }
      case NAME -> {
        if (t.text().equals("domain") || t.text().equals("range")) {
          expect(Kind.LPAR, "'(' after " + t.text());
          Node e = expr();
          expect(Kind.RPAR, "')'");
          return new CatAst.Unary(
              t.text().equals("domain") ? UnOp.DOMAIN : UnOp.RANGE, e, pos(t));
        }
        if (KEYWORDS.contains(t.text())) {
          throw error(t, "expected an expression, found keyword '" + t.text() + "'");
        }
        if (peek().is(Kind.LPAR)) {
          throw error(peek(), "unsupported: cat function call " + t.text() + "(...)");
        }
        return new Name(t.text(), pos(t));
      }
      default -> throw error(t, "expected an expression, found " + describe(t));
    }
  }
}
