package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.litmus.StateSpace;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * How a thread of a CUDA harness reaches its locations: through 64-bit registers {@code
 * %H_<name>} that the harness binds, before the thread's instructions, to the generic address
 * of the running instance's copy of each location (for shared memory: the copy in the thread's
 * own CTA, at the offset every CTA uses). An access through a state space converts that
 * address with {@code cvta.to}; another CTA's shared memory is reached with {@code mapa} at the
 * owner's rank in the cluster, as in the PTX module. Records which locations each thread uses,
 * so that the harness binds only those. One instance per thread.
 */
final class HarnessMemory implements Memory {
  private final MemoryLayout layout;
  private final Placement placement;
  private final Set<String> used = new LinkedHashSet<>();

  HarnessMemory(MemoryLayout layout, Placement placement) {
    this.layout = layout;
    this.placement = placement;
  }

  /** {@return the locations the thread addressed, in first-use order} */
  Set<String> used() {
    return Set.copyOf(used);
  }

  /** {@return the register holding a location's generic address, as the harness binds it} */
  static String binding(String location) {
    return "%H_" + location;
  }

  @Override
  public String address(String location, StateSpace window, ThreadCode code) {
    used.add(location);
    MemoryLayout.Location l = layout.get(location);
    String generic = binding(location);
    if (window == StateSpace.GENERIC) {
      return genericAddress(location, code);
    }
    if (l.space() == MemoryLayout.Space.SHARED) {
      Placement.Slot owner = placement.slot(l.owner());
      boolean remote = owner.cta() != placement.slot(code.id()).cta();
      if (remote && window != StateSpace.SHARED_CLUSTER) {
        return genericAddress(location, code); // as the module does: no window reaches it
      }
      String cta = converted(code, location, ".shared", generic);
      if (!remote) {
        return cta;
      }
      return code.cached("cluster:" + location, () -> {
        String t = code.temp("b64");
        code.prologue("mapa.shared::cluster.u64 " + t + ", " + cta + ", " + owner.rank() + ";");
        return t;
      });
    }
    String space = switch (window) {
      case GLOBAL -> ".global";
      case CONST -> ".const";
      case LOCAL -> ".local";
      default -> null;
    };
    if (space == null || !space.equals(l.space().ptx)) {
      return genericAddress(location, code); // a window the location is not in: as generic
    }
    return converted(code, location, space, generic);
  }

  private static String converted(ThreadCode code, String location, String space,
      String generic) {
    return code.cached("window" + space + ":" + location, () -> {
      String t = code.temp("b64");
      code.prologue("cvta.to" + space + ".u64 " + t + ", " + generic + ";");
      return t;
    });
  }

  @Override
  public String genericAddress(String location, ThreadCode code) {
    used.add(location);
    MemoryLayout.Location l = layout.get(location);
    String generic = binding(location);
    if (l.space() != MemoryLayout.Space.SHARED) {
      return generic;
    }
    Placement.Slot owner = placement.slot(l.owner());
    if (owner.cta() == placement.slot(code.id()).cta()) {
      return generic;
    }
    return code.cached("generic:" + location, () -> {
      String r = code.temp("b64");
      code.prologue("mapa.u64 " + r + ", " + generic + ", " + owner.rank() + ";");
      return r;
    });
  }
}
