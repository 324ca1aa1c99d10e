package dev.repofix.cli;

import dev.repofix.config.ConfigException;
import dev.repofix.config.ConfigKey;
import dev.repofix.config.ModelChoice;
import dev.repofix.config.ResolvedConfig;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Defaults that depend on the chosen model. Pure static functions. */
final class ModelSettings {
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

    private ModelSettings() {}

    /**
     * The variable holding the API key: the configured one, else the provider's usual one.
     *
     * @throws ConfigException when the configured one is the CI system's own token
     */
    static String apiKeyVariable(ResolvedConfig c, ModelChoice model) {
        String given = c.get(ConfigKey.API_KEY_ENV).trim();
        if (!given.isEmpty()) {
            refuseCiToken(given, c.value(ConfigKey.API_KEY_ENV).source());
            return given;
        }
        return switch (model.provider()) {
            case "openai" -> "OPENAI_API_KEY";
            case "anthropic" -> "ANTHROPIC_API_KEY";
            default -> "";
        };
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
}
