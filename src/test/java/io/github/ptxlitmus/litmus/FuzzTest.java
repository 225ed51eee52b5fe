package io.github.ptxlitmus.litmus;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Random mutations of corpus files (fixed seed) either parse or raise LitmusSyntaxException
 * with a real position; never another exception, never a hang.
 */
class FuzzTest {
  private static final int MUTATIONS = 12_000;
  private static final String[] TOKENS = {
    ";", "|", "{", "}", "(", ")", "[", "]", "(*", "*)", "\"", ",", ":", "::", ".", "@", "&", "%",
    "~", "/\\", "\\/", "==", "!=", "<=", "=", "exists", "forall", "not", "filter", "locations",
    "P0", "P7", "1:r0", "P0:r0", "r0", "%r1", "x", "LC00:", "goto", "LC00", "ld", "st.weak",
    "ld.relaxed", ".gpu", ".sys", ".v4", "{%r0, %r1}", "bar.cta.sync", "fence.proxy", "atom",
    ".cas", "-", "+", "0x", "99999999999999999999999", "-1", "@cta 0,gpu 0", "aliases", "\n",
    "\t", "\u0000", "\ufffd", "membar.gl", "barrier.cluster.wait", "[x+", "PTX"
  };

  @Test
  @Timeout(30)
  void mutationsParseOrFailWithPosition() {
    List<String> corpus = Corpus.files().stream().map(Corpus::read).collect(Collectors.toList());
    Random random = new Random(20240601L);
    int parsed = 0;
    int failed = 0;
    for (int i = 0; i < MUTATIONS; i++) {
      String base = corpus.get(random.nextInt(corpus.size()));
      String mutated = mutate(base, random, 1 + random.nextInt(3));
      try {
        LitmusTest t = LitmusParser.parse("fuzz.litmus", mutated);
        LitmusParser.parse("again.litmus", LitmusPrinter.print(t));
        parsed++;
      } catch (LitmusSyntaxException e) {
        failed++;
        assertThat(e.line()).as(mutated).isGreaterThanOrEqualTo(1);
        assertThat(e.column()).as(mutated).isGreaterThanOrEqualTo(1);
        assertThat(e.getMessage()).as(mutated).doesNotContain("\n")
            .doesNotContain("internal parser error");
      }
    }
    assertThat(parsed + failed).isEqualTo(MUTATIONS);
    assertThat(parsed).isPositive();
    assertThat(failed).isPositive();
  }

  private static String mutate(String text, Random r, int times) {
    String s = text;
    for (int k = 0; k < times; k++) {
      List<String> lines = new ArrayList<>(Arrays.asList(s.split("\n", -1)));
      int a = r.nextInt(lines.size());
      int b = r.nextInt(lines.size());
      switch (r.nextInt(9)) {
        case 0 -> lines.remove(a);
        case 1 -> lines.add(a, lines.get(b));
        case 2 -> {
          String t = lines.get(a);
          lines.set(a, lines.get(b));
          lines.set(b, t);
        }
        case 3 -> s = s.substring(0, r.nextInt(s.length() + 1));
        case 4 -> {
          int at = r.nextInt(s.length() + 1);
          s = s.substring(0, at) + TOKENS[r.nextInt(TOKENS.length)] + s.substring(at);
        }
        case 5 -> {
          int at = r.nextInt(s.length() + 1);
          byte[] junk = new byte[1 + r.nextInt(8)];
          r.nextBytes(junk);
          s = s.substring(0, at) + new String(junk, java.nio.charset.StandardCharsets.ISO_8859_1)
              + s.substring(at);
        }
        case 6 -> {
          String[] words = s.split(" ", -1);
          int i = r.nextInt(words.length);
          int j = r.nextInt(words.length);
          String t = words[i];
          words[i] = words[j];
          words[j] = t;
          s = String.join(" ", words);
        }
        case 7 -> {
          String[] words = s.split(" ", -1);
          words[r.nextInt(words.length)] = "";
          s = String.join(" ", words);
        }
        default -> {
          int at = r.nextInt(s.length() + 1);
          int len = Math.min(s.length() - at, r.nextInt(6));
          s = s.substring(0, at) + s.substring(at + len);
        }
      }
      if (r.nextInt(9) <= 2) {
        s = String.join("\n", lines);
      }
    }
    return s;
  }

  static Path root() {
    return Corpus.ROOT;
  }
}
