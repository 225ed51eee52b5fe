package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.litmus.Address;
import io.github.ptxlitmus.litmus.AsyncInstruction;
import io.github.ptxlitmus.litmus.DataType;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.LocationDecl;
import io.github.ptxlitmus.litmus.LocationWidths;
import io.github.ptxlitmus.litmus.SourcePosition;
import io.github.ptxlitmus.litmus.StateSpace;
import io.github.ptxlitmus.litmus.ThreadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The memory of a test as PTX variables: for each location, the state space it lives in
 * (declared, or {@code .shared} when an instruction needs shared memory there, else
 * {@code .global}), its size and PTX type, its initial value and, for shared and local memory,
 * the thread whose CTA (or which itself) owns it: the first thread that accesses it, as the
 * checker's state-space rules say (8.3).
 */
final class MemoryLayout {
  /** Where a location lives. */
  enum Space {
    GLOBAL(".global"),
    SHARED(".shared"),
    CONST(".const"),
    LOCAL(".local");

    final String ptx;

    Space(String ptx) {
      this.ptx = ptx;
    }
  }

  /**
   * One location.
   *
   * @param name the location's name (a PTX identifier, as the litmus grammar's names are)
   * @param space where it lives
   * @param bytes its size
   * @param type the declaration's element type ({@code .u32}, {@code .b8} for byte arrays)
   * @param count the number of elements ({@code 1} for a scalar)
   * @param initial the initial value of bytes 0..7 (a bit pattern)
   * @param initialAddressOf the location whose address is the initial value, if any
   * @param owner the owning thread (shared: its CTA; local: itself); the first thread that
   *     accesses it, or P0 when none does
   * @param decl the declaration
   */
  record Location(
      String name,
      Space space,
      int bytes,
      String type,
      int count,
      long initial,
      Optional<String> initialAddressOf,
      int owner,
      LocationDecl decl) {}

  /** One use of a location by an instruction: the address and the window it goes through. */
  record Use(Address address, StateSpace window, boolean needsShared) {}

  private final Map<String, Location> locations;

  private MemoryLayout(Map<String, Location> locations) {
    this.locations = locations;
  }

  /**
   * The layout of a test's memory.
   *
   * @throws NotEmittableException for aliases, {@code .param} locations and locations used
   *     both as global and as shared memory
   */
  static MemoryLayout of(LitmusTest test) {
    Map<String, Integer> widths = LocationWidths.of(test);
    Map<String, Boolean> shared = new LinkedHashMap<>();
    Map<String, Boolean> global = new LinkedHashMap<>();
    Map<String, SourcePosition> globalUse = new LinkedHashMap<>();
    Map<String, Integer> owners = new LinkedHashMap<>();
    for (ThreadSpec t : test.threads()) {
      for (Instruction i : t.instructions()) {
        for (Use u : uses(i)) {
          if (u.address().isRegister()) {
            continue;
          }
          String name = u.address().name();
          owners.putIfAbsent(name, t.id());
          if (u.needsShared() || u.window().isShared()) {
            shared.put(name, true);
          } else if (u.window() == StateSpace.GLOBAL) {
            global.put(name, true);
            globalUse.putIfAbsent(name, i.position());
          }
        }
      }
    }
    Map<String, Location> out = new LinkedHashMap<>();
    for (LocationDecl d : test.locations()) {
      if (d.isAlias()) {
        throw new NotEmittableException(d.position(), "'" + d.name() + "' is an alias of '"
            + d.alias().get().target() + "': a second virtual address of the same memory"
            + " needs a mapping made by the host (cuMemMap), or a texture or surface object,"
            + " which one PTX module cannot declare");
      }
      if (d.space() == StateSpace.PARAM && !owners.containsKey(d.name())) {
        continue; // a kernel parameter no instruction reads needs no declaration
      }
      Space space = switch (d.space()) {
        case SHARED_CTA, SHARED_CLUSTER -> Space.SHARED;
        case CONST -> Space.CONST;
        case LOCAL -> Space.LOCAL;
        case PARAM -> throw new NotEmittableException(d.position(), "'" + d.name()
            + "' is in the .param state space: kernel parameters are set by the host");
        case GLOBAL, GENERIC -> shared.containsKey(d.name()) ? Space.SHARED : Space.GLOBAL;
      };
      if (space == Space.SHARED && global.containsKey(d.name())) {
        throw new NotEmittableException(globalUse.get(d.name()), "'" + d.name()
            + "' is accessed through .global here and needs shared memory elsewhere");
      }
      int bits = widths.getOrDefault(d.name(), DataType.UNTYPED.bits());
      int bytes = Math.max(1, (bits + 7) / 8);
      String type;
      int count = 1;
      DataType dt = d.type();
      if (!dt.isUntyped() && bits <= 64 && isScalarWidth(bits)) {
        type = switch (dt.kind()) {
          case U -> ".u" + bits;
          case S -> ".s" + bits;
          case F -> bits == 32 ? ".f32" : bits == 64 ? ".f64" : ".b" + bits;
          default -> ".b" + bits;
        };
      } else if (dt.isUntyped() && isScalarWidth(bits)) {
        type = ".b" + bits;
      } else {
        type = ".b8";
        count = bytes;
      }
      out.put(d.name(), new Location(d.name(), space, bytes, type, count, d.initialValue(),
          d.initialAddressOf(), owners.getOrDefault(d.name(), 0), d));
    }
    return new MemoryLayout(out);
  }

  private static boolean isScalarWidth(int bits) {
    return bits == 8 || bits == 16 || bits == 32 || bits == 64;
  }

  /** {@return every location, in declaration order} */
  List<Location> all() {
    return List.copyOf(locations.values());
  }

  /** {@return the location named, which the test declares} */
  Location get(String name) {
    Location l = locations.get(name);
    if (l == null) {
      throw new IllegalArgumentException("unknown location " + name);
    }
    return l;
  }

  /**
   * The locations an instruction addresses, with the state space each address goes through.
   *
   * @param i an instruction
   * @return its uses, empty for an instruction that accesses no memory
   */
  static List<Use> uses(Instruction i) {
    List<Use> out = new ArrayList<>(3);
    if (i instanceof Instruction.MemoryAccess m) {
      out.add(new Use(m.address(), m.space(), false));
    } else if (i instanceof AsyncInstruction.MbarrierUpdate m) {
      out.add(new Use(m.mbarrier(), m.space(), true));
    } else if (i instanceof AsyncInstruction.OnMbarrier m) { // init, inval, wait, async arrive
      out.add(new Use(m.mbarrier(), StateSpace.GENERIC, true));
    } else if (i instanceof AsyncInstruction.AsyncCopy c) {
      out.add(new Use(c.destination(), c.destinationSpace(), false));
      out.add(new Use(c.source(), c.sourceSpace(), false));
      c.mbarrier().ifPresent(m -> out.add(new Use(m, StateSpace.SHARED_CLUSTER, true)));
    } else if (i instanceof AsyncInstruction.AsyncStore s) {
      out.add(new Use(s.address(), s.space(), false));
      s.mbarrier().ifPresent(m -> out.add(new Use(m, StateSpace.SHARED_CLUSTER, true)));
    }
    return out;
  }
}
