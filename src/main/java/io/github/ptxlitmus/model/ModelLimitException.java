package io.github.ptxlitmus.model;

/**
 * Thrown by a {@link MemoryModel#check} that cannot decide a candidate within a bound of its
 * own (e.g. a cat model whose coherence sub-orders are too many to enumerate). The search
 * then stops and the result is {@code Unknown}, naming {@link #limit()}: a limit of the
 * model, not an error of the test.
 */
public final class ModelLimitException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception; its message is {@code limit}.
   *
   * @param limit the bound that was hit, as a phrase for reports
   */
  public ModelLimitException(String limit) {
    super(limit);
  }

  /**
   * {@return the bound that was hit, e.g. {@code "cat model: 7 writes to one location (at most
   * 6)"}}
   */
  public String limit() {
    return getMessage();
  }
}
