package io.github.ptxlitmus.emit;

import java.util.List;

/**
 * What a PTX module needs: the lowest {@code .target sm_XX} and the lowest {@code .version}
 * of the PTX ISA that accept its instructions. Targets are those of the architectures the
 * emitted code can need (sm_50 Maxwell is the floor: the oldest architecture current CUDA
 * toolkits support).
 *
 * @param sm the architecture number, e.g. 90 for {@code sm_90}
 * @param isa the PTX ISA version times ten, e.g. 78 for {@code .version 7.8}
 */
public record PtxTarget(int sm, int isa) implements Comparable<PtxTarget> {
  /** The targets in increasing order, each with the lowest ISA version that names it. */
  public static final List<PtxTarget> TARGETS =
      List.of(new PtxTarget(50, 40), new PtxTarget(60, 50), new PtxTarget(70, 60),
          new PtxTarget(80, 70), new PtxTarget(90, 78), new PtxTarget(100, 86));

  /** The floor: {@code sm_50}, PTX ISA 4.0. */
  public static final PtxTarget BASE = TARGETS.get(0);

  /**
   * Validates the numbers.
   *
   * @param sm a target of {@link #TARGETS}
   * @param isa an ISA version times ten, at least the one that names {@code sm}
   * @throws IllegalArgumentException for an unknown target or a version too old for it
   */
  public PtxTarget {
    int least = switch (sm) {
      case 50 -> 40;
      case 60 -> 50;
      case 70 -> 60;
      case 80 -> 70;
      case 90 -> 78;
      case 100 -> 86;
      default -> -1;
    };
    if (least < 0) {
      throw new IllegalArgumentException("unknown target sm_" + sm);
    }
    if (least > isa) {
      throw new IllegalArgumentException("PTX ISA " + isa / 10 + "." + isa % 10
          + " does not name sm_" + sm);
    }
  }

  /**
   * The target of an architecture at the ISA version that introduced it.
   *
   * @param sm a target of {@link #TARGETS}
   * @return that target with its lowest ISA version
   * @throws IllegalArgumentException for an unknown target
   */
  public static PtxTarget sm(int sm) {
    return TARGETS.stream().filter(t -> t.sm == sm).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown target sm_" + sm));
  }

  /**
   * What both need.
   *
   * @param other another requirement
   * @return the higher target and the higher version (raised to the target's own)
   */
  public PtxTarget max(PtxTarget other) {
    int s = Math.max(sm, other.sm);
    int v = Math.max(Math.max(isa, other.isa), sm(s).isa);
    return new PtxTarget(s, v);
  }

  /** {@return the target directive's value, e.g. {@code sm_90}} */
  public String smName() {
    return "sm_" + sm;
  }

  /** {@return the version directive's value, e.g. {@code 7.8}} */
  public String version() {
    return isa / 10 + "." + isa % 10;
  }

  /** Orders by target, then by version. */
  @Override
  public int compareTo(PtxTarget o) {
    return sm != o.sm ? Integer.compare(sm, o.sm) : Integer.compare(isa, o.isa);
  }

  /** {@return {@code sm_90 (PTX ISA 7.8)}} */
  @Override
  public String toString() {
    return smName() + " (PTX ISA " + version() + ")";
  }
}
