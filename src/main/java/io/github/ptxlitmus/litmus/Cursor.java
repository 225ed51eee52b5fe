package io.github.ptxlitmus.litmus;

/**
 * A scanning position over a range {@code [pos, end)} of a {@link SourceText}. The parsers are
 * written directly against characters because the litmus format is context-sensitive (a test
 * name may contain {@code +} and {@code -}, a mnemonic contains dots, {@code ;} ends a row), so
 * a single context-free token stream would not fit. Every method either advances or throws a
 * {@link LitmusSyntaxException}; none can loop without consuming input.
 */
final class Cursor {
  /** Maximum length of an identifier; longer words are certainly garbage. */
  private static final int MAX_WORD = 4096;

  private final SourceText source;
  private final int end;
  private int pos;

  Cursor(SourceText source, int start, int end) {
    this.source = source;
    this.pos = start;
    this.end = end;
  }

  SourceText source() {
    return source;
  }

  int pos() {
    return pos;
  }

  int end() {
    return end;
  }

  void seek(int offset) {
    pos = offset;
  }

  boolean atEnd() {
    return pos >= end;
  }

  /** The character at {@code pos + ahead}, or {@code '\0'} past the end of the range. */
  char peek(int ahead) {
    int at = pos + ahead;
    return at < end ? source.charAt(at) : '\0';
  }

  char peek() {
    return peek(0);
  }

  char next() {
    return source.charAt(pos++);
  }

  SourcePosition position() {
    return source.position(pos);
  }

  LitmusSyntaxException error(String reason) {
    return source.error(pos, reason);
  }

  LitmusSyntaxException errorAt(int offset, String reason) {
    return source.error(offset, reason);
  }

  /** Skips white space and {@code (* comments *)}, which may nest. */
  void skipTrivia() {
    while (pos < end) {
      char c = source.charAt(pos);
      if (Character.isWhitespace(c) || c == '\u00a0' || c == '\ufeff') {
        pos++;
      } else if (c == '(' && peek(1) == '*') {
        skipComment();
      } else if (c == '<' && peek(1) == '<') {
        skipExecConfig();
      } else {
        return;
      }
    }
  }

  private void skipComment() {
    int start = pos;
    int depth = 0;
    while (pos < end) {
      char c = source.charAt(pos);
      if (c == '(' && peek(1) == '*') {
        depth++;
        pos += 2;
      } else if (c == '*' && peek(1) == ')') {
        depth--;
        pos += 2;
        if (depth == 0) {
          return;
        }
      } else {
        pos++;
      }
    }
    throw source.error(start, "unterminated comment");
  }

  /** Dat3M's {@code << ... >>} execution configuration, skipped like a comment. */
  private void skipExecConfig() {
    int start = pos;
    pos += 2;
    while (pos + 1 < end && !(source.charAt(pos) == '>' && source.charAt(pos + 1) == '>')) {
      pos++;
    }
    if (pos + 1 >= end) {
      throw source.error(start, "unterminated '<<' (Dat3M execution configuration)");
    }
    pos += 2;
  }

  /** After trivia: consumes {@code s} if it comes next. */
  boolean tryConsume(String s) {
    skipTrivia();
    if (source.text().startsWith(s, pos) && pos + s.length() <= end) {
      pos += s.length();
      return true;
    }
    return false;
  }

  /** After trivia: true if {@code s} comes next (nothing consumed). */
  boolean lookingAt(String s) {
    skipTrivia();
    return source.text().startsWith(s, pos) && pos + s.length() <= end;
  }

  void expect(String s) {
    if (!tryConsume(s)) {
      throw error("expected '" + s + "' but found " + describeNext());
    }
  }

  /** A short description of what comes next, for error messages. */
  String describeNext() {
    skipTrivia();
    if (atEnd()) {
      return "end of input";
    }
    int stop = pos;
    while (stop < end && stop - pos < 20 && !Character.isWhitespace(source.charAt(stop))) {
      stop++;
    }
    if (stop == pos) {
      stop = pos + 1;
    }
    return "'" + printable(source.text().substring(pos, stop)) + "'";
  }

