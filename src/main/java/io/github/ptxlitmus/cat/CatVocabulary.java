package io.github.ptxlitmus.cat;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What each predefined name of a cat model means for PTX events ({@link PtxCatBindings}), and
 * what the bundled library and the primitives add: the table {@code ptx-litmus cat-bindings}
 * prints.
 */
public final class CatVocabulary {
  private CatVocabulary() {}

  /**
   * One entry of the table.
   *
   * @param name the cat name
   * @param kind {@code set}, {@code relation}, {@code function}, {@code procedure} or {@code
   *     set of relations}
   * @param origin {@code predefined} (bound per candidate), {@code library} (the bundled
   *     stdlib.cat) or {@code primitive}
   * @param meaning its meaning for PTX events, one sentence
   */
  public record Entry(String name, String kind, String origin, String meaning) {}

  private static final Map<String, String> MEANINGS = new LinkedHashMap<>();

  static {
    m("W", "writes: stores, the store half of each atom/red, initial writes");
    m("R", "reads: loads and the load half of each atom");
    m("M", "memory events: W | R");
    m("F", "every non-memory event: fence.sc/acq_rel/acquire/release, fence.proxy.*, barriers");
    m("IW", "the initial write of each location");
    m("FW", "the final write of each location (last in the candidate's coherence order)");
    m("WEAK", "weak (.weak or no qualifier) loads and stores");
    m("RLX", "relaxed accesses; an RMW half without acquire/release");
    m("ACQ", "acquire loads, the load half of acquire/acq_rel atoms, fence.acquire");
    m("REL", "release stores, the store half of release/acq_rel atoms, fence.release");
    m("ACQ_REL", "fence.acq_rel (and membar-free acq_rel fences)");
    m("SC", "fence.sc and membar");
    m("CTA", "strong operations and fences of scope .cta");
    m("CLUSTER", "strong operations and fences of scope .cluster");
    m("GPU", "strong operations and fences of scope .gpu");
    m("SYS", "strong operations and fences of scope .sys");
    m("GEN", "accesses through the generic proxy; fence.sc and fence.acq_rel");
    m("TEX", "accesses through the texture proxy; fence.proxy.texture");
    m("SUR", "accesses through the surface proxy; fence.proxy.surface");
    m("CON", "accesses through the constant proxy; fence.proxy.constant");
    m("ASYNC", "accesses through the async proxy; fence.proxy.async");
    m("TENSORMAP", "accesses through the tensormap proxy");
    m("ALIAS", "fence.proxy.alias");
    m("PROXY", "every proxy fence");
    m("Exp", "herd's explicit accesses: every memory event");
    m("NExp", "herd's implicit accesses: none");
    m("EXEC", "herd's executed (non-speculative) events: every event");
    m("SPEC", "herd's speculative events: none");
    m("SPURIOUS", "herd's spurious events: none");
    m("B", "herd's branch events: none (branches are not events here)");
    m("BCC", "herd's conditional branch events: none");
    m("PRED", "herd's predicated events: none");
    m("Rreg", "register reads: none (registers are not events here)");
    m("Wreg", "register writes: none");
    m("po", "program order (initial writes in no thread; an atom's load before its store)");
    m("po-loc", "po & loc");
    m("partial_po", "po");
    m("loc", "same location: accesses whose physical bytes overlap");
    m("vloc", "same virtual location (generic address, offset and size)");
    m("id", "identity");
    m("int", "same thread (an initial write only with itself)");
    m("ext", "different threads");
    m("rf", "reads-from: write to read, as the candidate chooses it");
    m("rfe", "rf & ext");
    m("rfi", "rf & int");
    m("co", "coherence order (initial write first): the candidate's total order per location,"
        + " or a sub-order of it under Dat3M's reading");
    m("coe", "co & ext");
    m("coi", "co & int");
    m("fr", "from-reads: (rf^-1; co) \\ id");
    m("fre", "fr & ext");
    m("fri", "fr & int");
    m("rmw", "an atom's load half to its store half");
    m("addr", "address dependencies (read to an event whose address uses its value)");
    m("data", "data dependencies (read to a write or branch whose value uses it)");
    m("ctrl", "control dependencies (read to the events after a branch on it)");
    m("sr", "same scope: two scoped events each of whose scope includes the other's thread");
    m("scta", "events of threads in the same CTA");
    m("syncbar", "barrier synchronization: arrive to wait of one completed barrier phase");
    m("sync_barrier", "syncbar & scta");
    m("sync_fence", "the Fence-SC order the candidate chooses, between fence.sc whose scopes"
        + " include each other's threads");
    m("sm", "herd's same memory access: identity on memory events");
    m("si", "herd's same instruction instance of an access: identity on memory events");
    m("same-instance", "an event and itself, and the two halves of one atom");
    m("iico_data", "intra-instruction data flow: an atom's load half to its store half");
    m("iico_ctrl", "intra-instruction control: none");
    m("iico_order", "intra-instruction order: none");
    m("rf-reg", "register reads-from: none");
    // what the PTX model's own file (ptx.cat) reads beyond Dat3M's vocabulary
    m("RED", "reductions (red, red.async, cp.reduce.async.bulk elements): never the read of an"
        + " acquire pattern (8.11.1)");
    m("COMPLETION", "completions of asynchronous units: implicit complete-tx, asynchronous"
        + " arrive (8.9.1.1)");
    m("same-address", "memory operations through the same virtual address, any offset and size"
        + " (8.9.5 \"same address\"; an alias is another address)");
    m("same-bytes", "memory operations on exactly the same physical bytes (8.7.2 uniform"
        + " size)");
    m("sc-order", "the Fence-SC order the candidate chooses (8.9.3), transitive, over morally"
        + " strong fence.sc pairs");
    m("co-total", "the candidate's chosen total order of each location's program writes"
        + " (initial writes not in it), from which the PTX coherence order is derived (8.9.6)");
    m("carried", "operation of an asynchronous unit to the completion whose synchronization"
        + " carries it, and each completion to itself (8.9.1.1)");
    m("api-sync", "CUDA API synchronization: launch, stream order, events, synchronize calls"
        + " (8.9.4)");
    for (int k = 0; k < 8; k++) {
      m("rf-byte" + k, "the write a read takes its byte " + k + " from (8.9.7, per byte; byte 0"
          + " is the read's first)");
      m("covers-byte" + k, "a read to the writes that write its byte " + k + " (8.9.7)");
    }
  }

