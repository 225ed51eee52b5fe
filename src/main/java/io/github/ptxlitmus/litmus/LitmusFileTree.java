package io.github.ptxlitmus.litmus;

import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * The litmus files of a directory tree, as every command and the test-support classes collect
 * them: each regular file whose name ends in {@code .litmus}, at any depth, sorted by path.
 * Symbolic links are followed (a corpus assembled from links to other folders is read whole);
 * a link that leads back to a directory already being walked is skipped, so a cycle ends.
 */
public final class LitmusFileTree {
  private LitmusFileTree() {}

  /**
   * The {@code *.litmus} files below {@code dir}.
   *
   * @param dir a directory
   * @return the files' paths, each {@code dir.resolve(its path inside dir)}, sorted; empty when
   *     there are none
   * @throws IOException when {@code dir} or a directory or file below it cannot be read
   */
  public static List<Path> under(Path dir) throws IOException {
    List<Path> files = new ArrayList<>();
    Files.walkFileTree(
        dir,
        EnumSet.of(FileVisitOption.FOLLOW_LINKS),
        Integer.MAX_VALUE,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
            if (attrs.isRegularFile() && file.getFileName().toString().endsWith(".litmus")) {
              files.add(file);
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
            if (e instanceof FileSystemLoopException) {
              return FileVisitResult.CONTINUE;
            }
            throw e;
          }
        });
    files.sort(null);
    return files;
  }
}
