package io.github.ptxlitmus.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * {@code ptx-litmus merge REPORT... [-o FILE]}: joins the reports of {@code check --shard K/N}
 * runs (herd logs, or JSON) into the report one run would print ({@link ShardReports}). Exit 0;
 * 1 when the joined run fails as {@code check} would (an undocumented {@code --expect}
 * mismatch, a file that could not be checked) or the output cannot be written; 2 when a report
 * cannot be read or joined (no summary, a summary that does not count its results, a file in
 * two shards, herd logs and JSON mixed).
 */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    description = "Join the reports of check --shard K/N runs (herd logs or JSON) into one.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:joined; the joined run passes",
      "1:the joined run fails as check would (a mismatch, a file not checked), or FILE"
          + " cannot be written",
      "2:a report cannot be read or joined"
    })
public final class MergeCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "REPORT",
      description = "Reports of check (--format text or json) to join, one per shard.")
  private List<Path> reports = new ArrayList<>();

  @Option(names = {"-o", "--output"}, paramLabel = "FILE",
      description = "Write the joined report to FILE instead of standard output.")
  private Path output;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    ShardReports.Merged merged;
    try {
      List<ShardReports.Report> read = new ArrayList<>();
      for (Path report : reports) {
        if (!Files.isRegularFile(report)) {
          throw new IllegalArgumentException(IoMessages.notRegular(report, "a report"));
        }
        read.add(ShardReports.read(report));
      }
      merged = ShardReports.merge(read);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      err.println(spec.qualifiedName() + ": " + e.getMessage());
      err.flush();
      return Main.USAGE_ERROR;
    }
    if (output == null) {
      PrintWriter out = spec.commandLine().getOut();
      out.print(merged.text());
      out.flush();
    } else {
      try {
        Files.writeString(output, merged.text(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        err.println(spec.qualifiedName() + ": " + IoMessages.cannotWrite(output, e));
        err.flush();
        return 1;
      }
    }
    return merged.failed() ? 1 : 0;
  }
}
