package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.testing.Expectations;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The disagreements of a result with its file's own {@code (* expect ... *)} comments, for
 * {@code --format junit}: the verdict, the exact states and the flags that must be set (a
 * decide-mode result is re-checked in states mode for those, as the assertions do; when that
 * is refused or hits a limit, the disagreement says so). Stateless.
 */
final class OwnExpectations {
  private OwnExpectations() {}

  /**
   * One line per disagreement; empty when the file expects nothing or all agree.
   *
   * @param file the litmus file (its comments are read again)
   * @param r its result
   * @return the disagreements
   */
  static List<String> problems(Path file, CheckResult r) {
    Expectations e;
    try {
      e = Expectations.read(file);
    } catch (io.github.ptxlitmus.litmus.LitmusSyntaxException malformed) {
      return List.of("expect comments: " + malformed.getMessage());
    } catch (IOException | RuntimeException unreadable) {
      return List.of(); // the check itself read the file; nothing more to say here
    }
    List<String> out = new ArrayList<>();
    e.verdict()
        .filter(v -> v != r.verdict())
        .ifPresent(v -> out.add("expect: " + v + ", got " + r.verdict()
            + r.unknownReason().map(x -> " (" + x + ")").orElse("")));
    boolean needsAll =
        e.states().isPresent() || e.flags().stream().anyMatch(f -> !r.has(f));
    if (!needsAll || r.verdict() == Verdict.UNKNOWN) {
      return out;
    }
    // Decide mode kept only a witness: list every state (as the assertions do), or say why not.
    CheckResult all;
    try {
      all = r.listStates();
    } catch (IllegalStateException noChecker) {
      all = r;
    }
    if (!all.hasAllStates()) {
      out.add("expect-states/expect-flags: not compared, the result does not list every state ("
          + all.unknownReason().orElse("decide mode") + ")");
      return out;
    }
    if (e.states().isPresent()) {
      Set<FinalState> want = new TreeSet<>(e.states().get());
      Set<FinalState> got = new TreeSet<>(all.states());
      if (!want.equals(got)) {
        out.add("expect-states: expected " + want + ", allowed " + got);
      }
    }
    for (Flag f : e.flags()) {
      if (!all.has(f)) {
        out.add("expect-flags: " + f + " not set");
      }
    }
    return out;
  }
}
