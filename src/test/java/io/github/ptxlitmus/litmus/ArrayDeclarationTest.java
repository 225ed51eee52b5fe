package io.github.ptxlitmus.litmus;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Array declarations in the init block ({@code .global .u32 d[4];}): one location of {@code
 * count * size(element)} bytes recorded as {@code .b<8n>}, optional {@code = 0} or {@code = {...}}
 * initialiser, errors with positions, and the printer's round trip.
 */
class ArrayDeclarationTest {
  private static final String TAIL = " P0@cta 0,gpu 0 ;\n ld.global.u8 %r0, [d] ;\nexists (P0:r0 == 0)\n";

  private static LitmusTest parse(String init) {
    return LitmusParser.parse("a.litmus", "PTX a\n" + init + "\n" + TAIL);
  }

  private static LitmusSyntaxException error(String init) {
    try {
      parse(init);
    } catch (LitmusSyntaxException e) {
      return e;
    }
    throw new AssertionError("no error for " + init);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '#', value = {
    // init block                                    # bits  # initial value (hex) # space
    "{ .global .u32 d[4]; }                          # 128   # 0                   # GLOBAL",
    "{ .global .u32 d[4] = 0; }                      # 128   # 0                   # GLOBAL",
    "{ .global .u32 d[4] = {}; }                     # 128   # 0                   # GLOBAL",
    "{ .global .b8 d[8] = {1, 2, 3}; }               # 64    # 30201               # GLOBAL",
    "{ .global .u8 d[3] = {0x11, 0x22, 0x33} }       # 24    # 332211              # GLOBAL",
    "{ .shared .u16 d[3] = {0xFFFF, 1, 2}; }         # 48    # 20001ffff           # SHARED_CTA",
    "{ .global .s8 d[2] = {-1, -128}; }              # 16    # 80ff                # GLOBAL",
    "{ .global .u32 d[4] = {1, 2, 0, 0}; }           # 128   # 200000001           # GLOBAL",
    "{ .global .u64 d[2] = {0xFFFFFFFFFFFFFFFF}; }   # 128   # ffffffffffffffff    # GLOBAL",
    "{ .global .f16x2 d[2]; }                        # 64    # 0                   # GLOBAL",
    "{ .global .b8 d[4096]; }                        # 32768 # 0                   # GLOBAL",
    "{ .u32 d[1]; }                                  # 32    # 0                   # GENERIC",
  })
  void arrays(String init, int bits, String hex, StateSpace space) {
    LocationDecl d = parse(init).location("d").orElseThrow();
    assertThat(d.type()).isEqualTo(DataType.of(DataType.Kind.B, bits));
    assertThat(d.type().bytes()).isEqualTo(bits / 8);
    assertThat(d.initialValue()).isEqualTo(Long.parseUnsignedLong(hex, 16));
    assertThat(d.space()).isEqualTo(space);
    assertThat(d.alias()).isEmpty();
  }

  @ParameterizedTest(name = "{2}")
  @CsvSource(delimiter = '#', value = {
    // init block (line 2)                          # line:col # reason
    "{ .global .u32 d[0]; }                         # 2:18 # array size must be at least 1",
    "{ .global .u32 d[-1]; }                        # 2:18 # array size must be at least 1",
    "{ .global .u32 d[1025]; }                      # 2:18 # array 'd' is larger than 4096 bytes",
    "{ .global .b8 d[4097]; }                       # 2:17 # array 'd' is larger than 4096 bytes",
    "{ .global .b64 d[99999999999999]; }            # 2:18 # array 'd' is larger than 4096 bytes",
    "{ .global d[4]; }                              # 2:12 # array 'd' needs an element type (e.g. .u32)",
    "{ .global .u32 d[]; }                          # 2:18 # expected an array size but found '];'",
    "{ .global .u32 d[4; }                          # 2:19 # expected ']' but found ';'",
    "{ .global .u32 d[4] = 7; }                     # 2:23 # an array is initialised with 0 or a list {...}",
    "{ .global .u8 d[2] = {1, 2, 3}; }              # 2:29 # array 'd' has only 2 elements",
    "{ .global .u8 d[2] = {256}; }                  # 2:23 # constant 256 out of range for .u8 (-128 to 255)",
    "{ .global .s8 d[2] = {-129}; }                 # 2:23 # constant -129 out of range for .s8 (-128 to 255)",
    "{ .global .u32 d[4] = {0, 0, 5}; }             # 2:30 # unsupported: non-zero initial value beyond the first 8 bytes of an array",
    "{ .global .u32 d[4] = {1 2}; }                 # 2:26 # expected ',' or '}' in the array initialiser but found '2};'",
    "{ .global .u32 d[2]; .global .u32 d[2]; }      # 2:35 # location 'd' is declared twice",
  })
  void errors(String init, String where, String reason) {
    LitmusSyntaxException e = error(init.trim());
    assertThat(e.line() + ":" + e.column()).as(e.getMessage()).isEqualTo(where.trim());
    assertThat(e.reason()).isEqualTo(reason.trim());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '#', value = {
    "{ .global .u32 d[4]; }",
    "{ .global .u8 d[3] = {1, 2, 3}; }",
    "{ .shared::cluster .b16 d[7] = {0xFFFF, 0, 1, 0}; }",
    "{ .b8 d[5] = {9}; .global .b8 e[4096]; }",
    "{ .global .u32 d[2] = {1, 2}; v @ texture aliases d; }",
  })
  void roundTrip(String init) {
    LitmusTest t = parse(init);
    String printed = LitmusPrinter.print(t);
    LitmusTest again = LitmusParser.parse("printed.litmus", printed);
    assertThat(LitmusPrinter.print(again)).isEqualTo(printed);
    assertThat(AstNormalizer.strip(again)).isEqualTo(AstNormalizer.strip(t));
  }

  @Test
  void printerWritesWidthsWithoutAPtxTypeAsByteArrays() {
    String printed = LitmusPrinter.print(parse("{ .global .u8 d[3] = {1, 2, 3}; }"));
    assertThat(printed).contains(".global .b8 d[3] = {1, 2, 3};");
    assertThat(LitmusPrinter.print(parse("{ .global .u32 d[4]; }")))
        .contains(".global .b128 d = 0;");
  }

  /** Every file of the mixed-size suite (which uses arrays, offsets, vectors) round-trips. */
  @TestFactory
  Stream<DynamicTest> mixedSuiteRoundTrips() throws IOException {
    Path root = Path.of("src", "test", "resources", "litmus", "mixed");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = walk.filter(p -> p.toString().endsWith(".litmus")).sorted()
          .collect(Collectors.toList());
    }
    return files.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
      LitmusTest t = LitmusParser.parse(p);
      String printed = LitmusPrinter.print(t);
      LitmusTest again = LitmusParser.parse("printed.litmus", printed);
      assertThat(LitmusPrinter.print(again)).isEqualTo(printed);
      assertThat(AstNormalizer.strip(again)).isEqualTo(AstNormalizer.strip(t));
    }));
  }
}
