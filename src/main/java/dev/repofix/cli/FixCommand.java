package dev.repofix.cli;

import dev.repofix.build.BuildDetector;
import dev.repofix.config.Durations;
import dev.repofix.config.RunConfig;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.report.JsonReport;
import dev.repofix.report.ReportWriter;
import dev.repofix.report.SummaryReport;
import dev.repofix.testrun.JUnitXmlReportParser;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.Workspaces;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix fix}: run the tests, and on failure draft an issue, localize and find a validated patch. */
@Command(name = "fix", mixinStandardHelpOptions = true,
        description = {"Runs the tests of a repository; when some fail, drafts an issue, points at the suspected",
                "lines and searches for a patch that the tests prove. Works on a copy: your files are not changed.",
                "Exit codes: 0 tests pass or a valid patch was found, 1 no valid patch, 2 bad input."})
final class FixCommand implements Callable<Integer> {
    private static final Duration CLONE_TIMEOUT = Duration.ofMinutes(5);

    @Spec
    CommandSpec spec;

    @Option(names = "--repo", paramLabel = "PATH|URL", defaultValue = ".",
            description = "Git work tree (or a folder inside one) or clone URL. Default: ${DEFAULT-VALUE}")
    String repo;

    @Option(names = "--ref", paramLabel = "REF",
            description = "Branch, tag or commit to test. Default: the working tree as it is (uncommitted edits included).")
    String ref;

    @Option(names = "--test-cmd", paramLabel = "CMD",
            description = "Shell command that runs the tests at the repository root. Default: detected (mvn test, pytest).")
    String testCmd;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "repofix-out",
            description = "Folder for report.md, report.json and fix.patch. Default: ${DEFAULT-VALUE}")
    Path out;

    @Option(names = "--max-candidates", paramLabel = "N", defaultValue = "" + RunConfig.DEFAULT_MAX_CANDIDATES,
            description = "Validate at most N patch candidates. Default: ${DEFAULT-VALUE}")
    int maxCandidates;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "20m",
            description = "Time budget of the whole run, e.g. 90s, 15m, 1h. Default: ${DEFAULT-VALUE}")
    String timeout;

    @Option(names = "--test-timeout", paramLabel = "DURATION", defaultValue = "10m",
            description = "Limit of one test-suite run. Default: ${DEFAULT-VALUE}")
    String testTimeout;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines; print only the verdict line.")
    boolean quiet;

    @Option(names = "--json", description = "Print the machine-readable result (report.json) on stdout.")
    boolean json;

    @Option(names = {"-v", "--verbose"}, description = "Show stack traces of internal errors.")
    boolean verbose;

    private final Environment env;

    FixCommand(Environment env) {
        this.env = env;
    }

    boolean verbose() {
        return verbose;
    }

    @Override
    public Integer call() {
        RunConfig config = config();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ConsoleProgress progress = new ConsoleProgress(err, quiet);
        TestRunner runner = new TestRunner(new LocalProcessExecutor(env.clock()), env.host(),
                new JUnitXmlReportParser(), new StackFrameExtractor());
        RepairPipeline pipeline = new RepairPipeline(new Workspaces(env.tempDir(), CLONE_TIMEOUT), new BuildDetector(),
                runner, new BuiltinStages(), env.clock(), progress);
        RunResult result = pipeline.run(config);
        List<Path> written = new ReportWriter().write(result, config.outDir());
        if (json) {
            out.print(new JsonReport().render(result));
        } else if (quiet) {
            out.println(new SummaryReport().render(result, List.of()).lines().findFirst().orElse(""));
        } else {
            out.print(new SummaryReport().render(result, written.stream().map(Path::toString).toList()));
        }
        out.flush();
        return result.status() == RunStatus.TESTS_PASS || result.status() == RunStatus.FIXED
                ? ExitCodes.OK
                : ExitCodes.NOT_FIXED;
    }

    RunConfig config() {
        Duration total = Durations.parse(timeout);
        return new RunConfig(repo, Optional.ofNullable(ref), Optional.ofNullable(testCmd), out, maxCandidates,
                total, Durations.parse(testTimeout), env.host());
    }
}
