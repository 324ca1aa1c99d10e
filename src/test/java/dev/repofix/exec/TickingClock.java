package dev.repofix.exec;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock for tests: advances by a fixed step on every reading, so elapsed time is deterministic. */
public final class TickingClock extends Clock {
    private Instant now;
    private final Duration step;

    public TickingClock(Instant start, Duration step) {
        this.now = start;
        this.step = step;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        Instant current = now;
        now = now.plus(step);
        return current;
    }
}
