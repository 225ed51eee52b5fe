package io.github.ptxlitmus.litmus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.LitmusChecker;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Dat3M's grammar forms (LitmusPTX.g4) that PTX does not have, and the warnings that say what
 * PTX allows and how the test is read (docs/litmus-format.md, "Validity rules").
 */
class Dat3mFormsTest {
  private static LitmusTest parse(String threads, String code) {
    return LitmusParser.parse("t.litmus",
        "PTX t\n{ x=0; y=0; }\n" + threads + "\n" + code + "\nexists (x == 0)\n");
  }

  private static LitmusTest one(String code) {
    return parse(" P0@cta 0,gpu 0 ;", " " + code + " ;");
  }

  @Test
  void localAssignmentIsAMovWithoutMemoryAccess() {
    for (String form : List.of("ld r0, 1", "ld.weak r0, 1", "ld r0, &x")) {
      Instruction i = one(form).threads().get(0).instructions().get(0);
      assertThat(i).as(form).isInstanceOf(Instruction.Local.class);
      assertThat(((Instruction.Local) i).op()).isEqualTo(Instruction.LocalOp.MOV);
    }
    LitmusTest copy = LitmusParser.parse("t.litmus",
        "PTX t\n{ P0:r0=3; }\n P0@cta 0,gpu 0 ;\n ld r1, r0 ;\nexists (P0:r1 == 3)\n");
    assertThat(copy.threads().get(0).instructions().get(0))
        .isInstanceOf(Instruction.Local.class);
    assertThat(one("ld.weak r1, [r0]").threads().get(0).instructions().get(0))
        .isInstanceOf(Instruction.Load.class);
  }

  @Test
  void aliasesOfAliasesResolveToTheRoot() {
    LitmusTest t = LitmusParser.parse("t.litmus", "PTX t\n{ s2 @ surface aliases y;"
        + " y @ generic aliases x; x = 5; }\n P0@cta 0,gpu 0 ;\n suld.weak r0, s2 ;\n"
        + "exists (P0:r0 == 5)\n");
    assertThat(t.location("s2").orElseThrow().initialValue()).isEqualTo(5);
    assertThat(t.location("s2").orElseThrow().alias().orElseThrow().target()).isEqualTo("y");
    CheckResult r = LitmusChecker.create().check(t);
    assertThat(r.states()).hasSize(1);
    assertThat(r.conditionHolds()).isTrue();
  }

  @Test
  void aliasCyclesAreRejected() {
    assertThatThrownBy(() -> LitmusParser.parse("t.litmus",
        "PTX t\n{ a @ generic aliases b; b @ generic aliases a; }\n P0@cta 0,gpu 0 ;\n"
            + " ld.weak r0, a ;\nexists (P0:r0 == 0)\n"))
        .isInstanceOf(LitmusSyntaxException.class)
        .hasMessageContaining("cycle");
  }

  @Test
  void pointersInitialiseLocations() {
    LitmusTest t = LitmusParser.parse("t.litmus",
        "PTX t\n{ x=4; p=&x; q=x; .global .u64 g = x; }\n P0@cta 0,gpu 0 ;\n"
            + " ld.weak r0, p ;\nexists (P0:r0 == 0)\n");
    assertThat(t.location("p").orElseThrow().initialAddressOf()).contains("x");
    assertThat(t.location("q").orElseThrow().initialAddressOf()).contains("x");
    assertThat(t.location("g").orElseThrow().initialAddressOf()).contains("x");
  }

  @Test
  void dat3mOnlyFormsWarnAndSayHowTheyAreRead() {
    assertThat(one("red.acq_rel.sys.add x, 1").warnings())
        .singleElement()
        .satisfies(w -> {
          assertThat(w.message()).contains("red takes only .relaxed or .release")
              .contains("read as written");
          assertThat(w.toString()).startsWith("t.litmus:4:2: warning: ");
        });
    assertThat(one("atom.relaxed.gpu.mul r0, x, 2").warnings())
        .singleElement()
        .satisfies(w -> assertThat(w.message()).contains("PTX has no atom.mul")
            .contains("old * operand"));
    assertThat(parse(" P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;",
        " bar.cta.arrive 1 | bar.cta.sync 1 ;").warnings())
        .singleElement()
        .satisfies(w -> assertThat(w.message()).contains("bar.arrive needs its thread count")
            .contains("all threads of the CTA"));
    assertThat(one("red.release.gpu.add x, 1").warnings()).isEmpty();
  }

  @Test
  void warningsReachTheCheckResult() {
    CheckResult r = LitmusChecker.create().check(one("red.acq_rel.gpu.add x, 1"));
    assertThat(r.warnings()).singleElement()
        .satisfies(w -> assertThat(w.message()).contains("red takes only"));
  }

  @Test
  void newSuiteFilesRoundTripThroughThePrinter() throws Exception {
    for (String dir : List.of("dat3m", "pointer", "deps")) {
      try (var files = java.nio.file.Files.list(
          java.nio.file.Path.of("src", "test", "resources", "litmus", dir))) {
        for (java.nio.file.Path p : files.sorted().toList()) {
          LitmusTest t = LitmusParser.parse(p);
          String printed = LitmusPrinter.print(t);
          LitmusTest again = LitmusParser.parse("printed.litmus", printed);
          assertThat(LitmusPrinter.print(again)).as(p.toString()).isEqualTo(printed);
          assertThat(AstNormalizer.strip(again)).as(p.toString())
              .isEqualTo(AstNormalizer.strip(t));
        }
      }
    }
  }

  @Test
  void realPtxBreakingARuleIsAnErrorNamingTheRule() {
    assertThatThrownBy(() -> one("atom.global.cas.b32 %r0, [x], 1"))
        .hasMessageContaining("atom.cas needs a compare and a new value");
    assertThatThrownBy(() -> one("red.global.add.u32 %r0, [x], 1"))
        .hasMessageContaining("red.add has no destination register");
    assertThatThrownBy(() -> one("atom.global.add.b16 %r0, [x], 1"))
        .hasMessageContaining("atom.add has no .b16");
    assertThatThrownBy(() -> one("red.acq_rel.gpu.global.add.u32 [x], 1"))
        .hasMessageContaining("red takes only .relaxed or .release");
  }
}
