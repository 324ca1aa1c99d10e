package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BuildLogTest {
    /** The shape Maven 3.8 prints when a plugin needs a newer Maven (written by hand from a real run). */
    private static final String MAVEN_NEEDS_NEWER = """
            [INFO] Scanning for projects...
            [INFO]\s
            [INFO] ------------------------< org.example:lib >-------------------------
            [INFO] Building lib 1.0-SNAPSHOT
            [INFO] --------------------------------[ jar ]---------------------------------
            [INFO] ------------------------------------------------------------------------
            [INFO] BUILD FAILURE
            [INFO] ------------------------------------------------------------------------
            [INFO] Total time:  0.412 s
            [INFO] Finished at: 2026-11-23T22:10:04Z
            [INFO] ------------------------------------------------------------------------
            [ERROR] Failed to execute goal org.apache.rat:apache-rat-plugin:0.18:check (rat-check) on project lib: \
            The plugin org.apache.rat:apache-rat-plugin:0.18 requires Maven version 3.9.0 -> [Help 1]
            [ERROR]\s
            [ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.
            [ERROR] Re-run Maven using the -X switch to enable full debug logging.
            [ERROR]\s
            [ERROR] For more information about the errors and possible solutions, please read the following articles:
            [ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/PluginIncompatibleException
            """;

    /** Maven 3.8 with the enforcer's requireMavenVersion rule failing. */
    private static final String ENFORCER_FAILS = """
            [INFO] --- maven-enforcer-plugin:3.4.1:enforce (enforce-maven) @ lib ---
            [WARNING] Rule 0: org.apache.maven.enforcer.rules.version.RequireMavenVersion failed with message:
            Detected Maven Version: 3.8.7 is not in the allowed range [3.9.6,).
            [INFO] ------------------------------------------------------------------------
            [INFO] BUILD FAILURE
            [INFO] ------------------------------------------------------------------------
            [ERROR] Failed to execute goal org.apache.maven.plugins:maven-enforcer-plugin:3.4.1:enforce (enforce-maven) \
            on project lib: Some Enforcer rules have failed. Look above for specific messages explaining why the rule failed. -> [Help 1]
            [ERROR]\s
            [ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.
            [ERROR] Re-run Maven using the -X switch to enable full debug logging.
            [ERROR]\s
            [ERROR] For more information about the errors and possible solutions, please read the following articles:
            [ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoExecutionException
            """;

    @Test
    void keepsTheLineSayingWhichMavenVersionAPluginNeeds() {
        String excerpt = BuildLog.errorExcerpt(MAVEN_NEEDS_NEWER, 40);

        assertThat(excerpt).contains("apache-rat-plugin:0.18 requires Maven version 3.9.0")
                .doesNotContain("[Help 1]").doesNotContain("http://").doesNotContain("re-run Maven");
        assertThat(excerpt.lines().findFirst()).hasValueSatisfying(
                first -> assertThat(first).startsWith("[ERROR] Failed to execute goal"));
    }

    @Test
    void keepsTheEnforcerRuleThatFailedAndTheGoalItStopped() {
        String excerpt = BuildLog.errorExcerpt(ENFORCER_FAILS, 40);

        assertThat(excerpt).contains("RequireMavenVersion failed with message")
                .contains("Failed to execute goal org.apache.maven.plugins:maven-enforcer-plugin")
                .doesNotContain("[Help 1]").doesNotContain("MojoExecutionException");
    }

    @Test
    void fallsBackToTheTailWhenNoLineLooksLikeAnError() {
        assertThat(BuildLog.errorExcerpt("one\ntwo\nthree\n", 2)).isEqualTo("two\nthree");
    }
}
