package dev.repofix.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsTest {
    @TempDir
    Path dir;

    private static Settings settings(Map<ConfigKey, String> flags) {
        return Settings.of(resolved(flags, Map.of()));
    }

    private static ResolvedConfig resolved(Map<ConfigKey, String> flags, Map<String, String> env) {
        return ConfigResolver.resolve(new EnumMap<>(flags.isEmpty() ? Map.of(ConfigKey.MODEL, "builtin") : flags),
                new HostEnvironment(env), Optional.empty());
    }

    @Test
    void defaultsParseIntoTypedValues() {
        Settings s = settings(Map.of());

        assertThat(s.run()).isEqualTo(new RunSettings(Optional.empty(), 30, Duration.ofMinutes(20),
                Duration.ofMinutes(10), 2, 1));
        assertThat(s.run()).isEqualTo(RunSettings.defaults());
        assertThat(s.sandbox()).isEqualTo(new SandboxSpec(SandboxSpec.Mode.AUTO, 2L << 30, 2.0, 512, "", List.of(),
                Optional.empty()));
        assertThat(s.model().choice().isBuiltin()).isTrue();
        assertThat(s.model().maxAttempts()).isEqualTo(3);
        assertThat(s.model().cache()).isTrue();
        assertThat(s.model().cacheDir()).isEmpty();
        assertThat(s.model().record()).isEmpty();
        assertThat(s.model().context()).isEqualTo("16k");
        assertThat(s.model().sbfl()).isEqualTo(ModelSpec.Formula.OCHIAI);
        assertThat(s.publish()).isEqualTo(new PublishSettings("comment", "never"));
    }

    @Test
    void maxScreenedComesFromTheEnvironmentOrTheFlagAndReachesTheRun() {
        Settings fromEnv = Settings.of(resolved(Map.of(ConfigKey.MODEL, "builtin"), Map.of("REPOFIX_MAX_SCREENED",
                "400")));
        Settings fromFlag = settings(Map.of(ConfigKey.MAX_SCREENED, "50"));

        assertThat(fromEnv.run().maxScreened()).isEqualTo(400);
        assertThat(fromFlag.run().runConfig("repo", Optional.empty(), dir, new HostEnvironment(Map.of())).maxScreened())
                .isEqualTo(50);
        assertThat(settings(Map.of()).run().maxScreened()).isEqualTo(200);
        assertThatThrownBy(() -> settings(Map.of(ConfigKey.MAX_SCREENED, "0"))).hasMessageContaining("max-screened");
    }

    @Test
    void everyGivenValueIsParsed() {
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        flags.put(ConfigKey.TEST_COMMAND, "make test");
        flags.put(ConfigKey.MAX_CANDIDATES, "7");
        flags.put(ConfigKey.TIMEOUT, "1h30m");
        flags.put(ConfigKey.TEST_TIMEOUT, "90s");
        flags.put(ConfigKey.RERUNS, "0");
        flags.put(ConfigKey.JOBS, "4");
        flags.put(ConfigKey.SANDBOX, "Local");
        flags.put(ConfigKey.SANDBOX_MEMORY, "512m");
        flags.put(ConfigKey.SANDBOX_CPUS, "1.5");
        flags.put(ConfigKey.SANDBOX_PIDS, "64");
        flags.put(ConfigKey.SANDBOX_IMAGE, "python");
        flags.put(ConfigKey.SANDBOX_CACHE, dir + " , ");
        flags.put(ConfigKey.SANDBOX_PULL, " 127.0.0.1:5000/acme/repofix-sandbox-{family}:1.2.3 ");
        flags.put(ConfigKey.SANDBOX_BASE, "repofix-base:trixie");
        flags.put(ConfigKey.WORK_DIR, dir.resolve("w").toString());
        flags.put(ConfigKey.MODEL, "openai:gpt-4o");
        flags.put(ConfigKey.BASE_URL, " http://127.0.0.1:8000/v1 ");
        flags.put(ConfigKey.API_KEY_ENV, "MY_KEY");
        flags.put(ConfigKey.AZURE_API_VERSION, "2024-06-01");
        flags.put(ConfigKey.AZURE_DEPLOYMENT, "dep");
        flags.put(ConfigKey.CONTEXT, "8k");
        flags.put(ConfigKey.MAX_ATTEMPTS, "5");
        flags.put(ConfigKey.CACHE, "off");
        flags.put(ConfigKey.CACHE_DIR, dir.resolve("cache").toString());
        flags.put(ConfigKey.RECORD, "answers.jsonl");
        flags.put(ConfigKey.SBFL, "DStar");
        flags.put(ConfigKey.MODE, "review");
        flags.put(ConfigKey.FAIL_ON, "no-fix");

        Settings s = settings(flags);

        assertThat(s.run()).isEqualTo(new RunSettings(Optional.of("make test"), 7, Duration.ofMinutes(90),
                Duration.ofSeconds(90), 0, 4));
        assertThat(s.sandbox()).isEqualTo(new SandboxSpec(SandboxSpec.Mode.LOCAL, 512L << 20, 1.5, 64, "python",
                List.of(dir), Optional.of(dir.resolve("w")), "127.0.0.1:5000/acme/repofix-sandbox-{family}:1.2.3",
                "repofix-base:trixie"));
        assertThat(s.model().choice()).isEqualTo(new ModelChoice("openai", "gpt-4o"));
        assertThat(s.model().baseUrl()).isEqualTo("http://127.0.0.1:8000/v1");
        assertThat(s.model().apiKeyVariable()).isEqualTo("MY_KEY");
        assertThat(s.model().azureApiVersion()).isEqualTo("2024-06-01");
        assertThat(s.model().azureDeployment()).isEqualTo("dep");
        assertThat(s.model().context()).isEqualTo("8k");
        assertThat(s.model().maxAttempts()).isEqualTo(5);
        assertThat(s.model().cache()).isFalse();
        assertThat(s.model().cacheDir(new HostEnvironment(Map.of()))).isEqualTo(dir.resolve("cache"));
        assertThat(s.model().record()).contains(Path.of("answers.jsonl"));
        assertThat(s.model().sbfl()).isEqualTo(ModelSpec.Formula.DSTAR);
        assertThat(s.publish()).isEqualTo(new PublishSettings("review", "no-fix"));
    }

    @Test
    void aRunConfigTakesTheRunSettingsAndCapsTheTestTimeout() {
        RunSettings run = settings(Map.of(ConfigKey.TIMEOUT, "90s", ConfigKey.TEST_TIMEOUT, "2m")).run();

        RunConfig config = run.runConfig("repo", Optional.of("v1"), Path.of("out"), new HostEnvironment(Map.of()));

        assertThat(config.timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(config.testTimeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(config.ref()).contains("v1");
        assertThat(run.withTestCommand(Optional.of("pytest")).withReruns(0).withJobs(1)
                .runConfig("repo", Optional.empty(), Path.of("out"), new HostEnvironment(Map.of())))
                .satisfies(c -> {
                    assertThat(c.testCommand()).contains("pytest");
                    assertThat(c.reruns()).isZero();
                    assertThat(c.jobs()).isOne();
                });
    }

    @Test
    void eachBadValueIsAnErrorNamingItsKeyAndSource() {
        Map<ConfigKey, String> bad = Map.ofEntries(
                Map.entry(ConfigKey.MAX_CANDIDATES, "max-candidates = '0' (from --max-candidates) must be between 1"),
                Map.entry(ConfigKey.RERUNS, "reruns = '0' (from --reruns)"),
                Map.entry(ConfigKey.JOBS, "jobs = '0' (from --jobs) must be between 1 and 64"),
                Map.entry(ConfigKey.SANDBOX, "sandbox = '0' (from --sandbox) is not one of auto, docker, local"),
                Map.entry(ConfigKey.SANDBOX_MEMORY, "sandbox-memory = '0' (from --sandbox-memory) is not a size"),
                Map.entry(ConfigKey.SANDBOX_CPUS, "sandbox-cpus = '0' (from --sandbox-cpus) must be between 0.01"),
                Map.entry(ConfigKey.SANDBOX_PIDS, "sandbox-pids = '0' (from --sandbox-pids) must be between 16"),
                Map.entry(ConfigKey.SANDBOX_CACHE, "sandbox-cache folder '0' (from --sandbox-cache) is not an "
                        + "existing absolute folder"),
                Map.entry(ConfigKey.MAX_ATTEMPTS, "max-attempts = '0' (from --max-attempts) must be between 1 and 10"),
                Map.entry(ConfigKey.CACHE, "cache = '0' (from --cache)"),
                Map.entry(ConfigKey.SBFL, "sbfl = '0' (from --sbfl) is not one of ochiai, dstar"),
                Map.entry(ConfigKey.MODE, "mode = '0' (from --mode) is not one of comment, review, check, summary-only"),
                Map.entry(ConfigKey.FAIL_ON, "fail-on = '0' (from --fail-on) is not one of never, no-fix, failures"),
                Map.entry(ConfigKey.TIMEOUT, "duration must be positive: '0'"),
                Map.entry(ConfigKey.TEST_TIMEOUT, "duration must be positive: '0'"),
                Map.entry(ConfigKey.MODEL, "cannot use model '0'"));
        for (Map.Entry<ConfigKey, String> e : bad.entrySet()) {
            if (e.getKey() == ConfigKey.RERUNS || e.getKey() == ConfigKey.CACHE) {
                continue; // 0 is a good value of both; their bad values are below
            }
            assertThatThrownBy(() -> settings(Map.of(e.getKey(), "0"))).as(e.getKey().key())
                    .isInstanceOf(ConfigException.class).hasMessageContaining(e.getValue());
        }
        assertThatThrownBy(() -> settings(Map.of(ConfigKey.RERUNS, "21"))).isInstanceOf(ConfigException.class)
                .hasMessageContaining("reruns = '21' (from --reruns) must be between 0 and 20");
        assertThatThrownBy(() -> settings(Map.of(ConfigKey.CACHE, "maybe"))).isInstanceOf(ConfigException.class)
                .hasMessageContaining("cache = 'maybe' (from --cache) is not true or false");
        assertThatThrownBy(() -> settings(Map.of(ConfigKey.TIMEOUT, "soon"))).isInstanceOf(ConfigException.class)
                .hasMessageContaining("cannot read duration 'soon'");
    }

    @Test
    void theSandboxImageSourceComesFromTheOperatorsVariablesAsTheReleasesActionSetsThem() {
        Settings s = Settings.of(resolved(Map.of(), Map.of("REPOFIX_SANDBOX_PULL",
                "127.0.0.1:5000/acme/repofix-sandbox-{family}:1.2.3", "INPUT_SANDBOX-BASE", "repofix-base:trixie")));

        assertThat(s.sandbox().pull()).isEqualTo("127.0.0.1:5000/acme/repofix-sandbox-{family}:1.2.3");
        assertThat(s.sandbox().base()).isEqualTo("repofix-base:trixie");
        assertThat(ConfigKey.SANDBOX_PULL.mayBeSetBy(ConfigKey.SetBy.REPOSITORY)).isFalse();
        assertThat(ConfigKey.SANDBOX_BASE.mayBeSetBy(ConfigKey.SetBy.REPOSITORY)).isFalse();
    }

    @Test
    void aValueFromTheEnvironmentNamesTheVariable() {
        assertThatThrownBy(() -> Settings.of(resolved(Map.of(), Map.of("REPOFIX_JOBS", "many"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("jobs = 'many' (from REPOFIX_JOBS) is not a whole number");
    }

    @Test
    void theCiSystemsTokenIsRefusedAsTheModelsKeyOnlyWhenAKeyIsAskedFor() {
        ModelSpec spec = settings(Map.of(ConfigKey.API_KEY_ENV, "GITHUB_TOKEN")).model();

        assertThat(spec.apiKeyEnv()).isEqualTo("GITHUB_TOKEN");
        assertThatThrownBy(spec::apiKeyVariable).isInstanceOf(ConfigException.class)
                .hasMessageContaining("api-key-env = 'GITHUB_TOKEN' (from --api-key-env) names the CI system's own "
                        + "token");
        assertThat(settings(Map.of(ConfigKey.MODEL, "anthropic:claude")).model().apiKeyVariable())
                .isEqualTo("ANTHROPIC_API_KEY");
        assertThat(settings(Map.of(ConfigKey.MODEL, "builtin")).model().apiKeyVariable()).isEmpty();
    }

    @Test
    void theWorkFolderDefaultsToTheGivenTempFolder() {
        assertThat(settings(Map.of()).sandbox().workDir(dir)).isEqualTo(dir);
    }
}
