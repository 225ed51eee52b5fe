package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.FinalCondition;
import io.github.ptxlitmus.litmus.Instruction;
import io.github.ptxlitmus.litmus.LitmusPrinter;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.Operand;
import io.github.ptxlitmus.litmus.SourcePosition;
import io.github.ptxlitmus.litmus.ThreadSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A litmus test as a self-contained CUDA C++ program (litmus7 for GPUs). Each thread's
 * instructions are the PTX the module emitter writes ({@link ThreadCode}, one translation),
 * placed in an inline {@code asm volatile} block whose address registers are bound to the
 * running instance's locations ({@link HarnessMemory}). The program runs many instances of the
 * test per kernel launch and many launches, and prints each observed final state with its
 * count in herd's log format (docs/gpu-testing.md describes the techniques and options):
 *
 * <ul>
 *   <li>threads placed as the scope tree says: a CTA of the test is a CTA of the grid, the CTAs
 *       of a cluster one cluster (launched with a cluster-dimension attribute), each litmus
 *       thread lane 0 of its own warp; threads on two GPUs run as one kernel per GPU over
 *       peer-accessible memory, and the program refuses to run, with a message, where fewer
 *       GPUs are present;
 *   <li>thread randomization: each launch shuffles which grid CTAs (or clusters) run which
 *       instance's CTAs and which warp of a CTA runs which litmus thread;
 *   <li>location randomization: each launch puts each instance's global locations in shuffled
 *       slots of a memory region larger than they need;
 *   <li>memory stress: extra CTAs (and, optionally, the testing threads before they start)
 *       read and write a scratch region in one of four patterns;
 *   <li>barrier-synchronized starts: the threads of an instance meet at a spin barrier (with a
 *       spin limit, so a launch never hangs) before their first instruction.
 * </ul>
 *
 * <p>The test's keys (the condition's registers and locations and those of a {@code
 * locations} clause) are recorded per instance: registers by the threads, shared and local
 * locations by their owners after the CTA's (and cluster's) last barrier, global locations by
 * the host after the launch. Location values are zero-extended from their width, as the
 * checker prints them.
 */
public final class CudaHarness {
  private static final String TEMPLATE = "harness.cu";
  private final String text;
  private final PtxTarget target;

  private CudaHarness(String text, PtxTarget target) {
    this.text = text;
    this.target = target;
  }

  /**
   * Writes a test as a harness.
   *
   * @param test a parsed test
   * @return the harness
   * @throws NotEmittableException when the test has host threads, a form without a PTX
   *     equivalent, a {@code filter}, shared memory used from another GPU, or barrier ids in
   *     registers (the harness needs one barrier id the test leaves free)
   */
  public static CudaHarness of(LitmusTest test) {
    for (ThreadSpec t : test.threads()) {
      if (t.position().isHost()) {
        throw new NotEmittableException(PtxModule.where(test, t), t.name() + " is a host"
            + " thread: host code and CUDA API calls are not PTX");
      }
    }
    if (test.filter().isPresent()) {
      throw new NotEmittableException(PtxModule.start(test), "the harness"
          + " records every final state; a filter clause is not supported (drop it and read"
          + " the log)");
    }
    List<Placement> placements = Placement.of(test);
    if (placements.isEmpty()) {
      throw new NotEmittableException(PtxModule.start(test),
          "the test has no GPU threads");
    }
    MemoryLayout layout = MemoryLayout.of(test);
    int freeBarrier = freeBarrier(test);
    List<String> keys = keys(test);
    Map<Integer, Placement> placementOf = new TreeMap<>();
    for (Placement p : placements) {
      p.slots().keySet().forEach(id -> placementOf.put(id, p));
    }
    for (MemoryLayout.Location l : layout.all()) {
      if (l.space() == MemoryLayout.Space.SHARED) {
        sharedOnOneGpu(test, l, placementOf);
      }
    }
    CudaText cuda = new CudaText(test, layout, keys, placements);
    PtxTarget target = PtxTarget.BASE;
    StringBuilder threads = new StringBuilder();
    for (ThreadSpec t : test.threads()) {
      Placement p = placementOf.get(t.id());
      HarnessMemory memory = new HarnessMemory(layout, p);
      Placement.Slot slot = p.slot(t.id());
      ThreadCode code = new ThreadCode(test, t, layout, memory,
          p.threadsPerCta().get(slot.cta()), p.warpsPerCta());
      target = target.max(code.needs());
      threads.append(cuda.threadFunction(code, memory.used()));
    }
    if (placements.stream().anyMatch(p -> p.clusterSize() > 1)) {
      target = target.max(PtxTarget.sm(90));
    }
    StringBuilder code = new StringBuilder(threads);
    for (Placement p : placements) {
      code.append(cuda.kernel(p));
    }
    code.append(cuda.kernelTable());
    String program = template()
        .replace("@@HEADER@@", header(test, placements, target))
        .replace("@@CONSTANTS@@", cuda.constants(freeBarrier))
        .replace("@@CODE@@", code.toString());
    return new CudaHarness(program, target);
  }

