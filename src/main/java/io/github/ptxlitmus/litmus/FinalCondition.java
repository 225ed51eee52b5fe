package io.github.ptxlitmus.litmus;

/** The final condition of a test: a quantifier and a proposition (herd semantics). */
public record FinalCondition(Quantifier quantifier, Condition body) {
  /** {@code exists}, {@code ~exists} (also {@code not exists}), {@code forall}. */
  public enum Quantifier {
    EXISTS("exists"),
    NOT_EXISTS("~exists"),
    FORALL("forall");

    private final String keyword;

    Quantifier(String keyword) {
      this.keyword = keyword;
    }

    public String keyword() {
      return keyword;
    }
  }
}
