package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.emit.CudaHarness;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ptx-litmus cuda TEST... -o DIR}: writes each test as a self-contained CUDA C++ test
 * program {@code DIR/NAME.cu} ({@link CudaHarness}). Exit 0 when every test was written; 1
 * when a test failed to parse or was refused (unless {@code --allow-refused}); 2 on usage
 * errors.
 */
@Command(
    name = "cuda",
    mixinStandardHelpOptions = true,
    exitCodeOnInvalidInput = Main.USAGE_ERROR,
    exitCodeOnExecutionException = 1,
    description = {
      "Write each litmus test as a CUDA C++ test program DIR/NAME.cu (litmus7 for GPUs): the"
          + " test's instructions as inline PTX, threads placed as the scope tree says (CTAs,"
          + " clusters, GPUs), many test instances per launch with shuffled thread and"
          + " location placement, memory stress and synchronized starts. Each program prints"
          + " a log in herd's format: every observed final state with its count.",
      "Build one with the nvcc line at its top; run it with -n ITERATIONS (see its -h). Check"
          + " the logs with: ptx-litmus check TEST... --observed LOG...",
      "A test with no PTX equivalent (host threads and API calls, Dat3M surface, texture-alias"
          + " and constant-alias forms, filter clauses) is refused with the reason."
    })
public final class CudaCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "TEST",
      description = "Litmus files or directories (searched for *.litmus); - reads standard"
          + " input.")
  private List<Path> paths = new ArrayList<>();

  @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true,
      description = "Directory the programs are written to (created if missing).")
  private Path output;

  @Option(names = "--allow-refused",
      description = "Exit 0 even when some tests have no PTX equivalent (they are still"
          + " reported).")
  private boolean allowRefused;

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    return EmitFiles.run(spec, paths, output, ".cu", allowRefused,
        test -> {
          CudaHarness h = CudaHarness.of(test);
          return new EmitFiles.Emitted(h.text(), "nvcc -arch=" + h.nvccArch());
        },
        (file, test, emitted) -> Optional.empty());
  }
}
