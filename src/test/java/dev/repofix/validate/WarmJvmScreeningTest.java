package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.JunitPlatformJars;
import dev.repofix.build.MavenBuild;
import dev.repofix.build.MavenTestClasspath;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.CleanEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.pipeline.GeneratedMavenProject;
import dev.repofix.testrun.TestStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Real Maven on a generated project: one baseline, then candidates screened in one warm JVM. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WarmJvmScreeningTest {
    private static final List<String> TESTS = List.of(GeneratedMavenProject.FAILING_TEST);
    private static final Duration LIMIT = Duration.ofSeconds(30);

    private Path temp;
    private WarmJvmScreening screening;
    private int copies;

    @BeforeAll
    void baseline(@TempDir Path dir) {
        temp = dir;
        Path project = GeneratedMavenProject.write(dir.resolve("project"), 2, Duration.ZERO);
        LocalProcessExecutor executor = new LocalProcessExecutor(Clock.systemUTC());
        Map<String, String> env = CleanEnvironment.of(HostEnvironment.fromSystem(),
                new MavenBuild().environmentNames(), Map.of());
        ExecResult baseline = executor.run(Command.shell("mvn -B -o -q test", project, env, Duration.ofMinutes(5)));
        assertThat(baseline.succeeded()).as("the bug fails a test: %s", baseline.output()).isFalse();
        MavenTestClasspath found = MavenTestClasspath.fromReports(project, new MavenBuild().reports(project));
        MavenTestClasspath classpath = found.withExtra(new JunitPlatformJars(executor, HostEnvironment.fromSystem(),
                dir.resolve("cache"), Duration.ofMinutes(5)).missingFrom(found.dependencies()));
        screening = new WarmJvmScreening(executor, env, classpath, project, Clock.systemUTC());
        assertThat(screening.start()).isEmpty();
    }

    @AfterAll
    void close() {
        screening.close();
    }

    @Test
    void theUnpatchedCodeMustFailTheBaselinesFailingTestsForScreeningToBeTrusted() {
        assertThat(screening.reproduces(TESTS)).isEmpty();
        assertThat(screening.baselineTime()).isPresent();
        assertThat(screening.reproduces(List.of(GeneratedMavenProject.CACHE_TEST))).get().asString()
                .contains("does not fail " + GeneratedMavenProject.CACHE_TEST);
    }

    @Test
    void aFixedCandidatePassesAndTheStaticCacheStartsEmptyForEveryCandidate() throws IOException {
        Path fixed = candidate(GeneratedMavenProject.FIX);

        for (int i = 0; i < 2; i++) {
            ScreenResult r = screen(fixed);

            assertThat(r).isInstanceOf(ScreenResult.Ran.class);
            assertThat(((ScreenResult.Ran) r).statuses()).as("candidate %d", i)
                    .containsEntry(GeneratedMavenProject.FAILING_TEST, TestStatus.PASSED)
                    .containsEntry(GeneratedMavenProject.CACHE_TEST, TestStatus.PASSED);
        }
    }

    @Test
    void aCandidateThatStillFailsIsDoneWithTheTestsMessage() throws IOException {
        ScreenResult r = screen(candidate("        for (int i = 2; i < n; i++) {"));

        assertThat(r).isInstanceOf(ScreenResult.Ran.class);
        assertThat(((ScreenResult.Ran) r).statuses()).containsEntry(GeneratedMavenProject.FAILING_TEST,
                TestStatus.FAILED);
        Validation v = WarmScreenVerdict.of("c", r, new Baseline(new dev.repofix.testrun.TestRun(List.of()), TESTS,
                List.of(GeneratedMavenProject.CACHE_TEST), List.of())).orElseThrow();
        assertThat(v.verdict()).isEqualTo(Verdict.TESTS_FAIL);
        assertThat(v.stillFailing()).containsExactlyElementsOf(TESTS);
        assertThat(v.detail()).contains("screened in the warm test JVM").contains("expected: <15> but was: <9>");
    }

    @Test
    void aCandidateThatDoesNotCompileIsTheCompilersErrors() throws IOException {
        ScreenResult r = screen(candidate("        for (int i = 1; i <= n; i++ {"));

        assertThat(r).isInstanceOf(ScreenResult.CompileFailed.class);
        assertThat(((ScreenResult.CompileFailed) r).errors()).contains("Calc.java:");
    }

    @Test
    void aCandidateThatDeletesASourceFileIsLeftToTheFullRunNotCalledABuildFailure() throws IOException {
        Path copy = temp.resolve("deleted");
        Files.createDirectories(copy);

        ScreenResult r = screen(copy);

        assertThat(r).isInstanceOf(ScreenResult.Inconclusive.class);
        assertThat(((ScreenResult.Inconclusive) r).why()).contains("deletes a source file");
    }

    @Test
    void aLoopingCandidateIsKilledAtItsLimitAndTheNextOneIsScreenedInANewJvm() throws IOException {
        ScreenResult looping = screening.screen("loop", candidate("        for (int i = 1; i < n; i += 0) {"),
                List.of(GeneratedMavenProject.CALC), TESTS, Duration.ofSeconds(3));

        assertThat(looping).isInstanceOf(ScreenResult.TimedOut.class);
        assertThat(((ScreenResult.TimedOut) looping).elapsed()).isLessThan(Duration.ofSeconds(20));
        ScreenResult next = screen(candidate(GeneratedMavenProject.FIX));
        assertThat(next).isInstanceOf(ScreenResult.Ran.class);
        assertThat(((ScreenResult.Ran) next).statuses()).containsEntry(GeneratedMavenProject.FAILING_TEST,
                TestStatus.PASSED);
    }

    private ScreenResult screen(Path copy) {
        return screening.screen("c", copy, List.of(GeneratedMavenProject.CALC), TESTS, LIMIT);
    }

    /** A copy holding only Calc.java, with its loop line replaced by {@code line}. */
    private Path candidate(String line) throws IOException {
        Path copy = temp.resolve("copy" + (++copies));
        Path calc = copy.resolve(GeneratedMavenProject.CALC);
        Files.createDirectories(calc.getParent());
        String source = Files.readString(temp.resolve("project").resolve(GeneratedMavenProject.CALC));
        Files.writeString(calc, source.replace(GeneratedMavenProject.BUG, line));
        return copy;
    }
}
