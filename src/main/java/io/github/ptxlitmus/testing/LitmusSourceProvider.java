package io.github.ptxlitmus.testing;

import io.github.ptxlitmus.litmus.LitmusParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.support.AnnotationConsumer;
import org.junit.jupiter.params.support.ParameterDeclarations;

/** The provider behind {@link LitmusSource}; instantiated by JUnit, one per test method. */
final class LitmusSourceProvider implements ArgumentsProvider, AnnotationConsumer<LitmusSource> {
  private String directory = "";

  @Override
  public void accept(LitmusSource source) {
    directory = source.value();
  }

  @Override
  public Stream<? extends Arguments> provideArguments(
      ParameterDeclarations parameters, ExtensionContext context) {
    Path dir = resolve(directory, context.getRequiredTestClass().getClassLoader());
    List<Path> files = LitmusFiles.under(dir);
    if (files.isEmpty()) {
      throw new IllegalArgumentException(
          "@LitmusSource(\"" + directory + "\"): no *.litmus file under " + dir.toUri());
    }
    return files.stream().map(f -> {
      String name = LitmusFiles.relative(dir, f);
      try {
        return Arguments.of(Named.of(name, LitmusParser.parse(f)), Named.of(name, f));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  /** The working directory first, then the class path. */
  static Path resolve(String directory, ClassLoader loader) {
    Path local = Path.of(directory);
    if (Files.isDirectory(local)) {
      return local;
    }
    String resource = directory.startsWith("/") ? directory.substring(1) : directory;
    URL url = loader.getResource(resource);
    if (url == null) {
      throw new IllegalArgumentException("@LitmusSource(\"" + directory + "\"): no directory "
          + local.toAbsolutePath() + " and no class path resource " + resource);
    }
    try {
      URI uri = url.toURI();
      if (uri.getScheme().equals("jar")) {
        try {
          FileSystems.newFileSystem(uri, Map.of());
        } catch (FileSystemAlreadyExistsException e) {
          // Already open (an earlier source in this run): reuse it.
        }
      }
      return Path.of(uri);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("@LitmusSource(\"" + directory + "\"): bad URL " + url, e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
