package dev.repofix.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and under which limits the repository's tests run, and where its copies go.
 *
 * @param mode        auto, docker or local
 * @param memoryBytes memory of one sandboxed test run, no swap
 * @param cpus        CPUs of one sandboxed test run
 * @param pids        processes of one sandboxed test run
 * @param image       the image as given: a family (jvm, python, ...), a reference, or empty for the build's
 * @param caches      extra host folders mounted read-only, each an existing absolute folder
 * @param workDir     folder of the workspace copies; empty means the environment's temp folder
 * @param pull        where a missing repofix sandbox image is pulled from (a reference with {@code {family}}),
 *                    as given; blank: none
 * @param base        the base a missing repofix sandbox image is built FROM, as given; blank: the Dockerfiles' own
 */
public record SandboxSpec(Mode mode, long memoryBytes, double cpus, int pids, String image, List<Path> caches,
        Optional<Path> workDir, String pull, String base) {
    /** The least memory a sandboxed run may have: Docker refuses less than 6 MiB; no JVM or Python starts in less. */
    public static final long MIN_MEMORY = 64L * 1024 * 1024;
    /** The fewest processes a sandboxed run may have. */
    public static final int MIN_PIDS = 16;

    /** Where tests run. */
    public enum Mode {
        /** Docker when the engine answers and has the image, else local processes. */
        AUTO,
        /** Docker, or an error. */
        DOCKER,
        /** Local processes. */
        LOCAL;

        /** The modes as the {@code sandbox} key writes them. */
        public static final List<String> NAMES = List.of("auto", "docker", "local");
    }

    public SandboxSpec {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(image, "image");
        caches = List.copyOf(caches);
        Objects.requireNonNull(workDir, "workDir");
        Objects.requireNonNull(pull, "pull");
        Objects.requireNonNull(base, "base");
    }

    /** A spec that neither pulls nor names a base: missing repofix images are built FROM the Dockerfiles' base. */
    public SandboxSpec(Mode mode, long memoryBytes, double cpus, int pids, String image, List<Path> caches,
            Optional<Path> workDir) {
        this(mode, memoryBytes, cpus, pids, image, caches, workDir, "", "");
    }

    /** The sandbox keys of {@code c}, parsed and checked; a cache folder must exist. */
    public static SandboxSpec of(ResolvedConfig c) {
        Mode mode = Mode.valueOf(c.choice(ConfigKey.SANDBOX, Mode.NAMES).toUpperCase(Locale.ROOT));
        long memory = c.bytes(ConfigKey.SANDBOX_MEMORY, MIN_MEMORY, 1L << 50);
        double cpus = c.decimal(ConfigKey.SANDBOX_CPUS, 0.01, 1024);
        int pids = c.integer(ConfigKey.SANDBOX_PIDS, MIN_PIDS, 4_194_304);
        List<Path> caches = Arrays.stream(c.get(ConfigKey.SANDBOX_CACHE).split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).map(Path::of).toList();
        for (Path p : caches) {
            if (!p.isAbsolute() || !Files.isDirectory(p)) {
                throw new ConfigException("sandbox-cache folder '" + p + "' (from "
                        + c.value(ConfigKey.SANDBOX_CACHE).source() + ") is not an existing absolute folder; "
                        + "fix the path or leave it out");
            }
        }
        String workDir = c.get(ConfigKey.WORK_DIR).trim();
        return new SandboxSpec(mode, memory, cpus, pids, c.get(ConfigKey.SANDBOX_IMAGE), caches,
                workDir.isEmpty() ? Optional.empty() : Optional.of(Path.of(workDir).toAbsolutePath()),
                c.get(ConfigKey.SANDBOX_PULL).trim(), c.get(ConfigKey.SANDBOX_BASE).trim());
    }

    /** Where workspace copies go: the work folder, else {@code tempDir}. */
    public Path workDir(Path tempDir) {
        return workDir.orElse(tempDir);
    }
}
