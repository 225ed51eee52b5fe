package io.github.ptxlitmus.cat;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits cat source into tokens. Names are Dat3M's ({@code [A-Za-z0-9_.-]+}, so {@code
 * strong-write} and {@code po-loc} are one name); {@code -1} after {@code ^} is the inverse;
 * comments are {@code (* *)}, {@code /* *}{@code /} (not nested) and {@code //} to the end of
 * the line.
 */
final class CatLexer {
  /** Token kinds. */
  enum Kind {
    NAME,
    STRING,
    LPAR,
    RPAR,
    LBRAC,
    RBRAC,
    BAR,
    AMP,
    BSLASH,
    SEMI,
    STAR,
    PLUS,
    OPT,
    INV,
    TILDE,
    EQ,
    COMMA,
    EOF
  }

  /** One token with its 1-based position. */
  record Token(Kind kind, String text, int line, int column) {
    boolean is(Kind k) {
      return kind == k;
    }

    boolean isName(String name) {
      return kind == Kind.NAME && text.equals(name);
    }
  }

  private final String file;
  private final String src;
  private int pos;
  private int line = 1;
  private int col = 1;

  private CatLexer(String file, String src) {
    this.file = file;
    this.src = src;
  }

  /**
   * The tokens of {@code src}, ending with {@link Kind#EOF}.
   *
   * @throws CatSyntaxException on a bad character or an unterminated comment or string
   */
  static List<Token> tokens(String file, String src) {
    return new CatLexer(file, src).run();
  }

  private List<Token> run() {
    List<Token> out = new ArrayList<>();
    while (true) {
      skipSpaceAndComments();
      if (pos >= src.length()) {
        out.add(new Token(Kind.EOF, "", line, col));
        return out;
      }
      int l = line;
      int c = col;
      char ch = src.charAt(pos);
      if (isNameChar(ch) && !(ch == '-' && peek(1) == '1' && !isNameChar(peek(2)))) {
        int start = pos;
        while (pos < src.length() && isNameChar(src.charAt(pos))) {
          advance();
        }
        out.add(new Token(Kind.NAME, src.substring(start, pos), l, c));
        continue;
      }
      if (ch == '"') {
        advance();
        int start = pos;
        while (pos < src.length() && src.charAt(pos) != '"' && src.charAt(pos) != '\n') {
          advance();
        }
        if (pos >= src.length() || src.charAt(pos) != '"') {
          throw new CatSyntaxException(file, l, c, "unterminated string");
        }
        out.add(new Token(Kind.STRING, src.substring(start, pos), l, c));
        advance();
        continue;
      }
      if (ch == '^' && peek(1) == '-' && peek(2) == '1') {
        advance();
        advance();
        advance();
        out.add(new Token(Kind.INV, "^-1", l, c));
        continue;
      }
      if (ch == '^' && (peek(1) == '+' || peek(1) == '*')) {
        advance(); // r^+ and r^* are r+ and r*
        continue;
      }
      if (ch == '-' && peek(1) == '1') {
        advance();
        advance();
        out.add(new Token(Kind.INV, "-1", l, c));
        continue;
      }
      Kind k =
          switch (ch) {
            case '(' -> Kind.LPAR;
            case ')' -> Kind.RPAR;
            case '[' -> Kind.LBRAC;
            case ']' -> Kind.RBRAC;
            case '|' -> Kind.BAR;
            case '&' -> Kind.AMP;
            case '\\' -> Kind.BSLASH;
            case ';' -> Kind.SEMI;
            case '*' -> Kind.STAR;
            case '+' -> Kind.PLUS;
            case '?' -> Kind.OPT;
            case '~' -> Kind.TILDE;
            case '=' -> Kind.EQ;
            case ',' -> Kind.COMMA;
            default -> throw new CatSyntaxException(file, l, c, "bad character '" + ch + "'");
          };
      advance();
      out.add(new Token(k, String.valueOf(ch), l, c));
    }
  }

  private static boolean isNameChar(char ch) {
    return (ch >= 'a' && ch <= 'z')
        || (ch >= 'A' && ch <= 'Z')
        || (ch >= '0' && ch <= '9')
        || ch == '_'
        || ch == '.'
        || ch == '-';
  }

  private char peek(int k) {
    return pos + k < src.length() ? src.charAt(pos + k) : '\0';
  }

  private void advance() {
    if (src.charAt(pos) == '\n') {
      line++;
      col = 1;
    } else {
      col++;
    }
    pos++;
  }

  private void skipSpaceAndComments() {
    while (pos < src.length()) {
      char ch = src.charAt(pos);
      if (Character.isWhitespace(ch)) {
        advance();
      } else if (ch == '/' && peek(1) == '/') {
        while (pos < src.length() && src.charAt(pos) != '\n') {
          advance();
        }
      } else if ((ch == '(' && peek(1) == '*') || (ch == '/' && peek(1) == '*')) {
        int l = line;
        int c = col;
        String close = ch == '(' ? "*)" : "*/";
        advance();
        advance();
        while (pos < src.length() && !src.startsWith(close, pos)) {
          advance();
        }
        if (pos >= src.length()) {
          throw new CatSyntaxException(file, l, c, "unterminated comment");
        }
        advance();
        advance();
      } else {
        return;
      }
    }
  }
}
