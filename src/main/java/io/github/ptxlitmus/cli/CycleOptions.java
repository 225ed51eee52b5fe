package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.diy.CycleEnumerator;
import io.github.ptxlitmus.diy.Edge;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The enumeration options {@code diy} and {@code catalogue} share ({@code --relax}, {@code
 * --safe}, {@code --size}, {@code --threads}; docs/diy.md), as a picocli mixin.
 */
final class CycleOptions {
  @Option(names = "--relax", paramLabel = "E,...", description = "Edges under test.")
  private String relax;

  @Option(names = "--safe", paramLabel = "E,...",
      description = "Edges assumed safe (@ptx: the documented PTX edge set).")
  private String safe;

  @Option(names = "--size", paramLabel = "N", defaultValue = "4",
      description = "Largest cycle, in edges (default ${DEFAULT-VALUE}).")
  private int size;

  @Option(names = "--threads", paramLabel = "K",
      description = "Most threads per test (default: the size).")
  private Integer threads;

  /** True when {@code --relax} or {@code --safe} was given. */
  boolean given() {
    return relax != null || safe != null;
  }

  /**
   * The generated tests.
   *
   * @throws IllegalArgumentException for a bad edge or out-of-range size
   */
  List<CycleEnumerator.Generated> enumerate() {
    return CycleEnumerator.enumerate(
        relax == null ? List.of() : Edge.parseList(relax),
        safe == null ? List.of() : Edge.parseList(safe),
        size,
        threads == null ? size : threads);
  }
}
