package dev.repofix.app;

import dev.repofix.config.HostEnvironment;
import dev.repofix.config.SandboxSpec;
import dev.repofix.exec.AutoSandbox;
import dev.repofix.exec.ContainerIdentity;
import dev.repofix.exec.DockerExecutor;
import dev.repofix.exec.EngineAddress;
import dev.repofix.exec.ExecException;
import dev.repofix.exec.Executor;
import dev.repofix.exec.ImageSource;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.exec.SandboxLimits;
import dev.repofix.exec.SandboxSettings;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Predicate;

/** Creates the executor the {@code sandbox} setting asks for; the caller closes it. */
public final class Sandboxes {
    /** How long {@code auto} waits for the engine to answer before running tests locally. */
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    private Sandboxes() {}

    /**
     * local: local processes; docker: containers, failing when the engine cannot be reached;
     * auto: containers when the engine answers within {@link #PROBE_TIMEOUT} and has the
     * image a build needs or gets it (a repofix sandbox image is pulled from sandbox-pull, else
     * built once on the engine), else local processes, with one line on {@code err} saying which and why.
     * Containers carry the label {@code repofix.run=<runId>}.
     */
    public static Executor create(SandboxSpec spec, Environment env, PrintWriter err, String runId) {
        return create(spec, settings(spec, env.host(), runId), env, err);
    }

    /** As {@link #create(SandboxSpec, Environment, PrintWriter, String)}, with the Docker settings (and label) given. */
    static Executor create(SandboxSpec spec, SandboxSettings settings, Environment env, PrintWriter err) {
        if (spec.mode() == SandboxSpec.Mode.LOCAL) {
            return new LocalProcessExecutor(env.clock());
        }
        if (spec.mode() == SandboxSpec.Mode.DOCKER) {
            return sharing(DockerExecutor.open(settings, env.host(), env.clock(), line -> AutoSandbox.say(err, line)),
                    workDir(spec, env));
        }
        Optional<String> unreachable = DockerExecutor.probe(settings.engine(), PROBE_TIMEOUT);
        if (unreachable.isPresent()) {
            return local(env, err, "no Docker engine answered within " + PROBE_TIMEOUT.toSeconds() + "s: "
                    + unreachable.get());
        }
        try {
            return new AutoSandbox(sharing(DockerExecutor.open(settings, env.host(), env.clock(),
                    line -> AutoSandbox.say(err, line)), workDir(spec, env)),
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

    /** The Docker settings of {@code spec}, for containers labelled with {@code runId}. */
    public static SandboxSettings settings(SandboxSpec spec, HostEnvironment host, String runId) {
        return new SandboxSettings(EngineAddress.of(host), new SandboxLimits(spec.memoryBytes(), spec.cpus(), spec.pids()),
                SandboxSettings.image(spec.image()), spec.caches(), runId, ImageSource.of(spec.pull(), spec.base()));
    }

    /**
     * Where workspace copies go: {@code work-dir}, else in a CI job's container a folder on the
     * volume the CI mounts (see {@link MountedWorkDir}), else the environment's temp folder.
     */
    public static Path workDir(SandboxSpec spec, Environment env) {
        return workDir(spec, env, ContainerIdentity.fromProc(env.host()).containerId().isPresent(), Files::isDirectory);
    }

    /** As {@link #workDir(SandboxSpec, Environment)}, told whether this is a container and which folders exist. */
    static Path workDir(SandboxSpec spec, Environment env, boolean inContainer, Predicate<Path> isDirectory) {
        return spec.workDir().or(() -> MountedWorkDir.of(env.host(), inContainer, isDirectory)).orElse(env.tempDir());
    }
}
