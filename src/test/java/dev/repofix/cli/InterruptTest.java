package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.report.ReportSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C as a person or a cancelled CI job gives it: {@code repofix fix} in its own JVM,
 * SIGINT while the baseline runs. The run must end with exit code 3, a report that says
 * CANCELLED (not BUILD_BROKEN), and no test process left behind.
 */
class InterruptTest {
    @TempDir
    Path temp;

    @Test
    void sigintDuringTheBaselineEndsCancelledWithAReportAndNoProcessLeft() throws Exception {
        // A shell without job control starts its background jobs with SIGINT ignored, and
        // the JVM keeps an inherited SIG_IGN: Ctrl-C cannot reach repofix there at all.
        assumeFalse(sigintIgnored(), "SIGINT is ignored in this test's process (started in the background by a "
                + "shell without job control), so a child JVM cannot receive it either");
        String marker = "repofix-interrupt-" + UUID.randomUUID();
        Path repo = FixtureRepos.gitRepo(temp.resolve("repo"), Map.of("run-tests.sh",
                "echo started\nsleep 600\necho " + marker + "\n"));
        Path out = temp.resolve("out");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "fix", "--repo", repo.toString(), "--test-cmd", "sh run-tests.sh # " + marker,
                "--sandbox", "local", "--out", out.toString(), "--work-dir", temp.resolve("work").toString()))
                .redirectErrorStream(true).start();
        StringBuilder output = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                output.append(line).append('\n');
                if (line.startsWith("==> baseline")) {
                    Thread.sleep(1500); // let the test command start
                    new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
                }
            }
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(output.toString()).isTrue();

        assertThat(p.exitValue()).as(output.toString()).isEqualTo(ExitCodes.ERROR);
        JsonNode report = new ObjectMapper().readTree(Files.readString(out.resolve("report.json")));
        assertThat(new ReportSchema().problems(report)).isEmpty();
        assertThat(report.path("status").asText()).isEqualTo("CANCELLED");
        assertThat(report.path("error").path("stage").asText()).isEqualTo("baseline");
        assertThat(report.path("error").path("kind").asText()).isEqualTo("CANCELLED");
        assertThat(output).contains("interrupted");
        assertThat(ProcessHandle.allProcesses().filter(h -> h.info().commandLine().orElse("").contains(marker)))
                .as("the test command's processes are killed").isEmpty();
    }

    @Test
    void sigtermWhileACandidateIsValidatedEndsCancelledWithAReportAndNoProcessLeft() throws Exception {
        String marker = "repofix-interrupt-" + UUID.randomUUID();
        Path validating = temp.resolve("validating");
        // Fails as it is; with the patch applied it hangs, as a candidate that loops would.
        String tests = """
                mkdir -p reports
                if grep -q fixed src/state.txt; then touch '%s'; sleep 600; fi
                printf '<testsuite name="t"><testcase classname="t" name="fails"><failure message="boom">boom</failure></testcase></testsuite>' > reports/TEST-t.xml
                exit 1
                """.formatted(validating);
        Path repo = FixtureRepos.gitRepo(temp.resolve("repo"), Map.of("run-tests.sh", tests, "src/state.txt", "broken\n"));
        Path patch = Files.writeString(temp.resolve("fix.patch"), """
                --- a/src/state.txt
                +++ b/src/state.txt
                @@ -1 +1 @@
                -broken
                +fixed
                """);
        Path out = temp.resolve("out");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "validate", "--repo", repo.toString(), "--patch", patch.toString(),
                "--test-cmd", "sh run-tests.sh # " + marker, "--sandbox", "local", "--out", out.toString(),
                "--work-dir", temp.resolve("work").toString())).redirectErrorStream(true)
                .redirectOutput(temp.resolve("repofix.log").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            while (!Files.exists(validating) && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(validating).as(Files.readString(temp.resolve("repofix.log"))).exists();
            new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        String output = Files.readString(temp.resolve("repofix.log"));

        assertThat(p.exitValue()).as(output).isEqualTo(ExitCodes.ERROR);
        JsonNode report = new ObjectMapper().readTree(Files.readString(out.resolve("report.json")));
        assertThat(new ReportSchema().problems(report)).isEmpty();
        assertThat(report.path("status").asText()).isEqualTo("CANCELLED");
        assertThat(report.path("error").path("stage").asText()).isEqualTo("validate");
        assertThat(ProcessHandle.allProcesses().filter(h -> h.info().commandLine().orElse("").contains(marker)))
                .as("the test command's processes are killed").isEmpty();
    }

    /** Whether this process ignores SIGINT (bit 2 of {@code SigIgn} in Linux's {@code /proc/self/status}). */
    private static boolean sigintIgnored() throws java.io.IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        return Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:")).findFirst()
                .map(l -> (new java.math.BigInteger(l.substring(7).strip(), 16).longValue() & 0b10) != 0)
                .orElse(false);
    }
}
