package dev.repofix.pipeline;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.build.TestFiles;
import dev.repofix.config.Durations;
import dev.repofix.config.RepofixException;
import dev.repofix.config.RunConfig;
import dev.repofix.env.EnvironmentPreparer;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.exec.Cancellation;
import dev.repofix.exec.ExecResult;
import dev.repofix.model.ModelException;
import dev.repofix.model.Pricing;
import dev.repofix.patch.PatchApplier;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.stage.AnswerOutcome;
import dev.repofix.stage.StageAttempts;
import dev.repofix.stage.Stages;
import dev.repofix.testrun.BuildLog;
import dev.repofix.testrun.EnvironmentFailure;
import dev.repofix.testrun.EnvironmentFailures;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.ReportBudget;
import dev.repofix.testrun.RunBudget;
import dev.repofix.testrun.TestInstrumentation;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestReach;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.Baseline;
import dev.repofix.validate.DeadBranches;
import dev.repofix.validate.FlakyCheck;
import dev.repofix.validate.PatchValidator;
import dev.repofix.validate.RunLimits;
import dev.repofix.validate.Screening;
import dev.repofix.validate.Screenings;
import dev.repofix.validate.SuiteRunner;
import dev.repofix.validate.Validation;
import dev.repofix.workspace.FileRead;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run: checkout, baseline tests (failing ones rerun to set flaky ones apart), then
 * either the three stages and validation of their candidates until one is VALID, or
 * the validation of one given patch. Wires the parts and assembles what each returns
 * into the run record; decides nothing a part can decide itself. Every run ends with a
 * record, whatever fails: an error or an interrupt keeps what was reached before it.
 */
public final class RepairPipeline {
    private static final Logger LOG = LoggerFactory.getLogger(RepairPipeline.class);
    private static final int LOG_LINES = 40;
    /** The line a JVM prints when {@code JAVA_TOOL_OPTIONS} is set, as the instrumented baseline sets it. */
    private static final Pattern TOOL_BANNER = Pattern.compile("(?m)^Picked up JAVA_TOOL_OPTIONS: .*\\R?");
    /** A larger source file is not read for {@link DeadBranches}. */
    private static final long MAX_SOURCE_BYTES = 2_000_000;
    private static final Set<String> MODEL_STAGES = Set.of(RunAssembly.ISSUE, RunAssembly.LOCALIZE, RunAssembly.PATCH);

    /**
     * What answers the stages, as the record names it.
     *
     * @param stages the stages
     * @param model  builtin, openai:&lt;model&gt;, ...
     * @param price  the model's list price, to put a cost on its tokens; empty when unknown
     */
    public record Engine(Stages stages, String model, Optional<Pricing.Price> price) {
        public Engine {
            Objects.requireNonNull(stages, "stages");
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(price, "price");
        }

        /** Whether the builtin engine answers the stages: no model, no endpoint to check. */
        boolean builtin() {
            return model.equals("builtin");
        }
    }

    private final Workspaces workspaces;
    private final BuildDetector detector;
    /** Runs no command itself: each run's set-up gives the runner its tests use ({@link Prepared}). */
    private final TestRunner unprepared;
    private final Engine engine;
    private final Clock clock;
    private final ProgressListener progress;
    private final Cancellation cancellation;
    private final Supplier<String> runIds;
    private final BudgetedCall budgeted;
    /** How a run record's note names the fail-to-pass tests its baseline did not run; the benchmark reads it. */
    public static final String NOT_RUN = "fail_to_pass tests not run at the base: ";
    private final Screenings screenings;
    private final EnvironmentPreparer preparer;

    /**
     * @param cancellation set when the person or CI asks the run to stop
     * @param runIds       gives each run its id
     */
    public RepairPipeline(Workspaces workspaces, BuildDetector detector, TestRunner runner, Engine engine, Clock clock,
            ProgressListener progress, Cancellation cancellation, Supplier<String> runIds) {
        this(workspaces, detector, runner, engine, clock, progress, cancellation, runIds, Screenings.none());
    }

    /**
     * @param screenings opens a run's screening of candidates (a warm test JVM) once its
     *                   baseline has run
     */
    public RepairPipeline(Workspaces workspaces, BuildDetector detector, TestRunner runner, Engine engine, Clock clock,
            ProgressListener progress, Cancellation cancellation, Supplier<String> runIds, Screenings screenings) {
        this(workspaces, detector, runner, engine, clock, progress, cancellation, runIds, screenings,
                EnvironmentPreparer.NONE);
    }

    /**
     * @param preparer prepares, once per run after the checkout and before the baseline, the
     *                 environment every test command of the run gets (baseline, reruns,
     *                 coverage, screening, candidates)
     */
    public RepairPipeline(Workspaces workspaces, BuildDetector detector, TestRunner runner, Engine engine, Clock clock,
            ProgressListener progress, Cancellation cancellation, Supplier<String> runIds, Screenings screenings,
            EnvironmentPreparer preparer) {
        this.preparer = Objects.requireNonNull(preparer, "preparer");
        this.screenings = Objects.requireNonNull(screenings, "screenings");
        this.workspaces = Objects.requireNonNull(workspaces, "workspaces");
        this.detector = Objects.requireNonNull(detector, "detector");
        this.unprepared = Objects.requireNonNull(runner, "runner");
        this.engine = Objects.requireNonNull(engine, "engine");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.progress = Objects.requireNonNull(progress, "progress");
        this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
        this.runIds = Objects.requireNonNull(runIds, "runIds");
        this.budgeted = new BudgetedCall(cancellation);
    }

