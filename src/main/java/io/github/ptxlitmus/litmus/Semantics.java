package io.github.ptxlitmus.litmus;

import java.util.Locale;

/**
 * Memory-ordering semantics of an operation (8.4). {@link #SC} is used only by fences
 * ({@code fence.sc}, {@code membar}).
 */
public enum Semantics {
  /** {@code .weak} (or none): not a strong operation. */
  WEAK,
  /** {@code .relaxed}. */
  RELAXED,
  /** {@code .acquire}. */
  ACQUIRE,
  /** {@code .release}. */
  RELEASE,
  /** {@code .acq_rel}. */
  ACQ_REL,
  /** {@code .sc}: fences only. */
  SC;

  /** {@return the PTX qualifier without the dot, e.g. {@code "acq_rel"}} */
  public String ptxName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** {@return true for every semantics except {@link #WEAK}: the operation is strong (8.4)} */
  public boolean isStrong() {
    return this != WEAK;
  }
}
