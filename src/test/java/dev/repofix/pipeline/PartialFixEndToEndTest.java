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
import dev.repofix.validate.Verdict;
import dev.repofix.validate.WarmJvmScreenings;
import dev.repofix.workspace.Workspaces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Maven project where two tests fail for two causes: the generated bug, and a test
 * that asks for a Java version no machine here has (as a test that fails at the base for a
 * reason of its environment). No patch makes both pass; the one that fixes the bug is proven
 * on the whole suite with the other set apart and reported as a partial fix.
 */
@Tag("slow")
class PartialFixEndToEndTest {
    private final Clock clock = Clock.systemUTC();
    private final HostEnvironment host = HostEnvironment.fromSystem();
    private final LocalProcessExecutor executor = new LocalProcessExecutor(clock);

    @TempDir
    Path temp;

    @Test
    void theFixOfTheBugIsAPartialFixWhenAnotherTestFailsForAnotherCause() throws IOException, GitAPIException {
        Path repo = GeneratedMavenProject.write(temp.resolve("repo"), 1, Duration.ZERO,
                GeneratedMavenProject.Framework.JUNIT5);
        Path test = repo.resolve("src/test/java/gen/JavaVersionTest.java");
        Files.writeString(test, """
                package gen;

                import static org.junit.jupiter.api.Assertions.assertEquals;

                import org.junit.jupiter.api.Test;

                class JavaVersionTest {
                    @Test
                    void runsOnJavaSeven() {
                        assertEquals("1.7", System.getProperty("java.specification.version"));
                    }
                }
                """);
        try (Git git = Git.open(repo.toFile())) {
            git.add().addFilepattern("src/test/java/gen/JavaVersionTest.java").call();
            git.commit().setMessage("A test for another machine").setAuthor("repofix", "repofix@example.org")
                    .setCommitter("repofix", "repofix@example.org").setSign(false).call();
        }

        RunResult r = pipeline().run(new RunConfig(repo.toString(), Optional.empty(), Optional.empty(),
                temp.resolve("out"), 10, Duration.ofMinutes(15), Duration.ofMinutes(5), host, 0, 1));

        assertThat(r.status()).as("%s %s", r.notes(), r.validations()).isEqualTo(RunStatus.NOT_FIXED);
        assertThat(r.failing()).hasSize(2);
        assertThat(r.partialFix()).as("%s", r.validations()).isPresent();
        CandidateRecord partial = r.partialFix().orElseThrow();
        assertThat(partial.candidate().diff()).contains("+" + GeneratedMavenProject.FIX);
        assertThat(partial.validation().orElseThrow().fixed()).containsExactly(GeneratedMavenProject.FAILING_TEST);
        assertThat(partial.validation().orElseThrow().stillFailing()).containsExactly("gen.JavaVersionTest#runsOnJavaSeven");
        assertThat(partial.validation().orElseThrow().phases().fullRun()).as("proven on the whole suite").isPresent();
        assertThat(r.validations()).filteredOn(v -> v.verdict() == Verdict.PARTIAL).hasSize(1);
    }

    private RepairPipeline pipeline() {
        TestRunner runner = new TestRunner(executor, host, ReportParsers.standard(), new StackFrameExtractor());
        BuiltinStages stages = BuiltinStages.withCoverage(executor, host, Duration.ofMinutes(5), clock,
                SpectrumFormula.OCHIAI, Optional.empty());
        return new RepairPipeline(new Workspaces(temp.resolve("work"), Duration.ofMinutes(1)), new BuildDetector(),
                runner, new RepairPipeline.Engine(stages, "builtin", Optional.empty()), clock, ProgressListener.none(),
                new Cancellation(), () -> "run-partial", new WarmJvmScreenings(executor, host, clock,
                        new JunitPlatformJars(executor, host, SharedEnvironmentCache.dir().resolve("tools")
                                .resolve("junit-platform"), Duration.ofMinutes(5))));
    }
}
