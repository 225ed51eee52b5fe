package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.report.HerdSyntax;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The test-specific C++ of a {@link CudaHarness}: constants (keys, locations and their initial
 * images, the shape of each GPU's part of an instance), one {@code __noinline__} device
 * function per litmus thread holding its PTX in an inline {@code asm volatile} block, one kernel
 * per GPU, and the condition as a C++ predicate over a state. The program around it is the
 * resource {@code harness.cu}.
 */
final class CudaText {
  /** Inline asm takes at most 30 operands; one is the results row. */
  private static final int MAX_BINDINGS = 29;

  private final LitmusTest test;
  private final MemoryLayout layout;
  private final List<String> keys;
  private final List<Placement> placements;
  private final Map<String, Integer> globalIndex = new LinkedHashMap<>();
  private final Map<String, Integer> sharedOffset = new LinkedHashMap<>();
  private final int sharedBytes;
  private final int slotBytes;

  CudaText(LitmusTest test, MemoryLayout layout, List<String> keys, List<Placement> placements) {
    this.test = test;
    this.layout = layout;
    this.keys = keys;
    this.placements = placements;
    int shared = 0;
    int slot = 16;
    for (MemoryLayout.Location l : layout.all()) {
      if (l.space() == MemoryLayout.Space.GLOBAL) {
        globalIndex.put(l.name(), globalIndex.size());
        slot = Math.max(slot, roundUp(l.bytes()));
        l.initialAddressOf().ifPresent(target -> {
          MemoryLayout.Location t = layout.get(target);
          if (t.space() != MemoryLayout.Space.GLOBAL) {
            throw new NotEmittableException(l.decl().position(), "'" + l.name() + "' starts"
                + " with the address of " + t.space().ptx + " memory; the harness sets only"
                + " addresses of global locations before a launch");
          }
        });
      } else if (l.space() == MemoryLayout.Space.SHARED) {
        sharedOffset.put(l.name(), shared);
        shared += roundUp(l.bytes());
      }
    }
    this.sharedBytes = Math.max(16, shared);
    this.slotBytes = slot;
  }

  private static int roundUp(int bytes) {
    return (bytes + 15) / 16 * 16;
  }

  // ---- constants -----------------------------------------------------------------------------

  String constants(int freeBarrier) {
    StringBuilder b = new StringBuilder();
    b.append("#define GPUS ").append(placements.size()).append('\n');
    b.append("#define TEST_THREADS ").append(test.threads().size()).append('\n');
    b.append("#define NKEYS ").append(keys.size()).append('\n');
    b.append("#define NGLOBAL ").append(globalIndex.size()).append('\n');
    b.append("#define SLOT_BYTES ").append(slotBytes).append('\n');
    b.append("#define SHM_BYTES ").append(sharedBytes).append('\n');
    b.append("#define BAR_END ").append(freeBarrier).append('\n');
    b.append("static const char* const TEST_NAME = ").append(string(test.name())).append(";\n");
    b.append("static const char* const TEST_KIND = ")
        .append(string(CudaHarness.kind(test.condition()))).append(";\n");
    b.append("static const int QUANTIFIER = ").append(test.condition().quantifier().ordinal())
        .append("; // 0 exists, 1 ~exists, 2 forall\n");
    b.append("static const char* const CONDITION_TEXT = ")
        .append(string(HerdSyntax.condition(test.condition()))).append(";\n");
    List<String> names = new ArrayList<>();
    List<String> source = new ArrayList<>();
    List<String> fixed = new ArrayList<>();
    for (String k : keys) {
      names.add(string(HerdSyntax.key(k)));
      if (!k.contains(":") && layout.get(k).space() == MemoryLayout.Space.GLOBAL) {
        source.add(Integer.toString(globalIndex.get(k)));
        fixed.add("0");
      } else if (!k.contains(":") && layout.get(k).space() == MemoryLayout.Space.CONST) {
        source.add("-2"); // read-only: its initial value
        fixed.add(ThreadCode.literal(zeroExtended(layout.get(k)), 64, false) + "ULL");
      } else {
        source.add("-1");
        fixed.add("0");
      }
    }
    b.append("static const char* const KEY_NAMES[] = {").append(join(names, "0")).append("};\n");
    b.append("// per key: the global location it reads (index), -1 recorded on the GPU, -2 fixed\n");
    b.append("static const int KEY_SOURCE[] = {").append(join(source, "0")).append("};\n");
    b.append("static const unsigned long long KEY_FIXED[] = {").append(join(fixed, "0"))
        .append("};\n");
    List<String> bytes = new ArrayList<>();
    List<String> init = new ArrayList<>();
    List<String> addr = new ArrayList<>();
    for (MemoryLayout.Location l : layout.all()) {
      if (l.space() != MemoryLayout.Space.GLOBAL) {
        continue;
      }
      bytes.add(Integer.toString(l.bytes()));
      init.add("{" + String.join(", ", initialBytes(l, slotBytes)) + "}");
      addr.add(l.initialAddressOf().map(t -> Integer.toString(globalIndex.get(t))).orElse("-1"));
    }
    b.append("static const int GLOBAL_BYTES[] = {").append(join(bytes, "0")).append("};\n");
    b.append("static const unsigned char GLOBAL_INIT[][SLOT_BYTES] = {")
        .append(join(init, "{0}")).append("};\n");
    b.append("// per global location: the global location whose address it starts with, or -1\n");
    b.append("static const int GLOBAL_INIT_ADDR[] = {").append(join(addr, "-1")).append("};\n");
    byte[] shm = new byte[sharedBytes];
    for (MemoryLayout.Location l : layout.all()) {
      if (l.space() == MemoryLayout.Space.SHARED) {
        List<String> v = initialBytes(l, l.bytes());
        for (int i = 0; i < v.size(); i++) {
          shm[sharedOffset.get(l.name()) + i] = (byte) Integer.parseInt(v.get(i));
        }
      }
    }
    List<String> shmInit = new ArrayList<>();
    for (byte x : shm) {
      shmInit.add(Integer.toString(x & 0xFF));
    }
    b.append("__constant__ unsigned char SHM_INIT[SHM_BYTES] = {")
        .append(String.join(", ", shmInit)).append("};\n");
    for (MemoryLayout.Location l : layout.all()) {
      if (l.space() == MemoryLayout.Space.CONST) {
        b.append("__constant__ __align__(16) unsigned char C_").append(l.name()).append('[')
            .append(l.bytes()).append("] = {")
            .append(String.join(", ", initialBytes(l, l.bytes()))).append("};\n");
      }
    }
    b.append("static bool condition_holds(const long long* v) {\n  (void) v;\n  return ")
        .append(condition(test.condition().body())).append(";\n}\n");
    return b.toString();
  }

  private static String join(List<String> items, String ifEmpty) {
    return items.isEmpty() ? ifEmpty : String.join(", ", items);
  }

  /** Bytes 0..7 of the initial value, then zeros, {@code n} in all. */
  private static List<String> initialBytes(MemoryLayout.Location l, int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      boolean inside = i < l.bytes() && i < 8 && l.initialAddressOf().isEmpty();
      out.add(Long.toString(inside ? (l.initial() >>> (8 * i)) & 0xFF : 0));
    }
    return out;
  }

  /** The initial value as the checker prints the location: its bytes, zero-extended. */
  private static long zeroExtended(MemoryLayout.Location l) {
    int bytes = Math.min(8, l.bytes());
    return bytes >= 8 ? l.initial() : l.initial() & ((1L << (8 * bytes)) - 1);
  }

  private String condition(Condition c) {
    if (c instanceof Condition.And a) {
      return "(" + condition(a.left()) + " && " + condition(a.right()) + ")";
    } else if (c instanceof Condition.Or o) {
      return "(" + condition(o.left()) + " || " + condition(o.right()) + ")";
    } else if (c instanceof Condition.Not n) {
      return "!" + condition(n.operand());
    } else if (c instanceof Condition.Constant k) {
      return k.value() ? "true" : "false";
    }
    Condition.Compare k = (Condition.Compare) c;
    return "(" + term(k.left()) + " " + k.op().symbol() + " " + term(k.right()) + ")";
  }

  private String term(Condition.Term t) {
    if (t instanceof Condition.ConstantTerm k) {
      return k.value() == Long.MIN_VALUE ? "(-9223372036854775807LL - 1)" : k.value() + "LL";
    }
    String key = t instanceof Condition.RegisterTerm r ? "P" + r.thread() + ":" + r.register()
        : ((Condition.LocationTerm) t).location();
    return "v[" + keys.indexOf(key) + "]";
  }

  // ---- threads -------------------------------------------------------------------------------

  /** The device function of one litmus thread. */
  String threadFunction(ThreadCode code, Set<String> used) {
    int id = code.id();
    List<String> bound = new ArrayList<>();
    for (MemoryLayout.Location l : layout.all()) {
      if (used.contains(l.name())) {
        bound.add(l.name());
      }
    }
    if (bound.size() > MAX_BINDINGS) {
      throw new NotEmittableException(PtxModule.where(test, code.thread()), "P" + id + " uses "
          + bound.size() + " locations; an inline asm block takes at most " + MAX_BINDINGS);
    }
    StringBuilder b = new StringBuilder();
    b.append("// ").append(code.thread().name()).append('\n');
    b.append("__device__ __noinline__ void run_P").append(id).append("(unsigned long long* res,"
        + " const unsigned long long* ga, unsigned char* shm) {\n");
    b.append("  (void) ga; (void) shm;\n");
    for (MemoryLayout.Location l : layout.all()) {
      if (l.space() == MemoryLayout.Space.LOCAL && (l.owner() == id || bound.contains(l.name()))) {
        b.append("  __align__(16) unsigned char L_").append(l.name()).append('[')
            .append(l.bytes()).append("] = {")
            .append(String.join(", ", initialBytes(l, l.bytes()))).append("};\n");
      }
    }
    for (String name : bound) {
      b.append("  unsigned long long a_").append(name).append(" = ").append(pointer(name))
          .append(";\n");
    }
    List<String> asm = new ArrayList<>();
    List<String> bindings = new ArrayList<>();
    for (String name : bound) {
      bindings.add(HarnessMemory.binding(name));
    }
    if (!bindings.isEmpty()) {
      asm.add(".reg .b64 " + String.join(", ", bindings) + ";");
    }
    asm.addAll(code.declarations());
    for (int k = 0; k < bound.size(); k++) {
      asm.add("mov.b64 " + bindings.get(k) + ", @" + (k + 1) + ";");
    }
    for (String r : code.litmusRegisters()) {
      asm.add("mov.b64 " + r + ", 0;"); // registers not initialised hold 0, as in the checker
    }
    asm.addAll(code.prologue());
    asm.addAll(code.body());
    for (int k = 0; k < keys.size(); k++) {
      String key = keys.get(k);
      if (key.startsWith("P" + id + ":")
          && test.registers(id).contains(key.substring(key.indexOf(':') + 1))) {
        asm.add("st.u64 [@0+" + 8 * k + "], " + code.reg(key.substring(key.indexOf(':') + 1))
            + ";");
      }
    }
    b.append("  asm volatile(\"{\\n\"\n");
    for (String line : asm) {
      String escaped = line.replace("%", "%%").replace("@0", "%0");
      for (int k = bound.size(); k >= 1; k--) {
        escaped = escaped.replace("@" + k + ";", "%" + k + ";");
      }
      b.append("      \"").append(line.endsWith(":") ? "" : "\\t").append(escaped)
          .append("\\n\"\n");
    }
    b.append("      \"}\\n\"\n      :\n      : \"l\"(res)");
    for (String name : bound) {
      b.append(", \"l\"(a_").append(name).append(')');
    }
    b.append("\n      : \"memory\");\n");
    for (int k = 0; k < keys.size(); k++) {
      String key = keys.get(k);
      if (!key.contains(":") && layout.get(key).space() == MemoryLayout.Space.LOCAL
          && layout.get(key).owner() == id) {
        b.append("  res[").append(k).append("] = load_bytes(L_").append(key).append(", ")
            .append(Math.min(8, layout.get(key).bytes())).append(");\n");
      }
    }
    b.append("}\n\n");
    return b.toString();
  }

  /** The C++ expression of a location's generic address in the running instance. */
  private String pointer(String name) {
    MemoryLayout.Location l = layout.get(name);
    return switch (l.space()) {
      case GLOBAL -> "ga[" + globalIndex.get(name) + "]";
      case SHARED -> "(unsigned long long) (shm + " + sharedOffset.get(name) + ")";
      case CONST -> "(unsigned long long) C_" + name;
      case LOCAL -> "(unsigned long long) L_" + name;
    };
  }

  // ---- kernels -------------------------------------------------------------------------------

  /** The kernel of one GPU's part of an instance. */
  String kernel(Placement p) {
    int g = p.gpu();
    int w = p.warpsPerCta();
    StringBuilder b = new StringBuilder();
    b.append("// GPU ").append(g).append(": ").append(p.ctas()).append(" CTA(s) per instance")
        .append(p.clusterSize() > 1 ? " in clusters of " + p.clusterSize() : "")
        .append(", ").append(w).append(" warp(s) per CTA\n");
    b.append("__global__ void __launch_bounds__(").append(w * Placement.WARP)
        .append(") litmus_gpu").append(g).append("(Params p) {\n");
    b.append("  __shared__ __align__(16) unsigned char shm[SHM_BYTES];\n");
    b.append("  const int role = p.role[blockIdx.x];\n");
    b.append("  if (role < 0) {\n    stress(p, p.stressRounds);\n    return;\n  }\n");
    b.append("  const int instance = role / ").append(p.ctas()).append(";\n");
    b.append("  const int cta = role % ").append(p.ctas()).append(";\n");
    b.append("  if (threadIdx.x == 0) {\n    for (int i = 0; i < SHM_BYTES; i++) shm[i] ="
        + " SHM_INIT[i];\n  }\n");
    b.append("  __syncthreads();\n");
    if (p.clusterSize() > 1) {
      b.append("  asm volatile(\"barrier.cluster.arrive.aligned;\\n\\tbarrier.cluster.wait"
          + ".aligned;\" ::: \"memory\");\n");
    }
    b.append("  if ((threadIdx.x & 31) != 0) return;\n");
    b.append("  const int slot = p.warpSlot[blockIdx.x * ").append(w)
        .append(" + threadIdx.x / 32];\n");
    b.append("  int who = -1, n = 0;\n  switch (cta) {\n");
    Map<Integer, List<Integer>> byCta = new LinkedHashMap<>();
    p.slots().entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(e -> byCta.computeIfAbsent(e.getValue().cta(), c -> new ArrayList<>())
            .add(e.getKey()));
    byCta.forEach((cta, ids) -> {
      b.append("    case ").append(cta).append(":\n      n = ").append(ids.size()).append(";\n");
      for (int id : ids) {
        b.append("      if (slot == ").append(p.slot(id).warp()).append(") who = ").append(id)
            .append(";\n");
      }
      b.append("      break;\n");
    });
    b.append("    default:\n      break;\n  }\n");
    b.append("  if (who < 0) return;\n");
    b.append("  unsigned long long* res = p.results + (size_t) instance * NKEYS;\n");
    b.append("  const unsigned long long* ga = p.gaddr + (size_t) instance * NGLOBAL;\n");
    b.append("  if (p.preStress > 0) stress(p, p.preStress);\n");
    b.append("  start_barrier(p, instance);\n");
    b.append("  switch (who) {\n");
    for (int id : new java.util.TreeSet<>(p.slots().keySet())) {
      b.append("    case ").append(id).append(": run_P").append(id)
          .append("(res, ga, shm); break;\n");
    }
    b.append("    default: break;\n  }\n");
    b.append("  asm volatile(\"bar.sync %0, %1;\" :: \"r\"(BAR_END), \"r\"(32 * n) :"
        + " \"memory\");\n");
    if (p.clusterSize() > 1) {
      b.append("  asm volatile(\"barrier.cluster.arrive;\\n\\tbarrier.cluster.wait;\" :::"
          + " \"memory\");\n");
    }
    List<String> records = new ArrayList<>();
    for (int k = 0; k < keys.size(); k++) {
      String key = keys.get(k);
      if (key.contains(":") || layout.get(key).space() != MemoryLayout.Space.SHARED) {
        continue;
      }
      MemoryLayout.Location l = layout.get(key);
      if (!p.slots().containsKey(l.owner())) {
        continue;
      }
      records.add("  if (who == " + l.owner() + ") res[" + k + "] = load_bytes(shm + "
          + sharedOffset.get(key) + ", " + Math.min(8, l.bytes()) + ");\n");
    }
    records.forEach(b::append);
    b.append("}\n\n");
    return b.toString();
  }

  /** The per-GPU tables the host reads. */
  String kernelTable() {
    List<String> kernels = new ArrayList<>();
    List<String> ctas = new ArrayList<>();
    List<String> clusters = new ArrayList<>();
    List<String> warps = new ArrayList<>();
    for (Placement p : placements) {
      kernels.add("(const void*) litmus_gpu" + p.gpu());
      ctas.add(Integer.toString(p.ctas()));
      clusters.add(Integer.toString(p.clusterSize()));
      warps.add(Integer.toString(p.warpsPerCta()));
    }
    return "static const void* const KERNELS[GPUS] = {" + String.join(", ", kernels) + "};\n"
        + "static const int GPU_CTAS[GPUS] = {" + String.join(", ", ctas) + "};\n"
        + "static const int GPU_CLUSTER[GPUS] = {" + String.join(", ", clusters) + "};\n"
        + "static const int GPU_WARPS[GPUS] = {" + String.join(", ", warps) + "};\n";
  }

  // ---- text ----------------------------------------------------------------------------------

  /** A C++ string literal. */
  static String string(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c >= 32 && c < 127) {
        b.append(c);
      } else {
        b.append('?');
      }
    }
    return b.append('"').toString();
  }

  /** Comment text: printable ASCII. */
  static String comment(String s) {
    return PtxModule.ascii(s).replace("*/", "* /");
  }
}
