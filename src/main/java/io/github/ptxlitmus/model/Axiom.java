package io.github.ptxlitmus.model;

/** The six axioms of the PTX memory consistency model (8.10), with their spec sections. */
public enum Axiom {
  /** Coherence (8.10.1). */
  COHERENCE("Coherence", "8.10.1"),
  /** Fence-SC (8.10.2). */
  FENCE_SC("Fence-SC", "8.10.2"),
  /** Atomicity (8.10.3). */
  ATOMICITY("Atomicity", "8.10.3"),
  /** No-Thin-Air (8.10.4). */
  NO_THIN_AIR("No-Thin-Air", "8.10.4"),
  /** SC-per-Location (8.10.5). */
  SC_PER_LOCATION("SC-per-Location", "8.10.5"),
  /** Causality (8.10.6). */
  CAUSALITY("Causality", "8.10.6");

  private final String title;
  private final String section;

  Axiom(String title, String section) {
    this.title = title;
    this.section = section;
  }

  /** {@return the axiom's name as the spec writes it, e.g. {@code "SC-per-Location"}} */
  public String title() {
    return title;
  }

  /** {@return the spec section, e.g. {@code "8.10.5"}} */
  public String section() {
    return section;
  }
}
