package dev.repofix.eval.run;

import dev.repofix.config.ConfigException;
import dev.repofix.config.RepofixException;
import dev.repofix.eval.cases.CaseReference;
import dev.repofix.eval.cases.CaseReferences;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.gold.SanityCheck;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.CaseTimes;
import dev.repofix.eval.result.IssueScore;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.eval.result.ResultStore;
import dev.repofix.eval.result.RunManifest;
import dev.repofix.eval.score.IssueJudge;
import dev.repofix.eval.score.IssueJudgement;
import dev.repofix.exec.Cancellation;
import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a benchmark's cases through the one pipeline: for every case of the shard, every
 * setting, context budget and sample, the case's checkout, its run, its scores, and its
 * result written at once (atomically). A result already finished is kept, an ERROR one
 * is run again: a killed run resumes and redoes nothing finished. What the
 * infrastructure fails at is an ERROR, never a model's miss; a case that cannot be
 * scored (its tests do not fail at the base, its build is broken) is BROKEN, apart from
 * the scores.
 */
public final class EvalRunner {
    private static final Logger LOG = LoggerFactory.getLogger(EvalRunner.class);

    /**
     * One run of one case.
     *
     * @param kase          the case
     * @param setting       the input setting; empty for the chained pipeline (each stage from the last)
     * @param sample        the sample number when a case runs several times
     * @param contextTokens the context budget of this run when a sweep gives one
     * @param checkout      the case's repository (and where its environment is set up)
     */
    public record CaseRun(EvalCase kase, Optional<Setting> setting, OptionalInt sample, OptionalInt contextTokens,
            CaseCheckouts.Checkout checkout) {
        public CaseRun {
            Objects.requireNonNull(kase, "kase");
            Objects.requireNonNull(setting, "setting");
            Objects.requireNonNull(sample, "sample");
            Objects.requireNonNull(contextTokens, "contextTokens");
            Objects.requireNonNull(checkout, "checkout");
        }
    }

    /** Runs one case's pipeline on its checkout; wired where the sandbox and the model are known. */
    public interface CasePipeline {
        RunResult run(CaseRun run);

        /**
         * The set-up log of the environment {@code run} ran in, kept with the results (a path
         * relative to their folder); asked once, after {@link #run}. Empty when none was kept.
         */
        default Optional<String> setupLog(CaseRun run) {
            return Optional.empty();
        }
    }

    /** Told of every result as it is written, from the thread that ran it. */
    public interface Progress {
        void finished(CaseResult result, int done, int total);
    }

    /**
     * What to run.
     *
     * @param cases    the cases, in file order
     * @param settings the settings; empty for the chained pipeline
     * @param contexts context budgets in tokens; empty for the configured one
     * @param samples  runs per case and setting, at least 1
     * @param shard    which part of the cases this run takes
     * @param jobs     cases run at once, at least 1
     */
    public record Plan(List<EvalCase> cases, List<Setting> settings, List<Integer> contexts, int samples, Shard shard,
            int jobs) {
        public Plan {
            cases = List.copyOf(cases);
            settings = List.copyOf(settings);
            contexts = List.copyOf(contexts);
            Objects.requireNonNull(shard, "shard");
            if (samples < 1 || jobs < 1) {
                throw new IllegalArgumentException("samples and jobs must be at least 1");
            }
        }
    }

    /** Shard {@code index} of {@code count}: the cases at positions p (0-based) with p mod count = index - 1. */
    public record Shard(int index, int count) {
        public Shard {
            if (count < 1 || index < 1 || index > count) {
                throw new ConfigException("a shard is i/n with 1 <= i <= n, not " + index + "/" + count);
            }
        }

        public static Shard all() {
            return new Shard(1, 1);
        }

        /** {@code "2/4"}. */
        public static Shard parse(String text) {
            String[] parts = text.strip().split("/", -1);
            try {
                if (parts.length == 2) {
                    return new Shard(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
                }
            } catch (NumberFormatException e) {
                // refused below
            }
            throw new ConfigException("--shard takes i/n, e.g. 2/4 (the second of four shards), not '" + text + "'");
        }

        public <T> List<T> of(List<T> all) {
            List<T> out = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                if (i % count == index - 1) {
                    out.add(all.get(i));
                }
            }
            return out;
        }

        @Override
        public String toString() {
            return index + "/" + count;
        }
    }

    /**
     * What a run did.
     *
     * @param ran       results produced by this run, in the order they ended
     * @param kept      results already finished before it, left as they were
     * @param diskBytes the most the checkouts took on disk, measured after each case
     */
    public record Outcome(List<CaseResult> ran, int kept, long diskBytes) {
        public Outcome {
            ran = List.copyOf(ran);
        }
    }

