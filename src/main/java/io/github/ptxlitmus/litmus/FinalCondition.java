package io.github.ptxlitmus.litmus;

/** The final condition of a test: a quantifier and a proposition (herd semantics). */
public record FinalCondition(Quantifier quantifier, Condition body) {
  /** {@code exists}, {@code ~exists} (also {@code not exists}), {@code forall}. */
  public enum Quantifier {
    /** {@code exists}: some allowed final state satisfies the proposition. */
    EXISTS("exists"),
    /** {@code ~exists}: no allowed final state satisfies it. */
    NOT_EXISTS("~exists"),
    /** {@code forall}: every allowed final state satisfies it. */
    FORALL("forall");

    private final String keyword;

    Quantifier(String keyword) {
      this.keyword = keyword;
    }

    /** {@return the keyword as printed: {@code exists}, {@code ~exists} or {@code forall}} */
    public String keyword() {
      return keyword;
    }
  }
}
