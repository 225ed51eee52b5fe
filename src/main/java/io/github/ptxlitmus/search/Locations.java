package io.github.ptxlitmus.search;

import io.github.ptxlitmus.litmus.Address;
import io.github.ptxlitmus.litmus.DataType;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.LocationDecl;
import io.github.ptxlitmus.litmus.LocationWidths;
import io.github.ptxlitmus.litmus.Operand;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.RegisterInit;
import io.github.ptxlitmus.litmus.SourcePosition;
import io.github.ptxlitmus.litmus.StateSpace;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The memory of a test: each virtual location, the physical location it names (aliases map
 * several virtual names to one, 8.2.2), its width and a synthetic address value so that
 * address registers ({@code P0:r1=&x}) can be resolved.
 */
final class Locations {
  /**
   * One declared name. {@code address} is the virtual address it denotes: its own for plain
   * locations and {@code @ generic} aliases (a second virtual address of the same physical
   * memory, 8.2.2); the target's for {@code @ texture|surface|constant} aliases, which name the
   * same address seen through another proxy (8.6; as in Dat3M's vloc).
   */
  record Info(
      String name,
      String virtual,
      String physical,
      Optional<Proxy> aliasProxy,
      long initialValue,
      int bits,
      StateSpace space,
      long address) {}

  /** Distance between synthetic addresses; larger than any location. */
  static final long STRIDE = 1L << 20;

  private static final long BASE = 1L << 32;

  private final Map<String, Info> byName;

  /** Names whose address the test takes ({@code &x}, {@code p = &x}, {@code P0:r1=&x}). */
  private final List<String> taken;

  private Locations(Map<String, Info> byName, List<String> taken) {
    this.byName = byName;
    this.taken = taken;
  }

  static Locations of(LitmusTest test) {
    Map<String, Integer> widths = inferWidths(test);
    Map<String, LocationDecl> decls = new LinkedHashMap<>();
    test.locations().forEach(d -> decls.put(d.name(), d));
    // Every name gets its own synthetic address; plain locations first, then aliases.
    Map<String, Long> addresses = new LinkedHashMap<>();
    test.locations().stream().filter(d -> !d.isAlias())
        .forEach(d -> addresses.put(d.name(), BASE + STRIDE * addresses.size()));
    test.locations().stream().filter(LocationDecl::isAlias)
        .forEach(d -> addresses.put(d.name(), BASE + STRIDE * addresses.size()));
    Map<String, Info> map = new LinkedHashMap<>();
    for (String name : addresses.keySet()) {
      info(name, decls, addresses, widths, map, 0);
    }
    return new Locations(map, addressTaken(test, map));
  }

  /** The declared names whose address appears in the test, in declaration order. */
  private static List<String> addressTaken(LitmusTest test, Map<String, Info> map) {
    java.util.Set<String> names = new java.util.HashSet<>();
    test.locations().forEach(d -> d.initialAddressOf().ifPresent(names::add));
    test.registerInits().stream().filter(RegisterInit::isAddress)
        .forEach(r -> names.add(r.addressOf()));
    for (var t : test.threads()) {
      for (Instruction i : t.instructions()) {
        for (Operand o : operands(i)) {
          if (o instanceof Operand.Addr a) {
            names.add(a.location());
          }
        }
      }
    }
    return map.keySet().stream().filter(names::contains).toList();
  }

  /** The value operands of an instruction (stored values, sources, atomic operands). */
  static List<Operand> operands(Instruction i) {
    if (i instanceof Instruction.Store s) {
      return s.values();
    } else if (i instanceof Instruction.Rmw r) {
      return r.operands();
    } else if (i instanceof Instruction.Local l) {
      return l.sources();
    } else if (i instanceof Instruction.Branch b) {
      return List.of(b.left(), b.right());
    }
    return List.of();
  }

