package io.github.ptxlitmus.litmus;

import java.util.ArrayList;
import java.util.List;

/**
 * An instruction name split at its dots: {@code ld.global.relaxed.sys.u32} is base {@code ld}
 * with qualifiers {@code global, relaxed, sys, u32}. A qualifier may contain {@code ::}
 * ({@code shared::cta}). Offsets point at each piece for error positions.
 */
record Mnemonic(String base, int offset, List<Piece> qualifiers) {
  /** One qualifier without its dot, and the offset of the dot. */
  record Piece(String text, int offset) {}

  Mnemonic {
    qualifiers = List.copyOf(qualifiers);
  }

  /** The mnemonic as written, e.g. {@code "ld.global.u32"}. */
  String full() {
    StringBuilder b = new StringBuilder(base);
    qualifiers.forEach(q -> b.append('.').append(q.text()));
    return b.toString();
  }

  boolean has(String qualifier) {
    return qualifiers.stream().anyMatch(q -> q.text().equals(qualifier));
  }

  /** Reads a mnemonic at the cursor (after trivia). */
  static Mnemonic read(Cursor c) {
    c.skipTrivia();
    int start = c.pos();
    String base = c.identifier("an instruction");
    List<Piece> pieces = new ArrayList<>();
    while (c.peek() == '.') {
      pieces.add(piece(c));
    }
    return new Mnemonic(base, start, pieces);
  }

  /** Reads one {@code .word} (or {@code .word::word...}) piece, the cursor at its dot. */
  private static Piece piece(Cursor c) {
    int dot = c.pos();
    c.next();
    String piece = qualifierWord(c, dot);
    while (c.peek() == ':' && c.peek(1) == ':') {
      c.next();
      c.next();
      piece = piece + "::" + qualifierWord(c, dot);
    }
    return new Piece(piece, dot);
  }

  /** Reads a declaration-style qualifier list {@code .global .u32} (pieces may be spaced). */
  static List<Piece> readSpaced(Cursor c) {
    List<Piece> pieces = new ArrayList<>();
    while (c.lookingAt(".")) {
      pieces.add(piece(c));
    }
    return pieces;
  }

  private static String qualifierWord(Cursor c, int dot) {
    int start = c.pos();
    while (!c.atEnd() && Cursor.isIdentPart(c.peek())) {
      c.next();
      if (c.pos() - start > 256) {
        throw c.errorAt(dot, "qualifier too long");
      }
    }
    if (c.pos() == start) {
      throw c.errorAt(dot, "expected a qualifier after '.'");
    }
    return c.source().text().substring(start, c.pos());
  }
}
