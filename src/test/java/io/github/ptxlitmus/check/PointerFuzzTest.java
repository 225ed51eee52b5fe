package io.github.ptxlitmus.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.litmus.LitmusParser;
import io.github.ptxlitmus.litmus.LitmusSyntaxException;
import io.github.ptxlitmus.litmus.LitmusTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Random mutations (fixed seed) of the suite files for pointers, dependencies and Dat3M forms
 * ({@code dat3m/}, {@code pointer/}, {@code deps/}) are parsed and, when they parse, checked:
 * every outcome is a result or a positioned {@link LitmusSyntaxException}, never another
 * exception. Mutations insert tokens of the new syntax ({@code &x}, {@code [r0]}, aliases,
 * Dat3M local assignments), so addresses that are numbers, pointers into nowhere and alias
 * chains reach the engine.
 */
class PointerFuzzTest {
  private static final int MUTATIONS = 400;
  private static final String[] TOKENS = {
    "&x", "&y", "&z", "&q2", "[r0]", "[r0+4]", "[r1]", "[%rd1]", "ld r0, 1", "ld r1, r0",
    "ld r0, &x", "st.weak [r0], 1", "x=&y", "p=&p", "y @ generic aliases x", "q @ surface aliases y",
    "mov r0, 5", "add r0, r0, &y", "and r0, r0, 0", "shl.b32 r0, r0, 40", "beq r0, 0, LC00",
    "LC00:", "goto LC00", ";", "|", ",", "0", "-1", "0xFFFFFFFF", "\n", ".plus", "red.acq_rel.gpu.add x, 1",
    "bar.cta.arrive 1", "atom.relaxed.gpu.mul r0, x, 2", "setp.eq.u64 r9, r0, &x"
  };

  @Test
  @Timeout(120)
  void mutationsCheckOrFailWithPosition() throws IOException {
    List<String> seeds = new ArrayList<>();
    for (String dir : List.of("dat3m", "pointer", "deps")) {
      try (Stream<Path> files = Files.list(Path.of("src", "test", "resources", "litmus", dir))) {
        for (Path p : files.sorted().toList()) {
          seeds.add(Files.readString(p));
        }
      }
    }
    LitmusChecker checker = LitmusChecker.create(CheckOptions.defaults()
        .withTimeLimit(Duration.ofSeconds(2)).withCandidateLimit(20_000));
    Random random = new Random(20261201L);
    int checked = 0;
    int rejected = 0;
    for (int i = 0; i < MUTATIONS; i++) {
      String mutated = mutate(seeds.get(random.nextInt(seeds.size())), random);
      try {
        LitmusTest t = LitmusParser.parse("fuzz.litmus", mutated);
        checker.check(t);
        checked++;
      } catch (LitmusSyntaxException e) {
        rejected++;
        assertThat(e.line()).as(mutated).isGreaterThanOrEqualTo(0);
        assertThat(e.getMessage()).as(mutated).doesNotContain("\n")
            .doesNotContain("internal parser error");
      }
    }
    assertThat(checked + rejected).isEqualTo(MUTATIONS);
    assertThat(checked).isPositive();
    assertThat(rejected).isPositive();
  }

  private static String mutate(String text, Random r) {
    List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    for (int k = 0; k < 1 + r.nextInt(2); k++) {
      int a = r.nextInt(lines.size());
      String line = lines.get(a);
      String token = TOKENS[r.nextInt(TOKENS.length)];
      int at = line.isEmpty() ? 0 : r.nextInt(line.length() + 1);
      lines.set(a, switch (r.nextInt(3)) {
        case 0 -> line.substring(0, at) + token + line.substring(at);
        case 1 -> line.substring(0, at) + " " + token + " ;";
        default -> token.equals("\n") ? line : line.replaceFirst("\\b(x|y|r0|r1|1|0)\\b", token);
      });
    }
    return String.join("\n", lines);
  }
}
