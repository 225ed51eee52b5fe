package io.github.ptxlitmus.litmus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What one parse has learned so far: declared and auto-declared locations, register
 * initialisations and the number of threads. Owned by a single parse; never shared.
 */
final class ParseState {
  /** Dat3M's register names; a bare {@code r7} in address position is a register. */
  private static final Pattern DAT3M_REGISTER = Pattern.compile("r[0-9]+");

  final SourceText source;
  private final Map<String, LocationDecl> locations = new LinkedHashMap<>();
  private final List<RegisterInit> registerInits = new ArrayList<>();
  private final Map<Integer, Set<String>> addressRegisters = new HashMap<>();
  private final List<LitmusWarning> warnings = new ArrayList<>();
  private int threadCount = -1;

  ParseState(SourceText source) {
    this.source = source;
  }

  boolean isLocation(String name) {
    return locations.containsKey(name);
  }

  Optional<LocationDecl> location(String name) {
    return Optional.ofNullable(locations.get(name));
  }

  /** Adds or replaces (keeping the declaration order) a location. */
  void putLocation(LocationDecl decl) {
    locations.put(decl.name(), decl);
  }

  /** A location named at {@code offset}; declared with value 0 if it is new (herd's rule). */
  void useLocation(String name, int offset) {
    if (!locations.containsKey(name)) {
      locations.put(
          name,
          new LocationDecl(
              name, 0, DataType.UNTYPED, StateSpace.GENERIC, Optional.empty(),
              source.position(offset)));
    }
  }

  /** A location first named at {@code position}; declared with value 0 if it is new. */
  void useLocation(String name, SourcePosition position) {
    if (!locations.containsKey(name)) {
      locations.put(name, new LocationDecl(
          name, 0, DataType.UNTYPED, StateSpace.GENERIC, Optional.empty(), position));
    }
  }

  List<LocationDecl> locations() {
    return List.copyOf(locations.values());
  }

  void addRegisterInit(RegisterInit init) {
    registerInits.add(init);
    if (init.isAddress()) {
      addressRegisters.computeIfAbsent(init.thread(), t -> new HashSet<>()).add(init.register());
    }
  }

  boolean hasRegisterInit(int thread, String register) {
    return registerInits.stream()
        .anyMatch(r -> r.thread() == thread && r.register().equals(register));
  }

  List<RegisterInit> registerInits() {
    return List.copyOf(registerInits);
  }

  /**
   * How a bare identifier in address position is read: a declared location wins; otherwise a
   * Dat3M register name ({@code r<digits>}) or a register initialised with an address is a
   * register; anything else is a (possibly new) location.
   */
  boolean bareNameIsRegister(int thread, String name) {
    if (locations.containsKey(name)) {
      return false;
    }
    return DAT3M_REGISTER.matcher(name).matches()
        || addressRegisters.getOrDefault(thread, Set.of()).contains(name);
  }

  /** Records a warning at source offset {@code offset}. */
  void warn(int offset, String message) {
    warnings.add(new LitmusWarning(source.position(offset), message));
  }

  List<LitmusWarning> warnings() {
    return List.copyOf(warnings);
  }

  int threadCount() {
    return threadCount;
  }

  void setThreadCount(int count) {
    threadCount = count;
  }
}
