package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.litmus.LitmusPrinter;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.litmus.SourcePosition;
import io.github.ptxlitmus.litmus.StateSpace;
import io.github.ptxlitmus.litmus.ThreadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A litmus test as one PTX module: its locations as {@code .global}, {@code .shared} and
 * {@code .const} variables of their declared types (shared variables, which PTX cannot
 * initialise, are set by thread 0 of their CTA before a {@code bar.sync 0}), and one {@code
 * .entry} kernel whose threads branch to their litmus thread by their place in the scope tree
 * ({@link Placement}: CTA {@code %ctaid.x}, warp {@code %tid.x / 32}, lane 0; the other lanes
 * leave). The {@code .target} and {@code .version} are the lowest that the emitted instructions
 * need ({@link PtxTarget}). The module assembles with {@code ptxas}; it does not record
 * outcomes (the CUDA harness does).
 */
public final class PtxModule {
  private final String name;
  private final String text;
  private final PtxTarget target;
  private final Placement placement;

  private PtxModule(String name, String text, PtxTarget target, Placement placement) {
    this.name = name;
    this.text = text;
    this.target = target;
    this.placement = placement;
  }

  /**
   * Writes a test as a module.
   *
   * @param test a parsed test
   * @return the module
   * @throws NotEmittableException when the test has host threads, threads on several GPUs or
   *     a form without a PTX equivalent (the message names it and its position)
   */
  public static PtxModule of(LitmusTest test) {
    Placement placement = singleGpu(test);
    MemoryLayout layout = MemoryLayout.of(test);
    ModuleMemory memory = new ModuleMemory(layout, placement);
    List<ThreadCode> threads = new ArrayList<>();
    for (ThreadSpec t : test.threads()) {
      Placement.Slot slot = placement.slot(t.id());
      threads.add(new ThreadCode(test, t, layout, memory,
          placement.threadsPerCta().get(slot.cta()), placement.warpsPerCta()));
    }
    PtxTarget target = PtxTarget.BASE;
    for (ThreadCode c : threads) {
      target = target.max(c.needs());
    }
    String kernel = identifier(test.name());
    StringBuilder b = new StringBuilder();
    List<String> setup = new ArrayList<>();
    target = target.max(setup(layout, placement, setup));
    b.append(header(test, placement));
    b.append(".version ").append(target.version()).append('\n');
    b.append(".target ").append(target.smName()).append('\n');
    b.append(".address_size 64\n\n");
    for (MemoryLayout.Location l : layout.all()) {
      if (l.space() != MemoryLayout.Space.LOCAL) {
        b.append(declaration(l)).append('\n');
      }
    }
    b.append('\n');
    b.append(".visible .entry ").append(kernel).append("()\n");
    b.append("  .reqntid ").append(placement.blockThreads()).append(", 1, 1\n");
    if (placement.clusterSize() > 1) {
      b.append("  .reqnctapercluster ").append(placement.clusterSize()).append(", 1, 1\n");
    }
    b.append("{\n");
    b.append("  .reg .b32 %k_tid, %k_cta, %k_lane, %k_warp;\n");
    b.append("  .reg .pred %k_p;\n");
    for (MemoryLayout.Location l : layout.all()) {
      if (l.space() == MemoryLayout.Space.LOCAL) {
        b.append("  ").append(declaration(l)).append('\n'); // a thread's own memory (8.3)
      }
    }
    for (ThreadCode c : threads) {
      c.declarations().forEach(d -> b.append("  ").append(d).append('\n'));
    }
    b.append("  mov.u32 %k_tid, %tid.x;\n");
    b.append("  mov.u32 %k_cta, %ctaid.x;\n");
    setup.forEach(l -> b.append(l.endsWith(":") ? l : "  " + l).append('\n'));
    b.append("  and.b32 %k_lane, %k_tid, 31;\n");
    b.append("  setp.ne.u32 %k_p, %k_lane, 0;\n");
    b.append("  @%k_p bra DONE;\n");
    b.append("  shr.u32 %k_warp, %k_tid, 5;\n");
    for (ThreadCode c : threads) {
      Placement.Slot s = placement.slot(c.id());
      b.append("  setp.eq.u32 %k_p, %k_cta, ").append(s.cta()).append(";\n");
      b.append("  @!%k_p bra NOT_P").append(c.id()).append(";\n");
      b.append("  setp.eq.u32 %k_p, %k_warp, ").append(s.warp()).append(";\n");
      b.append("  @%k_p bra P").append(c.id()).append("_START;\n");
      b.append("NOT_P").append(c.id()).append(":\n");
    }
    b.append("  bra DONE;\n");
    for (ThreadCode c : threads) {
      b.append("P").append(c.id()).append("_START:\n");
      for (MemoryLayout.Location l : layout.all()) {
        if (l.space() == MemoryLayout.Space.LOCAL && l.owner() == c.id()) {
          initialStores("st.local", l).forEach(x -> b.append("  ").append(x).append('\n'));
        }
      }
      c.prologue().forEach(l -> b.append("  ").append(l).append('\n'));
      for (String l : c.body()) {
        b.append(l.endsWith(":") ? l : "  " + l).append('\n');
      }
      b.append("  bra DONE;\n");
    }
    b.append("DONE:\n  ret;\n}\n");
    return new PtxModule(kernel, b.toString(), target, placement);
  }

