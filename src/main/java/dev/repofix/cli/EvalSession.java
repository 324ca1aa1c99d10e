package dev.repofix.cli;

import dev.repofix.config.Durations;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.ModelChoice;
import dev.repofix.config.RunConfig;
import dev.repofix.config.Settings;
import dev.repofix.eval.cases.CaseReferences;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.gold.EmptyStages;
import dev.repofix.eval.gold.GoldStages;
import dev.repofix.eval.gold.SanityCheck;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.eval.result.ResultStore;
import dev.repofix.eval.result.RunManifest;
import dev.repofix.eval.run.CaseCheckouts;
import dev.repofix.eval.run.EvalRunner;
import dev.repofix.eval.score.IssueJudge;
import dev.repofix.exec.Executor;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.model.ChatClient;
import dev.repofix.model.Pricing;
import dev.repofix.pipeline.ProgressListener;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.StageInputs;
import dev.repofix.workspace.RunFolder;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The wiring every command that runs cases shares: the resolved settings, one sandbox
 * executor, the case checkouts under a work folder of this invocation, and the engine a
 * model name asks for. Closing it removes what it made (unless environments are kept).
 */
final class EvalSession implements AutoCloseable {
    private final Environment env;
    private final EvalOptions options;
    private final String modelName;
    private final Settings config;
    /** This invocation's mirrors, clones and copies: removed on every way out (see {@link RunFolder}). */
    private final RunFolder folder;
    private final Path workDir;
    private final Executor executor;
    private final CaseCheckouts checkouts;
    private final Optional<ChatClient> chat;

    /**
     * @param model builtin, gold, empty or a model choice (openai:..., anthropic:..., replay:...)
     */
    EvalSession(Environment env, EvalOptions options, String model, PrintWriter err) {
        this.env = env;
        this.options = options;
        this.modelName = model.strip().toLowerCase(Locale.ROOT);
        this.config = options.settings(env.host(), Optional.of(fromCase() ? "builtin" : model.strip()));
        // One client for every case: a replay hands out each case's recorded answers in order.
        this.chat = answersFromPrompts() ? Optional.of(StagesFactory.chatClient(config.model(), env.host()))
                : Optional.empty();
        this.executor = Sandboxes.create(config.sandbox(), env, err);
        try {
            this.folder = RunFolder.create(Sandboxes.workDir(config.sandbox(), env), "repofix-eval-" + Sandboxes.runId());
        } catch (RuntimeException e) {
            executor.close();
            throw e;
        }
        this.workDir = folder.path();
        // Kept environments go where every run looks (this run's folder is new each time).
        Path envs = options.keepEnvs ? Sandboxes.workDir(config.sandbox(), env).resolve("repofix-eval-envs")
                : workDir.resolve("envs");
        this.checkouts = new CaseCheckouts(workDir, envs, new LocalProcessExecutor(env.clock()), env.host(),
                Durations.parse(options.setupTimeout), options.keepEnvs);
    }

    /**
     * Refuses Python cases with a set-up when their tests would run in Docker: the set-up
     * installs into a virtual environment on this machine, whose interpreter the container
     * does not have. (A Maven set-up fills the local repository, which the sandbox reads.)
     *
     * @throws ConfigException naming the first such case and what to do
     */
    void checkSetUps(java.util.List<EvalCase> cases) {
        if (!(executor instanceof dev.repofix.exec.DockerExecutor)) {
            return;
        }
        cases.stream().filter(c -> !c.setup().isEmpty() && c.language().equals("python")).findFirst()
                .ifPresent(c -> {
                    throw new dev.repofix.config.ConfigException("case " + c.id() + " has set-up commands, which "
                            + "install into a virtual environment on this machine that a Docker sandbox does not "
                            + "have (not supported yet); run eval with --sandbox local, or build an image with what "
                            + "they install and pass it as --sandbox-image with the cases' setup left out");
                });
    }

    /** gold and empty answer from the case itself; the rest are engines of the settings. */
    private boolean fromCase() {
        return modelName.equals(GoldStages.MODEL) || modelName.equals(EmptyStages.MODEL);
    }

    /** Whether this model's stages read prompts, so that a setting changes what they answer. */
    boolean answersFromPrompts() {
        return !fromCase() && !config.model().choice().isBuiltin();
    }

    /** The manifest of a run of {@code cases} by this session's model, written before its first result. */
    RunManifest manifest(Path cases, EvalRunner.Shard shard, java.util.List<String> settings) {
        return new RunManifest(cases.toString(), RunManifest.sha256(cases), shard.index(), shard.count(), model(),
                settings, env.clock().instant(), "repofix " + dev.repofix.report.SarifReport.TOOL_VERSION,
                java.util.List.of());
    }

    /** Where this session's tests run. */
    Executor executor() {
        return executor;
    }

    /** The model as results name it. */
    String model() {
        return fromCase() ? modelName : config.model().choice().toString();
    }

