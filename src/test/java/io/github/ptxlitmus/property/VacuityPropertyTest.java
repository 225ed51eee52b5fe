package io.github.ptxlitmus.property;

import static io.github.ptxlitmus.testing.LitmusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.LitmusTest;
import io.github.ptxlitmus.testing.Expectations;
import io.github.ptxlitmus.testing.LitmusTests;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No assertion passes on what nothing decided. Generated attempts at a vacuous pass — misspelt
 * registers, threads and locations (also where no execution completes), misspelt oracle
 * comments, results cut by a limit, Undefined results (mixed-size races), filters that no final
 * state passes, directories without tests — must each fail: an {@link AssertionError}, or the exception that says the input is
 * wrong ({@link LitmusSyntaxException}, {@link IllegalArgumentException}).
 *
 * <p>Not here: a loop cut at the unrolling bound (an outcome only a longer path reaches) is the
 * loop-bound work's property.
 */
class VacuityPropertyTest {
  private static final int TESTS = 150;

  @TempDir Path dir;

  /** A state assertion applied to a result and a state text. */
  private interface StateAssertion {
    void apply(CheckResult r, String state);
  }

  private static final List<StateAssertion> STATE_ASSERTIONS = List.of(
      (r, s) -> assertThat(r).allows(s),
      (r, s) -> assertThat(r).forbids(s),
      (r, s) -> assertThat(r).hasExactlyStates(s.replace(" == ", "=").replace(" /\\ ", "; ")
          + ";"));

  /**
   * Every assertion of a result about its states, condition and races, with a correct oracle
   * for {@code meets}; with {@code flags}, also {@code hasFlag} (a set flag is a fact about some
   * execution, so it passes on an Undefined result, but not on one cut by a limit).
   */
  private static List<Consumer<CheckResult>> everyAssertion(
      Expectations oracle, String state, boolean flags) {
    List<Consumer<CheckResult>> all = new ArrayList<>();
    all.add(r -> assertThat(r).isAllowed());
    all.add(r -> assertThat(r).isForbidden());
    all.add(r -> assertThat(r).conditionHolds());
    all.add(r -> assertThat(r).conditionFails());
    all.add(r -> assertThat(r).hasNoDataRace());
    if (flags) {
      all.add(r -> assertThat(r).hasFlag(Flag.DATA_RACE));
    }
    all.add(r -> assertThat(r).meets(oracle));
    for (StateAssertion a : STATE_ASSERTIONS) {
      all.add(r -> a.apply(r, state));
    }
    return all;
  }

  /** Fails unless {@code attempt} throws an assertion failure or an input error. */
  private static void neverPasses(String what, Runnable attempt) {
    try {
      attempt.run();
    } catch (AssertionError | LitmusSyntaxException | IllegalArgumentException expected) {
      return;
    }
    throw new AssertionError("passed vacuously: " + what);
  }

  /**
   * The oracle a file would carry for {@code r}: its verdict, exact states and the flags that
   * must be listed when set.
   */
  private static Expectations oracleOf(CheckResult r) {
    CheckResult all = r.listStates();
    Set<Flag> flags = all.flags().stream().filter(Expectations.ABSENT_UNLESS_LISTED::contains)
        .collect(Collectors.toSet());
    return new Expectations(java.util.Optional.of(all.verdict()),
        java.util.Optional.of(Set.copyOf(all.states())), flags, java.util.Optional.empty());
  }

  private static String expectText(Expectations e) {
    return "(* expect: " + e.verdict().orElseThrow() + " *)\n(* expect-states: "
        + e.states().orElseThrow().stream().map(FinalState::toString)
            .collect(Collectors.joining(" | ")) + " *)\n"
        + (e.flags().isEmpty() ? "" : "(* expect-flags: " + e.flags().stream().map(Flag::name)
            .sorted().collect(Collectors.joining(", ")) + " *)\n");
  }

  @Test
  void misspeltNamesNeverPass() {
    List<LitmusChecker> checkers = List.of(Properties.AUTO, Properties.STATES, Properties.DECIDE);
    Properties.forAll("misspelt names fail", 9_100_000L, TESTS, LitmusGen::generateRich, p -> {
      LitmusTest test = p.parse();
      Random random = new Random(p.seed());
      CheckResult r = checkers.get(random.nextInt(checkers.size())).check(test);
      for (String typo : typos(test, random)) {
        for (StateAssertion a : STATE_ASSERTIONS) {
          neverPasses(typo + " on " + r, () -> a.apply(r, typo));
        }
      }
    });
  }

