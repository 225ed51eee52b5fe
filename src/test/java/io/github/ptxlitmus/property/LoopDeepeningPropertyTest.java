package io.github.ptxlitmus.property;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.ptxlitmus.check.CheckOptions;
import io.github.ptxlitmus.check.CheckResult;
import io.github.ptxlitmus.check.FinalState;
import io.github.ptxlitmus.check.Flag;
import io.github.ptxlitmus.check.LitmusChecker;
import io.github.ptxlitmus.check.Verdict;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The deepened answer of a random small spin or counting loop equals the answer at a large
 * explicit loop bound, or is Unknown: a loop cut never decides a verdict or a state list
 * (docs/model.md "Loops and the bound").
 *
 * <p>Each test: P0 stores one or two values to the flag {@code x} (and data to {@code y});
 * P1 polls {@code x} in a loop, maybe counting its rounds in {@code r2}, maybe giving up after
 * a few, maybe polling with {@code atom.add 0}, then reads {@code y}; the condition asks for a
 * value of the flag, the count or the data.
 */
class LoopDeepeningPropertyTest {
  private static final int TESTS = 40;
  /**
   * The explicit bound the deepened answer is compared with: this, or the bound the deepening
   * reached when larger (a witness found at bound k is found at every bound above k).
   */
  private static final int LARGE = 8;

  @Test
  void deepenedAnswerEqualsTheAnswerAtALargeBoundOrIsUnknown() {
    LitmusChecker deepening =
        LitmusChecker.create(CheckOptions.defaults().withTimeLimit(Duration.ofSeconds(10)));
    int compared = 0;
    for (long seed = 1; seed <= TESTS; seed++) {
      String text = loopTest(new Random(seed), seed);
      CheckResult d = deepening.check("loop" + seed, text);
      String where = "seed " + seed + ":\n" + text + "\ndeepened: " + d.verdict() + " "
          + d.flags() + " " + d.unknownReason() + " " + d.states();
      if (d.verdict() == Verdict.UNKNOWN) {
        assertThat(d.unknownReason()).as(where).isPresent();
        continue;
      }
      // Without an explicit bound the answer is never "within the bound" unless a witness
      // settled it.
      if (d.has(Flag.WITHIN_LOOP_BOUND)) {
        assertThat(d.verdict()).as(where).isIn(Verdict.ALLOWED, Verdict.UNDEFINED);
      }
      int bound = Math.max(LARGE, d.loopBound());
      CheckResult l = LitmusChecker.create(CheckOptions.defaults()
          .withTimeLimit(Duration.ofSeconds(10)).withLoopBound(bound)).check("loop" + seed, text);
      where += "\nat bound " + bound + ": " + l.verdict() + " " + l.flags() + " " + l.states();
      if (l.verdict() == Verdict.UNKNOWN) {
        continue; // too large to compare with (a limit): nothing to learn from this seed
      }
      compared++;
      assertThat(l.verdict()).as(where).isEqualTo(d.verdict());
      Set<FinalState> deeper = new HashSet<>(l.states());
      assertThat(deeper).as(where).containsAll(d.states());
      if (d.hasAllStates()) {
        assertThat(d.states()).as(where).containsExactlyInAnyOrderElementsOf(deeper);
      }
    }
    assertThat(compared).as("seeds compared with a large bound").isGreaterThan(TESTS / 2);
  }

  /** A random small spin or counting loop (see the class comment). */
  static String loopTest(Random r, long seed) {
    String sem = pick(r, List.of("relaxed.gpu", "acquire.gpu", "weak"));
    boolean count = r.nextBoolean();
    boolean retry = count && r.nextInt(3) == 0;
    boolean rmw = !sem.equals("weak") && r.nextInt(4) == 0;
    int exit = r.nextInt(3);
    StringBuilder p0 = new StringBuilder();
    List<String> p0Lines = new java.util.ArrayList<>();
    p0Lines.add("st.weak y, " + (1 + r.nextInt(2)));
    int stores = 1 + r.nextInt(2);
    for (int i = 0; i < stores; i++) {
      p0Lines.add((r.nextBoolean() ? "st.release.gpu" : "st.relaxed.gpu") + " x, "
          + r.nextInt(3));
    }
    List<String> p1 = new java.util.ArrayList<>();
    p1.add("L:");
    p1.add(rmw ? "atom.relaxed.gpu.add r0, x, 0"
        : "ld." + (sem.equals("weak") ? "weak" : sem) + " r0, x");
    if (count) {
      p1.add("add r2, r2, 1");
    }
    if (retry) {
      p1.add("bne r0, " + exit + ", OUT");
      p1.add("blt r2, " + (2 + r.nextInt(4)) + ", L");
      p1.add("OUT:");
    } else {
      p1.add("beq r0, " + exit + ", L");
    }
    p1.add("ld.weak r1, y");
    String cond = switch (r.nextInt(4)) {
      case 0 -> "P1:r0 == " + r.nextInt(3);
      case 1 -> count ? "P1:r2 == " + (1 + r.nextInt(5)) : "P1:r1 == 0";
      case 2 -> "P1:r1 == " + r.nextInt(3);
      default -> "P1:r0 == " + r.nextInt(3) + " /\\ P1:r1 == " + r.nextInt(3);
    };
    StringBuilder b = new StringBuilder("PTX loop" + seed + "\n{ x=0; y=0; }\n");
    b.append("P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n");
    for (int i = 0; i < Math.max(p0Lines.size(), p1.size()); i++) {
      b.append(i < p0Lines.size() ? p0Lines.get(i) : "").append(" | ")
          .append(i < p1.size() ? p1.get(i) : "").append(" ;\n");
    }
    b.append(r.nextInt(4) == 0 ? "~exists (" : "exists (").append(cond).append(")\n");
    return b.toString();
  }

  private static String pick(Random r, List<String> xs) {
    return xs.get(r.nextInt(xs.size()));
  }
}
