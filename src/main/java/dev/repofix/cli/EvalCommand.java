package dev.repofix.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code repofix eval}: the benchmark's commands; it only lists its subcommands. */
@Command(name = "eval", mixinStandardHelpOptions = true,
        description = {"The repair benchmark: cases, runs and metrics per stage."})
final class EvalCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.USAGE;
    }
}