  /** The placement of a test that runs on one GPU, without host threads. */
  static Placement singleGpu(LitmusTest test) {
    for (ThreadSpec t : test.threads()) {
      if (t.position().isHost()) {
        throw new NotEmittableException(where(test, t), t.name() + " is a host thread: host"
            + " code and CUDA API calls are not PTX");
      }
    }
    List<Placement> placements = Placement.of(test);
    if (placements.size() != 1) {
      // At the first thread that runs on another GPU than P0.
      ThreadSpec other = test.threads().stream()
          .filter(t -> t.position().gpu() != test.threads().get(0).position().gpu())
          .findFirst().orElse(test.threads().get(0));
      throw new NotEmittableException(where(test, other), other.name() + " runs on another GPU"
          + " than P0 (the threads run on " + placements.size() + " GPUs); one PTX kernel runs"
          + " on one GPU");
    }
    return placements.get(0);
  }

  /** The thread's first instruction, or the file. */
  static SourcePosition where(LitmusTest test, ThreadSpec t) {
    return t.instructions().isEmpty() ? start(test) : t.instructions().get(0).position();
  }

  /** The start of the test's file: where a refusal of the test as a whole is reported. */
  static SourcePosition start(LitmusTest test) {
    return new SourcePosition(test.source(), 1, 1);
  }

  /** Shared variables get their initial values from thread 0 of their CTA, then a barrier. */
  private static PtxTarget setup(MemoryLayout layout, Placement placement, List<String> out) {
    Map<Integer, List<String>> byCta = new TreeMap<>();
    for (MemoryLayout.Location l : layout.all()) {
      if (l.space() != MemoryLayout.Space.SHARED && l.space() != MemoryLayout.Space.LOCAL) {
        continue;
      }
      if (l.initialAddressOf().isPresent()) {
        throw new NotEmittableException(l.decl().position(), "'" + l.name() + "' in "
            + l.space().ptx + " memory starts with an address; set it in a thread instead");
      }
      if (l.space() == MemoryLayout.Space.LOCAL) {
        continue; // set by its owner thread (below)
      }
      int cta = placement.slot(l.owner()).cta();
      byCta.computeIfAbsent(cta, c -> new ArrayList<>()).addAll(
          initialStores("st.shared", l));
    }
    if (byCta.isEmpty()) {
      return PtxTarget.BASE;
    }
    out.add("setp.ne.u32 %k_p, %k_tid, 0;");
    out.add("@%k_p bra INIT_DONE;");
    byCta.forEach((cta, stores) -> {
      out.add("setp.ne.u32 %k_p, %k_cta, " + cta + ";");
      out.add("@%k_p bra INIT_" + cta + "_DONE;");
      out.addAll(stores);
      out.add("INIT_" + cta + "_DONE:");
    });
    out.add("INIT_DONE:");
    out.add("bar.sync 0;");
    if (placement.clusterSize() > 1) {
      out.add("barrier.cluster.arrive.aligned;");
      out.add("barrier.cluster.wait.aligned;");
      return PtxTarget.sm(90);
    }
    return PtxTarget.BASE;
  }

  /** Stores that give a location its initial value: bytes 0..7 as declared, the rest 0. */
  static List<String> initialStores(String store, MemoryLayout.Location l) {
    List<String> out = new ArrayList<>();
    int off = 0;
    while (off < l.bytes()) {
      int size = 8;
      while (size > 1 && (off % size != 0 || off + size > l.bytes())) {
        size /= 2;
      }
      long value = 0;
      for (int k = 0; k < size; k++) {
        int at = off + k;
        long b = at < 8 ? (l.initial() >>> (8 * at)) & 0xFF : 0;
        value |= b << (8 * k);
      }
      out.add(store + ".b" + 8 * size + " [" + l.name() + (off == 0 ? "" : "+" + off) + "], "
          + ThreadCode.literal(value, 8 * size, false) + ";");
      off += size;
    }
    return out;
  }

  /** The variable declaration of a location. */
  static String declaration(MemoryLayout.Location l) {
    String type = l.initialAddressOf().isPresent() ? ".u64" : l.type();
    String head = l.space().ptx + " .align " + (l.bytes() >= 16 ? 16 : 8) + " " + type + " "
        + l.name() + (l.count() > 1 ? "[" + l.count() + "]" : "");
    if (l.space() == MemoryLayout.Space.SHARED || l.space() == MemoryLayout.Space.LOCAL) {
      return head + ";";
    }
    if (l.initialAddressOf().isPresent()) {
      return head + " = generic(" + l.initialAddressOf().get() + ");";
    }
    return head + " = " + initializer(l) + ";";
  }

