package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.exec.SandboxImage;
import dev.repofix.exec.SandboxKind;
import dev.repofix.patch.PatchApplier;
import dev.repofix.patch.PatchText;
import dev.repofix.patch.ProtectedPaths;
import dev.repofix.patch.ProtectedPaths.Protection;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestRunner;
import dev.repofix.testrun.TestStatus;
import dev.repofix.workspace.TestRepo;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every path of {@link ProtectedPaths}' table, written as a patch creates it, is refused
 * by the validator before anything is applied or run; build files that run code only when
 * the executor that runs the tests is not Docker.
 */
class PatchValidatorProtectedPathsTest {
    private static final Baseline BASELINE = Baseline.of(new TestRun(List.of(
            new TestResult("AppTest#adds", TestStatus.FAILED, "expected 3", "", List.of()))));

    @TempDir
    static Path dir;
    private static Workspace ws;

    /** Counts the commands it is asked to run; runs none (no report: the tests did not run). */
    private static final class FakeExecutor implements Executor {
        private final SandboxKind kind;
        final AtomicInteger runs = new AtomicInteger();

        FakeExecutor(SandboxKind kind) {
            this.kind = kind;
        }

        @Override
        public ExecResult run(Command command) {
            runs.incrementAndGet();
            return new ExecResult(new ExecResult.Outcome.Exited(1), "", Duration.ZERO);
        }

        @Override
        public SandboxKind sandboxKind(Optional<SandboxImage> family) {
            return kind;
        }
    }

    @BeforeAll
    static void workspace() throws Exception {
        try (TestRepo repo = TestRepo.init(dir.resolve("repo"))) {
            repo.write("src/app.py", "def add(a, b):\n    return a - b\n");
            repo.write("tests/test_app.py", "from src.app import add\n");
            repo.write(".github/workflows/ci.yml", "on: push\n");
            repo.write("pkg/conftest.py", "import os\n");
            repo.symlink("lib/hooks.py", "../pkg/conftest.py");
            repo.commit("app");
        }
        ws = new Workspaces(dir.resolve("work"), Duration.ofMinutes(1)).open(dir.resolve("repo").toString(),
                Optional.empty());
    }

    @AfterAll
    static void close() {
        ws.close();
    }

    /** Each glob of each row as a path that a patch could create, at the root and deeper, and in capitals. */
    static Stream<Arguments> everyProtectedPath() {
        List<Arguments> out = new ArrayList<>();
        for (ProtectedPaths.Row row : ProtectedPaths.rows()) {
            for (String glob : row.globs()) {
                for (String path : examples(glob)) {
                    out.add(Arguments.of(row.protection(), path));
                    out.add(Arguments.of(row.protection(), path.toUpperCase(Locale.ROOT)));
                }
            }
        }
        return out.stream();
    }

    static Stream<String> buildFilesThatRunCode() {
        return everyProtectedPath().filter(a -> a.get()[0] == Protection.OUTSIDE_DOCKER).map(a -> (String) a.get()[1]);
    }

