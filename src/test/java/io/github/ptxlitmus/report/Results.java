package io.github.ptxlitmus.report;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.FinalCondition;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Hand-built results for report tests. */
public final class Results {
  private Results() {}

  /** {@code P1:r0 == 1 /\ P1:r1 == 0}. */
  public static Condition mpBody() {
    return new Condition.And(
        eq(new Condition.RegisterTerm(1, "r0"), 1), eq(new Condition.RegisterTerm(1, "r1"), 0));
  }

  public static Condition eq(Condition.Term left, long value) {
    return new Condition.Compare(Condition.Op.EQ, left, new Condition.ConstantTerm(value));
  }

  public static FinalState state(long r0, long r1) {
    return FinalState.of(Map.of("P1:r0", r0, "P1:r1", r1));
  }

  /** MP with the weak outcome forbidden and a data race flagged; 12 ms. */
  public static CheckResult mp() {
    return new CheckResult(
        "MP",
        "MP.litmus",
        List.of(state(0, 0), state(0, 1), state(1, 1)),
        new FinalCondition(FinalCondition.Quantifier.EXISTS, mpBody()),
        false,
        Verdict.FORBIDDEN,
        Optional.empty(),
        0,
        3,
        Set.of(Flag.DATA_RACE),
        12,
        40);
  }

  /** A result with the given name, truth and verdict, no states. */
  public static CheckResult simple(String name, boolean holds, Verdict verdict) {
    Optional<String> reason =
        verdict == Verdict.UNKNOWN ? Optional.of("time limit 60 s") : Optional.empty();
    return new CheckResult(
        name,
        name + ".litmus",
        List.of(),
        new FinalCondition(FinalCondition.Quantifier.EXISTS, new Condition.Constant(true)),
        holds,
        verdict,
        reason,
        holds ? 1 : 0,
        holds ? 0 : 1,
        Set.of(),
        1234,
        1);
  }
}