  private static String initializer(MemoryLayout.Location l) {
    if (l.count() > 1) {
      List<String> bytes = new ArrayList<>();
      for (int k = 0; k < l.count(); k++) {
        bytes.add(Long.toString(k < 8 ? (l.initial() >>> (8 * k)) & 0xFF : 0));
      }
      return "{" + String.join(", ", bytes) + "}";
    }
    int bits = l.bytes() * 8;
    return switch (l.type()) {
      case ".f32" -> String.format(Locale.ROOT, "0f%08X", l.initial() & 0xFFFFFFFFL);
      case ".f64" -> String.format(Locale.ROOT, "0d%016X", l.initial());
      default -> ThreadCode.literal(l.initial(), bits, l.type().startsWith(".s"));
    };
  }

  /** Comment text ptxas reads: ASCII only (it stops at any other character, even in comments). */
  static String ascii(String s) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      b.append(c >= 32 && c < 127 ? c : c == '\t' ? ' ' : '?');
    }
    return b.toString();
  }

  /** Comment lines: where the test comes from and how its threads are placed. */
  private static String header(LitmusTest test, Placement placement) {
    StringBuilder b = new StringBuilder();
    b.append("// ").append(ascii(test.name())).append(": generated by ptx-litmus from ")
        .append(ascii(test.source())).append('\n');
    for (String d : test.descriptions()) {
      b.append("// ").append(ascii(d.replace('\n', ' '))).append('\n');
    }
    for (ThreadSpec t : test.threads()) {
      Placement.Slot s = placement.slot(t.id());
      b.append("// ").append(t.name()).append(" (").append(t.position().headerText())
          .append("): CTA ").append(s.cta()).append(", warp ").append(s.warp()).append(", lane 0")
          .append('\n');
    }
    b.append("// ").append(test.condition().quantifier().keyword()).append(" (")
        .append(ascii(LitmusPrinter.condition(test.condition().body()))).append(")\n");
    return b.toString();
  }

  /**
   * A PTX identifier for a test name: letters, digits, {@code _} and {@code $} kept, every
   * other character {@code _}, a leading digit prefixed.
   *
   * @param name a test name
   * @return an identifier
   */
  public static String identifier(String name) {
    StringBuilder b = new StringBuilder();
    for (char c : name.toCharArray()) {
      b.append((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
          || c == '_' || c == '$' ? c : '_');
    }
    if (b.length() == 0 || !Character.isLetter(b.charAt(0))) {
      b.insert(0, "litmus_");
    }
    return b.toString();
  }

  /** {@return the module's text} */
  public String text() {
    return text;
  }

  /** {@return the lowest target and PTX ISA version it needs} */
  public PtxTarget target() {
    return target;
  }

  /** {@return the kernel's name} */
  public String kernel() {
    return name;
  }

  /** {@return where the threads run} */
  public Placement placement() {
    return placement;
  }

  /** Addresses through the module's variables; another CTA's shared memory through mapa. */
  private static final class ModuleMemory implements Memory {
    private final MemoryLayout layout;
    private final Placement placement;

    ModuleMemory(MemoryLayout layout, Placement placement) {
      this.layout = layout;
      this.placement = placement;
    }

    @Override
    public String address(String location, StateSpace window, ThreadCode code) {
      MemoryLayout.Location l = layout.get(location);
      if (l.space() != MemoryLayout.Space.SHARED) {
        return location;
      }
      Placement.Slot owner = placement.slot(l.owner());
      if (owner.cta() == placement.slot(code.id()).cta()) {
        return location;
      }
      if (window == StateSpace.SHARED_CLUSTER) {
        return code.cached("cluster:" + location, () -> {
          String t = code.temp("b32");
          code.prologue("mapa.shared::cluster.u32 " + t + ", " + location + ", "
              + owner.rank() + ";");
          return t;
        });
      }
      return genericAddress(location, code);
    }

    @Override
    public String genericAddress(String location, ThreadCode code) {
      MemoryLayout.Location l = layout.get(location);
      return code.cached("generic:" + location, () -> {
        String t = code.temp("b64");
        code.prologue("cvta" + l.space().ptx + ".u64 " + t + ", " + location + ";");
        if (l.space() == MemoryLayout.Space.SHARED) {
          Placement.Slot owner = placement.slot(l.owner());
          if (owner.cta() != placement.slot(code.id()).cta()) {
            String r = code.temp("b64");
            code.prologue("mapa.u64 " + r + ", " + t + ", " + owner.rank() + ";");
            return r;
          }
        }
        return t;
      });
    }
  }
}
