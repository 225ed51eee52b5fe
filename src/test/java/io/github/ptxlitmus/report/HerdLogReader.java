package io.github.ptxlitmus.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A reader of herd7 logs, written from the grammar herd's own log tools use (msort7,
 * mcompare7: herdtools7 {@code tools/lexLog_tools.mll}), not from our printer, so that a test
 * can tell whether those tools would read our output. Per test:
 *
 * <pre>
 * Test NAME [Allowed|Forbidden|Required|Final|Unknown]
 * (any lines)
 * States N
 * N lines of  (P:reg|loc) = value ;  ...          (a blank line may follow)
 * Ok|No|Undef|Succeeded|Failed|?? ...             (the validation)
 * Witnesses
 * Positive: P Negative: N
 * (Flag ... | Bad executions ...)*
 * Condition TEXT
 * (Hash=H | Time NAME T | Key NAME text | key=text)*
 * </pre>
 *
 * Anything between blocks is skipped, as herd's reader skips it. A state line that does not
 * match, a validation word herd does not know, or a missing {@code Witnesses} line is an
 * error (herd would report a lex error or lose the block). Stateless.
 */
final class HerdLogReader {
  private HerdLogReader() {}

  /** One test's block as herd's tools see it. */
  record Block(
      String name,
      String kind,
      List<Map<String, String>> states,
      String validation,
      long positive,
      long negative,
      List<String> flags,
      String condition,
      Map<String, String> extra,
      Optional<String> hash,
      Optional<String> time) {}

  private static final String TESTNAME = "[A-Za-z0-9_/.\\-+\\[\\]]+";
  private static final Pattern TEST =
      Pattern.compile("Test[ \\t]+(" + TESTNAME + ")(?:[ \\t]+([A-Za-z][A-Za-z0-9_.]*))?");
  private static final Pattern STATES = Pattern.compile("States(?:[ \\t]+([0-9]+))?");
  /** One binding: {@code 1:r0=1;}, {@code x=2;}, {@code [x]=2;}, {@code x[1]=2;}. */
  private static final Pattern BINDING =
      Pattern.compile(
          "[ \\t]*([0-9]+:[A-Za-z][A-Za-z0-9_.]*|\\[?[A-Za-z][A-Za-z0-9_.]*\\]?"
              + "|[A-Za-z][A-Za-z0-9_.]*\\[[0-9]+\\])[ \\t]*=[ \\t]*(-?(?:0x[0-9a-fA-F]+|[0-9]+))"
              + "[ \\t]*;");
  private static final Pattern VALIDATION =
      Pattern.compile("(?:Loop[ \\t]+)?(Undef|Succeeded|Failed|Ok|No|\\?\\?).*");
  private static final Pattern WITNESSES =
      Pattern.compile("Positive:[ \\t]*([0-9]+),?[ \\t]*Negative:[ \\t]*([0-9]+)[ \\t]*");
  private static final Pattern HASH = Pattern.compile("[hH][aA][sS][hH][ \\t]*=[ \\t]*(\\S+)[ \\t]*");
  private static final Pattern TIME =
      Pattern.compile("Time[ \\t]+" + TESTNAME + "[ \\t]+([0-9]+\\.[0-9]+)[ \\t]*");
  private static final Pattern KEY_EQ = Pattern.compile("([A-Za-z]+)[ \\t]*=.*");
  private static final Pattern KEY_NAME =
      Pattern.compile("([A-Za-z]+)[ \\t]+(" + TESTNAME + ")[ \\t]+(.*)");
  private static final List<String> KINDS =
      List.of("Allow", "Allowed", "Require", "Required", "Forbid", "Forbidden", "Unknown", "???",
          "---");

