package io.github.ptxlitmus.cat;

import io.github.ptxlitmus.cat.CatAst.Pos;
import io.github.ptxlitmus.cat.CatLexer.Kind;
import io.github.ptxlitmus.cat.CatLexer.Token;
import io.github.ptxlitmus.litmus.Names;
import java.util.List;
import java.util.Optional;

/**
 * The parser's position in one cat file's tokens: looking ahead, consuming, expecting, and the
 * messages of a token that does not fit ({@code file:line:col: reason}); and the spelling
 * suggestions for a mistyped statement keyword. Mutable, one per parse.
 */
final class CatCursor {
  private final String file;
  private final List<Token> tokens;
  private int i;

  CatCursor(String file, List<Token> tokens) {
    this.file = file;
    this.tokens = tokens;
  }

  Token peek() {
    return tokens.get(i);
  }

  Token peek(int k) {
    return tokens.get(Math.min(i + k, tokens.size() - 1));
  }

  /** {@return the token consumed last} */
  Token previous() {
    return tokens.get(i - 1);
  }

  Token next() {
    return tokens.get(i++);
  }

  Pos pos(Token t) {
    return new Pos(file, t.line(), t.column());
  }

  CatSyntaxException error(Token t, String reason) {
    return new CatSyntaxException(file, t.line(), t.column(), reason);
  }

  Token expect(Kind k, String what) {
    Token t = next();
    if (!t.is(k)) {
      throw error(t, "expected " + what + ", found " + describe(t));
    }
    return t;
  }

  void expectWord(String word) {
    Token t = next();
    if (!t.isName(word)) {
      throw error(t, "expected '" + word + "', found " + describe(t));
    }
  }

  static String describe(Token t) {
    return t.is(Kind.EOF) ? "end of file" : t.is(Kind.STRING) ? "\"" + t.text() + "\""
        : "'" + t.text() + "'";
  }

  boolean at(String word) {
    return peek().isName(word);
  }

  static boolean isIdent(Token t) {
    return t.is(Kind.NAME) && !CatParser.KEYWORDS.contains(t.text());
  }

  String ident(String what) {
    Token t = next();
    if (!isIdent(t)) {
      throw error(t, "expected " + what + ", found " + (CatParser.KEYWORDS.contains(t.text())
          ? "keyword '" + t.text() + "'" : describe(t)));
    }
    return t.text();
  }

  /** A statement keyword {@code word} is a likely misspelling of. */
  static Optional<String> suggestion(String word) {
    if (word.length() < 4) {
      return Optional.empty();
    }
    for (String k : List.of("acyclic", "irreflexive", "empty", "include", "procedure",
        "forall", "undefined_unless", "flag")) {
      if (!k.equals(word) && Names.editDistance(word.toLowerCase(java.util.Locale.ROOT), k, 3) <= 2) {
        return Optional.of(k);
      }
    }
    return Optional.empty();
  }
}
