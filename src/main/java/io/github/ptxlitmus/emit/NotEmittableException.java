package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.litmus.SourcePosition;

/**
 * A litmus test has no PTX equivalent as one module or harness: host threads and CUDA API
 * calls, threads on several GPUs, Dat3M forms that name no PTX instruction (surface and
 * constant proxy accesses of ordinary memory, aliases of one location under two virtual
 * addresses). The message is {@code file:line:col: cannot be emitted as PTX: reason}.
 */
public final class NotEmittableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Where the offending instruction or declaration is (not serialized). */
  private final transient SourcePosition position;

  /** One line, without the position. */
  private final String reason;

  /**
   * A refusal at a position.
   *
   * @param position the instruction or declaration that has no PTX equivalent
   * @param reason one line saying why, without the position
   */
  public NotEmittableException(SourcePosition position, String reason) {
    super(position + ": cannot be emitted as PTX: " + reason);
    this.position = position;
    this.reason = reason;
  }

  /** {@return where the offending instruction or declaration is} */
  public SourcePosition position() {
    return position;
  }

  /** {@return the one-line reason, without the position} */
  public String reason() {
    return reason;
  }
}
