package io.github.ptxlitmus.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.litmus.Condition;
import io.github.ptxlitmus.litmus.FinalCondition;
import org.junit.jupiter.api.Test;

class ConditionPrinterTest {
  private static final Condition A = Results.eq(new Condition.RegisterTerm(0, "r0"), 1);
  private static final Condition B = Results.eq(new Condition.LocationTerm("x"), 2);
  private static final Condition C =
      new Condition.Compare(
          Condition.Op.NE, new Condition.RegisterTerm(1, "r2"), new Condition.ConstantTerm(-1));

  @Test
  void printsQuantifierAndBody() {
    assertThat(
            ConditionPrinter.print(
                new FinalCondition(FinalCondition.Quantifier.EXISTS, Results.mpBody())))
        .isEqualTo("exists (P1:r0 == 1 /\\ P1:r1 == 0)");
    assertThat(ConditionPrinter.print(new FinalCondition(FinalCondition.Quantifier.NOT_EXISTS, A)))
        .isEqualTo("~exists (P0:r0 == 1)");
    assertThat(
            ConditionPrinter.print(
                new FinalCondition(FinalCondition.Quantifier.FORALL, new Condition.Or(A, B))))
        .isEqualTo("forall (P0:r0 == 1 \\/ x == 2)");
  }

  @Test
  void bodyHasTheFewestParenthesesThatParseBack() {
    assertThat(print(new Condition.Or(new Condition.And(A, B), C)))
        .isEqualTo("exists (P0:r0 == 1 /\\ x == 2 \\/ P1:r2 != -1)");
    assertThat(print(new Condition.And(new Condition.Or(A, B), C)))
        .isEqualTo("exists ((P0:r0 == 1 \\/ x == 2) /\\ P1:r2 != -1)");
    assertThat(print(new Condition.Not(new Condition.And(A, B))))
        .isEqualTo("exists (~(P0:r0 == 1 /\\ x == 2))");
    assertThat(print(new Condition.Constant(true))).isEqualTo("exists (true)");
  }

  private static String print(Condition body) {
    return ConditionPrinter.print(new FinalCondition(FinalCondition.Quantifier.EXISTS, body));
  }
}
