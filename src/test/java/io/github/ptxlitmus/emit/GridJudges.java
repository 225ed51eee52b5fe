package io.github.ptxlitmus.emit;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The two judges of a {@link PtxFormGrid} form: the front end (the form as the only
 * instruction of a test, parsed and checked) and {@code ptxas} (the form as one line of a
 * kernel; many forms per module, each judged by the errors reported for its line).
 */
final class GridJudges {
  private GridJudges() {}

  /** The declarations both judges see: 256-byte locations of every state space. */
  static final String LITMUS_INIT = "{ .global .b8 gx[256]; .shared .b8 sx[256];"
      + " .const .b8 cx[256]; .local .b8 lx[256]; .param .b8 px[256]; dx = 0; }";

  /** The form as a litmus test: P0 runs it, P1 (another CTA of the cluster) nothing. */
  static String litmus(String form) {
    return "PTX grid\n" + LITMUS_INIT + "\n"
        + "P0@cta 0,cluster 0,gpu 0 | P1@cta 1,cluster 0,gpu 0 ;\n"
        + form + " | ;\n"
        + "L: | ;\n"
        + "exists (dx == 0)\n";
  }

  private static final LitmusChecker CHECKER =
      LitmusChecker.create(CheckOptions.defaults().withTimeLimit(Duration.ofSeconds(5)));

  /**
   * The front end's judgment.
   *
   * @return empty when it accepts the form, else its message
   */
  static Optional<String> frontEnd(String form) {
    try {
      CHECKER.check("grid.litmus", litmus(form));
      return Optional.empty();
    } catch (LitmusSyntaxException e) {
      return Optional.of(e.reason());
    }
  }

  /** A kernel with the forms as lines, from line {@link #FIRST_LINE}. */
  static String module(List<String> forms, String target, String version) {
    StringBuilder b = new StringBuilder();
    b.append(".version ").append(version).append('\n');
    b.append(".target ").append(target).append('\n');
    b.append(".address_size 64\n");
    b.append(".global .align 16 .b8 gx[256];\n");
    b.append(".shared .align 16 .b8 sx[256];\n");
    b.append(".const .align 16 .b8 cx[256];\n");
    b.append(".global .align 8 .b64 dx;\n");
    b.append(".visible .entry k(.param .align 16 .b8 px[256])\n");
    b.append("{\n");
    b.append(".reg .b16 %h<16>; .reg .b32 %r<16>; .reg .b64 %rd<16>; .reg .pred %p<4>;\n");
    // .b128 registers need PTX ISA 8.3: declared (on this line) only when a form uses them.
    b.append(forms.stream().anyMatch(f -> f.contains("%q")) ? ".reg .b128 %q<16>; " : "")
        .append(".reg .b8 %c<16>; .local .align 16 .b8 lx[256];\n");
    // FIRST_LINE is the line of the first form.
    for (String f : forms) {
      b.append(f).append(";\n");
    }
    b.append("L:\nret;\n}\n");
    return b.toString();
  }

  /** The line of the first form in {@link #module}. */
  static final int FIRST_LINE = 12;

  /**
   * ptxas's judgment of each form, many per module: a form is rejected when an error names its
   * line; a fatal (syntax) error stops the assembler, so the forms after it are judged again
   * without it; the forms without errors are assembled once more together until a module of
   * them alone assembles (checks of later phases run only on a module that parses cleanly).
   *
   * @return per form, empty when accepted, else the errors reported for its line
   */
  static Map<String, Optional<String>> ptxas(Ptxas ptxas, List<String> forms, String target,
      String version) throws IOException {
    Map<String, Optional<String>> out = new LinkedHashMap<>();
    judge(ptxas, forms, target, version, out);
    return out;
  }

  private static void judge(Ptxas ptxas, List<String> forms, String target, String version,
      Map<String, Optional<String>> out) throws IOException {
    List<String> open = new ArrayList<>(forms);
    while (!open.isEmpty()) {
      String text = module(open, target, version);
      // An architecture-specific target (sm_100a) needs its own -arch; others may be assembled
      // for the lowest architecture this ptxas generates code for.
      Ptxas.Result r = target.endsWith("a") ? ptxas.assembleFor(text, target)
          : ptxas.assemble(text, Integer.parseInt(target.substring(3)));
      if (r.accepted()) {
        open.forEach(f -> out.put(f, Optional.empty()));
        return;
      }
      TreeMap<Integer, List<String>> errors = r.errorsByLine();
      if (errors.isEmpty()) {
        // A crash (ptxas 13.0 ends with SIGSEGV on some modules) names no line: halve.
        if (open.size() == 1) {
          out.put(open.get(0), Optional.of("ptxas failed (exit " + r.exitCode() + ") "
              + r.output().strip()));
          return;
        }
        int half = open.size() / 2;
        judge(ptxas, open.subList(0, half), target, version, out);
        judge(ptxas, open.subList(half, open.size()), target, version, out);
        return;
      }
      int end = FIRST_LINE + open.size();
      if (errors.keySet().stream().anyMatch(l -> l < FIRST_LINE || l >= end)) {
        throw new IllegalStateException("ptxas error outside the forms: " + r.output());
      }
      int last = r.fatal() ? errors.lastKey() : Integer.MAX_VALUE;
      List<String> next = new ArrayList<>();
      for (int i = 0; i < open.size(); i++) {
        int line = FIRST_LINE + i;
        List<String> e = errors.get(line);
        if (e != null) {
          out.put(open.get(i), Optional.of(String.join("; ", e)));
        } else if (line != last) {
          next.add(open.get(i));
        }
      }
      open = next;
    }
  }
}
