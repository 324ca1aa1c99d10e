package dev.repofix.config;

import java.util.Locale;
import java.util.Objects;

/**
 * Which engine answers the stages: {@code builtin}, {@code openai:<model>},
 * {@code anthropic:<model>} or {@code replay:<file>}.
 *
 * @param provider builtin, openai, anthropic or replay
 * @param name     the model (or the replay file); empty for builtin
 */
public record ModelChoice(String provider, String name) {
    public ModelChoice {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(name, "name");
    }

    public static ModelChoice parse(String text) {
        String t = text.trim();
        if (t.isEmpty() || t.equalsIgnoreCase("builtin")) {
            return new ModelChoice("builtin", "");
        }
        int colon = t.indexOf(':');
        String provider = colon < 0 ? "" : t.substring(0, colon).toLowerCase(Locale.ROOT);
        String name = colon < 0 ? "" : t.substring(colon + 1).trim();
        if (!(provider.equals("openai") || provider.equals("anthropic") || provider.equals("replay")) || name.isEmpty()) {
            throw new ConfigException("cannot use model '" + text + "': write builtin, openai:<model> (any "
                    + "OpenAI-compatible server, with --base-url for local ones), anthropic:<model> or replay:<file.jsonl>");
        }
        return new ModelChoice(provider, name);
    }

    public boolean isBuiltin() {
        return provider.equals("builtin");
    }

    @Override
    public String toString() {
        return isBuiltin() ? "builtin" : provider + ":" + name;
    }
}
