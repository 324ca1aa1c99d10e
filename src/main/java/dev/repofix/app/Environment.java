package dev.repofix.app;

import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.Cancellation;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;

/**
 * What the commands take from the process they run in, gathered once in {@link Main}
 * so that tests pass their own.
 *
 * @param host      environment variables
 * @param clock     time source
 * @param tempDir   where workspace copies go
 * @param interactive whether a person is at a terminal
 * @param cancellation set when the process is asked to stop (Ctrl-C, a cancelled job)
 */
public record Environment(HostEnvironment host, Clock clock, Path tempDir, boolean interactive,
        Cancellation cancellation) {
    public Environment {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(tempDir, "tempDir");
        Objects.requireNonNull(cancellation, "cancellation");
    }

    /** One that nothing cancels. */
    public Environment(HostEnvironment host, Clock clock, Path tempDir, boolean interactive) {
        this(host, clock, tempDir, interactive, new Cancellation());
    }
}
