package io.github.ptxlitmus.search;

import io.github.ptxlitmus.litmus.Address;
import io.github.ptxlitmus.litmus.DataType;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.LocationDecl;
import io.github.ptxlitmus.litmus.Proxy;
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

  private Locations(Map<String, Info> byName) {
    this.byName = byName;
  }

  static Locations of(LitmusTest test) {
    Map<String, Integer> widths = inferWidths(test);
    Map<String, Info> map = new LinkedHashMap<>();
    int index = 0;
    for (LocationDecl d : test.locations()) {
      if (d.isAlias()) {
        continue;
      }
      int bits = widths.getOrDefault(d.name(), DataType.UNTYPED.bits());
      if (!d.type().isUntyped()) {
        bits = d.type().bits();
      }
      map.put(
          d.name(),
          new Info(
              d.name(),
              d.name(),
              d.name(),
              Optional.empty(),
              d.initialValue(),
              bits,
              d.space(),
              BASE + STRIDE * index++));
    }
    for (LocationDecl d : test.locations()) {
      if (!d.isAlias()) {
        continue;
      }
      LocationDecl.Alias alias = d.alias().orElseThrow();
      Info target = map.get(alias.target());
      if (target == null) {
        throw new LitmusSyntaxException(
            d.position(), "alias target '" + alias.target() + "' is not a declared location");
      }
      map.put(
          d.name(),
          new Info(
              d.name(),
              alias.proxy() == Proxy.GENERIC ? d.name() : target.virtual(),
              target.physical(),
              Optional.of(alias.proxy()),
              target.initialValue(),
              target.bits(),
              target.space(),
              BASE + STRIDE * index++));
    }
    return new Locations(map);
  }

  /**
   * Width of untyped locations: the furthest byte reached by their typed accesses (offset plus
   * size, vectors included, through any alias), else 64 bits.
   */
  private static Map<String, Integer> inferWidths(LitmusTest test) {
    Map<String, String> target = new LinkedHashMap<>();
    for (LocationDecl d : test.locations()) {
      d.alias().ifPresent(a -> target.put(d.name(), a.target()));
    }
    Map<String, Integer> widths = new LinkedHashMap<>();
    for (var t : test.threads()) {
      for (Instruction i : t.instructions()) {
        Optional<Address> a = addressOf(i);
        Optional<DataType> type = typeOf(i);
        if (a.isEmpty() || type.isEmpty() || type.get().isUntyped() || a.get().isRegister()) {
          continue;
        }
        String name = target.getOrDefault(a.get().name(), a.get().name());
        long extent = a.get().offset() + (long) type.get().bytes() * elements(i);
        int bits = (int) Math.min(Integer.MAX_VALUE / 2, extent * 8);
        widths.merge(name, bits, Math::max);
      }
    }
    return widths;
  }

  /** Number of vector elements of a memory instruction (1 for scalars). */
  static int elements(Instruction i) {
    if (i instanceof Instruction.Load l) {
      return l.destinations().size();
    } else if (i instanceof Instruction.Store s) {
      return s.values().size();
    }
    return 1;
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
