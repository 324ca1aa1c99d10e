package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.HostEnvironment;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CleanEnvironmentTest {
    private static final List<String> SECRETS =
            List.of("GITHUB_TOKEN", "OPENAI_API_KEY", "AWS_SECRET_ACCESS_KEY", "NPM_TOKEN", "MY_PASSWORD");

    private static final HostEnvironment HOST = new HostEnvironment(Map.ofEntries(
            Map.entry("PATH", "/usr/bin:/bin"),
            Map.entry("HOME", "/home/runner"),
            Map.entry("LANG", "C.UTF-8"),
            Map.entry("JAVA_HOME", "/opt/jdk"),
            Map.entry("MAVEN_OPTS", "-Xmx1g"),
            Map.entry("RUNNER_NAME", "runner-7"),
            Map.entry("TZ", " "),
            Map.entry("CI", "false"),
            Map.entry("GITHUB_TOKEN", "ghs_secret"),
            Map.entry("OPENAI_API_KEY", "sk-secret"),
            Map.entry("AWS_SECRET_ACCESS_KEY", "aws-secret"),
            Map.entry("NPM_TOKEN", "npm-secret"),
            Map.entry("MY_PASSWORD", "hunter2")));

    @Test
    void passesAllowlistedNamesAndNothingElse() {
        Map<String, String> env = CleanEnvironment.of(HOST, List.of(), Map.of());

        assertThat(env).containsOnly(
                Map.entry("PATH", "/usr/bin:/bin"),
                Map.entry("HOME", "/home/runner"),
                Map.entry("LANG", "C.UTF-8"),
                Map.entry("JAVA_HOME", "/opt/jdk"),
                Map.entry("CI", "true"));
    }

    @Test
    void passesNamesTheBuildAsksFor() {
        Map<String, String> env = CleanEnvironment.of(HOST, List.of("MAVEN_OPTS", "RUNNER_NAME", "NOT_SET"), Map.of());

        assertThat(env).containsEntry("MAVEN_OPTS", "-Xmx1g").containsEntry("RUNNER_NAME", "runner-7")
                .doesNotContainKey("NOT_SET");
    }

    @Test
    void neverPassesSecretsEvenWhenTheBuildAsksForThem() {
        Map<String, String> env = CleanEnvironment.of(HOST, SECRETS, Map.of());

        assertThat(env).doesNotContainKeys(SECRETS.toArray(String[]::new));
        assertThat(env.values()).doesNotContain("ghs_secret", "sk-secret", "aws-secret", "npm-secret", "hunter2");
    }

    @Test
    void leavesOutBlankValues() {
        assertThat(CleanEnvironment.of(HOST, List.of(), Map.of())).doesNotContainKey("TZ");
    }

    @Test
    void setsCiTrueOverTheCallersValue() {
        Map<String, String> env = CleanEnvironment.of(HOST, List.of("CI"), Map.of());

        assertThat(env).containsEntry("CI", "true");
    }

    @Test
    void extrasWinOverHostValuesAndCi() {
        Map<String, String> env = CleanEnvironment.of(HOST, List.of("MAVEN_OPTS"),
                Map.of("MAVEN_OPTS", "-Xmx2g", "PATH", "/opt/tools/bin", "CI", "1", "PYTEST_ADDOPTS", "-q"));

        assertThat(env).containsEntry("MAVEN_OPTS", "-Xmx2g")
                .containsEntry("PATH", "/opt/tools/bin")
                .containsEntry("CI", "1")
                .containsEntry("PYTEST_ADDOPTS", "-q");
    }

    /** A user's PYTHONPATH (or an editable install) must not shadow the copy under test. */
    @Test
    void aBuildsSearchPathGoesBeforeTheCallersOne() {
        HostEnvironment host = new HostEnvironment(Map.of("PYTHONPATH", "/home/me/project/src"));

        assertThat(CleanEnvironment.of(host, List.of("PYTHONPATH"), Map.of("PYTHONPATH", "src:.")))
                .containsEntry("PYTHONPATH", "src:.:/home/me/project/src");
        assertThat(CleanEnvironment.of(new HostEnvironment(Map.of()), List.of("PYTHONPATH"),
                Map.of("PYTHONPATH", "src:."))).containsEntry("PYTHONPATH", "src:.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"GITHUB_TOKEN", "OPENAI_API_KEY", "AWS_SECRET_ACCESS_KEY", "NPM_TOKEN", "MY_PASSWORD",
        "github_token", "ANTHROPIC_APIKEY", "AWS_ACCESS_KEY_ID", "GPG_PASSPHRASE", "GOOGLE_APPLICATION_CREDENTIALS",
        "SSH_PRIVATE_KEY", "NODE_AUTH_TOKEN", "BASIC_AUTH", "AWS_SESSION_TOKEN", "DB_PASSWD",
        "SONAR_LOGIN", "NEXUS_PW", "DEPLOY_PASS", "REPO_PWD", "SIGNING_KEY", "GPG_KEY", "signingKey"})
    void recognisesSecretNames(String name) {
        assertThat(CleanEnvironment.isSecretName(name)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"PATH", "HOME", "USER", "LANG", "LC_ALL", "TZ", "TMPDIR", "JAVA_HOME", "MAVEN_OPTS",
        "VIRTUAL_ENV", "PYTHONPATH", "CI", "LOGNAME", "GRADLE_OPTS", "NODE_OPTIONS", "MAVEN_ARGS", "KEYSTORE_TYPE",
        "GPG_KEYNAME", "PASSTHROUGH"})
    void doesNotMistakeOrdinaryNamesForSecrets(String name) {
        assertThat(CleanEnvironment.isSecretName(name)).isFalse();
    }
}
