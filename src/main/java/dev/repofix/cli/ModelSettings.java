package dev.repofix.cli;

import dev.repofix.config.ConfigKey;
import dev.repofix.config.ModelChoice;
import dev.repofix.config.ResolvedConfig;

/** Defaults that depend on the chosen model. Pure static functions. */
final class ModelSettings {
    private ModelSettings() {}

    /** The variable holding the API key: the configured one, else the provider's usual one. */
    static String apiKeyVariable(ResolvedConfig c, ModelChoice model) {
        String given = c.get(ConfigKey.API_KEY_ENV).trim();
        if (!given.isEmpty()) {
            return given;
        }
        return switch (model.provider()) {
            case "openai" -> "OPENAI_API_KEY";
            case "anthropic" -> "ANTHROPIC_API_KEY";
            default -> "";
        };
    }
}
