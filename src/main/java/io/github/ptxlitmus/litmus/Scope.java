package io.github.ptxlitmus.litmus;

import java.util.Locale;

/** PTX scopes (8.5), ordered from narrowest to widest. */
public enum Scope {
  /** {@code .cta}: the threads of one CTA. */
  CTA,
  /** {@code .cluster}: the threads of one cluster. */
  CLUSTER,
  /** {@code .gpu}: the threads of one GPU. */
  GPU,
  /** {@code .sys}: every thread of the program, host threads included. */
  SYS;

  /** {@return the PTX qualifier without the dot, e.g. {@code "gpu"}} */
  public String ptxName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
