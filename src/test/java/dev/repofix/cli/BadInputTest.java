package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input repofix cannot work with ends in a message that says what to do, the right
 * exit code, no stack trace, and the user's files untouched.
 */
class BadInputTest {
    @TempDir
    Path temp;

    @Test
    void pathThatDoesNotExist() {
        RunOutput run = fix(temp.resolve("nowhere").toString());
        assertUsageError(run, "no such directory", "--repo");
    }

    @Test
    void directoryThatIsNoRepository() throws Exception {
        Path plain = Files.createDirectories(temp.resolve("plain"));
        Files.writeString(plain.resolve("test_x.py"), "def test_x():\n    assert False\n");
        RunOutput run = fix(plain.toString());
        assertUsageError(run, "is not inside a Git repository", "git init");
    }

    @Test
    void urlThatCannotBeCloned() {
        RunOutput run = fix(temp.resolve("missing.git").toUri().toString());
        assertUsageError(run, "cannot clone", "check the URL");
    }

    @Test
    void refThatDoesNotExist() {
        Path repo = pythonRepo("def test_ok():\n    assert True\n");
        RunOutput run = fix(repo.toString(), "--ref", "no-such-branch");
        assertUsageError(run, "no branch, tag or commit 'no-such-branch'", "--ref");
    }

    @Test
    void repositoryWithNoBuild() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("docs"), Map.of("README.md", "# docs only\n"));
        RunOutput run = fix(repo.toString());
        assertUsageError(run, "no build found", "--test-cmd");
    }

    @Test
    void repositoryWithNoTests() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("notests"), Map.of(
                "pyproject.toml", "[project]\nname = \"x\"\nversion = \"0\"\n",
                "x.py", "def f():\n    return 1\n"));
        RunOutput run = fix(repo.toString());
        assertUsageError(run, "no tests ran", "--test-cmd");
    }

    @Test
    void testCommandThatHangsIsStoppedAtTheTimeout() {
        Path repo = pythonRepo("def test_ok():\n    assert True\n");
        RunOutput run = fix(repo.toString(), "--test-cmd", "sleep 600", "--test-timeout", "2s");
        assertUsageError(run, "did not finish within 2.0s", "--timeout");
    }

    @Test
    void commandThatWritesNoReportIsABrokenBuild() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("custom"), Map.of("run-tests.sh", "echo boom; exit 3\n"));
        RunOutput run = fix(repo.toString(), "--test-cmd", "sh run-tests.sh");
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.NOT_FIXED);
        assertThat(run.report().path("status").asText()).isEqualTo("BUILD_BROKEN");
        assertThat(run.report().path("buildLog").asText()).contains("boom");
    }

    @Test
    void commandThatSucceedsWithoutReportsMeansNoTests() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("custom"), Map.of("run-tests.sh", "echo all good\n"));
        RunOutput run = fix(repo.toString(), "--test-cmd", "sh run-tests.sh");
        assertUsageError(run, "no tests ran", "--test-cmd");
    }

    @Test
    void malformedReportIsNamed() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("custom"), Map.of("run-tests.sh",
                "mkdir -p build/test-results && printf '<testsuite><testcase name=' > build/test-results/TEST-x.xml\n"));
        RunOutput run = fix(repo.toString(), "--test-cmd", "sh run-tests.sh");
        assertUsageError(run, "TEST-x.xml", "report");
    }

    @Test
    void mavenProjectThatDoesNotCompileIsReportedWithTheCompilerError() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("broken"), Map.of(
                // A pom of its own: its set-up fails (the project does not compile) every time, as a user's would.
                "pom.xml", FixtureRepos.JUNIT_POM.replace("<artifactId>fixture</artifactId>",
                        "<artifactId>broken</artifactId>"),
                "src/main/java/b/Broken.java", "package b;\npublic class Broken { int x = ; }\n",
                "src/test/java/b/BrokenTest.java", "package b;\nclass BrokenTest {}\n"));
        var before = FixtureRepos.snapshot(repo);
        RunOutput run = fix(repo.toString());
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.NOT_FIXED);
        assertThat(run.report().path("status").asText()).isEqualTo("BUILD_BROKEN");
        assertThat(run.report().path("buildLog").asText()).contains("Broken.java");
        assertThat(run.stdout()).contains("the build fails before any test runs");
        assertThat(FixtureRepos.snapshot(repo)).isEqualTo(before);
    }

    @Test
    void unwritableOutputFolder() throws Exception {
        Path repo = pythonRepo("def test_ok():\n    assert True\n");
        Path file = Files.writeString(temp.resolve("a-file"), "x");
        RunOutput run = RunOutput.run(temp.resolve("work"), file, "fix", "--repo", repo.toString(), "--out",
                file.resolve("sub").toString());
        assertUsageError(run, "cannot write the report", "--out");
    }

    private Path pythonRepo(String test) {
        return FixtureRepos.gitRepo(temp.resolve("py"), Map.of("test_a.py", test));
    }

    private RunOutput fix(String repo, String... extra) {
        Path out = temp.resolve("out");
        List<String> args = new ArrayList<>(List.of("fix", "--repo", repo, "--out", out.toString()));
        args.addAll(List.of(extra));
        return RunOutput.run(temp.resolve("work"), out, args.toArray(String[]::new));
    }

    private static void assertUsageError(RunOutput run, String what, String advice) {
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.stderr()).contains("repofix: error: ").contains(what).contains(advice).doesNotContain("\tat ");
    }
}
