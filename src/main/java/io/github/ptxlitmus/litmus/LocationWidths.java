package io.github.ptxlitmus.litmus;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The width of every location of a test (docs/litmus-format.md, "Sizes, offsets, vectors and
 * packed types"): a typed declaration gives its type's width (an array its total size); an
 * untyped location is as wide as the furthest byte its typed accesses reach (offset plus size,
 * vector elements and aliases included), and 64 bits when no typed access names it. The engine
 * and the PTX emitters read widths here, so both agree on what {@code ld.weak r0, x} accesses.
 */
public final class LocationWidths {
  private LocationWidths() {}

  /**
   * The width of each physical (non-alias) location, in bits.
   *
   * @param test a parsed test
   * @return location name to width in bits (multiples of 8, at most {@link DataType#MAX_BITS}
   *     for declared types; inferred widths are capped at {@code Integer.MAX_VALUE / 2}), in
   *     declaration order
   */
  public static Map<String, Integer> of(LitmusTest test) {
    Map<String, Integer> inferred = inferred(test);
    Map<String, Integer> out = new LinkedHashMap<>();
    for (LocationDecl d : test.locations()) {
      if (d.isAlias()) {
        continue;
      }
      out.put(d.name(), d.type().isUntyped()
          ? inferred.getOrDefault(d.name(), DataType.UNTYPED.bits())
          : d.type().bits());
    }
    return out;
  }

  /**
   * The widths that typed accesses imply for the locations they name (aliases resolved one
   * step to their target, as declared), whether or not the location has a declared type.
   *
   * @param test a parsed test
   * @return location name to the furthest bit reached by a typed access, for the names such
   *     an access reaches
   */
  public static Map<String, Integer> inferred(LitmusTest test) {
    Map<String, String> target = new LinkedHashMap<>();
    for (LocationDecl d : test.locations()) {
      d.alias().ifPresent(a -> target.put(d.name(), a.target()));
    }
    Map<String, Integer> widths = new LinkedHashMap<>();
    for (ThreadSpec t : test.threads()) {
      for (Instruction i : t.instructions()) {
        if (!(i instanceof Instruction.MemoryAccess m) || m.type().isUntyped()
            || m.address().isRegister()) {
          continue;
        }
        String name = target.getOrDefault(m.address().name(), m.address().name());
        long extent = m.address().offset() + (long) m.type().bytes() * elements(i);
        int bits = (int) Math.min(Integer.MAX_VALUE / 2, extent * 8);
        widths.merge(name, bits, Math::max);
      }
    }
    return widths;
  }

  /**
   * Number of vector elements of a memory instruction.
   *
   * @param i an instruction
   * @return the destinations of a load, the values of a store, else 1
   */
  public static int elements(Instruction i) {
    if (i instanceof Instruction.Load l) {
      return l.destinations().size();
    } else if (i instanceof Instruction.Store s) {
      return s.values().size();
    }
    return 1;
  }
}
