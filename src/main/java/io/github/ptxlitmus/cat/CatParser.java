package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatAst.Binding;
import io.github.ptxlitmus.cat.CatAst.Exp;
import io.github.ptxlitmus.cat.CatAst.Ins;
import io.github.ptxlitmus.cat.CatAst.Op1Kind;
import io.github.ptxlitmus.cat.CatAst.Op2Kind;
import io.github.ptxlitmus.cat.CatAst.Pat;
import io.github.ptxlitmus.cat.CatAst.Pos;
import io.github.ptxlitmus.cat.CatLexer.Kind;
import io.github.ptxlitmus.cat.CatLexer.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Parses one cat file (herd's grammar, {@code lib/modelParser.mly}, with Dat3M's spellings).
 * Operators, loosest first: {@code |}, {@code ++}, {@code ;}, {@code \}, {@code &}, then {@code
 * *} (cartesian product), prefix {@code ~} and postfix {@code + * ? ^-1}; application by
 * juxtaposition ({@code f x}, {@code f(x, y)}) binds tightest. Includes are not followed here
 * ({@link CatLoader} does).
 */
final class CatParser {
  static final Set<String> KEYWORDS =
      Set.of("let", "rec", "and", "when", "acyclic", "irreflexive", "show", "unshow", "empty",
          "subset", "as", "fun", "in", "undefined_unless", "flag", "assert", "include",
          "variant", "begin", "end", "procedure", "call", "enum", "debug", "match", "with",
          "forall", "from", "do", "try", "if", "then", "else", "catdep", "instructions",
          "default", "not");

  /** Words that start an instruction. */
  private static final Set<String> STATEMENT_WORDS =
      Set.of("let", "acyclic", "irreflexive", "empty", "show", "unshow", "undefined_unless",
          "flag", "assert", "include", "procedure", "call", "enum", "debug", "match", "with",
          "forall", "if", "instructions", "default");

  /**
   * One file's instructions.
   *
   * @param title the title (leading name(s) or string), empty when there is none
   * @param warnings {@code file:line:col: warning: ...} lines
   */
  record Parsed(String title, List<Ins> instructions, List<String> warnings) {}

  private final String file;
  private final String source;
  private final CatCursor in;
  private final List<String> warnings = new ArrayList<>();

  private CatParser(String file, String source) {
    this.file = file;
    this.source = source;
    this.in = new CatCursor(file, CatLexer.tokens(file, source));
  }

  /**
   * Parses {@code source}, named {@code file} in messages.
   *
   * @throws CatSyntaxException when the text is not accepted
   */
  static Parsed parse(String file, String source) {
    CatParser p = new CatParser(file, source);
    String title = p.header();
    List<Ins> out = p.instructions(Set.of());
    if (!p.in.peek().is(Kind.EOF)) {
      throw p.unexpected(p.in.peek());
    }
    return new Parsed(title, List.copyOf(out), List.copyOf(p.warnings));
  }

  // ---- header ----------------------------------------------------------------------------

  /**
   * herd's identity: one or two leading names, or a name and a string, or a string. Only
   * tokens of the first line count, and only when the line holds nothing else (a line like
   * {@code acylic po | rf} is a mistyped statement, not a title).
   */
  private String header() {
    Token t0 = in.peek();
    if (!(CatCursor.isIdent(t0) || t0.is(Kind.STRING))) {
      return "";
    }
    int n = 1;
    Token t1 = in.peek(1);
    if (t0.is(Kind.NAME) && t1.line() == t0.line()
        && (CatCursor.isIdent(t1) || t1.is(Kind.STRING))) {
      n = 2;
    }
    Token after = in.peek(n);
    if (!after.is(Kind.EOF) && after.line() == in.peek(n - 1).line()
        && !after.isName("catdep") && !STATEMENT_WORDS.contains(after.text())) {
      return ""; // the first line continues: it is a statement, parsed (and refused) as one
    }
    StringBuilder title = new StringBuilder();
    for (int k = 0; k < n; k++) {
      title.append(k == 0 ? "" : " ").append(in.next().text());
    }
    if (t0.is(Kind.NAME)) {
      CatCursor.suggestion(t0.text()).ifPresent(s -> warnings.add(in.pos(t0) + ": warning: '"
          + title
          + "' is taken as the model's title; did you mean '" + s + "'?"));
    }
    if (in.at("catdep")) {
      in.next();
    }
    return title.toString();
  }

  // ---- instructions ----------------------------------------------------------------------