    /** Runs the whole pipeline; never throws for what happens during the run: the record says it. */
    public RunResult run(RunConfig config) {
        return execute(config, UnaryOperator.identity(), this::repair);
    }

    /**
     * Runs the whole pipeline for a benchmark case that names its tests, scored as SWE-bench
     * scores: a candidate is VALID when every {@code failToPass} test passes and every
     * {@code passToPass} test still passes. Other tests failing at the base are noted as
     * "failing at base, not part of the case", are not shown to the stages and do not
     * decide the verdict.
     */
    public RunResult run(RunConfig config, List<String> failToPass, List<String> passToPass) {
        return execute(config, b -> b.within(failToPass, passToPass), List.copyOf(failToPass), this::repair);
    }

    /**
     * Validates one given patch (unified diff or edit blocks) the way candidates are:
     * dual testing against the baseline. The result has that patch as its only candidate.
     */
    public RunResult validate(RunConfig config, String patchText) {
        return execute(config, UnaryOperator.identity(), (run, ready) -> {
            run.skipStages("a patch was given", RunAssembly.ISSUE, RunAssembly.LOCALIZE, RunAssembly.PATCH);
            PatchText read = PatchText.read(patchText);
            PatchCandidate given = new PatchCandidate("patch", "given", givenFiles(read), 0, "the given patch", read);
            search(run, ready, List.of(given), Optional.empty());
            return run.finish(run.fixId.isPresent() ? RunStatus.FIXED : RunStatus.NOT_FIXED);
        });
    }

    /** The files a given patch edits, for progress lines; empty when it does not parse (its verdict says why). */
    private static String givenFiles(PatchText patch) {
        return switch (patch) {
            case PatchText.Parsed parsed -> String.join(", ", parsed.patch().paths());
            case PatchText.Unreadable unreadable -> "";
        };
    }

    private interface AfterBaseline {
        RunResult apply(RunAssembly run, Ready ready);
    }

    /** What the stages and the validator need once the baseline is known. */
    record Ready(Workspace ws, BuildSystem build, TestRunner runner, TestCommand command, SuiteRunner suite,
            TestRun run, Baseline baseline, String log, boolean screenFirst, Duration suiteTime,
            Optional<Duration> failingOnly, Path baselineCopy, CompletableFuture<Screenings.Opened> screening) {

        /** The screening, once it has opened; waits for it (its start is bounded by the screening itself). */
        Screenings.Opened opened() {
            return screening.join();
        }
    }

    /** A step failed or the run was cancelled; the step's record holds the error already. */
    private static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient RunError error;

