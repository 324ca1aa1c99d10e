package dev.repofix.stage;

import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.TestResult;
import java.util.List;

/**
 * Renders a failure report for a prompt: the command that reproduces it, each failing
 * test with its message and a trimmed trace, and, when no test says why, the log's
 * tail. Bounded, so a thousand failures do not fill the context window. Without
 * messages (a benchmark's "origin" settings), each failing test shows only its id and
 * its in-repository frames: nothing the test or the build printed. Pure.
 */
final class FailureText {
    static final int MAX_TESTS = 8;
    static final int MAX_TRACE_LINES = 15;
    static final int MAX_MESSAGE_CHARS = 600;
    static final int MAX_LOG_LINES = 30;
    static final int MAX_FRAMES = 10;

    private FailureText() {}

    /** With {@code messages} false: the failing tests' ids and frames only, no message, trace or log. */
    static String render(FailureReport report, boolean messages) {
        StringBuilder out = new StringBuilder();
        out.append("Reproduce with: `").append(continued(report.reproduce())).append("`\n\n");
        List<TestResult> failing = report.failing();
        out.append("Failing tests (").append(failing.size()).append("):\n");
        for (TestResult t : failing.subList(0, Math.min(MAX_TESTS, failing.size()))) {
            out.append("\n- ").append(oneLine(t.id())).append(" (").append(t.status()).append(")\n");
            if (!messages) {
                frames(t, out);
                continue;
            }
            if (!t.message().isBlank()) {
                out.append("  message: ").append(continued(cut(t.message().strip(), MAX_MESSAGE_CHARS)))
                        .append('\n');
            }
            if (!t.trace().isBlank()) {
                out.append("  trace:\n").append(indent(firstLines(t.trace(), MAX_TRACE_LINES)));
            }
        }
        if (failing.size() > MAX_TESTS) {
            out.append("\n... and ").append(failing.size() - MAX_TESTS).append(" more failing tests\n");
        }
        boolean unexplained = failing.stream().allMatch(t -> t.message().isBlank() && t.trace().isBlank());
        if (messages && unexplained && !report.log().isBlank()) {
            out.append("\nEnd of the test output:\n").append(indent(lastLines(report.log(), MAX_LOG_LINES)));
        }
        return out.toString();
    }

    private static void frames(TestResult t, StringBuilder out) {
        if (t.frames().isEmpty()) {
            return;
        }
        out.append("  frames:\n");
        t.frames().stream().limit(MAX_FRAMES).forEach(f -> out.append("    at ").append(oneLine(f.toString())).append('\n'));
        if (t.frames().size() > MAX_FRAMES) {
            out.append("    ... (").append(t.frames().size() - MAX_FRAMES).append(" more frames)\n");
        }
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\R", " ");
    }

    /**
     * Later lines indented like the trace. The repository writes these texts, and none may
     * start a line of the prompt, where "## ..." would pass for a section of ours.
     */
    private static String continued(String text) {
        return text.replaceAll("\\R", "\n    ");
    }

    static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max) + " ...";
    }

    private static String firstLines(String text, int max) {
        List<String> lines = text.strip().lines().toList();
        String head = String.join("\n", lines.subList(0, Math.min(max, lines.size())));
        return lines.size() > max ? head + "\n... (" + (lines.size() - max) + " more lines)" : head;
    }

    private static String lastLines(String text, int max) {
        List<String> lines = text.strip().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - max), lines.size()));
    }

    private static String indent(String text) {
        StringBuilder out = new StringBuilder();
        text.lines().forEach(l -> out.append("    ").append(l).append('\n'));
        return out.toString();
    }
}
