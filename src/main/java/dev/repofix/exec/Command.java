package dev.repofix.exec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One command to run.
 *
 * @param argv        program and arguments; never empty
 * @param workdir     directory to run in; a sandbox mounts only this one, writable
 * @param environment the complete environment of the process (nothing is inherited)
 * @param timeout     wall-clock limit; the whole process tree is killed when it passes
 * @param outputCap   bytes of output kept, head and tail (the middle is elided)
 * @param image       the sandbox image family the command needs (its toolchain); empty when
 *                    unknown, and ignored by executors that run local processes
 */
public record Command(List<String> argv, Path workdir, Map<String, String> environment, Duration timeout, int outputCap,
        Optional<SandboxImage> image) {
    public static final int DEFAULT_OUTPUT_CAP = 2 * 1024 * 1024;

    public Command {
        argv = List.copyOf(argv);
        Objects.requireNonNull(workdir, "workdir");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(image, "image");
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

    /** A command without a sandbox image family. */
    public Command(List<String> argv, Path workdir, Map<String, String> environment, Duration timeout, int outputCap) {
        this(argv, workdir, environment, timeout, outputCap, Optional.empty());
    }

    /** A {@code sh -c} command, the way test commands are given by users. */
    public static Command shell(String script, Path workdir, Map<String, String> environment, Duration timeout) {
        return new Command(List.of("sh", "-c", script), workdir, environment, timeout, DEFAULT_OUTPUT_CAP);
    }

    /** This command, to be run in the given sandbox image family (when sandboxed). */
    public Command withImage(Optional<SandboxImage> family) {
        return new Command(argv, workdir, environment, timeout, outputCap, family);
    }
}
