package dev.repofix.cli;

import dev.repofix.config.ConfigException;
import dev.repofix.config.ConfigKey;
import dev.repofix.config.ConfigResolver;
import dev.repofix.config.Durations;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.ModelChoice;
import dev.repofix.config.ResolvedConfig;
import dev.repofix.config.RunConfig;
import dev.repofix.config.SettingsFile;
import dev.repofix.context.ContextBudget;
import dev.repofix.eval.CaseCheckouts;
import dev.repofix.eval.CaseFile;
import dev.repofix.eval.CaseReferences;
import dev.repofix.eval.CaseResult;
import dev.repofix.eval.EmptyStages;
import dev.repofix.eval.EvalCase;
import dev.repofix.eval.EvalRunner;
import dev.repofix.eval.GoldStages;
import dev.repofix.eval.IssueJudge;
import dev.repofix.eval.ResultStore;
import dev.repofix.eval.RunManifest;
import dev.repofix.eval.Setting;
import dev.repofix.exec.Executor;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.model.ChatClient;
import dev.repofix.model.Pricing;
import dev.repofix.pipeline.ProgressListener;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.pipeline.RunResult;
import dev.repofix.report.SarifReport;
import dev.repofix.stage.StageInputs;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix eval run}: a benchmark's cases through the pipeline, one result file per case as it ends. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs the cases of a case file (docs/eval.md) through repofix's pipeline with one model, and",
                "writes each case's result to OUT/cases/ as soon as it ends. Run it again on the same OUT to resume:",
                "finished cases are kept, ERROR ones are run again. Then: repofix eval report --results OUT.",
                "Exit 0 when every case ran (whatever it scored), 3 when any ended in ERROR, 2 on bad input."})
