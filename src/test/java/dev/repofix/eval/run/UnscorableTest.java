package dev.repofix.eval.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.cases.CaseFixtures;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.report.RunResultBuilder;
import dev.repofix.report.RunResults;
import dev.repofix.testrun.EnvironmentFailure;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The line between ERROR (the environment) and BROKEN (the case), read from run records built in code. */
class UnscorableTest {
    @TempDir
    Path temp;

    /** The Maven case of {@link CaseFixtures}: its reference tests edit src/test/java/com/example/CalcTest.java. */
    private EvalCase mavenCase() {
        return new CaseFile().read(CaseFixtures.write(temp.resolve("cases.jsonl"),
                List.of(CaseFixtures.maven("calc-1")))).getFirst();
    }

    private static RunResultBuilder buildBroken(String log) {
        RunResultBuilder b = RunResultBuilder.from(RunResults.testsPass());
        b.status = RunStatus.BUILD_BROKEN;
        b.buildLog = log;
        return b;
    }

    @Test
    void aBaseCommitThatDoesNotCompileOutsideTheReferenceTestsIsTheEnvironments() {
        RunResult record = buildBroken("""
                [ERROR] COMPILATION ERROR :
                [ERROR] /w/src/main/java/com/example/Calc.java:[3,8] cannot find symbol
                """).build();

        assertThat(Unscorable.of(mavenCase(), record)).get().extracting(Unscorable::status)
                .isEqualTo(ResultStatus.ERROR);
        assertThat(Unscorable.of(mavenCase(), record).orElseThrow().reason())
                .contains("does not compile here").contains("Calc.java:[3,8]");
    }

    @Test
    void referenceTestsThatDoNotCompileAtTheBaseAreTheCases() {
        RunResult record = buildBroken("""
                [ERROR] /w/src/test/java/com/example/CalcTest.java:[11,40] cannot find symbol
                """).build();

        assertThat(Unscorable.of(mavenCase(), record)).get().extracting(Unscorable::status)
                .isEqualTo(ResultStatus.BROKEN);
    }

    @Test
    void aJdkTheBuildCannotUseIsTheEnvironments() {
        RunResult record = buildBroken("[ERROR] Failed to execute goal ... Fatal error compiling: error: "
                + "release version 25 not supported").build();

        assertThat(Unscorable.of(mavenCase(), record).orElseThrow())
                .isEqualTo(Unscorable.error("the build cannot run with this machine's JDK: [ERROR] Failed to execute "
                        + "goal ... Fatal error compiling: error: release version 25 not supported; run the case "
                        + "where the JDK its build asks for is installed"));
    }

    @Test
    void aSetUpThatFailedIsAnErrorWhateverItsKind() {
        for (RunError.Kind kind : List.of(RunError.Kind.INPUT, RunError.Kind.ENVIRONMENT)) {
            RunResultBuilder b = RunResultBuilder.from(RunResults.testsPass());
            b.status = RunStatus.ERROR;
            b.error = Optional.of(new RunError(kind, "setup", "the environment set-up failed: `pip install -e .` "
                    + "exited 1\nERROR: no matching distribution"));

            assertThat(Unscorable.of(mavenCase(), b.build()).orElseThrow()).as(kind.name())
                    .isEqualTo(Unscorable.error("the case's environment set-up failed: the environment set-up failed: "
                            + "`pip install -e .` exited 1"));
        }
    }

    @Test
    void aMissingDependencyIsTheEnvironmentsAndATestThatPassesAtTheBaseTheCases() {
        RunResultBuilder missing = RunResultBuilder.from(RunResults.testsPass());
        missing.status = RunStatus.ENVIRONMENT;
        missing.environment = List.of(new EnvironmentFailure("", EnvironmentFailure.Kind.MAVEN_ARTIFACT,
                "org.example:calc-core:1.0", "Could not resolve", "mvn -B dependency:go-offline"));

        assertThat(Unscorable.of(mavenCase(), missing.build()).orElseThrow().status()).isEqualTo(ResultStatus.ERROR);
        assertThat(Unscorable.of(mavenCase(), missing.build()).orElseThrow().reason())
                .contains("Maven artifact org.example:calc-core:1.0").contains("mvn -B dependency:go-offline");
        assertThat(Unscorable.of(mavenCase(), RunResults.testsPass()).orElseThrow().status())
                .isEqualTo(ResultStatus.BROKEN);
        assertThat(Unscorable.of(mavenCase(), RunResults.notFixed()).orElseThrow().status())
                .as("none of fail_to_pass fails there").isEqualTo(ResultStatus.BROKEN);
    }
}
