package io.github.ptxlitmus.cli;

import io.github.ptxlitmus.emit.PtxModule;
import io.github.ptxlitmus.emit.Ptxas;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ptx-litmus ptx TEST... -o DIR}: writes each test as a PTX module {@code DIR/NAME.ptx}
 * ({@link PtxModule}); with {@code --assemble}, runs {@code ptxas} on each. Exit 0 when every
 * test was written (and assembled); 1 when a test failed to parse or assemble, or was refused
 * (unless {@code --allow-refused}); 2 on usage errors.
 */
@Command(
    name = "ptx",
    description = {
      "Write each litmus test as a PTX module DIR/NAME.ptx: the locations as .global,"
          + " .shared and .const variables, one .entry kernel whose threads branch to their"
          + " litmus thread by their CTA and warp, .target and .version the lowest the"
          + " instructions need.",
      "A test with no PTX equivalent (host threads and API calls, several GPUs, Dat3M"
          + " surface, texture-alias and constant-alias forms) is refused with the reason."
    })
public final class PtxCommand extends Subcommand {
  @Mixin private EmitInputs inputs = new EmitInputs();

  @Option(names = "--assemble",
      description = "Run ptxas on each module (an error fails the run).")
  private boolean assemble;

  @Option(names = "--ptxas", paramLabel = "PATH", defaultValue = "ptxas",
      description = "The assembler --assemble runs (default: ${DEFAULT-VALUE} on the PATH).")
  private String ptxas;

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    Optional<Ptxas> assembler = Optional.empty();
    if (assemble) {
      assembler = Ptxas.find(ptxas, 60);
      if (assembler.isEmpty()) {
        throw new CommandLine.ParameterException(spec.commandLine(),
            "--assemble: cannot run " + ptxas + " (install the CUDA toolkit or give --ptxas)");
      }
    }
    Optional<Ptxas> as = assembler;
    return EmitFiles.run(spec, inputs, ".ptx",
        test -> {
          PtxModule m = PtxModule.of(test);
          return new EmitFiles.Emitted(m.text(), m.target().toString());
        },
        (file, test, emitted) -> {
          if (as.isEmpty()) {
            return Optional.empty();
          }
          int sm = PtxModule.of(test).target().sm();
          Ptxas.Result r = as.get().assemble(file, sm);
          if (r.arch() > sm) {
            spec.commandLine().getErr().println(file + ": " + ptxas + " generates no code for"
                + " sm_" + sm + "; assembled for sm_" + r.arch() + " instead (the module's"
                + " .target sm_" + sm + " still decides which instructions are accepted)");
          }
          if (r.accepted()) {
            return Optional.empty();
          }
          Map<Integer, List<String>> errors = r.errorsByLine();
          return Optional.of("ptxas rejects it: " + (errors.isEmpty() ? r.output().strip()
              : errors.entrySet().stream()
                  .map(e -> "line " + e.getKey() + ": " + String.join("; ", e.getValue()))
                  .collect(Collectors.joining(" | "))));
        });
  }
}