  /**
   * The addresses an access of {@code bytes} bytes spanning {@code extent} bytes (vectors)
   * can use: every naturally aligned position inside a location whose address the test
   * takes. {@code bytes} 0 means the location's own width (Dat3M short forms): its start.
   */
  List<Long> addressCandidates(int bytes, int extent) {
    List<Long> out = new java.util.ArrayList<>();
    for (String name : taken) {
      Info info = byName.get(name);
      int size = info.bits() / 8;
      if (bytes == 0) {
        out.add(info.address());
        continue;
      }
      for (int k = 0; k + extent <= size; k += bytes) {
        out.add(info.address() + k);
      }
    }
    return out;
  }

  /**
   * The info of {@code name}, resolving alias chains: an alias names its target's physical
   * location; a generic alias is a virtual address of its own, another proxy's alias shares
   * its target's virtual address (8.2.2, 8.6; Dat3M's vloc "virtual address mapping to the same
   * generic address"). A pointer {@code p = &x} starts with x's address.
   */
  private static Info info(
      String name,
      Map<String, LocationDecl> decls,
      Map<String, Long> addresses,
      Map<String, Integer> widths,
      Map<String, Info> map,
      int depth) {
    Info known = map.get(name);
    if (known != null) {
      return known;
    }
    LocationDecl d = decls.get(name);
    if (d == null || depth > decls.size()) {
      throw new LitmusSyntaxException(
          d == null ? SourcePosition.synthetic(name) : d.position(),
          "alias target '" + name + "' is not a declared location");
    }
    Info out;
    if (d.isAlias()) {
      LocationDecl.Alias alias = d.alias().orElseThrow();
      if (!decls.containsKey(alias.target())) {
        throw new LitmusSyntaxException(
            d.position(), "alias target '" + alias.target() + "' is not a declared location");
      }
      Info target = info(alias.target(), decls, addresses, widths, map, depth + 1);
      out =
          new Info(
              d.name(),
              alias.proxy() == Proxy.GENERIC ? d.name() : target.virtual(),
              target.physical(),
              Optional.of(alias.proxy()),
              target.initialValue(),
              target.bits(),
              target.space(),
              addresses.get(d.name()));
    } else {
      int bits = widths.getOrDefault(d.name(), DataType.UNTYPED.bits());
      if (!d.type().isUntyped()) {
        bits = d.type().bits();
      }
      long initial = d.initialValue();
      if (d.initialAddressOf().isPresent()) {
        Long address = addresses.get(d.initialAddressOf().get());
        if (address == null) {
          throw new LitmusSyntaxException(
              d.position(), "unknown location '" + d.initialAddressOf().get() + "'");
        }
        initial = address;
      }
      out =
          new Info(
              d.name(), d.name(), d.name(), Optional.empty(), initial, bits, d.space(),
              addresses.get(d.name()));
    }
    map.put(name, out);
    return out;
  }

  /** Width of untyped locations: see {@link LocationWidths#inferred}. */
  private static Map<String, Integer> inferWidths(LitmusTest test) {
    return LocationWidths.inferred(test);
  }

  /** Number of vector elements of a memory instruction (1 for scalars). */
  static int elements(Instruction i) {
    return LocationWidths.elements(i);
  }

  static Optional<Address> addressOf(Instruction i) {
    return i instanceof Instruction.MemoryAccess m ? Optional.of(m.address()) : Optional.empty();
  }

  static Optional<DataType> typeOf(Instruction i) {
    return i instanceof Instruction.MemoryAccess m ? Optional.of(m.type()) : Optional.empty();
  }

  Optional<Info> get(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  Info require(String name, SourcePosition pos) {
    Info info = byName.get(name);
    if (info == null) {
      throw new LitmusSyntaxException(pos, "unknown location '" + name + "'");
    }
    return info;
  }

  /** The location whose synthetic address range contains {@code address}, with the offset. */
  Optional<Map.Entry<Info, Long>> resolve(long address) {
    for (Info info : byName.values()) {
      long off = address - info.address();
      if (off >= 0 && off < STRIDE) {
        return Optional.of(Map.entry(info, off));
      }
    }
    return Optional.empty();
  }

  /** Physical locations (no aliases), in declaration order. */
  List<Info> physical() {
    return byName.values().stream().filter(i -> i.aliasProxy().isEmpty()).toList();
  }

  List<Info> all() {
    return List.copyOf(byName.values());
  }
}
