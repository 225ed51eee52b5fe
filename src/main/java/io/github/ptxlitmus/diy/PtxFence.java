package io.github.ptxlitmus.diy;

import io.github.ptxlitmus.litmus.Instruction.ProxyFenceKind;
import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.testing.LitmusBuilder;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The fences a fenced edge may insert (diy's {@code Fenced} edges: {@code <fence>(s|d)(R|W)(R|W)},
 * e.g. {@code Fence.sc.gpudWR}). Names are the PTX instruction with a capital first letter, so
 * that the edge reads like diy's {@code DMB.SYdWR}.
 */
public enum PtxFence {
  /** {@code fence.sc.cta}. */
  FENCE_SC_CTA("Fence.sc.cta", b -> b.fenceSc(Scope.CTA)),
  /** {@code fence.sc.cluster}. */
  FENCE_SC_CLUSTER("Fence.sc.cluster", b -> b.fenceSc(Scope.CLUSTER)),
  /** {@code fence.sc.gpu}. */
  FENCE_SC_GPU("Fence.sc.gpu", b -> b.fenceSc(Scope.GPU)),
  /** {@code fence.sc.sys}. */
  FENCE_SC_SYS("Fence.sc.sys", b -> b.fenceSc(Scope.SYS)),
  /** {@code fence.acq_rel.cta}. */
  FENCE_ACQ_REL_CTA("Fence.acq_rel.cta", b -> b.fenceAcqRel(Scope.CTA)),
  /** {@code fence.acq_rel.cluster}. */
  FENCE_ACQ_REL_CLUSTER("Fence.acq_rel.cluster", b -> b.fenceAcqRel(Scope.CLUSTER)),
  /** {@code fence.acq_rel.gpu}. */
  FENCE_ACQ_REL_GPU("Fence.acq_rel.gpu", b -> b.fenceAcqRel(Scope.GPU)),
  /** {@code fence.acq_rel.sys}. */
  FENCE_ACQ_REL_SYS("Fence.acq_rel.sys", b -> b.fenceAcqRel(Scope.SYS)),
  /** {@code membar.cta}. */
  MEMBAR_CTA("Membar.cta", b -> b.membar(Scope.CTA)),
  /** {@code membar.gl}. */
  MEMBAR_GL("Membar.gl", b -> b.membar(Scope.GPU)),
  /** {@code membar.sys}. */
  MEMBAR_SYS("Membar.sys", b -> b.membar(Scope.SYS)),
  /** {@code bar.sync 0}: waits for every thread of the CTA; use where each CTA has one thread. */
  BAR_SYNC("Bar.sync", b -> b.barSync(0)),
  /** {@code fence.proxy.alias} (8.9.5). */
  FENCE_PROXY_ALIAS("Fence.proxy.alias", b -> b.fenceProxy(ProxyFenceKind.ALIAS));

  private final String edgeName;
  private final Consumer<LitmusBuilder> emit;

  PtxFence(String edgeName, Consumer<LitmusBuilder> emit) {
    this.edgeName = edgeName;
    this.emit = emit;
  }

  /** {@return the name in edges, e.g. {@code "Fence.sc.gpu"}} */
  public String edgeName() {
    return edgeName;
  }

  /** The name in test names: the PTX instruction, e.g. {@code "fence.sc.gpu"}, {@code "membar.gl"}. */
  String nameText() {
    return edgeName.toLowerCase(Locale.ROOT);
  }

  /** Appends the instruction to the thread being built. */
  void emit(LitmusBuilder builder) {
    emit.accept(builder);
  }
}