  /** Instructions up to EOF or one of {@code stops} (not consumed). */
  private List<Ins> instructions(Set<String> stops) {
    List<Ins> out = new ArrayList<>();
    while (!in.peek().is(Kind.EOF) && !stops.contains(in.peek().text())
        && !(stops.contains("||") && in.peek().is(Kind.ALT))) {
      out.add(instruction());
    }
    return out;
  }

  private CatSyntaxException unexpected(Token t) {
    if (t.is(Kind.NAME) && !KEYWORDS.contains(t.text())) {
      String hint =
          CatCursor.suggestion(t.text()).map(s -> " (did you mean '" + s + "'?)").orElse("");
      return in.error(t, "expected a statement (let, include, acyclic, irreflexive, empty, flag,"
          + " ...), found '" + t.text() + "'" + hint);
    }
    if (t.is(Kind.NAME)) {
      return in.error(t, "unexpected keyword '" + t.text() + "'");
    }
    return in.error(t, "expected a statement (let, include, acyclic, irreflexive, empty, flag,"
        + " ...), found " + CatCursor.describe(t));
  }

  private Ins instruction() {
    Token t = in.peek();
    Pos p = in.pos(t);
    if (!t.is(Kind.NAME) && !t.is(Kind.TILDE)) {
      throw unexpected(t);
    }
    switch (t.is(Kind.TILDE) ? "~" : t.text()) {
      case "let" -> {
        in.next();
        boolean rec = in.at("rec");
        if (rec) {
          in.next();
        }
        List<Binding> bs = bindings();
        Optional<CatAst.Test> when = Optional.empty();
        if (in.at("when")) {
          in.next();
          when = Optional.of(test(CatAst.TestType.CHECK, in.peek()));
        }
        if (in.at("in")) {
          in.next(); // herd accepts a trailing 'in' on a top-level let
        }
        return new CatAst.Let(bs, rec, when, p);
      }
      case "acyclic", "irreflexive", "empty", "~" -> {
        return test(CatAst.TestType.CHECK, t);
      }
      case "flag", "undefined_unless", "assert" -> {
        in.next();
        CatAst.TestType type = switch (t.text()) {
          case "flag" -> CatAst.TestType.FLAG;
          case "assert" -> CatAst.TestType.ASSERT;
          default -> CatAst.TestType.UNDEFINED_UNLESS;
        };
        return test(type, t);
      }
      case "show" -> {
        in.next();
        base();
        while (in.peek().is(Kind.COMMA)) {
          in.next();
          base();
        }
        if (in.at("as")) {
          in.next();
          in.ident("a name after as");
        }
        return new CatAst.Ignored("show", p);
      }
      case "unshow" -> {
        in.next();
        in.ident("a name after unshow");
        while (in.peek().is(Kind.COMMA)) {
          in.next();
          in.ident("a name");
        }
        return new CatAst.Ignored("unshow", p);
      }
      case "debug" -> {
        in.next();
        exp();
        return new CatAst.Ignored("debug", p);
      }
      case "include" -> {
        in.next();
        return new CatAst.Include(in.expect(Kind.STRING, "a quoted file name after include")
            .text(), p);
      }
      case "procedure" -> {
        in.next();
        boolean rec = in.at("rec");
        if (rec) {
          in.next();
        }
        String name = in.ident("a procedure name");
        Pat params = in.peek().is(Kind.LPAR) ? parenFormals() : new Pat(listOf(pat0()), false);
        in.expect(Kind.EQ, "'=' after procedure " + name);
        List<Ins> body = instructions(Set.of("end"));
        in.expectWord("end");
        return new CatAst.Procedure(name, params, body, rec, p);
      }
      case "call" -> {
        in.next();
        String name = in.ident("a procedure name after call");
        Exp arg = simple();
        String label = "";
        if (in.at("as")) {
          in.next();
          label = in.ident("a name after as");
        }
        return new CatAst.Call(name, arg, label, p);
      }
      case "forall" -> {
        in.next();
        String var = in.ident("a variable after forall");
        in.expectWord("in");
        Exp set = exp();
        in.expectWord("do");
        List<Ins> body = instructions(Set.of("end"));
        in.expectWord("end");
        return new CatAst.Forall(var, set, body, p);
      }
      case "with" -> {
        in.next();
        String var = in.ident("a variable after with");
        in.expectWord("from");
        return new CatAst.WithFrom(var, exp(), p);
      }
      case "if" -> {
        in.next();
        CatAst.Variant v = variant();
        List<Ins> then = instructions(Set.of("else", "end"));
        List<Ins> otherwise = List.of();
        if (in.at("else")) {
          in.next();
          otherwise = instructions(Set.of("end"));
        }
        in.expectWord("end");
        return new CatAst.IfVariant(v, then, otherwise, p);
      }
      case "match" -> {
        return insMatch(p);
      }
      case "enum" -> {
        in.next();
        String name = in.ident("a name after enum");
        in.expect(Kind.EQ, "'=' after enum " + name);
        if (in.peek().is(Kind.ALT)) {
          in.next();
        }
        List<String> tags = new ArrayList<>();
        tags.add(in.expect(Kind.TAG, "a tag ('name)").text());
        while (in.peek().is(Kind.ALT)) {
          in.next();
          tags.add(in.expect(Kind.TAG, "a tag ('name)").text());
        }
        return new CatAst.Enum(name, tags, p);
      }
      case "catdep" -> {
        in.next(); // herd's "the model computes dependencies": ours come from the search
        return new CatAst.Ignored("catdep", p);
      }
      case "instructions", "default" -> throw in.error(t, "unsupported construct '" + t.text()
          + "' (bell files are not supported)");
      default -> throw unexpected(t);
    }
  }

