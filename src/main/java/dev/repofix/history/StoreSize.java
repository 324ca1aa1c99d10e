package dev.repofix.history;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How big the history is.
 *
 * @param runs       runs kept
 * @param cases      eval cases kept
 * @param stages     stage rows kept
 * @param candidates candidate rows kept
 * @param bytes      space on disk (the SQLite file and its journal, or PostgreSQL's tables and indexes)
 * @param oldest     when the oldest run began
 * @param newest     when the newest run began
 */
public record StoreSize(long runs, long cases, long stages, long candidates, OptionalLong bytes,
        Optional<Instant> oldest, Optional<Instant> newest) {
    public StoreSize {
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(oldest, "oldest");
        Objects.requireNonNull(newest, "newest");
    }
}
