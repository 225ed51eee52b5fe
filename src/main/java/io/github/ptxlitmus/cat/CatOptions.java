package io.github.ptxlitmus.cat;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * How a cat file is loaded: the variants that are set (herd's {@code -variant}: {@code if
 * "name" ... else ... end} keeps the first branch when {@code name} is set; names compare
 * case-insensitively), extra directories searched by {@code include} (after the including
 * file's and the model's), and how the model reads coherence when it does not say (see {@link
 * CatModel.Coherence}). Immutable.
 */
public final class CatOptions {
  private final Set<String> variants;
  private final List<Path> includePath;
  private final CatModel.Coherence coherence;

  private CatOptions(Set<String> variants, List<Path> includePath,
      CatModel.Coherence coherence) {
    this.variants = variants;
    this.includePath = includePath;
    this.coherence = coherence;
  }

  /** {@return no variant set, no extra include directory, coherence as the model reads it} */
  public static CatOptions defaults() {
    return new CatOptions(Set.of(), List.of(), null);
  }

  /**
   * These options with the variants {@code names} set (replacing earlier ones).
   *
   * @param names variant names, e.g. {@code cos-opt}
   * @return the new options
   */
  public CatOptions withVariants(Set<String> names) {
    Set<String> v = new TreeSet<>();
    names.forEach(n -> v.add(n.toLowerCase(Locale.ROOT)));
    return new CatOptions(Set.copyOf(v), includePath, coherence);
  }

  /**
   * These options with extra {@code include} directories, searched in order after the including
   * file's directory and the model's.
   *
   * @param dirs the directories
   * @return the new options
   */
  public CatOptions withIncludePath(List<Path> dirs) {
    return new CatOptions(variants, List.copyOf(dirs), coherence);
  }

  /**
   * These options with the coherence reading forced (instead of the model's own choice).
   *
   * @param reading the reading; null to let the model decide
   * @return the new options
   */
  public CatOptions withCoherence(CatModel.Coherence reading) {
    return new CatOptions(variants, includePath, reading);
  }

  /** {@return the variants set, lower case, sorted} */
  public Set<String> variants() {
    return variants;
  }

  /** {@return the extra include directories} */
  public List<Path> includePath() {
    return includePath;
  }

  /** {@return the forced coherence reading, or null when the model decides} */
  public CatModel.Coherence coherence() {
    return coherence;
  }

  /**
   * {@return whether variant {@code name} is set}
   *
   * @param name a variant name, compared without regard to case
   */
  public boolean variant(String name) {
    return variants.contains(name.toLowerCase(Locale.ROOT));
  }

  static boolean holds(CatAst.Variant v, CatOptions o) {
    if (v instanceof CatAst.VName n) {
      return o.variant(n.name());
    } else if (v instanceof CatAst.VNot x) {
      return !holds(x.v(), o);
    } else if (v instanceof CatAst.VAnd x) {
      return holds(x.a(), o) && holds(x.b(), o);
    }
    CatAst.VOr x = (CatAst.VOr) v;
    return holds(x.a(), o) || holds(x.b(), o);
  }
}