  private static List<String> listOf(String s) {
    List<String> l = new ArrayList<>();
    l.add(s);
    return l;
  }

  private Ins insMatch(Pos p) {
    Exp e = matchSubject();
    List<String> tags = new ArrayList<>();
    List<List<Ins>> bodies = new ArrayList<>();
    Optional<List<Ins>> otherwise = Optional.empty();
    while (true) {
      Token t = in.next();
      if (t.is(Kind.UNDERSCORE)) {
        in.expect(Kind.ARROW, "'->'");
        otherwise = Optional.of(instructions(Set.of("end", "||")));
      } else if (t.is(Kind.TAG)) {
        in.expect(Kind.ARROW, "'->'");
        tags.add(t.text());
        bodies.add(instructions(Set.of("end", "||")));
      } else {
        throw in.error(t, "expected a tag clause ('tag -> ...), found " + CatCursor.describe(t));
      }
      if (in.peek().is(Kind.ALT) && otherwise.isEmpty()) {
        in.next();
        continue;
      }
      in.expectWord("end");
      return new CatAst.InsMatch(e, tags, bodies, otherwise, p);
    }
  }

  private CatAst.Test test(CatAst.TestType type, Token start) {
    boolean negated = false;
    if (in.peek().is(Kind.TILDE)) {
      in.next();
      negated = true;
    }
    Token k = in.next();
    CatAst.TestKind kind =
        switch (k.is(Kind.NAME) ? k.text() : "") {
          case "acyclic" -> CatAst.TestKind.ACYCLIC;
          case "irreflexive" -> CatAst.TestKind.IRREFLEXIVE;
          case "empty" -> CatAst.TestKind.EMPTY;
          default -> throw in.error(k, "expected acyclic, irreflexive or empty, found "
              + CatCursor.describe(k) + CatCursor.suggestion(k.text())
                  .map(s -> " (did you mean '" + s + "'?)").orElse(""));
        };
    int from = k.start();
    Exp e = exp();
    String text = source.substring(from, in.previous().end());
    String name = "";
    if (in.at("as")) {
      in.next();
      name = in.ident("a name after as");
    }
    return new CatAst.Test(type, kind, negated, e, name, text.replaceAll("\\s+", " ").strip(),
        in.pos(start));
  }

  private CatAst.Variant variant() {
    CatAst.Variant v = variantAtom();
    while (in.peek().is(Kind.LAND) || in.peek().is(Kind.ALT)) {
      boolean and = in.next().is(Kind.LAND);
      CatAst.Variant w = variantAtom();
      v = and ? new CatAst.VAnd(v, w) : new CatAst.VOr(v, w);
    }
    return v;
  }

  private CatAst.Variant variantAtom() {
    Token t = in.next();
    if (t.isName("variant")) {
      t = in.next();
    }
    if (t.is(Kind.STRING)) {
      return new CatAst.VName(t.text(), in.pos(t));
    }
    if (t.isName("not")) {
      return new CatAst.VNot(variantAtom());
    }
    if (t.is(Kind.LPAR)) {
      CatAst.Variant v = variant();
      in.expect(Kind.RPAR, "')'");
      return v;
    }
    throw in.error(t, "expected a variant name in quotes, found " + CatCursor.describe(t));
  }

