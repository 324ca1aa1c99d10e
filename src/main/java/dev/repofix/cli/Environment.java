package dev.repofix.cli;

import dev.repofix.config.HostEnvironment;
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
 */
public record Environment(HostEnvironment host, Clock clock, Path tempDir, boolean interactive) {
    public Environment {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(tempDir, "tempDir");
    }
}
