package dev.repofix.repair.localize;

import static dev.repofix.repair.FixtureRepo.failed;
import static dev.repofix.repair.FixtureRepo.frame;
import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.CustomBuild;
import dev.repofix.build.PytestBuild;
import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.repair.FixtureRepo;
import dev.repofix.repair.localize.CoverageOverheads.Measured;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.TestInstrumentation.Instrumented;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whether the baseline runs under per-test coverage, and localization reading what it left
 * instead of running tests of its own: the choice (no tool for the build, a project whose
 * suite instrumentation slowed by more seconds than a separate coverage run costs), the command the
 * baseline gets, and the fall-back to a coverage run when the baseline left no data.
 */
class BaselineCoverageTest {
    private static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");
    private static final String PROJECT = "https://example.org/shop.git";
    private static final String FAILING = "tests/test_price.py::test_price";

    @TempDir
    Path temp;

    private final List<String> scripts = new CopyOnWriteArrayList<>();
    private final Executor executor = c -> {
        scripts.add(String.join(" ", c.argv()));
        return new ExecResult(new ExecResult.Outcome.Exited(0), "", Duration.ofMillis(1));
    };
    private FixtureRepo repo;
    private Path copy;

    @BeforeEach
    void project() throws IOException {
        repo = new FixtureRepo(temp.resolve("repo"), new PytestBuild())
                .lines("pytest.ini", "[pytest]")
                .lines("shop/price.py", "def price(n):", "    return n * 2 + 1")
                .lines("tests/test_price.py", "from shop.price import price", "", "def test_price():",
                        "    assert price(2) == 4", "", "def test_zero():", "    assert price(0) >= 0")
                .passing("tests/test_price.py::test_zero");
        copy = Files.createDirectories(temp.resolve("work/copy-baseline"));
    }

    @Test
    void aProjectNeverTimedIsInstrumented() {
        assertThat(CoverageOverheads.keepSeparate(Optional.empty(), NOW)).isEmpty();
    }

    @Test
    void aSlowdownCheaperThanTheSeparateRunKeepsTheBaselineInstrumented() {
        // 40 s plain, 58 s instrumented: 18 s added, within the 2 s + 20 s a separate run costs.
        assertThat(CoverageOverheads.keepSeparate(Optional.of(measured(58_000, 40_000, NOW.minusSeconds(60))), NOW))
                .isEmpty();
    }

    @Test
    void aSmallSuitesHighRatioIsWeighedInSecondsNotAsARatio() {
        // The 3 s suite that measured 1.58 x: 1.7 s added, less than the separate run's 2 s + 1.5 s.
        Measured small = measured(4_740, 3_000, NOW.minusSeconds(60));

        assertThat(small.factor()).isGreaterThan(1.5);
        assertThat(CoverageOverheads.keepSeparate(Optional.of(small), NOW)).isEmpty();
        assertThat(CoverageOverheads.describe(small.instrumented(), small.plain()))
                .contains("1.58 x, 1.7 s more; within the about 3.5 s a separate coverage run costs");
    }

    @Test
    void moreSecondsAddedThanTheSeparateRunCostsKeepsTheSeparateRunAndSaysByHowMuch() {
        Optional<String> why = CoverageOverheads.keepSeparate(Optional.of(measured(36_000, 20_000,
                NOW.minus(Duration.ofHours(2)))), NOW);

        assertThat(why).hasValueSatisfying(w -> assertThat(w).contains("1.80 x").contains("16.0 s more")
                .contains("about 12.0 s"));
    }

    @Test
    void aMeasurementOlderThanAWeekIsNotTrusted() {
        assertThat(CoverageOverheads.keepSeparate(Optional.of(measured(60_000, 20_000,
                NOW.minus(Duration.ofDays(8)))), NOW)).isEmpty();
    }

    @Test
    void theCostNoteSaysWhatTheNextRunsWillDo() {
        assertThat(CoverageOverheads.describe(Duration.ofSeconds(22), Duration.ofSeconds(20)))
                .contains("22.0 s").contains("20.0 s").contains("1.10 x, 2.0 s more; within the about 12.0 s");
        assertThat(CoverageOverheads.describe(Duration.ofSeconds(40), Duration.ofSeconds(20)))
                .contains("2.00 x, 20.0 s more; more than the about 12.0 s a separate coverage run costs: the next "
                        + "runs of this project run a plain baseline");
    }

    @Test
    void aRecordOfTheOlderRatioOnlyFormIsNotRead() throws IOException {
        Path dir = temp.resolve("cache/coverage-overhead");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(CoverageOverheads.key(PROJECT, "pytest")), "1.7500 1700000000\n");

