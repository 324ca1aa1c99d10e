package dev.repofix.testrun;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what {@code cargo test} prints (libtest's text, cargo's own lines merged in),
 * line by line: each test binary ({@code Running unittests src/lib.rs (target/debug/deps/calc-1f2e)},
 * {@code Running tests/api.rs (...)}, {@code Doc-tests calc}), its {@code test name ... ok|FAILED|ignored}
 * lines and its failures' output ({@code ---- name stdout ----}), which is the failed test's
 * trace; the panic's message is its message. Ids are {@code binary::name}, the binary being
 * the crate of the test executable ({@code calc}, {@code api}; {@code doc:calc} for doc-tests),
 * so a unit test and an integration test of the same name stay apart. Code that does not
 * compile ({@code error: could not compile `calc` (lib test)}) is one collection failure
 * named after the target, its trace the compiler's errors, as pytest reports a module that
 * does not import. Bounded whatever the output holds: results go to the run's
 * {@link ReportBudget}; of a binary's tests at most {@value #MAX_HELD_TESTS} wait for its end
 * (the rest go on at once) and only failures the budget keeps collect their output, each
 * at most {@value #MAX_TRACE_CHARS} characters and {@value GoTestJsonParser#MAX_HELD_CHARS}
 * in all; a line longer than {@value TapReportParser#MAX_STRUCTURE_CHARS} is text only.
 */
final class CargoLibtestParser implements ReportParser {
    private static final Pattern RUNNING = Pattern.compile("^\\s*Running (?:unittests )?(\\S+) \\((\\S+)\\)\\s*$");
    private static final Pattern DOC_TESTS = Pattern.compile("^\\s*Doc-tests (\\S+)\\s*$");
    private static final Pattern TEST_LINE = Pattern.compile("^test (.+?)(?: - should panic)? \\.\\.\\. (ok|FAILED|ignored)\\b.*$");
    private static final Pattern FAILURE_HEADER = Pattern.compile("^---- (.+?)(?: - should panic)? stdout ----$");
    private static final Pattern COMPILE_ERROR = Pattern.compile("^error(?:\\[E\\d+])?: (?!could not compile)");
    private static final Pattern COULD_NOT_COMPILE = Pattern.compile("^error: could not compile `([^`]+)`(?: \\(([^)]+)\\))?");
    /** New rustc: {@code thread 'name' (123) panicked at src/lib.rs:10:5:} then the message; old: {@code panicked at 'msg', src/lib.rs:10:5}. */
    private static final Pattern PANIC_NEW = Pattern.compile("^thread '[^']*'(?: \\(\\d+\\))? panicked at [^\\s]+:\\d+:\\d+:$");
    private static final Pattern PANIC_OLD = Pattern.compile("^thread '[^']*'(?: \\(\\d+\\))? panicked at '(.*)', [^\\s]+:\\d+:\\d+$");
    private static final int MAX_TRACE_CHARS = 64 * 1024;
    /** Tests of one binary held until its end, so that they keep their order and failures get their output. */
    static final int MAX_HELD_TESTS = 10_000;
    private static final String KIND = "cargo test output";

    @Override
    public void parse(Path report, ReportBudget budget) {
        State state = new State(budget);
        try (ReportFile.Lines in = ReportFile.lines(report, KIND)) {
            for (String line = in.next(); line != null; line = in.next()) {
                budget.tick();
                state.accept(line);
            }
        } catch (IOException e) {
            throw ReportFile.unreadable(report, KIND, e);
        }
        state.finish();
    }

    private static final class State {
        private final ReportBudget budget;
        /** Per test binary: results by name and their failure output, handed to the budget at its end. */
        private final Map<String, TestStatus> statuses = new java.util.LinkedHashMap<>();
        private final Map<String, StringBuilder> outputs = new HashMap<>();
        /** Failures held in {@link #statuses}, which may still get their output. */
        private int heldFailures;
        private long heldChars;
        private final StringBuilder compileErrors = new StringBuilder();
        private boolean inCompileError;
        private String binary = "";
        private StringBuilder failureOutput;

        State(ReportBudget budget) {
            this.budget = budget;
        }

        void accept(String line) {
            Matcher m;
            boolean structure = line.length() <= TapReportParser.MAX_STRUCTURE_CHARS;
            if (structure && (m = RUNNING.matcher(line)).matches()) {
                startBinary(crateOf(m.group(2)));
            } else if (structure && (m = DOC_TESTS.matcher(line)).matches()) {
                startBinary("doc:" + m.group(1));
            } else if (structure && (m = TEST_LINE.matcher(line)).matches()) {
                failureOutput = null;
                testLine(m.group(1), switch (m.group(2)) {
                    case "ok" -> TestStatus.PASSED;
                    case "FAILED" -> TestStatus.FAILED;
                    default -> TestStatus.SKIPPED;
                });
            } else if (structure && (m = FAILURE_HEADER.matcher(line)).matches()) {
                String name = m.group(1);
                failureOutput = statuses.get(name) == TestStatus.FAILED
                        ? outputs.computeIfAbsent(name, n -> new StringBuilder()) : null;
            } else if (line.equals("failures:") || line.startsWith("test result: ")) {
                failureOutput = null;
            } else if (structure && (m = COULD_NOT_COMPILE.matcher(line)).find()) {
                String target = m.group(2) == null ? m.group(1) : m.group(1) + " (" + m.group(2) + ")";
                budget.add(new TestResult(target, TestStatus.ERRORED, TestResult.COLLECTION_FAILURE,
                        compileErrors.toString().stripTrailing() + "\n" + line, List.of()));
                inCompileError = false;
            } else if (structure && COMPILE_ERROR.matcher(line).find()) {
                inCompileError = true;
                append(compileErrors, line);
            } else if (inCompileError) {
                inCompileError = !line.isBlank() && !line.startsWith("warning");
                if (inCompileError) {
                    append(compileErrors, line);
                }
            } else if (failureOutput != null) {
                append(failureOutput, line);
            }
        }

        /**
         * Holds the test until its binary ends, to keep its place and give a failure its
         * output; a failure past the ones the budget can still keep (held ones counted) is
         * counted at once, and once {@value #MAX_HELD_TESTS} tests wait, a test goes on at once.
         */
        private void testLine(String name, TestStatus status) {
            boolean failed = status == TestStatus.FAILED;
            boolean known = statuses.containsKey(name);
            if (failed && !known && heldFailures >= budget.failureRoom()) {
                budget.countFailure();
                return;
            }
            if (!known && statuses.size() >= MAX_HELD_TESTS) {
                budget.add(new TestResult(id(name), status, failed ? "test failed" : "", "", List.of()));
                return;
            }
            TestStatus before = statuses.put(name, status);
            if (failed && before != TestStatus.FAILED) {
                heldFailures++;
            } else if (!failed && before == TestStatus.FAILED) {
                heldFailures--;
            }
        }

        private String id(String name) {
            return binary.isEmpty() ? name : binary + "::" + name;
        }

        private void append(StringBuilder out, String line) {
            if (out.length() < MAX_TRACE_CHARS && heldChars < GoTestJsonParser.MAX_HELD_CHARS) {
                out.append(line).append('\n');
                heldChars += line.length() + 1;
            }
        }

        private void startBinary(String next) {
            flush();
            binary = next;
            failureOutput = null;
        }

        private void flush() {
            statuses.forEach((name, status) -> {
                String id = id(name);
                if (status == TestStatus.FAILED) {
                    String trace = outputs.getOrDefault(name, new StringBuilder()).toString().strip();
                    budget.add(new TestResult(id, status, message(trace), trace, List.of()));
                } else {
                    budget.add(new TestResult(id, status, "", "", List.of()));
                }
            });
            statuses.clear();
            outputs.clear();
            heldFailures = 0;
            heldChars = 0;
        }

        void finish() {
            flush();
        }
    }

    /** {@code target/debug/deps/calc-1f2e3d} is crate {@code calc}. */
    static String crateOf(String executable) {
        String name = executable.substring(executable.lastIndexOf('/') + 1).replaceFirst("\\.exe$", "");
        int dash = name.lastIndexOf('-');
        return dash > 0 ? name.substring(0, dash) : name;
    }

    /** The panic's message: the lines after a new-style panic line up to the backtrace, or the old style's quoted text. */
    static String message(String trace) {
        List<String> lines = trace.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            Matcher old = PANIC_OLD.matcher(lines.get(i));
            if (old.matches()) {
                return old.group(1);
            }
            if (PANIC_NEW.matcher(lines.get(i)).matches()) {
                List<String> said = new ArrayList<>();
                for (int j = i + 1; j < lines.size() && !ends(lines.get(j)); j++) {
                    said.add(lines.get(j));
                }
                return String.join("\n", said).strip();
            }
        }
        return lines.stream().filter(l -> !l.isBlank()).findFirst().orElse("test failed").strip();
    }

    private static boolean ends(String line) {
        return line.isBlank() || line.startsWith("stack backtrace:") || line.startsWith("note: ");
    }
}
