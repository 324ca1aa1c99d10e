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
import java.util.regex.Pattern;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads JUnit-style XML as Maven Surefire (2.x, 3.x), Gradle and pytest
 * {@code --junitxml} (xunit1 and xunit2) write it. Streams the file (StAX) into a
 * {@link ReportBudget}: memory grows with the failures kept, not with the report, so a
 * report of any size and any number of failures parses in a small heap. The first
 * {@value ReportBudget#MAX_FAILURES_KEPT} failures of a run keep their message and trace
 * (cut as {@link TextBudget} says); the text of later ones is not even collected, they are
 * counted. Output ({@code system-out}, {@code system-err}) is not kept. Results carry no
 * frames yet; never returns null.
 */
public final class JUnitXmlReportParser implements ReportParser {
    /** A CSI sequence (colours, cursor moves), with ESC itself or pytest's XML-safe text for it. */
    private static final Pattern COLOURS = Pattern.compile("(?:\u001B|#x1B)\\[[0-?]*[ -/]*[@-~]");
    private static final String HINT = ReportFile.HINT;
    private static final String KIND = "test report";
    /** Real reports nest fewer than ten levels; a deeper one is hostile. */
    private static final int MAX_DEPTH = 200;

    /** The outcome elements, best first: a case with both a failure and an error counts as failed. */
    private static final List<String> OUTCOMES = List.of("failure", "error", "skipped");
    private static final List<TestStatus> STATUSES = List.of(TestStatus.FAILED, TestStatus.ERRORED, TestStatus.SKIPPED);

    @Override
    public void parse(Path report, ReportBudget budget) {
        Objects.requireNonNull(report, "report");
        Objects.requireNonNull(budget, "budget");
        try (InputStream in = ReportFile.open(report, KIND)) {
            checkNotEmpty(report);
            XMLStreamReader xml = HardenedXml.streamReader(in);
            try {
                read(report, xml, budget);
            } finally {
                xml.close();
            }
        } catch (XMLStreamException e) {
            throw malformed(report, e);
        } catch (IOException e) {
            throw ReportFile.unreadable(report, KIND, e);
        }
    }

    /** A report the test run was killed while writing is often empty: say so rather than "malformed". */
    private static void checkNotEmpty(Path report) throws IOException {
        if (Files.size(report) < 4096 && Files.readString(report, java.nio.charset.StandardCharsets.ISO_8859_1).isBlank()) {
            throw new ReportException("empty test report " + report
                    + ": the test run may have been killed while writing it; " + HINT);
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

    private static void read(Path report, XMLStreamReader xml, ReportBudget budget) throws XMLStreamException {
        Deque<Boolean> pytestSuites = new ArrayDeque<>();
        TextBudget text = budget.text();
        Case current = null;
        int depth = 0;
        while (xml.hasNext()) {
            budget.tick();
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
                        startOutcome(current, xml, name, depth, budget.keepsFailureText());
                    }
                }
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                    if (current != null && current.text != null && depth >= current.textDepth) {
                        text.append(current.text, xml.getTextCharacters(), xml.getTextStart(), xml.getTextLength());
                    }
                }
                case XMLStreamConstants.END_ELEMENT -> {
                    String name = xml.getLocalName();
                    if (current != null && depth == current.textDepth) {
                        current.textDepth = Integer.MAX_VALUE; // its text is complete; later siblings add none
                    }
                    if (current != null && depth == current.depth) {
                        budget.addCut(result(current, text));
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
    }

    /**
     * Surefire's flakyFailure/flakyError/rerunFailure children are earlier attempts; only
     * failure/error/skipped describe the final outcome, the first of each kind counting.
     * The text is collected only while the budget keeps failures' text, and never a
     * skipped test's body (its message says why it was skipped).
     */
    private static void startOutcome(Case c, XMLStreamReader xml, String name, int depth, boolean keepText) {
        int rank = OUTCOMES.indexOf(name);
        if (rank < 0 || rank >= c.outcome) {
            return;
        }
        c.outcome = rank;
        boolean keep = keepText && STATUSES.get(rank).isFailure();
        c.message = keepText ? attribute(xml, "message") : "";
        c.type = keepText ? attribute(xml, "type") : "";
        c.text = keep ? new StringBuilder() : null;
        c.textDepth = keep ? depth : Integer.MAX_VALUE;
    }

    private static TestResult result(Case c, TextBudget budget) {
        String id = c.pytest ? TestCaseIds.pytest(c.className, c.name, c.file) : TestCaseIds.junit(c.className, c.name);
        if (c.outcome == OUTCOMES.size()) {
            return TestResult.passed(id);
        }
        String trace = c.text == null ? "" : withoutColours(budget.finish(c.text)).strip();
        String message = c.message.isEmpty() ? "" : withoutColours(budget.cut(c.message.strip())).strip();
        if (message.isEmpty()) {
            message = c.type.strip();
        }
        if (message.isEmpty()) {
            message = trace.lines().findFirst().orElse("").strip();
        }
        return new TestResult(id, STATUSES.get(c.outcome), message, trace, List.of());
    }

    /**
     * {@code text} without terminal colour and cursor sequences: a test tool run with colour on
     * (pytest's {@code --color=yes} in a project's {@code addopts}) puts them in messages and traces,
     * where they hide the text from frame extraction, issue drafts and prompts. XML 1.0 cannot hold
     * ESC, so pytest writes it as the five characters {@code #x1B}; both forms go.
     */
    static String withoutColours(String text) {
        return text.indexOf('\u001B') < 0 && !text.contains("#x1B[") ? text : COLOURS.matcher(text).replaceAll("");
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
