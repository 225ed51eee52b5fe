package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The project's litmus regression suite: every {@code *.litmus} file under {@code
 * src/test/resources/litmus} carries its exact expected result in comments, and this test checks
 * each file against the engine.
 *
 * <pre>
 * (* expect: Forbidden *)                                  verdict of the outcome of interest
 * (* expect-states: P1:r0=0; P1:r1=1; | P1:r0=1; P1:r1=1; *)  every allowed final state
 * (* expect-flags: DATA_RACE, LOOP_BOUND_HIT *)             flags that must be present
 * </pre>
 *
 * <p>States are compared as sets of key→value maps (order of states and keys is irrelevant). An
 * empty {@code expect-states} means no execution completes. Listed flags must be present;
 * {@link Flag#LOOP_BOUND_HIT} and {@link Flag#DEADLOCK} must be absent unless listed. See {@code
 * src/test/resources/litmus/README.md}.
 */
class LitmusRegressionTest {

  static final Path ROOT = Path.of("src", "test", "resources", "litmus");

  private static final Pattern VERDICT =
      Pattern.compile("\\(\\*\\s*expect\\s*:\\s*([A-Za-z]+)\\s*\\*\\)");
  private static final Pattern STATES =
      Pattern.compile("\\(\\*\\s*expect-states\\s*:(.*?)\\*\\)", Pattern.DOTALL);
  private static final Pattern FLAGS =
      Pattern.compile("\\(\\*\\s*expect-flags\\s*:(.*?)\\*\\)", Pattern.DOTALL);
  private static final Pattern PAIR =
      Pattern.compile("\\s*([A-Za-z0-9_:%.\\[\\]]+)\\s*=\\s*(-?[0-9]+)\\s*");

  /** The expectations parsed from one file. */
  record Expectation(Verdict verdict, Set<Map<String, Long>> states, Set<Flag> flags) {}

  @TestFactory
  Stream<DynamicTest> litmusFiles() throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(ROOT)) {
      files =
          walk.filter(p -> p.getFileName().toString().endsWith(".litmus"))
              .filter(Files::isRegularFile)
              .sorted()
              .collect(Collectors.toList());
    }
    assertThat(files).as("litmus files under %s", ROOT).hasSizeGreaterThanOrEqualTo(60);
    return files.stream()
        .map(f -> DynamicTest.dynamicTest(ROOT.relativize(f).toString(), f.toUri(), () -> check(f)));
  }

  private static void check(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Expectation expected = parseExpectation(file.toString(), text);
    CheckResult result = LitmusChecker.create().check(file);

    Set<Map<String, Long>> actualStates = new LinkedHashSet<>();
    for (FinalState s : result.states()) {
      actualStates.add(new TreeMap<>(s.values()));
    }
    String report =
        String.format(
            Locale.ROOT,
            "%s%n  expected states: %s%n  actual states:   %s%n  expected verdict %s, actual %s"
                + "%s; flags %s",
            file,
            show(expected.states()),
            show(actualStates),
            expected.verdict(),
            result.verdict(),
            result.unknownReason().map(r -> " (" + r + ")").orElse(""),
            result.flags());

    assertThat(actualStates).as(report).isEqualTo(expected.states());
    assertThat(result.verdict()).as(report).isEqualTo(expected.verdict());
    for (Flag flag : expected.flags()) {
      assertThat(result.flags()).as(report + "%n  missing flag " + flag).contains(flag);
    }
    for (Flag flag : EnumSet.of(Flag.LOOP_BOUND_HIT, Flag.DEADLOCK)) {
      if (!expected.flags().contains(flag)) {
        assertThat(result.flags()).as(report + "%n  unexpected flag " + flag).doesNotContain(flag);
      }
    }
  }

  /** Reads the {@code (* expect...: *)} comments of a litmus file. */
  static Expectation parseExpectation(String file, String text) {
    Matcher v = VERDICT.matcher(text);
    if (!v.find()) {
      fail(file + ": no (* expect: Allowed|Forbidden *) comment");
    }
    Verdict verdict = Verdict.valueOf(v.group(1).toUpperCase(Locale.ROOT));

    Matcher s = STATES.matcher(text);
    if (!s.find()) {
      fail(file + ": no (* expect-states: ... *) comment");
    }
    Set<Map<String, Long>> states = new LinkedHashSet<>();
    String body = s.group(1).trim();
    if (!body.isEmpty()) {
      for (String state : body.split("\\|")) {
        Map<String, Long> values = new TreeMap<>();
        for (String pair : state.split(";")) {
          if (pair.isBlank()) {
            continue;
          }
          Matcher m = PAIR.matcher(pair);
          if (!m.matches()) {
            fail(file + ": bad key=value '" + pair.trim() + "' in expect-states");
          }
          if (values.put(m.group(1), Long.parseLong(m.group(2))) != null) {
            fail(file + ": key " + m.group(1) + " twice in one expected state");
          }
        }
        if (values.isEmpty()) {
          fail(file + ": empty state between '|' in expect-states");
        }
        if (!states.add(values)) {
          fail(file + ": duplicate expected state " + values);
        }
      }
    }

    Set<Flag> flags = EnumSet.noneOf(Flag.class);
    Matcher f = FLAGS.matcher(text);
    if (f.find()) {
      for (String name : f.group(1).split("[,\\s]+")) {
        if (!name.isBlank()) {
          flags.add(Flag.valueOf(name.trim()));
        }
      }
    }
    return new Expectation(verdict, states, flags);
  }

  private static String show(Set<Map<String, Long>> states) {
    if (states.isEmpty()) {
      return "(none)";
    }
    List<String> lines = new ArrayList<>();
    for (Map<String, Long> st : states) {
      StringBuilder sb = new StringBuilder();
      st.entrySet().stream()
          .sorted(Map.Entry.comparingByKey(FinalState.KEY_ORDER))
          .forEach(e -> sb.append(e.getKey()).append('=').append(e.getValue()).append("; "));
      lines.add(sb.toString().trim());
    }
    lines.sort(null);
    return String.join(" | ", lines);
  }

  /** For other tests: the expectation of one suite file, if it has one. */
  static Optional<Expectation> expectationOf(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    return VERDICT.matcher(text).find()
        ? Optional.of(parseExpectation(file.toString(), text))
        : Optional.empty();
  }
}