        assertThat(new CoverageOverheads(Optional.of(dir)).last(PROJECT, "pytest")).isEmpty();
    }

    private static Measured measured(long instrumentedMs, long plainMs, Instant at) {
        return new Measured(Duration.ofMillis(instrumentedMs), Duration.ofMillis(plainMs), at);
    }

    @Test
    void aKeptMeasurementIsReadBackUnderAHashNotTheProjectsPath() throws IOException {
        Path dir = temp.resolve("cache/coverage-overhead");
        CoverageOverheads kept = new CoverageOverheads(Optional.of(dir));

        kept.keep(PROJECT, "pytest", measured(5_250, 3_000, NOW));

        assertThat(kept.last(PROJECT, "pytest")).contains(measured(5_250, 3_000, NOW));
        assertThat(kept.last(PROJECT, "maven")).isEmpty();
        assertThat(new CoverageOverheads(Optional.empty()).last(PROJECT, "pytest")).isEmpty();
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).singleElement().asString()
                    .matches("[0-9a-f]{32}\\.txt");
        }
    }

    @Test
    void aToolsVariablesGoAfterTheCommandsOwnAndItsPythonPathFirst() {
        Map<String, String> merged = CoverageRuns.merged(
                Map.of("PYTEST_ADDOPTS", "--junitxml=r.xml", "PYTHONPATH", "src", "JAVA_TOOL_OPTIONS", "-Xss2m"),
                Map.of("PYTEST_ADDOPTS", "-p plugin", "PYTHONPATH", "tools", "JAVA_TOOL_OPTIONS", "-javaagent:a.jar",
                        "OUT", "data.json"));

        assertThat(merged).containsExactlyInAnyOrderEntriesOf(Map.of("PYTEST_ADDOPTS", "--junitxml=r.xml -p plugin",
                "PYTHONPATH", "tools:src", "JAVA_TOOL_OPTIONS", "-Xss2m -javaagent:a.jar", "OUT", "data.json"));
    }

    /** The one run: the baseline's command gets the plugin, and localization reads its data without running a test. */
    @Test
    void localizationReadsTheInstrumentedBaselinesCoverageAndRunsNoTest() throws IOException {
        CoverageRuns runs = runs(Optional.empty());
        TestCommand command = new TestCommand("python3 -m pytest", Map.of("PYTEST_ADDOPTS", "--junitxml=r.xml"));

        Instrumented instrumented = runs.instrument(PROJECT, copy, new PytestBuild(), command, repo.files(),
                PreparedEnvironment.none());

        assertThat(instrumented).isInstanceOfSatisfying(Instrumented.On.class, on -> {
            assertThat(on.command().shell()).isEqualTo("python3 -m pytest");
            assertThat(on.command().extraEnv()).containsEntry("PYTEST_ADDOPTS",
                    "--junitxml=r.xml -p " + PytestCoverage.PLUGIN);
        });
        // What the plugin writes at the end of the baseline's pytest session.
        Files.writeString(copy.resolve(CoverageRuns.TOOLS).resolve(PytestCoverage.DATA), """
                {"outcomes": {"%1$s": "failed", "tests/test_price.py::test_zero": "passed"},
                 "files": {"shop/price.py": {"2": ["%1$s", "tests/test_price.py::test_zero"]}}}
                """.formatted(FAILING));
        scripts.clear();

        Coverage c = runs.collect(report(), new SourceCache(repo.files()));

        assertThat(c).isInstanceOfSatisfying(Coverage.Collected.class, got -> {
            assertThat(got.origin()).isEqualTo(Coverage.Origin.BASELINE);
            assertThat(got.spectra().totalFailed()).isEqualTo(1);
            assertThat(got.spectra().totalPassed()).isEqualTo(1);
            assertThat(got.tests()).contains("of the whole suite");
        });
        assertThat(scripts).as("no command at all: no coverage run").isEmpty();
    }

    /**
     * A candidate's deciding run gets the tools the baseline ran under, set up in its own copy, and
     * the lines it ran are read from that copy: the check of the lines a fix stops running runs no test.
     */
    @Test
    void aCandidatesDecidingRunRunsUnderTheBaselinesToolsAndItsLinesAreReadFromItsCopy() throws IOException {
        CoverageRuns runs = runs(Optional.empty());
        TestCommand command = new TestCommand("python3 -m pytest", Map.of("PYTEST_ADDOPTS", "--junitxml=r.xml"));
        runs.instrument(PROJECT, copy, new PytestBuild(), command, repo.files(), PreparedEnvironment.none());
        Files.writeString(copy.resolve(CoverageRuns.TOOLS).resolve(PytestCoverage.DATA), """
                {"outcomes": {"%1$s": "failed", "tests/test_price.py::test_zero": "passed"},
                 "files": {"shop/price.py": {"2": ["%1$s", "tests/test_price.py::test_zero"]}}}
                """.formatted(FAILING));
        SourceCache sources = new SourceCache(repo.files());
        Coverage.Collected collected = (Coverage.Collected) runs.collect(report(), sources);
        dev.repofix.testrun.LinesRun lines = runs.linesRun(report(), sources, collected).orElseThrow();
        Path candidate = Files.createDirectories(temp.resolve("work/copy-c3-a"));
        scripts.clear();

        Instrumented deciding = lines.instrument(candidate, command);
        // What the plugin writes at the end of the candidate's deciding run: both tests ran line 1 only.
        Files.writeString(candidate.resolve(CoverageRuns.TOOLS).resolve(PytestCoverage.DATA), """
                {"outcomes": {"%1$s": "passed", "tests/test_price.py::test_zero": "passed"},
                 "files": {"shop/price.py": {"1": ["%1$s", "tests/test_price.py::test_zero"]}}}
                """.formatted(FAILING));
        dev.repofix.testrun.LinesRun.Rerun read = lines.read(candidate, "the whole suite in the deciding run");

        assertThat(deciding).isInstanceOfSatisfying(Instrumented.On.class, on -> {
            assertThat(on.command().shell()).isEqualTo("python3 -m pytest");
            assertThat(on.command().extraEnv()).containsEntry("PYTEST_ADDOPTS",
                    "--junitxml=r.xml -p " + PytestCoverage.PLUGIN)
                    .containsEntry("REPOFIX_COVERAGE_SOURCE", candidate.toAbsolutePath().toString());
        });
        assertThat(read).isEqualTo(new dev.repofix.testrun.LinesRun.Rerun.Ran(Map.of("shop/price.py",
                java.util.Set.of(1)), "the whole suite in the deciding run"));
        assertThat(scripts).as("no test run: only the tool's set-up").noneMatch(s -> s.contains("-m pytest"));
    }

    @Test
    void aBaselineThatLeftNoCoverageFallsBackToACoverageRunOfItsOwnAndSaysWhy() {
        CoverageRuns runs = runs(Optional.empty());
        runs.instrument(PROJECT, copy, new PytestBuild(), new TestCommand("python3 -m pytest", Map.of()),
                repo.files(), PreparedEnvironment.none());
        scripts.clear();

        Coverage c = runs.collect(report(), new SourceCache(repo.files()));

        assertThat(scripts).as("the coverage run of the failing test's file").anyMatch(s -> s.contains("pytest"));
        assertThat(c).isInstanceOfSatisfying(Coverage.Unavailable.class, u -> assertThat(u.why())
                .contains("(the instrumented baseline's coverage: pytest under coverage wrote no coverage data: the baseline's output says more")
                .doesNotContain("null"));
    }

    @Test
    void aProjectWhoseSuiteInstrumentationAddedMoreThanASeparateRunRunsItsBaselinePlain() {
        CoverageRuns runs = runs(Optional.of(temp.resolve("cache")));
        Optional<String> note = runs.measured(PROJECT, new PytestBuild(), Duration.ofSeconds(50),
                Duration.ofSeconds(20));

        Instrumented next = runs.instrument(PROJECT, copy, new PytestBuild(), new TestCommand("python3 -m pytest",
                Map.of()), repo.files(), PreparedEnvironment.none());
        Instrumented other = runs.instrument("https://example.org/other.git", copy, new PytestBuild(),
                new TestCommand("python3 -m pytest", Map.of()), repo.files(), PreparedEnvironment.none());

        assertThat(note).hasValueSatisfying(n -> assertThat(n).contains("2.50 x, 30.0 s more; more than the about 12.0 s"));
        assertThat(next).isInstanceOfSatisfying(Instrumented.Off.class, off -> assertThat(off.why())
                .contains("slowed this project's suite 2.50 x").contains("runs the failing and related tests again"));
        assertThat(other).as("another project is not judged by this one").isInstanceOf(Instrumented.On.class);
    }

    @Test
    void aBuildWithNoCoverageToolRunsItsBaselinePlainAndSaysSo() {
        Instrumented i = runs(Optional.empty()).instrument(PROJECT, copy, new CustomBuild("make check"),
                new TestCommand("make check", Map.of()), repo.files(), PreparedEnvironment.none());

        assertThat(i).isInstanceOfSatisfying(Instrumented.Off.class, off -> assertThat(off.why())
                .startsWith("no per-test coverage for ").endsWith(" builds yet"));
        assertThat(scripts).isEmpty();
    }

    private CoverageRuns runs(Optional<Path> toolCache) {
        return new CoverageRuns(executor, new HostEnvironment(Map.of()), Duration.ofMinutes(1),
                Clock.fixed(NOW, ZoneOffset.UTC), toolCache);
    }

    private FailureReport report() {
        return repo.report(failed(FAILING, "assert 5 == 4", "trace", frame("tests/test_price.py", 4, "test_price"),
                frame("shop/price.py", 2, "price")));
    }
}
