package dev.repofix.repair;

import dev.repofix.stage.BugType;
import dev.repofix.stage.IssueDraft;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Builtin stage 1: writes an issue from the failing tests alone, the way a careful
 * colleague would file it: what fails, with what, where, and how to reproduce it.
 * Plain text, no Markdown: most of it is the tests' own words, which a reporter renders
 * escaped like every other text of a run (a saved run record may come from anyone, so no
 * reporter can trust that a draft's Markdown is ours); code goes on lines of its own,
 * indented by four spaces, which an escaped rendering keeps.
 */
final class IssueWriter {
    private static final int MAX_LISTED = 10;
    private static final int TITLE_MESSAGE = 90;
    // The package segments' groups are bounded ({0,64}, more than any real name has): repeated by
    // a plain * they recursed once per segment in java.util.regex and overflowed the stack on a
    // line of a few thousand dotted words, and they must give segments back, so not possessive.
    private static final Pattern EXCEPTION = Pattern.compile(
            "^\\s*(?:Caused by: )?([a-zA-Z_$][\\w$]*(?:\\.[a-zA-Z_$][\\w$]*){0,64}"
                    + "(?:Exception|Error|Failure|Failed|Exit))\\b");
    /** The main chain's causes start at column 0; indented ones belong to suppressed exceptions. */
    private static final Pattern CAUSED_BY = Pattern.compile("(?m)^Caused by: ([a-zA-Z_$][\\w$.]*)");
    /** pytest prints exceptions of non-builtin modules qualified: {@code E   inventory.OutOfStockError: sku}. */
    private static final Pattern PY_EXCEPTION = Pattern.compile(
            "(?m)^E\\s+(?:[a-zA-Z_]\\w*\\.){0,64}([A-Z]\\w*(?:Error|Exception|Exit))\\b");
    private static final Pattern EXPECTED = Pattern.compile(
            "\\bexpected:? ?<?\\[?(.*?)\\]?>? but was:? ?<?\\[?(.*?)\\]?>?$", Pattern.DOTALL);

    IssueDraft write(FailureReport report) {
        List<TestResult> failing = report.failing();
        TestResult first = failing.get(0);
        String exception = exceptionName(first);
        String title = title(failing, first, exception);
        String description = description(report);
        String explanation = explanation(report, first, exception);
        // The trace's first line carries the message when the report's message field is empty.
        return new IssueDraft(title, description, explanation, bugType(exception, first.message() + "\n"
                + first.trace().lines().findFirst().orElse("")));
    }

    private static String title(List<TestResult> failing, TestResult first, String exception) {
        String what = failing.size() == 1
                ? shortId(first.id()) + " fails"
                : failing.size() + " tests fail, first " + shortId(first.id());
        String message = first.message().strip().lines().findFirst().orElse("").strip();
        String cause;
        if (message.isEmpty() || exception.isEmpty()) {
            cause = message.isEmpty() ? exception : message;
        } else {
            // "java.lang.IllegalStateException: closed" names it already: once, by its simple name.
            Matcher named = Pattern.compile("^(?:[\\w$]+\\.){0,64}" + Pattern.quote(exception) + "\\b").matcher(message);
            cause = named.find() ? exception + message.substring(named.end()) : exception + ": " + message;
        }
        if (cause.length() > TITLE_MESSAGE) {
            cause = cause.substring(0, TITLE_MESSAGE - 3) + "...";
        }
        return cause.isEmpty() ? what : what + ": " + cause;
    }

    private static String description(FailureReport report) {
        StringBuilder sb = new StringBuilder();
        List<TestResult> failing = report.failing();
        sb.append(failing.size()).append(" of ").append(report.baseline().executedCount())
                .append(" tests fail.\n\nFailing tests:\n");
        for (TestResult t : failing.subList(0, Math.min(MAX_LISTED, failing.size()))) {
            sb.append("- ").append(oneLine(t.id())).append(" (").append(t.status().name().toLowerCase(Locale.ROOT))
                    .append(')');
            String msg = oneLine(t.message());
            if (!msg.isEmpty()) {
                sb.append(": ").append(msg);
            }
            t.frames().stream().findFirst().ifPresent(f -> sb.append(" at ").append(f.file()).append(':')
                    .append(f.line()));
            sb.append('\n');
        }
        if (failing.size() > MAX_LISTED) {
            sb.append("- ... and ").append(failing.size() - MAX_LISTED).append(" more\n");
        }
        sb.append("\nReproduce (at the repository root):\n").append(indented(report.reproduce()));
        String trace = failing.get(0).trace().strip();
        if (!trace.isEmpty()) {
            sb.append("\nTrace of the first failure:\n").append(indented(firstLines(trace, 25)));
        }
        return sb.toString();
    }

    private static String explanation(FailureReport report, TestResult first, String exception) {
        StringBuilder sb = new StringBuilder();
        Matcher m = EXPECTED.matcher(oneLine(first.message()));
        if (m.find()) {
            sb.append("The test expected \"").append(m.group(1)).append("\" but the code returned \"")
                    .append(m.group(2)).append("\". ");
        } else if (!exception.isEmpty()) {
            sb.append("The test ends with ").append(exception).append(". ");
        }
        Optional<StackFrame> source = first.frames().stream()
                .filter(f -> !report.build().isTestPath(f.file())).findFirst();
        Optional<StackFrame> test = first.frames().stream()
                .filter(f -> report.build().isTestPath(f.file())).findFirst();
        source.ifPresent(f -> sb.append("It is raised in the code under test at ").append(f.file()).append(':')
                .append(f.line()).append(f.function().isEmpty() ? "" : " in " + f.function())
                .append(test.map(t -> ", called from the test at " + t.file() + ":" + t.line()).orElse(""))
                .append(". "));
        if (source.isEmpty()) {
            test.ifPresent(t -> sb.append("The failing check is in the test at ").append(t.file()).append(':')
                    .append(t.line()).append("; the faulty code is in what that test calls. "));
        }
        if (report.failing().size() > 1) {
            sb.append("All ").append(report.failing().size()).append(" failures: ")
                    .append(countByException(report.failing())).append(". ");
        }
        sb.append("\n\n(Drafted by repofix's builtin engine from the test output; no model was used.)");
        return sb.toString().strip();
    }

    /** E.g. {@code NullPointerException (2), no exception named (1)}, in order of first appearance. */
    private static String countByException(List<TestResult> failing) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        failing.forEach(t -> counts.merge(exceptionName(t), 1, Integer::sum));
        return counts.entrySet().stream()
                .map(e -> (e.getKey().isEmpty() ? "no exception named" : e.getKey())
                        + " (" + e.getValue() + ")")
                .collect(Collectors.joining(", "));
    }

    /**
     * The simple name of the exception a test ended with, or "" when the report does not say.
     * For a JVM chain that is the root cause (the last {@code Caused by:}), where the frames start.
     */
    static String exceptionName(TestResult t) {
        Matcher cause = CAUSED_BY.matcher(t.trace());
        String root = "";
        while (cause.find()) {
            root = cause.group(1);
        }
        if (!root.isEmpty()) {
            return simple(root);
        }
        for (String line : t.trace().split("\r?\n", 40)) {
            Matcher m = EXCEPTION.matcher(line);
            if (m.find()) {
                return simple(m.group(1));
            }
        }
        Matcher py = PY_EXCEPTION.matcher(t.trace());
        String last = "";
        while (py.find()) {
            last = py.group(1);
        }
        if (!last.isEmpty()) {
            return last;
        }
        Matcher msg = EXCEPTION.matcher(t.message());
        return msg.find() ? simple(msg.group(1)) : "";
    }

    /** The builtin's best guess of the bug's type from the failure: a {@link BugType} label, else {@code other: ...}. */
    static String bugType(String exception, String message) {
        return bugTypeOf(exception.toLowerCase(Locale.ROOT), message.toLowerCase(Locale.ROOT))
                .map(BugType::label).orElse(BugType.normalize("other: unexpected exception (" + exception + ")"));
    }

    private static Optional<BugType> bugTypeOf(String e, String msg) {
        if (e.contains("nullpointer") || msg.contains("'nonetype'")) {
            return Optional.of(BugType.NULL_DEREFERENCE);
        }
        if (e.contains("nosuchelement") && msg.contains("no value present")) {
            return Optional.of(BugType.UNCHECKED_OPTIONAL); // Optional.get() on an empty Optional
        }
        if (e.contains("indexoutofbounds") || e.equals("indexerror")) {
            return Optional.of(BugType.OUT_OF_BOUNDS);
        }
        if (e.contains("arithmetic") || e.contains("zerodivision")) {
            return Optional.of(BugType.ARITHMETIC_ERROR);
        }
        if (e.contains("classcast") || e.equals("typeerror")) {
            return Optional.of(BugType.TYPE_ERROR);
        }
        if (e.equals("nameerror") || e.equals("attributeerror") || e.equals("unboundlocalerror")
                || e.contains("nosuchmethod") || e.contains("nosuchfield")) {
            return Optional.of(BugType.REFERENCE_ERROR);
        }
        if (e.equals("importerror") || e.equals("modulenotfounderror") || e.contains("noclassdeffound")) {
            return Optional.of(BugType.IMPORT_ERROR);
        }
        if (e.contains("stackoverflow") || e.contains("recursion")) {
            return Optional.of(BugType.INFINITE_RECURSION);
        }
        if (e.contains("nosuchelement") || e.equals("keyerror")) {
            return Optional.of(BugType.MISSING_ELEMENT);
        }
        if (e.contains("assert") || e.contains("comparisonfailure") || e.isEmpty()) {
            return Optional.of(BugType.WRONG_RESULT);
        }
        return Optional.empty();
    }

    private static String simple(String qualified) {
        int dot = qualified.lastIndexOf('.');
        return dot < 0 ? qualified : qualified.substring(dot + 1);
    }

    static String shortId(String id) {
        int hash = id.indexOf('#');
        if (hash > 0) {
            String cls = id.substring(0, hash);
            // A Go package is a path whose host has dots (github.com/acme/calc): its name is the last segment.
            int slash = cls.chars().anyMatch(Character::isWhitespace) ? -1 : cls.lastIndexOf('/');
            String name = slash >= 0 ? cls.substring(slash + 1) : cls.substring(cls.lastIndexOf('.') + 1);
            return name + "." + id.substring(hash + 1);
        }
        return id;
    }

    private static String oneLine(String s) {
        return s.strip().replaceAll("\\s*\r?\n\\s*", " ");
    }

    /** {@code s}'s lines, each indented by four spaces, the way plain text sets code apart. */
    private static String indented(String s) {
        StringBuilder sb = new StringBuilder();
        s.lines().forEach(l -> sb.append("    ").append(l).append('\n'));
        return sb.toString();
    }

    private static String firstLines(String s, int n) {
        String[] lines = s.split("\r?\n");
        if (lines.length <= n) {
            return s;
        }
        return String.join("\n", java.util.Arrays.copyOf(lines, n)) + "\n...";
    }
}
