package io.github.ptxlitmus.search;

import io.github.ptxlitmus.litmus.Address;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.StateSpace;
import io.github.ptxlitmus.litmus.ThreadSpec;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Static placement rules of state spaces (8.3): a shared-memory location lives in one CTA's
 * shared memory and only threads of that CTA ({@code .shared::cta} window) or of its cluster
 * ({@code .shared::cluster} window) can access it; a {@code .local} location belongs to one
 * thread; {@code .const} and {@code .param} locations are read-only. The owner of a shared or
 * local location is the first thread (by id) that accesses it.
 */
final class StateSpaceCheck {
  private StateSpaceCheck() {}

  /** Throws a positioned {@link LitmusSyntaxException} for the first violation. */
  static void check(LitmusTest test, Locations locations) {
    Map<String, ThreadSpec> owners = new HashMap<>();
    for (ThreadSpec t : test.threads()) {
      for (Instruction i : t.instructions()) {
        Optional<Address> a = Locations.addressOf(i);
        if (a.isEmpty() || a.get().isRegister()) {
          continue;
        }
        Optional<Locations.Info> info = locations.get(a.get().name());
        if (info.isEmpty()) {
          continue;
        }
        StateSpace declared = info.get().space();
        StateSpace window = spaceOf(i).filter(s -> s != StateSpace.GENERIC).orElse(declared);
        String physical = info.get().physical();
        boolean writes = !(i instanceof Instruction.Load);
        if (writes && (declared == StateSpace.CONST || declared == StateSpace.PARAM)) {
          throw new LitmusSyntaxException(
              i.position(),
              "location '" + a.get().name() + "' is in read-only state space "
                  + declared.ptxName());
        }
        boolean owned = declared.isShared() || window.isShared() || declared == StateSpace.LOCAL;
        if (!owned) {
          continue;
        }
        ThreadSpec owner = owners.computeIfAbsent(physical, k -> t);
        if (owner == t) {
          continue;
        }
        if (declared == StateSpace.LOCAL && owner.id() != t.id()) {
          throw new LitmusSyntaxException(
              i.position(),
              "local location '" + a.get().name() + "' of " + owner.name()
                  + " accessed from " + t.name());
        }
        if (!owner.position().sameCluster(t.position())) {
          throw new LitmusSyntaxException(
              i.position(),
              "shared location '" + a.get().name() + "' of " + owner.name()
                  + "'s cluster accessed from " + t.name() + " in another cluster");
        }
        if (window == StateSpace.SHARED_CTA && !owner.position().sameCta(t.position())) {
          throw new LitmusSyntaxException(
              i.position(),
              "shared location '" + a.get().name() + "' of " + owner.name()
                  + "'s CTA accessed from " + t.name()
                  + " in another CTA (use .shared::cluster within a cluster)");
        }
      }
    }
  }

  private static Optional<StateSpace> spaceOf(Instruction i) {
    return i instanceof Instruction.MemoryAccess m ? Optional.of(m.space()) : Optional.empty();
  }
}
