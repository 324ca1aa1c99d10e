package dev.repofix.app;

import dev.repofix.build.BuildSystem;
import dev.repofix.config.ModelChoice;
import dev.repofix.config.RunConfig;
import dev.repofix.config.RunSettings;
import dev.repofix.env.EnvironmentException;
import dev.repofix.env.EnvironmentPreparer;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.eval.cases.CaseReferences;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.gold.EmptyStages;
import dev.repofix.eval.gold.GoldStages;
import dev.repofix.eval.gold.SanityCheck;
import dev.repofix.eval.result.ResultStore;
import dev.repofix.eval.result.RunManifest;
import dev.repofix.eval.run.CaseCheckouts;
import dev.repofix.eval.run.EvalRunner;
import dev.repofix.eval.score.IssueJudge;
import dev.repofix.exec.Executor;
import dev.repofix.model.ChatClient;
import dev.repofix.model.Pricing;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.StageInputs;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.RunFolder;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The wiring every command that runs cases shares: one sandbox executor, the case checkouts
 * under a work folder of this invocation, the engine a model name asks for and how a case is
 * scored. Closing it removes what it made; the cases' environments stay in the cache folder's
 * store, as fix's do.
 */
public final class EvalSession implements AutoCloseable {
    private final CompositionRoot root;
    private final Environment env;
    private final String modelName;
    /** This invocation's mirrors, clones and copies: removed on every way out (see {@link RunFolder}). */
    private final RunFolder folder;
    private final Path workDir;
    private final Executor executor;
    private final CaseCheckouts checkouts;
    private final Optional<ChatClient> chat;

    /**
     * @param root  built from settings whose model is {@link #modelSetting(String)} of {@code model}
     * @param model builtin, gold, empty or a model choice (openai:..., anthropic:..., replay:...)
     */
    public EvalSession(CompositionRoot root, String model, PrintWriter err) {
        this.root = root;
        this.env = root.environment();
        this.modelName = model.strip().toLowerCase(Locale.ROOT);
        // One client for every case: a replay hands out each case's recorded answers in order.
        this.chat = answersFromPrompts() ? Optional.of(root.chatClient()) : Optional.empty();
        this.executor = root.executor(err);
        try {
            this.folder = RunFolder.create(root.workDir(), "repofix-eval-" + root.runId());
        } catch (RuntimeException e) {
            executor.close();
            throw e;
        }
        this.workDir = folder.path();
        this.checkouts = new CaseCheckouts(workDir);
    }

    /** The model setting a session of {@code model} needs: builtin for gold and empty, which answer from the case. */
    public static String modelSetting(String model) {
        String name = model.strip().toLowerCase(Locale.ROOT);
        return name.equals(GoldStages.MODEL) || name.equals(EmptyStages.MODEL) ? "builtin" : model.strip();
    }

    /** gold and empty answer from the case itself; the rest are engines of the settings. */
    private boolean fromCase() {
        return modelName.equals(GoldStages.MODEL) || modelName.equals(EmptyStages.MODEL);
    }

    /** Whether this model's stages read prompts, so that a setting changes what they answer. */
    public boolean answersFromPrompts() {
        return !fromCase() && !root.settings().model().choice().isBuiltin();
    }

    /** The manifest of a run of {@code cases} by this session's model, written before its first result. */
    public RunManifest manifest(Path cases, EvalRunner.Shard shard, java.util.List<String> settings) {
        return new RunManifest(cases.toString(), RunManifest.sha256(cases), shard.index(), shard.count(), model(),
                settings, env.clock().instant(), "repofix " + dev.repofix.report.SarifReport.TOOL_VERSION,
                java.util.List.of());
    }

    /** Where this session's tests run. */
    public Executor executor() {
        return executor;
    }

    /** Runs tests through this session's executor. */
    public TestRunner testRunner() {
        return root.testRunner(executor);
    }

    /** The model as results name it. */
    public String model() {
        return fromCase() ? modelName : root.settings().model().choice().toString();
    }

    public IssueJudge judge(String judgeModel) {
        return new IssueJudge(StagesFactory.judgeClient(ModelChoice.parse(judgeModel), root.settings().model(),
                env.host()),
                Pricing.defaults(), IssueJudge.DEFAULT_ATTEMPTS, IssueJudge.DEFAULT_MAX_TOKENS);
    }

