package io.github.ptxlitmus.emit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The front end agrees with NVIDIA's assembler: every form of {@link PtxFormGrid} is judged by
 * both; a form that one accepts and the other rejects must belong to a known class below, each
 * listed with its reason in docs/litmus-format.md ("Where ptxas and the front end differ").
 * For the forms both accept, the target and PTX ISA version the emitter computes are the
 * lowest ptxas accepts, and the modules the emitter writes for them assemble. Skipped when
 * {@code ptxas} is not on the PATH.
 */
class PtxasAgreementTest {
  /** A known difference: which side accepts, the forms it covers, and the docs' example. */
  record Difference(boolean frontEndAccepts, Pattern forms, String docExample) {}

  static final List<Difference> DIFFERENCES = List.of(
      // Dat3M's syntax, read as Dat3M does and translated to PTX by `ptx-litmus ptx`.
      new Difference(true, Pattern.compile("^(ld|st)(\\.[a-z]+)* [^\\[]*$"), "ld.weak r0, x"),
      new Difference(true, Pattern.compile("^(atom|red)\\.[a-z_.]+ (%r0, )?dx.*"),
          "atom.acq_rel.gpu.add r1, x, 1"),
      new Difference(true, Pattern.compile("^(add %r0, %r1, 1|beq .*|goto .*)$"),
          "beq r0, 1, L"),
      new Difference(true, Pattern.compile("^bar\\.cta\\.(sync|arrive)(\\.aligned)? ([-0-9]+"
          + "(, [-0-9]+){0,2}|[0-9]+, [0-9]+, [0-9]+)$"), "bar.cta.sync 1, 1, 2"),
      new Difference(true, Pattern.compile("^fence\\.proxy\\.(texture|surface|constant)$"),
          "fence.proxy.texture"),
      new Difference(true, Pattern.compile("^cp\\.async\\.bulk\\..*\\.(relaxed\\.sys|release\\.gpu)"
          + " .*"), "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"
          + ".relaxed.sys"),
      // Accepted by ptxas, refused here with a reason.
      new Difference(false, Pattern.compile(".*\\.b128 .*"), "ld.global.b128"),
      new Difference(false, Pattern.compile("^(atom|red|add|sub|mul|div|setp|cp\\.reduce)"
          + "[a-z_.:]*\\.(f16|bf16|f32|f64|f16x2|bf16x2) .*"), "atom.global.add.f32"),
      new Difference(false, Pattern.compile("^(bar|barrier)[a-z.]* .*(9223372036854775808|, 0|"
          + ", -64)$"), "bar.sync 1, 0"),
      new Difference(false, Pattern.compile("^mbarrier\\.(init|arrive|arrive\\.expect_tx)"
          + "[a-z0-9.:]* .*, (0|1048576)$"), "mbarrier.init.shared.b64 [M], 0"),
      new Difference(false, Pattern.compile("^cp\\.async\\.ca\\.shared\\.global \\[sx\\], \\[gx\\],"
          + " 4, 2$"), "src-size"),
      new Difference(false, Pattern.compile("^st\\.async(\\.weak)?(\\.gpu|\\.sys)?(\\.global)?"
          + "\\.u32 \\[gx\\], %r0$"), "st.async.global.u32"),
      new Difference(false, Pattern.compile("^@%p1 st\\..*"), "@p st"));

  private static Ptxas ptxas;
  private static List<String> forms;
  private static Map<String, Optional<String>> judged;
  private static Map<String, Optional<String>> frontEnd;

  @BeforeAll
  static void judge() throws IOException {
    Optional<Ptxas> found = Ptxas.find("ptxas", 120);
    assumeTrue(found.isPresent(), "ptxas is not on the PATH: the ptxas grid is skipped");
    ptxas = found.get();
    forms = PtxFormGrid.forms();
    judged = GridJudges.ptxas(ptxas, forms, "sm_100a", "9.0");
    frontEnd = new LinkedHashMap<>();
    for (String f : forms) {
      frontEnd.put(f, GridJudges.frontEnd(f));
    }
  }

  @Test
  void everyDisagreementIsAKnownDifference() throws IOException {
    List<String> unexplained = new ArrayList<>();
    Map<Difference, Integer> hits = new LinkedHashMap<>();
    for (String f : forms) {
      boolean fe = frontEnd.get(f).isEmpty();
      boolean px = judged.get(f).isEmpty();
      if (fe == px) {
        continue;
      }
      Optional<Difference> d = DIFFERENCES.stream()
          .filter(x -> x.frontEndAccepts() == fe && x.forms().matcher(f).matches()).findFirst();
      if (d.isEmpty()) {
        unexplained.add((fe ? "front end accepts, ptxas rejects: " : "ptxas accepts,"
            + " front end rejects: ") + f + "  [" + frontEnd.get(f).orElse("")
            + judged.get(f).orElse("") + "]");
      } else {
        hits.merge(d.get(), 1, Integer::sum);
      }
    }
    assertThat(unexplained).isEmpty();
    assertThat(DIFFERENCES).allSatisfy(d -> assertThat(hits).containsKey(d));
    Path doc = Path.of("docs/litmus-format.md");
    if (Files.exists(doc)) {
      String text = Files.readString(doc);
      assertThat(DIFFERENCES).allSatisfy(d -> assertThat(text).contains(d.docExample()));
    }
  }

