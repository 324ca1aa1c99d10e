package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.HostEnvironment;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A test that prints its environment, run as the test runner runs it: with
 * {@link CleanEnvironment} built from a CI runner's environment full of credentials, also
 * asked for by name and hidden in the options variables a build is given. Neither a
 * secret's name nor its value reaches the output.
 */
class EnvironmentLeakTest {
    /** Secrets by name, as GitHub Actions, GitLab CI, cloud and package set-ups put them there. */
    private static final Map<String, String> SECRETS = Map.ofEntries(
            Map.entry("GITHUB_TOKEN", "ghs_leak0001"),
            Map.entry("GH_TOKEN", "ghp_leak0002"),
            Map.entry("OPENAI_API_KEY", "sk-leak0003"),
            Map.entry("ANTHROPIC_API_KEY", "sk-ant-leak0004"),
            Map.entry("AWS_SECRET_ACCESS_KEY", "aws-leak0005"),
            Map.entry("AWS_SESSION_TOKEN", "aws-leak0006"),
            Map.entry("MY_PASSWORD", "hunter2-leak0007"),
            Map.entry("NPM_TOKEN", "npm_leak0008"),
            Map.entry("ACTIONS_RUNTIME_TOKEN", "runtime-leak0009"),
            Map.entry("ACTIONS_ID_TOKEN_REQUEST_TOKEN", "oidc-leak0010"),
            Map.entry("ACTIONS_ID_TOKEN_REQUEST_URL", "https://oidc.example/leak0011"),
            Map.entry("ACTIONS_CACHE_URL", "https://cache.example/leak0012/"),
            Map.entry("CI_JOB_TOKEN", "glcbt-leak0013"),
            Map.entry("CI_REGISTRY_PASSWORD", "registry-leak0014"),
            Map.entry("MAVEN_GPG_PASSPHRASE", "gpg-leak0015"),
            Map.entry("DATABASE_URL", "postgres://app:db-leak0016@db.example/app"),
            Map.entry("PIP_INDEX_URL", "https://user:pip-leak0017@pypi.example/simple"));

    /** Values a build is given by name, each hiding a credential among its ordinary words. */
    private static final Map<String, String> HIDDEN = Map.of(
            "MAVEN_OPTS", "-Xmx1g -Dgpg.passphrase=opts-leak0018 -Dhttps.proxyHost=proxy.example"
                    + " -Dsonar.login=opts-leak0022 -Dnexus.pw=opts-leak0023",
            "MAVEN_ARGS", "-B --settings ci.xml -Drepo.password=args-leak0019 -Ddeploy.pass=args-leak0024"
                    + " -Drepo.pwd=args-leak0025",
            "JAVA_TOOL_OPTIONS", "-Djavax.net.ssl.keyStorePassword=jto-leak0020 -Dfile.encoding=UTF-8"
                    + " -Dapi.key=jto-leak0026",
            "GRADLE_OPTS", "-Xmx2g -Dorg.gradle.project.signingKey=gradle-leak0027 -Dsigning.key=gradle-leak0028",
            "NODE_OPTIONS", "--max-old-space-size=4096 --key=node-leak0029",
            "PYTHONPATH", "/opt/lib https://token-leak0021@git.example/lib.git");

    /** What builds ask for (Maven's and pytest's names), plus every secret asked for by name. */
    private static final List<String> ASKED = List.of("MAVEN_OPTS", "MAVEN_ARGS", "JAVA_TOOL_OPTIONS", "PYTHONPATH",
            "GRADLE_OPTS", "NODE_OPTIONS",
            "VIRTUAL_ENV", "GITHUB_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_URL", "ACTIONS_CACHE_URL", "DATABASE_URL",
            "PIP_INDEX_URL", "MY_PASSWORD", "CI_JOB_TOKEN");

    @TempDir
    Path dir;

