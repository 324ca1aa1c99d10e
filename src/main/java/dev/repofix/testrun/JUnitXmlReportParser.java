package dev.repofix.testrun;

import dev.repofix.build.HardenedXml;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Reads JUnit-style XML as Maven Surefire (2.x, 3.x) and pytest {@code --junitxml}
 * (xunit1 and xunit2) write it. Results carry no frames yet; never returns null.
 */
public final class JUnitXmlReportParser implements ReportParser {
    /**
     * Limits of the JDK's parser (jdk.xml.*), set here rather than left to the JDK's
     * jaxp.properties: JDK 24+ ships strict values there (size limits of 100,000) that
     * count even {@code &lt;} in the document itself and so reject a real report with a
     * long log. With DOCTYPE refused no entity can be declared, so size limits guard
     * nothing; 0 lifts them. The depth cap stays: real reports nest fewer than ten levels.
     */
    private static final Map<String, Integer> PARSER_LIMITS = Map.of(
            "http://www.oracle.com/xml/jaxp/properties/maxGeneralEntitySizeLimit", 0,
            "http://www.oracle.com/xml/jaxp/properties/totalEntitySizeLimit", 0,
            "http://www.oracle.com/xml/jaxp/properties/maxElementDepth", 200);
    private static final String HINT = "delete it and rerun, or check the test tool's report settings";
    /** Real reports, output included, stay well below this; the DOM of one takes several times as much heap. */
    static final int MAX_REPORT_BYTES = 64 * 1024 * 1024;

    /** Checked in this order, so a case with both a failure and an error counts as failed. */
    private static final List<Map.Entry<String, TestStatus>> OUTCOMES = List.of(
            Map.entry("failure", TestStatus.FAILED),
            Map.entry("error", TestStatus.ERRORED),
            Map.entry("skipped", TestStatus.SKIPPED));

    @Override
    public List<TestResult> parse(Path report) {
        Objects.requireNonNull(report, "report");
        Element root = parseXml(report, read(report)).getDocumentElement();
        String rootName = nameOf(root);
        if (!rootName.equals("testsuite") && !rootName.equals("testsuites")) {
            throw new ReportException("not a JUnit XML test report " + report + ": the root element is <" + rootName
                    + ">, expected <testsuite> or <testsuites>; " + HINT);
        }
        List<TestResult> results = new ArrayList<>();
        collect(root, isPytestSuite(root), results);
        return List.copyOf(results);
    }

