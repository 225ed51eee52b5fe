package io.github.ptxlitmus.report;

import io.github.ptxlitmus.check.CheckResult;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What happened to one litmus file in a run: it was checked ({@link Checked}) or it could not
 * be parsed or checked ({@link Failed}). Immutable.
 */
public sealed interface TestOutcome permits TestOutcome.Checked, TestOutcome.Failed {

  /** {@return the file as it was found (a command-line argument or a file under one)} */
  Path file();

  /**
   * The file was checked.
   *
   * @param file the litmus file
   * @param result the checker's answer
   */
  record Checked(Path file, CheckResult result) implements TestOutcome {
    /**
     * Creates the record.
     *
     * @param file the litmus file
     * @param result the checker's answer
     * @throws NullPointerException if a component is null
     */
    public Checked {
      Objects.requireNonNull(file, "file");
      Objects.requireNonNull(result, "result");
    }
  }

  /**
   * The file could not be parsed, read or checked.
   *
   * @param file the litmus file
   * @param message one line, e.g. {@code MP.litmus:3:7: unknown instruction 'ld.foo'}
   */
  record Failed(Path file, String message) implements TestOutcome {
    /**
     * Creates the record.
     *
     * @param file the litmus file
     * @param message one line, e.g. {@code MP.litmus:3:7: unknown instruction 'ld.foo'}
     * @throws NullPointerException if a component is null
     */
    public Failed {
      Objects.requireNonNull(file, "file");
      Objects.requireNonNull(message, "message");
    }
  }
}
