package io.github.ptxlitmus.observe;

import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.SourcePosition;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A log of observed final states in herd's format: the logs the {@code cuda} harnesses print
 * and those of litmus7 and other testers that write herd's log shape. A log is a sequence of
 * blocks; a block starts with {@code Test NAME ...}, then either {@code Histogram (N states)}
 * followed by N lines {@code COUNT *>STATE} or {@code COUNT :>STATE} (litmus7's marks: the
 * state satisfies the condition or not), or {@code States N} followed by N lines {@code STATE}
 * or {@code COUNT STATE}. A state is {@code KEY=VALUE;} repeated ({@code 0:r0=1; x=2;}, the
 * last {@code ;} optional), keys {@code N:reg} (or {@code PN:reg}) or a location name, values
 * signed decimal or {@code 0x} hexadecimal 64-bit numbers. Other lines ({@code Ok},
 * {@code Witnesses}, {@code Observation ...}, {@code Time ...}) are skipped. Immutable.
 *
 * @param file the log's path, as given
 * @param tests the blocks, in file order
 */
public record ObservedLog(String file, List<Test> tests) {
  private static final Pattern TEST = Pattern.compile("^Test\\s+(\\S+)(?:\\s+.*)?$");
  private static final Pattern HISTOGRAM =
      Pattern.compile("^Histogram\\s*\\(\\s*(\\S+)\\s+states?\\s*\\)\\s*$");
  private static final Pattern STATES = Pattern.compile("^States\\s+(\\S+)\\s*$");
  private static final Pattern KEY = Pattern.compile("(?:P?(\\d+):)?([A-Za-z_$%][\\w$.%]*)");

  /** Copies the list. */
  public ObservedLog {
    tests = List.copyOf(tests);
  }

  /**
   * One test's observations.
   *
   * @param name the test's name as the {@code Test} line gives it
   * @param position the {@code Test} line
   * @param states the observed states, in log order
   */
  public record Test(String name, SourcePosition position, List<State> states) {
    /** Copies the list. */
    public Test {
      states = List.copyOf(states);
    }

    /** {@return the runs the counts add up to, or empty when a state has no count} */
    public OptionalLong runs() {
      long sum = 0;
      for (State s : states) {
        if (s.count().isEmpty()) {
          return OptionalLong.empty();
        }
        sum += s.count().getAsLong();
      }
      return OptionalLong.of(sum);
    }
  }

  /**
   * One observed final state.
   *
   * @param values key to value: registers as {@code P<thread>:<name>}, locations by name
   * @param count how many runs ended in it; empty when the log gives no count
   * @param position the state's line
   */
  public record State(Map<String, Long> values, OptionalLong count, SourcePosition position) {
    /** Copies the map, keeping its order. */
    public State {
      values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** {@return the state as the checker reads one: {@code P0:r0=1; x=2;}} */
    public String text() {
      StringBuilder b = new StringBuilder();
      values.forEach((k, v) -> b.append(b.length() == 0 ? "" : " ").append(k).append('=')
          .append(v).append(';'));
      return b.toString();
    }

    /** {@return the state as herd prints it: {@code 0:r0=1; x=2;}} */
    public String herdText() {
      return text().replaceAll("(^| )P(\\d+):", "$1$2:");
    }
  }

  /**
   * Reads a log file.
   *
   * @param path the log
   * @return its blocks
   * @throws IOException when it cannot be read
   * @throws LitmusSyntaxException {@code file:line:col: reason} when it is not UTF-8, has no
   *     {@code Test} block, or a block is malformed (a missing or bad count, fewer state
   *     lines than announced, a state that does not parse, a key given twice)
   */
  public static ObservedLog read(Path path) throws IOException {
    byte[] bytes = Files.readAllBytes(path);
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new LitmusSyntaxException(new SourcePosition(path.toString(), 1, 1),
          "not a UTF-8 text file");
    }
    return parse(path.toString(), text);
  }

  /**
   * Parses a log's text.
   *
   * @param file the name messages give
   * @param text the log
   * @return its blocks
   * @throws LitmusSyntaxException as {@link #read(Path)}
   */
  public static ObservedLog parse(String file, String text) {
    String[] lines = text.split("\r?\n", -1);
    List<Test> tests = new ArrayList<>();
    int i = 0;
    while (i < lines.length) {
      String line = lines[i].strip();
      Matcher t = TEST.matcher(line);
      if (!line.startsWith("Test ") && !line.equals("Test")) {
        i++;
        continue;
      }
      SourcePosition at = new SourcePosition(file, i + 1, 1);
      if (!t.matches()) {
        throw new LitmusSyntaxException(at, "a Test line names the test: Test NAME");
      }
      String name = t.group(1);
      int j = i + 1;
      while (j < lines.length && lines[j].isBlank()) {
        j++;
      }
      if (j >= lines.length) {
        throw new LitmusSyntaxException(new SourcePosition(file, i + 1, line.length() + 1),
            "test " + name + " has no 'States N' or 'Histogram (N states)' line after it");
      }
      String head = lines[j].strip();
      Matcher h = HISTOGRAM.matcher(head);
      Matcher s = STATES.matcher(head);
      String n;
      boolean histogram;
      if (h.matches()) {
        n = h.group(1);
        histogram = true;
      } else if (s.matches()) {
        n = s.group(1);
        histogram = false;
      } else {
        throw new LitmusSyntaxException(new SourcePosition(file, j + 1, indent(lines[j]) + 1),
            "expected 'States N' or 'Histogram (N states)' after 'Test " + name + "', found '"
                + clip(head) + "'");
      }
      int count;
      try {
        count = Integer.parseInt(n);
        if (count < 0) {
          throw new NumberFormatException();
        }
      } catch (NumberFormatException e) {
        int col = lines[j].indexOf(n) + 1;
        throw new LitmusSyntaxException(new SourcePosition(file, j + 1, col),
            "the number of states must be a non-negative integer, got '" + n + "'");
      }
      List<State> states = new ArrayList<>();
      for (int k = 0; k < count; k++) {
        int ln = j + 1 + k;
        if (ln >= lines.length || lines[ln].isBlank() || TEST.matcher(lines[ln].strip()).matches()) {
          throw new LitmusSyntaxException(new SourcePosition(file,
              Math.min(ln, lines.length - 1) + 1, 1), "test " + name + " announces " + count
              + " states; state " + (k + 1) + " is missing");
        }
        states.add(state(file, ln + 1, lines[ln], histogram));
      }
      tests.add(new Test(name, at, states));
      i = j + 1 + count;
    }
    if (tests.isEmpty()) {
      throw new LitmusSyntaxException(new SourcePosition(file, 1, 1), "no 'Test NAME' block:"
          + " not a log in herd's format");
    }
    return new ObservedLog(file, tests);
  }