final class EvalRunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--cases", required = true, paramLabel = "FILE", description = "The case file (JSON Lines).")
    Path cases;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where results go; resumed when it "
            + "holds results of the same case file.")
    Path out;

    @Option(names = "--model", paramLabel = "MODEL", defaultValue = "builtin", description = "builtin (default), gold "
            + "(the cases' reference answers), empty (an empty patch), openai:<model>, anthropic:<model>, "
            + "replay:<file.jsonl>.")
    String model;

    @Option(names = "--setting", paramLabel = "NAME", description = "Input setting(s) of a model-answered run "
            + "(docs/eval.md, Settings), comma-separated or repeated; 'all' for every one. Default: the chained "
            + "pipeline, each stage from the one before.")
    List<String> settings = new ArrayList<>();

    @Option(names = "--context", paramLabel = "BUDGETS", description = "Context budget(s) in tokens, e.g. 16k, or "
            + "a sweep 2k,4k,8k: one result per budget.")
    String context;

    @Option(names = "--samples", paramLabel = "K", defaultValue = "1", description = "Runs per case and setting, "
            + "for Loads@k. Default: 1")
    int samples;

    @Option(names = "--shard", paramLabel = "I/N", defaultValue = "1/1", description = "Run only shard I of N "
            + "(every N-th case from the I-th). Default: 1/1")
    String shard;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "1", description = "Cases run at once. Default: 1")
    int jobs;

    @Option(names = "--judge-model", paramLabel = "MODEL", description = "Score drafted issues with this model as "
            + "judge (openai:<model>, anthropic:<model>, replay:<file>); it uses --base-url and --api-key-env.")
    String judgeModel;

    @Option(names = "--base-url", paramLabel = "URL", description = "Model API base URL.")
    String baseUrl;

    @Option(names = "--api-key-env", paramLabel = "VAR", description = "Variable holding the API key.")
    String apiKeyEnv;

    @Option(names = "--timeout", paramLabel = "DURATION", description = "Time budget of one case. Default: 30m")
    String timeout;

    @Option(names = "--test-timeout", paramLabel = "DURATION", description = "Limit of one test-suite run. "
            + "Default: 10m")
    String testTimeout;

    @Option(names = "--setup-timeout", paramLabel = "DURATION", defaultValue = "30m", description = "Limit of one "
            + "set-up command of a case. Default: 30m")
    String setupTimeout;

    @Option(names = "--max-candidates", paramLabel = "N", description = "Candidates validated per case. Default: 30")
    String maxCandidates;

    @Option(names = "--keep-envs", description = "Keep the prepared environments (and clones) for the next run.")
    boolean keepEnvs;

    @Option(names = "--config", paramLabel = "FILE", description = "The operator's settings file.")
    Path configFile;

    @Mixin
    SandboxOptions sandbox = new SandboxOptions();

    private final Environment env;

    EvalRunCommand(Environment env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        List<EvalCase> all = new CaseFile().read(cases);
        String modelName = model.strip().toLowerCase(Locale.ROOT);
        List<Setting> chosen = settings.isEmpty() ? List.of() : Setting.parse(settings);
        ResolvedConfig c = resolve(modelName);
        boolean answersFromCase = modelName.equals(GoldStages.MODEL) || modelName.equals(EmptyStages.MODEL);
        String shownModel = answersFromCase ? modelName : ModelChoice.parse(c.get(ConfigKey.MODEL)).toString();
        if (!chosen.isEmpty() && (answersFromCase || ModelChoice.parse(c.get(ConfigKey.MODEL)).isBuiltin())) {
            throw new ConfigException("--setting chooses what a model's prompts show; " + shownModel
                    + " answers the same under every setting: leave --setting out");
        }
        EvalRunner.Plan plan = new EvalRunner.Plan(all, chosen, contexts(), samples, EvalRunner.Shard.parse(shard),
                jobs);
        Optional<IssueJudge> judge = Optional.ofNullable(judgeModel).map(j -> new IssueJudge(
                StagesFactory.judgeClient(ModelChoice.parse(j), c, env.host()), Pricing.defaults(),
                IssueJudge.DEFAULT_ATTEMPTS, IssueJudge.DEFAULT_MAX_TOKENS));
        // One client for every case: a replay hands out each case's recorded answers in order.
        Optional<ChatClient> chat = answersFromCase || ModelChoice.parse(c.get(ConfigKey.MODEL)).isBuiltin()
                ? Optional.empty() : Optional.of(StagesFactory.chatClient(c, env.host()));
        Path workDir = Sandboxes.workDir(c, env).resolve("repofix-eval-" + Sandboxes.runId());
        PrintWriter err = spec.commandLine().getErr();
        try (Executor executor = Sandboxes.create(c, env, err);
                CaseCheckouts checkouts = new CaseCheckouts(workDir, envsDir(c, workDir),
                        new LocalProcessExecutor(env.clock()), env.host(), Durations.parse(setupTimeout), keepEnvs)) {
            EvalProgress progress = new EvalProgress(err);
            EvalRunner runner = new EvalRunner(checkouts, run -> runCase(run, c, modelName, chat, executor, workDir),
                    new ResultStore(out), judge, shownModel, env.clock(), env.cancellation(), progress);
            RunManifest manifest = new RunManifest(cases.toString(), RunManifest.sha256(cases), plan.shard().index(),
                    plan.shard().count(), shownModel, chosen.stream().map(Setting::id).toList(), env.clock().instant(),
                    "repofix " + SarifReport.TOOL_VERSION, List.of());
            EvalRunner.Outcome outcome = runner.run(plan, manifest);
            return finish(outcome, progress, spec.commandLine().getOut());
        }
    }

    /**
     * Where environments go: in this run's work folder, or, when they are kept, in one every
     * run shares (the work folder's name is new each run), so that the next run finds them.
     */
    private Path envsDir(ResolvedConfig c, Path workDir) {
        return keepEnvs ? Sandboxes.workDir(c, env).resolve("repofix-eval-envs") : workDir.resolve("envs");
    }

    private int finish(EvalRunner.Outcome outcome, EvalProgress progress, PrintWriter stdout) {
        stdout.println("repofix eval: " + outcome.ran().size() + " case run(s) this time, " + outcome.kept()
                + " kept from before; " + progress.tally() + "; results in " + out);
        stdout.println("disk used by checkouts and environments: at most " + (outcome.diskBytes() / (1024 * 1024))
                + " MiB" + (keepEnvs ? " (kept)" : " (removed)"));
        stdout.println("next: repofix eval report --results " + out + " --out " + out.resolve("report"));
        stdout.flush();
        if (env.cancellation().isCancelled()) {
            return ExitCodes.ERROR;
        }
        return outcome.ran().stream().anyMatch(r -> r.status() == dev.repofix.eval.ResultStatus.ERROR)
                ? ExitCodes.ERROR : ExitCodes.OK;
    }

    /** One case: the engine the model and setting ask for, the pipeline over the case's checkout. */
    private RunResult runCase(EvalRunner.CaseRun run, ResolvedConfig c, String modelName, Optional<ChatClient> chat,
            Executor executor, Path workDir) {
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
                        : c.get(ConfigKey.CONTEXT);
                yield chat.map(client -> StagesFactory.engine(c, client, inputs, budget))
                        .orElseGet(() -> StagesFactory.engine(c, env.host(), inputs, budget));
            }
        };
        Map<String, String> variables = new LinkedHashMap<>(env.host().variables());
        variables.putAll(run.checkout().environment());
        RunConfig config = new RunConfig(root.toString(), Optional.of(run.checkout().commit()), kase.testCommand(),
                workDir.resolve("out").resolve(kase.id()), c.integer(ConfigKey.MAX_CANDIDATES, 1, 10_000),
                Durations.parse(c.get(ConfigKey.TIMEOUT)), Durations.parse(c.get(ConfigKey.TEST_TIMEOUT)),
                new HostEnvironment(variables), c.integer(ConfigKey.RERUNS, 0, 20), 1);
        ProgressListener quiet = event -> { };
        return FixCommand.pipeline(env, workDir.resolve("copies"), executor, engine, quiet).run(config);
    }

    private ResolvedConfig resolve(String modelName) {
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        boolean fromCase = modelName.equals(GoldStages.MODEL) || modelName.equals(EmptyStages.MODEL);
        flags.put(ConfigKey.MODEL, fromCase ? "builtin" : model);
        put(flags, ConfigKey.BASE_URL, baseUrl);
        put(flags, ConfigKey.API_KEY_ENV, apiKeyEnv);
        put(flags, ConfigKey.TIMEOUT, timeout == null ? "30m" : timeout);
        put(flags, ConfigKey.TEST_TIMEOUT, testTimeout);
        put(flags, ConfigKey.MAX_CANDIDATES, maxCandidates);
        sandbox.putFlags(flags);
        return ConfigResolver.resolve(flags, env.host(), Optional.ofNullable(configFile).map(SettingsFile::operator));
    }

    private static void put(Map<ConfigKey, String> flags, ConfigKey key, String value) {
        if (value != null) {
            flags.put(key, value);
        }
    }

    /**
     * {@code 2k,4k,8192} as token counts; empty when no --context was given. Each budget is one
     * the context stage takes (2k is 2048 tokens), so that every case of a sweep can run with it.
     */
    private List<Integer> contexts() {
        if (context == null || context.isBlank()) {
            return List.of();
        }
        List<Integer> out = new ArrayList<>();
        for (String part : context.split(",")) {
            out.add(ContextBudget.parse(part).tokens());
        }
        return List.copyOf(out);
    }

    /** One line per case as it ends, with a running tally. */
    static final class EvalProgress implements EvalRunner.Progress {
        private final PrintWriter err;
        private final Map<String, Integer> tally = new LinkedHashMap<>();

        EvalProgress(PrintWriter err) {
            this.err = err;
        }

        @Override
        public synchronized void finished(CaseResult r, int done, int total) {
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
            r.error().filter(e -> r.status() != dev.repofix.eval.ResultStatus.SCORED)
                    .ifPresent(e -> err.println("    " + e.lines().findFirst().orElse("")));
            err.flush();
        }

        synchronized String tally() {
            return tally.isEmpty() ? "nothing run" : tally.entrySet().stream().map(e -> e.getValue() + " " + e.getKey())
                    .reduce((a, b) -> a + ", " + b).orElse("");
        }
    }
}
