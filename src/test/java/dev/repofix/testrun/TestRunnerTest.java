package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

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
