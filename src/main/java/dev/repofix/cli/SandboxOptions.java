package dev.repofix.cli;

import dev.repofix.config.ConfigKey;
import java.util.Map;
import picocli.CommandLine.Option;

/** Where and under which limits the repository's tests run; shared by every command that runs them. */
final class SandboxOptions {
    @Option(names = "--sandbox", paramLabel = "auto|docker|local", description = "Run tests in a Docker container "
            + "(no network, no secrets, capped memory, CPU, processes and time) or as local processes. auto: Docker "
            + "when the engine answers and has the image, else local. Default: auto")
    String sandbox;

    @Option(names = "--sandbox-memory", paramLabel = "SIZE", description = "Memory of one sandboxed test run, no "
            + "swap. Default: 2g")
    String memory;

    @Option(names = "--sandbox-cpus", paramLabel = "N", description = "CPUs of one sandboxed test run. Default: 2")
    String cpus;

    @Option(names = "--sandbox-pids", paramLabel = "N", description = "Processes of one sandboxed test run. "
            + "Default: 512")
    String pids;

    @Option(names = "--sandbox-image", paramLabel = "IMAGE", description = "jvm, python, node, rust, go or an image "
            + "reference. Default: the build's (repofix/sandbox-<family>:1)")
    String image;

    @Option(names = "--sandbox-pull", paramLabel = "PATTERN", description = "Where a missing repofix sandbox image "
            + "is pulled from: an image reference with {family}. Default: none (the image is built once on the engine)")
    String pull;

    @Option(names = "--sandbox-base", paramLabel = "IMAGE", description = "Base image a missing repofix sandbox "
            + "image is built FROM. Default: debian:trixie-slim")
    String base;

    @Option(names = "--sandbox-cache", paramLabel = "DIRS", description = "More host folders (comma-separated) "
            + "mounted read-only at the same path in the sandbox, besides ~/.m2/repository, the Go module and npm "
            + "caches.")
    String cache;

    @Option(names = "--work-dir", paramLabel = "DIR", description = "Folder for the workspace copies. Default: the "
            + "system temp folder (in a container action, use a mounted volume such as /github/home).")
    String workDir;

    void putFlags(Map<ConfigKey, String> flags) {
        put(flags, ConfigKey.SANDBOX, sandbox);
        put(flags, ConfigKey.SANDBOX_MEMORY, memory);
        put(flags, ConfigKey.SANDBOX_CPUS, cpus);
        put(flags, ConfigKey.SANDBOX_PIDS, pids);
        put(flags, ConfigKey.SANDBOX_IMAGE, image);
        put(flags, ConfigKey.SANDBOX_PULL, pull);
        put(flags, ConfigKey.SANDBOX_BASE, base);
        put(flags, ConfigKey.SANDBOX_CACHE, cache);
        put(flags, ConfigKey.WORK_DIR, workDir);
    }

    private static void put(Map<ConfigKey, String> flags, ConfigKey key, String value) {
        if (value != null) {
            flags.put(key, value);
        }
    }
}