    static Stream<String> alwaysProtected() {
        return everyProtectedPath().filter(a -> a.get()[0] == Protection.ALWAYS).map(a -> (String) a.get()[1]);
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("everyProtectedPath")
    void refusesEveryPathOfTheTableWithLocalProcessesBeforeAnythingRuns(Protection protection, String path) {
        FakeExecutor local = new FakeExecutor(SandboxKind.LOCAL);

        Validation v = validate(local, creating(path));

        assertThat(v.verdict()).isEqualTo(Verdict.NOT_APPLIED);
        assertThat(v.detail()).contains("may not be patched").contains(path);
        assertThat(local.runs).hasValue(0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("alwaysProtected")
    void refusesPathsProtectedAlwaysInDockerToo(String path) {
        FakeExecutor docker = new FakeExecutor(SandboxKind.DOCKER);

        Validation v = validate(docker, creating(path));

        assertThat(v.verdict()).isEqualTo(Verdict.NOT_APPLIED);
        assertThat(v.detail()).contains("may not be patched").contains(path);
        assertThat(docker.runs).hasValue(0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("buildFilesThatRunCode")
    void refusesABuildFileThatRunsCodeOutsideDockerSayingWhyAndHow(String path) {
        Validation v = validate(new FakeExecutor(SandboxKind.LOCAL), creating(path));

        assertThat(v.detail()).contains("outside the Docker sandbox: " + path).contains("--sandbox docker");
        assertThat(v.evidence()).contains(PatchValidator.NEEDS_DOCKER + path);
    }

    /** As written in the table: each of these runs the tests, so capitals are left to the refusals. */
    static Stream<String> buildFilesThatRunCodeAsWritten() {
        return buildFilesThatRunCode().filter(p -> !p.equals(p.toUpperCase(Locale.ROOT)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("buildFilesThatRunCodeAsWritten")
    void validatesABuildFileThatRunsCodeWhenTheTestsRunInDocker(String path) {
        FakeExecutor docker = new FakeExecutor(SandboxKind.DOCKER);

        Validation v = validate(docker, creating(path));

        assertThat(v.detail()).doesNotContain("may not be patched");
        assertThat(v.evidence()).noneMatch(e -> e.startsWith(PatchValidator.NEEDS_DOCKER));
        assertThat(docker.runs).hasPositiveValue();
    }

    @Test
    void refusesTheDeletionOfAProtectedFile() {
        FakeExecutor docker = new FakeExecutor(SandboxKind.DOCKER);

        Validation v = validate(docker, """
                --- a/.github/workflows/ci.yml
                +++ /dev/null
                @@ -1 +0,0 @@
                -on: push
                """);

        assertThat(v.verdict()).isEqualTo(Verdict.NOT_APPLIED);
        assertThat(v.detail()).startsWith("CI configuration may not be patched: .github/workflows/ci.yml");
        assertThat(docker.runs).hasValue(0);
    }

    @Test
    void refusesARenameOutOfAProtectedPathNamingIt() {
        Validation v = validate(new FakeExecutor(SandboxKind.DOCKER), """
                --- a/.github/workflows/ci.yml
                +++ b/docs/ci.yml
                @@ -1 +1 @@
                -on: push
                +on: pull_request
                """);

        assertThat(v.verdict()).isEqualTo(Verdict.NOT_APPLIED);
        assertThat(v.detail()).startsWith("CI configuration may not be patched: .github/workflows/ci.yml");
    }

    @Test
    void refusesATestPartThatEditsConftestBeforeTheSourcePartRuns() {
        FakeExecutor local = new FakeExecutor(SandboxKind.LOCAL);

        Validation v = validate(local, """
                --- a/src/app.py
                +++ b/src/app.py
                @@ -2 +2 @@
                -    return a - b
                +    return a + b
                --- a/pkg/conftest.py
                +++ b/pkg/conftest.py
                @@ -1 +1,2 @@
                 import os
                +os.system("id")
                """);

        assertThat(v.verdict()).isEqualTo(Verdict.NOT_APPLIED);
        assertThat(v.detail()).contains("pkg/conftest.py");
        assertThat(local.runs).hasValue(0);
    }

    @Test
    void refusesABuildFileThatRunsCodeReachedThroughALink() {
        FakeExecutor local = new FakeExecutor(SandboxKind.LOCAL);

        Validation v = validate(local, """
                --- a/lib/hooks.py
                +++ b/lib/hooks.py
                @@ -1 +1,2 @@
                 import os
                +os.system("id")
                """);

        assertThat(v.verdict()).isEqualTo(Verdict.NOT_APPLIED);
        assertThat(v.detail()).contains("outside the Docker sandbox: lib/hooks.py");
        assertThat(local.runs).hasValue(0);
    }

    @Test
    void validatesAnOrdinarySourcePatchWithLocalProcesses() {
        FakeExecutor local = new FakeExecutor(SandboxKind.LOCAL);

        Validation v = validate(local, """
                --- a/src/app.py
                +++ b/src/app.py
                @@ -2 +2 @@
                -    return a - b
                +    return a + b
                """);

        assertThat(v.detail()).doesNotContain("may not be patched");
        assertThat(local.runs).hasPositiveValue();
    }

    private static Validation validate(FakeExecutor executor, String diff) {
        TestRunner runner = new TestRunner(executor, HostEnvironment.fromSystem(), ReportParsers.standard(),
                new StackFrameExtractor());
        SelectingBuild build = new SelectingBuild();
        SuiteRunner suite = new SuiteRunner(build, build.testCommand(ws.root(), null), null, runner, ws.files());
        PatchValidator validator = new PatchValidator(ws, suite, new PatchApplier(), Clock.systemUTC(), false,
                RunLimits.none(), Optional.empty(), runner.sandboxKind(build));
        return validator.validate(new PatchCandidate("c1", "given", "", 1, "a patch", PatchText.read(diff)), BASELINE,
                Duration.ofMinutes(1));
    }

    private static String creating(String path) {
        return "--- /dev/null\n+++ b/" + path + "\n@@ -0,0 +1 @@\n+x = 1\n";
    }

    /** A path the glob holds at the root (when it may be there) and one folder down (when {@code **}{@code /} starts it). */
    private static List<String> examples(String glob) {
        boolean anyDepth = glob.startsWith("**/");
        String path = anyDepth ? glob.substring(3) : glob;
        path = path.endsWith("/**") ? path.substring(0, path.length() - 3) + "/sub/file.txt" : path;
        path = path.replace("*", "x");
        return anyDepth ? List.of(path, "module/" + path) : List.of(path);
    }
}
