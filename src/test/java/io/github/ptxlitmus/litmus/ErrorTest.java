package io.github.ptxlitmus.litmus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Static and syntax errors: exact position and one-line reason. */
class ErrorTest {
  private static final String HEAD = "PTX t\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n";

  private static LitmusSyntaxException error(String text) {
    try {
      LitmusParser.parse("e.litmus", text);
    } catch (LitmusSyntaxException e) {
      return e;
    }
    throw new AssertionError("no error for:\n" + text);
  }

  @ParameterizedTest(name = "{2}")
  @CsvSource(delimiter = '#', value = {
    // body after HEAD (line 4 onwards; newline written as $) # line:col # reason
    "ld.weak r0, x | goto LC09 ;$exists (P0:r0 == 1)      # 4:18 # undefined label 'LC09' in P1",
    "L: | ;$L: | ;$exists (x == 1)                        # 5:1  # duplicate label 'L' in P0",
    "ld.weak r0, x | | st.weak x, 1 ;$exists (x == 1)     # 4:20 # row has 3 cells but there are 2 threads",
    "ld.weak r0, x ;$exists (P0:r7 == 1)                  # 5:9  # register r7 is not used or initialised by thread P0",
    "ld.weak r0, x ;$exists (P2:r0 == 1)                  # 5:9  # thread P2 does not exist",
    // A location neither declared nor accessed is a typo, like an unknown register.
    "ld.weak r0, x ;$exists (P0:r0 == 1 /\\ xx == 1)       # 5:23 # location 'xx' is neither declared nor accessed by any thread; did you mean 'x'?",
    "ld.weak r0, x ;$exists ([zz] == 1)                   # 5:10 # location 'zz' is neither declared nor accessed by any thread",
    "ld.weak r0, x ;$locations [xy;]$exists (x == 1)       # 5:12 # location 'xy' is neither declared nor accessed by any thread; did you mean 'x'?",
    "ld.weak r0, x ;$filter (y == 0)$exists (x == 1)      # 5:9  # location 'y' is neither declared nor accessed by any thread; did you mean 'x'?",
    "ld.weak r0, x ;$exists (r0 == 1)                     # 5:9  # 'r0' is not a location (no thread accesses it and the init does not declare it); a register is written with its thread, e.g. P0:r0",
    "ld.weak r0, x ;$exists (P0:r0 == 18446744073709551616) # 5:18 # constant 18446744073709551616 out of range (64-bit values: -9223372036854775808 to 18446744073709551615)",
    "ld.weak r0, x ;$exists (P0:r0 == -9223372036854775809) # 5:18 # constant -9223372036854775809 out of range (64-bit values: -9223372036854775808 to 18446744073709551615)",
    "ld.weak r0, x ;                                      # 5:1  # missing final condition (exists, ~exists or forall)",
    "ld.weak r0, x ;$maybe x ;$exists (x == 1)            # 5:1  # unknown instruction 'maybe'",
    "ld.weak r0, x ;$exists (x == 1) junk                 # 5:17 # unexpected 'junk' after the final condition",
    "ld.weak r0, x$exists (x == 1)                        # 4:2  # row is not terminated by ';'",
    "fence.sc.wide ;$exists (x == 1)                      # 4:10 # unknown qualifier '.wide'",
    "ld.weak r0, x ;$exists (x == 1 /\\ )                 # 5:19 # expected a register, location or constant but found ')'",
    "ld.weak r0, x ;$exists (x)                           # 5:10 # expected a comparison (==, !=, <, <=, >, >=) but found ')'",
  })
  void staticAndSyntaxErrors(String body, String where, String reason) {
    LitmusSyntaxException e = error(HEAD + " " + body.trim().replace("$", "\n") + "\n");
    assertThat(e.reason()).isEqualTo(reason.trim());
    assertThat(e.line() + ":" + e.column()).isEqualTo(where.trim());
    assertThat(e.file()).isEqualTo("e.litmus");
    assertThat(e.getMessage()).isEqualTo("e.litmus:" + where.trim() + ": " + reason.trim());
  }

  @ParameterizedTest(name = "{2}")
  @CsvSource(delimiter = '#', value = {
    "PTX t${ x=0; }$ P0@cta 0,gpu 0 | P0@cta 1,gpu 0 ;$exists (x == 0) # 3:19 # duplicate thread P0",
    "PTX t${ x=0; }$ P0@cta 0,gpu 0 | P2@cta 1,gpu 0 ;$exists (x == 0) # 3:19 # thread ids must be P0..P1 but found P2",
    "PTX t${ x=0; }$ P0@cta 0,cluster 1,gpu 0 | P1@cta 0,cluster 2,gpu 0 ;$exists (x == 0) # 3:29 # CTA 0 of GPU 0 is placed in two clusters (see P0)",
    "PTX t${ x=0; }$ P0@cta 0,block 1 ;$exists (x == 0) # 3:11 # unknown thread position part 'block'",
    "PTX t${ x=0; }$ P0@cta 0 ;$exists (x == 0) # 3:2 # P0 needs both 'cta <c>' and 'gpu <g>'",
    "PTX t${ x=0; x=1; }$ P0@cta 0,gpu 0 ;$exists (x == 0) # 2:8 # location 'x' is declared twice",
    "PTX t${ y @ texture aliases q; }$ P0@cta 0,gpu 0 ;$exists (y == 0) # 2:23 # alias target 'q' is not declared",
    "PTX t${ P3:r0=1; }$ P0@cta 0,gpu 0 ;$exists (P0:r0 == 0) # 2:3 # thread P3 does not exist",
    "PTX t${ x=0 }$ P0@cta 0,gpu 0 ;$ ld.weak r0, x ;$exists (P0:r0 == 0) (* ok *) # 0:0 # none",
    "PTX t$\"unterminated${ x=0; } # 2:1 # unterminated string",
    "PTX t$(* open comment # 2:1 # unterminated comment",
    "ARM t${ } # 1:1 # expected 'PTX <name>' but found 'ARM'",
    "PTX t${ x=0; P0:r0=0 $ P0@cta 0,gpu 0 ; # 3:2 # expected ';' or '}' in the init block but found 'P0@cta'",
  })
  void headerAndInitErrors(String text, String where, String reason) {
    String source = text.trim().replace("$", "\n") + "\n";
    if (reason.trim().equals("none")) {
      assertThat(LitmusParser.parse("e.litmus", source).threads()).hasSize(1);
      return;
    }
    LitmusSyntaxException e = error(source);
    assertThat(e.reason()).isEqualTo(reason.trim());
    assertThat(e.line() + ":" + e.column()).isEqualTo(where.trim());
  }

