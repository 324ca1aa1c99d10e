package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.report.ReportSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test command that writes one JUnit XML report of about 200 MB, 85,000 failures of
 * 2 KB each (Python tracebacks), read by {@code repofix fix} in its own JVM with a heap of
 * 256 MiB: more than the heap if every failure were kept. The run must end within its
 * {@code --timeout} with its reports, and SIGTERM while it reads the report must end it
 * CANCELLED with its reports and exit code 3.
 */
@Tag("slow")
class HugeReportEndToEndTest {
    private static final int FAILURES = 85_000;
    private static final String HEAP = "-Xmx256m";
    private static final Duration TIMEOUT = Duration.ofMinutes(3);

    @TempDir
    Path temp;

    @Test
    void aReportOfHundredsOfMegabytesOfFailuresEndsWithReportsWithinTheTimeoutInASmallHeap() throws Exception {
        Path repo = fixture(temp.resolve("written"));
        Path out = temp.resolve("out");
        long start = System.nanoTime();

        Process p = repofix(repo, out);
        boolean ended;
        try {
            ended = p.waitFor(TIMEOUT.plusSeconds(45).toSeconds(), TimeUnit.SECONDS);
        } finally {
            p.destroyForcibly();
        }
        String output = output(p);

        assertThat(ended).as("ended within --timeout and the grace to write reports: " + output).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(TIMEOUT.plusSeconds(45));
        assertThat(output).doesNotContain("OutOfMemoryError");
        JsonNode report = report(out);
        assertThat(report.path("failing")).hasSize(1_000);
        assertThat(report.path("notes").toString()).contains("84,000 more failing tests not kept");
        assertThat(report.path("failing").get(0).path("frames").toString()).contains("src/calc.py");
    }

    @Test
    void sigtermWhileTheReportIsReadEndsCancelledWithReportsAndExitCodeThree() throws Exception {
        Path written = temp.resolve("written");
        Path repo = fixture(written);
        Path out = temp.resolve("out");

        Process p = repofix(repo, out);
        long signalled;
        boolean ended;
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            while (!Files.exists(written) && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(written).as("the test command wrote its report: " + (p.isAlive() ? "" : output(p))).exists();
            Thread.sleep(300); // repofix is reading the report now
            signalled = System.nanoTime();
            new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor();
            ended = p.waitFor(60, TimeUnit.SECONDS);
        } finally {
            p.destroyForcibly();
        }
        String output = output(p);

        assertThat(ended).as(output).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - signalled)).as("stopped promptly").isLessThan(Duration.ofSeconds(40));
        assertThat(p.exitValue()).as(output).isEqualTo(ExitCodes.ERROR);
        JsonNode report = report(out);
        assertThat(report.path("status").asText()).isEqualTo("CANCELLED");
        assertThat(report.path("error").path("kind").asText()).isEqualTo("CANCELLED");
    }

    /**
     * A repository whose test command writes the report with awk (every POSIX system has
     * it) and then creates {@code written}, so a test can tell when the reading starts.
     */
    private Path fixture(Path written) {
        String script = """
                mkdir -p reports
                awk -v n=%d 'BEGIN {
                  t = "Traceback (most recent call last):\\n"
                  for (j = 1; j <= 40; j++) t = t "  File \\"src/calc.py\\", line 2, in add\\n    return a - b\\n"
                  t = t "AssertionError: assert 1 == 2\\n"
                  f = "reports/TEST-huge.xml"
                  print "<?xml version=\\"1.0\\"?>\\n<testsuite name=\\"pytest\\" tests=\\"" n "\\">" > f
                  for (i = 0; i < n; i++) printf "<testcase classname=\\"tests.test_calc\\" name=\\"test_%%d\\" file=\\"tests/test_calc.py\\"><failure message=\\"assert 1 == 2\\">%%s</failure></testcase>\\n", i, t > f
                  print "</testsuite>" > f
                }'
                touch '%s'
                exit 1
                """.formatted(FAILURES, written);
        return FixtureRepos.gitRepo(temp.resolve("repo"), Map.of("run-tests.sh", script,
                "src/calc.py", "def add(a, b):\n    return a - b\n"));
    }

    private Process repofix(Path repo, Path out) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, HEAP, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "fix", "--repo", repo.toString(), "--test-cmd", "sh run-tests.sh",
                "--sandbox", "local", "--out", out.toString(), "--work-dir", temp.resolve("work").toString(),
                "--timeout", TIMEOUT.toSeconds() + "s", "--reruns", "0", "--max-candidates", "2"));
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(temp.resolve("repofix.log").toFile()).start();
    }

    private String output(Process p) throws IOException {
        Path log = temp.resolve("repofix.log");
        String text = Files.exists(log) ? Files.readString(log) : "";
        return text.length() > 20_000 ? text.substring(text.length() - 20_000) : text;
    }

    private static JsonNode report(Path out) throws IOException {
        JsonNode report = new ObjectMapper().readTree(Files.readString(out.resolve("report.json")));
        assertThat(new ReportSchema().problems(report)).isEmpty();
        return report;
    }
}