    private final CaseCheckouts checkouts;
    private final CasePipeline pipeline;
    private final ResultStore store;
    private final Optional<IssueJudge> judge;
    private final String model;
    private final Clock clock;
    private final Cancellation cancellation;
    private final Progress progress;
    private final Map<String, SanityCheck.Verdict> excluded;
    private final java.util.concurrent.atomic.AtomicLong peakDisk = new java.util.concurrent.atomic.AtomicLong();

    /**
     * @param model    what answers the stages, as results name it
     * @param judge    scores drafted issues when given
     * @param excluded cases a sanity check found broken or flaky, by id: recorded so, not run
     */
    public EvalRunner(CaseCheckouts checkouts, CasePipeline pipeline, ResultStore store, Optional<IssueJudge> judge,
            String model, Clock clock, Cancellation cancellation, Progress progress,
            Map<String, SanityCheck.Verdict> excluded) {
        this.checkouts = Objects.requireNonNull(checkouts, "checkouts");
        this.pipeline = Objects.requireNonNull(pipeline, "pipeline");
        this.store = Objects.requireNonNull(store, "store");
        this.judge = Objects.requireNonNull(judge, "judge");
        this.model = Objects.requireNonNull(model, "model");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
        this.progress = Objects.requireNonNull(progress, "progress");
        this.excluded = Map.copyOf(excluded);
    }

    /** One result to produce. */
    record Unit(EvalCase kase, Optional<Setting> setting, OptionalInt context, OptionalInt sample) {
        Optional<String> settingKey() {
            return EvalRunner.settingKey(setting, context);
        }

        String key() {
            return CaseResult.key(kase.id(), settingKey(), sample);
        }
    }

    /**
     * A setting and a context budget as results name them: letters, digits, '-' and '_'
     * only, e.g. {@code patch-message_loc} or {@code patch-oracle-ctx16000}. The scores read
     * it back ({@code Aggregates.sweptSetting}): change both together.
     */
    static Optional<String> settingKey(Optional<Setting> setting, OptionalInt context) {
        String name = setting.map(s -> s.id().replace(':', '-').replace('.', '_')).orElse("");
        if (context.isPresent()) {
            name = (name.isEmpty() ? "" : name + "-") + "ctx" + context.getAsInt();
        }
        return name.isEmpty() ? Optional.empty() : Optional.of(name);
    }

    /** Every result the plan asks for, in case order. */
    static List<Unit> units(Plan plan) {
        List<Unit> out = new ArrayList<>();
        List<Optional<Setting>> settings = plan.settings().isEmpty() ? List.of(Optional.empty())
                : plan.settings().stream().map(Optional::of).toList();
        List<OptionalInt> contexts = plan.contexts().isEmpty() ? List.of(OptionalInt.empty())
                : plan.contexts().stream().map(OptionalInt::of).toList();
        for (EvalCase kase : plan.shard().of(plan.cases())) {
            for (Optional<Setting> setting : settings) {
                for (OptionalInt context : contexts) {
                    for (int s = 1; s <= plan.samples(); s++) {
                        out.add(new Unit(kase, setting, context, plan.samples() == 1 ? OptionalInt.empty()
                                : OptionalInt.of(s)));
                    }
                }
            }
        }
        return out;
    }

