package dev.repofix.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The top-level {@code repofix} command; it only lists its subcommands. */
@Command(name = "repofix", mixinStandardHelpOptions = true, version = "repofix 0.1.0",
        description = "Turns failing tests into a drafted issue, the suspected lines and a test-validated patch.")
final class RepofixCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.USAGE;
    }
}
