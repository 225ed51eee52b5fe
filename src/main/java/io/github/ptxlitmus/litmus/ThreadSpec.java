package io.github.ptxlitmus.litmus;

import java.util.List;

/** Thread {@code P<id>}: its position and instructions in program order (labels included). */
public record ThreadSpec(int id, ThreadPosition position, List<Instruction> instructions) {
  /**
   * Copies the instructions (unmodifiable).
   *
   * @param id the thread number, {@code 0} for {@code P0}
   * @param position where the thread runs
   * @param instructions the instructions in program order, labels included
   */
  public ThreadSpec {
    instructions = List.copyOf(instructions);
  }

  /** {@return {@code P<id>}, e.g. {@code P0}} */
  public String name() {
    return "P" + id;
  }
}