  private static void m(String name, String meaning) {
    MEANINGS.put(name, meaning);
  }

  private static final Map<String, String> LIBRARY = Map.ofEntries(
      Map.entry("emptyset", "set|the empty event set"),
      Map.entry("toid", "function|toid(S) = [S]"),
      Map.entry("fencerel", "function|fencerel(B) = po; [B]; po"),
      Map.entry("ctrlcfence", "function|ctrlcfence(dep, F) = dep; [F]; po"),
      Map.entry("udr", "function|udr(r) = domain(r) | range(r)"),
      Map.entry("imply", "function|imply(A, B) = ~A | B"),
      Map.entry("nodetour", "function|nodetour(R1, R2, R3) = R1 \\ (R2; R3)"),
      Map.entry("singlestep", "function|singlestep(R) = nodetour(R, R, R)"),
      Map.entry("subseteq", "procedure|subseteq(A, B): empty A \\ B"),
      Map.entry("inclusion", "procedure|inclusion(r1, r2): empty r1 \\ r2"),
      Map.entry("total", "procedure|total(r, E): empty (E * E) \\ (r | r^-1)"),
      Map.entry("map", "function|map(f)(S): f applied to every member of S"),
      Map.entry("partition", "function|classes-loc"),
      Map.entry("generate_cos", "function|generate_cos(pco): the strict total orders of the"
          + " writes to each location containing pco (herd's)"),
      Map.entry("generate_partial_cos", "function|generate_partial_cos(pco): the strict"
          + " partial orders of them containing pco, initial write first (Dat3M's reading)"),
      Map.entry("co0", "relation|loc & ((IW * (W \\ IW)) | ((W \\ FW) * FW))"));

  /** {@return every name a model may use, with its kind, origin and PTX meaning} */
  public static java.util.List<Entry> entries() {
    java.util.List<Entry> out = new java.util.ArrayList<>();
    PtxCatBindings.vocabulary().forEach((name, type) -> out.add(new Entry(name, type.word(),
        "predefined", MEANINGS.getOrDefault(name, ""))));
    LIBRARY.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
      String[] kv = e.getValue().split("\\|", 2);
      out.add(new Entry(e.getKey(), kv[0], "library", kv[1]));
    });
    CatBuiltins.meanings().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e ->
        out.add(new Entry(e.getKey(), "function", "primitive", e.getValue())));
    return out;
  }
}
