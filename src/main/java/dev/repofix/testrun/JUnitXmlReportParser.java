package dev.repofix.testrun;

import dev.repofix.build.HardenedXml;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads JUnit-style XML as Maven Surefire (2.x, 3.x), Gradle and pytest
 * {@code --junitxml} (xunit1 and xunit2) write it. Streams the file (StAX): memory grows
 * with the failures kept, not with the report, so a 200 MB report full of test output
 * parses in a small heap. Of each failure's message and trace at most
 * {@value TextBudget#MAX_TEXT_CHARS} characters are kept, and once a report's kept text passes
 * {@value TextBudget#MAX_REPORT_TEXT_CHARS} characters only the first
 * {@value TextBudget#CUT_TEXT_CHARS} of each later one (its message and the top of its trace,
 * where the frames that matter are); a cut text ends with a line saying so. Output
 * ({@code system-out}, {@code system-err}) is not kept. Results carry no frames yet;
 * never returns null.
 */
public final class JUnitXmlReportParser implements ReportParser {
    private static final String HINT = "delete it and rerun, or check the test tool's report settings";
    /** Past this a report is refused unread: no test run writes one, and a sparse file could claim terabytes. */
    static final long MAX_REPORT_BYTES = 1024L * 1024 * 1024;
    /** Real reports nest fewer than ten levels; a deeper one is hostile. */
    private static final int MAX_DEPTH = 200;

    /** The outcome elements, best first: a case with both a failure and an error counts as failed. */
    private static final List<String> OUTCOMES = List.of("failure", "error", "skipped");
    private static final List<TestStatus> STATUSES = List.of(TestStatus.FAILED, TestStatus.ERRORED, TestStatus.SKIPPED);

    @Override
    public List<TestResult> parse(Path report) {
        Objects.requireNonNull(report, "report");
        checkFile(report);
        try (InputStream in = Files.newInputStream(report, LinkOption.NOFOLLOW_LINKS)) {
            XMLStreamReader xml = HardenedXml.streamReader(in);
            try {
                return read(report, xml);
            } finally {
                xml.close();
            }
        } catch (XMLStreamException e) {
            throw malformed(report, e);
        } catch (IOException e) {
            throw new ReportException("cannot read test report " + report + ": " + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + "; check that the test run wrote it and that it is readable", e);
        }
    }

    /**
     * The file was written by untrusted code: a link is not followed (it could name a host
     * file, or a device that never ends), nor is anything but a regular file read, and
     * one past {@value #MAX_REPORT_BYTES} bytes is refused unread.
     */
    private static void checkFile(Path report) {
        if (Files.isSymbolicLink(report)) {
            throw new ReportException("test report " + report + " is a symbolic link; repofix reads only files the test "
                    + "run wrote, never what a link points to: " + HINT);
        }
        if (Files.exists(report, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(report, LinkOption.NOFOLLOW_LINKS)) {
            // A named pipe would block the read until someone writes to it.
            throw new ReportException("test report " + report + " is not a regular file; " + HINT);
        }
        try {
            long size = Files.size(report);
            if (size > MAX_REPORT_BYTES) {
                throw new ReportException("test report " + report + " is larger than " + MAX_REPORT_BYTES / 1024 / 1024
                        + " MiB, more than repofix reads; have the tests write their output to files rather than into "
                        + "the report (Surefire: redirectTestOutputToFile), or " + HINT);
            }
            if (size < 4096 && Files.readString(report, java.nio.charset.StandardCharsets.ISO_8859_1).isBlank()) {
                throw new ReportException("empty test report " + report
                        + ": the test run may have been killed while writing it; " + HINT);
            }
        } catch (IOException e) {
            throw new ReportException("cannot read test report " + report + ": " + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + "; check that the test run wrote it and that it is readable", e);
        }
    }

    /** What is known of the {@code <testcase>} being read. */
    private static final class Case {
        final String className;
        final String name;
        final String file;
        final boolean pytest;
        final int depth;
        int outcome = OUTCOMES.size(); // none yet
        String message = "";
        String type = "";
        StringBuilder text;
        int textDepth = -1;

        Case(XMLStreamReader xml, boolean pytest, int depth) {
            this.className = attribute(xml, "classname");
            this.name = attribute(xml, "name");
            this.file = attribute(xml, "file");
            this.pytest = pytest;
            this.depth = depth;
        }
    }

    private static List<TestResult> read(Path report, XMLStreamReader xml) throws XMLStreamException {
        List<TestResult> results = new ArrayList<>();
        Deque<Boolean> pytestSuites = new ArrayDeque<>();
        TextBudget budget = new TextBudget();
        Case current = null;
        int depth = 0;
        while (xml.hasNext()) {
            int event = xml.next();
            switch (event) {
                case XMLStreamConstants.DTD -> throw new XMLStreamException("it has a DOCTYPE, which repofix never "
                        + "reads (test tools write none; it could read files or expand entities without end)",
                        xml.getLocation());
                case XMLStreamConstants.START_ELEMENT -> {
                    depth++;
                    String name = xml.getLocalName();
                    if (depth > MAX_DEPTH) {
                        throw new ReportException("malformed test report " + report + ": elements nest deeper than "
                                + MAX_DEPTH + " levels (line " + xml.getLocation().getLineNumber() + "); " + HINT);
                    }
                    if (depth == 1 && !name.equals("testsuite") && !name.equals("testsuites")) {
                        throw new ReportException("not a JUnit XML test report " + report + ": the root element is <"
                                + name + ">, expected <testsuite> or <testsuites>; " + HINT);
                    }
                    if (current == null && name.equals("testsuite")) {
                        boolean parent = !pytestSuites.isEmpty() && pytestSuites.peek();
                        // pytest names its suite "pytest" (the junit_suite_name default); the suite name is all that tells.
                        pytestSuites.push(parent || "pytest".equals(attribute(xml, "name")));
                    } else if (current == null && name.equals("testcase")) {
                        current = new Case(xml, !pytestSuites.isEmpty() && pytestSuites.peek(), depth);
                    } else if (current != null && depth == current.depth + 1) {
                        startOutcome(current, xml, name, depth);
                    }
                }
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                    if (current != null && current.text != null && depth >= current.textDepth) {
                        budget.append(current.text, xml.getTextCharacters(), xml.getTextStart(), xml.getTextLength());
                    }
                }
                case XMLStreamConstants.END_ELEMENT -> {
                    String name = xml.getLocalName();
                    if (current != null && depth == current.textDepth) {
                        current.textDepth = Integer.MAX_VALUE; // its text is complete; later siblings add none
                    }
                    if (current != null && depth == current.depth) {
                        results.add(result(current, budget));
                        current = null;
                    } else if (current == null && name.equals("testsuite") && !pytestSuites.isEmpty()) {
                        pytestSuites.pop();
                    }
                    depth--;
                }
                default -> {
                    // comments, processing instructions, the document's end: not outcomes
                }
            }
        }
        return List.copyOf(results);
    }

    /**
     * Surefire's flakyFailure/flakyError/rerunFailure children are earlier attempts; only
     * failure/error/skipped describe the final outcome, the first of each kind counting.
     */
    private static void startOutcome(Case c, XMLStreamReader xml, String name, int depth) {
        int rank = OUTCOMES.indexOf(name);
        if (rank < 0 || rank >= c.outcome) {
            return;
        }
        c.outcome = rank;
        c.message = attribute(xml, "message");
        c.type = attribute(xml, "type");
        c.text = new StringBuilder();
        c.textDepth = depth;
    }

    private static TestResult result(Case c, TextBudget budget) {
        String id = c.pytest ? TestCaseIds.pytest(c.className, c.name, c.file) : TestCaseIds.junit(c.className, c.name);
        if (c.outcome == OUTCOMES.size()) {
            return TestResult.passed(id);
        }
        String trace = budget.finish(c.text).strip();
        String message = budget.cut(c.message.strip());
        if (message.isEmpty()) {
            message = c.type.strip();
        }
        if (message.isEmpty()) {
            message = trace.lines().findFirst().orElse("").strip();
        }
        return new TestResult(id, STATUSES.get(c.outcome), message, trace, List.of());
    }

    private static String attribute(XMLStreamReader xml, String name) {
        String value = xml.getAttributeValue(null, name);
        return value == null ? "" : value;
    }

    private static ReportException malformed(Path report, XMLStreamException e) {
        Location at = e.getLocation();
        String where = at == null ? "" : " (line " + at.getLineNumber() + ", column " + at.getColumnNumber() + ")";
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        // The JDK prefixes its message with "ParseError at [row,col]:[l,c]\nMessage: "; the location is said once.
        message = message.replaceFirst("(?s)^ParseError at \\[row,col\\]:\\[-?\\d+,-?\\d+\\]\\s*Message:\\s*", "");
        if (message.endsWith(".")) {
            message = message.substring(0, message.length() - 1);
        }
        return new ReportException("malformed test report " + report + ": " + message + where + "; " + HINT, e);
    }
}
