package io.github.ptxlitmus.litmus;

import java.util.Locale;

/** The proxy through which a memory operation is performed (8.6). */
public enum Proxy {
  /** The generic proxy: ordinary loads and stores. */
  GENERIC,
  /** The texture proxy. */
  TEXTURE,
  /** The surface proxy. */
  SURFACE,
  /** The constant proxy. */
  CONSTANT,
  /** The async proxy. */
  ASYNC,
  /** The tensormap proxy. */
  TENSORMAP;

  /** {@return the name in lower case, as PTX writes it, e.g. {@code "async"}} */
  public String ptxName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