    /** Runs what the store does not hold finished yet; the manifest is written first. */
    public Outcome run(Plan plan, RunManifest manifest) {
        store.writeManifest(manifest);
        List<Unit> todo = new ArrayList<>();
        int kept = 0;
        for (Unit u : units(plan)) {
            if (store.resumable(u.key()) == ResultStore.Resume.KEEP) {
                kept++;
            } else {
                todo.add(u);
            }
        }
        List<CaseResult> ran = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger done = new AtomicInteger(kept);
        int total = kept + todo.size();
        ExecutorService pool = Executors.newFixedThreadPool(plan.jobs());
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Unit u : todo) {
                futures.add(pool.submit(() -> {
                    if (cancellation.isCancelled()) {
                        return;
                    }
                    Optional<CaseResult> r = runOne(u);
                    r.ifPresent(result -> {
                        store.write(result);
                        ran.add(result);
                        progress.finished(result, done.incrementAndGet(), total);
                    });
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IllegalStateException("a case's run failed outside its record: " + e.getCause(),
                            e.getCause());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancellation.cancel("interrupted");
        } finally {
            pool.shutdownNow();
        }
        return new Outcome(ran, kept, peakDisk.get());
    }

    /** The result of one unit; empty when the run was cancelled (a resumed run does it again). */
    private Optional<CaseResult> runOne(Unit u) {
        Instant start = clock.instant();
        CaseReference reference = CaseReferences.reference(u.kase());
        SanityCheck.Verdict known = excluded.get(u.kase().id());
        if (known != null) {
            ResultStatus status = known.status() == SanityCheck.Status.FLAKY ? ResultStatus.FLAKY : ResultStatus.BROKEN;
            return Optional.of(failed(u, reference, status, "left out by the sanity check: " + known.reason(), start));
        }
        CaseCheckouts.Checkout checkout;
        try {
            checkout = checkouts.prepare(spec(u.kase()));
        } catch (RepofixException e) {
            ResultStatus status = e.kind() == RepofixException.ErrorKind.INPUT ? ResultStatus.BROKEN : ResultStatus.ERROR;
            return Optional.of(failed(u, reference, status, e.getMessage(), start));
        }
        try {
            CaseRun caseRun = new CaseRun(u.kase(), u.setting(), u.sample(), u.context(), checkout);
            RunResult record = pipeline.run(caseRun);
            if (record.status() == RunStatus.CANCELLED || cancellation.isCancelled()) {
                return Optional.empty();
            }
            return Optional.of(scored(u, reference, record, start).withSetupLog(pipeline.setupLog(caseRun)));
        } catch (RuntimeException e) {
            LOG.warn("case {} failed outside its run record", u.key(), e);
            return Optional.of(failed(u, reference, ResultStatus.ERROR, "the case's run failed: " + e, start));
        } finally {
            // Measured before the case's clone goes: the most a run needs at once.
            peakDisk.accumulateAndGet(checkouts.diskBytes(), Math::max);
            checkouts.release(checkout);
        }
    }

    private static CaseCheckouts.Spec spec(EvalCase c) {
        return new CaseCheckouts.Spec(c.id(), c.repo(), c.baseCommit(), c.patch().test(), c.environmentSetupCommit());
    }

    private CaseResult failed(Unit u, CaseReference reference, ResultStatus status, String why, Instant start) {
        return new CaseResult(u.kase().id(), u.settingKey(), u.sample(), model, status, u.context(), reference,
                Optional.empty(), Optional.empty(), Optional.of(why),
                CaseTimes.wall(Duration.between(start, clock.instant())));
    }

    private CaseResult scored(Unit u, CaseReference reference, RunResult record, Instant start) {
        Optional<Unscorable> unscorable = Unscorable.of(u.kase(), record);
        ResultStatus status = unscorable.map(Unscorable::status)
                .orElse(infrastructure(record) ? ResultStatus.ERROR
                        : record.status() == RunStatus.FLAKY_ONLY ? ResultStatus.FLAKY
                        : ResultStatus.SCORED);
        Optional<String> error = unscorable.map(Unscorable::reason).or(() -> status == ResultStatus.SCORED
                ? Optional.empty()
                : record.error().map(RunError::message).or(() -> Optional.of(record.status().name())));
        Optional<IssueScore> issueScore = status == ResultStatus.SCORED ? judged(u, record) : Optional.empty();
        return new CaseResult(u.kase().id(), u.settingKey(), u.sample(), model, status, u.context(), reference,
                Optional.of(record), issueScore, error, CaseTimes.of(record, Duration.between(start, clock.instant())));
    }

    /** The environment, repofix or the model's service failed: not the case's, not the model's doing. */
    private static boolean infrastructure(RunResult record) {
        return record.error().map(e -> switch (e.kind()) {
            case ENVIRONMENT, INTERNAL, SERVICE, CANCELLED -> true;
            case INPUT, MODEL, ENGINE -> false;
        }).orElse(false);
    }

    /** The judge's marks for the drafted issue, when a judge is set and this run drafted one. */
    private Optional<IssueScore> judged(Unit u, RunResult record) {
        if (judge.isEmpty() || u.setting().filter(s -> s.scored() != dev.repofix.stage.StageInputs.Step.ISSUE).isPresent()) {
            return Optional.empty();
        }
        return record.issue().filter(i -> !i.title().isBlank()).flatMap(issue -> {
            String messages = record.failing().stream().map(t -> t.id() + ": " + t.message())
                    .collect(Collectors.joining("\n"));
            try {
                IssueJudgement j = judge.get().judge(u.kase().id(), issue, u.kase().patch().source(), messages);
                return switch (j) {
                    case IssueJudgement.Scored s -> Optional.of(new IssueScore(s.scores().reproducibility(),
                            s.scores().relevance(), s.scores().explanation(), s.scores().overall(), s.score(),
                            s.usage().judgeModel(), s.usage().promptVersion()));
                    case IssueJudgement.Unscored n -> {
                        LOG.warn("the judge gave no usable scores for {}: {}", u.key(), n.reason());
                        yield Optional.empty();
                    }
                };
            } catch (RepofixException e) {
                LOG.warn("the judge could not be asked for {}: {}", u.key(), e.getMessage());
                return Optional.empty();
            }
        });
    }
}
