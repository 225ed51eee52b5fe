package io.github.ptxlitmus.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;

/**
 * Scaling families of litmus tests, each of N threads, every thread in its own CTA of
 * GPU 0, with the answer the PTX model gives for its condition.
 */
public enum Family {
  /** Ring of weak store, fence.sc.gpu, weak load of the next thread's location: all 0 forbidden. */
  SB(2, false),
  /** The same ring with fence.acq_rel.gpu: all 0 allowed (8.10.6, SB example). */
  SBACQREL(2, true),
  /** A flag passed down a chain with release/acquire: stale data at the end forbidden. */
  MP(2, false),
  /** Ring of relaxed load then store of 1: all loads 1 allowed (8.10.4, LB). */
  LB(2, true),
  /** Ring whose stores write the loaded value: all 1 forbidden (8.10.4, LB+deps). */
  LBDEP(2, false),
  /** Two writers, N−2 acquire readers reading in alternating orders: allowed. */
  IRIW(4, true),
  /** N threads writing x twice, one reader reading x twice: second value then first forbidden. */
  COWW(1, false);

  private final int minimum;
  private final boolean allowed;

  Family(int minimum, boolean allowed) {
    this.minimum = minimum;
    this.allowed = allowed;
  }

  /** The family's name on the command line, e.g. {@code SBacqrel}. */
  public String displayName() {
    return switch (this) {
      case SBACQREL -> "SBacqrel";
      case LBDEP -> "LBdep";
      case COWW -> "CoWW";
      default -> name();
    };
  }

  /** Parses a family name, case-insensitively. */
  public static Family parse(String name) {
    for (Family f : values()) {
      if (f.displayName().equalsIgnoreCase(name)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "unknown family '" + name + "' (expected one of SB, SBacqrel, MP, LB, LBdep, IRIW, CoWW)");
  }

  /** Smallest N. */
  public int minimum() {
    return minimum;
  }

  /** Whether the condition's outcome is allowed by the model (so {@code exists} holds). */
  public boolean expectAllowed() {
    return allowed;
  }

  /**
   * The litmus text of the family at size n.
   *
   * @throws IllegalArgumentException when n is below {@link #minimum()} or above 512
   */
  public String generate(int n) {
    if (n < minimum || n > 512) {
      throw new IllegalArgumentException(
          displayName() + " needs " + minimum + " <= N <= 512, got " + n);
    }
    return switch (this) {
      case SB -> ring(n, "SB", i -> new String[] {
          "st.weak x" + i + ", 1", "fence.sc.gpu", "ld.weak r0, x" + (i + 1) % n},
          i -> "P" + i + ":r0 == 0");
      case SBACQREL -> ring(n, "SBacqrel", i -> new String[] {
          "st.weak x" + i + ", 1", "fence.acq_rel.gpu", "ld.weak r0, x" + (i + 1) % n},
          i -> "P" + i + ":r0 == 0");
      case LB -> ring(n, "LB", i -> new String[] {
          "ld.relaxed.gpu r0, x" + i, "st.relaxed.gpu x" + (i + 1) % n + ", 1"},
          i -> "P" + i + ":r0 == 1");
      case LBDEP -> ring(n, "LBdep", i -> new String[] {
          "ld.relaxed.gpu r0, x" + i, "add r1, r0, 0", "st.relaxed.gpu x" + (i + 1) % n + ", r0"},
          i -> "P" + i + ":r0 == 1");
      case MP -> mp(n);
      case IRIW -> iriw(n);
      case COWW -> coww(n);
    };
  }

  private static String ring(
      int n, String name, IntFunction<String[]> code, IntFunction<String> outcome) {
    List<String[]> threads = new ArrayList<>();
    List<String> conds = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      threads.add(code.apply(i));
      conds.add(outcome.apply(i));
    }
    StringBuilder init = new StringBuilder();
    for (int i = 0; i < n; i++) {
      init.append("x").append(i).append("=0; ");
    }
    return text(name + "-" + n, init.toString(), threads, "exists (" + String.join(" /\\ ", conds) + ")");
  }

  private static String mp(int n) {
    List<String[]> threads = new ArrayList<>();
    List<String> conds = new ArrayList<>();
    StringBuilder init = new StringBuilder("d=0; ");
    threads.add(new String[] {"st.weak d, 1", "st.release.gpu f1, 1"});
    for (int i = 1; i < n; i++) {
      init.append("f").append(i).append("=0; ");
      conds.add("P" + i + ":r0 == 1");
      if (i < n - 1) {
        threads.add(new String[] {"ld.acquire.gpu r0, f" + i, "st.release.gpu f" + (i + 1) + ", 1"});
      } else {
        threads.add(new String[] {"ld.acquire.gpu r0, f" + i, "ld.weak r1, d"});
      }
    }
    conds.add("P" + (n - 1) + ":r1 == 0");
    return text("MP-" + n, init.toString(), threads, "exists (" + String.join(" /\\ ", conds) + ")");
  }

  private static String iriw(int n) {
    List<String[]> threads = new ArrayList<>();
    List<String> conds = new ArrayList<>();
    threads.add(new String[] {"st.relaxed.gpu x, 1"});
    threads.add(new String[] {"st.relaxed.gpu y, 1"});
    for (int i = 2; i < n; i++) {
      boolean xFirst = i % 2 == 0;
      String a = xFirst ? "x" : "y";
      String b = xFirst ? "y" : "x";
      threads.add(new String[] {"ld.acquire.gpu r0, " + a, "ld.acquire.gpu r1, " + b});
      conds.add("P" + i + ":r0 == 1 /\\ P" + i + ":r1 == 0");
    }
    return text("IRIW-" + n, "x=0; y=0; ", threads, "exists (" + String.join(" /\\ ", conds) + ")");
  }

  private static String coww(int n) {
    List<String[]> threads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      threads.add(new String[] {
          "st.relaxed.gpu x, " + (2 * i + 1), "st.relaxed.gpu x, " + (2 * i + 2)});
    }
    threads.add(new String[] {"ld.relaxed.gpu r0, x", "ld.relaxed.gpu r1, x"});
    return text("CoWW-" + n, "x=0; ", threads,
        "exists (P" + n + ":r0 == 2 /\\ P" + n + ":r1 == 1)");
  }

  /**
   * Lays out threads as a litmus table, one thread per column, thread i in CTA i of GPU 0, with
   * a comment line naming the generator.
   */
  static String text(String name, String init, List<String[]> threads, String cond) {
    int rows = threads.stream().mapToInt(t -> t.length).max().orElse(0);
    StringBuilder sb = new StringBuilder();
    sb.append("PTX ").append(name).append('\n');
    sb.append("\"generated by ptx-litmus generate: ").append(name).append("\"\n");
    sb.append("{ ").append(init).append("}\n");
    List<String> header = new ArrayList<>();
    for (int i = 0; i < threads.size(); i++) {
      header.add("P" + i + "@cta " + i + ",gpu 0");
    }
    sb.append(' ').append(String.join(" | ", header)).append(" ;\n");
    for (int r = 0; r < rows; r++) {
      List<String> cells = new ArrayList<>();
      for (String[] t : threads) {
        cells.add(r < t.length ? t[r] : "");
      }
      sb.append(' ').append(String.join(" | ", cells)).append(" ;\n");
    }
    sb.append(cond).append('\n');
    return sb.toString();
  }
}
