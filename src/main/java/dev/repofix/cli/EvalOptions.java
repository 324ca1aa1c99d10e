package dev.repofix.cli;

import dev.repofix.app.CompositionRoot;
import dev.repofix.app.Environment;
import dev.repofix.app.EvalSession;
import dev.repofix.config.ConfigKey;
import dev.repofix.config.ConfigResolver;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.Settings;
import dev.repofix.config.SettingsFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What every command that runs cases takes: the model's endpoint, the limits, the sandbox. */
final class EvalOptions {
    @Option(names = "--base-url", paramLabel = "URL", description = "Model API base URL.")
    String baseUrl;

    @Option(names = "--api-key-env", paramLabel = "VAR", description = "Variable holding the API key.")
    String apiKeyEnv;

    @Mixin
    ModelLimitOptions modelLimits = new ModelLimitOptions();

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "30m",
            description = "Time budget of one case. Default: 30m")
    String timeout;

    @Option(names = "--test-timeout", paramLabel = "DURATION", description = "Limit of one test-suite run. "
            + "Default: 10m")
    String testTimeout;

    @Option(names = "--max-candidates", paramLabel = "N", description = "Candidates validated per case. Default: 30")
    String maxCandidates;

    @Option(names = "--max-screened", paramLabel = "N", description = "Candidates screened per case where "
            + "screening is on. Default: 200")
    String maxScreened;

    @Option(names = "--config", paramLabel = "FILE", description = "The operator's settings file.")
    Path configFile;

    @Mixin
    SandboxOptions sandbox = new SandboxOptions();

    /**
     * The typed settings of these flags over the operator's variables and {@code --config} file
     * (a case's repository never gives settings), with {@code model} when one is given.
     */
    Settings settings(HostEnvironment host, Optional<String> model) {
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        model.ifPresent(m -> flags.put(ConfigKey.MODEL, m));
        putFlags(flags);
        return Settings.of(ConfigResolver.resolve(flags, host, Optional.ofNullable(configFile).map(SettingsFile::operator)));
    }

    /** The session that runs cases with {@code model} under these options; the caller closes it. */
    EvalSession session(Environment env, String model, PrintWriter err) {
        Settings settings = settings(env.host(), Optional.of(EvalSession.modelSetting(model)));
        return new EvalSession(new CompositionRoot(settings, env), model, err);
    }

    private void putFlags(Map<ConfigKey, String> flags) {
        put(flags, ConfigKey.BASE_URL, baseUrl);
        put(flags, ConfigKey.API_KEY_ENV, apiKeyEnv);
        modelLimits.putFlags(flags);
        put(flags, ConfigKey.TIMEOUT, timeout);
        put(flags, ConfigKey.TEST_TIMEOUT, testTimeout);
        put(flags, ConfigKey.MAX_CANDIDATES, maxCandidates);
        put(flags, ConfigKey.MAX_SCREENED, maxScreened);
        sandbox.putFlags(flags);
    }

    private static void put(Map<ConfigKey, String> flags, ConfigKey key, String value) {
        if (value != null) {
            flags.put(key, value);
        }
    }
}
