package dev.repofix.app;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.config.ConfigException;
import dev.repofix.config.RunConfig;
import dev.repofix.exec.Executor;
import dev.repofix.pipeline.GeneratedMavenProject;
import dev.repofix.pipeline.GeneratedPytestProject;
import dev.repofix.pipeline.ProgressEvent;
import dev.repofix.pipeline.ProgressListener;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.StageRecord;
import dev.repofix.pipeline.StageStatus;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.SuiteRunner;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import dev.repofix.workspace.Workspace;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code repofix bench fix}: the whole {@code fix} of a generated project with a known bug,
 * run as a user runs it (the composition root's pipeline, the builtin engine, the settings'
 * reruns and sandbox), and T_suite, one bare run of the suite in the same process. Each step's
 * time is what the run record holds (its stages, each candidate's phases) or, for the time to
 * the VALID verdict, when the pipeline's progress event for that verdict arrived.
 */
public final class FixBench {
    /** The generated project's build and test framework. */
    public enum Kind {
        MAVEN_JUNIT5, MAVEN_JUNIT4, PYTEST;

        /** {@code maven-junit5}, {@code maven-junit4} or {@code pytest}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Kind of(String label) {
            for (Kind k : values()) {
                if (k.label().equals(label.toLowerCase(Locale.ROOT))) {
                    return k;
                }
            }
            throw new ConfigException("unknown --kind '" + label + "'; the ones there are: maven-junit5, maven-junit4, "
                    + "pytest");
        }
    }

    /** One unrelated test class (or module) of the generated suite takes this long: three tests sleeping. */
    static final Duration PER_CLASS = Duration.ofMillis(300);

    /**
     * One row of the table.
     *
     * @param step    what it is
     * @param time    its seconds; empty when the run did not get to it
     * @param detail  one line: what ran, how many
     */
    public record Step(String step, Optional<Duration> time, String detail) {
        public Step {
            Objects.requireNonNull(step, "step");
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /**
     * What one bench run measured.
     *
     * @param suite        T_suite: the bare run's own time, as the pipeline times its baseline
     * @param suiteCommand the command of that run
     * @param suiteTests   the tests it ran
     * @param run          the fix's run record
     * @param steps        the table's rows, in order
     */
    public record Figures(Kind kind, Path project, Duration suite, String suiteCommand, int suiteTests, RunResult run,
            List<Step> steps) {
        public Figures {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(project, "project");
            Objects.requireNonNull(suite, "suite");
            Objects.requireNonNull(suiteCommand, "suiteCommand");
            Objects.requireNonNull(run, "run");
            steps = List.copyOf(steps);
        }

        /** {@code d} as a multiple of T_suite; zero when T_suite is. */
        public double ratio(Duration d) {
            return suite.isZero() ? 0 : (double) d.toNanos() / suite.toNanos();
        }
    }

    private final CompositionRoot root;
    private final Executor executor;
    private final RepairPipeline.Engine engine;

    /** Runs tests through {@code executor}, which the caller closes. */
    public FixBench(CompositionRoot root, Executor executor) {
        this(root, executor, root.engine(executor));
    }

    /** The same with the stages of {@code engine} (the builtin engine with the whole suite under coverage). */
    public FixBench(CompositionRoot root, Executor executor, RepairPipeline.Engine engine) {
        this.root = Objects.requireNonNull(root, "root");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.engine = Objects.requireNonNull(engine, "engine");
    }

    /**
     * Writes and commits a project of {@code kind} in {@code dir} whose unrelated tests sleep
     * about {@code suite} in all (at least one class), beside the one failing test.
     */
    public static Path generate(Kind kind, Path dir, Duration suite) {
        return generate(kind, dir, suite, GeneratedMavenProject.Bug.ONE_FIX);
    }

    /**
     * The same with {@code bug} as the project's bug; {@link GeneratedMavenProject.Bug#TWO_FIXES}
     * (a fix with alternatives the tests cannot tell apart) for the Maven kinds only.
     */
    public static Path generate(Kind kind, Path dir, Duration suite, GeneratedMavenProject.Bug bug) {
        int classes = (int) Math.max(1, Math.ceilDiv(suite.toMillis(), PER_CLASS.toMillis()));
        return switch (kind) {
            case MAVEN_JUNIT5 -> GeneratedMavenProject.write(dir, classes, PER_CLASS,
                    GeneratedMavenProject.Framework.JUNIT5, bug);
            case MAVEN_JUNIT4 -> GeneratedMavenProject.write(dir, classes, PER_CLASS,
                    GeneratedMavenProject.Framework.JUNIT4, bug);
            case PYTEST -> {
                if (bug != GeneratedMavenProject.Bug.ONE_FIX) {
                    throw new ConfigException("--two-fixes and --reached are there for the Maven kinds only, not for "
                            + "pytest");
                }
                yield GeneratedPytestProject.write(dir, classes, PER_CLASS);
            }
        };
    }

    /**
     * The fix of {@code project} as {@code repofix fix --repo project} runs it, then T_suite:
     * after the fix, so both find the caches (the local repository, the prepared environment,
     * the page cache) as warm, and the bare run is never the cold one.
     */
    public Figures measure(Kind kind, Path project, Path reports) {
        Clock clock = root.environment().clock();
        RunConfig config = root.settings().run().runConfig(project.toString(), Optional.empty(), reports,
                root.environment().host());
        AtomicReference<Instant> valid = new AtomicReference<>();
        ProgressListener firstValid = e -> {
            if (e instanceof ProgressEvent.CandidateValidated v && v.validation().verdict() == Verdict.VALID) {
                valid.compareAndSet(null, clock.instant());
            }
        };
        RunResult run = root.pipeline(executor, engine, firstValid).run(config);
        Optional<Duration> toValid = Optional.ofNullable(valid.get()).map(at -> Duration.between(run.startedAt(), at));
        Bare bare = bareRun(config);
        return new Figures(kind, project, bare.time, bare.command, bare.tests, run, steps(run, toValid));
    }

    private record Bare(Duration time, String command, int tests) {}

    /** One bare run of the whole suite in a copy of its own, in the environment the fix's set-up prepared. */
    private Bare bareRun(RunConfig config) {
        try (Workspace ws = root.workspaces(root.workDir()).open(config.repo(), config.ref())) {
            BuildSystem build = new BuildDetector().detect(ws.root(), config.testCommand());
            String override = config.testCommand().orElse(null);
            TestCommand command = build.testCommand(ws.root(), override);
            TestRunner runner = root.testRunner(executor).withEnvironment(
                    root.environmentPreparer(executor).prepare(ws.root(), build, ws.gitFolder()));
            SuiteRunner suite = new SuiteRunner(build, command, override, runner, ws.files());
            Path copy = ws.newCopy("suite");
            try {
                return switch (suite.all(copy, config.testTimeout())) {
                    case TestOutcome.Completed c -> new Bare(c.exec().elapsed(), command.shell(),
                            c.run().executedCount());
                    case TestOutcome.BuildFailed b -> throw new IllegalStateException("the bare run's build failed: "
                            + command.shell());
                    case TestOutcome.NoTests n -> throw new IllegalStateException("the bare run ran no test: "
                            + command.shell());
                    case TestOutcome.TimedOut t -> throw new IllegalStateException("the bare run timed out after "
                            + config.testTimeout() + ": " + command.shell());
                };
            } finally {
                ws.discard(copy);
            }
        }
    }

    /**
     * The table's rows from the run record: its stages' times, each candidate's phases, and
     * {@code toValid}, from the run's start to the progress event of the first VALID verdict.
     */
    static List<Step> steps(RunResult run, Optional<Duration> toValid) {
        List<Step> steps = new ArrayList<>();
        steps.add(new Step("baseline", stage(run, "baseline"), stageSummary(run, "baseline")));
        steps.add(new Step("flaky check (reruns of the failing tests)", stage(run, "flaky-check"),
                stageSummary(run, "flaky-check")));
        String coverage = run.notes().stream().filter(n -> n.startsWith("localization")).findFirst()
                .orElse(stageSummary(run, "localize"));
        steps.add(new Step("coverage run (the localize stage)", stage(run, "localize"), coverage));
        List<Duration> screens = run.validations().stream().flatMap(v -> v.phases().screen().stream()).sorted()
                .toList();
        steps.add(new Step("screening, per candidate (median)", screens.isEmpty() ? Optional.empty()
                : Optional.of(screens.get(screens.size() / 2)), screens.isEmpty() ? "no candidate screened"
                : screens.size() + " screened, " + seconds(screens.get(0)) + "-" + seconds(screens.get(screens.size() - 1))
                        + " s, " + seconds(screens.stream().reduce(Duration.ZERO, Duration::plus)) + " s in all"));
        steps.add(new Step("first VALID candidate's full run", run.fixValidation().flatMap(FixBench::fullRuns),
                run.fixId().map(id -> id).orElse("no VALID candidate")));
        List<Validation> after = afterTheFix(run);
        List<Duration> alternatives = after.stream().flatMap(v -> fullRuns(v).stream()).toList();
        steps.add(new Step("alternatives' full runs (same line, after the fix)", alternatives.isEmpty()
                ? Optional.empty() : Optional.of(alternatives.stream().reduce(Duration.ZERO, Duration::plus)),
                after.size() + " validated after the fix, " + alternatives.size() + " full run(s), "
                        + run.alternatives().size() + " other VALID"));
        Duration other = Duration.ZERO;
        List<String> each = new ArrayList<>();
        for (String s : List.of("checkout", "setup", "issue", "patch")) {
            Optional<Duration> d = stage(run, s);
            other = other.plus(d.orElse(Duration.ZERO));
            d.ifPresent(t -> each.add(s + " " + seconds(t)));
        }
        steps.add(new Step("other stages (checkout, setup, issue, patch)", Optional.of(other), String.join(", ", each)));
        steps.add(new Step("time to the VALID verdict", toValid, run.status().name()));
        steps.add(new Step("total wall (the run record's)", Optional.of(run.total()), ""));
        return steps;
    }

    /** The candidates validated after the fix: the search for alternatives at its line. */
    private static List<Validation> afterTheFix(RunResult run) {
        List<Validation> all = run.validations();
        int fix = run.fixId().map(id -> indexOf(all, id)).orElse(all.size());
        return all.subList(Math.min(all.size(), fix + 1), all.size());
    }

    private static int indexOf(List<Validation> all, String id) {
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).candidateId().equals(id)) {
                return i;
            }
        }
        return all.size();
    }

    /** The whole suite's runs of one candidate: with the original tests, and with its own test edits. */
    private static Optional<Duration> fullRuns(Validation v) {
        if (v.phases().fullRun().isEmpty() && v.phases().modifiedTests().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(v.phases().fullRun().orElse(Duration.ZERO)
                .plus(v.phases().modifiedTests().orElse(Duration.ZERO)));
    }

    private static Optional<Duration> stage(RunResult run, String name) {
        return run.stages().stream().filter(s -> s.stage().equals(name) && s.status() != StageStatus.SKIPPED)
                .findFirst().map(StageRecord::elapsed);
    }

    private static String stageSummary(RunResult run, String name) {
        return run.stages().stream().filter(s -> s.stage().equals(name)).findFirst().map(StageRecord::summary)
                .orElse("");
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.2f", d.toNanos() / 1e9);
    }
}
