package dev.repofix.config;

import java.util.List;
import java.util.Objects;

/**
 * What a CI step posts and when it fails.
 *
 * @param mode   comment, review, check or summary-only
 * @param failOn never, no-fix or failures
 */
public record PublishSettings(String mode, String failOn) {
    /** The modes, as {@code mode} is written. */
    public static final List<String> MODES = List.of("comment", "review", "check", "summary-only");
    /** When the step fails, as {@code fail-on} is written. */
    public static final List<String> FAIL_ONS = List.of("never", "no-fix", "failures");

    public PublishSettings {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(failOn, "failOn");
    }

    /** The publish keys of {@code c}, each one of its choices (in lower case). */
    public static PublishSettings of(ResolvedConfig c) {
        return new PublishSettings(c.choice(ConfigKey.MODE, MODES), c.choice(ConfigKey.FAIL_ON, FAIL_ONS));
    }
}