  @Test
  void emptyAndBlankFiles() {
    assertThat(error("").getMessage()).isEqualTo("e.litmus:1:1: empty file: expected 'PTX <name>'");
    assertThat(error("  \n (* c *)\n").line()).isEqualTo(3);
  }

  @Test
  void anImmediateWiderThanTheTypeIsTruncatedAsPtxDoesWithAWarning() {
    LitmusTest t = LitmusParser.parse("e.litmus", HEAD + "st.weak.u8 x, 300 | ;\nexists (x == 44)\n");
    assertThat(t.warnings()).singleElement().satisfies(w -> {
      assertThat(w.position().line() + ":" + w.position().column()).isEqualTo("4:15");
      assertThat(w.message()).isEqualTo("immediate 300 does not fit .u8 (-128 to 255): PTX keeps"
          + " its low 8 bits, so 44 is stored");
    });
    assertThat(LitmusParser.parse("e.litmus", HEAD + "st.weak.s8 x, -1 | ;\nexists (x == 1)\n")
        .warnings()).isEmpty();
    assertThat(LitmusParser.parse("e.litmus", HEAD + "st.weak.s8 x, -200 | ;\nexists (x == 1)\n")
        .warnings()).singleElement().satisfies(
            w -> assertThat(w.message()).endsWith("so 56 is stored"));
  }

  @Test
  void anInitialValueOutOfRangeIsAnErrorNamingTheValueAndTheRange() {
    LitmusSyntaxException e = error("PTX t\n{ .global .u8 x = 300; }\n P0@cta 0,gpu 0 ;\n"
        + " st.weak x, 1 ;\nexists (x == 1)\n");
    assertThat(e.getMessage()).isEqualTo("e.litmus:2:19: constant 300 out of range for .u8 (-128"
        + " to 255)");
  }

  @Test
  @Timeout(10)
  void hugeConstant() {
    String digits = "1".repeat(100_000);
    LitmusSyntaxException e = error(HEAD + "st.weak x, " + digits + " ;\nexists (x == 1)\n");
    // The value is quoted abbreviated, with its length: not 100,000 digits in one message.
    assertThat(e.reason()).isEqualTo("constant 1111111111111111...1111111111111111 (100000"
        + " characters) out of range (64-bit values: -9223372036854775808 to 18446744073709551615)");
    assertThat(e.line() + ":" + e.column()).isEqualTo("4:12");
    String zeros = "0".repeat(100_000) + "5";
    assertThat(LitmusParser.parse("z", HEAD + "st.weak x, " + zeros + " ;\nexists (x == 5)\n")
        .threads()).hasSize(2);
  }

  @Test
  @Timeout(10)
  void deepNesting() {
    String open = "(".repeat(10_000);
    String close = ")".repeat(10_000);
    LitmusSyntaxException e =
        error(HEAD + "ld.weak r0, x ;\nexists " + open + "P0:r0 == 1" + close + "\n");
    assertThat(e.reason()).isEqualTo("nesting too deep");
    LitmusSyntaxException nots = error(HEAD + "ld.weak r0, x ;\nexists " + "~".repeat(10_000)
        + "P0:r0 == 1\n");
    assertThat(nots.reason()).isEqualTo("nesting too deep");
    String ok = "(".repeat(500) + "P0:r0 == 1" + ")".repeat(500);
    assertThat(LitmusParser.parse("ok", HEAD + "ld.weak r0, x ;\nexists " + ok + "\n")
        .condition().body()).isInstanceOf(Condition.Compare.class);
    String chain = "P0:r0 == 1" + " /\\ P0:r0 == 1".repeat(10_000);
    LitmusTest t = LitmusParser.parse("chain", HEAD + "ld.weak r0, x ;\nexists (" + chain + ")\n");
    assertThat(LitmusPrinter.print(t)).contains("/\\");
  }

  @Test
  void binaryGarbage() {
    byte[] bytes = new byte[4096];
    new java.util.Random(7).nextBytes(bytes);
    String garbage = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
    LitmusSyntaxException e = error(garbage);
    assertThat(e.line()).isPositive();
    assertThat(e.getMessage()).doesNotContain("\n");
    assertThat(Duration.ZERO).isNotNull();
  }
}
