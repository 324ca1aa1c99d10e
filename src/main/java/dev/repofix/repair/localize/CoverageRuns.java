package dev.repofix.repair.localize;

import dev.repofix.build.BuildSystem;
import dev.repofix.build.MavenBuild;
import dev.repofix.build.PytestBuild;
import dev.repofix.build.TestCommand;
import dev.repofix.config.Durations;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RepofixException;
import dev.repofix.exec.CleanEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.LinesRun;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.testrun.RunBudget;
import dev.repofix.testrun.TestInstrumentation;
import dev.repofix.testrun.TestReach;
import dev.repofix.workspace.FileIndex;
import dev.repofix.workspace.FileTrees;
import dev.repofix.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Per-test coverage through the executor the baseline used (local or sandboxed, same
 * limits), in a throwaway copy of the workspace next to the pristine one, with the tools
 * put into that copy's {@value #TOOLS} folder: nothing is installed anywhere else. Maven
 * runs with JaCoCo's agent ({@link JacocoCoverage}), pytest with coverage.py
 * ({@link PytestCoverage}); other builds have no agent yet.
 *
 * <p>A coverage run has a share of the run's budget of its own ({@link #share}): {@value
 * #SHARE_FACTOR} times the baseline's suite time (at least a minute), at most half of what is left of {@code
 * --timeout} and at most {@code --test-timeout}. Past it the run is stopped and the
 * engine ranks by stack frames, with a note: the candidates keep the rest of the budget.
 *
 * <p>Where it can, the run has no coverage run at all: the baseline ran the whole suite
 * under the same tools ({@link #instrument}, into the baseline's copy), and {@link #collect}
 * reads what it left. The separate run is kept where the baseline was not instrumented (a
 * build without a tool, a user's own command the tools cannot reach, a project whose suite
 * instrumentation slowed by more seconds than a separate run costs when last timed, see
 * {@link CoverageOverheads}) or left no data; the run's notes say which and why.
 */
public final class CoverageRuns implements CoverageCollector, TestInstrumentation {
    private static final Logger LOG = LoggerFactory.getLogger(CoverageRuns.class);
    /** The tools' folder inside the copy; a dot folder, which pytest does not collect from. */
    static final String TOOLS = ".repofix-coverage";
    /** A coverage run may take this many times the baseline's run of the whole suite. */
    static final int SHARE_FACTOR = 3;
    /**
     * A fast suite's coverage run still gets this long: its cost is mostly fixed (a JVM and an
     * agent, or coverage.py installed into the copy), not a multiple of the suite's time. A
     * 1.3 s pytest suite's 4 s share left localization to stack frames, which on a failing
     * {@code x in r} hold no frame of the code under test.
     */
    static final Duration FLOOR = Duration.ofSeconds(60);
    /** Below this there is no point in starting one: a JVM or an interpreter alone takes seconds. */
    static final Duration MIN_SHARE = Duration.ofSeconds(5);

    private final Executor executor;
    private final HostEnvironment host;
    private final Duration timeout;
    private final Clock clock;
    private final CoveragePyInstall coveragePy;
    private final CoverageOverheads overheads;
    private final Optional<Path> listenerCache;
    /** The baselines instrumented and not read yet, by the pristine tree they are copies of. */
    private final Map<Path, Armed> baselines = new ConcurrentHashMap<>();
    /** The command each instrumented baseline ran, by pristine tree: a candidate's run of the same suite runs it. */
    private final Map<Path, Suite> suites = new ConcurrentHashMap<>();

    /**
     * An instrumented baseline's command.
     *
     * @param own whether it is the build's own command for the whole suite (no user's command, no
     *            case's test files), which the build can narrow to some test classes
     */
    private record Suite(TestCommand command, boolean own) {}

    private final Scope scope;

    /** Which tests a coverage run runs. */
    public enum Scope {
        /** The failing tests and the tests related to them: enough to rank lines, not to select tests. */
        RELATED,
        /**
         * The whole suite, as the baseline ran it: the test classes' reach is then complete and the
         * deciding run may select tests (Maven only; other builds run {@link #RELATED}).
         */
        SUITE
    }

    /**
     * @param timeout   limit of each command of a coverage run (the test run, a tool install)
     * @param toolCache repofix's own folder for tools installed once and reused read-only
     *                  (coverage.py, the test listener jar); empty: every run installs its own
     */
    public CoverageRuns(Executor executor, HostEnvironment host, Duration timeout, Clock clock, Optional<Path> toolCache) {
        this(executor, host, timeout, clock, toolCache, Scope.RELATED);
    }

    /** @param scope which tests run under coverage */
    public CoverageRuns(Executor executor, HostEnvironment host, Duration timeout, Clock clock, Optional<Path> toolCache,
            Scope scope) {
        this.scope = Objects.requireNonNull(scope, "scope");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.host = Objects.requireNonNull(host, "host");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.coveragePy = new CoveragePyInstall(toolCache);
        this.overheads = new CoverageOverheads(toolCache.map(c -> c.resolve("coverage-overhead")));
        this.listenerCache = toolCache.map(c -> c.resolve("test-listener"));
    }

    /** Runs one shell command of a coverage run in the copy, the way the baseline ran the tests. */
    interface Shell {
        ExecResult run(String script, Map<String, String> extraEnv);
    }

    /** One ecosystem's way to per-test spectra, in a copy whose {@value #TOOLS} folder exists. */
    interface Tool {
        /** Runs the failing and related tests under coverage: the separate coverage run. */
        Coverage collect(FailureReport report, SourceCache sources, Path copy, Shell shell);

        /** Puts the tools into the copy's {@value #TOOLS} folder: the variables that load them into a test run. */
        Setup setUp(Path copy, FileIndex files, BuildSystem build, SourceCache sources, Shell shell);

        /** The command {@link #collect} runs its tests with in {@code copy}; empty when it cannot select them. */
        Optional<TestCommand> command(FailureReport report, SourceCache sources, Path copy);

        /**
         * The spectra a run set up by {@link #setUp} left in the copy, also when no test failed:
         * which lines ran, not which are suspect.
         */
        Coverage readAll(Path copy, FailureReport report, String tests, String log);

        /**
         * The spectra a run set up by {@link #setUp} left in the copy.
         *
         * @param tests which tests ran, for people
         * @param log   the run's last lines, to say why there is no data
         */
        Coverage read(Path copy, FailureReport report, String tests, String log);
    }

    /** A tool's set-up: the variables that load it, or why it cannot be loaded. */
    sealed interface Setup {
        /**
         * @param env variables to add to a test command's ({@link #merged})
         * @param how the tool, for people
         */
        record Ready(Map<String, String> env, String how) implements Setup {}

        record Refused(String why) implements Setup {}
    }

    /** An instrumented baseline: its copy, where the data is, and the tool that reads it. */
    private record Armed(Path copy, Tool tool, String how) {}

    /** The tool for {@code build}'s tests, or null where there is none. */
    private Tool toolFor(BuildSystem build) {
        return switch (build) {
            case MavenBuild m -> new JacocoCoverage(scope == Scope.SUITE, listenerCache);
            case PytestBuild p -> new PytestCoverage(coveragePy);
            default -> null;
        };
    }

    @Override
    public TestInstrumentation baseline() {
        return this;
    }

    /**
     * Sets the tools up in the baseline's copy {@code dir} and gives its command with the
     * variables that load them; what the run leaves is read by {@link #collect}. Plain, and
     * why, for a build with no tool, for a project whose suite instrumentation slowed by more
     * seconds than a separate coverage run costs when last timed ({@link CoverageOverheads}),
     * and when a tool cannot be set up.
     */
    @Override
    public Instrumented instrument(String project, Path dir, BuildSystem build, TestCommand command,
            FileIndex files, PreparedEnvironment environment) {
        baselines.remove(files.root());
        suites.remove(files.root());
        Tool tool = toolFor(build);
        if (tool == null) {
            return new Instrumented.Off("no per-test coverage for " + build.name() + " builds yet");
        }
        Optional<String> slow = CoverageOverheads.keepSeparate(overheads.last(project, build.name()),
                clock.instant());
        if (slow.isPresent()) {
            return new Instrumented.Off(slow.get() + ": the baseline ran without it, and localization runs the "
                    + "failing and related tests again under coverage");
        }
        try {
            Files.createDirectories(dir.resolve(TOOLS));
        } catch (IOException e) {
            return new Instrumented.Off("cannot make the coverage tools' folder: " + e.getMessage());
        }
        Instant deadline = clock.instant().plus(timeout);
        // The set-up's commands (is coverage.py there, its install) share one --test-timeout.
        Shell shell = (script, extraEnv) -> executor.run(environment.applyTo(Command.shell(script, dir,
                CleanEnvironment.of(host, build.environmentNames(), extraEnv),
                max(Duration.between(clock.instant(), deadline), Duration.ofSeconds(1)))
                .withImage(build.sandboxImage())));
        try {
            return switch (tool.setUp(dir, files, build, new SourceCache(files), shell)) {
                case Setup.Refused r -> new Instrumented.Off("the baseline ran without per-test coverage: " + r.why());
                case Setup.Ready ready -> {
                    baselines.put(files.root(), new Armed(dir, tool, ready.how()));
                    suites.put(files.root(), new Suite(command, command.equals(build.testCommand(files.root(), null))));
                    yield new Instrumented.On(new TestCommand(command.shell(), merged(command.extraEnv(),
                            ready.env())), ready.how());
                }
            };
        } catch (UncheckedIOException | RepofixException e) {
            return new Instrumented.Off("the baseline ran without per-test coverage: " + e.getMessage());
        }
    }

    @Override
    public Optional<String> measured(String project, BuildSystem build, Duration instrumented, Duration plain) {
        if (plain.isZero() || plain.isNegative()) {
            return Optional.empty();
        }
        overheads.keep(project, build.name(), new CoverageOverheads.Measured(instrumented, plain, clock.instant()));
        return Optional.of(CoverageOverheads.describe(instrumented, plain));
    }

    /**
     * {@code base} with {@code added}: a tool's {@code PYTHONPATH} goes first, its
     * {@code PYTEST_ADDOPTS} and {@code JAVA_TOOL_OPTIONS} after the command's own; any
     * other variable of the tool's is set.
     */
    static Map<String, String> merged(Map<String, String> base, Map<String, String> added) {
        Map<String, String> out = new HashMap<>(base);
        added.forEach((name, value) -> out.merge(name, value, (own, tool) -> switch (name) {
            case "PYTHONPATH" -> tool + ":" + own;
            case "PYTEST_ADDOPTS", "JAVA_TOOL_OPTIONS" -> own + " " + tool;
            default -> tool;
        }));
        return out;
    }

    /**
     * Per-test coverage: what the instrumented baseline left, when it ran and left data;
     * else a coverage run of the failing and related tests of its own.
     */
    @Override
    public Coverage collect(FailureReport report, SourceCache sources) {
        Armed armed = baselines.remove(report.files().root());
        if (armed == null) {
            return separateRun(report, sources);
        }
        Instant start = clock.instant();
        Coverage read;
        try {
            read = armed.tool().read(armed.copy(), report, "of the whole suite, " + armed.how(),
                    "the baseline's output says more");
        } catch (UncheckedIOException | RepofixException e) {
            read = new Coverage.Unavailable("cannot read the instrumented baseline's coverage: " + e.getMessage());
        }
        if (read instanceof Coverage.Collected got) {
            Duration elapsed = Duration.between(start, clock.instant());
            LOG.info("per-test coverage from the instrumented baseline ({}) read in {} ms", got.tests(),
                    elapsed.toMillis());
            return new Coverage.Collected(got.spectra(), elapsed, got.tests(), Coverage.Origin.BASELINE, got.reach());
        }
        String why = ((Coverage.Unavailable) read).why();
        LOG.info("no coverage from the instrumented baseline, running the coverage run: {}", why);
        return switch (separateRun(report, sources)) {
            case Coverage.Collected c -> new Coverage.Collected(c.spectra(), c.elapsed(), c.tests()
                    + " (the instrumented baseline's coverage: " + why + ")", c.reach());
            case Coverage.Unavailable u -> new Coverage.Unavailable(u.why() + " (the instrumented baseline's "
                    + "coverage: " + why + ")");
        };
    }

    /**
     * What the passing tests ran in {@code collected} (read by {@link #collect} for the same
     * report), and a run of the same tests under the same tool in a patched copy: the whole
     * suite with the baseline's command where the coverage is the instrumented baseline's, else
     * the failing and related tests, as the coverage run selected them.
     */
    @Override
    public Optional<LinesRun> linesRun(FailureReport report, SourceCache sources, Coverage.Collected collected) {
        Tool tool = toolFor(report.build());
        if (tool == null) {
            return Optional.empty();
        }
        Optional<Suite> suite = collected.origin() == Coverage.Origin.BASELINE
                ? Optional.ofNullable(suites.get(report.files().root())) : Optional.empty();
        if (collected.origin() == Coverage.Origin.BASELINE && suite.isEmpty()) {
            return Optional.empty();
        }
        Map<String, java.util.Set<Integer>> ran = new java.util.TreeMap<>();
        collected.spectra().lines().stream().filter(l -> l.passed() > 0)
                .forEach(l -> ran.computeIfAbsent(l.file(), k -> new java.util.TreeSet<>()).add(l.line()));
        String tests = collected.origin() == Coverage.Origin.BASELINE ? "the whole suite"
                : "the failing and related tests";
        return Optional.of(new LinesRun() {
            /** Read by the deciding runs' set-ups, which may run in several threads at once. */
            private SourceCache setUpSources;

            @Override
            public Map<String, java.util.Set<Integer>> baseline() {
                return LinesRun.copyOf(ran);
            }

            @Override
            public String tests() {
                return tests;
            }

            @Override
            public Rerun rerun(Path copy, Duration limit, java.util.Set<String> editedFiles) {
                Optional<Chosen> chosen = suite.map(s -> s.own()
                        ? chosen(report.build(), copy, s.command(), collected.reach(), editedFiles)
                        : new Chosen(s.command(), "the whole suite (the baseline ran the case's tests or the user's "
                                + "command, which names no test classes)"));
                return CoverageRuns.this.rerun(tool, report, sources, copy, chosen, limit);
            }

            @Override
            public synchronized Instrumented instrument(Path copy, TestCommand command) {
                if (suite.isEmpty()) {
                    return new Instrumented.Off("the baseline's coverage came from the failing and related tests, not "
                            + "from the suite a deciding run runs");
                }
                if (setUpSources == null) {
                    setUpSources = new SourceCache(report.files());
                }
                return CoverageRuns.this.decidingRun(tool, report, setUpSources, copy, command);
            }

            @Override
            public Rerun read(Path copy, String tests) {
                return lines(tool.readAll(copy, report, "", "the deciding run's output says more"), tests);
            }
        });
    }

    /**
     * The tools set up in a candidate's copy for its deciding run, as for the instrumented
     * baseline, and {@code command} with the variables that load them; plain, and why, where they
     * cannot be set up.
     */
    private Instrumented decidingRun(Tool tool, FailureReport report, SourceCache sources, Path copy,
            TestCommand command) {
        BuildSystem build = report.build();
        Instant deadline = clock.instant().plus(timeout);
        Shell shell = (script, extraEnv) -> executor.run(report.environment().applyTo(Command.shell(script, copy,
                CleanEnvironment.of(host, build.environmentNames(), extraEnv),
                max(Duration.between(clock.instant(), deadline), Duration.ofSeconds(1)))
                .withImage(build.sandboxImage())));
        try {
            Files.createDirectories(copy.resolve(TOOLS));
            return switch (tool.setUp(copy, report.files(), build, sources, shell)) {
                case Setup.Refused r -> new Instrumented.Off(r.why());
                case Setup.Ready ready -> new Instrumented.On(new TestCommand(command.shell(),
                        merged(command.extraEnv(), ready.env())), ready.how());
            };
        } catch (IOException | UncheckedIOException | RepofixException e) {
            return new Instrumented.Off("the coverage tools could not be set up: " + e.getMessage());
        }
    }

    /** Every line a run under coverage ran, by file, or why there is none. */
    private static LinesRun.Rerun lines(Coverage read, String tests) {
        return switch (read) {
            case Coverage.Unavailable u -> new LinesRun.Rerun.NotRun(u.why());
            case Coverage.Collected c -> {
                Map<String, java.util.Set<Integer>> lines = new java.util.TreeMap<>();
                c.spectra().lines().forEach(l -> lines.computeIfAbsent(l.file(), k -> new java.util.TreeSet<>())
                        .add(l.line()));
                yield new LinesRun.Rerun.Ran(lines, tests);
            }
        };
    }

    /**
     * A command for a candidate's run under coverage, and which tests it runs, for people.
     *
     * @param tests empty where they are those the coverage came from ({@link LinesRun#tests()})
     */
    record Chosen(TestCommand command, String tests) {}

    /**
     * The tests of the whole suite whose per-test coverage of the baseline ({@code reach}) names
     * a file of {@code edited}, as the build selects them in {@code copy}: a line of those files
     * that a passing test ran was run by one of them, so running only them loses nothing the
     * comparison reads. The whole suite ({@code suite}) where the reach is missing or incomplete,
     * where it names no such test (the data disagree: lines ran there), where every test reaches
     * them, or where the build cannot select them.
     */
    static Chosen chosen(BuildSystem build, Path copy, TestCommand suite, Optional<TestReach> reach,
            java.util.Set<String> edited) {
        if (reach.isEmpty()) {
            return new Chosen(suite, "the whole suite (no per-test reach of the baseline)");
        }
        if (reach.get().incomplete().isPresent()) {
            return new Chosen(suite, "the whole suite (the per-test coverage is incomplete: "
                    + reach.get().incomplete().get() + ")");
        }
        boolean python = reach.get().sourceSuffix().equals(".py");
        String unit = python ? "test file(s)" : "test class(es)";
        java.util.Set<String> all = new java.util.TreeSet<>();
        java.util.Set<String> reaching = new java.util.TreeSet<>();
        reach.get().files().forEach((cls, files) -> {
            // A nested class runs with its outer one (Surefire selects outer classes).
            String name = python ? cls : cls.replaceAll("\\$.*", "");
            if (name.isBlank()) {
                return;
            }
            all.add(name);
            if (files.stream().anyMatch(edited::contains)) {
                reaching.add(name);
            }
        });
        String files = String.join(", ", new java.util.TreeSet<>(edited));
        if (reaching.isEmpty()) {
            return new Chosen(suite, "the whole suite (no " + unit + " reached " + files + " in the per-test coverage)");
        }
        if (reaching.size() == all.size()) {
            return new Chosen(suite, "the whole suite (every " + unit.replace("(s)", "").replace("(es)", "")
                    + " reaches " + files + ")");
        }
        return build.selectedTestCommand(copy, null, List.copyOf(reaching))
                .map(c -> new Chosen(c, reaching.size() + " of " + all.size() + " " + unit + " (those whose coverage "
                        + "reaches " + files + ")"))
                .orElseGet(() -> new Chosen(suite, "the whole suite (" + build.name() + " cannot select " + unit + ")"));
    }

    /** The tests of {@code suite} (else the tool's own selection) under {@code tool} in {@code copy}, within {@code limit}. */
    private LinesRun.Rerun rerun(Tool tool, FailureReport report, SourceCache sources, Path copy,
            Optional<Chosen> suite, Duration limit) {
        BuildSystem build = report.build();
        Instant deadline = clock.instant().plus(limit);
        Shell shell = (script, extraEnv) -> {
            Duration left = Duration.between(clock.instant(), deadline);
            if (left.compareTo(Duration.ofSeconds(1)) < 0) {
                throw new ShareSpent();
            }
            return executor.run(report.environment().applyTo(Command.shell(script, copy,
                    CleanEnvironment.of(host, build.environmentNames(), extraEnv), left)
                    .withImage(build.sandboxImage())));
        };
        try {
            Files.createDirectories(copy.resolve(TOOLS));
            Optional<TestCommand> command = suite.map(Chosen::command).or(() -> tool.command(report, sources, copy));
            if (command.isEmpty()) {
                return new LinesRun.Rerun.NotRun("the tests that ran under coverage cannot be selected again");
            }
            return switch (tool.setUp(copy, report.files(), build, sources, shell)) {
                case Setup.Refused r -> new LinesRun.Rerun.NotRun(r.why());
                case Setup.Ready ready -> {
                    ExecResult run = shell.run(command.get().shell(), merged(command.get().extraEnv(), ready.env()));
                    if (run.outcome() instanceof ExecResult.Outcome.TimedOut) {
                        yield new LinesRun.Rerun.NotRun("the run under coverage did not finish in "
                                + Durations.format(limit));
                    }
                    yield lines(tool.readAll(copy, report, "", tail(run, 3)), suite.map(Chosen::tests).orElse(""));
                }
            };
        } catch (ShareSpent e) {
            return new LinesRun.Rerun.NotRun("no time left for a run under coverage (" + Durations.format(limit) + ")");
        } catch (IOException | UncheckedIOException | RepofixException e) {
            return new LinesRun.Rerun.NotRun("the run under coverage failed: " + e.getMessage());
        }
    }

    /** The coverage run of the failing and related tests, in a copy of its own, within its share of the budget. */
    private Coverage separateRun(FailureReport report, SourceCache sources) {
        BuildSystem build = report.build();
        Tool tool = toolFor(build);
        if (tool == null) {
            return new Coverage.Unavailable("no per-test coverage for " + build.name() + " builds yet");
        }
        Instant start = clock.instant();
        Share share = share(report.budget(), timeout, start);
        if (share.limit().compareTo(MIN_SHARE) < 0) {
            return new Coverage.Unavailable("no time for a coverage run: its share of the run's budget is "
                    + Durations.format(share.limit()) + " (" + share.why() + ")");
        }
        Instant deadline = start.plus(share.limit());
        Path copy = null;
        boolean[] cut = {false};
        try {
            copy = copyOf(report.files());
            Files.createDirectories(copy.resolve(TOOLS));
            Path dir = copy;
            Shell shell = (script, extraEnv) -> {
                Duration left = Duration.between(clock.instant(), deadline);
                if (left.compareTo(Duration.ofSeconds(1)) < 0) {
                    cut[0] = true;
                    throw new ShareSpent();
                }
                // In the environment the baseline ran in: the set-up's interpreter and packages.
                ExecResult r = executor.run(report.environment().applyTo(Command.shell(script, dir,
                        CleanEnvironment.of(host, build.environmentNames(), extraEnv), left)
                        .withImage(build.sandboxImage())));
                cut[0] |= r.outcome() instanceof ExecResult.Outcome.TimedOut;
                return r;
            };
            Coverage c = tool.collect(report, sources, copy, shell);
            if (cut[0] && c instanceof Coverage.Unavailable) {
                return outOf(share);
            }
            if (c instanceof Coverage.Collected got) {
                Duration elapsed = Duration.between(start, clock.instant());
                LOG.info("per-test coverage of {} ({}) took {} s", got.tests(), build.name(), elapsed.toSeconds());
                // A run cut short wrote the data of the tests that finished: their reach, not the suite's.
                return new Coverage.Collected(got.spectra(), elapsed, got.tests(), cut[0]
                        ? got.reach().map(r -> r.incompleteBecause("the coverage run was cut short"))
                        : got.reach());
            }
            return c;
        } catch (ShareSpent e) {
            return outOf(share);
        } catch (IOException | UncheckedIOException | RepofixException e) {
            return new Coverage.Unavailable("the coverage run failed: " + e.getMessage());
        } finally {
            if (copy != null) {
                deleteTree(copy);
            }
        }
    }

    /**
     * How long a coverage run started at {@code now} may take in all, and why that long:
     * {@value #SHARE_FACTOR} x the baseline's suite time (at least {@link #FLOOR}), at most half of what is left of the
     * run's budget, at most {@code commandTimeout} (--test-timeout). Without a run budget,
     * {@code commandTimeout}.
     */
    static Share share(Optional<RunBudget> budget, Duration commandTimeout, Instant now) {
        Share limit = new Share(commandTimeout, "--test-timeout");
        if (budget.isEmpty()) {
            return limit;
        }
        Duration suite = budget.get().suiteTime();
        Share scaled = suite.multipliedBy(SHARE_FACTOR).compareTo(FLOOR) < 0
                ? new Share(FLOOR, "at least " + Durations.format(FLOOR) + " for a coverage run, the baseline took "
                        + Durations.format(suite))
                : new Share(suite.multipliedBy(SHARE_FACTOR), SHARE_FACTOR + " x the baseline's "
                        + Durations.format(suite));
        Duration left = budget.get().left(now);
        Share half = new Share(left.dividedBy(2), "half of the " + Durations.format(left) + " left of --timeout");
        for (Share s : List.of(scaled, half)) {
            if (s.limit().compareTo(limit.limit()) < 0) {
                limit = s;
            }
        }
        return limit;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** A coverage run's share of the run's budget, and why it is that long, for people. */
    record Share(Duration limit, String why) {}

    private static Coverage outOf(Share share) {
        return new Coverage.Unavailable("the coverage run did not finish within its share of the run's budget ("
                + Durations.format(share.limit()) + ": " + share.why() + ")");
    }

    /** Thrown to a tool when a command of its would start with its share of the budget spent. */
    private static final class ShareSpent extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ShareSpent() {
            super("the coverage run's share of the budget is spent", null, false, false);
        }
    }

    /**
     * A copy of the workspace's files beside the pristine tree (inside the run's folder,
     * which a sandbox can mount). Links are left out: a test run must not reach through one
     * out of the copy.
     */
    private static Path copyOf(FileIndex files) throws IOException {
        Path parent = files.root().toAbsolutePath().normalize().getParent();
        Path copy = Files.createTempDirectory(parent, "copy-coverage-");
        FileTrees.copyRegularFiles(files, copy);
        return copy;
    }

    /** Deletes a folder of a coverage run (a copy, a tool's temporary tree); a failure is logged. */
    static void deleteTree(Path dir) {
        Workspace.deleteTree(dir);
    }

    /** The last lines of a command's output, for a reason that says what went wrong. */
    static String tail(ExecResult r, int lines) {
        String[] all = r.output().strip().split("\n");
        StringBuilder out = new StringBuilder();
        for (int i = Math.max(0, all.length - lines); i < all.length; i++) {
            out.append(all[i].strip()).append(i + 1 < all.length ? " | " : "");
        }
        return out.toString();
    }
}
