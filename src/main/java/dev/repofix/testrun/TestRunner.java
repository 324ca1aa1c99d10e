package dev.repofix.testrun;

import dev.repofix.build.BuildSystem;
import dev.repofix.build.MultiBuild;
import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.exec.CleanEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.exec.SandboxKind;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs a build's test command in a directory and reads what it reported. */
public final class TestRunner {
    private static final Logger LOG = LoggerFactory.getLogger(TestRunner.class);
    private final Executor executor;
    private final HostEnvironment host;
    private final ReportParsers parsers;
    private final StackFrameExtractor frames;
    private final PreparedEnvironment environment;

    /** A runner whose tests run with what the machine has (no prepared environment). */
    public TestRunner(Executor executor, HostEnvironment host, ReportParsers parsers, StackFrameExtractor frames) {
        this(executor, host, parsers, frames, PreparedEnvironment.none());
    }

    private TestRunner(Executor executor, HostEnvironment host, ReportParsers parsers, StackFrameExtractor frames,
            PreparedEnvironment environment) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.host = Objects.requireNonNull(host, "host");
        this.parsers = Objects.requireNonNull(parsers, "parsers");
        this.frames = Objects.requireNonNull(frames, "frames");
        this.environment = Objects.requireNonNull(environment, "environment");
    }

    /**
     * This runner with every test command run in {@code prepared}: what a run's set-up made
     * (a venv, a dependency repository) reaches the baseline, the reruns and every candidate
     * through the one runner the run hands on.
     */
    public TestRunner withEnvironment(PreparedEnvironment prepared) {
        return new TestRunner(executor, host, parsers, frames, prepared);
    }

    /** The prepared environment this runner's test commands run in; {@link PreparedEnvironment#none()} when none. */
    public PreparedEnvironment environment() {
        return environment;
    }

    /** Where this runner runs {@code build}'s tests: {@code local} or {@code docker <image>}. */
    public String where(BuildSystem build) {
        return executor.where(build.sandboxImage());
    }

    /** What confines {@code build}'s tests as this runner runs them: a local process or a Docker container. */
    public SandboxKind sandboxKind(BuildSystem build) {
        return executor.sandboxKind(build.sandboxImage());
    }

    /**
     * Runs {@code command} in {@code dir} (a workspace copy). Stale reports are deleted
     * first so that only this run's results are read, except the repository's own files
     * (a tracked {@code tests/data/TEST-fixture.xml} is test data, not a result): those stay,
     * and are read only when the run rewrote them. A report, stale or new, that a link puts
     * outside {@code dir} is neither deleted nor read.
     *
     * @param files the workspace's files, used to keep only in-repository stack frames and
     *              to tell the repository's own files from reports
     * @throws ReportException when a report this run wrote cannot be parsed, or lies outside {@code dir}
     */
    public TestOutcome run(Path dir, BuildSystem build, TestCommand command, FileIndex files, Duration timeout) {
        // The command and the reading of its reports share the limit: a report that takes
        // longer to read than the run has left ends the run as a slow test would.
        ReportBudget budget = ReportBudget.within(timeout);
        Map<Path, FileTime> ownFiles = deleteStaleReports(dir, build.reports(dir, command), files);
        Map<String, String> env = CleanEnvironment.of(host, build.environmentNames(), command.extraEnv());
        ExecResult exec = executor.run(environment.applyTo(
                Command.shell(command.shell(), dir, env, timeout).withImage(build.sandboxImage())));
        if (exec.outcome() instanceof ExecResult.Outcome.TimedOut) {
            return new TestOutcome.TimedOut(exec);
        }
        List<Path> reports = build.reports(dir, command).stream().filter(p -> writtenByTheRun(p, ownFiles)).toList();
        List<TestResult> results;
        try {
            results = read(dir, build, files, reports, budget);
        } catch (ReportTimedOut e) {
            return new TestOutcome.TimedOut(new ExecResult(new ExecResult.Outcome.TimedOut(timeout),
                    exec.output() + "\n[repofix] " + e.getMessage(), exec.elapsed()));
        }
        TestRun run = new TestRun(results, budget.failingNotKept(), budget.othersNotKept());
        if (run.executedCount() == 0) {
            // A report with no test in it means the tool ran and found none (pytest exits 5
            // then); no report at all after a failure means it never got to the tests.
            return exec.succeeded() || !reports.isEmpty() ? new TestOutcome.NoTests(exec) : new TestOutcome.BuildFailed(exec);
        }
        if (!exec.succeeded() && run.failing().isEmpty()) {
            // Every reported test passed, yet the command failed: a module did not build.
            return new TestOutcome.BuildFailed(exec);
        }
        return new TestOutcome.Completed(run, exec);
    }

    /**
     * The results of {@code reports}, kept within {@code budget}; frames are extracted from
     * the kept failures only, so their number and the text they are read from are bounded.
     */
    private List<TestResult> read(Path dir, BuildSystem build, FileIndex files, List<Path> reports,
            ReportBudget budget) {
        FileIndex here = files.rootedAt(dir);
        List<TestResult> results = new ArrayList<>();
        for (Path report : reports) {
            requireInside(dir, report);
            String folder = build instanceof MultiBuild multi ? multi.folderOf(dir, report) : "";
            FileIndex project = folder.isEmpty() ? here : below(here, folder);
            parsers.forFormat(build.reportFormat(report)).parse(report, budget);
            for (TestResult r : budget.drain()) {
                budget.check();
                TestResult read = r.status().isFailure() ? r.withFrames(frames.extract(r.trace(), project)) : r;
                results.add(folder.isEmpty() ? read : inRepository(read, folder));
            }
        }
        return results;
    }

    /** The files of the project in {@code folder}, relative to it: its tools print paths relative to it. */
    private static FileIndex below(FileIndex files, String folder) {
        String prefix = folder + "/";
        return new FileIndex(files.root().resolve(folder), files.files().stream().filter(f -> f.startsWith(prefix))
                .map(f -> f.substring(prefix.length())).toList(), files.refusals());
    }

    /** A result of the project in {@code folder} as the repository names it: its id and frames prefixed. */
    private static TestResult inRepository(TestResult r, String folder) {
        List<StackFrame> mapped = r.frames().stream().map(f -> f.inFolder(folder)).toList();
        return new TestResult(MultiBuild.prefixed(folder, r.id()), r.status(), r.message(), r.trace(), mapped);
    }

    /**
     * The run's code wrote the reports and the folders they sit in: a folder may be a link
     * to anywhere on the host (the sandbox cannot stop a link, only what runs), and
     * repofix, which reads the report, is not in the sandbox.
     */
    private static void requireInside(Path dir, Path report) {
        try {
            if (!report.toRealPath().startsWith(dir.toRealPath())) {
                throw new ReportException("test report " + report + " leads out of " + dir + " through a symbolic link; "
                        + "repofix reads only reports inside the folder the tests ran in");
            }
        } catch (IOException e) {
            throw new ReportException("cannot read test report " + report + ": " + e.getMessage(), e);
        }
    }

    /**
     * Deletes the reports that are not the repository's own files; returns those that are,
     * with their modification times, so that only a rewritten one is read.
     */
    private static Map<Path, FileTime> deleteStaleReports(Path dir, List<Path> reports, FileIndex files) {
        Map<Path, FileTime> own = new HashMap<>();
        for (Path p : reports) {
            requireInside(dir, p);
            try {
                if (files.contains(dir.relativize(p).toString().replace('\\', '/'))) {
                    own.put(p, Files.getLastModifiedTime(p));
                } else {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                throw new ReportException("cannot delete the stale report " + p + ": " + e.getMessage(), e);
            }
        }
        return own;
    }

    private static boolean writtenByTheRun(Path report, Map<Path, FileTime> ownFiles) {
        FileTime before = ownFiles.get(report);
        if (before == null) {
            return true;
        }
        try {
            boolean rewritten = !Files.getLastModifiedTime(report).equals(before);
            if (!rewritten) {
                LOG.debug("not reading {}: a file of the repository that the test run did not rewrite", report);
            }
            return rewritten;
        } catch (IOException e) {
            return false; // deleted by the run: nothing to read
        }
    }
}
