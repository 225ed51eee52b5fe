package io.github.ptxlitmus.litmus;

import java.util.Optional;

/**
 * A location declared in the init block: {@code x=0}, {@code .global .u32 x = 0;},
 * {@code .shared .b64 y = 0;}, a pointer {@code p=&x} (Dat3M; {@code initialAddressOf} names x
 * and {@code initialValue} is unused), or an alias {@code y @ surface aliases x} (Dat3M form;
 * then {@code alias} names the location it aliases, which may itself be an alias, and the
 * proxy; the initial value, type and space are the physical root's). Locations used but not
 * declared are added by the parser with value 0 and position of first use.
 */
public record LocationDecl(
    String name,
    long initialValue,
    DataType type,
    StateSpace space,
    Optional<Alias> alias,
    SourcePosition position,
    Optional<String> initialAddressOf) {

  /** {@code name @ proxy aliases target}. */
  public record Alias(String target, Proxy proxy) {}

  /** A location whose initial value is a number (not an address). */
  public LocationDecl(
      String name,
      long initialValue,
      DataType type,
      StateSpace space,
      Optional<Alias> alias,
      SourcePosition position) {
    this(name, initialValue, type, space, alias, position, Optional.empty());
  }

  public boolean isAlias() {
    return alias.isPresent();
  }
}
