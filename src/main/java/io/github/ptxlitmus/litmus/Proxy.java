package io.github.ptxlitmus.litmus;

import java.util.Locale;

/** The proxy through which a memory operation is performed (8.6). */
public enum Proxy {
  GENERIC,
  TEXTURE,
  SURFACE,
  CONSTANT,
  ASYNC,
  TENSORMAP;

  public String ptxName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