  // ---- bindings and patterns -------------------------------------------------------------

  private List<Binding> bindings() {
    List<Binding> out = new ArrayList<>();
    out.add(binding());
    while (in.at("and")) {
      in.next();
      out.add(binding());
    }
    return out;
  }

  private Binding binding() {
    Token t = in.peek();
    Pos p = in.pos(t);
    if (t.is(Kind.LPAR)) {
      Pat pat = parenFormals();
      in.expect(Kind.EQ, "'='");
      return new Binding(pat, exp(), p);
    }
    if (t.is(Kind.UNDERSCORE)) {
      in.next();
      in.expect(Kind.EQ, "'='");
      return new Binding(new Pat(listOf(null), false), exp(), p);
    }
    String name = in.ident("a name after let");
    if (in.peek().is(Kind.EQ)) {
      in.next();
      return new Binding(new Pat(listOf(name), false), exp(), p);
    }
    if (in.peek().is(Kind.COMMA)) {
      List<String> vars = listOf(name);
      while (in.peek().is(Kind.COMMA)) {
        in.next();
        vars.add(pat0());
      }
      in.expect(Kind.EQ, "'='");
      return new Binding(new Pat(vars, true), exp(), p);
    }
    Pat params;
    if (in.peek().is(Kind.LPAR)) {
      params = parenFormals();
    } else if (CatCursor.isIdent(in.peek()) || in.peek().is(Kind.UNDERSCORE)) {
      params = new Pat(listOf(pat0()), false);
    } else {
      throw in.error(in.peek(), "expected '=' after let " + name + ", found "
          + CatCursor.describe(in.peek()));
    }
    in.expect(Kind.EQ, "'=' after let " + name + "(...)");
    Exp body = exp();
    return new Binding(new Pat(listOf(name), false), new CatAst.Fun(params, body, name, p), p);
  }

  /** {@code ( formals )}: a tuple pattern, one variable when there is one. */
  private Pat parenFormals() {
    in.expect(Kind.LPAR, "'('");
    List<String> vars = commaSeparated(this::pat0, Kind.RPAR, "')'");
    return new Pat(vars, vars.size() != 1);
  }

  /**
   * Items separated by commas, then the {@code close} token (none when it comes first).
   *
   * @param closeName how an error names the missing {@code close}
   */
  private <T> List<T> commaSeparated(Supplier<T> item, Kind close, String closeName) {
    List<T> items = new ArrayList<>();
    if (!in.peek().is(close)) {
      items.add(item.get());
      while (in.peek().is(Kind.COMMA)) {
        in.next();
        items.add(item.get());
      }
    }
    in.expect(close, closeName);
    return items;
  }

  private String pat0() {
    if (in.peek().is(Kind.UNDERSCORE)) {
      in.next();
      return null;
    }
    return in.ident("a variable name");
  }

  // ---- expressions -----------------------------------------------------------------------

  private Exp exp() {
    Token t = in.peek();
    Pos p = in.pos(t);
    if (t.isName("let")) {
      in.next();
      boolean rec = in.at("rec");
      if (rec) {
        in.next();
      }
      List<Binding> bs = bindings();
      in.expectWord("in");
      return new CatAst.Bind(bs, rec, exp(), p);
    }
    if (t.isName("fun")) {
      in.next();
      Pat params = in.peek().is(Kind.LPAR) ? parenFormals() : new Pat(listOf(pat0()), false);
      in.expect(Kind.ARROW, "'->' after fun");
      return new CatAst.Fun(params, exp(), "fun", p);
    }
    if (t.isName("try")) {
      in.next();
      Exp body = exp();
      in.expectWord("with");
      return new CatAst.Try(body, exp(), p);
    }
    if (t.isName("if")) {
      in.next();
      CatAst.Cond c = cond();
      in.expectWord("then");
      Exp a = exp();
      in.expectWord("else");
      return new CatAst.If(c, a, exp(), p);
    }
    if (t.isName("match")) {
      return match(p);
    }
    Exp first = base();
    if (!in.peek().is(Kind.COMMA)) {
      return first;
    }
    List<Exp> items = new ArrayList<>();
    items.add(first);
    while (in.peek().is(Kind.COMMA)) {
      in.next();
      items.add(base());
    }
    return new CatAst.TupleExp(items, p);
  }

