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
    if (Character.isDigit(c.peek())) {
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
      Declared d = qualifiers(Mnemonic.readSpaced(c));
      long value = c.tryConsume("=") ? value() : 0;
      declare(name, start);
      state.putLocation(
          new LocationDecl(name, value, d.type, d.space, Optional.empty(),
              state.source.position(start)));
    } else {
      c.expect("=");
      long value = value();
      declare(name, start);
      state.putLocation(
          new LocationDecl(name, value, DataType.UNTYPED, StateSpace.GENERIC, Optional.empty(),
              state.source.position(start)));
    }
  }

  private long value() {
    if (c.atNumber()) {
      return c.number();
    }
    throw c.error("expected a constant but found " + c.describeNext()
        + " (a location cannot hold an address)");
  }

  /** {@code .global .u32 x = 0}: qualifiers, name, optional value. */
  private void ptxDeclaration(int start) {
    Declared d = qualifiers(Mnemonic.readSpaced(c));
    c.skipTrivia();
    int nameAt = c.pos();
    String name = c.identifier("a location name");
    long value = c.tryConsume("=") ? value() : 0;
    declare(name, nameAt);
    state.putLocation(
        new LocationDecl(name, value, d.type, d.space, Optional.empty(),
            state.source.position(start)));
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

  private void resolveAliases() {
    addressUses.forEach(u -> state.useLocation(u.getKey(), u.getValue()));
    for (PendingAlias a : aliases) {
      Optional<LocationDecl> target = state.location(a.target);
      if (target.isEmpty() || target.get().name().equals(a.name)) {
        throw c.errorAt(a.targetAt, "alias target '" + a.target + "' is not declared");
      }
      if (target.get().isAlias()) {
        throw c.errorAt(a.targetAt, "alias target '" + a.target + "' is itself an alias");
      }
      LocationDecl t = target.get();
      state.putLocation(
          new LocationDecl(a.name, t.initialValue(), t.type(), t.space(),
              Optional.of(new LocationDecl.Alias(a.target, a.proxy)),
              state.source.position(a.offset)));
    }
  }
}
