package dev.repofix.config;

import java.util.Objects;

/**
 * Every setting of a run, typed and checked: resolved once from a {@link ResolvedConfig},
 * so that nothing past {@code config} reads a setting by its key. Each part parses its
 * keys with the message {@link ResolvedConfig} gives (the key, its value and where it came
 * from); the first bad value throws, in the order run, sandbox, model, publish.
 *
 * @param run     how the repository's tests run and the run's budget
 * @param sandbox where and under which limits the tests run
 * @param model   which engine answers the stages, and how it is reached
 * @param publish what the CI step posts and when it fails
 */
public record Settings(RunSettings run, SandboxSpec sandbox, ModelSpec model, PublishSettings publish) {
    public Settings {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(sandbox, "sandbox");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(publish, "publish");
    }

    /**
     * Every value of {@code c}, parsed and checked.
     *
     * @throws ConfigException naming the first bad value, where it came from and what it is for
     */
    public static Settings of(ResolvedConfig c) {
        return new Settings(RunSettings.of(c), SandboxSpec.of(c), ModelSpec.of(c), PublishSettings.of(c));
    }
}
