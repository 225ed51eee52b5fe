package io.github.ptxlitmus.litmus;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The init block {@code { ... }}: location initialisations ({@code x=0}, PTX-style
 * {@code .global .u32 x = 0}, {@code x: .u64 = 0}), aliases ({@code y @ texture aliases x})
 * and register initialisations ({@code P0:r1=0}, {@code P0:r1=&x}, {@code 0:r1=x}). Entries are
 * separated by {@code ;}; the last {@code ;} before {@code }} is optional.
 */
final class InitParser {
  private static final Map<String, Proxy> ALIAS_PROXIES =
      Map.of(
          "generic", Proxy.GENERIC,
          "surface", Proxy.SURFACE,
          "texture", Proxy.TEXTURE,
          "constant", Proxy.CONSTANT);

  /** Largest array declaration, in bytes. */
  static final int MAX_ARRAY_BYTES = DataType.MAX_BITS / 8;

  private final Cursor c;
  private final ParseState state;
  /** Aliases are resolved after the block so that their target may be declared later. */
  private final List<PendingAlias> aliases = new ArrayList<>();

  /** Locations named by {@code P0:r1=&x}; declared (if new) after the block. */
  private final List<Map.Entry<String, Integer>> addressUses = new ArrayList<>();

  private record PendingAlias(String name, String target, Proxy proxy, int offset, int targetAt) {}

  InitParser(Cursor c, ParseState state) {
    this.c = c;
    this.state = state;
  }

  /** Parses from {@code {} to {@code }} inclusive. */
  void parse() {
    c.skipTrivia();
    if (!c.tryConsume("{")) {
      throw c.error("expected '{' to open the init block but found " + c.describeNext());
    }
    while (true) {
      if (c.tryConsume("}")) {
        break;
      }
      if (c.tryConsume(";")) {
        continue;
      }
      if (c.atEnd()) {
        throw c.error("init block is not closed by '}'");
      }
      entry();
      if (!c.lookingAt("}") && !c.tryConsume(";")) {
        throw c.error("expected ';' or '}' in the init block but found " + c.describeNext());
      }
    }
    resolveAliases();
  }

  private void entry() {
    c.skipTrivia();
    int start = c.pos();
    if (c.peek() == '.') {
      ptxDeclaration(start);
      return;
    }
    if (Cursor.isAsciiDigit(c.peek())) {
      int thread = threadIndex(c.number(), start);
      registerInit(thread, start);
      return;
    }
    String name = c.identifier("a location or register initialisation");
    if (c.lookingAt(":") && !c.lookingAt("::") && name.matches("P[0-9]+")) {
      registerInit(threadIndex(Long.parseLong(name.substring(1)), start), start);
    } else if (c.tryConsume("@")) {
      String proxyWord = c.identifier("a proxy (generic, surface, texture, constant)");
      Proxy proxy = ALIAS_PROXIES.get(proxyWord.toLowerCase(Locale.ROOT));
      if (proxy == null) {
        throw c.error("unknown proxy '" + proxyWord + "'");
      }
      String keyword = c.identifier("'aliases'");
      if (!keyword.equals("aliases")) {
        throw c.error("expected 'aliases' but found '" + keyword + "'");
      }
      c.skipTrivia();
      int targetAt = c.pos();
      String target = c.identifier("an alias target location");
      declare(name, start);
      aliases.add(new PendingAlias(name, target, proxy, start, targetAt));
      // A placeholder keeps the declaration order; resolveAliases replaces it.
      state.putLocation(
          new LocationDecl(
              name, 0, DataType.UNTYPED, StateSpace.GENERIC,
              Optional.of(new LocationDecl.Alias(target, proxy)), state.source.position(start)));
    } else if (c.tryConsume(":")) {
      typedLocation(qualifiers(Mnemonic.readSpaced(c)), name, start, start);
    } else {
      c.expect("=");
      declare(name, start);
      // Dat3M: p = &x (or p = x) makes p a pointer holding x's address.
      Optional<String> pointee = addressInitialiser();
      long value = pointee.isPresent() ? 0 : value();
      state.putLocation(
          new LocationDecl(name, value, DataType.UNTYPED, StateSpace.GENERIC, Optional.empty(),
              state.source.position(start), pointee));
    }
  }

  /**
   * The message for an initial value that does not fit its type: the value as written and the
   * range a {@code type} location holds (its signed and unsigned readings together).
   */
  static String outOfRange(String written, DataType type, long min, long max) {
    return "constant " + written + " out of range for " + type.ptxName() + " (" + min + " to "
        + max + ")";
  }

