package io.github.ptxlitmus.cat;

/** The two kinds of cat values: event sets and binary relations over events. */
public enum CatType {
  /** A set of events ({@code W}, {@code [W]}'s operand, {@code domain(r)}). */
  SET,
  /** A binary relation over events ({@code po}, {@code S * S}, {@code [S]}). */
  RELATION;

  /** {@return {@code "set"} or {@code "relation"}, for messages} */
  public String word() {
    return this == SET ? "set" : "relation";
  }
}
