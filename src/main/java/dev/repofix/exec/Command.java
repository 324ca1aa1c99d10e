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
 * @param network     whether the command may reach the network: only an environment's set-up
 *                    does (it installs dependencies, with no secret in its environment); test
 *                    runs never do in a sandbox. Local processes always can.
 * @param pathPrefix  folders put before the {@code PATH} the command gets (a prepared virtual
 *                    environment's {@code bin}): before the environment's {@code PATH} for a local
 *                    process, before the image's in a sandbox
 * @param mounts      host folders a sandbox makes visible at the same path (a prepared environment);
 *                    local processes see them anyway
 */
public record Command(List<String> argv, Path workdir, Map<String, String> environment, Duration timeout, int outputCap,
        Optional<SandboxImage> image, boolean network, List<Path> pathPrefix, List<Mount> mounts) {
    public static final int DEFAULT_OUTPUT_CAP = 2 * 1024 * 1024;

    public Command {
        argv = List.copyOf(argv);
        Objects.requireNonNull(workdir, "workdir");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(image, "image");
        pathPrefix = List.copyOf(pathPrefix);
        mounts = List.copyOf(mounts);
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

    /**
     * A folder on the host that a sandbox makes visible at the same path inside.
     *
     * @param folder   the folder, as repofix sees it
     * @param writable whether the command may write there (an environment's set-up); test runs
     *                 get prepared environments read-only, so that they cannot change them for the next run
     */
    public record Mount(Path folder, boolean writable) {
        public Mount {
            Objects.requireNonNull(folder, "folder");
        }
    }

    /** A command with no network in a sandbox, nothing before its {@code PATH} and no extra folder. */
    public Command(List<String> argv, Path workdir, Map<String, String> environment, Duration timeout, int outputCap,
            Optional<SandboxImage> image) {
        this(argv, workdir, environment, timeout, outputCap, image, false, List.of(), List.of());
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
        return new Command(argv, workdir, environment, timeout, outputCap, family, network, pathPrefix, mounts);
    }

    /** This command, allowed to reach the network in a sandbox (an environment's set-up). */
    public Command withNetwork() {
        return new Command(argv, workdir, environment, timeout, outputCap, image, true, pathPrefix, mounts);
    }

    /** This command with {@code folders} before its {@code PATH}, and {@code extra} folders visible in a sandbox. */
    public Command withEnvironmentFolders(List<Path> folders, List<Mount> extra) {
        List<Path> prefix = new java.util.ArrayList<>(folders);
        prefix.addAll(pathPrefix);
        List<Mount> all = new java.util.ArrayList<>(mounts);
        all.addAll(extra);
        return new Command(argv, workdir, environment, timeout, outputCap, image, network, prefix, all);
    }

    /**
     * The environment with {@link #pathPrefix} before its {@code PATH}: what a local process gets.
     */
    public Map<String, String> environmentWithPath() {
        if (pathPrefix.isEmpty()) {
            return environment;
        }
        Map<String, String> env = new java.util.LinkedHashMap<>(environment);
        String joined = String.join(java.io.File.pathSeparator, pathPrefix.stream().map(Path::toString).toList());
        String path = environment.get("PATH");
        env.put("PATH", path == null || path.isEmpty() ? joined : joined + java.io.File.pathSeparator + path);
        return env;
    }
}
