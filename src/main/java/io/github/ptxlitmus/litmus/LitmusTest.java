package io.github.ptxlitmus.litmus;

import java.util.List;
import java.util.Optional;

/**
 * A parsed litmus test, immutable. Threads are sorted by id (ids are 0..n-1). {@code
 * observed} lists the extra locations/registers of a herd {@code locations [..]} clause.
 * {@code source} is the file name given to the parser (used in positions). {@code warnings}
 * are the Dat3M-only forms the test uses that PTX does not allow (see {@link LitmusWarning}),
 * in source order; empty for tests built in code.
 */
public record LitmusTest(
    String name,
    List<String> descriptions,
    List<LocationDecl> locations,
    List<RegisterInit> registerInits,
    List<ThreadSpec> threads,
    List<Condition.Term> observed,
    Optional<Condition> filter,
    FinalCondition condition,
    String source,
    List<LitmusWarning> warnings) {

  /**
   * A test without warnings (built in code or by tools).
   *
   * @param name the name in the {@code PTX <name>} header
   * @param descriptions the quoted description lines after the header
   * @param locations the declared locations
   * @param registerInits initial register values from the init section
   * @param threads the threads, sorted by id
   * @param observed the extra keys of a {@code locations [..]} clause
   * @param filter the {@code filter} proposition, if any
   * @param condition the final condition
   * @param source the file name positions use
   */
  public LitmusTest(
      String name,
      List<String> descriptions,
      List<LocationDecl> locations,
      List<RegisterInit> registerInits,
      List<ThreadSpec> threads,
      List<Condition.Term> observed,
      Optional<Condition> filter,
      FinalCondition condition,
      String source) {
    this(name, descriptions, locations, registerInits, threads, observed, filter, condition,
        source, List.of());
  }

  /**
   * Copies the lists (unmodifiable); none may be or hold null.
   *
   * @param name the name in the {@code PTX <name>} header
   * @param descriptions the quoted description lines after the header
   * @param locations the declared locations
   * @param registerInits initial register values from the init section
   * @param threads the threads, sorted by id
   * @param observed the extra keys of a {@code locations [..]} clause
   * @param filter the {@code filter} proposition, if any
   * @param condition the final condition
   * @param source the file name positions use
   * @param warnings the Dat3M-only forms used, in source order
   */
  public LitmusTest {
    warnings = List.copyOf(warnings);
    descriptions = List.copyOf(descriptions);
    locations = List.copyOf(locations);
    registerInits = List.copyOf(registerInits);
    threads = List.copyOf(threads);
    observed = List.copyOf(observed);
  }

  /**
   * The declaration of a location.
   *
   * @param name the location's name
   * @return its declaration; empty when the test does not declare it
   */
  public Optional<LocationDecl> location(String name) {
    return locations.stream().filter(l -> l.name().equals(name)).findFirst();
  }

  /**
   * The registers thread {@code thread} mentions or initialises (names without {@code %});
   * empty for a thread that does not exist.
   *
   * @param thread the thread id, {@code 0} for {@code P0}
   * @return the register names, sorted
   */
  public java.util.Set<String> registers(int thread) {
    java.util.Set<String> out = new java.util.TreeSet<>();
    threads.stream().filter(t -> t.id() == thread).forEach(t -> out.addAll(Registers.of(t)));
    registerInits.stream()
        .filter(r -> r.thread() == thread)
        .forEach(r -> out.add(r.register()));
    return out;
  }

  /** {@return number of instructions over all threads, labels excluded} */
  public int instructionCount() {
    return (int)
        threads.stream()
            .flatMap(t -> t.instructions().stream())
            .filter(i -> !(i instanceof Instruction.Label))
            .count();
  }
}
