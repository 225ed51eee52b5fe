package io.github.ptxlitmus.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The worst cases the benchmark times, as litmus tests, with the answer the PTX model gives: many relaxed
 * writes to one location (decided), and tests whose every allowed state is listed ({@code
 * check --states}), where the cost must follow the distinct states rather than the candidates.
 * Every thread runs in its own CTA of GPU 0, as in {@link Family}.
 */
public final class Stress {
  private Stress() {}

  /**
   * A named case.
   *
   * @param name the case's name, also the test's name (e.g. {@code W8x8-allowed})
   * @param text the litmus test
   * @param listStates whether the case lists every allowed state ({@code check --states}) rather
   *     than deciding the condition
   * @param allowed whether the condition's outcome is allowed (the {@code exists} holds)
   */
  public record Case(String name, String text, boolean listStates, boolean allowed) {}

  /**
   * The cases, in the order {@code bench} reports them: T threads × W writes with the
   * allowed and the forbidden final value for 8 × 8, 16 × 4 and 8 × 12 (decided), then CoWW-8,
   * 4 × 4 and 8 × 2 writes, SB-8, a 2+2W ring of 8 threads with fence.sc and IRIW with 6 fence.sc
   * readers (every state listed).
   *
   * @return the cases, a fresh list
   */
  public static List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    for (int[] tw : new int[][] {{8, 8}, {16, 4}, {8, 12}}) {
      cases.add(writesCase(tw[0], tw[1], true, false));
      cases.add(writesCase(tw[0], tw[1], false, false));
    }
    cases.add(new Case("CoWW-8", Family.COWW.generate(8), true, false));
    cases.add(writesCase(4, 4, true, true));
    cases.add(writesCase(8, 2, true, true));
    cases.add(new Case("SB-8", Family.SB.generate(8), true, false));
    cases.add(new Case("2+2W-8", ring2p2w(8), true, false));
    cases.add(new Case("IRIWsc-6", iriwSc(6), true, false));
    return cases;
  }

  private static Case writesCase(int threads, int writes, boolean allowed, boolean listStates) {
    String name = "W" + threads + "x" + writes + (listStates ? "" : allowed ? "-allowed" : "-forbidden");
    return new Case(name, writes(name, threads, writes, allowed), listStates, allowed);
  }

  /**
   * T threads each writing x W times with relaxed gpu-scoped stores (thread i's k-th write stores
   * i·W + k + 1), asking whether x can end with P0's last value (allowed: its write may be last
   * in coherence order) or with P0's first (forbidden: P0's second write is coherence-after it,
   * 8.10.1 and SC-per-Location 8.10.5).
   *
   * @param name the test's name
   * @param threads T, at least 1
   * @param writes W, at least 2 for the forbidden variant to be forbidden
   * @param lastValue true for P0's last value, false for its first
   * @return the litmus text
   */
  public static String writes(String name, int threads, int writes, boolean lastValue) {
    List<String[]> code = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      String[] t = new String[writes];
      for (int k = 0; k < writes; k++) {
        t[k] = "st.relaxed.gpu x, " + (i * writes + k + 1);
      }
      code.add(t);
    }
    return Family.text(name, "x=0; ", code, "exists (x == " + (lastValue ? writes : 1) + ")");
  }

  /**
   * A 2+2W ring of n threads: thread i stores 1 to x_i, fences with fence.sc.gpu and stores 2 to
   * x_{i+1}, asking whether every x_i ends 1. Forbidden: the Fence-SC order (8.9.4) cannot
   * orient the ring of fences consistently with coherence.
   *
   * @param n threads, at least 2
   * @return the litmus text
   */
  public static String ring2p2w(int n) {
    List<String[]> code = new ArrayList<>();
    List<String> conds = new ArrayList<>();
    StringBuilder init = new StringBuilder();
    for (int i = 0; i < n; i++) {
      init.append("x").append(i).append("=0; ");
      code.add(new String[] {
          "st.relaxed.gpu x" + i + ", 1", "fence.sc.gpu", "st.relaxed.gpu x" + (i + 1) % n + ", 2"});
      conds.add("x" + i + " == 1");
    }
    return Family.text("2+2W-" + n, init.toString(), code,
        "exists (" + String.join(" /\\ ", conds) + ")");
  }

  /**
   * IRIW with r readers, each separating its two loads (x then y, or y then x, alternately) by
   * fence.sc.gpu, asking whether every reader sees the writes in opposite orders. Forbidden: the
   * fences are ordered by Fence-SC (8.9.4) and Causality (8.10.6) forbids one of the two orders.
   *
   * @param readers r, at least 2
   * @return the litmus text
   */
  public static String iriwSc(int readers) {
    List<String[]> code = new ArrayList<>();
    List<String> conds = new ArrayList<>();
    code.add(new String[] {"st.relaxed.gpu x, 1"});
    code.add(new String[] {"st.relaxed.gpu y, 1"});
    for (int i = 0; i < readers; i++) {
      String a = i % 2 == 0 ? "x" : "y";
      String b = i % 2 == 0 ? "y" : "x";
      code.add(new String[] {"ld.relaxed.gpu r0, " + a, "fence.sc.gpu", "ld.relaxed.gpu r1, " + b});
      conds.add("P" + (i + 2) + ":r0 == 1 /\\ P" + (i + 2) + ":r1 == 0");
    }
    return Family.text("IRIWsc-" + readers, "x=0; y=0; ", code,
        "exists (" + String.join(" /\\ ", conds) + ")");
  }
}
