package io.github.ptxlitmus.model;

import java.util.function.Supplier;

/**
 * Remembers one named value of the model (cat's {@code let}): computed by its definition the
 * first time it is asked for, then returned as is. Thread-safe.
 *
 * @param <T> the value's type
 */
final class Lazy<T> {
  private volatile T value;

  /**
   * The value, computed by {@code definition} on the first call.
   *
   * @param definition computes the value; called at most once
   * @return the value
   */
  T get(Supplier<T> definition) {
    T v = value;
    if (v == null) {
      synchronized (this) {
        v = value;
        if (v == null) {
          v = definition.get();
          value = v;
        }
      }
    }
    return v;
  }
}
