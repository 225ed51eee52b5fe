package io.github.ptxlitmus.search;

import java.util.Set;

/**
 * A loop whose paths the loop bound cut where another iteration could change the result
 * (docs/model.md "Loops and the bound"). Cuts that provably hide nothing are not reported.
 *
 * @param loop the loop, as {@code P<i> line <n>} (the line of the loop's label)
 * @param always true when the cut may hide executions whatever the states show (the
 *     iteration writes memory, or changes a register the code reads again, ...)
 * @param registers when not {@code always}: the registers ({@code P<i>:<reg>}) whose final
 *     values another iteration may change; the cut matters only to states that show one of them
 */
public record LoopCut(String loop, boolean always, Set<String> registers) {
  /**
   * Copies the set.
   *
   * @throws NullPointerException if an argument is null
   */
  public LoopCut {
    java.util.Objects.requireNonNull(loop, "loop");
    registers = Set.copyOf(registers);
  }

  /**
   * Whether the cut may change a result whose states show {@code observed} keys.
   *
   * @param observed the state keys ({@code P1:r0}, {@code x}) the result shows or filters on
   * @param allRegisters true when states show every register
   * @return true when it may
   */
  public boolean matters(Set<String> observed, boolean allRegisters) {
    return always || allRegisters || registers.stream().anyMatch(observed::contains);
  }
}