  /** A constant that must fit {@code type} (signed or unsigned reading, as for arrays). */
  private long value(DataType type) {
    c.skipTrivia();
    int at = c.pos();
    long v = value();
    int bits = type.bits();
    if (!type.isUntyped() && bits < 64) {
      long min = -(1L << (bits - 1));
      long max = (1L << bits) - 1;
      if (v < min || v > max) {
        throw c.errorAt(at, outOfRange(c.written(at), type, min, max));
      }
    }
    return v;
  }

  private long value() {
    if (c.atNumber()) {
      return c.number();
    }
    throw c.error("expected a constant but found " + c.describeNext());
  }

  /**
   * {@code .global .u32 x = 0}: qualifiers, name, optional value; or an array {@code .global
   * .u32 d[4]}, {@code .global .u32 d[4] = 0}, {@code .global .b8 buf[8] = {1, 2, 3}}.
   */
  private void ptxDeclaration(int start) {
    Declared d = qualifiers(Mnemonic.readSpaced(c));
    c.skipTrivia();
    int nameAt = c.pos();
    String name = c.identifier("a location name");
    if (c.lookingAt("[")) {
      array(d, name, nameAt, start);
      return;
    }
    typedLocation(d, name, nameAt, start);
  }

  /**
   * After a typed location's name: an optional {@code = value} (in range for the type) or
   * {@code = &x} / {@code = x} (x's address), then the declaration.
   *
   * @param nameAt where the name is (for a second declaration)
   * @param start where the declaration starts (its position)
   */
  private void typedLocation(Declared d, String name, int nameAt, int start) {
    boolean init = c.tryConsume("=");
    Optional<String> pointee = init ? addressInitialiser() : Optional.empty();
    long value = init && pointee.isEmpty() ? value(d.type) : 0;
    declare(name, nameAt);
    state.putLocation(
        new LocationDecl(name, value, d.type, d.space, Optional.empty(),
            state.source.position(start), pointee));
  }

  /**
   * After {@code =}: {@code &x} or {@code x} (a location's address, as Dat3M's {@code p = &x}
   * and PTX's {@code .global .u64 p = x}) gives x; a constant gives empty (nothing consumed).
   */
  private Optional<String> addressInitialiser() {
    c.skipTrivia();
    if (c.peek() != '&' && (c.atNumber() || !c.atIdentifier())) {
      return Optional.empty();
    }
    c.tryConsume("&");
    c.skipTrivia();
    int at = c.pos();
    String target = c.identifier("a location");
    addressUses.add(Map.entry(target, at));
    return Optional.of(target);
  }

  /**
   * After the name of a PTX declaration, at {@code [}: {@code [count]} and an optional
   * initialiser {@code = 0} or {@code = {e0, e1, ...}} (elements in order, little-endian; missing
   * elements are 0). The array is one location of {@code count * size(element)} bytes, recorded
   * with type {@code .b<8*bytes>}: accesses of any size may use any part of it. Its initial
   * value is one 64-bit value covering bytes 0..7 (the rest start at 0), so non-zero elements
   * beyond byte 7 are rejected.
   */
  private void array(Declared d, String name, int nameAt, int start) {
    c.skipTrivia();
    int bracketAt = c.pos();
    c.expect("[");
    if (d.type.isUntyped()) {
      throw c.errorAt(bracketAt, "array '" + name + "' needs an element type (e.g. .u32)");
    }
    c.skipTrivia();
    int sizeAt = c.pos();
    if (!c.atNumber()) {
      throw c.error("expected an array size but found " + c.describeNext());
    }
    long count = c.number();
    int elementBytes = d.type.bytes();
    if (count < 1) {
      throw c.errorAt(sizeAt, "array size must be at least 1");
    }
    if (count > MAX_ARRAY_BYTES / elementBytes) {
      throw c.errorAt(sizeAt, "array '" + name + "' is larger than " + MAX_ARRAY_BYTES
          + " bytes");
    }
    c.expect("]");
    int bytes = (int) count * elementBytes;
    long value = 0;
    if (c.tryConsume("=")) {
      c.skipTrivia();
      int valueAt = c.pos();
      if (c.tryConsume("{")) {
        value = arrayElements(d.type, (int) count, name);
      } else if (value() != 0) {
        throw c.errorAt(valueAt, "an array is initialised with 0 or a list {...}");
      }
    }
    declare(name, nameAt);
    state.putLocation(
        new LocationDecl(name, value, DataType.of(DataType.Kind.B, 8 * bytes), d.space,
            Optional.empty(), state.source.position(start)));
  }