        Stopped(RunError error, Throwable cause) {
            super(error.message(), cause, false, false);
            this.error = error;
        }
    }

    private RunResult execute(RunConfig config, UnaryOperator<Baseline> scope, AfterBaseline next) {
        return execute(config, scope, List.of(), next);
    }

    private RunResult execute(RunConfig config, UnaryOperator<Baseline> scope, List<String> targets,
            AfterBaseline next) {
        RunAssembly run = new RunAssembly(config, runIds.get(), engine.model(), clock.instant(), clock);
        run.scope = scope;
        run.targets = targets;
        try (Workspace ws = step(run, RunAssembly.CHECKOUT,
                () -> budgeted.call(RunAssembly.CHECKOUT,
                        "check the network (or clone it yourself and pass the path)", run.remaining(),
                        () -> workspaces.open(config.repo(), config.ref()), Workspace::close),
                w -> w.files().files().size() + " files from " + w.source())) {
            run.source = ws.source();
            run.commit = ws.commit();
            run.refusals = ws.files().refusals();
            Prepared prepared = setup(run, config, ws);
            Ready ready = baseline(run, config, ws, prepared);
            if (ready == null) {
                return run.finish(run.outcome);
            }
            try {
                return next.apply(run, ready);
            } finally {
                ready.opened().screening().ifPresent(Screening::close);
                ws.discard(ready.baselineCopy);
            }
        } catch (Stopped s) {
            return stopped(run, s.error);
        } catch (RuntimeException e) {
            // Outside any step (closing the workspace): still a record, never a stack trace.
            return stopped(run, classify(e, "checkout"));
        } catch (Error e) {
            return stopped(run, internal(e, "checkout"));
        }
    }

    /** The run's build and the test runner whose every command runs in the environment the set-up prepared. */
    private record Prepared(BuildSystem build, TestRunner runner) {}

    /**
     * The set-up, once, before the baseline: the build is detected and the environment its
     * tests need prepared (with network); every later test command runs in it. A set-up that
     * fails ends the run with its error (input or environment), the record kept.
     */
    private Prepared setup(RunAssembly run, RunConfig config, Workspace ws) {
        return step(run, RunAssembly.SETUP, () -> {
            BuildSystem build = detector.detect(ws.root(), config.testCommand());
            run.build = build.name();
            PreparedEnvironment environment = preparer.prepare(ws.root(), build, ws.gitFolder());
            return new Prepared(build, unprepared.withEnvironment(environment));
        }, p -> describe(p.runner.environment()));
    }

    /**
     * The set-up stage's line: {@code environment: <description> (prepared in 42 s | reused)}; with
     * nothing prepared, why (a detected step that failed, a recipe's note) when the set-up says.
     */
    static String describe(PreparedEnvironment environment) {
        if (environment.isNone()) {
            // "none: <why>" when a detected step failed or was left out: the user needs the why.
            String why = environment.description().startsWith("none: ")
                    ? environment.description().substring("none: ".length()) : "";
            return why.isBlank() ? "environment: none prepared, tests run with what the machine has"
                    : "environment: none prepared (" + why + ")";
        }
        return "environment: " + environment.description() + (environment.reused() ? " (reused)"
                : " (prepared in " + Durations.format(environment.setupTime()) + ")");
    }

    /**
     * Runs the baseline and the flaky check in a copy of their own, never in the pristine
     * tree that candidate copies are made from and the stages read: no candidate inherits
     * what a test run wrote or deleted there. Returns null when the run ends there; else
     * the copy stays, with its build outputs, for screening, until the caller discards it.
     */
    private Ready baseline(RunAssembly run, RunConfig config, Workspace ws, Prepared prepared) {
        Path copy = ws.newCopy("baseline");
        Ready ready = null;
        try {
            ready = baselineIn(copy, run, config, ws, prepared);
            return ready;
        } finally {
            if (ready == null) {
                ws.discard(copy);
            }
        }
    }

    private Ready baselineIn(Path copy, RunAssembly run, RunConfig config, Workspace ws, Prepared prepared) {
        record Started(BuildSystem build, TestCommand command, String override, TestOutcome outcome) {}
        TestRunner runner = prepared.runner;
        Started started = step(run, RunAssembly.BASELINE, () -> {
            BuildSystem build = prepared.build;
            String override = config.testCommand().orElse(null);
            // A case's test files scope every run of the suite: baseline, reruns, screening, validation.
            TestCommand command = build.testCommand(ws.root(), override, config.testFiles());
            run.build = build.name();
            run.testCommand = command.shell();
            run.sandbox = runner.where(build);
            run.reproduce = command.shell();
            TestOutcome outcome = instrumentedBaseline(run, copy, build, command, ws, runner);
            return new Started(build, command, override, unusable(outcome, command, build, run.suiteLimit()));
        }, s -> summarize(s.outcome));
        SuiteRunner suite = new SuiteRunner(started.build, started.command, started.override, runner, ws.files());
        EnvironmentFailures environment = new EnvironmentFailures(ws.files());
        if (started.outcome instanceof TestOutcome.Completed c) {
            run.suiteTime = Optional.of(c.exec().elapsed());
            run.notes.addAll(notKept(c.run()));
            List<String> notRun = notRun(run.targets, c.run());
            if (!notRun.isEmpty()) {
                run.notes.add(NOT_RUN + String.join(", ", notRun));
            }
            run.environment = environment.among(c.run().failing());
            // Kept now: a run stopped during the flaky check still reports what its baseline found.
            Baseline found = run.scope.apply(Baseline.of(c.run()).apart(ids(run.environment)));
            run.failing = c.run().failing().stream().filter(t -> found.failing().contains(t.id())).toList();
            run.passing = found.passing().size();
        }
        return switch (started.outcome) {
            case TestOutcome.Completed c when c.run().failing().isEmpty() -> {
                run.passing = c.run().passing().size();
                run.outcome = RunStatus.TESTS_PASS;
                run.skipRest("no test failed");
                yield null;
            }
            case TestOutcome.Completed c when onlyEnvironment(run, c.run()) -> {
                run.failing = List.of();
                run.passing = c.run().passing().size();
                run.outcome = RunStatus.ENVIRONMENT;
                run.skipRest("every failing test fails because the environment misses something");
                yield null;
            }
            case TestOutcome.Completed c when c.run().onlyCollectionErrors() -> {
                // Every failure is a test module that does not load: the environment, not a bug to fix.
                TestResult first = c.run().collectionErrors().get(0);
                run.failing = c.run().failing();
                run.passing = c.run().passing().size();
                run.buildLog = first.id() + " does not load: " + first.collectionErrorReason() + "\n"
                        + "Every failing test is a module that does not load, so this is the environment, not a bug"
                        + " to fix: install what is missing in the sandbox image (sandbox-image), run with --sandbox"
                        + " local where it is installed, or add it to the project's test dependencies.";
                run.outcome = RunStatus.BUILD_BROKEN;
                run.skipRest("every failing test is a module that does not load");
                yield null;
            }
            case TestOutcome.Completed c -> afterFlakyCheck(run, config, ws, copy, started.build, runner,
                    started.command, suite, c);
            case TestOutcome.BuildFailed b -> {
                run.buildLog = BuildLog.errorExcerpt(b.exec().output(), LOG_LINES);
                run.environment = environment.inBuildLog(b.exec().output());
                run.outcome = run.environment.isEmpty() ? RunStatus.BUILD_BROKEN : RunStatus.ENVIRONMENT;
                run.skipRest(run.environment.isEmpty() ? "the build failed before any test reported"
                        : "the build could not get its dependencies");
                yield null;
            }
            case TestOutcome.NoTests n -> throw new IllegalStateException("unusable outcomes are refused in the step");
            case TestOutcome.TimedOut t -> throw new IllegalStateException("unusable outcomes are refused in the step");
        };
    }

    /**
     * The baseline's run of the suite, under the per-test coverage the engine reads where it
     * can be put (so that localization needs no run of its own), else plain. An instrumented
     * run that does not complete with reports (its build failed, it timed out, it reported no
     * test) is run again plain, so the instrumentation never changes the baseline's verdict.
     */
    private TestOutcome instrumentedBaseline(RunAssembly run, Path copy, BuildSystem build, TestCommand command,
            Workspace ws, TestRunner runner) {
        TestInstrumentation.Instrumented instrumented = engine.stages().baselineInstrumentation().instrument(
                run.source, copy, build, command, ws.files(), runner.environment());
        if (instrumented instanceof TestInstrumentation.Instrumented.Off off) {
            if (!off.why().isBlank()) {
                run.notes.add("per-test coverage: " + off.why());
            }
            return runner.run(copy, build, command, ws.files(), run.suiteLimit());
        }
        TestInstrumentation.Instrumented.On on = (TestInstrumentation.Instrumented.On) instrumented;
        TestOutcome outcome = runner.run(copy, build, on.command(), ws.files(), run.suiteLimit());
        if (outcome instanceof TestOutcome.Completed c) {
            run.instrumentedBaseline = true;
            run.notes.add("per-test coverage: the baseline ran the suite under " + on.how()
                    + "; localization reads it, no coverage run of its own");
            // Every JVM prints that it read JAVA_TOOL_OPTIONS: tool paths, not the project's output.
            return new TestOutcome.Completed(c.run(), new ExecResult(c.exec().outcome(),
                    TOOL_BANNER.matcher(c.exec().output()).replaceAll(""), c.exec().elapsed()));
        }
        if (outcome instanceof TestOutcome.BuildFailed b && build.mainCodeDidNotCompile(b.exec().output())) {
            // The main code is compiled before any test JVM starts, with nothing of the instrumentation on its
            // class path: a plain run fails the same way, and would only double the wait for this verdict.
            run.notes.add("per-test coverage: the instrumented baseline's build failed compiling the main code, "
                    + "which the instrumentation does not touch, so it was not run again");
            return new TestOutcome.BuildFailed(new ExecResult(b.exec().outcome(),
                    TOOL_BANNER.matcher(b.exec().output()).replaceAll(""), b.exec().elapsed()));
        }
        run.notes.add("per-test coverage: the instrumented baseline " + summarize(outcome) + ", so it ran again "
                + "without instrumentation (its verdict is the plain run's)");
        return runner.run(copy, build, command, ws.files(), run.suiteLimit());
    }

    /**
     * The case's fail-to-pass tests the baseline did not run at all (no result of theirs, no
     * module of theirs that failed to load), when the baseline kept every result: then no
     * patch can make them pass, and a benchmark's harness counts them failed.
     */
    static List<String> notRun(List<String> targets, TestRun baseline) {
        if (targets.isEmpty() || baseline.failingNotKept() > 0 || baseline.othersNotKept() > 0) {
            return List.of();
        }
        return targets.stream().filter(t -> baseline.find(t).isEmpty())
                .filter(t -> t.indexOf("::") < 0 || baseline.find(t.substring(0, t.indexOf("::")))
                        .filter(TestResult::isCollectionError).isEmpty())
                .toList();
    }

    private static List<String> ids(List<EnvironmentFailure> failures) {
        return failures.stream().map(EnvironmentFailure::test).toList();
    }

    /**
     * Whether every failing test the run is judged by fails because the environment misses
     * something: then no test ran into the code's bug, and no repair is attempted. Not when
     * some failing tests were counted and not kept (what they are is unknown).
     */
    private static boolean onlyEnvironment(RunAssembly run, TestRun baseline) {
        List<String> judged = run.scope.apply(Baseline.of(baseline)).failing();
        return baseline.failingNotKept() == 0 && !judged.isEmpty() && ids(run.environment).containsAll(judged);
    }

    /** What the baseline's reports held beyond what a run keeps (see {@link ReportBudget}). */
    static List<String> notKept(TestRun run) {
        List<String> notes = new java.util.ArrayList<>();
        if (run.failingNotKept() > 0) {
            notes.add(String.format(java.util.Locale.ROOT, "the baseline's reports hold %,d failing tests: the first "
                    + "%,d are kept with their traces, %,d more failing tests not kept (counted only)",
                    run.failing().size() + run.failingNotKept(), run.failing().size(), run.failingNotKept()));
        }
        if (run.othersNotKept() > 0) {
            notes.add(String.format(java.util.Locale.ROOT, "%,d more passing or skipped tests not kept (counted only: "
                    + "a run keeps at most %,d results)", run.othersNotKept(), ReportBudget.MAX_RESULTS_KEPT));
        }
        return notes;
    }

    /** A baseline that ran no test or never finished is the input's problem: say what to change. */
    private static TestOutcome unusable(TestOutcome outcome, TestCommand command, BuildSystem build, Duration limit) {
        return switch (outcome) {
            case TestOutcome.NoTests n -> throw new RepofixException(RepofixException.ErrorKind.INPUT,
                    "no tests ran: '" + command.shell() + "' (" + build.name() + ") finished without reporting "
                            + "any test; check that the repository has tests, or pass --test-cmd");
            case TestOutcome.TimedOut t -> throw new RepofixException(RepofixException.ErrorKind.INPUT,
                    "the tests (and the reading of their reports) did not finish within " + Durations.format(limit)
                            + ": '" + command.shell()
                            + "'; raise --test-timeout (and --timeout, the whole run's budget), or pass a --test-cmd "
                            + "that runs fewer tests");
            default -> outcome;
        };
    }

    private Ready afterFlakyCheck(RunAssembly run, RunConfig config, Workspace ws, Path copy, BuildSystem build,
            TestRunner runner, TestCommand command, SuiteRunner suite, TestOutcome.Completed c) {
        // Opened before the flaky check, whose reruns run in it (a fraction of a second each, not
        // a build's start-up); it must fail the baseline's failing tests, flaky ones included, or
        // it stays off and the reruns go through the build.
        List<String> failing = run.scope.apply(Baseline.of(c.run()).apart(ids(run.environment))).failing();
        CompletableFuture<Screenings.Opened> opened = open(copy, build, command, config, failing, runner);
        Ready ready = null;
        try {
            ready = checked(run, config, ws, copy, build, runner, command, suite, c, opened);
            return ready;
        } finally {
            if (ready == null) {
                opened.join().screening().ifPresent(Screening::close);
            }
        }
    }

    /** Opens the run's screening in a thread of its own; never left unanswered. */
    private CompletableFuture<Screenings.Opened> open(Path copy, BuildSystem build, TestCommand command,
            RunConfig config, List<String> failing, TestRunner runner) {
        CompletableFuture<Screenings.Opened> opened = new CompletableFuture<>();
        Thread.ofVirtual().name("repofix-screening-open").start(() -> {
            try {
                opened.complete(screenings.open(copy, build, command, config.testCommand().orElse(null),
                        failing, runner.environment()));
            } catch (RuntimeException e) {
                opened.complete(new Screenings.Opened(Optional.empty(),
                        "screening is off, candidates are screened through the build: " + e.getMessage()));
            } finally {
                // An Error leaves it unanswered: the run, which waits for it, must not hang.
                opened.complete(new Screenings.Opened(Optional.empty(),
                        "screening is off, candidates are screened through the build: it did not open"));
            }
        });
        return opened;
    }

    private Ready checked(RunAssembly run, RunConfig config, Workspace ws, Path copy, BuildSystem build,
            TestRunner runner, TestCommand command, SuiteRunner suite, TestOutcome.Completed c,
            CompletableFuture<Screenings.Opened> opened) {
        Baseline found = Baseline.of(c.run()).apart(ids(run.environment));
        // The screening reproduced only the failing tests in the run's scope: others rerun through the build.
        boolean vetted = run.scope.apply(found).failing().size() == found.failing().size();
        FlakyCheck.Result checked = step(run, RunAssembly.FLAKY_CHECK, () -> new FlakyCheck(suite,
                        config.reruns() > 0 && vetted ? opened.join().screening() : Optional.empty())
                        .check(found, copy, config.reruns(), run::suiteLimit),
                r -> r.baseline().flaky().isEmpty() ? "no flaky test in " + config.reruns() + " rerun(s)"
                        : r.baseline().flaky().size() + " flaky: " + String.join(", ", r.baseline().flaky()));
        run.passing = checked.baseline().passing().size();
        run.notes.addAll(checked.notes());
        if (checked.baseline().failing().isEmpty()) {
            run.flaky = checked.baseline().flaky();
            run.outcome = RunStatus.FLAKY_ONLY;
            run.skipRest("only flaky tests failed");
            return null;
        }
        Baseline baseline = run.scope.apply(checked.baseline());
        run.failing = c.run().failing().stream().filter(t -> baseline.failing().contains(t.id())).toList();
        run.flaky = baseline.flaky();
        // A user's own command is shown as it ran: with the case's test files appended.
        run.reproduce = build.reproduceCommand(ws.root(), config.testCommand()
                .map(own -> config.testFiles().isEmpty() ? own : TestFiles.appended(own, config.testFiles()))
                .orElse(null), baseline.failing());
        List<String> outside = baseline.failingOutside().stream().filter(t -> !ids(run.environment).contains(t))
                .toList();
        if (!outside.isEmpty()) {
            run.notes.add("failing at base, not part of the case: " + String.join(", ", outside));
        }
        if (baseline.failing().isEmpty()) {
            run.outcome = RunStatus.TESTS_PASS;
            run.skipRest("none of the case's fail_to_pass tests fails at the base");
            return null;
        }
        boolean screen = PatchValidator.screeningPays(c.exec().elapsed(), checked.failingOnly());
        return new Ready(ws, build, runner, command, suite, c.run(), baseline,
                BuildLog.tail(c.exec().output(), LOG_LINES), screen, c.exec().elapsed(), checked.failingOnly(), copy,
                opened);
    }

    /** The three stages, then validation of their candidates. */
    private RunResult repair(RunAssembly run, Ready ready) {
        List<TestResult> failing = ready.run.failing().stream()
                .filter(t -> ready.baseline.failing().contains(t.id())).toList();
        FailureReport failures = new FailureReport(ready.command.shell(), run.reproduce, ready.run, failing,
                ready.log, ready.ws.files(), ready.build, Optional.of(new RunBudget(ready.suiteTime,
                        run.startedAt.plus(run.config.timeout()))), ready.runner.environment());
        if (run.remaining().isZero()) {
            // Spent by the baseline and its reruns: no stage is to blame, none starts.
            run.notes.add("time budget (--timeout " + Durations.format(run.config.timeout())
                    + ") ran out before the stages; raise --timeout");
            run.skipRest("the time budget ran out");
            return run.finish(RunStatus.NOT_FIXED);
        }
        Stages stages = engine.stages();
        List<PatchCandidate> proposed;
        try {
            IssueDraft issue = step(run, RunAssembly.ISSUE, () -> withinRun(run, RunAssembly.ISSUE,
                    () -> stages.draftIssue(failures)), IssueDraft::title);
            run.issue = Optional.of(issue);
            Localization loc = step(run, RunAssembly.LOCALIZE, () -> withinRun(run, RunAssembly.LOCALIZE,
                    () -> stages.localize(failures, issue)), l -> l.locations().size() + " location(s)"
                            + (l.locations().isEmpty() ? "" : ", top " + l.locations().get(0)));
            run.localization = Optional.of(loc);
            proposed = step(run, RunAssembly.PATCH, () -> withinRun(run, RunAssembly.PATCH,
                    () -> stages.propose(failures, issue, loc)), p -> p.size() + " candidate(s)");
        } finally {
            // What the stages say (a request cut to the model's window, test-file lines dropped) is
            // kept also when a stage failed: it often says why. A stage cut off by the budget may
            // still be running; its notes are then not worth an exception that hides the failure.
            try {
                run.notes.addAll(stages.notes());
            } catch (RuntimeException e) {
                LOG.warn("the stages' notes could not be read: {}", e.toString());
            }
        }
        // This run's per-test coverage, read after its own localize stage: never a previous run's.
        search(run, ready, proposed, stages.reach());
        return run.finish(run.fixId.isPresent() ? RunStatus.FIXED : RunStatus.NOT_FIXED);
    }

    /**
     * A stage bounded by what is left of {@code --timeout}: a slow model (or a builtin stage
     * on a huge repository) cannot hold the run past it. The error names what answered it.
     */
    private <T> T withinRun(RunAssembly run, String stage, Supplier<T> body) {
        if (engine.builtin()) {
            return budgeted.call(stage, "the builtin engine's " + stage + " stage",
                    "pass a --test-cmd that runs fewer tests, or lower --max-candidates", run.remaining(), body,
                    late -> {});
        }
        return budgeted.call(stage, "check the model's endpoint and its --model settings", run.remaining(), body,
                late -> {});
    }

    /** Validates the candidates; verdicts reached before a failure or an interrupt are kept. */
    private void search(RunAssembly run, Ready ready, List<PatchCandidate> proposed, Optional<TestReach> reach) {
        RunConfig config = run.config;
        Screenings.Opened opened = ready.opened();
        if (!opened.why().isEmpty()) {
            run.notes.add(opened.why());
        }
        Optional<Screening> screening = opened.screening();
        // Screening is cheap in the warm JVM, and through the build where the flaky check ran the failing tests
        // alone in under half the suite's time (pytest's node ids): more candidates are screened, and
        // max-candidates counts full runs.
        boolean throughBuild = ready.failingOnly.isPresent() && ready.screenFirst;
        boolean screenFirst = (screening.isPresent() || throughBuild) && !ready.baseline.failing().isEmpty();
        run.candidates = run.withinBudget(proposed, screenFirst);
        // In the warm JVM the failing tests' own time bounds screening, not a build's start-up.
        RunLimits limits = RunLimits.fromBaseline(config.testTimeout(), ready.suiteTime,
                screening.flatMap(Screening::baselineTime).or(() -> ready.failingOnly));
        StoppedLinesCheck stopped = new StoppedLinesCheck(ready.ws, ready.build, engine.stages().linesRun(),
                path -> sourceOf(ready.ws, path), run::remaining, limits.full().orElseThrow(), clock, engine.builtin());
        CandidateSearch search = new CandidateSearch(
                new PatchValidator(ready.ws, ready.suite, new PatchApplier(), clock, ready.screenFirst, limits,
                        screening, ready.runner.sandboxKind(ready.build), config.testSelection(),
                        Optional.of(ready.baselineCopy), stopped),
                progress, clock, run.startedAt, config.timeout(), limits.full().orElseThrow(), config.jobs(),
                screenFirst ? config.maxCandidates() : Integer.MAX_VALUE, screenFirst,
                c -> {
                    List<String> found = DeadBranches.madeBy(c.patch(), path -> sourceOf(ready.ws, path));
                    // Unreachable by its text: no need to run the tests again to know it is suspect.
                    return found.isEmpty() ? stopped.apply(c) : found;
                });
        step(run, RunAssembly.VALIDATE, () -> {
            // The stages' per-test coverage (of this code, before any patch) lets the deciding run select tests.
            Baseline baseline = reach.map(ready.baseline::withReach).orElse(ready.baseline);
            CandidateSearch.Outcome o = search.validate(run.candidates, baseline);
            run.validations = o.validations();
            run.fixId = o.fixId();
            run.caveats = o.caveats();
            run.notes.addAll(o.notes());
            run.notes.addAll(stopped.notes());
            needsDocker(o.validations()).ifPresent(run.notes::add);
            if (o.failure().isPresent()) {
                throw o.failure().get();
            }
            // After the verdict, as the alternatives: what the tests leave open between the fix and each of them.
            run.behaviour = BehaviourCheck.compare(ready.ws, ready.suite, run.candidates, o.fixId(), o.validations(),
                    baseline.failing(), run::remaining, limits.full().orElseThrow(), clock);
            return o;
        }, o -> o.fixId().map(id -> "VALID: " + id).orElse("no valid patch"));
        measureInstrumentation(run, ready);
    }

    /** A source file of the checkout as text, for {@link DeadBranches}; empty when it cannot be read. */
    private static Optional<String> sourceOf(Workspace ws, String path) {
        return ws.files().read(path, MAX_SOURCE_BYTES) instanceof FileRead.Content c ? c.utf8() : Optional.empty();
    }

    /** What instrumenting the baseline cost, against the fix's full run of the same suite without it. */
    private void measureInstrumentation(RunAssembly run, Ready ready) {
        if (!run.instrumentedBaseline) {
            return;
        }
        run.fixId.flatMap(id -> run.validations.stream().filter(v -> v.candidateId().equals(id)).findFirst())
                // A deciding run of selected test classes is not the suite: no measure of the slow-down.
                .flatMap(Validation::wholeSuiteRun)
                .flatMap(plain -> engine.stages().baselineInstrumentation().measured(run.source, ready.build,
                        ready.suiteTime, plain))
                .ifPresent(run.notes::add);
    }

    /**
     * The note for candidates refused because they edit a build file that runs code while
     * the tests run as local processes: which files, and how to have them validated.
     */
    static Optional<String> needsDocker(List<Validation> validations) {
        List<String> paths = validations.stream().flatMap(v -> v.evidence().stream())
                .filter(e -> e.startsWith(PatchValidator.NEEDS_DOCKER))
                .map(e -> e.substring(PatchValidator.NEEDS_DOCKER.length())).distinct().toList();
        if (paths.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("refused, not run: candidates that edit " + String.join(", ", paths) + ", build files "
                + "that run code, while the tests run as local processes, not in the Docker sandbox; run with "
                + "--sandbox docker to have such a patch validated");
    }

    /**
     * Runs one step: progress events, its record (with the model's attempts and tokens),
     * and its failure or a cancellation turned into a {@link Stopped} that ends the run.
     */
    private <T> T step(RunAssembly run, String stage, Supplier<T> body, Function<T, String> summary) {
        progress.onEvent(new ProgressEvent.StageStarted(stage));
        Instant start = clock.instant();
        T value;
        try {
            checkCancelled();
            value = body.get();
            checkCancelled();
        } catch (RuntimeException e) {
            Duration elapsed = Duration.between(start, clock.instant());
            throw failed(run, stage, start, classify(e, stage), e);
        } catch (Error e) {
            // A stack overflow or an exhausted heap in the stage's own work (a regular expression
            // on a huge line, a library's assertion): the run still ends with its record and reports.
            throw failed(run, stage, start, internal(e, stage), e);
        }
        Duration elapsed = Duration.between(start, clock.instant());
        Optional<ModelUsage> usage = usage(stage);
        String line = (usage.filter(u -> u.outcome() == AnswerOutcome.NOT_ASKED).isPresent()
                ? "not asked of the model, given: " : "") + summary.apply(value);
        run.stages.add(StageRecord.ok(stage, elapsed, line, usage));
        progress.onEvent(new ProgressEvent.StageFinished(stage, elapsed, line));
        return value;
    }

    /** Records {@code stage} as failed with {@code error}; the returned exception ends the run. */
    private Stopped failed(RunAssembly run, String stage, Instant start, RunError error, Throwable cause) {
        Duration elapsed = Duration.between(start, clock.instant());
        Optional<ModelUsage> usage = usage(stage);
        if (cause instanceof BudgetedCall.OutOfTime && MODEL_STAGES.contains(stage) && !engine.builtin()) {
            // The call still running at the limit may not have recorded its attempt yet.
            usage = Optional.of(usage.map(u -> u.endedAs(AnswerOutcome.NO_ANSWER)).orElse(new ModelUsage(0, 0,
                    OptionalInt.empty(), 0, 0, Optional.empty(), List.of(error.message()), AnswerOutcome.NO_ANSWER)));
        }
        run.stages.add(StageRecord.failed(stage, elapsed, usage, error));
        progress.onEvent(new ProgressEvent.StageFinished(stage, elapsed, "failed: " + error.message()));
        return new Stopped(error, cause);
    }

    /**
     * An {@link Error} raised in {@code stage}: always a bug of repofix or of a library it uses,
     * logged with its stack trace and named in the record, never swallowed. An exhausted heap
     * is said as such: what the stage held is garbage by now, so the reports can still be written.
     */
    static RunError internal(Error e, String stage) {
        LOG.error("internal error in stage {}", stage, e);
        String said = e.getMessage() == null ? "" : ": " + e.getMessage();
        String advice = e instanceof OutOfMemoryError
                ? " (repofix's JVM ran out of memory: give it more heap with -Xmx, and please report it with the command"
                        + " you ran)"
                : " (this is a bug; please report it with the command you ran)";
        return new RunError(RunError.Kind.INTERNAL, stage, "internal error: " + e.getClass().getSimpleName()
                + " in stage " + stage + said + advice);
    }

    /** Thrown between steps, and after one whose commands were killed by the interrupt. */
    private static final class CancelledException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CancelledException(String why) {
            super(why, null, false, false);
        }
    }

    private void checkCancelled() {
        if (cancellation.isCancelled()) {
            throw new CancelledException(cancellation.reason().orElse("cancelled"));
        }
    }

    /** Who must act on {@code e}, raised in {@code stage}. */
    RunError classify(RuntimeException e, String stage) {
        if (e instanceof CancelledException || cancellation.isCancelled()) {
            return new RunError(RunError.Kind.CANCELLED, stage, "cancelled during " + stage + ": "
                    + cancellation.reason().orElse(e.getMessage()));
        }
        if (e instanceof RepofixException re) {
            if (MODEL_STAGES.contains(stage) && engine.builtin()) {
                return new RunError(RunError.Kind.ENGINE, stage, re.getMessage());
            }
            if (MODEL_STAGES.contains(stage)) {
                return new RunError(re instanceof ModelException ? RunError.Kind.SERVICE : RunError.Kind.MODEL, stage,
                        re.getMessage());
            }
            return new RunError(re.kind() == RepofixException.ErrorKind.INPUT ? RunError.Kind.INPUT
                    : RunError.Kind.ENVIRONMENT, stage, re.getMessage());
        }
        if (e instanceof UncheckedIOException io) {
            return new RunError(RunError.Kind.ENVIRONMENT, stage, "I/O failed during " + stage + ": "
                    + io.getCause().getMessage() + "; check the disk space and permissions of the work folder");
        }
        LOG.error("internal error during {}", stage, e);
        return new RunError(RunError.Kind.INTERNAL, stage, "internal error during " + stage + ": " + e
                + " (this is a bug; please report it with the command you ran)");
    }

    private RunResult stopped(RunAssembly run, RunError error) {
        if (error.kind() == RunError.Kind.CANCELLED) {
            // The interrupt that stopped the run must not stop the writing of its report.
            Thread.interrupted();
        }
        return run.stop(error);
    }

    /** The model's attempts and tokens for {@code stage}, when a model answered it. */
    private Optional<ModelUsage> usage(String stage) {
        if (!MODEL_STAGES.contains(stage)) {
            return Optional.empty();
        }
        List<StageAttempts> all = engine.stages().attempts();
        for (int i = all.size() - 1; i >= 0; i--) {
            StageAttempts a = all.get(i);
            if (a.stage().equals(stage)) {
                Optional<Double> cost = engine.price().map(p ->
                        (a.inputTokens() * p.inputPerMillion() + a.outputTokens() * p.outputPerMillion()) / 1e6);
                // Attempts stop at the first that parses, so its number is also the count made.
                return Optional.of(new ModelUsage(a.attempt(), a.maxAttempts(),
                        a.parsed() ? OptionalInt.of(a.attempt()) : OptionalInt.empty(), a.inputTokens(),
                        a.outputTokens(), cost, a.errors(), a.outcome()));
            }
        }
        return Optional.empty();
    }

    static String summarize(TestOutcome o) {
        return switch (o) {
            case TestOutcome.Completed c -> c.run().failing().size() + " failing, " + c.run().passing().size() + " passing";
            case TestOutcome.BuildFailed b -> "build failed before tests reported";
            case TestOutcome.NoTests n -> "no tests ran";
            case TestOutcome.TimedOut t -> "timed out";
        };
    }
}
