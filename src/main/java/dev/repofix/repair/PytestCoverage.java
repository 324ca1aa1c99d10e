package dev.repofix.repair;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.build.TestCommand;
import dev.repofix.exec.ExecResult;
import dev.repofix.testrun.FailureReport;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * pytest under coverage.py with one dynamic context per test, through a small plugin
 * repofix ships ({@code repofix_coverage_plugin.py}). coverage.py is the one the test
 * environment has, else installed with pip into the copy's tools folder: never into the
 * user's environment. Where neither works (offline, no pip), there is no coverage.
 */
final class PytestCoverage implements CoverageRuns.Tool {
    static final String PLUGIN = "repofix_coverage_plugin";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public Coverage collect(FailureReport report, SourceCache sources, Path copy, CoverageRuns.Shell shell) {
        Path tools = copy.resolve(CoverageRuns.TOOLS).toAbsolutePath();
        List<String> files = RelatedTests.files(report, sources, ".py");
        if (files.isEmpty()) {
            return new Coverage.Unavailable("the failing tests' files were not found in the repository");
        }
        Optional<TestCommand> selected = report.build().selectedTestCommand(copy, null, files);
        if (selected.isEmpty()) {
            return new Coverage.Unavailable("pytest cannot select the failing tests' files");
        }
        try {
            ExecResult install = shell.run("python3 -c 'import coverage' 2>/dev/null || python3 -m pip install --quiet "
                    + "--disable-pip-version-check --no-input --retries 0 --timeout 20 --target "
                    + CoverageRuns.TOOLS + "/lib coverage", Map.of());
            if (!install.succeeded()) {
                return new Coverage.Unavailable("coverage.py is not installed and pip could not install it into the "
                        + "run's folder (offline?): " + CoverageRuns.tail(install, 3));
            }
            try (InputStream in = PytestCoverage.class.getResourceAsStream(PLUGIN + ".py")) {
                Files.write(tools.resolve(PLUGIN + ".py"), in.readAllBytes());
            }
            Path out = tools.resolve("coverage.json");
            Map<String, String> env = new HashMap<>(selected.get().extraEnv());
            env.merge("PYTEST_ADDOPTS", "-p " + PLUGIN, (a, b) -> a + " " + b);
            env.merge("PYTHONPATH", tools.resolve("lib") + ":" + tools, (a, b) -> b + ":" + a);
            env.put("REPOFIX_COVERAGE_SOURCE", copy.toAbsolutePath().toString());
            env.put("REPOFIX_COVERAGE_OUT", out.toString());
            ExecResult run = shell.run(selected.get().shell(), env);
            if (!Files.isRegularFile(out)) {
                return new Coverage.Unavailable("pytest under coverage wrote no coverage data: "
                        + CoverageRuns.tail(run, 3));
            }
            return spectra(JSON.readTree(out.toFile()), report, files.size());
        } catch (IOException e) {
            return new Coverage.Unavailable("cannot read pytest's coverage data: " + e.getMessage());
        }
    }

    /** The plugin's JSON ({@code outcomes}: node id to outcome; {@code files}: file to line to node ids) as spectra. */
    static Coverage spectra(JsonNode data, FailureReport report, int testFiles) {
        Set<String> failed = new HashSet<>();
        Set<String> passed = new HashSet<>();
        data.path("outcomes").fields().forEachRemaining(e -> {
            switch (e.getValue().asText()) {
                case "failed" -> failed.add(e.getKey());
                case "passed" -> passed.add(e.getKey());
                default -> { } // skipped tests say nothing about a line
            }
        });
        if (failed.isEmpty()) {
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
                failed.size() + " failing and " + passed.size() + " passing pytest test(s) from " + testFiles
                        + " test file(s)");
    }
}
