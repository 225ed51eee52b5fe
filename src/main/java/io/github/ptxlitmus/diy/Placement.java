package io.github.ptxlitmus.diy;

import java.util.Locale;

/**
 * Where the two threads of an external edge sit: the smallest scope instance (8.5) holding
 * both. Written after the edge with {@code @}: {@code Rfe@cta} (same CTA), {@code Fre@cluster}
 * (same cluster, different CTAs), {@code Coe@gpu} (same GPU, different clusters; the default),
 * {@code Rfe@sys} (different GPUs).
 */
public enum Placement {
  /** Same CTA ({@code @cta}). */
  CTA,
  /** Same cluster, different CTAs ({@code @cluster}). */
  CLUSTER,
  /** Same GPU, different clusters ({@code @gpu}, the default). */
  GPU,
  /** Different GPUs ({@code @sys}). */
  SYS;

  /** {@return the word after {@code @}, e.g. {@code "cta"}} */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses the word after {@code @}.
   *
   * @throws IllegalArgumentException for anything but cta, cluster, gpu or sys
   */
  static Placement parse(String word) {
    for (Placement p : values()) {
      if (p.word().equals(word)) {
        return p;
      }
    }
    throw new IllegalArgumentException("unknown placement '@" + word
        + "' (expected @cta, @cluster, @gpu or @sys)");
  }
}
