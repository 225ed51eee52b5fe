package io.github.ptxlitmus.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a new user meets first when an input is wrong: one line, {@code file:line:col: reason}
 * where the input has a place, {@code ptx-litmus COMMAND: reason} from every command, and no
 * silent success when nothing was done.
 */
class EdgeMessagesTest {
  @TempDir Path dir;

  private static final Path MP = Path.of("src/test/resources/litmus/spec/MP+fence.sys.litmus");

  @Test
  void bytesThatAreNotUtf8AreNamedWithTheirPlace() throws Exception {
    Path litmus = dir.resolve("bad.litmus");
    Files.write(litmus, concat("PTX bad\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.relaxed.gpu x, 1 ;\n"
        + "exists (x == 1) ", new byte[] {(byte) 0xfd, '\n'}));
    String where = litmus + ":5:17: not UTF-8: byte 0xfd (byte 74 of the file); litmus files"
        + " are read as UTF-8";
    CommandRun cli = new CommandRun();
    assertThat(cli.run("check", litmus.toString())).isEqualTo(1);
    assertThat(cli.out.toString()).contains("Error " + litmus + ": " + where + "\n");
    cli.clear();
    assertThat(cli.run("parse", litmus.toString())).isEqualTo(1);
    assertThat(cli.out.toString() + cli.err.toString()).contains(where);
    Path cat = dir.resolve("bad.cat");
    Files.write(cat, concat("acyclic po as x ", new byte[] {(byte) 0xfd, '\n'}));
    cli.clear();
    assertThat(cli.run("cat-bindings", cat.toString())).isEqualTo(2);
    assertThat(cli.err.toString()).isEqualTo("ptx-litmus cat-bindings: " + cat + ":1:17: not"
        + " UTF-8: byte 0xfd (byte 16 of the file); cat files are read as UTF-8\n");
    cli.clear();
    assertThat(cli.run("check", "--cat", cat.toString(), MP.toString())).isEqualTo(2);
    assertThat(cli.err.toString()).contains(cat + ":1:17: not UTF-8: byte 0xfd");
  }

  @Test
  void anObservedLogThatIsNoFileSaysWhatItIs() {
    CommandRun cli = new CommandRun();
    assertThat(cli.run("check", MP.toString(), "--observed", dir.toString())).isEqualTo(2);
    assertThat(cli.err.toString()).startsWith("ptx-litmus check: --observed: a directory, not a"
        + " log: " + dir + "\n");
    cli.clear();
    assertThat(cli.run("check", MP.toString(), "--observed", dir.resolve("nope.log").toString()))
        .isEqualTo(2);
    assertThat(cli.err.toString()).contains("--observed: no such file: ");
    Assumptions.assumeTrue(Files.exists(Path.of("/dev/zero")));
    cli.clear();
    assertThat(cli.run("check", MP.toString(), "--observed", "/dev/zero")).isEqualTo(2);
    assertThat(cli.err.toString()).startsWith("ptx-litmus check: --observed: not a regular file"
        + " (a device, FIFO or socket), not a log: /dev/zero\n");
  }

  @Test
  void everyCommandPrefixesItsErrorsAsCheckDoes() throws Exception {
    String[][] runs = {
      {"catalogue", dir.resolve("none").toString()},
      {"generate", "SB", "0"},
      {"cat-bindings", dir.resolve("none.cat").toString()},
      {"merge", dir.resolve("none.json").toString()},
      {"diy", "--safe", "Frx"},
      {"check", dir.resolve("none.litmus").toString()},
    };
    for (String[] run : runs) {
      CommandRun cli = new CommandRun();
      assertThat(cli.run(run)).as(run[0]).isEqualTo(2);
      assertThat(cli.err.toString()).as(run[0]).startsWith("ptx-litmus " + run[0] + ": ");
    }
  }

  @Test
  void aListOfPathsThatIsNoListEndsWithOneLine() throws Exception {
    Path binary = dir.resolve("binary");
    Files.write(binary, new byte[CheckStream.MAX_LINE + 10]); // NUL bytes, no line end
    CommandRun cli = new CommandRun();
    assertThat(cli.run("check", "--paths-from", binary.toString())).isEqualTo(2);
    assertThat(cli.err.toString()).startsWith("ptx-litmus check: " + binary + ": a line longer"
        + " than 65536 characters: the input is not a list of paths, one a line\n");
  }

  @Test
  void anOutputDirectoryThatIsAFileIsSaidPlainly() throws Exception {
    Path file = Files.writeString(dir.resolve("afile"), "");
    for (String command : new String[] {"cuda", "ptx"}) {
      CommandRun cli = new CommandRun();
      assertThat(cli.run(command, "-o", file.toString(), MP.toString())).isEqualTo(2);
      assertThat(cli.err.toString()).startsWith("ptx-litmus " + command + ": -o " + file
          + ": a file, not a directory");
    }
  }

  @Test
  void edgesOfWhichNoTestCanBeMadeAreNoSuccess() throws Exception {
    CommandRun cli = new CommandRun();
    assertThat(cli.run("diy", "--safe", "Rfe,Fre", "--size", "4", "-o",
        dir.resolve("out").toString())).isEqualTo(2);
    assertThat(cli.err.toString()).contains("ptx-litmus diy: no test can be made: no cycle of"
        + " the --relax/--safe edges given, up to --size edges, makes a litmus test");
    // A shard may hold no test of a run that has some: not an error.
    cli.clear();
    assertThat(cli.run("diy", "--safe", "Rfe,Fre", "--size", "4", "--shard", "1/2", "-o",
        dir.resolve("out2").toString())).isEqualTo(0);
  }

  private static byte[] concat(String text, byte[] tail) {
    byte[] head = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }
}
