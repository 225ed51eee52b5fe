package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.relation.Relation;
import java.util.List;

/** The synchronization of CUDA API calls (8.9.4 API synchronization). */
final class ApiSynchronization {
  private ApiSynchronization() {}

  /** The API synchronization edges among {@code events}; empty without host threads. */
  static Relation relation(LitmusTest test, List<Event> events) {
    return Relation.empty(events.size());
  }
}