  /** {@return the program's text} */
  public String text() {
    return text;
  }

  /**
   * The target the test's instructions need; {@link #nvccArch()} is what the harness is
   * compiled for.
   *
   * @return the lowest target of the instructions
   */
  public PtxTarget target() {
    return target;
  }

  /**
   * The {@code -arch} to compile with: the instructions' target, at least {@code sm_75}, the
   * oldest architecture current CUDA toolkits (13.x) compile for.
   *
   * @return e.g. {@code sm_90}
   */
  public String nvccArch() {
    return "sm_" + Math.max(75, target.sm());
  }

  /** The keys a state records, in the checker's order: registers by thread, then locations. */
  static List<String> keys(LitmusTest test) {
    Set<String> keys = new LinkedHashSet<>();
    for (Condition.Term t : test.observed()) {
      t.stateKey().ifPresent(keys::add);
    }
    keys.addAll(test.condition().body().stateKeys());
    TreeSet<String> sorted = new TreeSet<>(io.github.ptxlitmus.check.FinalState.KEY_ORDER);
    sorted.addAll(keys);
    return List.copyOf(sorted);
  }

  /** The highest barrier id the test's barriers do not name; the harness's end barrier. */
  private static int freeBarrier(LitmusTest test) {
    Set<Long> used = new TreeSet<>();
    for (ThreadSpec t : test.threads()) {
      for (Instruction i : t.instructions()) {
        if (i instanceof Instruction.Barrier b) {
          if (b.id() instanceof Operand.Imm imm) {
            used.add(imm.value());
          } else {
            throw new NotEmittableException(i.position(), "a barrier id in a register: the"
                + " harness needs a barrier id that the test leaves free");
          }
        }
      }
    }
    for (int id = 15; id >= 1; id--) {
      if (!used.contains((long) id)) {
        return id;
      }
    }
    throw new NotEmittableException(PtxModule.start(test), "the test uses"
        + " barrier ids 1..15; the harness needs one that the test leaves free");
  }

  private static void sharedOnOneGpu(LitmusTest test, MemoryLayout.Location l,
      Map<Integer, Placement> placementOf) {
    Placement home = placementOf.get(l.owner());
    for (ThreadSpec t : test.threads()) {
      for (Instruction i : t.instructions()) {
        for (MemoryLayout.Use u : MemoryLayout.uses(i)) {
          if (!u.address().isRegister() && u.address().name().equals(l.name())
              && placementOf.get(t.id()) != home) {
            throw new NotEmittableException(i.position(), "'" + l.name() + "' is shared"
                + " memory of a CTA on another GPU; no GPU reaches another's shared memory");
          }
        }
      }
    }
  }

  private static String header(LitmusTest test, List<Placement> placements, PtxTarget target) {
    StringBuilder b = new StringBuilder();
    b.append("// ").append(CudaText.comment(test.name())).append(": generated by ptx-litmus from ")
        .append(CudaText.comment(test.source())).append('\n');
    for (String d : test.descriptions()) {
      b.append("// ").append(CudaText.comment(d.replace('\n', ' '))).append('\n');
    }
    for (ThreadSpec t : test.threads()) {
      Placement p = placements.stream().filter(x -> x.slots().containsKey(t.id())).findFirst()
          .orElseThrow();
      Placement.Slot s = p.slot(t.id());
      b.append("// ").append(t.name()).append(" (").append(t.position().headerText())
          .append("): GPU ").append(p.gpu()).append(", test CTA ").append(s.cta())
          .append(p.clusterSize() > 1 ? " (cluster rank " + s.rank() + ")" : "")
          .append(", its own warp\n");
    }
    b.append("// ").append(test.condition().quantifier().keyword()).append(" (")
        .append(CudaText.comment(LitmusPrinter.condition(test.condition().body()))).append(")\n");
    b.append("// The instructions need ").append(target).append(". Build and run:\n");
    b.append("//   nvcc -O3 -arch=sm_").append(Math.max(75, target.sm()))
        .append(" -o TEST TEST.cu     (TEST: this file's name without .cu)\n");
    b.append("//   ./TEST -n 1000 > TEST.log\n");
    return b.toString();
  }

  private static String template() {
    try (InputStream in = CudaHarness.class.getResourceAsStream(TEMPLATE)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + TEMPLATE);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The condition's quantifier as herd's {@code Test} line names it. */
  static String kind(FinalCondition c) {
    return switch (c.quantifier()) {
      case EXISTS -> "Allowed";
      case NOT_EXISTS -> "Forbidden";
      case FORALL -> "Required";
    };
  }
}
