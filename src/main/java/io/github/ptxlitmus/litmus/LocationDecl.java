package io.github.ptxlitmus.litmus;

import java.util.Optional;

/**
 * A location declared in the init block: {@code x=0}, {@code .global .u32 x = 0;},
 * {@code .shared .b64 y = 0;}, a pointer {@code p=&x} (Dat3M; {@code initialAddressOf} names x
 * and {@code initialValue} is unused), or an alias {@code y @ surface aliases x} (Dat3M form;
 * then {@code alias} names the location it aliases, which may itself be an alias, and the
 * proxy; the initial value, type and space are the physical root's). Locations used but not
 * declared are added by the parser with value 0 and position of first use.
 *
 * @param name the location name
 * @param initialValue the initial value, a bit pattern (8.2.6: the initial write; for an
 *     array, its bytes 0..7); 0 when {@code initialAddressOf} is present
 * @param type the declared type; {@link DataType#UNTYPED} for the short form {@code x=0}
 * @param space the state space (8.3); {@link StateSpace#GENERIC} when none is stated
 * @param alias for {@code y @ proxy aliases x}: the aliased location and the proxy (8.2.2, 8.6)
 * @param position where the declaration (or the first use) is in the source
 * @param initialAddressOf for a pointer {@code p=&x}: the location whose address is {@code p}'s
 *     initial value
 */
public record LocationDecl(
    String name,
    long initialValue,
    DataType type,
    StateSpace space,
    Optional<Alias> alias,
    SourcePosition position,
    Optional<String> initialAddressOf) {

  /**
   * {@code name @ proxy aliases target}: a second virtual address of {@code target}'s memory
   * (8.2.2), accessed through {@code proxy} (8.6).
   *
   * @param target the aliased location (possibly itself an alias)
   * @param proxy the proxy named after {@code @}
   */
  public record Alias(String target, Proxy proxy) {}

  /**
   * A location whose initial value is a number (not an address).
   *
   * @param name the location name
   * @param initialValue the initial value, a bit pattern (8.2.6: the initial write)
   * @param type the declared type; {@link DataType#UNTYPED} for the short form {@code x=0}
   * @param space the state space (8.3); {@link StateSpace#GENERIC} when none is stated
   * @param alias for {@code y @ proxy aliases x}: the aliased location and the proxy
   * @param position where the declaration (or the first use) is in the source
   */
  public LocationDecl(
      String name,
      long initialValue,
      DataType type,
      StateSpace space,
      Optional<Alias> alias,
      SourcePosition position) {
    this(name, initialValue, type, space, alias, position, Optional.empty());
  }

  /** {@return true when this is an alias declaration ({@link #alias()} present)} */
  public boolean isAlias() {
    return alias.isPresent();
  }
}