  @Test
  void mostFormsAgree() {
    long agree = forms.stream()
        .filter(f -> frontEnd.get(f).isEmpty() == judged.get(f).isEmpty()).count();
    assertThat(forms.size()).isGreaterThan(5000);
    assertThat((double) agree / forms.size()).isGreaterThan(0.98);
  }

  /** The forms both accept, by the target the emitter computes for them. */
  private static TreeMap<PtxTarget, List<String>> acceptedByTarget() {
    TreeMap<PtxTarget, List<String>> out = new TreeMap<>();
    for (String f : forms) {
      if (frontEnd.get(f).isEmpty() && judged.get(f).isEmpty()) {
        out.computeIfAbsent(PtxRequirements.of(f), t -> new ArrayList<>()).add(f);
      }
    }
    return out;
  }

  private static final List<Integer> VERSIONS = List.of(40, 50, 60, 61, 62, 63, 64, 65, 70, 71,
      72, 73, 74, 75, 76, 77, 78, 80, 81, 82, 83, 84, 85, 86, 87, 88, 90);

  @Test
  void computedTargetsAreTheLowestPtxasAccepts() throws IOException {
    List<String> problems = new ArrayList<>();
    for (Map.Entry<PtxTarget, List<String>> e : acceptedByTarget().entrySet()) {
      PtxTarget t = e.getKey();
      List<String> group = e.getValue();
      Map<String, Optional<String>> at = GridJudges.ptxas(ptxas, group, t.smName(),
          t.version());
      group.stream().filter(f -> at.get(f).isPresent())
          .forEach(f -> problems.add(t + " too low for " + f + ": " + at.get(f).get()));
      int i = PtxTarget.TARGETS.indexOf(PtxTarget.sm(t.sm()));
      if (i > 0) {
        PtxTarget lower = PtxTarget.TARGETS.get(i - 1);
        int version = Math.max(t.isa(), lower.isa());
        Map<String, Optional<String>> below = GridJudges.ptxas(ptxas, group, lower.smName(),
            version / 10 + "." + version % 10);
        group.stream().filter(f -> below.get(f).isEmpty())
            .forEach(f -> problems.add(lower.smName() + " is enough for " + f));
      }
      int v = VERSIONS.indexOf(t.isa());
      if (v > 0 && VERSIONS.get(v - 1) >= PtxTarget.sm(t.sm()).isa()) {
        int older = VERSIONS.get(v - 1);
        Map<String, Optional<String>> before = GridJudges.ptxas(ptxas, group, t.smName(),
            older / 10 + "." + older % 10);
        group.stream().filter(f -> before.get(f).isEmpty())
            .forEach(f -> problems.add("PTX ISA " + older / 10 + "." + older % 10
                + " is enough for " + f));
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void modulesOfTheAcceptedFormsAssembleAtTheirTargets() throws IOException {
    List<String> problems = new ArrayList<>();
    for (List<String> group : acceptedByTarget().values()) {
      StringBuilder rows = new StringBuilder();
      int n = 0;
      for (String f : group) {
        LitmusTest single = LitmusParser.parse("grid.litmus", GridJudges.litmus(f));
        try {
          PtxModule.of(single);
        } catch (NotEmittableException refused) {
          continue; // listed in the refusals test
        }
        rows.append(f).append(" | ;\n");
        n++;
      }
      if (n == 0) {
        continue;
      }
      String text = "PTX group\n" + GridJudges.LITMUS_INIT + "\n"
          + "P0@cta 0,cluster 0,gpu 0 | P1@cta 1,cluster 0,gpu 0 ;\n" + rows + "L: | ;\n"
          + "exists (dx == 0)\n";
      PtxModule m = PtxModule.of(LitmusParser.parse("group.litmus", text));
      Ptxas.Result r = ptxas.assemble(m.text(), m.target().sm());
      if (!r.accepted()) {
        problems.add(m.target() + ": " + r.errorsByLine());
      }
    }
    assertThat(problems).isEmpty();
  }

  /** Forms ptxas and the front end accept but the emitter refuses: only these. */
  @Test
  void theEmitterRefusesOnlyFormsWithoutAModuleEquivalent() {
    List<String> refused = new ArrayList<>();
    for (String f : forms) {
      if (frontEnd.get(f).isEmpty() && judged.get(f).isEmpty()) {
        try {
          PtxModule.of(LitmusParser.parse("grid.litmus", GridJudges.litmus(f)));
        } catch (NotEmittableException e) {
          refused.add(f);
        }
      }
    }
    assertThat(refused).allMatch(f -> f.startsWith("fence.proxy.tensormap::generic.acquire")
        || f.contains(".param") || f.contains("[px]"));
  }
}
