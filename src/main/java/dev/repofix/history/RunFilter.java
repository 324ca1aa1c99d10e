package dev.repofix.history;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Which runs a listing or a trend is over; every part is optional.
 *
 * @param since      runs started at or after
 * @param until      runs started before
 * @param kind       fix or eval runs only
 * @param model      one model only
 * @param repository one repository (or benchmark) only
 * @param limit      at most this many runs, newest first; 0 for all
 */
public record RunFilter(Optional<Instant> since, Optional<Instant> until, Optional<RunSummary.RunKind> kind,
        Optional<String> model, Optional<String> repository, int limit) {
    public RunFilter {
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(until, "until");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(repository, "repository");
        if (limit < 0) {
            throw new IllegalArgumentException("a limit cannot be negative: " + limit);
        }
    }

    /** Every run. */
    public static RunFilter all() {
        return new RunFilter(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                0);
    }

    public RunFilter since(Instant from) {
        return new RunFilter(Optional.of(from), until, kind, model, repository, limit);
    }

    public RunFilter kind(RunSummary.RunKind only) {
        return new RunFilter(since, until, Optional.of(only), model, repository, limit);
    }

    public RunFilter model(String only) {
        return new RunFilter(since, until, kind, Optional.of(only), repository, limit);
    }

    public RunFilter repository(String only) {
        return new RunFilter(since, until, kind, model, Optional.of(only), limit);
    }

    public RunFilter limit(int most) {
        return new RunFilter(since, until, kind, model, repository, most);
    }
}
