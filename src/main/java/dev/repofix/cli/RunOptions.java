package dev.repofix.cli;

import dev.repofix.config.Durations;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Options shared by the commands that run a repository's tests. */
final class RunOptions {
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

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "20m",
            description = "Time budget of the whole run, e.g. 90s, 15m, 1h. Default: ${DEFAULT-VALUE}")
    String timeout;

    @Option(names = "--test-timeout", paramLabel = "DURATION", defaultValue = "10m",
            description = "Limit of one test-suite run. Default: ${DEFAULT-VALUE}")
    String testTimeout;

    @Option(names = "--reruns", paramLabel = "N", defaultValue = "" + RunConfig.DEFAULT_RERUNS,
            description = "Rerun the failing tests N times before any patch; one that passes is flaky and not "
                    + "counted. Default: ${DEFAULT-VALUE}")
    int reruns;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "1",
            description = "Validate up to N candidates at once. Default: ${DEFAULT-VALUE}")
    int jobs;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines; print only the verdict line.")
    boolean quiet;

    @Option(names = "--json", description = "Print the machine-readable result (report.json) on stdout.")
    boolean json;

    @Option(names = {"-v", "--verbose"}, description = "Show stack traces of internal errors.")
    boolean verbose;

    RunConfig config(int maxCandidates, HostEnvironment host) {
        Duration total = Durations.parse(timeout);
        return new RunConfig(repo, Optional.ofNullable(ref), Optional.ofNullable(testCmd), out, maxCandidates,
                total, Durations.parse(testTimeout), host, reruns, jobs);
    }
}
