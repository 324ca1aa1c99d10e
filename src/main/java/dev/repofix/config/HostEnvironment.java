package dev.repofix.config;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A snapshot of the caller's environment variables, read once at start-up. Only
 * {@code config} reads the process environment; everything else gets this record,
 * so tests pass any map they like.
 */
public record HostEnvironment(Map<String, String> variables) {
    public HostEnvironment {
        Objects.requireNonNull(variables, "variables");
        variables = Map.copyOf(new TreeMap<>(variables));
    }

    /** The environment of this process. */
    public static HostEnvironment fromSystem() {
        return new HostEnvironment(System.getenv());
    }

    /**
     * repofix's own cache folder when none is configured: {@code $XDG_CACHE_HOME/repofix},
     * else {@code ~/.cache/repofix}, else {@code .repofix-cache} in the working folder.
     */
    public java.nio.file.Path defaultCacheDir() {
        return get("XDG_CACHE_HOME").map(java.nio.file.Path::of)
                .or(() -> get("HOME").map(h -> java.nio.file.Path.of(h, ".cache")))
                .orElse(java.nio.file.Path.of(".repofix-cache").toAbsolutePath().getParent())
                .resolve("repofix");
    }

    /** Returns the variable's value, empty when unset or blank. */
    public Optional<String> get(String name) {
        String value = variables.get(name);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }
}
