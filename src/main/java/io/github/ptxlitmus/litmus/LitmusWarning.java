package io.github.ptxlitmus.litmus;

/**
 * Something a test says that PTX does not allow but that the parser accepts because the Dat3M
 * short syntax uses it (e.g. {@code red.acq_rel}); {@code message} says what PTX allows and
 * how the test is read. Printed as {@code file:line:col: warning: message}.
 */
public record LitmusWarning(SourcePosition position, String message) {
  @Override
  public String toString() {
    return position + ": warning: " + message;
  }
}
