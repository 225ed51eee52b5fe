package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.cat.CatMemoryModel;
import io.github.ptxlitmus.cat.CatOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Loads the cat files the commands are given ({@code --cat}, a cat file as {@code --model}),
 * with the {@code --variant}s set, and prints each model's load warnings once on standard
 * error.
 */
final class CatModels {
  private CatModels() {}

  /**
   * Loads a cat model.
   *
   * @param file the cat file
   * @param variants the variants set ({@code --variant})
   * @param err where warnings go
   * @return the model
   * @throws io.github.ptxlitmus.cat.CatSyntaxException when the file is not accepted
   */
  static CatMemoryModel load(Path file, List<String> variants, PrintWriter err) {
    CatMemoryModel m = CatMemoryModel.load(file,
        CatOptions.defaults().withVariants(new LinkedHashSet<>(variants)));
    m.cat().warnings().forEach(err::println);
    for (String v : variants) {
      if (!m.cat().variantsTested().contains(v.toLowerCase(java.util.Locale.ROOT))) {
        err.println(m.name() + ": warning: variant \"" + v + "\" is not tested by the model"
            + " (it tests: " + (m.cat().variantsTested().isEmpty() ? "none"
                : String.join(", ", m.cat().variantsTested())) + ")");
      }
    }
    return m;
  }
}
