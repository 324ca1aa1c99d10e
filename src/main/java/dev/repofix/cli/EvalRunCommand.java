package dev.repofix.cli;

import dev.repofix.app.ActionRun;
import dev.repofix.app.EvalSession;
import dev.repofix.app.Environment;
import dev.repofix.config.ConfigException;
import dev.repofix.context.ContextBudget;
import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.gold.EmptyStages;
import dev.repofix.eval.gold.GoldStages;
import dev.repofix.eval.gold.SanityCheck;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.eval.result.ResultStore;
import dev.repofix.eval.run.EvalRunner;
import dev.repofix.eval.run.Setting;
import dev.repofix.eval.score.IssueJudge;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        description = {"Runs the cases of a case file with one model.",
                "Each case goes through repofix's pipeline (docs/eval.md) and its result is written to "
                        + "OUT/cases/ as soon as it ends. Run it again on the same OUT to resume: finished cases "
                        + "are kept, ERROR ones are run again. Then: repofix eval report --results OUT.",
                "Exit 0 when every case ran (whatever it scored), 3 when any ended in ERROR (fetch, set-up, "
                        + "environment: not the model), 2 on bad input."})
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
            + "(docs/eval.md, Settings), comma-separated or repeated; 'all' for every one. gold and empty answer the "
            + "same under each, recorded under it. Default: the chained pipeline, each stage from the one before.")
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

    @Option(names = "--sanity", paramLabel = "FILE", description = "The sanity.json of 'eval check --run': its "
            + "broken and flaky cases are recorded as such, not run, and left out of the scores.")
    Path sanity;

    @Mixin
    EvalOptions options = new EvalOptions();

    @Mixin
    HistoryCommand.Recording history = new HistoryCommand.Recording();

    private final Environment env;

    EvalRunCommand(Environment env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        List<EvalCase> all = new CaseFile().read(cases);
        List<Setting> chosen = settings.isEmpty() ? List.of() : Setting.parse(settings);
        EvalRunner.Plan plan = new EvalRunner.Plan(all, chosen, contexts(), samples, EvalRunner.Shard.parse(shard),
                jobs);
        PrintWriter err = spec.commandLine().getErr();
        try (EvalSession session = options.session(env, model, err)) {
            // gold and empty answer the same under every setting and are run under the settings a
            // benchmark script gives every model, recorded so; builtin has no setting to give.
            if (!chosen.isEmpty() && !session.answersFromPrompts() && !answersFromCase(session.model())) {
                throw new ConfigException("--setting chooses what a model's prompts show; " + session.model()
                        + " answers the same under every setting: leave --setting out");
            }
            Optional<IssueJudge> judge = Optional.ofNullable(judgeModel).map(session::judge);
            Map<String, SanityCheck.Verdict> excluded = sanity == null ? Map.of() : SanityCheck.read(sanity);
            EvalProgress progress = new EvalProgress(err, env.interactive());
            EvalRunner runner = session.runner(new ResultStore(out), judge, progress, excluded);
            java.time.Instant began = env.clock().instant();
            EvalRunner.Outcome outcome = runner.run(plan, session.manifest(cases, plan.shard(),
                    chosen.stream().map(Setting::id).toList()));
            if (history.wanted()) {
                ResultStore results = new ResultStore(out);
                HistoryCommand.record(history.history, HistoryCommand.workingDirectory(), () -> HistoryImportCommand
                        .evalRun(results.manifest().orElseThrow(), results.results(), env.host().get("GITHUB_EVENT_NAME")
                                .map(ActionRun::trigger).orElse("local"), java.time.Duration.between(began,
                                env.clock().instant()), out).stored(), err);
            }
            return finish(outcome, progress, spec.commandLine().getOut());
        }
    }

    private int finish(EvalRunner.Outcome outcome, EvalProgress progress, PrintWriter stdout) {
        stdout.println("repofix eval: " + outcome.ran().size() + " case run(s) this time, " + outcome.kept()
                + " kept from before; " + progress.tally() + "; results in " + out);
        stdout.println("disk used by checkouts: at most " + dev.repofix.config.ByteSizes.format(outcome.diskBytes())
                + " (removed); environments are kept in the cache folder (repofix env list)");
        stdout.println("next: repofix eval report --results " + out + " --out " + out.resolve("report"));
        stdout.flush();
        if (env.cancellation().isCancelled()) {
            return ExitCodes.ERROR;
        }
        long errors = outcome.ran().stream().filter(r -> r.status() == ResultStatus.ERROR).count();
        if (errors > 0) {
            // Not a model's miss: the exit code says so, and where each case's reason is.
            spec.commandLine().getErr().println("repofix eval: " + errors + " case run(s) ended in ERROR (the "
                    + "infrastructure, not the model: fetch, set-up, environment); each reason is the 'error' of its "
                    + "result in " + out.resolve("cases") + "; fix it and run the same command again to rerun them");
            spec.commandLine().getErr().flush();
            return ExitCodes.ERROR;
        }
        return ExitCodes.OK;
    }

    /** gold and empty: the reference answerers, which read the case, not a prompt. */
    static boolean answersFromCase(String model) {
        return model.equals(GoldStages.MODEL) || model.equals(EmptyStages.MODEL);
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
}
