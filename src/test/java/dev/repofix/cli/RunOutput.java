package dev.repofix.cli;

import dev.repofix.app.Environment;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.config.HostEnvironment;
import dev.repofix.env.SharedEnvironmentCache;
import dev.repofix.report.ReportSchema;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@code repofix} invocation in-process: exit code, stdout, stderr and the JSON report.
 * Tests run as local processes unless the arguments say {@code --sandbox}: the quick
 * suite must not depend on a Docker engine being there, or not. The cache folder is the
 * build's {@link SharedEnvironmentCache} unless the test sets {@code REPOFIX_CACHE_DIR} or
 * passes {@code --cache-dir}.
 */
record RunOutput(int exitCode, String stdout, String stderr, Path outDir) {
    private static final ReportSchema SCHEMA = new ReportSchema();

    static RunOutput run(Path tempDir, Path outDir, String... args) {
        return run(tempDir, outDir, Map.of(), args);
    }

    /** A run with {@code extra} variables on top of this process's environment. */
    static RunOutput run(Path tempDir, Path outDir, Map<String, String> extra, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Map<String, String> vars = new HashMap<>(System.getenv());
        vars.putAll(extra);
        vars.putIfAbsent("REPOFIX_SANDBOX", "local");
        // Set-ups and fetched tools go to the build's shared cache, not the user's: reused across classes.
        SharedEnvironmentCache.variables().forEach(vars::putIfAbsent);
        Environment env = new Environment(new HostEnvironment(vars), Clock.systemUTC(), tempDir, false);
        int code = Cli.run(args, new PrintWriter(out, true), new PrintWriter(err, true), env);
        RunOutput run = new RunOutput(code, out.toString(), err.toString(), outDir);
        run.checkReportSchema();
        return run;
    }

    /** Every report a test run writes must match docs/report.schema.json. */
    private void checkReportSchema() {
        Path report = outDir.resolve("report.json");
        if (!Files.isRegularFile(report)) {
            return;
        }
        List<String> problems = SCHEMA.problems(report());
        if (!problems.isEmpty()) {
            throw new AssertionError("report.json does not match docs/report.schema.json: " + problems);
        }
    }

    JsonNode report() {
        try {
            return new ObjectMapper().readTree(Files.readString(outDir.resolve("report.json")));
        } catch (IOException e) {
            throw new UncheckedIOException("no readable report.json; stderr was:\n" + stderr, e);
        }
    }
}
