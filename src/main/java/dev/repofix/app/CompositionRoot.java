package dev.repofix.app;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.JunitPlatformJars;
import dev.repofix.config.RunSettings;
import dev.repofix.config.Settings;
import dev.repofix.env.EnvironmentPreparer;
import dev.repofix.env.EnvironmentSetup;
import dev.repofix.exec.DockerExecutor;
import dev.repofix.exec.Executor;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.exec.SandboxSettings;
import dev.repofix.model.ChatClient;
import dev.repofix.pipeline.ProgressListener;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.stage.StageInputs;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.Screenings;
import dev.repofix.validate.WarmJvmScreenings;
import dev.repofix.workspace.Workspaces;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The one place where a run's parts are built from the typed settings: the executor, the
 * test runner, the engine and the pipeline. One invocation has one run id: its containers
 * carry the label {@code repofix.run=<id>} and its run record has that id (each record of
 * an invocation that runs many, such as a benchmark, the id and its number).
 * What it builds that holds resources (executors) the caller closes.
 */
public final class CompositionRoot {
    /** Limit of one clone of the repository under test. */
    public static final Duration CLONE_TIMEOUT = Duration.ofMinutes(5);
    /** Limit of resolving the JUnit Platform's Launcher and engines into repofix's cache (once per machine). */
    static final Duration PLATFORM_RESOLUTION_LIMIT = Duration.ofMinutes(5);

    private final Settings settings;
    private final Environment env;
    private final String runId;
    /** What prepares each run's environment; empty: the set-up the settings and the build's files call for. */
    private final Optional<EnvironmentPreparer> preparer;
    private final AtomicInteger runs = new AtomicInteger();

    /** A root with a new run id. */
    public CompositionRoot(Settings settings, Environment env) {
        this(settings, env, UUID.randomUUID().toString());
    }

    /** A root with a given run id (tests name theirs). */
    public CompositionRoot(Settings settings, Environment env, String runId) {
        this(settings, env, runId, Optional.empty());
    }

    private CompositionRoot(Settings settings, Environment env, String runId, Optional<EnvironmentPreparer> preparer) {
        this.preparer = Objects.requireNonNull(preparer, "preparer");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.env = Objects.requireNonNull(env, "env");
        this.runId = Objects.requireNonNull(runId, "runId");
        if (runId.isBlank()) {
            throw new IllegalArgumentException("runId must not be blank");
        }
    }

    /**
     * This root, same run id, whose pipelines prepare each run's environment with {@code preparer}
     * before the baseline instead of the set-up the settings and the build's files call for.
     */
    public CompositionRoot withEnvironmentPreparer(EnvironmentPreparer preparer) {
        return new CompositionRoot(settings, env, runId, Optional.of(preparer));
    }

    /**
     * What prepares each run's environment before its baseline, for tests that run through
     * {@code executor}: the set-up the settings ({@code setup}, {@code python-version}) and the
     * build's files call for, with network, kept under the cache folder's {@code envs}.
     */
    public EnvironmentPreparer environmentPreparer(Executor executor) {
        return environmentPreparer(settings.run(), executor);
    }

    /**
     * The same under {@code run}'s {@code setup} and {@code python-version} instead of the
     * settings' (a benchmark case's own set-up), kept in the same store: a case prepared by an
     * earlier session (gold's, then the empty patch's) is reused.
     */
    public EnvironmentPreparer environmentPreparer(RunSettings run, Executor executor) {
        return preparer.orElseGet(() -> EnvironmentSetup.of(run, hostExecutor(), executor, env.host(),
                settings.model().cacheDir(env.host()), workDir().resolve("repofix-cache"), env.clock()));
    }

    public Settings settings() {
        return settings;
    }

    public Environment environment() {
        return env;
    }

    /** This invocation's id: the containers' label and the run record's id. */
    public String runId() {
        return runId;
    }

    /** Where workspace copies go: the work-dir setting, else the environment's temp folder. */
    public Path workDir() {
        return Sandboxes.workDir(settings.sandbox(), env);
    }

    /** Workspaces whose copies go under {@code dir}. */
    public Workspaces workspaces(Path dir) {
        return new Workspaces(dir, CLONE_TIMEOUT);
    }

    /** The executor the sandbox setting asks for, labelling its containers with the run id; the caller closes it. */
    public Executor executor(PrintWriter err) {
        // The same settings sandboxSettings() gives: its run id is the label of every container.
        return Sandboxes.create(settings.sandbox(), sandboxSettings(), env, err);
    }

