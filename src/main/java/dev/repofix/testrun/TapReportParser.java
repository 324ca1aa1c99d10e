package dev.repofix.testrun;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a TAP (version 13/14) report as {@code node --test} writes it, line by line:
 * {@code # Subtest: name} opens a (nested, indented by four) test, {@code ok N - name} or
 * {@code not ok N - name [# SKIP|# TODO]} ends it, and the YAML diagnostics block under it
 * gives {@code error} (the message) and {@code stack}. Ids are the names from the outermost
 * test down, joined by {@code " > "}: {@code group > throws}. Not the file: node gives a
 * test's {@code location} only when it fails, and an id must be the same whether the test
 * passes or fails. A test file that did not load is named by its path, made relative to
 * the folder the tests ran in (the one holding the report's folder); the comment lines
 * node printed before it (the error) join its trace. Bounded whatever the file holds: results
 * go to the run's {@link ReportBudget}, a failure past its cap collects no diagnostics, a
 * test's diagnostics keep at most {@value #MAX_TRACE_CHARS} characters, and a line longer
 * than {@value #MAX_STRUCTURE_CHARS} is text, never a test point (no regular expression runs
 * over a long line).
 */
final class TapReportParser implements ReportParser {
    private static final Pattern SUBTEST = Pattern.compile("^(\\s*)# Subtest: (.*)$");
    private static final Pattern TEST_POINT = Pattern.compile(
            "^(\\s*)(not ok|ok)\\b\\s*\\d*(?:\\s*-)?\\s*(.*?)(?:\\s+#\\s*(SKIP|TODO)\\b.*)?$", Pattern.CASE_INSENSITIVE);
    private static final Pattern YAML_KEY = Pattern.compile("^(\\s*)([A-Za-z_][\\w]*):\\s?(.*)$");
    private static final int INDENT = 4;
    private static final int MAX_TRACE_CHARS = 64 * 1024;
    /** Longer lines are never a test point, a subtest or a YAML key: names are not this long. */
    static final int MAX_STRUCTURE_CHARS = 4 * 1024;
    /** Subtests nest deeper than this only in a hostile report; deeper names are not kept. */
    private static final int MAX_DEPTH = 100;
    private static final String KIND = "TAP report";

    @Override
    public void parse(Path report, ReportBudget budget) {
        Path ranIn = ranIn(report);
        State state = new State(ranIn, budget);
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

    /** Reports are written to {@code <folder the tests ran in>/.repofix-reports/}; another report's own folder. */
    private static Path ranIn(Path report) {
        Path parent = report.toAbsolutePath().normalize().getParent();
        return parent.getFileName() != null && parent.getFileName().toString().equals(".repofix-reports")
                ? parent.getParent() : parent;
    }

    private static final class State {
        private final Path ranIn;
        private final ReportBudget budget;
        /** Names of the open subtests by depth. */
        private final List<String> names = new ArrayList<>();
        private final StringBuilder comments = new StringBuilder();
        private Pending pending;

        State(Path ranIn, ReportBudget budget) {
            this.ranIn = ranIn;
            this.budget = budget;
        }

        void accept(String line) {
            Matcher m;
            if (pending != null && pending.takes(line)) {
                return;
            }
            boolean structure = line.length() <= MAX_STRUCTURE_CHARS;
            if (structure && (m = SUBTEST.matcher(line)).matches()) {
                finishPending();
                int depth = m.group(1).length() / INDENT;
                while (names.size() > depth) {
                    names.removeLast();
                }
                if (names.size() < MAX_DEPTH) {
                    names.add(m.group(2).strip());
                }
            } else if (structure && (m = TEST_POINT.matcher(line)).matches()) {
                finishPending();
                int depth = m.group(1).length() / INDENT;
                List<String> path = new ArrayList<>(names.subList(0, Math.min(depth, names.size())));
                path.add(m.group(3).strip());
                while (names.size() > depth) {
                    names.removeLast();
                }
                TestStatus status = m.group(4) != null ? TestStatus.SKIPPED
                        : m.group(2).equalsIgnoreCase("ok") ? TestStatus.PASSED : TestStatus.FAILED;
                boolean keep = status != TestStatus.FAILED || budget.keepsFailureText();
                pending = new Pending(path, status, m.group(1).length(), keep ? comments.toString() : "", keep);
                comments.setLength(0);
            } else if (line.strip().startsWith("# ") && comments.length() < MAX_TRACE_CHARS) {
                comments.append(line.strip().substring(2)).append('\n');
            }
        }

        private void finishPending() {
            if (pending != null) {
                budget.add(pending.result(ranIn));
                pending = null;
            }
        }

        void finish() {
            finishPending();
        }
    }

    /** A test point read, and its YAML block while it is being read. */
    private static final class Pending {
        private final List<String> path;
        private final TestStatus status;
        private final int indent;
        private final String printedBefore;
        /** Whether its diagnostics are kept: not for a failure past the budget's cap. */
        private final boolean keep;
        private final Map<String, StringBuilder> yaml = new LinkedHashMap<>();
        private int yamlChars;
        private boolean inYaml;
        private boolean yamlDone;
        private String blockKey;
        private int blockIndent;

        Pending(List<String> path, TestStatus status, int indent, String printedBefore, boolean keep) {
            this.path = path;
            this.status = status;
            this.indent = indent;
            this.printedBefore = printedBefore;
            this.keep = keep;
        }

        /** Appends to {@code key}'s value what fits of all diagnostics' {@value #MAX_TRACE_CHARS} characters. */
        private void put(String key, String text, boolean newLine) {
            StringBuilder value = yaml.get(key);
            if (value == null) {
                if (!keep || yamlChars >= MAX_TRACE_CHARS) {
                    return;
                }
                value = new StringBuilder();
                yaml.put(key, value);
            }
            String add = (newLine && !value.isEmpty() ? "\n" : "") + text;
            int room = MAX_TRACE_CHARS - yamlChars;
            if (keep && room > 0) {
                int n = Math.min(room, add.length());
                value.append(add, 0, n);
                yamlChars += n;
            }
        }

        /** Replaces {@code key}'s value. */
        private void set(String key, String text) {
            StringBuilder old = yaml.remove(key);
            if (old != null) {
                yamlChars -= old.length();
            }
            put(key, text, false);
        }

        private String value(String key, String otherwise) {
            StringBuilder value = yaml.get(key);
            return value == null ? otherwise : value.toString();
        }

        /** Whether {@code line} belongs to this test point's YAML block. */
        boolean takes(String line) {
            if (yamlDone) {
                return false;
            }
            String stripped = line.strip();
            if (!inYaml) {
                if (stripped.equals("---") && leading(line) > indent) {
                    inYaml = true;
                    return true;
                }
                yamlDone = true;
                return false;
            }
            if (stripped.equals("...")) {
                yamlDone = true;
                return true;
            }
            if (blockKey != null && (line.isBlank() || leading(line) >= blockIndent)) {
                put(blockKey, line.isBlank() ? "" : line.substring(blockIndent), true);
                return true;
            }
            blockKey = null;
            Matcher m = YAML_KEY.matcher(line);
            if (m.matches()) {
                String value = m.group(3).strip();
                if (value.startsWith("|") || value.startsWith(">")) {
                    blockKey = m.group(2);
                    blockIndent = m.group(1).length() + 2;
                    set(blockKey, "");
                } else {
                    set(m.group(2), unquote(value));
                }
            }
            return true;
        }

        TestResult result(Path ranIn) {
            List<String> ids = path.stream().map(n -> relative(n, ranIn)).toList();
            String id = String.join(" > ", ids);
            if (status == TestStatus.PASSED) {
                return TestResult.passed(id);
            }
            String message = value("error", status == TestStatus.SKIPPED ? "" : "test failed").strip();
            if (status == TestStatus.SKIPPED) {
                return new TestResult(id, status, "", "", List.of());
            }
            StringBuilder trace = new StringBuilder(message);
            String stack = value("stack", "");
            if (!stack.isBlank()) {
                trace.append('\n').append(stack.stripTrailing());
            }
            if (!printedBefore.isBlank()) {
                trace.append('\n').append(printedBefore.stripTrailing());
            }
            return new TestResult(id, status, message.lines().findFirst().orElse(message), trace.toString(), List.of());
        }

        private static int leading(String line) {
            int i = 0;
            while (i < line.length() && line.charAt(i) == ' ') {
                i++;
            }
            return i;
        }

        private static String unquote(String value) {
            if (value.length() >= 2 && value.startsWith("'") && value.endsWith("'")) {
                return value.substring(1, value.length() - 1).replace("''", "'");
            }
            if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                return value.substring(1, value.length() - 1).replace("\\\"", "\"").replace("\\n", "\n");
            }
            return value.equals("~") ? "" : value;
        }

        /** An absolute path below the folder the tests ran in, relative to it; else as given. */
        private static String relative(String name, Path ranIn) {
            if (!name.startsWith("/")) {
                return name;
            }
            try {
                Path p = Path.of(name).normalize();
                return p.startsWith(ranIn) ? ranIn.relativize(p).toString().replace('\\', '/') : name;
            } catch (RuntimeException e) {
                return name;
            }
        }
    }
}
