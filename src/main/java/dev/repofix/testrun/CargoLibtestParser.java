package dev.repofix.testrun;

import java.io.BufferedReader;
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
 * does not import.
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

    @Override
    public List<TestResult> parse(Path report) {
        State state = new State();
        try (BufferedReader in = ReportReader.open(report, "cargo test output")) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                state.accept(line);
            }
        } catch (IOException e) {
            throw new ReportException("cannot read cargo test output " + report + ": " + e.getMessage(), e);
        }
        return state.results();
    }

    private static final class State {
        private final List<TestResult> results = new ArrayList<>();
        /** Per test binary: results by name, their failure output, then merged into {@link #results}. */
        private final Map<String, TestStatus> statuses = new java.util.LinkedHashMap<>();
        private final Map<String, StringBuilder> outputs = new HashMap<>();
        private final StringBuilder compileErrors = new StringBuilder();
        private boolean inCompileError;
        private String binary = "";
        private StringBuilder failureOutput;

        void accept(String line) {
            Matcher m;
            if ((m = RUNNING.matcher(line)).matches()) {
                startBinary(crateOf(m.group(2)));
            } else if ((m = DOC_TESTS.matcher(line)).matches()) {
                startBinary("doc:" + m.group(1));
            } else if ((m = TEST_LINE.matcher(line)).matches()) {
                failureOutput = null;
                statuses.put(m.group(1), switch (m.group(2)) {
                    case "ok" -> TestStatus.PASSED;
                    case "FAILED" -> TestStatus.FAILED;
                    default -> TestStatus.SKIPPED;
                });
            } else if ((m = FAILURE_HEADER.matcher(line)).matches()) {
                failureOutput = outputs.computeIfAbsent(m.group(1), n -> new StringBuilder());
            } else if (line.equals("failures:") || line.startsWith("test result: ")) {
                failureOutput = null;
            } else if ((m = COULD_NOT_COMPILE.matcher(line)).find()) {
                String target = m.group(2) == null ? m.group(1) : m.group(1) + " (" + m.group(2) + ")";
                results.add(new TestResult(target, TestStatus.ERRORED, TestResult.COLLECTION_FAILURE,
                        compileErrors.toString().stripTrailing() + "\n" + line, List.of()));
                inCompileError = false;
            } else if (COMPILE_ERROR.matcher(line).find()) {
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

        private static void append(StringBuilder out, String line) {
            if (out.length() < MAX_TRACE_CHARS) {
                out.append(line).append('\n');
            }
        }

        private void startBinary(String next) {
            flush();
            binary = next;
            failureOutput = null;
        }

        private void flush() {
            statuses.forEach((name, status) -> {
                String id = binary.isEmpty() ? name : binary + "::" + name;
                if (status == TestStatus.FAILED) {
                    String trace = outputs.getOrDefault(name, new StringBuilder()).toString().strip();
                    results.add(new TestResult(id, status, message(trace), trace, List.of()));
                } else {
                    results.add(new TestResult(id, status, "", "", List.of()));
                }
            });
            statuses.clear();
            outputs.clear();
        }

        List<TestResult> results() {
            flush();
            return results;
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
