package io.github.ptxlitmus.diy;

import io.github.ptxlitmus.litmus.Scope;
import io.github.ptxlitmus.litmus.Semantics;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The annotation of one access of a cycle: its PTX semantics (8.4), its scope (8.5) and
 * whether an atomic read-modify-write performs it. Written as diy writes atoms, appended to an
 * edge for its source and then its target ({@code PodWWPRel}: a weak write, then a release):
 *
 * <ul>
 *   <li>{@code P}: plain, i.e. {@code ld.weak}/{@code st.weak};
 *   <li>{@code Rlx}, {@code Acq}, {@code Rel}: {@code .relaxed}, {@code .acquire} (reads),
 *       {@code .release} (writes);
 *   <li>{@code X}, {@code XAcq}, {@code XRel}: an {@code atom} (relaxed, acquire, release):
 *       {@code atom.exch} for a write, {@code atom.add 0} for a read;
 * </ul>
 *
 * followed by an optional scope {@code Cta}, {@code Clu} (cluster), {@code Gpu} (the default,
 * not printed) or {@code Sys}: {@code RelCta} is {@code st.release.cta}.
 *
 * @param semantics WEAK, RELAXED, ACQUIRE or RELEASE
 * @param scope the scope of a strong access; {@link Scope#GPU} (ignored) for a weak one
 * @param rmw true when an {@code atom} performs the access
 */
public record Access(Semantics semantics, Scope scope, boolean rmw) {
  private static final List<String> SCOPES = List.of("Cta", "Clu", "Gpu", "Sys");

  /** Plain: {@code ld.weak}/{@code st.weak}, diy's {@code P}. */
  public static final Access PLAIN = new Access(Semantics.WEAK, Scope.GPU, false);

  /**
   * Creates the record; the components are described above.
   *
   * @param semantics WEAK, RELAXED, ACQUIRE or RELEASE
   * @param scope the scope of a strong access; {@link Scope#GPU} (ignored) for a weak one
   * @param rmw true when an {@code atom} performs the access
   */
  public Access {
    if (semantics != Semantics.WEAK && semantics != Semantics.RELAXED
        && semantics != Semantics.ACQUIRE && semantics != Semantics.RELEASE) {
      throw new IllegalArgumentException("an access is weak, relaxed, acquire or release: "
          + semantics);
    }
    if (rmw && semantics == Semantics.WEAK) {
      throw new IllegalArgumentException("an atom is never weak");
    }
  }

  /** Whether the access may be a read ({@code dir} 'R') or a write ('W'). */
  boolean allows(char dir) {
    if (rmw) {
      return true; // an atom both reads and writes: acquire and release apply to either end
    }
    return switch (semantics) {
      case ACQUIRE -> dir == 'R';
      case RELEASE -> dir == 'W';
      default -> true;
    };
  }

  /**
   * Parses annotations written back to back ({@code "PRel"}, {@code "RlxCtaAcq"}).
   *
   * @param text the annotations
   * @return the accesses, in order
   * @throws IllegalArgumentException when the text is not a sequence of annotations
   */
  static List<Access> parseAll(String text) {
    List<String> words = new java.util.ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      int j = i + 1;
      while (j < text.length() && Character.isLowerCase(text.charAt(j))) {
        j++;
      }
      words.add(text.substring(i, j));
      i = j;
    }
    List<Access> out = new java.util.ArrayList<>();
    int k = 0;
    while (k < words.size()) {
      String w = words.get(k++);
      boolean rmw = false;
      Semantics sem;
      if (w.equals("P")) {
        out.add(PLAIN);
        continue;
      }
      if (w.equals("X")) {
        rmw = true;
        sem = Semantics.RELAXED;
        if (k < words.size() && (words.get(k).equals("Acq") || words.get(k).equals("Rel")
            || words.get(k).equals("Rlx"))) {
          w = words.get(k++);
        } else {
          w = "Rlx";
        }
      }
      sem = switch (w) {
        case "Rlx" -> Semantics.RELAXED;
        case "Acq" -> Semantics.ACQUIRE;
        case "Rel" -> Semantics.RELEASE;
        default -> throw new IllegalArgumentException("unknown access annotation '" + w
            + "' (expected P, Rlx, Acq, Rel, X, XAcq or XRel, then Cta, Clu, Gpu or Sys)");
      };
      Scope scope = Scope.GPU;
      if (k < words.size() && SCOPES.contains(words.get(k))) {
        scope = List.of(Scope.CTA, Scope.CLUSTER, Scope.GPU, Scope.SYS)
            .get(SCOPES.indexOf(words.get(k++)));
      }
      out.add(new Access(sem, scope, rmw));
    }
    return out;
  }

  /**
   * {@return the annotation as written in a cycle, e.g. {@code "P"}, {@code "RelCta"}, {@code "X"}}
   */
  @Override
  public String toString() {
    if (semantics == Semantics.WEAK) {
      return "P";
    }
    String sem = switch (semantics) {
      case ACQUIRE -> "Acq";
      case RELEASE -> "Rel";
      default -> "Rlx";
    };
    String head = rmw ? (semantics == Semantics.RELAXED ? "X" : "X" + sem) : sem;
    return scope == Scope.GPU ? head : head + SCOPES.get(scope.ordinal());
  }

  /** The annotation as it appears in test names: lower case, e.g. {@code "relcta"}. */
  String nameText() {
    return toString().toLowerCase(Locale.ROOT);
  }

  /** The scope as a PTX qualifier for a strong access; empty for a weak one. */
  Optional<Scope> ptxScope() {
    return semantics == Semantics.WEAK ? Optional.empty() : Optional.of(scope);
  }
}
