package io.github.ptxlitmus.litmus;

import java.util.List;

/** Thread {@code P<id>}: its position and instructions in program order (labels included). */
public record ThreadSpec(int id, ThreadPosition position, List<Instruction> instructions) {
  public ThreadSpec {
    instructions = List.copyOf(instructions);
  }

  public String name() {
    return "P" + id;
  }
}
