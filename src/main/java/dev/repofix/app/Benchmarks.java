package dev.repofix.app;

import dev.repofix.build.BuildDetector;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import dev.repofix.config.RunSettings;
import dev.repofix.exec.Executor;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.pipeline.SandboxBench;
import dev.repofix.pipeline.ValidationBench;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.Screenings;
import dev.repofix.workspace.Workspaces;
import java.nio.file.Path;
import java.util.Optional;

/** The wiring of {@code repofix bench validate} and {@code bench sandbox}. */
public final class Benchmarks {
    private Benchmarks() {}

    /**
     * {@code bench validate}: the builtin engine's pipeline on {@code executor}, once without screening
     * (before) and once with the warm-JVM screenings (after).
     */
    public static ValidationBench validation(CompositionRoot root, Workspaces workspaces, Executor executor) {
        TestRunner runner = root.testRunner(executor);
        RepairPipeline before = root.pipeline(workspaces, runner, CompositionRoot.plainBuiltin(), Screenings.none());
        RepairPipeline after = root.pipeline(workspaces, runner, CompositionRoot.plainBuiltin(),
                root.warmJvmScreenings(executor));
        return new ValidationBench(workspaces, new BuildDetector(), runner, before, after,
                root.environment().clock());
    }

    /** {@code bench sandbox}: the same test runs on the host and in Docker. */
    public static SandboxBench sandbox(CompositionRoot root, Workspaces workspaces) {
        return new SandboxBench(workspaces, new BuildDetector(), root.environment().clock());
    }

    /** How a benchmarked repository runs: no reruns, one job, the reports under {@code target/bench-out}. */
    public static RunConfig config(String repo, HostEnvironment host) {
        return RunSettings.defaults().withReruns(0).withJobs(1).runConfig(repo, Optional.empty(),
                Path.of("target", "bench-out"), host);
    }
}