  private CatAst.Cond cond() {
    if (in.peek().is(Kind.STRING) || in.at("variant") || in.at("not")) {
      return new CatAst.VariantCond(variant());
    }
    Exp a = base();
    Token op = in.next();
    if (op.is(Kind.EQ)) {
      return new CatAst.Equal(a, base());
    } else if (op.isName("subset")) {
      return new CatAst.Subset(a, base());
    } else if (op.isName("in")) {
      return new CatAst.In(a, base());
    }
    throw in.error(op, "expected '=', 'subset' or 'in' in a condition, found "
        + CatCursor.describe(op));
  }

  /** {@code match e with} and the optional {@code ||} before the first clause; returns e. */
  private Exp matchSubject() {
    in.next();
    Exp e = exp();
    in.expectWord("with");
    if (in.peek().is(Kind.ALT)) {
      in.next();
    }
    return e;
  }

  private Exp match(Pos p) {
    Exp e = matchSubject();
    if (in.peek().is(Kind.LACC) || !(in.peek().is(Kind.TAG) || in.peek().is(Kind.UNDERSCORE)
        && in.peek(1).is(Kind.ARROW))) {
      return matchSet(e, p);
    }
    List<String> tags = new ArrayList<>();
    List<Exp> values = new ArrayList<>();
    Optional<Exp> otherwise = Optional.empty();
    while (true) {
      Token t = in.next();
      if (t.is(Kind.UNDERSCORE)) {
        in.expect(Kind.ARROW, "'->'");
        otherwise = Optional.of(exp());
        in.expectWord("end");
        return new CatAst.Match(e, tags, values, otherwise, p);
      }
      if (!t.is(Kind.TAG)) {
        throw in.error(t, "expected a tag clause ('tag -> ...), found " + CatCursor.describe(t));
      }
      in.expect(Kind.ARROW, "'->'");
      tags.add(t.text());
      values.add(exp());
      if (in.peek().is(Kind.ALT)) {
        in.next();
      } else {
        in.expectWord("end");
        return new CatAst.Match(e, tags, values, otherwise, p);
      }
    }
  }

  /** {@code || {} -> e || x ++ rest -> e end}, the two clauses in either order. */
  private Exp matchSet(Exp e, Pos p) {
    Exp ifEmpty = null;
    String pre = null;
    String element = null;
    String rest = null;
    Exp value = null;
    for (int clause = 0; clause < 2; clause++) {
      if (clause == 1) {
        in.expect(Kind.ALT, "'||' before the second clause");
      }
      if (in.peek().is(Kind.LACC)) {
        in.next();
        in.expect(Kind.RACC, "'}' ('{}' matches the empty set)");
        in.expect(Kind.ARROW, "'->'");
        ifEmpty = exp();
      } else {
        String a = pat0();
        if (in.peek().is(Kind.BAR)) {
          in.next();
          pre = a;
          a = pat0();
        }
        in.expect(Kind.PLUSPLUS, "'++' in a set pattern");
        element = a;
        rest = pat0();
        in.expect(Kind.ARROW, "'->'");
        value = exp();
      }
    }
    if (ifEmpty == null || value == null) {
      throw p.error("a set match needs a '{}' clause and an 'x ++ rest' clause");
    }
    in.expectWord("end");
    return new CatAst.MatchSet(e, ifEmpty, pre, element, rest, value, p);
  }

  private Exp base() {
    return binary(0);
  }

  /**
   * One precedence level of the binary operators: the token that writes it, the tree node it
   * builds, and whether a chain of it groups to the left ({@code a \\ b \\ c} is {@code (a \\ b)
   * \\ c}) or to the right.
   */
  private record Level(Kind token, Op2Kind op, boolean groupsLeft) {}

  /** The binary operators, loosest first, as herd reads them. */
  private static final List<Level> LEVELS = List.of(
      new Level(Kind.BAR, Op2Kind.UNION, false),
      new Level(Kind.PLUSPLUS, Op2Kind.ADD, false),
      new Level(Kind.SEMI, Op2Kind.SEQ, false),
      new Level(Kind.BSLASH, Op2Kind.DIFF, true),
      new Level(Kind.AMP, Op2Kind.INTER, false),
      new Level(Kind.STAR, Op2Kind.CART, true));

  /** An expression whose binary operators bind at least as tightly as {@code LEVELS[level]}. */
  private Exp binary(int level) {
    if (level == LEVELS.size()) {
      return unary();
    }
    Level op = LEVELS.get(level);
    Exp l = binary(level + 1);
    // '*' between operands is the cartesian product; after one it is the closure (unary)
    while (in.peek().is(op.token()) && (op.op() != Op2Kind.CART || startsOperand(in.peek(1)))) {
      Token t = in.next();
      if (!op.groupsLeft()) {
        return new CatAst.Op2(op.op(), l, binary(level), in.pos(t));
      }
      l = new CatAst.Op2(op.op(), l, binary(level + 1), in.pos(t));
    }
    return l;
  }

