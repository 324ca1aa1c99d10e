package dev.repofix.testrun;

import dev.repofix.build.GoTestIds;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
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
 * as pytest reports a module that does not import. Bounded whatever the file holds: a line
 * past {@value ReportFile#MAX_LINE_CHARS} characters is skipped, each test's and package's
 * output keeps its first {@value #MAX_TRACE_CHARS} characters, all output held at once at most
 * {@value #MAX_HELD_CHARS}, and results go to the run's {@link ReportBudget}.
 */
final class GoTestJsonParser implements ReportParser {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** {@code    calc_test.go:12: got 3}: what {@code t.Errorf} and friends print. */
    private static final Pattern LOGGED = Pattern.compile("^\\s+[\\w./-]+\\.go:\\d+: (.*)$");
    private static final int MAX_TRACE_CHARS = 64 * 1024;
    /** Output of tests that have not ended and of packages, held together: thousands of parallel tests' worth. */
    static final int MAX_HELD_CHARS = 16 * 1024 * 1024;
    /** Packages, and tests running at once, whose state is held; the results of others keep no output. */
    static final int MAX_TRACKED = 10_000;
    private static final String KIND = "go test -json report";

    @Override
    public void parse(Path report, ReportBudget budget) {
        Packages packages = new Packages(budget);
        try (ReportFile.Lines in = ReportFile.lines(report, KIND)) {
            for (String line = in.next(); line != null; line = in.next()) {
                budget.tick();
                // A cut line is no JSON event; what test2json writes never comes near the cap.
                if (line.startsWith("{") && !in.lastWasCut()) {
                    packages.accept(event(line, report));
                }
            }
        } catch (IOException e) {
            throw ReportFile.unreadable(report, KIND, e);
        }
        packages.finish();
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

    /** The state of every package seen; the results of tests that ended go to the budget. */
    private static final class Packages {
        private final Map<String, PackageState> byPath = new LinkedHashMap<>();
        private final ReportBudget budget;
        /** Characters held in output not yet part of a result. */
        private long held;
        /** Tests started and not ended, in all packages. */
        private int running;

        Packages(ReportBudget budget) {
            this.budget = budget;
        }

        /** Appends what fits of {@code text} to {@code out}, within the per-text and the held caps. */
        private void hold(StringBuilder out, String text) {
            int room = (int) Math.min(MAX_TRACE_CHARS - out.length(), MAX_HELD_CHARS - held);
            if (room > 0) {
                int n = Math.min(room, text.length());
                out.append(text, 0, n);
                held += n;
            }
        }

        private void release(StringBuilder out) {
            held -= out.length();
        }

        void accept(JsonNode event) {
            String action = event.path("Action").asText("");
            if (action.equals("build-output") || action.equals("build-fail")) {
                // ImportPath is "pkg [pkg.test]" for the test binary of pkg.
                String pkg = event.path("ImportPath").asText("").split(" ", 2)[0];
                PackageState state = state(pkg);
                if (action.equals("build-output") && state != null) {
                    hold(state.buildOutput, event.path("Output").asText(""));
                }
                return;
            }
            String pkg = event.path("Package").asText("");
            if (pkg.isEmpty()) {
                return;
            }
            PackageState state = state(pkg);
            String test = event.path("Test").asText("");
            if (state == null) {
                untracked(pkg, test, action);
            } else if (test.isEmpty()) {
                packageEvent(state, action, event);
            } else {
                testEvent(state, test, action, event.path("Output").asText(""));
            }
        }

        /** The state of {@code pkg}; null when it is new and {@value #MAX_TRACKED} packages are held already. */
        private PackageState state(String pkg) {
            PackageState state = byPath.get(pkg);
            if (state == null && byPath.size() < MAX_TRACKED) {
                state = new PackageState(pkg);
                byPath.put(pkg, state);
            }
            return state;
        }

        /** A test whose output is not held (past the caps): its end still counts, without output. */
        private void untracked(String pkg, String test, String action) {
            if (test.isEmpty()) {
                return;
            }
            String id = GoTestIds.of(pkg, test);
            switch (action) {
                case "pass" -> budget.add(TestResult.passed(id));
                case "fail" -> budget.add(failure(id, TestStatus.FAILED, "", pkg));
                case "skip" -> budget.add(new TestResult(id, TestStatus.SKIPPED, "", "", List.of()));
                default -> { }
            }
        }

        private void packageEvent(PackageState state, String action, JsonNode event) {
            switch (action) {
                case "output" -> hold(state.output, event.path("Output").asText(""));
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
                if (running >= MAX_TRACKED) {
                    state.untracked = true;
                } else if (state.running.putIfAbsent(test, new StringBuilder()) == null) {
                    running++;
                }
                return;
            }
            StringBuilder out = state.running.get(test);
            if (out == null) {
                if (state.untracked) {
                    untracked(state.path, test, action);
                }
                return; // output after the test ended, or of a test whose start was cut off
            }
            switch (action) {
                case "output" -> {
                    if (!output.startsWith("=== ")) {
                        hold(out, output);
                    }
                }
                case "pass" -> end(state, test, TestStatus.PASSED);
                case "fail" -> end(state, test, TestStatus.FAILED);
                case "skip" -> end(state, test, TestStatus.SKIPPED);
                default -> { }
            }
        }

        private void end(PackageState state, String test, TestStatus status) {
            StringBuilder held = state.running.remove(test);
            running--;
            release(held);
            String output = held.toString();
            String id = GoTestIds.of(state.path, test);
            state.anyTestEnded = true;
            if (status == TestStatus.PASSED) {
                budget.add(TestResult.passed(id));
            } else if (status == TestStatus.SKIPPED) {
                budget.add(new TestResult(id, status, firstLogged(output).orElse(""), "", List.of()));
            } else {
                budget.add(failure(id, TestStatus.FAILED, output, state.path));
            }
        }

        void finish() {
            for (PackageState state : byPath.values()) {
                budget.tick();
                if (state.failedBuild || (state.failed && state.buildOutput.length() > 0)) {
                    budget.add(new TestResult(state.path, TestStatus.ERRORED, TestResult.COLLECTION_FAILURE,
                            (state.buildOutput.toString() + state.output).stripTrailing(), List.of()));
                    continue;
                }
                // A test that started and never ended: the binary died under it (os.Exit, a
                // timeout's panic, a crash); what the package printed says why.
                state.running.forEach((test, output) -> budget.add(failure(GoTestIds.of(state.path, test),
                        TestStatus.ERRORED, output.toString() + state.output, state.path)));
                if (state.failed && state.running.isEmpty() && !state.anyTestEnded) {
                    // Failed with no test: TestMain, an init panic, or a vet failure.
                    budget.add(failure(state.path, TestStatus.ERRORED, state.output.toString(), state.path));
                }
            }
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
        boolean anyTestEnded;
        /** Some of its tests started when {@value #MAX_TRACKED} were running already: their output is not held. */
        boolean untracked;

        PackageState(String path) {
            this.path = path;
        }
    }
}
