package dev.repofix.app;

import dev.repofix.build.BuildDetector;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import dev.repofix.config.RunSettings;
import dev.repofix.exec.Executor;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.pipeline.SandboxBench;
import dev.repofix.pipeline.ValidationBench;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.repair.localize.CoverageRuns;
import dev.repofix.repair.localize.SpectrumFormula;
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

    /**
     * {@code bench validate --selection}: the builtin engine with the whole suite under per-test
     * coverage (so that the deciding run can select) and screening in a warm JVM, run once with
     * test selection off (before) and once on (after).
     */
    public static ValidationBench selection(CompositionRoot root, Workspaces workspaces, Executor executor) {
        TestRunner runner = root.testRunner(executor);
        RepairPipeline.Engine engine = suiteCoverage(root, executor);
        RepairPipeline pipeline = root.pipeline(workspaces, runner, engine, root.warmJvmScreenings(executor));
        return new ValidationBench(workspaces, new BuildDetector(), runner, pipeline, pipeline,
                root.environment().clock(), true);
    }

    /**
     * The builtin engine whose coverage run runs the whole suite (so that the deciding run can
     * select tests), standing in for a baseline run under per-test coverage.
     */
    public static RepairPipeline.Engine suiteCoverage(CompositionRoot root, Executor executor) {
        return new RepairPipeline.Engine(BuiltinStages.withCoverage(executor, root.environment().host(),
                root.settings().run().testTimeout(), root.environment().clock(), SpectrumFormula.OCHIAI,
                Optional.empty(), CoverageRuns.Scope.SUITE), "builtin", Optional.empty());
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
