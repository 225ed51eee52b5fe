package io.github.ptxlitmus.cat;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits cat source into tokens, with herd's spellings: names are {@code _? letter (letter |
 * digit | _ | . | -)* '?} (so {@code po-loc} and {@code DMB.ISH} are one name), {@code 'x} is a
 * tag, {@code 0} the empty relation, {@code _} the universe; {@code ^} is followed by {@code -1}
 * (spaces allowed between), {@code +} or {@code *}; operators {@code | || & && ; \ * + ++ ? ~ =
 * , -> ^}; brackets {@code ( ) [ ] { }}. Comments: {@code (* *)} (nested, as herd's), {@code //}
 * and {@code #} to the end of the line, and Dat3M's {@code /* *}{@code /}. Columns count
 * characters (code points), from 1.
 */
final class CatLexer {
  /** Token kinds. */
  enum Kind {
    NAME,
    TAG,
    STRING,
    ZERO,
    UNDERSCORE,
    LPAR,
    RPAR,
    LBRAC,
    RBRAC,
    LACC,
    RACC,
    BAR,
    ALT,
    AMP,
    LAND,
    BSLASH,
    SEMI,
    STAR,
    PLUS,
    PLUSPLUS,
    OPT,
    HAT,
    INV,
    TILDE,
    EQ,
    COMMA,
    ARROW,
    EOF
  }

  /**
   * One token with its 1-based position and character offsets in the source.
   *
   * @param start offset of the first character
   * @param end offset after the last character
   * @param lineStart whether the token is the first on its line
   */
  record Token(Kind kind, String text, int line, int column, int start, int end,
      boolean lineStart) {
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
  private int lastLine;

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
      int l = line;
      int c = col;
      int start = pos;
      boolean first = l != lastLine;
      lastLine = l;
      if (pos >= src.length()) {
        out.add(new Token(Kind.EOF, "", l, c, start, start, first));
        return out;
      }
      char ch = src.charAt(pos);
      Kind k;
      if (isLetter(ch) || (ch == '_' && isLetter(peek(1)))) {
        advance();
        while (pos < src.length() && isNameChar(src.charAt(pos))) {
          advance();
        }
        if (peek(0) == '\'') {
          advance();
        }
        k = Kind.NAME;
      } else if (ch == '\'' && isLetter(peek(1)) || ch == '\'' && peek(1) == '_') {
        advance();
        int from = pos;
        while (pos < src.length() && isNameChar(src.charAt(pos))) {
          advance();
        }
        out.add(new Token(Kind.TAG, src.substring(from, pos), l, c, start, pos, first));
        continue;
      } else if (ch == '"') {
        advance();
        int from = pos;
        while (pos < src.length() && src.charAt(pos) != '"') {
          advance();
        }
        if (pos >= src.length()) {
          throw new CatSyntaxException(file, l, c, "unterminated string");
        }
        String text = src.substring(from, pos);
        advance();
        out.add(new Token(Kind.STRING, text, l, c, start, pos, first));
        continue;
      } else {
        k = symbol(ch, l, c);
      }
      out.add(new Token(k, src.substring(start, pos), l, c, start, pos, first));
    }
  }

  /** Reads an operator or bracket starting with {@code ch}. */
  private Kind symbol(char ch, int l, int c) {
    char n = peek(1);
    int width = 1;
    Kind k;
    switch (ch) {
      case '(' -> k = Kind.LPAR;
      case ')' -> k = Kind.RPAR;
      case '[' -> k = Kind.LBRAC;
      case ']' -> k = Kind.RBRAC;
      case '{' -> k = Kind.LACC;
      case '}' -> k = Kind.RACC;
      case '|' -> {
        k = n == '|' ? Kind.ALT : Kind.BAR;
        width = n == '|' ? 2 : 1;
      }
      case '&' -> {
        k = n == '&' ? Kind.LAND : Kind.AMP;
        width = n == '&' ? 2 : 1;
      }
      case '+' -> {
        k = n == '+' ? Kind.PLUSPLUS : Kind.PLUS;
        width = n == '+' ? 2 : 1;
      }
      case '-' -> {
        if (n == '1') {
          k = Kind.INV;
          width = 2;
        } else if (n == '>') {
          k = Kind.ARROW;
          width = 2;
        } else {
          throw new CatSyntaxException(file, l, c, "bad character '-' (names start with a"
              + " letter; the inverse is ^-1)");
        }
      }
      case '\\' -> k = Kind.BSLASH;
      case ';' -> k = Kind.SEMI;
      case '*' -> k = Kind.STAR;
      case '?' -> k = Kind.OPT;
      case '^' -> k = Kind.HAT;
      case '~' -> k = Kind.TILDE;
      case '=' -> k = Kind.EQ;
      case ',' -> k = Kind.COMMA;
      case '_' -> k = Kind.UNDERSCORE;
      case '0' -> {
        if (Character.isDigit(n) || isLetter(n)) {
          throw new CatSyntaxException(file, l, c, "bad number '" + number() + "' (the only"
              + " number in cat is 0, the empty relation)");
        }
        k = Kind.ZERO;
      }
      default -> {
        if (Character.isDigit(ch)) {
          throw new CatSyntaxException(file, l, c, "bad number '" + number() + "' (the only"
              + " number in cat is 0, the empty relation)");
        }
        int cp = src.codePointAt(pos);
        throw new CatSyntaxException(file, l, c, "bad character '" + Character.toString(cp)
            + "'" + (cp > 127 ? String.format(" (U+%04X)", cp) : ""));
      }
    }
    for (int i = 0; i < width; i++) {
      advance();
    }
    return k;
  }

  private String number() {
    int end = pos;
    while (end < src.length() && Character.isLetterOrDigit(src.charAt(end))) {
      end++;
    }
    return src.substring(pos, end);
  }

  private static boolean isLetter(char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
  }

  private static boolean isNameChar(char ch) {
    return isLetter(ch) || (ch >= '0' && ch <= '9') || ch == '_' || ch == '.' || ch == '-';
  }

  private char peek(int k) {
    return pos + k < src.length() ? src.charAt(pos + k) : '\0';
  }

  private void advance() {
    char ch = src.charAt(pos);
    if (ch == '\n' || (ch == '\r' && peek(1) != '\n')) {
      line++;
      col = 1;
    } else if (!Character.isLowSurrogate(ch)) {
      col++;
    }
    pos++;
  }

  private void skipSpaceAndComments() {
    while (pos < src.length()) {
      char ch = src.charAt(pos);
      if (Character.isWhitespace(ch) || ch == '\uFEFF') {
        advance();
      } else if ((ch == '/' && peek(1) == '/') || ch == '#') {
        while (pos < src.length() && src.charAt(pos) != '\n' && src.charAt(pos) != '\r') {
          advance();
        }
      } else if (ch == '(' && peek(1) == '*') {
        skipNestedComment();
      } else if (ch == '/' && peek(1) == '*') {
        int l = line;
        int c = col;
        advance();
        advance();
        while (pos < src.length() && !src.startsWith("*/", pos)) {
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

  /**
   * herd's {@code (* *)} comments nest. When the nesting never closes (Dat3M's comments do not
   * nest, and some hold a stray {@code (*}), the comment ends at its first {@code *)}.
   */
  private void skipNestedComment() {
    int startPos = pos;
    int startLine = line;
    int startCol = col;
    try {
      skipNested();
    } catch (CatSyntaxException unterminated) {
      int close = src.indexOf("*)", startPos + 2);
      if (close < 0) {
        throw unterminated;
      }
      pos = startPos;
      line = startLine;
      col = startCol;
      while (pos < close + 2) {
        advance();
      }
    }
  }

  private void skipNested() {
    List<int[]> open = new ArrayList<>();
    while (true) {
      if (src.startsWith("(*", pos)) {
        open.add(new int[] {line, col});
        advance();
        advance();
      } else if (src.startsWith("*)", pos)) {
        advance();
        advance();
        open.remove(open.size() - 1);
        if (open.isEmpty()) {
          return;
        }
      } else if (pos >= src.length()) {
        int[] at = open.get(0);
        throw new CatSyntaxException(file, at[0], at[1], "unterminated comment");
      } else {
        advance();
      }
    }
  }
}