  /** Replaces control characters so that an error message stays on one line. */
  static String printable(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) || c == '\ufffd') {
        b.append(String.format("\\x%02x", (int) c & 0xff));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  static boolean isIdentStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
  }

  static boolean isIdentPart(char c) {
    return isIdentStart(c) || (c >= '0' && c <= '9');
  }

  /** After trivia: true if an identifier starts next. */
  boolean atIdentifier() {
    skipTrivia();
    return isIdentStart(peek());
  }

  /** After trivia: an identifier {@code [A-Za-z_$][A-Za-z0-9_$]*}. */
  String identifier(String what) {
    skipTrivia();
    if (!isIdentStart(peek())) {
      throw error("expected " + what + " but found " + describeNext());
    }
    int start = pos;
    while (pos < end && isIdentPart(source.charAt(pos))) {
      pos++;
      if (pos - start > MAX_WORD) {
        throw errorAt(start, "identifier too long");
      }
    }
    return source.text().substring(start, pos);
  }

  /** After trivia: a register {@code %name} or {@code name}; the {@code %} is dropped. */
  String register(String what) {
    skipTrivia();
    if (peek() == '%') {
      pos++;
      if (!isIdentStart(peek())) {
        throw error("expected a register name after '%'");
      }
    }
    return identifier(what);
  }

  /** After trivia: true if a number (optionally negative) starts next. */
  boolean atNumber() {
    skipTrivia();
    char c = peek();
    return isAsciiDigit(c) || ((c == '-' || c == '+') && isAsciiDigit(peek(1)));
  }

  /**
   * After trivia: a decimal or {@code 0x} hexadecimal constant, optionally negative, that fits
   * in 64 bits (0..2^64-1 as an unsigned bit pattern, or down to -2^63).
   */
  long number() {
    skipTrivia();
    int start = pos;
    boolean negative = false;
    if (peek() == '-' || peek() == '+') {
      negative = next() == '-';
    }
    if (!isAsciiDigit(peek())) {
      throw error("expected a number but found " + describeNext());
    }
    int radix = 10;
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
      radix = 16;
      pos += 2;
    }
    int digitsStart = pos;
    while (pos < end && asciiDigit(source.charAt(pos), radix) >= 0) {
      pos++;
    }
    if (pos < end && isIdentPart(source.charAt(pos))) {
      throw errorAt(start, "malformed number");
    }
    if (pos == digitsStart) {
      throw errorAt(start, "malformed number");
    }
    return Numbers.parse(source.text().substring(digitsStart, pos), radix, negative)
        .orElseThrow(() -> errorAt(start, "constant " + abbreviated(start, pos)
            + " out of range (64-bit values: -9223372036854775808 to 18446744073709551615)"));
  }

  /** The text in {@code [from, to)}, its middle elided (with its length) beyond 40 characters. */
  private String abbreviated(int from, int to) {
    String t = source.text().substring(from, to);
    return t.length() <= 40 ? t
        : t.substring(0, 16) + "..." + t.substring(t.length() - 16) + " (" + t.length()
            + " characters)";
  }

  /**
   * {@return the text of the token written at {@code from}} (up to the next space, comma,
   * semicolon, bracket or brace), to quote a value as written
   */
  String written(int from) {
    int to = from;
    while (to < end && " \t\r\n,;]}".indexOf(source.charAt(to)) < 0) {
      to++;
    }
    return source.text().substring(from, to);
  }

  /** {@code 0}–{@code 9} only: other scripts' digits (fullwidth, Arabic-Indic) are no numbers. */
  static boolean isAsciiDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** The value of an ASCII digit of {@code radix} (10 or 16), or -1. */
  private static int asciiDigit(char c, int radix) {
    return c < 128 ? Character.digit(c, radix) : -1;
  }
}
