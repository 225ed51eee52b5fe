package io.github.ptxlitmus.litmus;

/**
 * State spaces (8.3). {@link #GENERIC} means "not stated": the location is addressed
 * generically and treated as global memory.
 */
public enum StateSpace {
  /** No state space stated: generic addressing, treated as global memory. */
  GENERIC(""),
  /** {@code .global}. */
  GLOBAL(".global"),
  /** {@code .shared::cta} (also {@code .shared}). */
  SHARED_CTA(".shared::cta"),
  /** {@code .shared::cluster}. */
  SHARED_CLUSTER(".shared::cluster"),
  /** {@code .local}. */
  LOCAL(".local"),
  /** {@code .param}. */
  PARAM(".param"),
  /** {@code .const}. */
  CONST(".const");

  private final String ptxName;

  StateSpace(String ptxName) {
    this.ptxName = ptxName;
  }

  /** {@return the PTX qualifier including the dot ({@code ".shared::cta"}), empty for GENERIC} */
  public String ptxName() {
    return ptxName;
  }

  /** {@return true for the shared state spaces, whose effective scope is at most cluster (8.3)} */
  public boolean isShared() {
    return this == SHARED_CTA || this == SHARED_CLUSTER;
  }
}
