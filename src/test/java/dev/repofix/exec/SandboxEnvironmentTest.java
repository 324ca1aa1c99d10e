package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SandboxEnvironmentTest {
    private static final Map<String, String> COMMAND = Map.ofEntries(
            Map.entry("PATH", "/usr/bin:/bin"),
            Map.entry("HOME", "/home/runner"),
            Map.entry("USER", "runner"),
            Map.entry("TMPDIR", "/var/tmp/runner"),
            Map.entry("JAVA_HOME", "/opt/jdk"),
            Map.entry("MAVEN_HOME", "/opt/maven"),
            Map.entry("CI", "true"),
            Map.entry("LANG", "C.UTF-8"),
            Map.entry("PYTEST_ADDOPTS", "--junitxml=.repofix-reports/pytest-junit.xml"),
            Map.entry("MAVEN_OPTS", "-Xmx1g"),
            Map.entry("GITHUB_TOKEN", "ghs_secret"),
            Map.entry("MY_API_KEY", "k"));

    @Test
    void dropsHostPathsAndCredentialsAndKeepsWhatTheTestsNeed() {
        assertThat(SandboxEnvironment.of(COMMAND, Map.of())).containsExactly(
                "CI=true",
                "HOME=/tmp/home",
                "LANG=C.UTF-8",
                "MAVEN_ARGS=-Dmaven.repo.local=/tmp/home/.m2/repository",
                "MAVEN_OPTS=-Xmx1g",
                "PYTEST_ADDOPTS=--junitxml=.repofix-reports/pytest-junit.xml",
                "TMPDIR=/tmp");
    }

    @Test
    void givesMavenAWritableLocalRepositoryInFrontOfAPreparedOneUnlessOneIsNamed() {
        assertThat(SandboxEnvironment.of(Map.of("MAVEN_OPTS", "-Dmaven.repo.local.tail=/env/repository"), Map.of()))
                .contains("MAVEN_ARGS=-Dmaven.repo.local=/tmp/home/.m2/repository",
                        "MAVEN_OPTS=-Dmaven.repo.local.tail=/env/repository");
        assertThat(SandboxEnvironment.of(Map.of("MAVEN_OPTS", "-Dmaven.repo.local=/env/repository"), Map.of()))
                .noneMatch(e -> e.startsWith("MAVEN_ARGS="));
        assertThat(SandboxEnvironment.of(Map.of("MAVEN_ARGS", "-Pfast"), Map.of()))
                .contains("MAVEN_ARGS=-Dmaven.repo.local=/tmp/home/.m2/repository -Pfast");
    }

    @Test
    void putsTheCacheMavenArgumentsBeforeTheCommandsOwn() {
        var env = SandboxEnvironment.of(Map.of("MAVEN_ARGS", "-Pfast"),
                Map.of("MAVEN_ARGS", "-o -Dmaven.repo.local=/tmp/m2", "GOPROXY", "off"));

        assertThat(env).contains("MAVEN_ARGS=-o -Dmaven.repo.local=/tmp/m2 -Pfast", "GOPROXY=off");
    }

    /**
     * A {@code -D} on Maven's command line wins over {@code MAVEN_OPTS}: the host cache's tail in
     * {@code MAVEN_ARGS} hid the repository the set-up prepared, and with no host cache Maven had no
     * writable local repository (the image's home is read-only).
     */
    @Test
    void mavenReadsThePreparedRepositoryFirstThenTheHostsCacheWithALocalRepositoryOnTmp() {
        Map<String, String> command = Map.of("MAVEN_OPTS", "-Xmx1g -Dmaven.repo.local.tail=/envs/mvn-1/repository",
                "MAVEN_ARGS", "-Pfast");
        List<Path> visible = List.of(Path.of("/envs/mvn-1"));

        var withCache = SandboxEnvironment.of(command, Map.of("MAVEN_ARGS",
                "-o -Dmaven.repo.local=/tmp/m2 -Dmaven.repo.local.tail=/cache/m2"), visible, List.of(), Optional.empty());
        var withoutCache = SandboxEnvironment.of(command, Map.of(), visible, List.of(), Optional.empty());

        assertThat(withCache).contains("MAVEN_ARGS=-o -Dmaven.repo.local=/tmp/m2 "
                + "-Dmaven.repo.local.tail=/envs/mvn-1/repository,/cache/m2 -Pfast",
                "MAVEN_OPTS=-Xmx1g -Dmaven.repo.local.tail=/envs/mvn-1/repository");
        assertThat(withoutCache).contains("MAVEN_ARGS=-o -Dmaven.repo.local=/tmp/m2 "
                + "-Dmaven.repo.local.tail=/envs/mvn-1/repository -Pfast");
        assertThat(SandboxEnvironment.of(command, Map.of(), List.of(), List.of(), Optional.empty()))
                .as("a repository the sandbox does not show is not read: a writable local one instead")
                .contains("MAVEN_ARGS=-Dmaven.repo.local=/tmp/home/.m2/repository -Pfast");
    }

    @Test
    void aSetupsTrustStoreOptionsGoBeforeTheCommandsOwnJvmOptions() {
        assertThat(SandboxEnvironment.of(Map.of("JAVA_TOOL_OPTIONS", "-Xss4m"),
                Map.of("JAVA_TOOL_OPTIONS", "-Djavax.net.ssl.trustStore=/etc/repofix/java-trust.p12")))
                .contains("JAVA_TOOL_OPTIONS=-Djavax.net.ssl.trustStore=/etc/repofix/java-trust.p12 -Xss4m");
    }

    @Test
    void cacheVariablesReplaceTheCommandsOthers() {
        assertThat(SandboxEnvironment.of(Map.of("GOFLAGS", "-mod=vendor"), Map.of("GOFLAGS", "-mod=mod")))
                .contains("GOFLAGS=-mod=mod").doesNotContain("GOFLAGS=-mod=vendor");
    }

    @Test
    void keepsAHostPathVariableThatNamesAFolderTheSandboxShowsAndLetsItWinOverTheCaches() {
        var env = SandboxEnvironment.of(
                Map.of("GOMODCACHE", "/envs/go-1/mod", "VIRTUAL_ENV", "/envs/py-1/venv", "GOPATH", "/home/me/go",
                        "npm_config_cache", "/envs/node-1/npm"),
                Map.of("GOMODCACHE", "/cache/go-mod", "npm_config_cache", "/cache/npm"),
                List.of(Path.of("/envs/go-1"), Path.of("/envs/py-1"), Path.of("/envs/node-1")),
                List.of(Path.of("/envs/py-1/venv/bin")), Optional.of("/usr/bin:/bin"));

        assertThat(env).contains("GOMODCACHE=/envs/go-1/mod", "VIRTUAL_ENV=/envs/py-1/venv",
                "npm_config_cache=/envs/node-1/npm", "PATH=/envs/py-1/venv/bin:/usr/bin:/bin")
                .noneMatch(e -> e.startsWith("GOPATH="));
    }
}
