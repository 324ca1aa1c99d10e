package dev.repofix.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.JunitPlatformJars;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import dev.repofix.env.SharedEnvironmentCache;
import dev.repofix.exec.Cancellation;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.repair.localize.SpectrumFormula;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestRunner;
import dev.repofix.validate.Screenings;
import dev.repofix.validate.Verdict;
import dev.repofix.validate.WarmJvmScreenings;
import dev.repofix.workspace.Workspaces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole runs of the builtin engine with per-test coverage on generated Maven projects whose
 * tests run on JUnit 4's or TestNG's own Surefire provider, or on a JUnit Platform whose
 * Launcher is not in the local repository: coverage localizes, screening in a warm JVM is
 * on (the Launcher and engines come from repofix's cache), and the verdicts are those of
 * a run without screening.
 */
@Tag("slow")
class WarmScreeningFrameworksTest {
    private final Clock clock = Clock.systemUTC();
    private final HostEnvironment host = HostEnvironment.fromSystem();
    private final LocalProcessExecutor executor = new LocalProcessExecutor(clock);

    /** Where repofix keeps the jars it resolves (as the {@code fix} command does), shared with the other tests. */
    private static final Path PLATFORM_JARS = SharedEnvironmentCache.dir().resolve("tools").resolve("junit-platform");

    @TempDir
    Path temp;

    @Test
    void junit4UnderItsOwnSurefireProviderGetsCoverageAndScreening() {
        assertCoverageAndScreeningWithTheSameVerdicts(GeneratedMavenProject.write(temp.resolve("repo"), 1,
                Duration.ZERO, GeneratedMavenProject.Framework.JUNIT4));
    }

    @Test
    void testngUnderItsOwnSurefireProviderGetsCoverageAndScreening() {
        assertCoverageAndScreeningWithTheSameVerdicts(GeneratedMavenProject.write(temp.resolve("repo"), 1,
                Duration.ZERO, GeneratedMavenProject.Framework.TESTNG));
    }

    /**
     * Surefire 2.22's JUnit Platform provider brings Launcher 1.3.1 for itself, so the local
     * repository holds no Launcher of the project's engine version (1.9.2).
     */
    @Test
    void aJupiterProjectWhoseLocalRepositoryLacksItsLauncherIsScreened() throws IOException, GitAPIException {
        Path repo = GeneratedMavenProject.write(temp.resolve("repo"), 1, Duration.ZERO,
                GeneratedMavenProject.Framework.JUNIT5);
        Path pom = repo.resolve("pom.xml");
        Files.writeString(pom, Files.readString(pom).replace("<version>5.11.4</version>", "<version>5.9.2</version>")
                .replace("<version>3.5.2</version>", "<version>2.22.2</version>"));
        commit(repo, "pom.xml", "JUnit 5.9.2, Surefire 2.22.2");

        assertCoverageAndScreeningWithTheSameVerdicts(repo);
    }

    /**
     * Main sources that are a Java module: Surefire puts {@code target/classes} on the module
     * path (its reports' {@code jdk.module.path}), not on the class path it reports.
     */
    @Test
    void aProjectWhoseMainSourcesAreAJavaModuleIsScreened() throws IOException, GitAPIException {
        Path repo = GeneratedMavenProject.write(temp.resolve("repo"), 1, Duration.ZERO,
                GeneratedMavenProject.Framework.JUNIT5);
        Files.writeString(repo.resolve("src/main/java/module-info.java"), "module gen {\n}\n");
        commit(repo, "src/main/java/module-info.java", "A Java module");

        assertCoverageAndScreeningWithTheSameVerdicts(repo);
    }

    private static void commit(Path repo, String file, String message) throws GitAPIException, IOException {
        try (Git git = Git.open(repo.toFile())) {
            git.add().addFilepattern(file).call();
            git.commit().setMessage(message).setAuthor("repofix", "repofix@example.org")
                    .setCommitter("repofix", "repofix@example.org").setSign(false).call();
        }
    }

    private void assertCoverageAndScreeningWithTheSameVerdicts(Path repo) {
        RunResult screened = pipeline(new WarmJvmScreenings(executor, host, clock, new JunitPlatformJars(executor,
                host, PLATFORM_JARS, Duration.ofMinutes(5))), "screened").run(config(repo, "screened"));
        RunResult plain = pipeline(Screenings.none(), "plain").run(config(repo, "plain"));

        assertThat(screened.status()).as("%s %s", screened.notes(), screened.validations()).isEqualTo(RunStatus.FIXED);
        assertThat(screened.notes()).as("per-test coverage").anyMatch(n -> n.startsWith("localization: per-test coverage from the instrumented baseline"));
        assertThat(screened.notes()).noneMatch(n -> n.contains("screening in a warm test JVM is off"));
        assertThat(screened.validations()).as("candidates screened in the warm JVM")
                .allMatch(v -> v.phases().screen().isPresent());
        assertThat(verdicts(screened)).isEqualTo(verdicts(plain));
    }

    private static Map<String, Verdict> verdicts(RunResult r) {
        Map<String, Verdict> out = new LinkedHashMap<>();
        r.validations().forEach(v -> out.put(v.candidateId(), v.verdict()));
        return out;
    }

    private RepairPipeline pipeline(Screenings screenings, String name) {
        TestRunner runner = new TestRunner(executor, host, ReportParsers.standard(), new StackFrameExtractor());
        BuiltinStages stages = BuiltinStages.withCoverage(executor, host, Duration.ofMinutes(5), clock,
                SpectrumFormula.OCHIAI, Optional.empty());
        return new RepairPipeline(new Workspaces(temp.resolve("work-" + name), Duration.ofMinutes(1)),
                new BuildDetector(), runner, new RepairPipeline.Engine(stages, "builtin", Optional.empty()), clock,
                ProgressListener.none(), new Cancellation(), () -> "run-" + name, screenings);
    }

    private RunConfig config(Path repo, String name) {
        return new RunConfig(repo.toString(), Optional.empty(), Optional.empty(), temp.resolve("out-" + name), 10,
                Duration.ofMinutes(15), Duration.ofMinutes(5), host, 0, 1);
    }
}
