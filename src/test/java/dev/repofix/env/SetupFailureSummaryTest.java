package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How a failed detected step is said in the set-up stage's one line. */
class SetupFailureSummaryTest {
    @Test
    void theCommandLineAndTheFirstErrorLineOfTheTail() {
        String message = """
                the environment set-up failed: `mvn -q test` (exit code 1):
                [INFO] Downloading something
                [ERROR] Failed to execute goal maven-compiler-plugin: Compilation failure
                [ERROR] -> [Help 1]
                Set setup (a YAML list in .repofix.yml, or --setup) to the commands that install what the tests need.""";

        assertThat(EnvironmentSetup.summary(message)).isEqualTo("the environment set-up failed: `mvn -q test` "
                + "(exit code 1): [ERROR] Failed to execute goal maven-compiler-plugin: Compilation failure");
    }

    @Test
    void withoutAnErrorLineTheTailsLastLineAndNothingWithoutATail() {
        assertThat(EnvironmentSetup.summary("failed: `x` (exit code 2):\nfirst\nlast words\nSet setup to ..."))
                .isEqualTo("failed: `x` (exit code 2): last words");
        assertThat(EnvironmentSetup.summary("failed: `x` (no end within 3 min)"))
                .isEqualTo("failed: `x` (no end within 3 min)");
    }

    @Test
    void aLongCommandIsCutSoThatTheReasonStillShows() {
        String said = EnvironmentSetup.summary("the environment set-up failed: `mvn " + "-Dx ".repeat(100)
                + "test` (exit code 1):\n[ERROR] Plugin org.example:p:1.0 could not be resolved");
        assertThat(said).endsWith("...: [ERROR] Plugin org.example:p:1.0 could not be resolved").hasSizeLessThan(300);
    }

    @Test
    void aVeryLongLineIsCut() {
        assertThat(EnvironmentSetup.summary("failed:\nerror " + "x".repeat(30_000))).hasSize(603).endsWith("...");
    }
}
