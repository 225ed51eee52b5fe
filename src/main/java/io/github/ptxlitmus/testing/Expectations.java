package io.github.ptxlitmus.testing;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.Verdict;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.Names;
import io.github.ptxlitmus.litmus.SourcePosition;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The oracle a litmus file carries in its comments (format in {@code
 * src/test/resources/litmus/README.md}), optionally with the expected truth of its condition
 * from an expectations CSV. Immutable and thread-safe.
 *
 * <pre>
 * (* expect: Forbidden *)                                     verdict of the outcome of interest
 * (* expect-states: P1:r0=0; P1:r1=1; | P1:r0=1; P1:r1=1; *)  every allowed final state
 * (* expect-flags: DATA_RACE, LOOP_BOUND_HIT *)                flags that must be set
 * </pre>
 *
 * <p>A result meets the expectations ({@link CheckResultAssert#meets(Expectations)}) when its
 * verdict equals {@link #verdict()}, its states equal {@link #states()} exactly (order of states
 * and keys irrelevant), every flag of {@link #flags()} is set, the flags of {@link
 * #ABSENT_UNLESS_LISTED} ({@link Flag#DEADLOCK}, {@link Flag#LOOP_BOUND_HIT}, {@link
 * Flag#MAY_NOT_TERMINATE}, {@link Flag#FILTER_PASSES_NONE}) are not set unless listed, and its condition holds as {@link
 * #conditionHolds()} says. Absent parts are not checked.
 *
 * @param verdict the expected verdict ({@code expect:}), if given
 * @param states the exact set of allowed final states ({@code expect-states:}), if given; an
 *     empty set means no execution completes
 * @param flags the flags that must be set ({@code expect-flags:}); empty when not given
 * @param conditionHolds whether the condition must hold (a CSV row {@code path,1} or {@code
 *     path,0}), if given
 */
public record Expectations(
    Optional<Verdict> verdict,
    Optional<Set<FinalState>> states,
    Set<Flag> flags,
    Optional<Boolean> conditionHolds) {

  /** Flags that must be absent unless an {@code expect-flags:} comment lists them. */
  public static final Set<Flag> ABSENT_UNLESS_LISTED =
      Set.copyOf(EnumSet.of(Flag.DEADLOCK, Flag.LOOP_BOUND_HIT, Flag.MAY_NOT_TERMINATE,
          Flag.FILTER_PASSES_NONE));

  private static final Pattern VERDICT =
      Pattern.compile("\\(\\*\\s*expect\\s*:(.*?)\\*\\)", Pattern.DOTALL);
  private static final Pattern STATES =
      Pattern.compile("\\(\\*\\s*expect-states\\s*:(.*?)\\*\\)", Pattern.DOTALL);
  private static final Pattern FLAGS =
      Pattern.compile("\\(\\*\\s*expect-flags\\s*:(.*?)\\*\\)", Pattern.DOTALL);
  /** A comment's first word and the colon after it, if any: {@code (* word:}. */
  private static final Pattern KEYED =
      Pattern.compile("\\(\\*\\s*([A-Za-z][\\w-]*)(\\s*:)?");
  /** The oracle's keywords. */
  private static final List<String> KEYWORDS = List.of("expect", "expect-states", "expect-flags");
  /**
   * Keyed comments that are no oracle: {@code spec:} (the deciding sections) and {@code
   * expect-error:} (the error a file of a rejection corpus must give).
   */
  private static final Set<String> OTHER_KEYS = Set.of("spec", "expect-error");

  /**
   * Copies the collections; no argument may be null.
   *
   * @param verdict the expected verdict ({@code expect:}), if given
   * @param states the exact set of allowed final states ({@code expect-states:}), if given; an
   *     empty set means no execution completes
   * @param flags the flags that must be set ({@code expect-flags:}); empty when not given
   * @param conditionHolds whether the condition must hold (a CSV row {@code path,1} or {@code
   *     path,0}), if given
   * @throws NullPointerException if an argument is null
   */
  public Expectations {
    states = states.map(s -> Set.copyOf(s));
    flags = flags.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(flags));
    java.util.Objects.requireNonNull(verdict, "verdict");
    java.util.Objects.requireNonNull(conditionHolds, "conditionHolds");
  }

  /**
   * No expectation at all.
   *
   * @return expectations with every part absent
   */
  public static Expectations none() {
    return new Expectations(Optional.empty(), Optional.empty(), Set.of(), Optional.empty());
  }

  /**
   * Reads the expectation comments of a litmus file (UTF-8).
   *
   * @param file the litmus file
   * @return its expectations; {@link #isEmpty()} when it has none
   * @throws IOException when the file cannot be read
   * @throws LitmusSyntaxException when a comment is malformed (unknown verdict or flag, bad
   *     {@code key=value}, a key twice in one state, a state twice, a comment twice) or
   *     misspelt ({@code (* expext: *)}, {@code (* Expect: *)}, {@code (* expected: *)}: a
   *     keyed comment starting with {@code expect} or within two edits of a keyword); the
   *     message is {@code file:line:col: reason}
   */
  public static Expectations read(Path file) throws IOException {
    return read(file.toString(), io.github.ptxlitmus.litmus.TextFiles.readString(file, false));
  }

  /**
   * Reads the expectation comments of litmus text; positions name the file {@code <string>}.
   *
   * @param text the litmus test (or any text holding the comments)
   * @return its expectations; {@link #isEmpty()} when it has none
   * @throws LitmusSyntaxException when a comment is malformed, see {@link #read(Path)}
   */
  public static Expectations read(String text) {
    return read("<string>", text);
  }

  /**
   * Reads the expectation comments of litmus text.
   *
   * @param name the file name used in error positions
   * @param text the litmus test (or any text holding the comments)
   * @return its expectations; {@link #isEmpty()} when it has none
   * @throws LitmusSyntaxException when a comment is malformed, see {@link #read(Path)}
   */
  public static Expectations read(String name, String text) {
    rejectMisspeltKeys(name, text);
    Optional<Verdict> verdict =
        find(VERDICT, name, text).map(m -> verdict(name, text, m));
    Optional<Set<FinalState>> states = find(STATES, name, text).map(m -> states(name, text, m));
    Set<Flag> flags = find(FLAGS, name, text).map(m -> flags(name, text, m)).orElse(Set.of());
    return new Expectations(verdict, states, flags, Optional.empty());
  }

  /**
   * These expectations plus the truth of the condition (from a CSV row).
   *
   * @param holds whether the test's condition must hold
   * @return a copy with {@link #conditionHolds()} set
   */
  public Expectations withConditionHolds(boolean holds) {
    return new Expectations(verdict, states, flags, Optional.of(holds));
  }

  /**
   * How a result measures up to these expectations.
   *
   * @param problems one line per part not met, in the order verdict, condition, states, flags;
   *     empty when every part present is met
   * @param listed the result the states and flags were compared with: {@code result} when it
   *     lists every state, else its re-check in states mode ({@link CheckResult#listStates()})
   * @param stateDiff the missing and unexpected states, one per line under a heading each;
   *     empty when the states were not compared or agree
   */
  public record Comparison(List<String> problems, CheckResult listed, String stateDiff) {
    /**
     * Copies the list.
     *
     * @param problems see the record
     * @param listed see the record
     * @param stateDiff see the record
     */
    public Comparison {
      problems = List.copyOf(problems);
    }

    /** {@return whether every part of the expectations present is met} */
    public boolean met() {
      return problems.isEmpty();
    }
  }

  /**
   * Compares a result with these expectations, part by part (the rules {@link
   * CheckResultAssert#meets} asserts and {@code ptx-litmus check} reports): the verdict; the
   * condition's truth; the exact states and the flags, against every allowed state (a result
   * that does not list them all is re-checked in states mode first); {@link
   * #ABSENT_UNLESS_LISTED} flags must not be set unless listed. A result cut by a limit
   * ({@link Verdict#UNKNOWN}) meets nothing but an expected {@code Unknown} verdict; an {@link
   * Verdict#UNDEFINED} one (the model does not apply, 8.7.2) only expectations whose verdict is
   * {@code Undefined}. Empty expectations are met by any result: whether that is acceptable is
   * the caller's decision ({@code meets} refuses them).
   *
   * @param result the result to compare
   * @return the problems found, empty when all is met
   */
  public Comparison compare(CheckResult result) {
    List<String> problems = new ArrayList<>();
    Verdict v = result.verdict();
    String is = v + result.unknownReason().map(r -> " (" + r + ")").orElse("");
    verdict.filter(e -> e != v).ifPresent(e -> problems.add("verdict: expected " + e + ", is "
        + is));
    boolean more = states.isPresent() || !flags.isEmpty() || conditionHolds.isPresent();
    if (v == Verdict.UNKNOWN) {
      if (more) {
        problems.add("states, flags and the condition not compared: the check stopped at a"
            + " limit (" + result.unknownReason().orElse("a limit was hit") + ")");
      }
      return new Comparison(problems, result, "");
    }
    if (v == Verdict.UNDEFINED && verdict.isEmpty()) {
      problems.add("the verdict is " + is + ": with a mixed-size data race the model does not"
          + " apply (8.7.2); expect Undefined to compare the states of such a test");
    }
    conditionHolds.ifPresent(h -> {
      if (result.conditionHolds() != h) {
        problems.add("condition " + result.condition().quantifier().keyword() + " ("
            + io.github.ptxlitmus.litmus.LitmusPrinter.condition(result.condition().body())
            + "): expected to " + (h ? "hold" : "fail") + ", "
            + (result.conditionHolds() ? "holds" : "fails"));
      }
    });
    // Flags that must be absent unless listed are facts about every execution: always list.
    CheckResult all;
    try {
      all = result.listStates();
    } catch (IllegalStateException noChecker) {
      problems.add("states and flags not compared: the result does not list every state and"
          + " has no checker attached to list them");
      return new Comparison(problems, result, "");
    }
    if (!all.hasAllStates()) {
      problems.add("states and flags not compared: listing every state in states mode was"
          + " stopped: " + all.unknownReason().orElse("a limit was hit"));
      return new Comparison(problems, all, "");
    }
    String diff = states.map(e -> States.diff(e, all.states())).orElse("");
    if (!diff.isEmpty()) {
      Set<FinalState> allowed = Set.copyOf(all.states());
      long missing = states.get().stream().filter(x -> !allowed.contains(x)).count();
      long unexpected = allowed.stream().filter(x -> !states.get().contains(x)).count();
      problems.add("states differ (" + missing + " missing, " + unexpected + " unexpected)"
          + strayKeys(states.get(), all.states()));
    }
    for (Flag f : EnumSet.allOf(Flag.class)) {
      if (flags.contains(f) && !all.has(f)) {
        problems.add("flag " + f + " expected but not set");
      } else if (ABSENT_UNLESS_LISTED.contains(f) && all.has(f) && !flags.contains(f)) {
        problems.add("flag " + f + " set but not expected");
      }
    }
    return new Comparison(problems, all, diff);
  }

  /**
   * The keys the expected states name that no allowed state has (a misspelt register or
   * location, a register the condition does not observe), as a clause for the mismatch line;
   * empty when there are none or nothing is allowed.
   */
  private static String strayKeys(Set<FinalState> expected, List<FinalState> allowed) {
    if (allowed.isEmpty()) {
      return "";
    }
    Set<String> known = new TreeSet<>(FinalState.KEY_ORDER);
    allowed.forEach(s -> known.addAll(s.values().keySet()));
    Set<String> stray = new TreeSet<>(FinalState.KEY_ORDER);
    expected.forEach(s -> s.values().keySet().stream().filter(k -> !known.contains(k))
        .forEach(stray::add));
    if (stray.isEmpty()) {
      return "";
    }
    return "; expect-states names " + String.join(", ", stray) + ", which no final state of"
        + " this test has (its final states have " + String.join(", ", known) + ")";
  }

  /**
   * Whether nothing is expected.
   *
   * @return true when verdict, states and condition truth are absent and no flag is listed
   */
  public boolean isEmpty() {
    return verdict.isEmpty() && states.isEmpty() && flags.isEmpty() && conditionHolds.isEmpty();
  }

  /**
   * A comment keyed like an oracle comment but misspelt ({@code (* expext: *)}, {@code (*
   * Expect: *)}, {@code (* expected: *)}, {@code (* expect Forbidden *)}) would silently expect
   * nothing: it is an error naming the keyword meant. With a colon, keys that start with
   * {@code expect} or are within two edits of a keyword (case aside) count as misspelt, except
   * {@link #OTHER_KEYS}; without one, a first word that is a keyword or one edit from one.
   */
  private static void rejectMisspeltKeys(String name, String text) {
    Matcher m = KEYED.matcher(text);
    while (m.find()) {
      String key = m.group(1);
      boolean colon = m.group(2) != null;
      if (colon && (KEYWORDS.contains(key) || OTHER_KEYS.contains(key))) {
        continue;
      }
      String lower = key.toLowerCase(Locale.ROOT);
      Optional<String> meant = KEYWORDS.contains(lower) ? Optional.of(lower)
          : Names.closest(lower, KEYWORDS);
      if (!colon) {
        if (meant.isPresent() && Names.editDistance(lower, meant.get(), 2) <= 1) {
          throw error(name, text, m.start(1), "comment '(* " + key + "' has no ':' after its"
              + " keyword; write (* " + meant.get() + ": ... *)");
        }
      } else if (meant.isPresent() || lower.startsWith("expect")) {
        throw error(name, text, m.start(1), "unknown comment '" + key + ":'; "
            + meant.map(k -> "did you mean '" + k + ":'?")
                .orElse("the oracle comments are expect:, expect-states: and expect-flags:"));
      }
    }
  }

  private static Optional<Matcher> find(Pattern p, String name, String text) {
    Matcher m = p.matcher(text);
    if (!m.find()) {
      return Optional.empty();
    }
    int first = m.start();
    if (m.find()) {
      throw error(name, text, m.start(), "second (* " + keyword(p) + ": *) comment; the first is at "
          + position(name, text, first));
    }
    m.reset();
    m.find();
    return Optional.of(m);
  }

  private static String keyword(Pattern p) {
    return p == VERDICT ? "expect" : p == STATES ? "expect-states" : "expect-flags";
  }

  private static Verdict verdict(String name, String text, Matcher m) {
    String word = m.group(1).trim();
    try {
      return Verdict.valueOf(word.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw error(name, text, m.start(1), "unknown verdict '" + word
          + "' in (* expect: *); expected Allowed, Forbidden, Undefined or Unknown");
    }
  }

  private static Set<FinalState> states(String name, String text, Matcher m) {
    Set<FinalState> out = new LinkedHashSet<>();
    String body = m.group(1);
    if (body.isBlank()) {
      return out;
    }
    int offset = m.start(1);
    for (String state : body.split("\\|", -1)) {
      java.util.Map<String, Long> values = new java.util.LinkedHashMap<>();
      int pairOffset = offset;
      for (String pair : state.split(";", -1)) {
        if (!pair.isBlank()) {
          Matcher p = States.PAIR.matcher(pair);
          int at = pairOffset + (pair.length() - pair.stripLeading().length());
          if (!p.matches()) {
            throw error(name, text, at, "bad key=value '" + pair.trim() + "' in expect-states");
          }
          String key = States.normalizeKey(p.group(1));
          if (values.put(key, Long.parseLong(p.group(2))) != null) {
            throw error(name, text, at, "key " + key + " twice in one expected state");
          }
        }
        pairOffset += pair.length() + 1;
      }
      if (values.isEmpty()) {
        throw error(name, text, offset, "empty state between '|' in expect-states");
      }
      if (!out.add(FinalState.of(values))) {
        throw error(name, text, offset, "duplicate expected state " + FinalState.of(values));
      }
      offset += state.length() + 1;
    }
    return out;
  }

  private static Set<Flag> flags(String name, String text, Matcher m) {
    Set<Flag> out = EnumSet.noneOf(Flag.class);
    for (String word : m.group(1).split("[,\\s]+")) {
      if (word.isBlank()) {
        continue;
      }
      try {
        out.add(Flag.valueOf(word.trim()));
      } catch (IllegalArgumentException e) {
        throw error(name, text, m.start(1) + m.group(1).indexOf(word), "unknown flag '" + word
            + "' in expect-flags; expected one of "
            + Arrays.stream(Flag.values()).map(Flag::name).collect(Collectors.joining(", ")));
      }
    }
    return out;
  }

  private static SourcePosition position(String name, String text, int offset) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < offset && i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return new SourcePosition(name, line, offset - lineStart + 1);
  }

  private static LitmusSyntaxException error(String name, String text, int offset, String why) {
    return new LitmusSyntaxException(position(name, text, offset), why);
  }
}
