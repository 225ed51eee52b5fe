package io.github.ptxlitmus.litmus;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Collecting a tree's litmus files: depth, order, links followed, link cycles ended. */
class LitmusFileTreeTest {
  @TempDir Path dir;

  @Test
  void followsLinksToOtherFoldersAndEndsCycles() throws Exception {
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere/deep"));
    Files.writeString(elsewhere.resolve("b.litmus"), "");
    Files.writeString(elsewhere.resolve("notes.txt"), "");
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(corpus.resolve("a.litmus"), "");
    Files.createSymbolicLink(corpus.resolve("linked"), dir.resolve("elsewhere"));
    Files.createSymbolicLink(corpus.resolve("loop"), corpus); // a cycle
    assertThat(LitmusFileTree.under(corpus))
        .containsExactly(corpus.resolve("a.litmus"), corpus.resolve("linked/deep/b.litmus"));
  }
}
