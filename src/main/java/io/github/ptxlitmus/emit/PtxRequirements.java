package io.github.ptxlitmus.emit;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The lowest target and PTX ISA version each emitted instruction needs, read from its text
 * (mnemonic qualifiers and operands), as the PTX ISA's "Target ISA notes" and "PTX ISA notes"
 * give them. The suite checks every row against {@code ptxas}: an instruction assembles at the
 * target computed here and not at the one below.
 */
final class PtxRequirements {
  private PtxRequirements() {}

  /** One emitted instruction split into base, qualifiers and operand text. */
  record Form(String base, List<String> qualifiers, String operands) {
    static Form of(String line) {
      String s = line.strip();
      if (s.startsWith("@")) {
        s = s.substring(s.indexOf(' ') + 1).strip();
      }
      int space = s.indexOf(' ');
      String mnemonic = space < 0 ? s : s.substring(0, space);
      String operands = space < 0 ? "" : s.substring(space + 1);
      if (mnemonic.endsWith(";")) {
        mnemonic = mnemonic.substring(0, mnemonic.length() - 1);
      }
      String[] parts = mnemonic.split("\\.");
      return new Form(parts[0], Arrays.asList(parts).subList(1, parts.length), operands);
    }

    boolean has(String q) {
      return qualifiers.contains(q);
    }

    boolean hasAny(Set<String> qs) {
      return qualifiers.stream().anyMatch(qs::contains);
    }

    boolean memory() {
      return Set.of("ld", "st", "atom", "red").contains(base) && !has("async");
    }
  }

  private record Rule(Predicate<Form> applies, PtxTarget needs) {}

  private static final Set<String> STRONG =
      Set.of("relaxed", "acquire", "release", "acq_rel", "sc");

  private static PtxTarget t(int sm, int isa) {
    return new PtxTarget(sm, isa);
  }