    @Test
    void aTestPrintingItsEnvironmentShowsNoSecretNameOrValue() {
        Map<String, String> host = new TreeMap<>(SECRETS);
        host.putAll(HIDDEN);
        host.put("PATH", "/usr/local/bin:/usr/bin:/bin");
        host.put("HOME", dir.toString());
        Map<String, String> env = CleanEnvironment.of(new HostEnvironment(host), ASKED, Map.of());

        ExecResult result = new LocalProcessExecutor(Clock.systemUTC())
                .run(Command.shell("env; cat /proc/self/environ | tr '\\0' '\\n'", dir, env, Duration.ofSeconds(20)));

        assertThat(result.succeeded()).as(result.output()).isTrue();
        assertThat(result.output()).contains("PATH=/usr/local/bin:/usr/bin:/bin")
                .contains("MAVEN_OPTS=-Xmx1g -Dhttps.proxyHost=proxy.example\n")
                .contains("MAVEN_ARGS=-B --settings ci.xml\n")
                .contains("JAVA_TOOL_OPTIONS=-Dfile.encoding=UTF-8\n")
                .contains("GRADLE_OPTS=-Xmx2g\n")
                .contains("NODE_OPTIONS=--max-old-space-size=4096\n")
                .contains("PYTHONPATH=/opt/lib");
        for (String name : SECRETS.keySet()) {
            assertThat(result.output()).doesNotContain(name + "=");
        }
        for (int i = 1; i <= 29; i++) {
            assertThat(result.output()).doesNotContain(String.format("leak%04d", i));
        }
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', textBlock = """
            -Xmx1g -XX:+UseG1GC                              | -Xmx1g -XX:+UseG1GC
            -Xmx1g -Dgpg.passphrase=x -Dfile.encoding=UTF-8  | -Xmx1g -Dfile.encoding=UTF-8
            -Dhttp.proxyPassword=x                           | ''
            --password x -B                                  | -B
            --token=x --batch-mode                           | --batch-mode
            -s settings.xml -api_key=x                       | -s settings.xml
            https://x-access-token:ghs_x@github.com/o/r.git  | ''
            /opt/a https://ghp_x@github.com/o/r.git /opt/b   | /opt/a /opt/b
            ssh://git@github.com/o/r.git                     | ''
            https://example.org/a?b=c@d                      | https://example.org/a?b=c@d
            /usr/bin:/bin                                    | /usr/bin:/bin
            -DskipTests -Dmaven.repo.local=/m2               | -DskipTests -Dmaven.repo.local=/m2
            """)
    void dropsTheWordsOfAValueThatCarryACredential(String value, String kept) {
        assertThat(CleanEnvironment.withoutCredentials(value)).isEqualTo(kept);
    }

    /**
     * The spellings CI set-ups use for a credential in an option's name: dotted, camel-cased or
     * upper-cased, and the short words ({@code pw}, {@code pwd}, {@code pass}, {@code login})
     * or {@code key} as the last word of the name, which is what the option holds.
     */
    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"-Dsonar.login=x", "-Dapi.key=x", "-Dsigning.key=x", "-Dnexus.pw=x", "-Ddeploy.pass=x",
        "-Drepo.pwd=x", "-Dkey=x", "-Dorg.gradle.project.signingKey=x", "-DsigningKey=x", "-DNEXUS_PW=x",
        "-Dgpg.key=x", "-Dsonar.token=x", "-Dlogin=x", "-Dpw=x", "--key=x", "--login x", "-Dapi-key=x",
        "-Dsecret.key=x", "-Daws.accessKeyId=x", "-Dsigning.key.password=x"})
    void dropsAnOptionWhoseNameSpellsACredential(String option) {
        assertThat(CleanEnvironment.withoutCredentials("-Xmx1g " + option + " -B")).isEqualTo("-Xmx1g -B");
    }

    /**
     * Options that only look like one: {@code key} or {@code pass} followed by another word names
     * something about a key (its store, type or alias) or is another word ({@code passthrough},
     * {@code keystore}, {@code monkey}); heap, skip and cache options stay too.
     */
    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"-Xmx2g", "-Dkeystore.type=PKCS12", "-Djavax.net.ssl.keyStore=/ks.jks",
        "-Djavax.net.ssl.keyStoreType=PKCS12", "-Djavax.net.ssl.trustStore=/ts.jks", "-Dgpg.keyname=0xABCD",
        "-Dsigning.keyId=ABCD", "-Dmaven.test.skip=true", "-Dpassthrough=true", "-DpassThrough=true",
        "-Dpassive.mode=true", "-Dmonkey=1", "-Dlogin.timeout=5", "-Dhttps.proxyHost=proxy.example",
        "-Dmaven.repo.local=/m2", "-DskipTests", "--max-old-space-size=4096", "-Dsurefire.failIfNoSpecifiedTests=false",
        "-XX:+HeapDumpOnOutOfMemoryError", "-Dfile.encoding=UTF-8", "--keep-going", "-Dhotkey=F5"})
    void keepsAnOptionThatOnlyLooksLikeACredential(String option) {
        assertThat(CleanEnvironment.withoutCredentials("-B " + option)).isEqualTo("-B " + option);
    }

    @Test
    void passesNoVariableWhoseWholeValueWasACredential() {
        Map<String, String> env = CleanEnvironment.of(new HostEnvironment(Map.of("MAVEN_OPTS", "-Dgpg.passphrase=x")),
                List.of("MAVEN_OPTS"), Map.of());

        assertThat(env).doesNotContainKey("MAVEN_OPTS");
    }
}
