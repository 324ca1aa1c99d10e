package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.build.CustomBuild;
import dev.repofix.build.PytestBuild;
import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.exec.SandboxImage;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestRunnerTest {
    @TempDir
    Path dir;

    @Test
    void givesTheExecutorTheBuildsSandboxImageAndACleanEnvironment() {
        List<Command> seen = new ArrayList<>();
        TestRunner runner = new TestRunner(command -> {
            seen.add(command);
            return new ExecResult(new ExecResult.Outcome.Exited(0), "", Duration.ZERO);
        }, new HostEnvironment(Map.of("PATH", "/bin", "GITHUB_TOKEN", "ghs_x")), ReportParsers.standard(),
                new StackFrameExtractor());
        PytestBuild build = new PytestBuild();

        runner.run(dir, build, build.testCommand(dir, null), new FileIndex(dir, List.of()), Duration.ofSeconds(5));

        assertThat(seen).singleElement().satisfies(c -> {
            assertThat(c.image()).contains(SandboxImage.PYTHON);
            assertThat(c.workdir()).isEqualTo(dir);
            assertThat(c.environment()).containsKey("PYTEST_ADDOPTS").doesNotContainKey("GITHUB_TOKEN");
        });
    }

    /** A file of the repository that matches the report patterns: test data, as a team keeps it. */
    private static final String FIXTURE = "tests/data/TEST-fixture.xml";
    private static final String FIXTURE_XML = """
            <testsuite name="fixture" tests="1"><testcase classname="fixture" name="from_the_fixture">\
            <failure message="boom">not a result of this run</failure></testcase></testsuite>
            """;
    private static final String RESULT_XML = """
            <testsuite name="run" tests="1"><testcase classname="run" name="ran_now"/></testsuite>
            """;

    @Test
    void keepsAndIgnoresATrackedFileThatMatchesTheReportPatterns() throws IOException {
        write(FIXTURE, FIXTURE_XML);
        write("stale/TEST-old.xml", RESULT_XML.replace("ran_now", "stale"));
        FileIndex files = new FileIndex(dir, List.of(FIXTURE));

        TestOutcome outcome = runShell("mkdir -p out && cat > out/TEST-run.xml <<'X'\n" + RESULT_XML + "X", files);

        assertThat(dir.resolve(FIXTURE)).hasContent(FIXTURE_XML.strip());
        assertThat(dir.resolve("stale/TEST-old.xml")).doesNotExist();
        assertThat(outcome).isInstanceOfSatisfying(TestOutcome.Completed.class, c -> assertThat(c.run().results())
                .extracting(TestResult::id).containsExactly("run#ran_now"));
    }

    @Test
    void readingTheReportsEndsAtTheRunsLimitAsASlowTestWould() {
        Duration limit = Duration.ofMillis(300);
        TestRunner runner = new TestRunner(command -> {
            writeUnchecked("out/TEST-many.xml", manyFailures(5_000));
            sleep(limit.plusMillis(200)); // the command used up the limit; nothing is left to read in
            return new ExecResult(new ExecResult.Outcome.Exited(1), "", limit);
        }, new HostEnvironment(Map.of()), ReportParsers.standard(), new StackFrameExtractor());
        CustomBuild build = new CustomBuild("true");

        TestOutcome outcome = runner.run(dir, build, new TestCommand("true", Map.of()), new FileIndex(dir, List.of()), limit);

        assertThat(outcome).isInstanceOfSatisfying(TestOutcome.TimedOut.class,
                t -> assertThat(t.exec().output()).contains("reading the test reports did not finish"));
    }

    @Test
    void anInterruptStopsTheReadingOfTheReports() {
        TestRunner runner = new TestRunner(command -> {
            writeUnchecked("out/TEST-many.xml", manyFailures(5_000));
            Thread.currentThread().interrupt(); // Ctrl-C arrives as the command ends
            return new ExecResult(new ExecResult.Outcome.Exited(1), "", Duration.ZERO);
        }, new HostEnvironment(Map.of()), ReportParsers.standard(), new StackFrameExtractor());
        CustomBuild build = new CustomBuild("true");
        try {
            assertThatThrownBy(() -> runner.run(dir, build, new TestCommand("true", Map.of()),
                    new FileIndex(dir, List.of()), Duration.ofMinutes(1))).isInstanceOf(ReportException.class);
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void aRunKeepsTheFirstFailuresAndCountsTheRest() {
        TestOutcome outcome = runShell("mkdir -p out && cat > out/TEST-many.xml <<'X'\n" + manyFailures(1_200) + "X",
                new FileIndex(dir, List.of()));

        assertThat(outcome).isInstanceOfSatisfying(TestOutcome.Completed.class, c -> {
            assertThat(c.run().failing()).hasSize(ReportBudget.MAX_FAILURES_KEPT);
            assertThat(c.run().failingNotKept()).isEqualTo(200);
            assertThat(c.run().complete()).isFalse();
        });
    }

    private static String manyFailures(int n) {
        StringBuilder xml = new StringBuilder("<testsuite name=\"many\">\n");
        for (int i = 0; i < n; i++) {
            xml.append("<testcase classname=\"many\" name=\"t").append(i).append("\"><failure message=\"boom\">")
                    .append("AssertionError: boom\n</failure></testcase>\n");
        }
        return xml.append("</testsuite>\n").toString();
    }

    private void writeUnchecked(String rel, String content) {
        try {
            write(rel, content);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private TestOutcome runShell(String script, FileIndex files) {
        TestRunner runner = new TestRunner(new LocalProcessExecutor(Clock.systemUTC()), new HostEnvironment(
                Map.of("PATH", System.getenv("PATH"))), ReportParsers.standard(), new StackFrameExtractor());
        return runner.run(dir, new CustomBuild(script), new TestCommand(script, Map.of()), files, Duration.ofSeconds(30));
    }

    private void write(String rel, String content) throws IOException {
        Files.createDirectories(dir.resolve(rel).getParent());
        Files.writeString(dir.resolve(rel), content.strip());
    }
}
