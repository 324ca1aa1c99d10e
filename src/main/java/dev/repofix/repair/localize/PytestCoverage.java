package dev.repofix.repair.localize;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.exec.ExecResult;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.TestReach;
import dev.repofix.workspace.ConfinedReader;
import dev.repofix.workspace.FileIndex;
import dev.repofix.workspace.FileRead;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * pytest under coverage.py with one dynamic context per test, through a small plugin
 * repofix ships ({@code repofix_coverage_plugin.py}). coverage.py is the one the test
 * environment has, else one pip installed once per interpreter into repofix's own cache and
 * copied into the copy's tools folder ({@link CoveragePyInstall}): never into the user's
 * environment. Where neither works (offline, no pip), there is no coverage.
 */
final class PytestCoverage implements CoverageRuns.Tool {
    /** Coverage data past this is more than a run's suspected lines need. */
    private static final long MAX_DATA_BYTES = 512L * 1024 * 1024;
    static final String PLUGIN = "repofix_coverage_plugin";
    /** The plugin's output in the tools folder. */
    static final String DATA = "coverage.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final CoveragePyInstall install;

    /** @param install where coverage.py comes from when the test environment has none */
    PytestCoverage(CoveragePyInstall install) {
        this.install = install;
    }

    @Override
    public Coverage collect(FailureReport report, SourceCache sources, Path copy, CoverageRuns.Shell shell) {
        List<String> files = RelatedTests.files(report, sources, ".py");
        if (files.isEmpty()) {
            return new Coverage.Unavailable("the failing tests' files were not found in the repository");
        }
        Optional<TestCommand> selected = command(report, sources, copy);
        if (selected.isEmpty()) {
            return new Coverage.Unavailable("pytest cannot select the failing tests' files");
        }
        return switch (setUp(copy, report.files(), report.build(), sources, shell)) {
            case CoverageRuns.Setup.Refused r -> new Coverage.Unavailable(r.why());
            case CoverageRuns.Setup.Ready ready -> {
                ExecResult run = shell.run(selected.get().shell(), CoverageRuns.merged(selected.get().extraEnv(),
                        ready.env()));
                Coverage c = read(copy, report, "from " + files.size() + " test file(s)", CoverageRuns.tail(run, 3));
                yield c instanceof Coverage.Collected got
                        ? new Coverage.Collected(got.spectra(), got.elapsed(), got.tests()
                                + (ready.how().equals(HOW) ? "" : " " + ready.how().substring(HOW.length()).strip()),
                                got.reach().map(r -> r.incompleteBecause("only the failing tests' files ran under "
                                        + "coverage")))
                        : c;
            }
        };
    }

    @Override
    public Optional<TestCommand> command(FailureReport report, SourceCache sources, Path copy) {
        List<String> files = RelatedTests.files(report, sources, ".py");
        return files.isEmpty() ? Optional.empty() : report.build().selectedTestCommand(copy, null, files);
    }

    /** What the set-up says of itself; an install of coverage.py adds how it got there, in parentheses. */
    private static final String HOW = "coverage.py with a context per pytest test";

    /**
     * coverage.py (the environment's, else installed into the tools folder) and the plugin,
     * and the variables that load them into a pytest run in {@code copy}.
     */
    @Override
    public CoverageRuns.Setup setUp(Path copy, FileIndex files, BuildSystem build, SourceCache sources,
            CoverageRuns.Shell shell) {
        Path tools = copy.resolve(CoverageRuns.TOOLS).toAbsolutePath();
        String how = HOW;
        Optional<CoveragePyInstall.Outcome> got = install.ensure(tools.resolve("lib"), shell);
        if (got.isPresent()) {
            switch (got.get()) {
                case CoveragePyInstall.Outcome.Failed f -> {
                    return new CoverageRuns.Setup.Refused(f.why());
                }
                case CoveragePyInstall.Outcome.Ready r -> how = HOW + " (coverage.py " + r.how() + ")";
            }
        }
        try (InputStream in = PytestCoverage.class.getResourceAsStream(PLUGIN + ".py")) {
            Files.write(tools.resolve(PLUGIN + ".py"), in.readAllBytes());
        } catch (IOException e) {
            return new CoverageRuns.Setup.Refused("cannot write the coverage plugin: " + e.getMessage());
        }
        return new CoverageRuns.Setup.Ready(Map.of("PYTEST_ADDOPTS", "-p " + PLUGIN,
                "PYTHONPATH", tools.resolve("lib") + ":" + tools,
                "REPOFIX_COVERAGE_SOURCE", copy.toAbsolutePath().toString(),
                "REPOFIX_COVERAGE_OUT", tools.resolve(DATA).toString()), how);
    }

