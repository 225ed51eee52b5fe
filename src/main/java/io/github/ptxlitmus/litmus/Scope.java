package io.github.ptxlitmus.litmus;

import java.util.Locale;

/** PTX scopes (8.5), ordered from narrowest to widest. */
public enum Scope {
  CTA,
  CLUSTER,
  GPU,
  SYS;

  /** {@return the PTX qualifier without the dot, e.g. {@code "gpu"}} */
  public String ptxName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
