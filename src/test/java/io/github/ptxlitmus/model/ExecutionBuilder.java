package io.github.ptxlitmus.model;

import io.github.ptxlitmus.event.Event;
import io.github.ptxlitmus.event.EventKind;
import io.github.ptxlitmus.litmus.Address;
import io.github.ptxlitmus.litmus.DataType;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.Operand;
import io.github.ptxlitmus.litmus.Proxy;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.Semantics;
import io.github.ptxlitmus.litmus.SourcePosition;
import io.github.ptxlitmus.litmus.StateSpace;
import io.github.ptxlitmus.litmus.ThreadPosition;
import io.github.ptxlitmus.relation.Relation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Builds one candidate execution by hand, so that a test reads like a litmus test:
 *
 * <pre>{@code
 * ExecutionBuilder b = new ExecutionBuilder();
 * int ix = b.init("x");
 * var p0 = b.thread(0, 0, 0);               // P0 @ cta 0, gpu 0
 * int w = p0.st("x").relaxed(Scope.GPU);    // st.relaxed.gpu [x]
 * int f = p0.fence(Semantics.SC, Scope.GPU); // fence.sc.gpu
 * var p1 = b.thread(1, 1, 0);
 * int r = p1.ld("x").weak();                // ld [x]
 * Execution e = b.build();
 * }</pre>
 *
 * <p>Event ids are handed out in the order the events are declared (across all threads);
 * program order is the declaration order within each thread. Memory accesses are 4 bytes at
 * offset 0 of their location unless {@link Access#bytes} says otherwise. Weak accesses get
 * scope CTA, as the enumerator gives them.
 */
final class ExecutionBuilder {
  private static final SourcePosition POS = SourcePosition.synthetic("t");
  private static final ThreadPosition INIT_POSITION =
      new ThreadPosition(0, OptionalInt.empty(), -1);

  private final List<Event> events = new ArrayList<>();
  private final Map<String, String> physicalOf = new HashMap<>();
  private final List<List<Integer>> threadEvents = new ArrayList<>();
  private final List<int[]> deps = new ArrayList<>();

  /** The initial write W0 of a physical location (8.2.6); returns its id. */
  int init(String location) {
    physicalOf.put(location, location);
    return add(
        -1, INIT_POSITION, EventKind.INIT, Semantics.WEAK, Scope.SYS, Proxy.GENERIC, location,
        0, 4, Optional.empty());
  }

  /** Declares {@code virtual} as an alias (8.2.2) of the physical location {@code physical}. */
  ExecutionBuilder alias(String virtual, String physical) {
    physicalOf.put(virtual, physical);
    return this;
  }

  /** Thread {@code P<tid>} at {@code cta <cta>, gpu <gpu>} (its CTA is its own cluster). */
  Proc thread(int tid, int cta, int gpu) {
    return thread(tid, ThreadPosition.of(gpu, cta));
  }

  /** Thread {@code P<tid>} at {@code cta <cta>, cluster <cluster>, gpu <gpu>}. */
  Proc threadInCluster(int tid, int cta, int cluster, int gpu) {
    return thread(tid, ThreadPosition.of(gpu, cluster, cta));
  }

  Proc thread(int tid, ThreadPosition position) {
    while (threadEvents.size() <= tid) {
      threadEvents.add(new ArrayList<>());
    }
    return new Proc(tid, position);
  }

  /** A dependency (address, data or control) from read {@code from} to event {@code to}. */
  ExecutionBuilder dep(int from, int to) {
    deps.add(new int[] {from, to});
    return this;
  }

  Execution build() {
    int n = events.size();
    Relation.Builder po = Relation.builder(n);
    for (List<Integer> t : threadEvents) {
      for (int i = 0; i < t.size(); i++) {
        for (int j = i + 1; j < t.size(); j++) {
          po.add(t.get(i), t.get(j));
        }
      }
    }
    Relation.Builder dep = Relation.builder(n);
    deps.forEach(d -> dep.add(d[0], d[1]));
    return new Execution(List.copyOf(events), po.build(), dep.build());
  }

  private int add(
      int thread,
      ThreadPosition position,
      EventKind kind,
      Semantics sem,
      Scope scope,
      Proxy proxy,
      String location,
      int offset,
      int size,
      Optional<Instruction> instruction) {
    int id = events.size();
    String physical = kind.isMemory() ? physicalOf.getOrDefault(location, location) : "";
    events.add(
        new Event(
            id, thread, position, kind, sem, scope, proxy, location, physical, offset, size,
            instruction));
    if (thread >= 0) {
      threadEvents.get(thread).add(id);
    }
    return id;
  }

  /** One thread; each method appends an event in program order and returns its id. */
  final class Proc {
    private final int tid;
    private final ThreadPosition position;

    private Proc(int tid, ThreadPosition position) {
      this.tid = tid;
      this.position = position;
    }

    /** {@code st [loc]}; finish with a semantics, e.g. {@code st("x").relaxed(GPU)}. */
    Access st(String location) {
      return new Access(EventKind.WRITE, location, false);
    }

    /** {@code ld [loc]}. */
    Access ld(String location) {
      return new Access(EventKind.READ, location, false);
    }

    /** {@code atom.inc [loc]} (an RMW that returns its old value). */
    Access atom(String location) {
      return new Access(EventKind.RMW, location, false);
    }

    /** {@code red.add [loc]} (a reduction: an RMW whose result is discarded). */
    Access red(String location) {
      return new Access(EventKind.RMW, location, true);
    }

    /** {@code fence.<sem>.<scope>} ({@code membar} is {@code fence(SC, ...)}). */
    int fence(Semantics sem, Scope scope) {
      Instruction ins =
          new Instruction.Fence(
              sem, scope, false, POS, "fence." + sem.ptxName() + "." + scope.ptxName());
      return add(
          tid, position, EventKind.FENCE, sem, scope, Proxy.GENERIC, "", 0, 0, Optional.of(ins));
    }

    /**
     * {@code fence.proxy.<kind>}; as the unfolder does, its proxy is the one it bridges to the
     * generic proxy (alias fences: generic).
     */
    int proxyFence(Instruction.ProxyFenceKind kind) {
      Proxy proxy =
          switch (kind) {
            case ALIAS -> Proxy.GENERIC;
            case TEXTURE -> Proxy.TEXTURE;
            case SURFACE -> Proxy.SURFACE;
            case CONSTANT -> Proxy.CONSTANT;
            case ASYNC, ASYNC_GLOBAL, ASYNC_SHARED_CTA, ASYNC_SHARED_CLUSTER -> Proxy.ASYNC;
            case TENSORMAP_RELEASE, TENSORMAP_ACQUIRE -> Proxy.TENSORMAP;
          };
      Instruction ins =
          new Instruction.ProxyFence(
              kind, Optional.empty(), POS, "fence.proxy." + kind.name().toLowerCase(Locale.ROOT));
      return add(
          tid, position, EventKind.PROXY_FENCE, Semantics.ACQ_REL, Scope.CTA, proxy, "", 0, 0,
          Optional.of(ins));
    }

    /** A pending memory access: set proxy or bytes, then finish with its semantics. */
    final class Access {
      private final EventKind kind;
      private final String location;
      private final boolean reduction;
      private Proxy proxy = Proxy.GENERIC;
      private int offset = 0;
      private int size = 4;

      private Access(EventKind kind, String location, boolean reduction) {
        this.kind = kind;
        this.location = location;
        this.reduction = reduction;
      }

      /** Access through another proxy, e.g. {@code ld("x").proxy(CONSTANT)} for ld.const. */
      Access proxy(Proxy p) {
        this.proxy = p;
        return this;
      }

      /** Access bytes {@code offset .. offset+size-1} of the location (mixed sizes). */
      Access bytes(int offset, int size) {
        this.offset = offset;
        this.size = size;
        return this;
      }

      /** Weak (no qualifier); not allowed for atom/red. */
      int weak() {
        if (kind == EventKind.RMW) {
          throw new IllegalStateException("atom/red cannot be weak");
        }
        return done(Semantics.WEAK, Scope.CTA);
      }

      int relaxed(Scope scope) {
        return done(Semantics.RELAXED, scope);
      }

      int acquire(Scope scope) {
        return done(Semantics.ACQUIRE, scope);
      }

      int release(Scope scope) {
        return done(Semantics.RELEASE, scope);
      }

      int acqRel(Scope scope) {
        return done(Semantics.ACQ_REL, scope);
      }

      private int done(Semantics sem, Scope scope) {
        Optional<Instruction> ins = Optional.empty();
        if (kind == EventKind.RMW) {
          String text =
              (reduction ? "red." : "atom.") + sem.ptxName() + "." + scope.ptxName()
                  + (reduction ? ".add" : ".inc") + ".u32 [" + location + "]";
          ins =
              Optional.of(
                  new Instruction.Rmw(
                      reduction,
                      reduction ? Instruction.AtomicOp.ADD : Instruction.AtomicOp.INC,
                      reduction ? Optional.empty() : Optional.of("r0"),
                      Address.location(location),
                      List.of(Operand.imm(reduction ? 1 : 100)),
                      sem,
                      scope,
                      proxy,
                      StateSpace.GLOBAL,
                      DataType.of(DataType.Kind.U, 32),
                      POS,
                      text));
        }
        return add(tid, position, kind, sem, scope, proxy, location, offset, size, ins);
      }
    }
  }

  /** A built execution: events, po, dep and the model over them, plus relation helpers. */
  record Execution(List<Event> events, Relation po, Relation dep) {
    PtxModel model() {
      return new PtxModel(EventStructure.of(events, po, dep), ModelSpec.ptx());
    }

    int n() {
      return events.size();
    }

    /** The relation with the given pairs, flat: {@code rel(0,1, 2,3)}. */
    Relation rel(int... pairs) {
      return Relation.of(n(), pairs);
    }

    /** The symmetric relation with the given pairs and their inverses. */
    Relation sym(int... pairs) {
      Relation r = rel(pairs);
      return r.union(r.inverse());
    }

    /** The strict total order listing the given events first to last. */
    Relation order(int... ids) {
      Relation.Builder b = Relation.builder(n());
      for (int i = 0; i < ids.length; i++) {
        for (int j = i + 1; j < ids.length; j++) {
          b.add(ids[i], ids[j]);
        }
      }
      return b.build();
    }

    Relation empty() {
      return Relation.empty(n());
    }

    /**
     * Everything the model derives for given choices of rf, Fence-SC order and per-location
     * coherence total order, computed as the enumerator does.
     */
    Derived derive(Relation rf, Relation fenceScOrder, Relation coherenceTotal) {
      return new Derived(model(), rf, fenceScOrder, coherenceTotal);
    }

    /** {@link #derive} with explicit byte sources for the reads (mixed sizes). */
    Derived derive(Relation rf, int[][] byteSources, Relation coherenceTotal) {
      return new Derived(model(), rf, byteSources, empty(), coherenceTotal);
    }

    /** {@link #derive} with no fence.sc order. */
    Derived derive(Relation rf, Relation coherenceTotal) {
      return derive(rf, empty(), coherenceTotal);
    }
  }

  /**
   * The derived relations of one candidate (8.9) and the six axioms over them (8.10), computed
   * along the enumerator's path (byte-wise from-reads and atomicity).
   */
  static final class Derived {
    final PtxModel model;
    final PtxChain.Derivation derivation;
    final Relation rf;
    /** For each read, the write each of its bytes comes from (null for non-reads). */
    final int[][] byteSources;
    final Relation sc;
    final Relation obs;
    final Relation sw;
    final Relation bco;
    final Relation ppbco;
    final Relation cause;
    /** Causality as Causality rule 1 sees it from the reader (the engines' readerCause). */
    final Relation readerCause;
    final Relation co;
    final Relation fr;

    Derived(PtxModel model, Relation rf, Relation sc, Relation total) {
      this(model, rf, wholeReads(model, rf), sc, total);
    }

    /** The model's own chain ({@link PtxChain#derive}); this class only names its parts. */
    Derived(PtxModel model, Relation rf, int[][] byteSources, Relation sc, Relation total) {
      int n = model.events().size();
      Relation none = Relation.empty(n);
      this.model = model;
      this.derivation =
          new PtxChain(model).derive(
              new CandidateExecution(model.events(), model.programOrder(), none,
                  model.dependencies(), none, rf, byteSources, total, sc, none));
      this.rf = rf;
      this.byteSources = byteSources;
      this.sc = sc;
      this.obs = derivation.observed().obs();
      this.sw = derivation.causal().sw();
      this.bco = derivation.causal().bco();
      this.ppbco = derivation.causal().ppbco();
      this.cause = derivation.cause();
      this.readerCause = derivation.causal().readerCause();
      this.co = derivation.co();
      this.fr = derivation.fr();
    }

    /** Each read takes all its bytes from its rf source (a read without one: null). */
    private static int[][] wholeReads(PtxModel model, Relation rf) {
      int n = model.events().size();
      int[][] src = new int[n][];
      for (int r = 0; r < n; r++) {
        var read = model.events().get(r);
        int w = rf.predecessors(r).next(0);
        if (!read.reads() || w < 0) {
          continue;
        }
        src[r] = new int[read.size()];
        Arrays.fill(src[r], w);
      }
      return src;
    }

    /** The violations of all six axioms, in the spec's order; empty when consistent. */
    List<Violation> violations() {
      return new PtxChain(model).violations(derivation);
    }
  }
}