  /** States naming a register, thread or location the test does not have. */
  private static List<String> typos(LitmusTest test, Random random) {
    List<String> out = new ArrayList<>();
    int threads = test.threads().size();
    int t = random.nextInt(threads);
    List<String> registers = new ArrayList<>(test.registers(t));
    String register = registers.isEmpty() ? "r0" : registers.get(random.nextInt(registers.size()));
    String misspelt = misspell(register, random);
    if (!test.registers(t).contains(misspelt)) {
      out.add("P" + t + ":" + misspelt + " == 0");
    }
    out.add("P" + (threads + random.nextInt(3)) + ":" + register + " == 0");
    List<String> locations =
        test.locations().stream().map(l -> l.name()).collect(Collectors.toList());
    String location = locations.isEmpty() ? "x" : locations.get(random.nextInt(locations.size()));
    String wrong = misspell(location, random);
    if (test.location(wrong).isEmpty()) {
      out.add(wrong + " == 0");
      // A misspelt name beside a real one.
      out.add("P" + t + ":" + register + " == 0 /\\ " + wrong + " == 1");
    }
    return out;
  }

  /** One random edit of a name: a letter changed, added, dropped, or two swapped. */
  static String misspell(String name, Random random) {
    String letters = "abcdefghijklmnopqrstuvwxyz0123456789";
    StringBuilder b = new StringBuilder(name);
    int at = random.nextInt(name.length());
    switch (random.nextInt(4)) {
      case 0 -> b.setCharAt(at, letters.charAt(random.nextInt(letters.length())));
      case 1 -> b.insert(at + 1, letters.charAt(random.nextInt(26)));
      case 2 -> {
        if (name.length() > 1) {
          b.deleteCharAt(at);
        } else {
          b.append('x');
        }
      }
      default -> {
        if (at + 1 < name.length()) {
          char c = b.charAt(at);
          b.setCharAt(at, b.charAt(at + 1));
          b.setCharAt(at + 1, c);
        } else {
          b.append('q');
        }
      }
    }
    String out = b.toString();
    // A name must start with a letter; a change that makes the same name is no typo.
    return out.equals(name) || !Character.isLetter(out.charAt(0)) ? name + "q" : out;
  }

  @Test
  void misspeltOracleCommentsNeverPass() {
    Properties.forAll("misspelt oracle comments fail", 9_200_000L, TESTS, p -> {
      CheckResult r = Properties.STATES.check(p.parse());
      String oracle = expectText(oracleOf(r));
      String text = p.text().replaceFirst("\n", "\n" + oracle);
      // Spelt right, the oracle is met.
      assertThat(LitmusChecker.create().check("t", text)).meets(Expectations.read(text));
      Random random = new Random(p.seed());
      String keyword = random.nextBoolean() ? "expect:" : "expect-states:";
      String word = keyword.substring(0, keyword.length() - 1);
      String misspelt = misspellKeyword(word, random);
      String wrong = text.replace("(* " + keyword, "(* " + misspelt + ":");
      neverPasses(misspelt, () -> assertThat(LitmusChecker.create().check("t", wrong))
          .meets(Expectations.read(wrong)));
      // The colon forgotten.
      String noColon = text.replace("(* " + keyword, "(* " + word);
      neverPasses(word + " without ':'", () -> Expectations.read(noColon));
    });
  }

