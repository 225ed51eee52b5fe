package io.github.ptxlitmus.search;

import java.util.List;
import java.util.Map;

/**
 * One way a thread can run: its events in program order, the register values at the end, and
 * the branch decisions it took (each must hold for the path to be taken).
 */
record ThreadPath(
    int thread,
    List<PathEvent> events,
    Map<String, Expr> registers,
    List<Constraint> constraints,
    PathAsync async,
    java.util.Optional<Stuck> stuck) {

  /** A path without asynchronous operations that runs to its end. */
  ThreadPath(
      int thread, List<PathEvent> events, Map<String, Expr> registers,
      List<Constraint> constraints) {
    this(thread, events, registers, constraints, PathAsync.none(events.size()),
        java.util.Optional.empty());
  }

  /**
   * The path ends inside a loop, which it may repeat forever: {@code line} is the line of the
   * loop's label; events {@code from} to the end are the last iteration, whose reads must
   * return values that repeat forever for the thread to hang (docs/model.md "Waits that never
   * end"); {@code repeats} are the registers that decide the next iteration ({@link
   * LoopRegisters}) whose value at the end of the iteration is not known to equal their value at
   * the loop's label: the iteration repeats only in an execution where each pair evaluates to
   * the same value. {@code repeatsShorter}, when present, says that the last iteration repeats
   * the one before it, which ended a stuck path of its own, so exactly that this path shows no
   * loop spinning forever that the shorter one does not, provided these silent atomics of the
   * iteration are morally strong with every overlapping access under a model checking
   * Atomicity ({@link LoopCuts#repeatsShorter}).
   */
  record Stuck(int line, int from, List<Repeat> repeats,
      java.util.Optional<java.util.Set<LoopCuts.Access>> repeatsShorter) {
    Stuck {
      repeats = List.copyOf(repeats);
    }

    /** A stuck path that is not known to repeat a shorter one. */
    Stuck(int line, int from, List<Repeat> repeats) {
      this(line, from, repeats, java.util.Optional.empty());
    }
  }

  /** A register's value as the iteration found it at the loop's label and as it left it. */
  record Repeat(String register, Expr atHead, Expr atEnd) {}

  /** A branch decision: {@code holds == (left cond right)}. */
  record Constraint(
      io.github.ptxlitmus.litmus.Instruction.BranchCondition condition,
      Expr left,
      Expr right,
      boolean holds,
      boolean signed) {

    boolean satisfied(java.util.function.IntToLongFunction reads) {
      long a = left.eval(reads);
      long b = right.eval(reads);
      int c = signed ? Long.compare(a, b) : Long.compareUnsigned(a, b);
      boolean r =
          switch (condition) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case GT -> c > 0;
            case LE -> c <= 0;
            case GE -> c >= 0;
          };
      return r == holds;
    }
  }
}