  /** After {@code {}: the elements and {@code }}; returns bytes 0..7 as one value. */
  private long arrayElements(DataType element, int count, String name) {
    int bits = element.bits();
    long value = 0;
    int index = 0;
    if (c.tryConsume("}")) {
      return 0;
    }
    while (true) {
      c.skipTrivia();
      int at = c.pos();
      if (index == count) {
        throw c.errorAt(at, "array '" + name + "' has only " + count + " elements");
      }
      long e = value();
      if (bits < 64) {
        long min = -(1L << (bits - 1));
        long max = (1L << bits) - 1;
        if (e < min || e > max) {
          throw c.errorAt(at, outOfRange(c.written(at), element, min, max));
        }
        e &= max;
      }
      long offset = (long) index * element.bytes();
      if (offset < 8) {
        // Elements are aligned to their size, so one starting below byte 8 ends by byte 8
        // (a .b128 element's constant is its low 64 bits).
        value |= e << (8 * offset);
      } else if (e != 0) {
        throw c.errorAt(at, "unsupported: non-zero initial value beyond the first 8 bytes"
            + " of an array");
      }
      index++;
      if (c.tryConsume("}")) {
        return value;
      }
      if (!c.tryConsume(",")) {
        throw c.error("expected ',' or '}' in the array initialiser but found "
            + c.describeNext());
      }
    }
  }

  private record Declared(DataType type, StateSpace space) {}

  private Declared qualifiers(List<Mnemonic.Piece> pieces) {
    DataType type = null;
    StateSpace space = null;
    for (Mnemonic.Piece p : pieces) {
      if (Qualifiers.TYPES.containsKey(p.text()) && type == null) {
        type = Qualifiers.TYPES.get(p.text());
      } else if (Qualifiers.SPACES.containsKey(p.text()) && space == null) {
        space = Qualifiers.SPACES.get(p.text());
      } else if (Qualifiers.TYPES.containsKey(p.text()) || Qualifiers.SPACES.containsKey(p.text())) {
        throw c.errorAt(p.offset(), "more than one " + (Qualifiers.TYPES.containsKey(p.text())
            ? "type" : "state space") + " in declaration");
      } else {
        throw c.errorAt(p.offset(), "unknown qualifier '." + p.text() + "' in declaration");
      }
    }
    return new Declared(
        type == null ? DataType.UNTYPED : type, space == null ? StateSpace.GENERIC : space);
  }

  private void declare(String name, int offset) {
    if (state.isLocation(name)) {
      throw c.errorAt(offset, "location '" + name + "' is declared twice");
    }
  }

  private int threadIndex(long value, int offset) {
    if (value < 0 || value > 100_000) {
      throw c.errorAt(offset, "thread index out of range");
    }
    c.expect(":");
    return (int) value;
  }

  /** After {@code P0:}: {@code r1=5}, {@code r1=&x} or {@code r1=x}. */
  private void registerInit(int thread, int start) {
    String register = c.register("a register");
    if (state.hasRegisterInit(thread, register)) {
      throw c.errorAt(start, "register P" + thread + ":" + register + " is initialised twice");
    }
    c.expect("=");
    SourcePosition pos = state.source.position(start);
    if (c.atNumber()) {
      state.addRegisterInit(RegisterInit.value(thread, register, c.number(), pos));
      return;
    }
    c.tryConsume("&");
    c.skipTrivia();
    int at = c.pos();
    String location = c.identifier("a constant or a location");
    addressUses.add(Map.entry(location, at));
    state.addRegisterInit(RegisterInit.address(thread, register, location, pos));
  }

  /** The non-alias location at the end of an alias chain; a cycle is an error. */
  private LocationDecl root(LocationDecl start, PendingAlias a) {
    LocationDecl d = start;
    java.util.Set<String> seen = new java.util.HashSet<>();
    seen.add(a.name);
    while (d.isAlias()) {
      if (!seen.add(d.name())) {
        throw c.errorAt(a.targetAt, "aliases form a cycle through '" + d.name() + "'");
      }
      String next = d.alias().orElseThrow().target();
      d = state.location(next).orElseThrow(
          () -> c.errorAt(a.targetAt, "alias target '" + next + "' is not declared"));
    }
    if (seen.contains(d.name())) {
      throw c.errorAt(a.targetAt, "aliases form a cycle through '" + d.name() + "'");
    }
    return d;
  }

  private void resolveAliases() {
    addressUses.forEach(u -> state.useLocation(u.getKey(), u.getValue()));
    for (PendingAlias a : aliases) {
      Optional<LocationDecl> target = state.location(a.target);
      if (target.isEmpty() || target.get().name().equals(a.name)) {
        throw c.errorAt(a.targetAt, "alias target '" + a.target + "' is not declared");
      }
      // An alias may alias an alias (Dat3M): its memory is the physical root's.
      LocationDecl t = root(target.get(), a);
      state.putLocation(
          new LocationDecl(a.name, t.initialValue(), t.type(), t.space(),
              Optional.of(new LocationDecl.Alias(a.target, a.proxy)),
              state.source.position(a.offset), t.initialAddressOf()));
    }
  }
}