    IssueJudge judge(String judgeModel) {
        return new IssueJudge(StagesFactory.judgeClient(ModelChoice.parse(judgeModel), config.model(), env.host()),
                Pricing.defaults(), IssueJudge.DEFAULT_ATTEMPTS, IssueJudge.DEFAULT_MAX_TOKENS);
    }

    /** A runner writing into {@code store}; cases {@code excluded} by a sanity check are recorded, not run. */
    EvalRunner runner(ResultStore store, Optional<IssueJudge> judge, EvalRunner.Progress progress,
            Map<String, SanityCheck.Verdict> excluded) {
        return new EvalRunner(checkouts, this::runCase, store, judge, model(), env.clock(), env.cancellation(),
                progress, excluded);
    }

    /** One case: the engine the model and setting ask for, the pipeline over the case's checkout. */
    private RunResult runCase(EvalRunner.CaseRun run) {
        EvalCase kase = run.kase();
        Path root = run.checkout().repo();
        RepairPipeline.Engine engine = switch (modelName) {
            case GoldStages.MODEL -> new GoldStages(CaseReferences.issue(kase), CaseReferences.localization(kase, root),
                    kase.patch().source()).engine();
            case EmptyStages.MODEL -> new EmptyStages().engine();
            default -> {
                StageInputs inputs = run.setting().map(s -> s.inputs(kase.id(), CaseReferences.issue(kase),
                        CaseReferences.localization(kase, root), kase.explanation().orElse("")))
                        .orElse(StageInputs.chained().withCaseId(kase.id()));
                String budget = run.contextTokens().isPresent() ? Integer.toString(run.contextTokens().getAsInt())
                        : config.model().context();
                // No client: the builtin engine, which takes neither inputs nor a budget.
                yield chat.map(client -> StagesFactory.engine(config.model(), client, inputs, budget))
                        .orElseGet(() -> StagesFactory.engine(config, env.host(), executor, env.clock()));
            }
        };
        Map<String, String> variables = new LinkedHashMap<>(env.host().variables());
        variables.putAll(run.checkout().environment());
        RunConfig runConfig = config.run().withTestCommand(kase.testCommand()).withJobs(1).runConfig(root.toString(),
                Optional.of(run.checkout().commit()), workDir.resolve("out").resolve(kase.id()),
                new HostEnvironment(variables));
        ProgressListener quiet = event -> { };
        RepairPipeline pipeline = FixCommand.pipeline(env, workDir.resolve("copies"), executor, engine, quiet);
        // A case that records both lists is scored as SWE-bench scores it; one without keeps every test.
        return kase.passToPass().isEmpty() ? pipeline.run(runConfig)
                : pipeline.run(runConfig, kase.failToPass(), kase.passToPass());
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

    /** One line per case as it ends, with a running tally; on a terminal, a bar under them. */
    static final class Progress implements EvalRunner.Progress {
        private static final int BAR = 30;
        private final PrintWriter err;
        private final boolean terminal;
        private final Map<String, Integer> tally = new LinkedHashMap<>();

        Progress(PrintWriter err) {
            this(err, false);
        }

        /** @param terminal whether a person watches a terminal: then a bar is redrawn in place */
        Progress(PrintWriter err, boolean terminal) {
            this.err = err;
            this.terminal = terminal;
        }

        @Override
        public synchronized void finished(CaseResult r, int done, int total) {
            if (terminal) {
                err.print("\r\033[K"); // the bar's line, cleared for the case's line
            }
            String verdict = r.record().map(rec -> rec.status().name()).orElse("-");
            String label = switch (r.status()) {
                case SCORED -> verdict.equals("FIXED") ? "pass" : "fail";
                case ERROR -> "error";
                case BROKEN -> "broken";
                case FLAKY -> "flaky";
            };
            tally.merge(label, 1, Integer::sum);
            String cost = r.record().flatMap(RunResult::costUsd).map(v -> String.format(Locale.ROOT, " $%.4f", v))
                    .orElse("");
            err.printf(Locale.ROOT, "[%d/%d] %s  %s %s  %.1fs%s  (%s)%n", done, total, r.key(), r.status(), verdict,
                    r.times().wallMs() / 1000.0, cost, tally());
            r.error().filter(e -> r.status() != ResultStatus.SCORED)
                    .ifPresent(e -> err.println("    " + e.lines().findFirst().orElse("")));
            if (terminal) {
                int filled = total == 0 ? BAR : done * BAR / total;
                err.print("[" + "#".repeat(filled) + ".".repeat(BAR - filled) + "] " + done + "/" + total + " cases"
                        + (done == total ? System.lineSeparator() : ""));
            }
            err.flush();
        }

        synchronized String tally() {
            return tally.isEmpty() ? "nothing run" : tally.entrySet().stream().map(e -> e.getValue() + " " + e.getKey())
                    .reduce((a, b) -> a + ", " + b).orElse("");
        }
    }
}
