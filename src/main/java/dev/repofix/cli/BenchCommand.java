package dev.repofix.cli;

import dev.repofix.build.BuildDetector;
import dev.repofix.config.ConfigException;
import dev.repofix.config.ConfigKey;
import dev.repofix.config.Durations;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.pipeline.ProgressListener;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.pipeline.ValidationBench;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.testrun.JUnitXmlReportParser;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.Workspaces;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code repofix bench validate}: how long validation takes, as ratios to a bare test run. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measures repofix. 'validate': T_suite (a bare test run), screening one candidate and a full "
                + "verdict, each as a ratio to T_suite, on the given repositories (default: the bundled examples).")
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "WHAT", description = "What to measure: validate")
    String what;

    @Option(names = "--repo", paramLabel = "PATH", description = "Repositories to measure. Default: examples/*")
    List<String> repos = new ArrayList<>();

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3",
            description = "Timed runs per figure after one warm-up; the median is printed. Default: ${DEFAULT-VALUE}")
    int repeat;

    private final Environment env;

    BenchCommand(Environment env) {
        this.env = env;
    }

    @Override
    public Integer call() throws Exception {
        if (!"validate".equals(what)) {
            throw new ConfigException("unknown benchmark '" + what + "'; the one there is: validate");
        }
        List<String> targets = repos.isEmpty() ? examples() : repos;
        PrintWriter out = spec.commandLine().getOut();
        out.println("repo                               build   tests  T_suite  screen (xT)      verdict (xT)     result");
        TestRunner runner = new TestRunner(new LocalProcessExecutor(env.clock()), env.host(),
                new JUnitXmlReportParser(), new StackFrameExtractor());
        Workspaces workspaces = new Workspaces(env.tempDir(), FixCommand.CLONE_TIMEOUT);
        RepairPipeline pipeline = new RepairPipeline(workspaces, new BuildDetector(), runner, new BuiltinStages(),
                env.clock(), ProgressListener.none());
        ValidationBench bench = new ValidationBench(workspaces, new BuildDetector(), runner, pipeline, env.clock());
        for (String repo : targets) {
            ValidationBench.Figures f = bench.measure(config(repo, env.host()), repeat);
            out.println(String.format(Locale.ROOT, "%-34s %-7s %5d  %6.2fs  %6.2fs (%.2f)  %6.2fs (%.2f)  %s",
                    f.repo(), f.build(), f.tests(), secs(f.suite()), secs(f.screen()), f.screenRatio(),
                    secs(f.verdict()), f.verdictRatio(), f.verdictName()));
            out.flush();
        }
        return ExitCodes.OK;
    }

    private static RunConfig config(String repo, HostEnvironment host) {
        return new RunConfig(repo, Optional.empty(), Optional.empty(), Path.of("target", "bench-out"),
                Integer.parseInt(ConfigKey.MAX_CANDIDATES.defaultValue()), Durations.parse(ConfigKey.TIMEOUT.defaultValue()),
                Durations.parse(ConfigKey.TEST_TIMEOUT.defaultValue()), host, 0, 1);
    }

    private static List<String> examples() throws java.io.IOException {
        Path dir = Path.of("examples");
        if (!Files.isDirectory(dir)) {
            throw new ConfigException("no examples/ folder here; run from the repofix checkout or pass --repo");
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(Files::isDirectory).map(Path::toString).sorted().toList();
        }
    }

    private static double secs(Duration d) {
        return d.toNanos() / 1e9;
    }
}
