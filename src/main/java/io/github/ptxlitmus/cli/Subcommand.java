package io.github.ptxlitmus.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * What every {@code ptx-litmus} subcommand shares (picocli reads a superclass's {@code @Command}
 * attributes for its subclasses): {@code -h}/{@code -V}, exit code {@link Main#USAGE_ERROR} for
 * bad arguments and 1 for a failure while running. A subcommand's own {@code @Command} gives
 * its name and description.
 */
@Command(
    mixinStandardHelpOptions = true,
    exitCodeOnInvalidInput = Main.USAGE_ERROR,
    exitCodeOnExecutionException = 1)
abstract class Subcommand implements Callable<Integer> {}
