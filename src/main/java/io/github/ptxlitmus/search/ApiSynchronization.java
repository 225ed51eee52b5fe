package io.github.ptxlitmus.search;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.AsyncInstruction.ApiCall;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.ThreadSpec;
import io.github.ptxlitmus.relation.Relation;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The synchronization that CUDA API calls of host threads establish (8.9.4 API
 * synchronization; model.md "Asynchronous operations"). Each host thread enqueues tasks on its
 * streams in program
 * order: a kernel launch (the kernel is the GPU threads whose header says {@code kernel k}), an
 * event record, a wait for an event. With {@code done(s)} the operations whose completion
 * precedes the start of the next task of stream s:
 *
 * <ul>
 *   <li>rules 3 and 5: the launch call synchronizes with the start of every thread of the
 *       kernel (edges launch → each of the kernel's events);
 *   <li>rule 1: the completion of a task synchronizes with the start of the next task of its
 *       stream (edges done(s) → each event of the launched kernel); the end of all threads of
 *       a kernel is its completion (rule 3), so then done(s) grows by the kernel's events;
 *   <li>rule 2: an event record task completes with done(s); a stream wait on the event adds
 *       the recorded set to the waiting stream's done;
 *   <li>rule 6: the last task of s (its done set) synchronizes with the return of {@code
 *       cudaStreamSynchronize s}; {@code cudaDeviceSynchronize} acts on every stream; {@code
 *       cudaEventSynchronize e} with the recorded set of e.
 * </ul>
 *
 * Graph launches (rule 4) and stream queries (rule 7) are not modelled. A stream is used by one
 * host thread; a kernel is launched once.
 */
final class ApiSynchronization {
  private ApiSynchronization() {}

  /** The API synchronization edges among {@code events}; empty without host threads. */
  static Relation relation(LitmusTest test, List<Event> events) {
    int n = events.size();
    Relation.Builder sync = Relation.builder(n);
    Map<String, BitSet> kernels = new HashMap<>();
    for (Event e : events) {
      if (e.thread() >= 0) {
        ThreadSpec t = test.threads().get(e.thread());
        t.position().kernel().ifPresent(
            k -> kernels.computeIfAbsent(k, x -> new BitSet()).set(e.id()));
      }
    }
    Map<String, BitSet> done = new HashMap<>();
    Map<String, Integer> streamOwner = new HashMap<>();
    Map<String, BitSet> recorded = new HashMap<>();
    Map<String, Integer> launched = new HashMap<>();
    for (Event e : events) {
      if (e.kind() != EventKind.API_CALL) {
        continue;
      }
      ApiCall call = (ApiCall) e.instruction().orElseThrow();
      if (!e.position().isHost()) {
        throw new LitmusSyntaxException(call.position(),
            call.op().callName() + " is a host API call; P" + e.thread() + " is a GPU thread");
      }
      call.stream().ifPresent(s -> {
        Integer owner = streamOwner.putIfAbsent(s, e.thread());
        if (owner != null && owner != e.thread()) {
          throw new LitmusSyntaxException(call.position(), "unsupported: stream " + s
              + " used by two host threads (P" + owner + " and P" + e.thread() + ")");
        }
      });
      BitSet streamDone =
          call.stream().map(s -> done.computeIfAbsent(s, k -> new BitSet())).orElse(null);
      switch (call.op()) {
        case LAUNCH_KERNEL -> {
          String k = call.kernel().orElseThrow();
          if (launched.putIfAbsent(k, e.id()) != null) {
            throw new LitmusSyntaxException(call.position(), "unsupported: kernel " + k
                + " launched twice");
          }
          BitSet threads = kernels.getOrDefault(k, new BitSet());
          threads.stream().forEach(t -> {
            sync.add(e.id(), t);
            streamDone.stream().forEach(d -> sync.add(d, t));
          });
          streamDone.or(threads);
        }
        case EVENT_RECORD -> recorded.put(call.event().orElseThrow(), (BitSet) streamDone.clone());
        case STREAM_WAIT_EVENT ->
            streamDone.or(recorded.getOrDefault(call.event().orElseThrow(), new BitSet()));
        case STREAM_SYNCHRONIZE -> streamDone.stream().forEach(d -> sync.add(d, e.id()));
        case DEVICE_SYNCHRONIZE ->
            done.values().forEach(set -> set.stream().forEach(d -> sync.add(d, e.id())));
        case EVENT_SYNCHRONIZE ->
            recorded.getOrDefault(call.event().orElseThrow(), new BitSet()).stream()
                .forEach(d -> sync.add(d, e.id()));
        default -> throw new IllegalStateException(call.op().name());
      }
    }
    for (String k : kernels.keySet()) {
      if (!launched.containsKey(k)) {
        int first = kernels.get(k).nextSetBit(0);
        Event e = events.get(first);
        throw new LitmusSyntaxException(
            test.threads().get(e.thread()).instructions().isEmpty()
                ? e.instruction().orElseThrow().position()
                : test.threads().get(e.thread()).instructions().get(0).position(),
            "kernel " + k + " of P" + e.thread() + " is never launched by a host thread");
      }
    }
    return sync.build();
  }
}
