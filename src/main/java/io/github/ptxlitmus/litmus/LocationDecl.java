package io.github.ptxlitmus.litmus;

import java.util.Optional;

/**
 * A location declared in the init block: {@code x=0}, {@code .global .u32 x = 0;},
 * {@code .shared .b64 y = 0;}, or an alias {@code y @ surface aliases x} (Dat3M form; then
 * {@code alias} names the physical location and the proxy, and the initial value is the
 * target's). Locations used but not declared are added by the parser with value 0 and
 * position of first use.
 */
public record LocationDecl(
    String name,
    long initialValue,
    DataType type,
    StateSpace space,
    Optional<Alias> alias,
    SourcePosition position) {

  /** {@code name @ proxy aliases target}. */
  public record Alias(String target, Proxy proxy) {}

  public boolean isAlias() {
    return alias.isPresent();
  }
}