  /**
   * Reads every test block of a log.
   *
   * @throws IllegalArgumentException naming the line herd's reader would reject
   */
  static List<Block> read(String log) {
    String[] lines = log.split("\n", -1);
    List<Block> blocks = new ArrayList<>();
    int i = 0;
    while (i < lines.length) {
      Matcher test = TEST.matcher(lines[i]);
      if (!lines[i].startsWith("Test") || !test.matches()) {
        i++;
        continue;
      }
      String name = test.group(1);
      String kind = test.group(2) == null ? "" : test.group(2);
      if (!kind.isEmpty() && !KINDS.contains(kind)) {
        throw error(i, "kind '" + kind + "' is not one of herd's");
      }
      i++;
      while (i < lines.length && !STATES.matcher(lines[i]).matches()) {
        i++;
      }
      if (i == lines.length) {
        throw error(i, "no States line for " + name);
      }
      i++;
      List<Map<String, String>> states = new ArrayList<>();
      String validation = null;
      while (i < lines.length) {
        Matcher v = VALIDATION.matcher(lines[i]);
        if (v.matches()) {
          validation = v.group(1);
          i++;
          break;
        }
        if (lines[i].isBlank()) {
          i++;
          continue;
        }
        states.add(bindings(lines[i], i));
        i++;
      }
      if (validation == null) {
        throw error(i, "no validation line for " + name);
      }
      while (i < lines.length && lines[i].isBlank()) {
        i++;
      }
      if (i + 1 >= lines.length || !lines[i].strip().equals("Witnesses")) {
        throw error(i, "expected Witnesses for " + name + ", got '" + at(lines, i) + "'");
      }
      Matcher w = WITNESSES.matcher(lines[i + 1]);
      if (!w.matches()) {
        throw error(i + 1, "bad witnesses line '" + lines[i + 1] + "'");
      }
      i += 2;
      List<String> flags = new ArrayList<>();
      while (i < lines.length
          && (lines[i].isBlank() || lines[i].startsWith("Flag ")
              || lines[i].startsWith("Bad executions"))) {
        if (lines[i].startsWith("Flag ")) {
          flags.add(lines[i].substring(5));
        }
        i++;
      }
      if (i == lines.length || !lines[i].matches("Condition[ \\t]+.+")) {
        throw error(i, "expected Condition for " + name + ", got '" + at(lines, i) + "'");
      }
      String condition = lines[i].substring("Condition".length()).strip();
      i++;
      while (i < lines.length && lines[i].isBlank()) {
        i++;
      }
      Map<String, String> extra = new LinkedHashMap<>();
      Optional<String> hash = Optional.empty();
      Optional<String> time = Optional.empty();
      while (i < lines.length) {
        Matcher m;
        if ((m = HASH.matcher(lines[i])).matches()) {
          hash = Optional.of(m.group(1));
        } else if ((m = TIME.matcher(lines[i])).matches()) {
          time = Optional.of(m.group(1));
        } else if ((m = KEY_NAME.matcher(lines[i])).matches()) {
          extra.put(m.group(1), m.group(3));
        } else if (!KEY_EQ.matcher(lines[i]).matches()) {
          break;
        }
        i++;
      }
      blocks.add(
          new Block(name, kind, states, validation, Long.parseLong(w.group(1)),
              Long.parseLong(w.group(2)), flags, condition, extra, hash, time));
    }
    return blocks;
  }

  private static Map<String, String> bindings(String line, int index) {
    Map<String, String> out = new LinkedHashMap<>();
    Matcher m = BINDING.matcher(line);
    int at = 0;
    while (at < line.length() && m.find(at) && m.start() == at) {
      out.put(m.group(1), m.group(2));
      at = m.end();
    }
    if (!line.substring(at).isBlank() || out.isEmpty()) {
      throw error(index, "state line herd cannot read: '" + line + "'");
    }
    return out;
  }

  private static String at(String[] lines, int i) {
    return i < lines.length ? lines[i] : "<end>";
  }

  private static IllegalArgumentException error(int index, String message) {
    return new IllegalArgumentException("log line " + (index + 1) + ": " + message);
  }
}