  private static final List<Rule> RULES = List.of(
      // Memory consistency model qualifiers (PTX ISA 6.0, sm_70).
      new Rule(f -> f.memory() && (f.has("weak") || f.hasAny(STRONG)), t(70, 60)),
      new Rule(f -> f.base.equals("fence") && f.qualifiers.size() <= 2
          && !f.has("proxy") && !f.has("mbarrier_init"), t(70, 60)),
      new Rule(f -> (f.memory() || f.base.equals("fence")) && f.has("cluster"), t(90, 78)),
      new Rule(f -> f.memory() && f.has("shared::cluster"), t(90, 78)),
      new Rule(f -> f.memory() && f.has("mmio"), t(70, 82)),
      new Rule(f -> (f.base.equals("ld") || f.base.equals("st")) && f.has("b128"), t(70, 83)),
      new Rule(f -> (f.base.equals("atom") || f.base.equals("red")) && f.has("b128"),
          t(90, 83)),
      new Rule(f -> f.memory() && vectorBits(f) > 128, t(100, 88)),
      new Rule(f -> (f.base.equals("atom") || f.base.equals("red")) && !f.has("async")
          && f.hasAny(Set.of("cta", "gpu", "sys")) && !f.hasAny(STRONG), t(60, 50)),
      // The ::cta spelling (7.8), except on cp.async's own copies (7.0).
      new Rule(f -> f.has("shared::cta") && !(f.base.equals("cp") && f.has("async")
          && (f.has("ca") || f.has("cg"))), t(50, 78)),
      new Rule(f -> (f.base.equals("atom") || f.base.equals("red")) && f.has("add")
          && f.has("f64"), t(60, 50)),
      new Rule(f -> (f.base.equals("atom") || f.base.equals("red")) && f.has("b16"), t(70, 63)),
      new Rule(f -> (f.base.equals("atom") || f.base.equals("red")) && f.has("f16"), t(70, 63)),
      new Rule(f -> (f.base.equals("atom") || f.base.equals("red")) && f.has("f16x2"),
          t(60, 63)),
      new Rule(f -> (f.base.equals("atom") || f.base.equals("red"))
          && (f.has("bf16") || f.has("bf16x2")), t(90, 78)),
      // Proxy fences.
      new Rule(f -> f.base.equals("fence") && f.has("proxy") && f.has("alias"), t(70, 75)),
      new Rule(f -> f.base.equals("fence") && f.has("proxy") && f.has("async"), t(90, 80)),
      new Rule(f -> f.base.equals("fence") && f.has("proxy")
          && f.qualifiers.stream().anyMatch(q -> q.startsWith("tensormap")), t(90, 83)),
      // CTA barriers: the barrier spelling (6.0), the .cta qualifier (7.8).
      new Rule(f -> f.base.equals("barrier") && !f.has("cluster"), t(50, 60)),
      new Rule(f -> (f.base.equals("bar") || f.base.equals("barrier")) && f.has("cta"),
          t(50, 78)),
      new Rule(f -> f.base.equals("barrier") && f.has("cluster"), t(90, 78)),
      new Rule(f -> f.base.equals("barrier") && f.has("cluster")
          && (f.has("relaxed") || f.has("release") || f.has("acquire")), t(90, 80)),
      // mbarrier.
      new Rule(f -> f.base.equals("mbarrier"), t(80, 70)),
      new Rule(f -> f.base.equals("mbarrier") && f.has("arrive") && f.operands.startsWith("_"),
          t(80, 71)),
      new Rule(f -> f.base.equals("mbarrier") && f.has("parity"), t(80, 71)),
      new Rule(f -> f.base.equals("mbarrier") && f.has("shared::cta"), t(80, 78)),
      new Rule(f -> f.base.equals("mbarrier") && f.has("try_wait"), t(90, 78)),
      new Rule(f -> f.base.equals("mbarrier") && (f.has("arrive") || f.has("arrive_drop"))
          && !f.has("expect_tx") && !f.has("noComplete") && commas(f.operands) == 2,
          t(90, 78)),
      new Rule(f -> f.base.equals("mbarrier") && (f.has("release") || f.has("acquire")),
          t(80, 80)),
      new Rule(f -> f.base.equals("mbarrier") && (f.has("cluster") || f.has("shared::cluster")
          || f.has("expect_tx") || f.has("complete_tx")), t(90, 80)),
      new Rule(f -> f.base.equals("mbarrier") && f.has("try_wait")
          && (f.has("acquire") || f.has("cta")), t(90, 80)),
      new Rule(f -> f.base.equals("mbarrier") && f.has("relaxed")
          && !f.qualifiers.get(0).equals("expect_tx") && !f.qualifiers.get(0).equals("complete_tx"),
          t(90, 86)),
      new Rule(f -> f.base.equals("fence") && f.has("mbarrier_init"), t(90, 80)),
      // Asynchronous copies and stores.
      new Rule(f -> f.base.equals("cp") && f.has("async"), t(80, 70)),
      new Rule(f -> f.base.equals("cp") && f.has("bulk"), t(90, 80)),
      new Rule(f -> f.base.equals("cp") && f.has("bulk") && f.qualifiers.size() > 3
          && f.qualifiers.get(f.has("reduce") ? 3 : 2).equals("shared::cta"), t(90, 86)),
      new Rule(f -> f.base.equals("cp") && f.qualifiers.stream()
          .anyMatch(q -> q.startsWith("L2::")), t(80, 74)),
      new Rule(f -> (f.base.equals("st") || f.base.equals("red")) && f.has("async"),
          t(90, 81)),
      new Rule(f -> (f.base.equals("st") || f.base.equals("red")) && f.has("async")
          && (f.has("global") || f.has("release") || f.has("mmio")), t(100, 87)),
      // Support code: cluster addressing and special registers.
      new Rule(f -> f.base.equals("mapa"), t(90, 78)),
      new Rule(f -> f.base.equals("cvta") && f.has("shared::cluster"), t(90, 78)),
      new Rule(f -> f.operands.contains("%cluster_") || f.operands.contains("%clusterid"),
          t(90, 78)));

  /** The bits a vector access moves: elements times the type's width; 0 for scalars. */
  private static int vectorBits(Form f) {
    int n = f.qualifiers.contains("v2") ? 2 : f.qualifiers.contains("v4") ? 4
        : f.qualifiers.contains("v8") ? 8 : 0;
    for (String q : f.qualifiers) {
      if (q.matches("[bsuf][0-9]+")) {
        return n * Integer.parseInt(q.substring(1));
      }
    }
    return 0;
  }

  /** Counts the commas outside braces: the operand count minus one. */
  private static int commas(String operands) {
    int depth = 0;
    int n = 0;
    for (char c : operands.toCharArray()) {
      if (c == '{') {
        depth++;
      } else if (c == '}') {
        depth--;
      } else if (c == ',' && depth == 0) {
        n++;
      }
    }
    return n;
  }

  /**
   * What one emitted instruction needs.
   *
   * @param line an instruction as emitted ({@code ld.relaxed.gpu.global.u32 %r, [x];}),
   *     optionally predicated
   * @return its lowest target and PTX ISA version; {@link PtxTarget#BASE} when no rule applies
   */
  static PtxTarget of(String line) {
    Form f = Form.of(line);
    PtxTarget needs = PtxTarget.BASE;
    for (Rule r : RULES) {
      if (r.applies.test(f)) {
        needs = needs.max(r.needs);
      }
    }
    return needs;
  }
}