    @Override
    public Coverage read(Path copy, FailureReport report, String tests, String log) {
        return read(copy, report, tests, log, true);
    }

    @Override
    public Coverage readAll(Path copy, FailureReport report, String tests, String log) {
        return read(copy, report, tests, log, false);
    }

    private Coverage read(Path copy, FailureReport report, String tests, String log, boolean needFailure) {
        Path out = copy.resolve(CoverageRuns.TOOLS).resolve(DATA).toAbsolutePath();
        // The tests ran in the copy and may have put a link, a device or a fifo where the data goes.
        FileRead data = new ConfinedReader(copy).read(out, MAX_DATA_BYTES);
        if (data instanceof FileRead.Refused r) {
            return new Coverage.Unavailable(r.reason() == FileRead.Reason.MISSING
                    ? "pytest under coverage wrote no coverage data: " + log
                    : "pytest's coverage data was not read: " + r.reason().describe());
        }
        try {
            return spectra(JSON.readTree(((FileRead.Content) data).bytes()), report, tests, needFailure);
        } catch (IOException e) {
            return new Coverage.Unavailable("cannot read pytest's coverage data: " + e.getMessage());
        }
    }

    /** The plugin's JSON ({@code outcomes}: node id to outcome; {@code files}: file to line to node ids) as spectra. */
    static Coverage spectra(JsonNode data, FailureReport report, int testFiles) {
        return spectra(data, report, "from " + testFiles + " test file(s)");
    }

    /** @param tests which tests ran, for people */
    static Coverage spectra(JsonNode data, FailureReport report, String tests) {
        return spectra(data, report, tests, true);
    }

    /** @param needFailure whether a run with no failing test gives no spectra (they could not tell lines apart) */
    static Coverage spectra(JsonNode data, FailureReport report, String tests, boolean needFailure) {
        Set<String> failed = new HashSet<>();
        Set<String> passed = new HashSet<>();
        data.path("outcomes").fields().forEachRemaining(e -> {
            switch (e.getValue().asText()) {
                case "failed" -> failed.add(e.getKey());
                case "passed" -> passed.add(e.getKey());
                default -> { } // skipped tests say nothing about a line
            }
        });
        if (failed.isEmpty() && needFailure) {
            return new Coverage.Unavailable("no test failed under coverage, so coverage cannot tell lines apart");
        }
        List<Spectra.LineSpectrum> lines = new java.util.ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> files = data.path("files").fields(); files.hasNext();) {
            Map.Entry<String, JsonNode> file = files.next();
            if (!report.files().contains(file.getKey())) {
                continue;
            }
            file.getValue().fields().forEachRemaining(line -> {
                int f = 0;
                int p = 0;
                for (JsonNode test : line.getValue()) {
                    f += failed.contains(test.asText()) ? 1 : 0;
                    p += passed.contains(test.asText()) ? 1 : 0;
                }
                if (f + p > 0) {
                    lines.add(new Spectra.LineSpectrum(file.getKey(), Integer.parseInt(line.getKey()), f, p));
                }
            });
        }
        return new Coverage.Collected(new Spectra(lines, failed.size(), passed.size(), Spectra.Tracing.LINES),
                java.time.Duration.ZERO,
                failed.size() + " failing and " + passed.size() + " passing pytest test(s) " + tests,
                Optional.of(reach(data)));
    }

    /**
     * Which files each test file's tests ran, and the lines only tests ran: a line that also ran
     * in the empty context (at import, in collection, between tests) is left out, so a change to
     * it reaches every test. Data of an older plugin with no {@code outside} lines: no line is
     * said to be only the tests'.
     */
    static TestReach reach(JsonNode data) {
        Map<String, Set<String>> files = new TreeMap<>();
        data.path("outcomes").fieldNames().forEachRemaining(id -> files.computeIfAbsent(TestReach.testClass(id),
                k -> new TreeSet<>()));
        Map<String, Set<Integer>> testOnly = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = data.path("files").fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> file = it.next();
            Set<Integer> outside = new HashSet<>();
            data.path("outside").path(file.getKey()).forEach(n -> outside.add(n.asInt()));
            boolean known = data.path("outside").has(file.getKey());
            Set<Integer> lines = new TreeSet<>();
            file.getValue().fields().forEachRemaining(line -> {
                int n = Integer.parseInt(line.getKey());
                if (known && !outside.contains(n)) {
                    lines.add(n);
                }
                line.getValue().forEach(test -> files.computeIfAbsent(TestReach.testClass(test.asText()),
                        k -> new TreeSet<>()).add(file.getKey()));
            });
            testOnly.put(file.getKey(), lines);
        }
        return new TestReach(files, Optional.empty(), "coverage.py", ".py", Optional.of(testOnly));
    }
}
