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
  private final List<Token> tokens;
  private final List<String> warnings = new ArrayList<>();
  private int i;

  private CatParser(String file, String source) {
    this.file = file;
    this.source = source;
    this.tokens = CatLexer.tokens(file, source);
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
    if (!p.peek().is(Kind.EOF)) {
      throw p.unexpected(p.peek());
    }
    return new Parsed(title, List.copyOf(out), List.copyOf(p.warnings));
  }

  private Token peek() {
    return tokens.get(i);
  }

  private Token peek(int k) {
    return tokens.get(Math.min(i + k, tokens.size() - 1));
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

  private void expectWord(String word) {
    Token t = next();
    if (!t.isName(word)) {
      throw error(t, "expected '" + word + "', found " + describe(t));
    }
  }

  private static String describe(Token t) {
    return t.is(Kind.EOF) ? "end of file" : t.is(Kind.STRING) ? "\"" + t.text() + "\""
        : "'" + t.text() + "'";
  }

  private boolean at(String word) {
    return peek().isName(word);
  }

  private static boolean isIdent(Token t) {
    return t.is(Kind.NAME) && !KEYWORDS.contains(t.text());
  }

  private String ident(String what) {
    Token t = next();
    if (!isIdent(t)) {
      throw error(t, "expected " + what + ", found " + (KEYWORDS.contains(t.text())
          ? "keyword '" + t.text() + "'" : describe(t)));
    }
    return t.text();
  }

  // ---- header ----------------------------------------------------------------------------

  /**
   * herd's identity: one or two leading names, or a name and a string, or a string. Only
   * tokens of the first line count, and only when the line holds nothing else (a line like
   * {@code acylic po | rf} is a mistyped statement, not a title).
   */
  private String header() {
    Token t0 = peek();
    if (!(isIdent(t0) || t0.is(Kind.STRING))) {
      return "";
    }
    int n = 1;
    Token t1 = peek(1);
    if (t0.is(Kind.NAME) && t1.line() == t0.line() && (isIdent(t1) || t1.is(Kind.STRING))) {
      n = 2;
    }
    Token after = peek(n);
    if (!after.is(Kind.EOF) && after.line() == peek(n - 1).line()
        && !after.isName("catdep") && !STATEMENT_WORDS.contains(after.text())) {
      return ""; // the first line continues: it is a statement, parsed (and refused) as one
    }
    StringBuilder title = new StringBuilder();
    for (int k = 0; k < n; k++) {
      title.append(k == 0 ? "" : " ").append(next().text());
    }
    if (t0.is(Kind.NAME)) {
      suggestion(t0.text()).ifPresent(s -> warnings.add(pos(t0) + ": warning: '" + title
          + "' is taken as the model's title; did you mean '" + s + "'?"));
    }
    if (at("catdep")) {
      next();
    }
    return title.toString();
  }

  /** A statement keyword {@code word} is a likely misspelling of. */
  static Optional<String> suggestion(String word) {
    if (word.length() < 4) {
      return Optional.empty();
    }
    for (String k : List.of("acyclic", "irreflexive", "empty", "include", "procedure",
        "forall", "undefined_unless", "flag")) {
      if (!k.equals(word) && distance(word.toLowerCase(java.util.Locale.ROOT), k) <= 2) {
        return Optional.of(k);
      }
    }
    return Optional.empty();
  }

  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int x = 1; x <= a.length(); x++) {
      cur[0] = x;
      for (int j = 1; j <= b.length(); j++) {
        int sub = prev[j - 1] + (a.charAt(x - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  // ---- instructions ----------------------------------------------------------------------

  /** Instructions up to EOF or one of {@code stops} (not consumed). */
  private List<Ins> instructions(Set<String> stops) {
    List<Ins> out = new ArrayList<>();
    while (!peek().is(Kind.EOF) && !stops.contains(peek().text())
        && !(stops.contains("||") && peek().is(Kind.ALT))) {
      out.add(instruction());
    }
    return out;
  }

  private CatSyntaxException unexpected(Token t) {
    if (t.is(Kind.NAME) && !KEYWORDS.contains(t.text())) {
      String hint = suggestion(t.text()).map(s -> " (did you mean '" + s + "'?)").orElse("");
      return error(t, "expected a statement (let, include, acyclic, irreflexive, empty, flag,"
          + " ...), found '" + t.text() + "'" + hint);
    }
    if (t.is(Kind.NAME)) {
      return error(t, "unexpected keyword '" + t.text() + "'");
    }
    return error(t, "expected a statement (let, include, acyclic, irreflexive, empty, flag,"
        + " ...), found " + describe(t));
  }

  private Ins instruction() {
    Token t = peek();
    Pos p = pos(t);
    if (!t.is(Kind.NAME) && !t.is(Kind.TILDE)) {
      throw unexpected(t);
    }
    switch (t.is(Kind.TILDE) ? "~" : t.text()) {
      case "let" -> {
        next();
        boolean rec = at("rec");
        if (rec) {
          next();
        }
        List<Binding> bs = bindings();
        Optional<CatAst.Test> when = Optional.empty();
        if (at("when")) {
          next();
          when = Optional.of(test(CatAst.TestType.CHECK, peek()));
        }
        if (at("in")) {
          next(); // herd accepts a trailing 'in' on a top-level let
        }
        return new CatAst.Let(bs, rec, when, p);
      }
      case "acyclic", "irreflexive", "empty", "~" -> {
        return test(CatAst.TestType.CHECK, t);
      }
      case "flag", "undefined_unless", "assert" -> {
        next();
        CatAst.TestType type = switch (t.text()) {
          case "flag" -> CatAst.TestType.FLAG;
          case "assert" -> CatAst.TestType.ASSERT;
          default -> CatAst.TestType.UNDEFINED_UNLESS;
        };
        return test(type, t);
      }
      case "show" -> {
        next();
        base();
        while (peek().is(Kind.COMMA)) {
          next();
          base();
        }
        if (at("as")) {
          next();
          ident("a name after as");
        }
        return new CatAst.Ignored("show", p);
      }
      case "unshow" -> {
        next();
        ident("a name after unshow");
        while (peek().is(Kind.COMMA)) {
          next();
          ident("a name");
        }
        return new CatAst.Ignored("unshow", p);
      }
      case "debug" -> {
        next();
        exp();
        return new CatAst.Ignored("debug", p);
      }
      case "include" -> {
        next();
        return new CatAst.Include(expect(Kind.STRING, "a quoted file name after include")
            .text(), p);
      }
      case "procedure" -> {
        next();
        boolean rec = at("rec");
        if (rec) {
          next();
        }
        String name = ident("a procedure name");
        Pat params = peek().is(Kind.LPAR) ? parenFormals() : new Pat(listOf(pat0()), false);
        expect(Kind.EQ, "'=' after procedure " + name);
        List<Ins> body = instructions(Set.of("end"));
        expectWord("end");
        return new CatAst.Procedure(name, params, body, rec, p);
      }
      case "call" -> {
        next();
        String name = ident("a procedure name after call");
        Exp arg = simple();
        String label = "";
        if (at("as")) {
          next();
          label = ident("a name after as");
        }
        return new CatAst.Call(name, arg, label, p);
      }
      case "forall" -> {
        next();
        String var = ident("a variable after forall");
        expectWord("in");
        Exp set = exp();
        expectWord("do");
        List<Ins> body = instructions(Set.of("end"));
        expectWord("end");
        return new CatAst.Forall(var, set, body, p);
      }
      case "with" -> {
        next();
        String var = ident("a variable after with");
        expectWord("from");
        return new CatAst.WithFrom(var, exp(), p);
      }
      case "if" -> {
        next();
        CatAst.Variant v = variant();
        List<Ins> then = instructions(Set.of("else", "end"));
        List<Ins> otherwise = List.of();
        if (at("else")) {
          next();
          otherwise = instructions(Set.of("end"));
        }
        expectWord("end");
        return new CatAst.IfVariant(v, then, otherwise, p);
      }
      case "match" -> {
        return insMatch(p);
      }
      case "enum" -> {
        next();
        String name = ident("a name after enum");
        expect(Kind.EQ, "'=' after enum " + name);
        if (peek().is(Kind.ALT)) {
          next();
        }
        List<String> tags = new ArrayList<>();
        tags.add(expect(Kind.TAG, "a tag ('name)").text());
        while (peek().is(Kind.ALT)) {
          next();
          tags.add(expect(Kind.TAG, "a tag ('name)").text());
        }
        return new CatAst.Enum(name, tags, p);
      }
      case "catdep" -> {
        next(); // herd's "the model computes dependencies": ours come from the search
        return new CatAst.Ignored("catdep", p);
      }
      case "instructions", "default" -> throw error(t, "unsupported construct '" + t.text()
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
    next();
    Exp e = exp();
    expectWord("with");
    if (peek().is(Kind.ALT)) {
      next();
    }
    List<String> tags = new ArrayList<>();
    List<List<Ins>> bodies = new ArrayList<>();
    Optional<List<Ins>> otherwise = Optional.empty();
    while (true) {
      Token t = next();
      if (t.is(Kind.UNDERSCORE)) {
        expect(Kind.ARROW, "'->'");
        otherwise = Optional.of(instructions(Set.of("end", "||")));
      } else if (t.is(Kind.TAG)) {
        expect(Kind.ARROW, "'->'");
        tags.add(t.text());
        bodies.add(instructions(Set.of("end", "||")));
      } else {
        throw error(t, "expected a tag clause ('tag -> ...), found " + describe(t));
      }
      if (peek().is(Kind.ALT) && otherwise.isEmpty()) {
        next();
        continue;
      }
      expectWord("end");
      return new CatAst.InsMatch(e, tags, bodies, otherwise, p);
    }
  }

  private CatAst.Test test(CatAst.TestType type, Token start) {
    boolean negated = false;
    if (peek().is(Kind.TILDE)) {
      next();
      negated = true;
    }
    Token k = next();
    CatAst.TestKind kind =
        switch (k.is(Kind.NAME) ? k.text() : "") {
          case "acyclic" -> CatAst.TestKind.ACYCLIC;
          case "irreflexive" -> CatAst.TestKind.IRREFLEXIVE;
          case "empty" -> CatAst.TestKind.EMPTY;
          default -> throw error(k, "expected acyclic, irreflexive or empty, found "
              + describe(k) + suggestion(k.text()).map(s -> " (did you mean '" + s + "'?)")
                  .orElse(""));
        };
    int from = k.start();
    Exp e = exp();
    String text = source.substring(from, tokens.get(i - 1).end());
    String name = "";
    if (at("as")) {
      next();
      name = ident("a name after as");
    }
    return new CatAst.Test(type, kind, negated, e, name, text.replaceAll("\\s+", " ").strip(),
        pos(start));
  }

  private CatAst.Variant variant() {
    CatAst.Variant v = variantAtom();
    while (peek().is(Kind.LAND) || peek().is(Kind.ALT)) {
      boolean and = next().is(Kind.LAND);
      CatAst.Variant w = variantAtom();
      v = and ? new CatAst.VAnd(v, w) : new CatAst.VOr(v, w);
    }
    return v;
  }

  private CatAst.Variant variantAtom() {
    Token t = next();
    if (t.isName("variant")) {
      t = next();
    }
    if (t.is(Kind.STRING)) {
      return new CatAst.VName(t.text(), pos(t));
    }
    if (t.isName("not")) {
      return new CatAst.VNot(variantAtom());
    }
    if (t.is(Kind.LPAR)) {
      CatAst.Variant v = variant();
      expect(Kind.RPAR, "')'");
      return v;
    }
    throw error(t, "expected a variant name in quotes, found " + describe(t));
  }

  // ---- bindings and patterns -------------------------------------------------------------

  private List<Binding> bindings() {
    List<Binding> out = new ArrayList<>();
    out.add(binding());
    while (at("and")) {
      next();
      out.add(binding());
    }
    return out;
  }

  private Binding binding() {
    Token t = peek();
    Pos p = pos(t);
    if (t.is(Kind.LPAR)) {
      Pat pat = parenFormals();
      expect(Kind.EQ, "'='");
      return new Binding(pat, exp(), p);
    }
    if (t.is(Kind.UNDERSCORE)) {
      next();
      expect(Kind.EQ, "'='");
      return new Binding(new Pat(listOf(null), false), exp(), p);
    }
    String name = ident("a name after let");
    if (peek().is(Kind.EQ)) {
      next();
      return new Binding(new Pat(listOf(name), false), exp(), p);
    }
    if (peek().is(Kind.COMMA)) {
      List<String> vars = listOf(name);
      while (peek().is(Kind.COMMA)) {
        next();
        vars.add(pat0());
      }
      expect(Kind.EQ, "'='");
      return new Binding(new Pat(vars, true), exp(), p);
    }
    Pat params;
    if (peek().is(Kind.LPAR)) {
      params = parenFormals();
    } else if (isIdent(peek()) || peek().is(Kind.UNDERSCORE)) {
      params = new Pat(listOf(pat0()), false);
    } else {
      throw error(peek(), "expected '=' after let " + name + ", found " + describe(peek()));
    }
    expect(Kind.EQ, "'=' after let " + name + "(...)");
    Exp body = exp();
    return new Binding(new Pat(listOf(name), false), new CatAst.Fun(params, body, name, p), p);
  }

  /** {@code ( formals )}: a tuple pattern, one variable when there is one. */
  private Pat parenFormals() {
    expect(Kind.LPAR, "'('");
    List<String> vars = new ArrayList<>();
    if (!peek().is(Kind.RPAR)) {
      vars.add(pat0());
      while (peek().is(Kind.COMMA)) {
        next();
        vars.add(pat0());
      }
    }
    expect(Kind.RPAR, "')'");
    return new Pat(vars, vars.size() != 1);
  }

  private String pat0() {
    if (peek().is(Kind.UNDERSCORE)) {
      next();
      return null;
    }
    return ident("a variable name");
  }

  // ---- expressions -----------------------------------------------------------------------

  private Exp exp() {
    Token t = peek();
    Pos p = pos(t);
    if (t.isName("let")) {
      next();
      boolean rec = at("rec");
      if (rec) {
        next();
      }
      List<Binding> bs = bindings();
      expectWord("in");
      return new CatAst.Bind(bs, rec, exp(), p);
    }
    if (t.isName("fun")) {
      next();
      Pat params = peek().is(Kind.LPAR) ? parenFormals() : new Pat(listOf(pat0()), false);
      expect(Kind.ARROW, "'->' after fun");
      return new CatAst.Fun(params, exp(), "fun", p);
    }
    if (t.isName("try")) {
      next();
      Exp body = exp();
      expectWord("with");
      return new CatAst.Try(body, exp(), p);
    }
    if (t.isName("if")) {
      next();
      CatAst.Cond c = cond();
      expectWord("then");
      Exp a = exp();
      expectWord("else");
      return new CatAst.If(c, a, exp(), p);
    }
    if (t.isName("match")) {
      return match(p);
    }
    Exp first = base();
    if (!peek().is(Kind.COMMA)) {
      return first;
    }
    List<Exp> items = new ArrayList<>();
    items.add(first);
    while (peek().is(Kind.COMMA)) {
      next();
      items.add(base());
    }
    return new CatAst.TupleExp(items, p);
  }

  private CatAst.Cond cond() {
    if (peek().is(Kind.STRING) || at("variant") || at("not")) {
      return new CatAst.VariantCond(variant());
    }
    Exp a = base();
    Token op = next();
    if (op.is(Kind.EQ)) {
      return new CatAst.Equal(a, base());
    } else if (op.isName("subset")) {
      return new CatAst.Subset(a, base());
    } else if (op.isName("in")) {
      return new CatAst.In(a, base());
    }
    throw error(op, "expected '=', 'subset' or 'in' in a condition, found " + describe(op));
  }

  private Exp match(Pos p) {
    next();
    Exp e = exp();
    expectWord("with");
    if (peek().is(Kind.ALT)) {
      next();
    }
    if (peek().is(Kind.LACC) || !(peek().is(Kind.TAG) || peek().is(Kind.UNDERSCORE)
        && peek(1).is(Kind.ARROW))) {
      return matchSet(e, p);
    }
    List<String> tags = new ArrayList<>();
    List<Exp> values = new ArrayList<>();
    Optional<Exp> otherwise = Optional.empty();
    while (true) {
      Token t = next();
      if (t.is(Kind.UNDERSCORE)) {
        expect(Kind.ARROW, "'->'");
        otherwise = Optional.of(exp());
        expectWord("end");
        return new CatAst.Match(e, tags, values, otherwise, p);
      }
      if (!t.is(Kind.TAG)) {
        throw error(t, "expected a tag clause ('tag -> ...), found " + describe(t));
      }
      expect(Kind.ARROW, "'->'");
      tags.add(t.text());
      values.add(exp());
      if (peek().is(Kind.ALT)) {
        next();
      } else {
        expectWord("end");
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
        expect(Kind.ALT, "'||' before the second clause");
      }
      if (peek().is(Kind.LACC)) {
        next();
        expect(Kind.RACC, "'}' ('{}' matches the empty set)");
        expect(Kind.ARROW, "'->'");
        ifEmpty = exp();
      } else {
        String a = pat0();
        if (peek().is(Kind.BAR)) {
          next();
          pre = a;
          a = pat0();
        }
        expect(Kind.PLUSPLUS, "'++' in a set pattern");
        element = a;
        rest = pat0();
        expect(Kind.ARROW, "'->'");
        value = exp();
      }
    }
    if (ifEmpty == null || value == null) {
      throw p.error("a set match needs a '{}' clause and an 'x ++ rest' clause");
    }
    expectWord("end");
    return new CatAst.MatchSet(e, ifEmpty, pre, element, rest, value, p);
  }

  private Exp base() {
    return union();
  }

  private Exp union() {
    Exp l = plusPlus();
    if (peek().is(Kind.BAR)) {
      Token t = next();
      return new CatAst.Op2(Op2Kind.UNION, l, union(), pos(t));
    }
    return l;
  }

  private Exp plusPlus() {
    Exp l = seq();
    if (peek().is(Kind.PLUSPLUS)) {
      Token t = next();
      return new CatAst.Op2(Op2Kind.ADD, l, plusPlus(), pos(t));
    }
    return l;
  }

  private Exp seq() {
    Exp l = diff();
    if (peek().is(Kind.SEMI)) {
      Token t = next();
      return new CatAst.Op2(Op2Kind.SEQ, l, seq(), pos(t));
    }
    return l;
  }

  private Exp diff() {
    Exp l = inter();
    while (peek().is(Kind.BSLASH)) {
      Token t = next();
      l = new CatAst.Op2(Op2Kind.DIFF, l, inter(), pos(t));
    }
    return l;
  }

  private Exp inter() {
    Exp l = cart();
    if (peek().is(Kind.AMP)) {
      Token t = next();
      return new CatAst.Op2(Op2Kind.INTER, l, inter(), pos(t));
    }
    return l;
  }

  private Exp cart() {
    Exp l = unary();
    while (peek().is(Kind.STAR) && startsOperand(peek(1))) {
      Token t = next();
      l = new CatAst.Op2(Op2Kind.CART, l, unary(), pos(t));
    }
    return l;
  }

  private Exp unary() {
    if (peek().is(Kind.TILDE)) {
      Token t = next();
      return new CatAst.Op1(Op1Kind.COMP, unary(), pos(t));
    }
    Exp e = application();
    while (true) {
      Token t = peek();
      Op1Kind op;
      if (t.is(Kind.PLUS)) {
        op = Op1Kind.PLUS;
      } else if (t.is(Kind.STAR) && !startsOperand(peek(1))) {
        op = Op1Kind.STAR;
      } else if (t.is(Kind.OPT)) {
        op = Op1Kind.OPT;
      } else if (t.is(Kind.INV)) {
        op = Op1Kind.INV; // Dat3M writes r-1 too
      } else if (t.is(Kind.HAT)) {
        next();
        Token h = peek();
        op = h.is(Kind.INV) ? Op1Kind.INV : h.is(Kind.PLUS) ? Op1Kind.PLUS
            : h.is(Kind.STAR) ? Op1Kind.STAR : null;
        if (op == null) {
          throw error(h, "expected -1, + or * after '^', found " + describe(h));
        }
      } else {
        return e;
      }
      next();
      e = new CatAst.Op1(op, e, pos(t));
    }
  }

  private static boolean startsOperand(Token t) {
    return isIdent(t) || t.isName("begin") || t.is(Kind.LPAR) || t.is(Kind.LBRAC)
        || t.is(Kind.LACC) || t.is(Kind.TILDE) || t.is(Kind.UNDERSCORE) || t.is(Kind.ZERO)
        || t.is(Kind.TAG);
  }

  private static boolean startsArgument(Token t) {
    return isIdent(t) || t.isName("begin") || t.is(Kind.LPAR) || t.is(Kind.LBRAC)
        || t.is(Kind.LACC) || t.is(Kind.UNDERSCORE) || t.is(Kind.ZERO) || t.is(Kind.TAG);
  }

  /** {@code f a b}: a name applied to arguments, or a simple expression. */
  private Exp application() {
    if (!isIdent(peek())) {
      return simple();
    }
    Token t = next();
    Exp f = new CatAst.Var(t.text(), pos(t));
    while (startsArgument(peek())) {
      Token a = peek();
      Exp arg = isIdent(a) ? new CatAst.Var(next().text(), pos(a)) : simple();
      f = new CatAst.App(f, arg, pos(a));
    }
    return f;
  }

  private Exp simple() {
    Token t = next();
    Pos p = pos(t);
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
        List<Exp> items = new ArrayList<>();
        if (!peek().is(Kind.RACC)) {
          items.add(base());
          while (peek().is(Kind.COMMA)) {
            next();
            items.add(base());
          }
        }
        expect(Kind.RACC, "'}'");
        return items.isEmpty() ? new CatAst.Const(CatAst.Konst.EMPTY, p)
            : new CatAst.ExplicitSet(items, p);
      }
      case LPAR -> {
        if (peek().is(Kind.RPAR)) {
          next();
          return new CatAst.TupleExp(List.of(), p);
        }
        Exp e = exp();
        expect(Kind.RPAR, "')'");
        return e;
      }
      case LBRAC -> {
        Exp e = exp();
        expect(Kind.RBRAC, "']'");
        return new CatAst.Op1(Op1Kind.TOID, e, p);
      }
      case NAME -> {
        if (t.text().equals("begin")) {
          Exp e = exp();
          expectWord("end");
          return e;
        }
        if (!KEYWORDS.contains(t.text())) {
          return new CatAst.Var(t.text(), p);
        }
        throw error(t, "expected an expression, found keyword '" + t.text() + "'");
      }
      default -> throw error(t, "expected an expression, found " + describe(t));
    }
  }
}
