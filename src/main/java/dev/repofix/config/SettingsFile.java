package dev.repofix.config;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A settings file and whose it is. The repository's own {@code .repofix.yml} is untrusted
 * input: it may set only the keys marked {@link ConfigKey.SetBy#REPOSITORY}. A file the
 * operator names with {@code --config} is the operator's and may set every key, even
 * when it lies inside the repository: naming it is the operator's decision to trust it.
 *
 * @param path  the file; it need not exist
 * @param owner who wrote it: {@link ConfigKey.SetBy#REPOSITORY} or {@link ConfigKey.SetBy#OPERATOR}
 */
public record SettingsFile(Path path, ConfigKey.SetBy owner) {
    public SettingsFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(owner, "owner");
    }

    /** The repository's {@code .repofix.yml}: only repository keys apply. */
    public static SettingsFile repository(Path path) {
        return new SettingsFile(path, ConfigKey.SetBy.REPOSITORY);
    }

    /** A file the operator named: every key applies. */
    public static SettingsFile operator(Path path) {
        return new SettingsFile(path, ConfigKey.SetBy.OPERATOR);
    }
}