  /** One state line: {@code [COUNT] [*>|:>] KEY=VALUE; ...}. */
  private static State state(String file, int line, String raw, boolean histogram) {
    int p = indent(raw);
    OptionalLong count = OptionalLong.empty();
    int digits = p;
    while (digits < raw.length() && Character.isDigit(raw.charAt(digits))) {
      digits++;
    }
    boolean counted = digits > p && digits < raw.length()
        && (Character.isWhitespace(raw.charAt(digits)) || raw.startsWith("*>", digits)
            || raw.startsWith(":>", digits) || raw.charAt(digits) == '>');
    if (counted) {
      try {
        count = OptionalLong.of(Long.parseLong(raw.substring(p, digits)));
      } catch (NumberFormatException e) {
        throw new LitmusSyntaxException(new SourcePosition(file, line, p + 1),
            "the count " + raw.substring(p, digits) + " is too large");
      }
      p = skipSpace(raw, digits);
    } else if (histogram) {
      throw new LitmusSyntaxException(new SourcePosition(file, line, p + 1),
          "a histogram line starts with its count: COUNT :>STATE or COUNT *>STATE");
    }
    if (raw.startsWith("*>", p) || raw.startsWith(":>", p)) {
      p += 2;
    } else if (raw.startsWith(">", p)) {
      p += 1;
    }
    Map<String, Long> values = new LinkedHashMap<>();
    p = skipSpace(raw, p);
    if (p >= raw.length()) {
      throw new LitmusSyntaxException(new SourcePosition(file, line, p + 1),
          "expected a state KEY=VALUE; ...");
    }
    while (p < raw.length()) {
      Matcher k = KEY.matcher(raw);
      k.region(p, raw.length());
      if (!k.lookingAt()) {
        throw new LitmusSyntaxException(new SourcePosition(file, line, p + 1),
            "expected a register (0:r0) or a location name, found '" + clip(raw.substring(p))
                + "'");
      }
      String key = k.group(1) != null ? "P" + k.group(1) + ":" + strip(k.group(2))
          : strip(k.group(2));
      int keyAt = p;
      p = skipSpace(raw, k.end());
      if (p >= raw.length() || raw.charAt(p) != '=') {
        throw new LitmusSyntaxException(new SourcePosition(file, line, p + 1),
            "expected '=' after " + raw.substring(keyAt, k.end()));
      }
      p = skipSpace(raw, p + 1);
      int v = p;
      while (p < raw.length() && raw.charAt(p) != ';' && !Character.isWhitespace(raw.charAt(p))) {
        p++;
      }
      String number = raw.substring(v, p);
      Long value = number(number);
      if (value == null) {
        throw new LitmusSyntaxException(new SourcePosition(file, line, v + 1),
            "the value of " + key + " must be a 64-bit integer, got '" + clip(number) + "'");
      }
      if (values.put(key, value) != null) {
        throw new LitmusSyntaxException(new SourcePosition(file, line, keyAt + 1),
            key + " is given twice in one state");
      }
      p = skipSpace(raw, p);
      if (p < raw.length()) {
        if (raw.charAt(p) != ';') {
          throw new LitmusSyntaxException(new SourcePosition(file, line, p + 1),
              "expected ';' after " + key + "=" + number);
        }
        p = skipSpace(raw, p + 1);
      }
    }
    return new State(values, count, new SourcePosition(file, line, indent(raw) + 1));
  }

  private static String strip(String register) {
    return register.startsWith("%") ? register.substring(1) : register;
  }

  /** A signed decimal, or a 0x pattern of at most 64 bits; null when neither. */
  private static Long number(String s) {
    try {
      if (s.startsWith("0x") || s.startsWith("0X")) {
        return Long.parseUnsignedLong(s.substring(2), 16);
      }
      if (s.startsWith("-0x") || s.startsWith("-0X")) {
        return -Long.parseUnsignedLong(s.substring(3), 16);
      }
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static int indent(String s) {
    return skipSpace(s, 0);
  }

  private static int skipSpace(String s, int p) {
    while (p < s.length() && Character.isWhitespace(s.charAt(p))) {
      p++;
    }
    return p;
  }

  private static String clip(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "..." : s;
  }
}
