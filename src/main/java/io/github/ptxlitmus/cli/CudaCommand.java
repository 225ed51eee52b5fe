package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.emit.CudaHarness;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code ptx-litmus cuda TEST... -o DIR}: writes each test as a self-contained CUDA C++ test
 * program {@code DIR/NAME.cu} ({@link CudaHarness}). Exit 0 when every test was written; 1
 * when a test failed to parse or was refused (unless {@code --allow-refused}); 2 on usage
 * errors.
 */
@Command(
    name = "cuda",
    description = {
      "Write each litmus test as a CUDA C++ test program DIR/NAME.cu (litmus7 for GPUs): the"
          + " test's instructions as inline PTX, threads placed as the scope tree says (CTAs,"
          + " clusters, GPUs), many test instances per launch with shuffled thread and"
          + " location placement, memory stress and synchronized starts. Each program prints"
          + " a log in herd's format: every observed final state with its count.",
      "Build one with the nvcc line at its top; run it with -n ITERATIONS (see its -h). Check"
          + " the logs with: ptx-litmus check TEST... --observed LOG (once per log)",
      "A test with no PTX equivalent (host threads and API calls, Dat3M surface, texture-alias"
          + " and constant-alias forms, filter clauses) is refused with the reason."
    })
public final class CudaCommand extends Subcommand {
  @Mixin private EmitInputs inputs = new EmitInputs();

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    return EmitFiles.run(spec, inputs, ".cu",
        test -> {
          CudaHarness h = CudaHarness.of(test);
          return new EmitFiles.Emitted(h.text(), "nvcc -arch=" + h.nvccArch());
        },
        (file, test, emitted) -> Optional.empty());
  }
}
