package dev.repofix.config.archfixture;

import dev.repofix.app.Environment;

/** Test-only: a class in {@code config} that wrongly uses a higher package ({@code app}), to prove the layering rule bites. */
public final class ConfigUsingCli {
    private ConfigUsingCli() {}

    public static Object host(Environment env) {
        return env.host();
    }
}
