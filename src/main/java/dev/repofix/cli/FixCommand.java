package dev.repofix.cli;

import dev.repofix.app.CompositionRoot;
import dev.repofix.app.Environment;
import dev.repofix.config.RunConfig;
import dev.repofix.config.Settings;
import dev.repofix.exec.Executor;
import dev.repofix.history.FixRuns;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.pipeline.RunResult;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix fix}: run the tests, and on failure draft an issue, localize and find a validated patch. */
@Command(name = "fix", mixinStandardHelpOptions = true,
        description = {"Runs the tests and, when some fail, looks for a patch they prove.",
                "When tests fail, drafts an issue, points at the suspected lines and searches for a patch "
                        + "that the tests prove. Works on a copy: your files are not changed.",
                "Exit codes: 0 tests pass or a valid patch was found, 1 no valid patch, 2 bad input, 3 "
                        + "repofix could not finish (ERROR) or was interrupted (CANCELLED); the report says which."})
final class FixCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RunOptions options = new RunOptions();

    @Option(names = "--max-candidates", paramLabel = "N",
            description = "Validate at most N patch candidates. Default: 30")
    String maxCandidates;

    @Option(names = "--max-screened", paramLabel = "N",
            description = "Where screening is on (a warm test JVM, or a build that runs the failing tests alone in "
                    + "under half the suite's time, as pytest), screen at most N candidates; --max-candidates "
                    + "then counts the full runs of those that pass it. Default: 200")
    String maxScreened;

    @Mixin
    HistoryCommand.Recording history = new HistoryCommand.Recording();

    private final Environment env;

    FixCommand(Environment env) {
        this.env = env;
    }

    boolean verbose() {
        return options.verbose;
    }

    @Override
    public Integer call() {
        Settings settings = options.settings(env.host(), Optional.ofNullable(maxCandidates),
                Optional.ofNullable(maxScreened));
        RunConfig config = options.config(settings, env.host());
        CompositionRoot root = new CompositionRoot(settings, env);
        try (Executor executor = root.executor(spec.commandLine().getErr())) {
            RepairPipeline pipeline = root.pipeline(executor, root.engine(executor),
                    new ConsoleProgress(spec.commandLine().getErr(), options.quiet));
            RunResult result = pipeline.run(config);
            int exit = Output.finish(result, options, spec.commandLine().getOut(), spec.commandLine().getErr());
            if (history.wanted()) {
                HistoryCommand.record(history.history, HistoryCommand.workingDirectory(), () -> FixRuns.of(result, Optional.of(options.out.resolve("report.json").toString())),
                        spec.commandLine().getErr());
            }
            return exit;
        }
    }

    RunConfig config() {
        return options.config(options.settings(env.host(), Optional.ofNullable(maxCandidates),
                Optional.ofNullable(maxScreened)), env.host());
    }
}