  /** A typo of an oracle keyword: one edit, a capital, or a plural, never another keyword. */
  private static String misspellKeyword(String word, Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> Character.toUpperCase(word.charAt(0)) + word.substring(1);
      case 1 -> word + (word.endsWith("s") ? "" : "s") + "x";
      case 2 -> word.replace("-", "_") + (word.contains("-") ? "" : "ed");
      default -> {
        String m = misspell(word, random);
        yield m.equals("expect") || m.equals("expect-states") || m.equals("expect-flags")
            || m.equals("spec") ? word + "x" : m;
      }
    };
  }

  @Test
  void resultsCutByALimitNeverPass() {
    Properties.forAll("limits fail", 9_300_000L, TESTS, LitmusGen::generateRich, p -> {
      LitmusTest test = p.parse();
      CheckResult full = Properties.STATES.check(test);
      Expectations oracle = oracleOf(full);
      String state = full.states().isEmpty() ? "true" : full.states().get(0).toString()
          .replace("=", " == ").replace("; ", " /\\ ").replace(";", "");
      CheckOptions.Mode mode = List.of(CheckOptions.Mode.STATES, CheckOptions.Mode.DECIDE,
          CheckOptions.Mode.EXHAUSTIVE).get((int) (p.seed() % 3));
      CheckResult cut = LitmusChecker.create(CheckOptions.defaults().withMode(mode)
          .withCandidateLimit(1 + p.seed() % 2)).check(test);
      if (cut.verdict() != Verdict.UNKNOWN) {
        return; // the search ended within the limit: nothing was cut
      }
      assertThat(cut).isUnknown().hasFlag(Flag.LIMIT_HIT);
      for (Consumer<CheckResult> a : everyAssertion(oracle, state, true)) {
        neverPasses("an assertion on " + cut, () -> a.accept(cut));
      }
    });
  }

  @Test
  void undefinedResultsNeverPass() {
    int undefined = 0;
    for (long seed = 0; seed < TESTS; seed++) {
      String text = mixedSize(new Random(9_400_000L + seed));
      CheckResult r = Properties.STATES.check("mixed-" + seed, text);
      if (r.verdict() != Verdict.UNDEFINED) {
        continue;
      }
      undefined++;
      String state = r.states().get(0).toString().replace("=", " == ").replace("; ", " /\\ ")
          .replace(";", "");
      Expectations statesOnly = new Expectations(java.util.Optional.empty(),
          java.util.Optional.of(Set.copyOf(r.states())), Set.of(), java.util.Optional.empty());
      for (Consumer<CheckResult> a : everyAssertion(statesOnly, state, false)) {
        try {
          a.accept(r);
        } catch (AssertionError expected) {
          assertThat(expected).hasMessageContaining("mixed-size data race");
          continue;
        }
        throw new AssertionError("passed on an Undefined result:\n" + text);
      }
    }
    assertThat(undefined).as("Undefined tests generated").isGreaterThan(TESTS / 4);
  }

  /**
   * A test whose accesses to one 64-bit location have random sizes and offsets (u64, u32 at 0
   * or 4, u16 at 0, 2, 4 or 6) and random strength: many have a mixed-size race.
   */
  private static String mixedSize(Random random) {
    String[] sem = {"", ".relaxed.gpu", ".relaxed.sys"};
    StringBuilder p0 = new StringBuilder();
    StringBuilder p1 = new StringBuilder();
    List<String> condition = new ArrayList<>();
    int[] widths = {64, 32, 16};
    for (int t = 0; t < 2; t++) {
      StringBuilder cell = t == 0 ? p0 : p1;
      int width = widths[random.nextInt(3)];
      int offset = width == 64 ? 0 : (width / 8) * random.nextInt(64 / width);
      String s = sem[random.nextInt(sem.length)];
      String address = offset == 0 ? "[x]" : "[x+" + offset + "]";
      if (random.nextBoolean()) {
        cell.append("st.global").append(s).append(".u").append(width).append(' ')
            .append(address).append(", ").append(1 + random.nextInt(3));
      } else {
        cell.append("ld.global").append(s).append(".u").append(width).append(" %r").append(t)
            .append(", ").append(address);
        condition.add("P" + t + ":r" + t + " == 0");
      }
    }
    if (condition.isEmpty()) {
      condition.add("x == 0");
    }
    return "PTX mixed\n{ .global .b64 x = 0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n " + p0
        + " | " + p1 + " ;\nexists (" + String.join(" /\\ ", condition) + ")\n";
  }

  @Test
  void misspeltNamesFailWhereNoExecutionCompletes() {
    int deadlocks = 0;
    for (long seed = 0; seed < TESTS; seed++) {
      Random random = new Random(9_500_000L + seed);
      String text = deadlock(random);
      LitmusTest test = io.github.ptxlitmus.litmus.LitmusParser.parse("deadlock-" + seed, text);
      CheckResult r = Properties.AUTO.check(test);
      if (!r.states().isEmpty()) {
        continue;
      }
      deadlocks++;
      assertThat(r.has(Flag.DEADLOCK)).isTrue();
      for (String typo : typos(test, random)) {
        for (StateAssertion a : STATE_ASSERTIONS) {
          neverPasses(typo + " on\n" + text, () -> a.apply(r, typo));
        }
      }
    }
    assertThat(deadlocks).as("tests where no execution completes").isGreaterThan(TESTS / 2);
  }

  /** Threads of one CTA that wait at barriers some of them never reach (or reach in turn). */
  private static String deadlock(Random random) {
    int threads = 2 + random.nextInt(2);
    StringBuilder header = new StringBuilder();
    List<List<String>> cells = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      header.append(t == 0 ? " " : " | ").append("P").append(t).append("@cta 0,gpu 0");
      List<String> cell = new ArrayList<>();
      cell.add(random.nextBoolean() ? "st.relaxed.gpu x, " + (t + 1) : "ld.relaxed.gpu r" + t
          + ", x");
      if (t == 0) {
        cell.add("bar.cta.sync 0"); // P0 waits for all; the others wait at barrier 1 only
      } else {
        cell.add(0, "bar.cta.sync 1");
      }
      cell.add("ld.relaxed.gpu r" + (t + 4) + ", y");
      cells.add(cell);
    }
    StringBuilder b = new StringBuilder("PTX deadlock\n{ x=0; y=0; }\n").append(header)
        .append(" ;\n");
    for (int row = 0; row < 3; row++) {
      for (int t = 0; t < threads; t++) {
        b.append(t == 0 ? " " : " | ").append(cells.get(t).get(row));
      }
      b.append(" ;\n");
    }
    return b.append("exists (P0:r4 == 0)\n").toString();
  }

  /**
   * A {@code filter} that no final state passes leaves the condition judged on no execution:
   * every check mode flags it, and every assertion fails naming the filter. A filter that some
   * state passes is not flagged (the flag is no blanket).
   */
  @Test
  void filtersThatNoStatePassesNeverPass() {
    List<LitmusChecker> checkers = List.of(Properties.AUTO, Properties.STATES, Properties.DECIDE);
    Properties.forAll("empty filters fail", 9_700_000L, TESTS, LitmusGen::generateRich, p -> {
      LitmusTest test = p.parse();
      CheckResult full = Properties.STATES.check(test);
      if (full.verdict() != Verdict.ALLOWED && full.verdict() != Verdict.FORBIDDEN
          || full.states().isEmpty()) {
        return;
      }
      Random random = new Random(p.seed());
      FinalState some = full.states().get(random.nextInt(full.states().size()));
      String key = some.values().keySet().iterator().next();
      long value = some.values().get(key);
      // Filters no state passes: a value no state has, a contradiction, a key's value and
      // another state's conjunct that never meet (checked against the listing below).
      List<String> empty = new ArrayList<>(List.of(
          key + " == 987654",
          key + " == " + value + " /\\ " + key + " != " + value,
          "~(" + key + " == " + value + ") /\\ " + key + " == " + value));
      String passing = key + " == " + value;
      for (String filter : empty) {
        String text = withFilter(p.text(), filter);
        for (LitmusChecker checker : checkers) {
          CheckResult r = checker.check("filtered", text);
          if (r.verdict() == Verdict.UNKNOWN) {
            continue; // a limit: the Unknown verdict already fails every assertion
          }
          assertThat(r.has(Flag.FILTER_PASSES_NONE)).as(filter + " on\n" + text).isTrue();
          assertThat(r.filterText()).isPresent();
          String state = some.toString().replace("=", " == ").replace("; ", " /\\ ")
              .replace(";", "");
          for (Consumer<CheckResult> a : everyAssertion(oracleOf(full), state, true)) {
            try {
              a.accept(r);
            } catch (AssertionError expected) {
              assertThat(expected).hasMessageContaining("no execution passes the filter");
              continue;
            }
            throw new AssertionError("passed with an empty filter " + filter + ":\n" + text);
          }
          assertThat(r).hasFlag(Flag.FILTER_PASSES_NONE);
        }
      }
      String text = withFilter(p.text(), passing);
      for (LitmusChecker checker : checkers) {
        CheckResult r = checker.check("filtered", text);
        assertThat(r.has(Flag.FILTER_PASSES_NONE)).as(passing + " on\n" + text).isFalse();
      }
    });
  }

  /** {@code text} with {@code filter (f)} before its final condition. */
  private static String withFilter(String text, String f) {
    java.util.regex.Matcher m = java.util.regex.Pattern
        .compile("(?m)^\\s*(~\\s*exists|exists|forall)\\b").matcher(text);
    int at = -1;
    while (m.find()) {
      at = m.start();
    }
    if (at < 0) {
      throw new AssertionError("no final condition in\n" + text);
    }
    return text.substring(0, at) + "filter (" + f + ")\n" + text.substring(at);
  }

  @Test
  void directoriesWithoutTestsNeverPass() throws Exception {
    Random random = new Random(9_600_000L);
    String[] names = {"notes.txt", "MP.litmus.bak", "MP.litmus~", "MP.lit", "README.md"};
    for (int i = 0; i < 30; i++) {
      Path root = Files.createDirectories(dir.resolve("case" + i));
      for (int k = random.nextInt(4); k > 0; k--) {
        Path sub = random.nextBoolean() ? root : Files.createDirectories(root.resolve("sub" + k));
        String name = names[random.nextInt(names.length)];
        if (random.nextInt(5) == 0) {
          Files.createDirectories(sub.resolve("dir" + k + ".litmus.d"));
        } else {
          Files.writeString(sub.resolve(name), "PTX t\n{ }\n P0@cta 0,gpu 0 ;\n");
        }
      }
      neverPasses("dynamicTests of " + root, () -> LitmusTests.dynamicTests(root).count());
    }
  }
}
