package dev.repofix.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Which engine answers the stages and how a model is reached.
 *
 * @param choice          builtin or a model
 * @param baseUrl         the model API's base URL as given (trimmed); empty means the provider's
 * @param apiKeyEnv       the api-key-env value as given; see {@link #apiKeyVariable()}
 * @param apiKeyEnvSource where {@code apiKeyEnv} came from, for its error message
 * @param azureApiVersion Azure OpenAI api-version (trimmed); empty when not Azure
 * @param azureDeployment Azure OpenAI deployment (trimmed); empty when not Azure
 * @param context         token budget of the code context as given (the {@code context} package reads it)
 * @param maxAttempts     attempts per stage when an answer does not parse
 * @param cache           whether model answers are kept on disk
 * @param cacheDir        folder of the response cache; empty means the host's default
 * @param record          file every model exchange is appended to; empty means none
 * @param sbfl            the builtin engine's spectrum formula
 * @param limits          the model's window, answer budget, request timeout and concurrency
 */
public record ModelSpec(ModelChoice choice, String baseUrl, String apiKeyEnv, String apiKeyEnvSource,
        String azureApiVersion, String azureDeployment, String context, int maxAttempts, boolean cache,
        Optional<Path> cacheDir, Optional<Path> record, Formula sbfl, ModelLimits limits) {
    /**
     * Tokens the CI system gives the job to act on the repository (GitHub's and GitLab's).
     * A model's key is never one of them, so naming one in api-key-env is refused even from
     * the operator: it is a misconfigured workflow, or a setting that would send the job's
     * token to the model host.
     */
    private static final Set<String> CI_TOKENS = Set.of("GITHUB_TOKEN", "GH_TOKEN", "INPUT_GITHUB-TOKEN",
            "INPUT_GITHUB_TOKEN", "GITLAB_TOKEN", "CI_JOB_TOKEN", "CI_JOB_JWT", "CI_JOB_JWT_V1", "CI_JOB_JWT_V2",
            "CI_REGISTRY_PASSWORD", "CI_DEPLOY_PASSWORD");
    /** GitHub's runner tokens: ACTIONS_RUNTIME_TOKEN, ACTIONS_ID_TOKEN_REQUEST_TOKEN, ... */
    private static final List<String> CI_TOKEN_PREFIXES = List.of("ACTIONS_");

    /** The builtin engine's spectrum formula, as the {@code sbfl} key names it. */
    public enum Formula {
        OCHIAI,
        DSTAR
    }

    public ModelSpec {
        Objects.requireNonNull(choice, "choice");
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(apiKeyEnv, "apiKeyEnv");
        Objects.requireNonNull(apiKeyEnvSource, "apiKeyEnvSource");
        Objects.requireNonNull(azureApiVersion, "azureApiVersion");
        Objects.requireNonNull(azureDeployment, "azureDeployment");
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(cacheDir, "cacheDir");
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(sbfl, "sbfl");
        Objects.requireNonNull(limits, "limits");
    }

    /** The spec before the model's limits were settings: the default limits. */
    public ModelSpec(ModelChoice choice, String baseUrl, String apiKeyEnv, String apiKeyEnvSource,
            String azureApiVersion, String azureDeployment, String context, int maxAttempts, boolean cache,
            Optional<Path> cacheDir, Optional<Path> record, Formula sbfl) {
        this(choice, baseUrl, apiKeyEnv, apiKeyEnvSource, azureApiVersion, azureDeployment, context, maxAttempts,
                cache, cacheDir, record, sbfl, ModelLimits.defaults());
    }

    /** The model keys of {@code c}, parsed and checked. */
    public static ModelSpec of(ResolvedConfig c) {
        ModelChoice choice = ModelChoice.parse(c.get(ConfigKey.MODEL));
        Formula sbfl = Formula.valueOf(c.choice(ConfigKey.SBFL, List.of("ochiai", "dstar")).toUpperCase(Locale.ROOT));
        int attempts = c.integer(ConfigKey.MAX_ATTEMPTS, 1, 10);
        boolean cache = c.bool(ConfigKey.CACHE);
        return new ModelSpec(choice, c.get(ConfigKey.BASE_URL).trim(), c.get(ConfigKey.API_KEY_ENV),
                c.value(ConfigKey.API_KEY_ENV).source(), c.get(ConfigKey.AZURE_API_VERSION).trim(),
                c.get(ConfigKey.AZURE_DEPLOYMENT).trim(), c.get(ConfigKey.CONTEXT), attempts, cache,
                path(c.get(ConfigKey.CACHE_DIR)), path(c.get(ConfigKey.RECORD)), sbfl, ModelLimits.of(c));
    }

    /** The same with another engine (a benchmark's model, or builtin for gold answers). */
    public ModelSpec withChoice(ModelChoice other) {
        return new ModelSpec(other, baseUrl, apiKeyEnv, apiKeyEnvSource, azureApiVersion, azureDeployment, context,
                maxAttempts, cache, cacheDir, record, sbfl, limits);
    }

    /**
     * The variable holding the API key: the configured one, else the provider's usual one
     * (empty for builtin and replay).
     *
     * @throws ConfigException when the configured one is the CI system's own token
     */
    public String apiKeyVariable() {
        String given = apiKeyEnv.trim();
        if (!given.isEmpty()) {
            refuseCiToken(given, apiKeyEnvSource);
            return given;
        }
        return switch (choice.provider()) {
            case "openai" -> "OPENAI_API_KEY";
            case "anthropic" -> "ANTHROPIC_API_KEY";
            default -> "";
        };
    }

    /** Folder of the response cache and the tools repofix fetches: the one set, else the host's default. */
    public Path cacheDir(HostEnvironment host) {
        return cacheDir.orElseGet(host::defaultCacheDir);
    }

    private static void refuseCiToken(String variable, String source) {
        String upper = variable.toUpperCase(Locale.ROOT);
        if (CI_TOKENS.contains(upper) || CI_TOKEN_PREFIXES.stream().anyMatch(upper::startsWith)) {
            throw new ConfigException("api-key-env = '" + variable + "' (from " + source + ") names the CI system's "
                    + "own token, which is never a model's key and must not reach a model host; store the model's "
                    + "key in its own secret, expose it as e.g. OPENAI_API_KEY or ANTHROPIC_API_KEY, and give that "
                    + "name to api-key-env");
        }
    }

    private static Optional<Path> path(String value) {
        String v = value.trim();
        return v.isEmpty() ? Optional.empty() : Optional.of(Path.of(v));
    }
}
