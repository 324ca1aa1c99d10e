package dev.repofix.cli;

import dev.repofix.config.ConfigException;
import dev.repofix.config.ConfigKey;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.ResolvedConfig;
import dev.repofix.exec.AutoSandbox;
import dev.repofix.exec.DockerExecutor;
import dev.repofix.exec.EngineAddress;
import dev.repofix.exec.ExecException;
import dev.repofix.exec.Executor;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.exec.SandboxLimits;
import dev.repofix.exec.SandboxSettings;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/** Creates the executor the {@code sandbox} setting asks for; the caller closes it. */
final class Sandboxes {
    /** How long {@code auto} waits for the engine to answer before running tests locally. */
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);
    static final List<String> MODES = List.of("auto", "docker", "local");

    private Sandboxes() {}

    /**
     * local: local processes; docker: containers, failing when the engine cannot be reached;
     * auto: containers when the engine answers within {@link #PROBE_TIMEOUT} and has the
     * image a build needs, else local processes, with one line on {@code err} saying which and why.
     */
    static Executor create(ResolvedConfig c, Environment env, PrintWriter err) {
        String mode = c.choice(ConfigKey.SANDBOX, MODES);
        if (mode.equals("local")) {
            return new LocalProcessExecutor(env.clock());
        }
        SandboxSettings settings = settings(c, env.host(), runId());
        if (mode.equals("docker")) {
            return sharing(DockerExecutor.open(settings, env.host(), env.clock()), workDir(c, env));
        }
        Optional<String> unreachable = DockerExecutor.probe(settings.engine(), PROBE_TIMEOUT);
        if (unreachable.isPresent()) {
            return local(env, err, "no Docker engine answered within " + PROBE_TIMEOUT.toSeconds() + "s: "
                    + unreachable.get());
        }
        try {
            return new AutoSandbox(sharing(DockerExecutor.open(settings, env.host(), env.clock()), workDir(c, env)),
                    new LocalProcessExecutor(env.clock()), line -> AutoSandbox.say(err, line));
        } catch (ExecException e) {
            return local(env, err, e.getMessage());
        }
    }

    /** {@code docker}, once it is clear that it can see the workspace copies; closed when it cannot. */
    private static DockerExecutor sharing(DockerExecutor docker, Path workDir) {
        try {
            docker.checkShares(workDir);
            return docker;
        } catch (RuntimeException e) {
            docker.close();
            throw e;
        }
    }

    private static Executor local(Environment env, PrintWriter err, String why) {
        AutoSandbox.say(err, "local processes, not isolated (" + why + ")");
        return new LocalProcessExecutor(env.clock());
    }

    /** The Docker settings, each value checked with a message naming its source. */
    static SandboxSettings settings(ResolvedConfig c, HostEnvironment host, String runId) {
        long memory = c.bytes(ConfigKey.SANDBOX_MEMORY, SandboxLimits.MIN_MEMORY, 1L << 50);
        double cpus = c.decimal(ConfigKey.SANDBOX_CPUS, 0.01, 1024);
        int pids = c.integer(ConfigKey.SANDBOX_PIDS, SandboxLimits.MIN_PIDS, 4_194_304);
        List<Path> caches = Arrays.stream(c.get(ConfigKey.SANDBOX_CACHE).split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).map(Path::of).toList();
        for (Path p : caches) {
            if (!p.isAbsolute() || !Files.isDirectory(p)) {
                throw new ConfigException("sandbox-cache folder '" + p + "' (from "
                        + c.value(ConfigKey.SANDBOX_CACHE).source() + ") is not an existing absolute folder; "
                        + "fix the path or leave it out");
            }
        }
        return new SandboxSettings(EngineAddress.of(host), new SandboxLimits(memory, cpus, pids),
                SandboxSettings.image(c.get(ConfigKey.SANDBOX_IMAGE)), caches, runId);
    }

    /** Where workspace copies go: {@code work-dir}, else the environment's temp folder. */
    static Path workDir(ResolvedConfig c, Environment env) {
        String given = c.get(ConfigKey.WORK_DIR).trim();
        return given.isEmpty() ? env.tempDir() : Path.of(given).toAbsolutePath();
    }

    /** Labels this invocation's containers: unique enough among concurrent runs on one engine. */
    static String runId() {
        byte[] random = new byte[6];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
