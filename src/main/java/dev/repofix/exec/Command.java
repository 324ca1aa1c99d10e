package dev.repofix.exec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One command to run.
 *
 * @param argv        program and arguments; never empty
 * @param workdir     directory to run in
 * @param environment the complete environment of the process (nothing is inherited)
 * @param timeout     wall-clock limit; the whole process tree is killed when it passes
 * @param outputCap   bytes of output kept, head and tail (the middle is elided)
 */
public record Command(List<String> argv, Path workdir, Map<String, String> environment, Duration timeout, int outputCap) {
    public static final int DEFAULT_OUTPUT_CAP = 2 * 1024 * 1024;

    public Command {
        argv = List.copyOf(argv);
        Objects.requireNonNull(workdir, "workdir");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(timeout, "timeout");
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("argv must not be empty");
        }
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        if (outputCap < 1024) {
            throw new IllegalArgumentException("outputCap must be at least 1024 bytes: " + outputCap);
        }
    }

    /** A {@code sh -c} command, the way test commands are given by users. */
    public static Command shell(String script, Path workdir, Map<String, String> environment, Duration timeout) {
        return new Command(List.of("sh", "-c", script), workdir, environment, timeout, DEFAULT_OUTPUT_CAP);
    }
}
