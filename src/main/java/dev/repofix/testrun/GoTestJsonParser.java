package dev.repofix.testrun;

import dev.repofix.build.GoTestIds;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code go test -json} output (test2json events, one JSON object a line), streaming:
 * only the output of tests that have not ended yet is held. Test ids are
 * {@code importpath#TestName}, nested subtests as Go names them ({@code TestX/case_name}).
 * A test's output (without the {@code === RUN} lines) is its trace, followed by the
 * package's {@code FAIL\timportpath} line, which tells {@link GoTrace} the package folder;
 * its first {@code file.go:12: message} line, or its {@code panic:} line, is its message.
 * A package whose test binary did not build is one ERRORED result named after the package
 * with {@link TestResult#COLLECTION_FAILURE} as message and the compiler's output as trace,
 * as pytest reports a module that does not import.
 */
final class GoTestJsonParser implements ReportParser {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** {@code    calc_test.go:12: got 3}: what {@code t.Errorf} and friends print. */
    private static final Pattern LOGGED = Pattern.compile("^\\s+[\\w./-]+\\.go:\\d+: (.*)$");
    private static final int MAX_TRACE_CHARS = 64 * 1024;

    @Override
    public List<TestResult> parse(Path report) {
        Packages packages = new Packages();
        try (BufferedReader in = ReportReader.open(report, "go test -json report")) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("{")) {
                    packages.accept(event(line, report));
                }
            }
        } catch (IOException e) {
            throw new ReportException("cannot read go test -json report " + report + ": " + e.getMessage(), e);
        }
        return packages.results();
    }

    private static JsonNode event(String line, Path report) {
        try {
            return JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new ReportException("not a go test -json event in " + report + ": " + abbreviate(line)
                    + "; the report must hold only what go test -json prints on stdout", e);
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 120) + "...";
    }

    /** The state of every package seen, and the results of tests that ended. */
    private static final class Packages {
        private final Map<String, PackageState> byPath = new LinkedHashMap<>();
        private final List<TestResult> results = new ArrayList<>();

        void accept(JsonNode event) {
            String action = event.path("Action").asText("");
            if (action.equals("build-output") || action.equals("build-fail")) {
                // ImportPath is "pkg [pkg.test]" for the test binary of pkg.
                String pkg = event.path("ImportPath").asText("").split(" ", 2)[0];
                if (action.equals("build-output")) {
                    state(pkg).buildOutput.append(event.path("Output").asText(""));
                }
                return;
            }
            String pkg = event.path("Package").asText("");
            if (pkg.isEmpty()) {
                return;
            }
            PackageState state = state(pkg);
            String test = event.path("Test").asText("");
            if (test.isEmpty()) {
                packageEvent(state, action, event);
            } else {
                testEvent(state, test, action, event.path("Output").asText(""));
            }
        }

        private PackageState state(String pkg) {
            return byPath.computeIfAbsent(pkg, PackageState::new);
        }

        private void packageEvent(PackageState state, String action, JsonNode event) {
            switch (action) {
                case "output" -> state.output.append(event.path("Output").asText(""));
                case "fail" -> {
                    state.failed = true;
                    state.failedBuild = event.hasNonNull("FailedBuild") || state.output.indexOf("[build failed]") >= 0
                            || state.output.indexOf("[setup failed]") >= 0;
                }
                default -> { }
            }
        }

        private void testEvent(PackageState state, String test, String action, String output) {
            if (action.equals("run")) {
                state.running.put(test, new StringBuilder());
                return;
            }
            StringBuilder out = state.running.get(test);
            if (out == null) {
                return; // output after the test ended, or of a test whose start was cut off
            }
            switch (action) {
                case "output" -> {
                    if (!output.startsWith("=== ") && out.length() < MAX_TRACE_CHARS) {
                        out.append(output);
                    }
                }
                case "pass" -> end(state, test, TestStatus.PASSED);
                case "fail" -> end(state, test, TestStatus.FAILED);
                case "skip" -> end(state, test, TestStatus.SKIPPED);
                default -> { }
            }
        }

        private void end(PackageState state, String test, TestStatus status) {
            String output = state.running.remove(test).toString();
            String id = GoTestIds.of(state.path, test);
            if (status == TestStatus.PASSED) {
                results.add(TestResult.passed(id));
            } else if (status == TestStatus.SKIPPED) {
                results.add(new TestResult(id, status, firstLogged(output).orElse(""), "", List.of()));
            } else {
                results.add(failure(id, TestStatus.FAILED, output, state.path));
            }
        }

        List<TestResult> results() {
            List<TestResult> out = new ArrayList<>(results);
            for (PackageState state : byPath.values()) {
                if (state.failedBuild || (state.failed && state.buildOutput.length() > 0)) {
                    out.add(new TestResult(state.path, TestStatus.ERRORED, TestResult.COLLECTION_FAILURE,
                            (state.buildOutput.toString() + state.output).stripTrailing(), List.of()));
                    continue;
                }
                // A test that started and never ended: the binary died under it (os.Exit, a
                // timeout's panic, a crash); what the package printed says why.
                state.running.forEach((test, output) -> out.add(failure(GoTestIds.of(state.path, test),
                        TestStatus.ERRORED, output.toString() + state.output, state.path)));
                if (state.failed && state.running.isEmpty() && !state.anyTestEnded(results)) {
                    // Failed with no test: TestMain, an init panic, or a vet failure.
                    out.add(failure(state.path, TestStatus.ERRORED, state.output.toString(), state.path));
                }
            }
            return out;
        }

        private static TestResult failure(String id, TestStatus status, String output, String pkg) {
            String message = firstLogged(output).or(() -> panicLine(output)).orElse("test failed");
            String trace = output.stripTrailing() + "\nFAIL\t" + pkg;
            return new TestResult(id, status, message, trace, List.of());
        }
    }

    private static Optional<String> firstLogged(String output) {
        return output.lines().map(LOGGED::matcher).filter(Matcher::matches).map(m -> m.group(1).strip()).findFirst();
    }

    private static Optional<String> panicLine(String output) {
        return output.lines().filter(l -> l.startsWith("panic: ")).findFirst();
    }

    private static final class PackageState {
        final String path;
        final StringBuilder output = new StringBuilder();
        final StringBuilder buildOutput = new StringBuilder();
        /** Output of tests that started and have not ended, by test name, in start order. */
        final Map<String, StringBuilder> running = new LinkedHashMap<>();
        boolean failed;
        boolean failedBuild;

        PackageState(String path) {
            this.path = path;
        }

        boolean anyTestEnded(List<TestResult> ended) {
            String prefix = path + "#";
            return ended.stream().anyMatch(r -> r.id().startsWith(prefix));
        }
    }
}