    /**
     * The report's bytes. The file was written by untrusted code: a link is not followed
     * (it could name a host file, or a device that never ends), and no more than
     * {@value #MAX_REPORT_BYTES} bytes are read, so that neither the read nor the tree the
     * parser builds from it can exhaust memory.
     */
    private static byte[] read(Path report) {
        if (Files.isSymbolicLink(report)) {
            throw new ReportException("test report " + report + " is a symbolic link; repofix reads only files the test "
                    + "run wrote, never what a link points to: " + HINT);
        }
        if (Files.exists(report, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(report, LinkOption.NOFOLLOW_LINKS)) {
            // A named pipe would block the read until someone writes to it.
            throw new ReportException("test report " + report + " is not a regular file; " + HINT);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(report, LinkOption.NOFOLLOW_LINKS)) {
            bytes = in.readNBytes(MAX_REPORT_BYTES + 1);
        } catch (IOException e) {
            throw new ReportException("cannot read test report " + report + ": " + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + "; check that the test run wrote it and that it is readable", e);
        }
        if (bytes.length > MAX_REPORT_BYTES) {
            throw new ReportException("test report " + report + " is larger than " + MAX_REPORT_BYTES / 1024 / 1024
                    + " MiB, more than repofix reads; have the tests write their output to files rather than into the "
                    + "report (Surefire: redirectTestOutputToFile), or " + HINT);
        }
        if (isBlank(bytes)) {
            throw new ReportException("empty test report " + report
                    + ": the test run may have been killed while writing it; " + HINT);
        }
        return bytes;
    }

    private static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) {
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    private static Document parseXml(Path report, byte[] bytes) {
        try {
            // Bytes, not a Reader: the parser must honour the encoding the XML declaration names.
            return newDocumentBuilder().parse(new InputSource(new ByteArrayInputStream(bytes)));
        } catch (SAXParseException e) {
            throw new ReportException("malformed test report " + report + ": " + withoutFinalPeriod(e.getMessage())
                    + " (line " + e.getLineNumber() + ", column " + e.getColumnNumber() + "); " + HINT, e);
        } catch (SAXException | IOException e) {
            throw new ReportException("malformed test report " + report + ": " + e.getMessage() + "; " + HINT, e);
        }
    }

    /**
     * Reports are written by the repository's own test run, i.e. by untrusted code, so
     * any DOCTYPE is refused outright: no external file, URL or entity expansion (XXE,
     * billion laughs) is ever resolved; Surefire and pytest never write one.
     */
    private static DocumentBuilder newDocumentBuilder() {
        DocumentBuilderFactory factory = HardenedXml.factory();
        try {
            // After secure processing, which resets the limits to its own values.
            PARSER_LIMITS.forEach(factory::setAttribute);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setEntityResolver((publicId, systemId) -> new InputSource(new StringReader("")));
            builder.setErrorHandler(HardenedXml.THROWING);
            return builder;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser rejected a hardening feature", e);
        }
    }

    private static void collect(Element suite, boolean pytest, List<TestResult> out) {
        for (Element child : children(suite)) {
            switch (nameOf(child)) {
                case "testsuite" -> collect(child, pytest || isPytestSuite(child), out);
                case "testcase" -> out.add(testCase(child, pytest));
                default -> {
                    // properties, system-out, system-err: not outcomes
                }
            }
        }
    }

    /** pytest names its suite "pytest" (the junit_suite_name default); the suite name is all that tells. */
    private static boolean isPytestSuite(Element element) {
        return nameOf(element).equals("testsuite") && element.getAttribute("name").equals("pytest");
    }

    private static TestResult testCase(Element testCase, boolean pytest) {
        String className = testCase.getAttribute("classname");
        String name = testCase.getAttribute("name");
        String id = pytest
                ? TestCaseIds.pytest(className, name, testCase.getAttribute("file"))
                : TestCaseIds.junit(className, name);
        // Surefire's flakyFailure/flakyError/rerunFailure children are earlier attempts;
        // only failure/error/skipped describe the final outcome.
        for (Map.Entry<String, TestStatus> outcome : OUTCOMES) {
            Optional<Element> element = firstChild(testCase, outcome.getKey());
            if (element.isPresent()) {
                String trace = element.get().getTextContent().strip();
                return new TestResult(id, outcome.getValue(), messageOf(element.get(), trace), trace, List.of());
            }
        }
        return TestResult.passed(id);
    }

    private static String messageOf(Element outcome, String trace) {
        String message = outcome.getAttribute("message").strip();
        if (message.isEmpty()) {
            message = outcome.getAttribute("type").strip();
        }
        if (message.isEmpty()) {
            message = trace.lines().findFirst().orElse("").strip();
        }
        return message;
    }

    private static Optional<Element> firstChild(Element parent, String name) {
        return children(parent).stream().filter(e -> nameOf(e).equals(name)).findFirst();
    }

    private static List<Element> children(Element parent) {
        NodeList nodes = parent.getChildNodes();
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE) {
                elements.add((Element) nodes.item(i));
            }
        }
        return elements;
    }

    private static String nameOf(Element element) {
        return element.getLocalName() != null ? element.getLocalName() : element.getTagName();
    }

    private static String withoutFinalPeriod(String message) {
        return message != null && message.endsWith(".") ? message.substring(0, message.length() - 1) : message;
    }
}
