package dev.repofix.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigResolverTest {
    @TempDir
    Path dir;

    @Test
    void flagBeatsInputBeatsEnvironmentBeatsFileBeatsDefault() throws Exception {
        Path yml = Files.writeString(dir.resolve(".repofix.yml"), "model: openai:from-file\ncontext: 8k\njobs: 3\nreruns: 1\n");
        HostEnvironment env = new HostEnvironment(Map.of(
                "INPUT_MODEL", "openai:from-input", "REPOFIX_MODEL", "openai:from-env",
                "REPOFIX_CONTEXT", "32k", "REPOFIX_JOBS", "2"));

        ResolvedConfig c = ConfigResolver.resolve(Map.of(ConfigKey.JOBS, "4"), env,
                Optional.of(SettingsFile.operator(yml)));

        assertThat(c.value(ConfigKey.JOBS)).isEqualTo(new ResolvedConfig.Value("4", "--jobs"));
        assertThat(c.value(ConfigKey.MODEL)).isEqualTo(new ResolvedConfig.Value("openai:from-input", "INPUT_MODEL"));
        assertThat(c.value(ConfigKey.CONTEXT)).isEqualTo(new ResolvedConfig.Value("32k", "REPOFIX_CONTEXT"));
        assertThat(c.value(ConfigKey.RERUNS)).isEqualTo(new ResolvedConfig.Value("1", yml.toString()));
        assertThat(c.value(ConfigKey.TIMEOUT)).isEqualTo(new ResolvedConfig.Value("20m", "default"));
    }

    @Test
    void anEmptyActionInputCountsAsNotGivenSoTheSettingsFileApplies() throws Exception {
        Path yml = Files.writeString(dir.resolve(".repofix.yml"), "test-timeout: 45m\n");
        HostEnvironment env = new HostEnvironment(Map.of("INPUT_TEST-TIMEOUT", "", "INPUT_TEST-COMMAND", " "));

        ResolvedConfig c = ConfigResolver.resolve(Map.of(), env, Optional.of(SettingsFile.repository(yml)));

        assertThat(c.value(ConfigKey.TEST_TIMEOUT)).isEqualTo(new ResolvedConfig.Value("45m", yml.toString()));
        assertThat(c.value(ConfigKey.TEST_COMMAND).source()).isEqualTo("default");
    }

    @Test
    void neverReadsTheRepositorysSettingsThroughALink(@TempDir Path elsewhere) throws Exception {
        Path host = Files.writeString(elsewhere.resolve("host.yml"), "test-timeout: 45m\ne2e-host-0015: x\n");
        Path yml = Files.createSymbolicLink(dir.resolve(".repofix.yml"), host);

        ResolvedConfig c = ConfigResolver.resolve(Map.of(), new HostEnvironment(Map.of()),
                Optional.of(SettingsFile.repository(yml)));

        assertThat(c.value(ConfigKey.TEST_TIMEOUT).source()).isEqualTo("default");
    }

    @Test
    void actionInputsKeepTheirHyphen() {
        HostEnvironment env = new HostEnvironment(Map.of("INPUT_BASE-URL", "http://127.0.0.1:8080/v1"));
        ResolvedConfig c = ConfigResolver.resolve(Map.of(), env, Optional.empty());
        assertThat(c.get(ConfigKey.BASE_URL)).isEqualTo("http://127.0.0.1:8080/v1");
    }

    /**
     * The repository's file may be read by another version of repofix: a key this one does not
     * know is ignored with a warning naming it and the file, whatever its value, and the keys
     * it knows still apply.
     */
    @Test
    void unknownKeyInTheRepositorysFileIsIgnoredWithItsNameAndFile() throws Exception {
        Path yml = Files.writeString(dir.resolve(".repofix.yml"),
                "modle: openai:x\ntest-timeout: 45m\nfuture-key:\n  nested: [1, 2]\n");

        ResolvedConfig c = ConfigResolver.resolve(Map.of(), new HostEnvironment(Map.of()),
                Optional.of(SettingsFile.repository(yml)));

        assertThat(c.get(ConfigKey.TEST_TIMEOUT)).isEqualTo("45m");
        assertThat(c.unknown()).containsExactly(new ResolvedConfig.UnknownKey("modle", yml.toString()),
                new ResolvedConfig.UnknownKey("future-key", yml.toString()));
        assertThat(c.unknown().get(0).message()).isEqualTo(yml + " sets 'modle', a key this version of repofix "
                + "does not know; ignored");
    }

    /** A key from the repository is shown, never obeyed: no line break, escape or bidi control, and cut short. */
    @Test
    void anUnknownKeyIsShownPrintableAndShort() throws Exception {
        Path yml = Files.writeString(dir.resolve(".repofix.yml"),
                "\"x\\n::warning::forged\\u001b[31m\\u202e\": 1\n" + "k".repeat(1_000) + ": 2\n");

        ResolvedConfig c = ConfigResolver.resolve(Map.of(), new HostEnvironment(Map.of()),
                Optional.of(SettingsFile.repository(yml)));

        assertThat(c.unknown()).hasSize(2);
        assertThat(c.unknown().get(0).message()).contains("'x\\u000a::warning::forged\\u001b[31m\\u202e'")
                .doesNotContain("\n", "\u001b", "\u202e");
        assertThat(c.unknown().get(1).message()).contains("'" + "k".repeat(60) + "...'")
                .doesNotContain("k".repeat(61));
    }

    /** A file the operator names is theirs: a mistyped key (a sandbox setting, say) must not pass unseen. */
    @Test
    void unknownKeyInTheOperatorsFileIsAnErrorNamingTheKnownOnes() throws Exception {
        Path yml = Files.writeString(dir.resolve("ci.yml"), "sandbx: docker\n");
        assertThatThrownBy(() -> ConfigResolver.resolve(Map.of(), new HostEnvironment(Map.of()),
                Optional.of(SettingsFile.operator(yml))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("unknown key 'sandbx'").hasMessageContaining("model, base-url");
    }

    @Test
    void unknownRepofixVariableIsAnError() {
        HostEnvironment env = new HostEnvironment(Map.of("REPOFIX_MODLE", "x"));
        assertThatThrownBy(() -> ConfigResolver.resolve(Map.of(), env, Optional.empty()))
                .isInstanceOf(ConfigException.class).hasMessageContaining("REPOFIX_MODLE");
    }

    @Test
    void launcherVariablesAreNotSettings() {
        HostEnvironment env = new HostEnvironment(Map.of("REPOFIX_JAVA_HOME", "/x", "REPOFIX_JVM_OPTS", "-Xmx1g"));
        assertThat(ConfigResolver.resolve(Map.of(), env, Optional.empty()).get(ConfigKey.MODEL)).isEqualTo("builtin");
    }

    @Test
    void fileThatIsNotAMappingOrNotYamlIsRefused() throws Exception {
        Path list = Files.writeString(dir.resolve("a.yml"), "- model\n- x\n");
        Path broken = Files.writeString(dir.resolve("b.yml"), "model: [unclosed\n");
        Path nested = Files.writeString(dir.resolve("c.yml"), "model:\n  name: x\n");
        HostEnvironment none = new HostEnvironment(Map.of());
        assertThatThrownBy(() -> ConfigResolver.resolve(Map.of(), none, Optional.of(SettingsFile.repository(list))))
                .hasMessageContaining("must be a mapping");
        assertThatThrownBy(() -> ConfigResolver.resolve(Map.of(), none, Optional.of(SettingsFile.repository(broken))))
                .hasMessageContaining("cannot read").hasMessageContaining("fix the YAML");
        assertThatThrownBy(() -> ConfigResolver.resolve(Map.of(), none, Optional.of(SettingsFile.repository(nested))))
                .hasMessageContaining("must be a single value");
    }

    @Test
    void badValuesSayWhereTheyCameFrom() {
        HostEnvironment env = new HostEnvironment(Map.of("REPOFIX_JOBS", "many", "REPOFIX_CACHE", "maybe"));
        ResolvedConfig c = ConfigResolver.resolve(Map.of(), env, Optional.empty());
        assertThatThrownBy(() -> c.integer(ConfigKey.JOBS, 1, 64))
                .hasMessageContaining("jobs = 'many' (from REPOFIX_JOBS) is not a whole number");
        assertThatThrownBy(() -> c.bool(ConfigKey.CACHE)).hasMessageContaining("is not true or false");
    }

    @Test
    void missingFileIsFine() {
        ResolvedConfig c = ConfigResolver.resolve(Map.of(), new HostEnvironment(Map.of()),
                Optional.of(SettingsFile.repository(dir.resolve("absent.yml"))));
        assertThat(c.get(ConfigKey.CONTEXT)).isEqualTo("16k");
    }

    @Test
    void modelChoicesParseOrSayWhatIsAccepted() {
        assertThat(ModelChoice.parse("builtin").isBuiltin()).isTrue();
        assertThat(ModelChoice.parse("openai:gpt-4o")).isEqualTo(new ModelChoice("openai", "gpt-4o"));
        assertThat(ModelChoice.parse("anthropic:claude-x")).isEqualTo(new ModelChoice("anthropic", "claude-x"));
        assertThat(ModelChoice.parse("replay:runs/a.jsonl")).isEqualTo(new ModelChoice("replay", "runs/a.jsonl"));
        assertThatThrownBy(() -> ModelChoice.parse("gpt-4o")).hasMessageContaining("openai:<model>");
        assertThatThrownBy(() -> ModelChoice.parse("openai:")).isInstanceOf(ConfigException.class);
    }
}
