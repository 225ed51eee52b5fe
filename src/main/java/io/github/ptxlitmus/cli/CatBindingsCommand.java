package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.cat.CatModel;
import io.github.ptxlitmus.cat.CatSyntaxException;
import io.github.ptxlitmus.cat.CatVocabulary;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ptx-litmus cat-bindings [FILE.cat]}: the names a cat model may use, each with its kind
 * and PTX meaning; with a cat file, the names that model uses, how it reads coherence, and its
 * load warnings. Exit 0; 2 when the file is not accepted.
 */
@Command(
    name = "cat-bindings",
    mixinStandardHelpOptions = true,
    description = {
      "List every set, relation and function a cat model may use, with its meaning for PTX"
          + " events. With a cat file: the names it uses, how it reads coherence, its warnings."
    })
public final class CatBindingsCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Parameters(arity = "0..1", paramLabel = "FILE.cat", description = "A cat model to examine.")
  private Path file;

  @Option(names = "--variant", paramLabel = "NAME",
      description = "Set a variant of the model (herd's -variant); repeatable.")
  private List<String> variants = new ArrayList<>();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    List<CatVocabulary.Entry> entries = CatVocabulary.entries();
    if (file == null) {
      int w = entries.stream().mapToInt(e -> e.name().length()).max().orElse(4);
      for (CatVocabulary.Entry e : entries) {
        out.printf("%-" + w + "s  %-9s %-10s %s%n", e.name(), e.kind(), e.origin(),
            e.meaning());
      }
      return 0;
    }
    CatModel m;
    try {
      m = CatModels.load(file, variants, spec.commandLine().getErr()).cat();
    } catch (CatSyntaxException e) {
      spec.commandLine().getErr().println(spec.qualifiedName() + ": " + e.getMessage());
      return Main.USAGE_ERROR;
    }
    out.println("Model " + m.name() + (m.title().isEmpty() ? "" : " (" + m.title() + ")"));
    out.println("Files " + String.join(", ", m.files()));
    out.println("Coherence " + m.coherence().name().toLowerCase(java.util.Locale.ROOT) + ": "
        + m.coherenceReason());
    out.println("Constraints " + String.join(", ", m.constraints()));
    if (!m.flagNames().isEmpty()) {
      out.println("Flags " + String.join(", ", m.flagNames()));
    }
    if (!m.variantsTested().isEmpty()) {
      out.println("Variants " + String.join(", ", m.variantsTested()));
    }
    out.println("Uses");
    for (String name : m.predefinedNames()) {
      entries.stream().filter(e -> e.name().equals(name)).findFirst().ifPresent(e ->
          out.printf("  %-14s %-9s %s%n", e.name(), e.kind(), e.meaning()));
    }
    return 0;
  }
}