  private Exp unary() {
    if (in.peek().is(Kind.TILDE)) {
      Token t = in.next();
      return new CatAst.Op1(Op1Kind.COMP, unary(), in.pos(t));
    }
    Exp e = application();
    while (true) {
      Token t = in.peek();
      Op1Kind op;
      if (t.is(Kind.PLUS)) {
        op = Op1Kind.PLUS;
      } else if (t.is(Kind.STAR) && !startsOperand(in.peek(1))) {
        op = Op1Kind.STAR;
      } else if (t.is(Kind.OPT)) {
        op = Op1Kind.OPT;
      } else if (t.is(Kind.INV)) {
        op = Op1Kind.INV; // Dat3M writes r-1 too
      } else if (t.is(Kind.HAT)) {
        in.next();
        Token h = in.peek();
        op = h.is(Kind.INV) ? Op1Kind.INV : h.is(Kind.PLUS) ? Op1Kind.PLUS
            : h.is(Kind.STAR) ? Op1Kind.STAR : null;
        if (op == null) {
          throw in.error(h, "expected -1, + or * after '^', found " + CatCursor.describe(h));
        }
      } else {
        return e;
      }
      in.next();
      e = new CatAst.Op1(op, e, in.pos(t));
    }
  }

  private static boolean startsOperand(Token t) {
    return CatCursor.isIdent(t) || t.isName("begin") || t.is(Kind.LPAR) || t.is(Kind.LBRAC)
        || t.is(Kind.LACC) || t.is(Kind.TILDE) || t.is(Kind.UNDERSCORE) || t.is(Kind.ZERO)
        || t.is(Kind.TAG);
  }

  private static boolean startsArgument(Token t) {
    return CatCursor.isIdent(t) || t.isName("begin") || t.is(Kind.LPAR) || t.is(Kind.LBRAC)
        || t.is(Kind.LACC) || t.is(Kind.UNDERSCORE) || t.is(Kind.ZERO) || t.is(Kind.TAG);
  }

  /** {@code f a b}: a name applied to arguments, or a simple expression. */
  private Exp application() {
    if (!CatCursor.isIdent(in.peek())) {
      return simple();
    }
    Token t = in.next();
    Exp f = new CatAst.Var(t.text(), in.pos(t));
    while (startsArgument(in.peek())) {
      Token a = in.peek();
      Exp arg = CatCursor.isIdent(a) ? new CatAst.Var(in.next().text(), in.pos(a)) : simple();
      f = new CatAst.App(f, arg, in.pos(a));
    }
    return f;
  }

  private Exp simple() {
    Token t = in.next();
    Pos p = in.pos(t);
    switch (t.kind()) {
      case ZERO -> {
        return new CatAst.Const(CatAst.Konst.EMPTY_RELATION, p);
      }
      case UNDERSCORE -> {
        return new CatAst.Const(CatAst.Konst.UNIVERSE, p);
      }
      case TAG -> {
        return new CatAst.TagLit(t.text(), p);
      }
      case LACC -> {
        List<Exp> items = commaSeparated(this::base, Kind.RACC, "'}'");
        return items.isEmpty() ? new CatAst.Const(CatAst.Konst.EMPTY, p)
            : new CatAst.ExplicitSet(items, p);
      }
      case LPAR -> {
        if (in.peek().is(Kind.RPAR)) {
          in.next();
          return new CatAst.TupleExp(List.of(), p);
        }
        Exp e = exp();
        in.expect(Kind.RPAR, "')'");
        return e;
      }
      case LBRAC -> {
        Exp e = exp();
        in.expect(Kind.RBRAC, "']'");
        return new CatAst.Op1(Op1Kind.TOID, e, p);
      }
      case NAME -> {
        if (t.text().equals("begin")) {
          Exp e = exp();
          in.expectWord("end");
          return e;
        }
        if (!KEYWORDS.contains(t.text())) {
          return new CatAst.Var(t.text(), p);
        }
        throw in.error(t, "expected an expression, found keyword '" + t.text() + "'");
      }
      default -> throw in.error(t, "expected an expression, found " + CatCursor.describe(t));
    }
  }
}
