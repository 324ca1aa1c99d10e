package dev.repofix.testrun;

import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.CleanEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Runs a build's test command in a directory and reads what it reported. */
public final class TestRunner {
    private final Executor executor;
    private final HostEnvironment host;
    private final ReportParser parser;
    private final StackFrameExtractor frames;

    public TestRunner(Executor executor, HostEnvironment host, ReportParser parser, StackFrameExtractor frames) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.host = Objects.requireNonNull(host, "host");
        this.parser = Objects.requireNonNull(parser, "parser");
        this.frames = Objects.requireNonNull(frames, "frames");
    }

    /** Where this runner runs {@code build}'s tests: {@code local} or {@code docker <image>}. */
    public String where(BuildSystem build) {
        return executor.where(build.sandboxImage());
    }

    /**
     * Runs {@code command} in {@code dir} (a workspace copy). Stale reports are deleted
     * first so that only this run's results are read. A report, stale or new, that a link
     * puts outside {@code dir} is neither deleted nor read.
     *
     * @param files the workspace's files, used to keep only in-repository stack frames
     * @throws ReportException when a report this run wrote cannot be parsed, or lies outside {@code dir}
     */
    public TestOutcome run(Path dir, BuildSystem build, TestCommand command, FileIndex files, Duration timeout) {
        deleteReports(dir, build.reports(dir));
        Map<String, String> env = CleanEnvironment.of(host, build.environmentNames(), command.extraEnv());
        ExecResult exec = executor.run(Command.shell(command.shell(), dir, env, timeout).withImage(build.sandboxImage()));
        if (exec.outcome() instanceof ExecResult.Outcome.TimedOut) {
            return new TestOutcome.TimedOut(exec);
        }
        FileIndex here = files.rootedAt(dir);
        List<TestResult> results = new ArrayList<>();
        List<Path> reports = build.reports(dir);
        for (Path report : reports) {
            requireInside(dir, report);
            for (TestResult r : parser.parse(report)) {
                results.add(r.status().isFailure() ? r.withFrames(frames.extract(r.trace(), here)) : r);
            }
        }
        TestRun run = new TestRun(results);
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

    private static void deleteReports(Path dir, List<Path> reports) {
        for (Path p : reports) {
            requireInside(dir, p);
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                throw new ReportException("cannot delete the stale report " + p + ": " + e.getMessage(), e);
            }
        }
    }
}
