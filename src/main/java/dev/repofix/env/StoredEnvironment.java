package dev.repofix.env;

import java.time.Instant;
import java.util.Objects;

/**
 * One environment in the cache, for {@code repofix env list} and {@code prune}.
 *
 * @param key         its folder's name (a hash of what defines it)
 * @param kind        {@code python}, {@code maven}, ... joined with {@code +}; {@code ?} for a half-made one
 * @param description one line, as the run that made it said it
 * @param bytes       what it takes on disk
 * @param lastUsed    when a run last used it (or made it)
 * @param ready       false for a folder a set-up left half-made (it is rebuilt on next use)
 */
public record StoredEnvironment(String key, String kind, String description, long bytes, Instant lastUsed,
        boolean ready) {
    public StoredEnvironment {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(lastUsed, "lastUsed");
    }
}