    /** A runner writing into {@code store}; cases {@code excluded} by a sanity check are recorded, not run. */
    public EvalRunner runner(ResultStore store, Optional<IssueJudge> judge, EvalRunner.Progress progress,
            Map<String, SanityCheck.Verdict> excluded) {
        Map<EvalRunner.CaseRun, String> logs = java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>());
        EvalRunner.CasePipeline pipeline = new EvalRunner.CasePipeline() {
            @Override
            public RunResult run(EvalRunner.CaseRun run) {
                java.util.concurrent.atomic.AtomicReference<PreparedEnvironment> prepared =
                        new java.util.concurrent.atomic.AtomicReference<>();
                RunResult record = runCase(run, prepared::set);
                Optional.ofNullable(prepared.get()).flatMap(p -> SetupLogs.keep(p, store.dir()))
                        .ifPresent(log -> logs.put(run, log));
                return record;
            }

            @Override
            public Optional<String> setupLog(EvalRunner.CaseRun run) {
                return Optional.ofNullable(logs.remove(run));
            }
        };
        return new EvalRunner(checkouts, pipeline, store, judge, model(), env.clock(), env.cancellation(),
                progress, excluded);
    }

    /**
     * One case: the engine the model and setting ask for, the pipeline over the case's checkout;
     * {@code prepared} is told the environment its set-up prepared.
     */
    private RunResult runCase(EvalRunner.CaseRun run, java.util.function.Consumer<PreparedEnvironment> prepared) {
        EvalCase kase = run.kase();
        Path repo = run.checkout().repo();
        RepairPipeline.Engine engine = switch (modelName) {
            case GoldStages.MODEL -> new GoldStages(CaseReferences.issue(kase), CaseReferences.localization(kase, repo),
                    kase.patch().source()).engine();
            case EmptyStages.MODEL -> new EmptyStages().engine();
            default -> {
                StageInputs inputs = run.setting().map(s -> s.inputs(kase.id(), CaseReferences.issue(kase),
                        CaseReferences.localization(kase, repo), kase.explanation().orElse("")))
                        .orElse(StageInputs.chained().withCaseId(kase.id()));
                String budget = run.contextTokens().isPresent() ? Integer.toString(run.contextTokens().getAsInt())
                        : root.settings().model().context();
                // No client: the builtin engine, which takes neither inputs nor a budget.
                yield chat.map(client -> root.engine(client, inputs, budget)).orElseGet(() -> root.engine(executor));
            }
        };
        RunSettings settings = caseSettings(root.settings().run(), kase);
        RunConfig runConfig = settings.runConfig(repo.toString(), Optional.of(run.checkout().commit()),
                workDir.resolve("out").resolve(kase.id()), env.host());
        // The run's set-up stage prepares the case's environment as for fix (its setup, else the
        // detected steps), kept in the cache folder by what defines it: the cases that share it, and
        // later sessions (gold's then the empty patch's, a later eval run), reuse it. A case with an
        // environment commit of its own is set up in a checkout of that commit.
        EnvironmentPreparer casePreparer = interpreterIsTheMachines(root.environmentPreparer(settings, executor),
                kase.environment().flatMap(e -> e.python()));
        Optional<Path> setupRoot = run.checkout().setupRoot();
        RepairPipeline pipeline = root.casePipeline(workDir.resolve("copies"), executor, engine,
                new EnvironmentPreparer() {
                    @Override
                    public PreparedEnvironment prepare(Path checkedOut, BuildSystem build) {
                        return prepare(checkedOut, build, Optional.empty());
                    }

                    /**
                     * The case's Git folder goes with it, for projects that take their version from
                     * Git (setuptools-scm); the environment commit's checkout is a Git work tree,
                     * whose own folder says its version.
                     */
                    @Override
                    public PreparedEnvironment prepare(Path checkedOut, BuildSystem build, Optional<Path> gitFolder) {
                        PreparedEnvironment made = setupRoot.map(r -> casePreparer.prepare(r, build,
                                Optional.of(r.resolve(".git")).filter(java.nio.file.Files::isDirectory)))
                                .orElseGet(() -> casePreparer.prepare(checkedOut, build, gitFolder));
                        prepared.accept(made);
                        return made;
                    }
                });
        // A case that records both lists is scored as SWE-bench scores it; one without keeps every test.
        return kase.passToPass().isEmpty() ? pipeline.run(runConfig)
                : pipeline.run(runConfig, kase.failToPass(), kase.passToPass());
    }

    /**
     * The run settings of {@code kase}: its test command (else its environment's {@code test_cmd}),
     * its set-up commands (its environment's, else its {@code setup}), its environment's Python
     * (else the configured one) and variables, one candidate at a time.
     */
    static RunSettings caseSettings(RunSettings configured, EvalCase kase) {
        RunSettings settings = configured.withTestCommand(kase.effectiveTestCommand()).withSetup(kase.setupCommands())
                .withTestFiles(kase.testFiles()).withJobs(1);
        return kase.environment().map(e -> settings.withEnvironment(e.python().or(configured::pythonVersion), e.env()))
                .orElse(settings);
    }

    /**
     * {@code preparer}, where an interpreter this machine lacks (the case's {@code python}, or its
     * project's {@code requires-python}) fails the run as the environment's error: the case is an
     * ERROR of this machine, not a broken case, and the reason is the one line the interpreter
     * search gives.
     */
    private static EnvironmentPreparer interpreterIsTheMachines(EnvironmentPreparer preparer, Optional<String> python) {
        return new EnvironmentPreparer() {
            @Override
            public PreparedEnvironment prepare(Path checkedOut, BuildSystem build) {
                return prepare(checkedOut, build, Optional.empty());
            }

            @Override
            public PreparedEnvironment prepare(Path checkedOut, BuildSystem build, Optional<Path> gitFolder) {
                try {
                    return preparer.prepare(checkedOut, build, gitFolder);
                } catch (EnvironmentException e) {
                    if (e.kind() != EnvironmentException.ErrorKind.INPUT) {
                        throw e;
                    }
                    throw new EnvironmentException(EnvironmentException.ErrorKind.RUNTIME, python.map(p ->
                            "no Python " + p + " for the case's environment: ").orElse("")
                            + e.getMessage().lines().findFirst().orElse("no Python interpreter for the case"), e);
                }
            }
        };
    }

    @Override
    public void close() {
        try {
            checkouts.close();
        } finally {
            try {
                executor.close();
            } finally {
                folder.close();
            }
        }
    }
}
