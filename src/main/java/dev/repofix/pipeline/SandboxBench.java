package dev.repofix.pipeline;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.config.RunConfig;
import dev.repofix.config.UrlCredentials;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What the sandbox costs: the whole suite of one repository run in a fresh copy by two
 * test runners (local processes and Docker containers, say), each the median of
 * {@code repeat} runs after one warm-up, and whether both saw the same outcome.
 */
public final class SandboxBench {
    private final Workspaces workspaces;
    private final BuildDetector detector;
    private final Clock clock;

    public SandboxBench(Workspaces workspaces, BuildDetector detector, Clock clock) {
        this.workspaces = Objects.requireNonNull(workspaces, "workspaces");
        this.detector = Objects.requireNonNull(detector, "detector");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * @param first   outcome of the first runner's warm-up, e.g. "2 failing, 12 passing"
     * @param second  the same for the second runner
     */
    public record Figures(String repo, String build, Duration firstTime, Duration secondTime, String first,
            String second) {
        /** Second time over first time. */
        public double ratio() {
            return firstTime.isZero() ? 0 : (double) secondTime.toNanos() / firstTime.toNanos();
        }

        /** What the second runner adds per suite run. */
        public Duration added() {
            return secondTime.minus(firstTime);
        }
    }

    public Figures measure(RunConfig config, TestRunner first, TestRunner second, int repeat) {
        try (Workspace ws = workspaces.open(config.repo(), config.ref())) {
            BuildSystem build = detector.detect(ws.root(), config.testCommand());
            TestCommand command = build.testCommand(ws.root(), config.testCommand().orElse(null));
            String[] seen = new String[2];
            Duration a = median(repeat, () -> time(ws, first, build, command, config, seen, 0));
            Duration b = median(repeat, () -> time(ws, second, build, command, config, seen, 1));
            return new Figures(UrlCredentials.masked(config.repo()), build.name(), a, b, seen[0], seen[1]);
        }
    }

    private Duration time(Workspace ws, TestRunner runner, BuildSystem build, TestCommand command, RunConfig config,
            String[] seen, int slot) {
        Path copy = ws.newCopy("bench");
        try {
            Instant start = clock.instant();
            TestOutcome outcome = runner.run(copy, build, command, ws.files(), config.testTimeout());
            Duration took = Duration.between(start, clock.instant());
            seen[slot] = RepairPipeline.summarize(outcome);
            return took;
        } finally {
            ws.discard(copy);
        }
    }

    private interface Timed {
        Duration run();
    }

    private static Duration median(int repeat, Timed timed) {
        timed.run(); // warm-up: the page cache, the JIT, Docker's image layers
        List<Duration> times = new ArrayList<>();
        for (int i = 0; i < Math.max(1, repeat); i++) {
            times.add(timed.run());
        }
        times.sort(null);
        return times.get(times.size() / 2);
    }
}
