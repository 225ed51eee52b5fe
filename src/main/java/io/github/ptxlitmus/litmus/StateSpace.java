package io.github.ptxlitmus.litmus;

import java.util.Locale;

/**
 * State spaces (8.3). {@link #GENERIC} means "not stated": the location is addressed
 * generically and treated as global memory.
 */
public enum StateSpace {
  /** No state space stated: generic addressing, treated as global memory. */
  GENERIC,
  /** {@code .global}. */
  GLOBAL,
  /** {@code .shared::cta} (also {@code .shared}). */
  SHARED_CTA,
  /** {@code .shared::cluster}. */
  SHARED_CLUSTER,
  /** {@code .local}. */
  LOCAL,
  /** {@code .param}. */
  PARAM,
  /** {@code .const}. */
  CONST;

  /**
   * {@return the PTX qualifier including the dot ({@code ".shared::cta"}), empty for GENERIC}:
   * like {@link Scope#ptxName()}, the constant's name in lower case, with {@code ::} for the
   * underscore of the shared spaces.
   */
  public String ptxName() {
    return this == GENERIC ? "" : "." + name().toLowerCase(Locale.ROOT).replace("_", "::");
  }

  /** {@return true for the shared state spaces, whose effective scope is at most cluster (8.3)} */
  public boolean isShared() {
    return this == SHARED_CTA || this == SHARED_CLUSTER;
  }
}
