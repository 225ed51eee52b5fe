package io.github.ptxlitmus.report;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.Verdict;
import java.util.List;
import java.util.Locale;

/**
 * JUnit XML (the Ant/Surefire {@code testsuite} schema CI servers read): one {@code testcase}
 * per litmus file, named by its path; a {@code failure} when an expectation disagrees (the
 * {@code --expect} CSV or the file's own {@code (* expect ... *)} comments), an {@code error}
 * when the file could not be parsed or checked, {@code skipped} when a limit left the answer
 * unknown, or no execution passes the test's filter (nothing was decided), and nothing was
 * expected of it. Each case's {@code system-out} holds its herd-format
 * block. Stateless.
 */
public final class JunitReport {
  private JunitReport() {}

  /**
   * One file's outcome with the disagreements found for it.
   *
   * @param outcome the checked or failed file
   * @param problems one line per expectation that disagrees; empty when all agree
   */
  public record Case(TestOutcome outcome, List<String> problems) {
    /**
     * Creates the record, copying the lists (unmodifiable); none may be or hold null.
     *
     * @param outcome the checked or failed file
     * @param problems one line per expectation that disagrees; empty when all agree
     */
    public Case {
      problems = List.copyOf(problems);
    }
  }

  /**
   * The XML document.
   *
   * @param suite the suite's name, e.g. {@code ptx-litmus}
   * @param cases the cases in order
   * @return the document, ending with a newline
   */
  public static String render(String suite, List<Case> cases) {
    int failures = 0;
    int errors = 0;
    int skipped = 0;
    long millis = 0;
    StringBuilder body = new StringBuilder();
    for (Case c : cases) {
      String name = c.outcome().file().toString();
      if (c.outcome() instanceof TestOutcome.Checked checked) {
        CheckResult r = checked.result();
        millis += r.millis();
        body.append("  <testcase classname=\"").append(attr(suite)).append("\" name=\"")
            .append(attr(name)).append("\" time=\"").append(seconds(r.millis())).append("\">\n");
        if (!c.problems().isEmpty()) {
          failures++;
          body.append("    <failure type=\"expectation\" message=\"")
              .append(attr(String.join("; ", c.problems()))).append("\">")
              .append(text(String.join("\n", c.problems()))).append("</failure>\n");
        } else if (r.verdict() == Verdict.UNKNOWN) {
          skipped++;
          body.append("    <skipped message=\"")
              .append(attr("Unknown: " + r.unknownReason().orElse("a limit was hit")))
              .append("\"/>\n");
        } else if (r.has(io.github.ptxlitmus.check.Flag.FILTER_PASSES_NONE)) {
          skipped++; // nothing was decided about the condition
          body.append("    <skipped message=\"")
              .append(attr("no execution passes the filter"
                  + r.filterText().map(f -> " (" + f + ")").orElse("")
                  + ": the condition was judged on no execution"))
              .append("\"/>\n");
        }
        body.append("    <system-out>").append(text(HerdTextReport.block(c.outcome())))
            .append("</system-out>\n");
      } else {
        errors++;
        String message = ((TestOutcome.Failed) c.outcome()).message();
        body.append("  <testcase classname=\"").append(attr(suite)).append("\" name=\"")
            .append(attr(name)).append("\" time=\"0.000\">\n")
            .append("    <error type=\"error\" message=\"").append(attr(message)).append("\"/>\n");
      }
      body.append("  </testcase>\n");
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<testsuite name=\"" + attr(suite) + "\" tests=\"" + cases.size() + "\" failures=\""
        + failures + "\" errors=\"" + errors + "\" skipped=\"" + skipped + "\" time=\""
        + seconds(millis) + "\">\n" + body + "</testsuite>\n";
  }

  private static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.3f", millis / 1000.0);
  }

  /** Escapes text content; drops characters XML 1.0 cannot carry. */
  static String text(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      switch (ch) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        default -> {
          if (ch >= 0x20 || ch == '\n' || ch == '\t' || ch == '\r') {
            b.append(ch);
          }
        }
      }
    }
    return b.toString();
  }

  /** Escapes an attribute value (quotes and line breaks too). */
  static String attr(String s) {
    return text(s).replace("\"", "&quot;").replace("\n", "&#10;").replace("\r", "&#13;");
  }
}