    /** The Docker settings of this run: limits, image, caches and the run id as the containers' label. */
    public SandboxSettings sandboxSettings() {
        return Sandboxes.settings(settings.sandbox(), env.host(), runId);
    }

    /** A Docker executor whatever the sandbox setting says (to compare it with local processes); the caller closes it. */
    public DockerExecutor docker() {
        return DockerExecutor.open(sandboxSettings(), env.host(), env.clock());
    }

    /** Local processes on this machine, for work that needs the network or the host (set-ups, resolutions). */
    public Executor hostExecutor() {
        return new LocalProcessExecutor(env.clock());
    }

    /** Runs tests through {@code executor} and reads their reports. */
    public TestRunner testRunner(Executor executor) {
        return new TestRunner(executor, env.host(), ReportParsers.standard(), new StackFrameExtractor());
    }

    /**
     * The engine the model setting asks for: the builtin engine, whose coverage runs go through
     * {@code executor} within the test timeout, or the model's stages.
     */
    public RepairPipeline.Engine engine(Executor executor) {
        return StagesFactory.engine(settings, env.host(), executor, env.clock());
    }

    /** The model's stages over {@code client} with given inputs and context budget (a benchmark's). */
    public RepairPipeline.Engine engine(ChatClient client, StageInputs inputs, String contextBudget) {
        return StagesFactory.engine(settings.model(), client, inputs, contextBudget);
    }

    /** The configured model's client behind the recorder and cache the settings ask for. */
    public ChatClient chatClient() {
        return StagesFactory.chatClient(settings.model(), env.host());
    }

    /** The builtin engine's stages without coverage: what validating a given patch needs. */
    public static RepairPipeline.Engine plainBuiltin() {
        return new RepairPipeline.Engine(new BuiltinStages(), "builtin", Optional.empty());
    }

    /**
     * Screening in a warm test JVM through {@code executor}; the JUnit Platform jars a project
     * lacks are resolved on this machine into the cache folder the settings name.
     */
    public Screenings warmJvmScreenings(Executor executor) {
        return new WarmJvmScreenings(executor, env.host(), env.clock(), new JunitPlatformJars(hostExecutor(),
                env.host(), platformJarsDir(), PLATFORM_RESOLUTION_LIMIT));
    }

    /** Where the JUnit Platform jars are kept: under the cache folder's tools. */
    Path platformJarsDir() {
        return settings.model().cacheDir(env.host()).resolve("tools").resolve("junit-platform");
    }

    /**
     * The pipeline of this invocation's one run: copies under the work folder, tests through
     * {@code executor} (which the caller closes), screening in a warm JVM; its record has the run id.
     */
    public RepairPipeline pipeline(Executor executor, RepairPipeline.Engine engine, ProgressListener progress) {
        return pipeline(workspaces(workDir()), testRunner(executor), engine, progress,
                warmJvmScreenings(executor), () -> runId, environmentPreparer(executor));
    }

    /**
     * A pipeline of one of this invocation's many runs (a benchmark's cases): copies under
     * {@code copies}, no progress; each record's id is the run id and its number.
     */
    public RepairPipeline casePipeline(Path copies, Executor executor, RepairPipeline.Engine engine) {
        return casePipeline(copies, executor, engine, environmentPreparer(executor));
    }

    /** A case's pipeline whose environment is the one {@code preparer} gives (a benchmark case's own set-up). */
    public RepairPipeline casePipeline(Path copies, Executor executor, RepairPipeline.Engine engine,
            EnvironmentPreparer preparer) {
        return pipeline(workspaces(copies), testRunner(executor), engine, ProgressListener.none(),
                warmJvmScreenings(executor), this::nextRunId, preparer);
    }

    /** A pipeline over given parts (a measurement compares screenings); each record numbered as a case's. */
    public RepairPipeline pipeline(Workspaces workspaces, TestRunner runner, RepairPipeline.Engine engine,
            Screenings screenings) {
        return pipeline(workspaces, runner, engine, ProgressListener.none(), screenings, this::nextRunId,
                environmentPreparer(hostExecutor()));
    }

    private RepairPipeline pipeline(Workspaces workspaces, TestRunner runner, RepairPipeline.Engine engine,
            ProgressListener progress, Screenings screenings, Supplier<String> runIds, EnvironmentPreparer preparer) {
        return new RepairPipeline(workspaces, new BuildDetector(), runner, engine, env.clock(), progress,
                env.cancellation(), runIds, screenings, preparer);
    }

    /** {@code <run id>.<n>}: the records of an invocation that runs many. */
    private String nextRunId() {
        return runId + "." + runs.incrementAndGet();
    }
}
