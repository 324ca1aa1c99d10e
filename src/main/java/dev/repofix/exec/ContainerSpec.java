package dev.repofix.exec;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.LogConfig;
import com.github.dockerjava.api.model.Volume;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The container one command runs in: the command's folder mounted writable, at the
 * path repofix sees it (so paths in stack traces and reports match); the caches and the
 * command's own folders (a prepared environment) read-only unless marked writable (the
 * run's build cache); no network unless the command is an environment's set-up, which
 * gets the engine's default bridge; memory without swap, CPUs and processes capped; a
 * read-only root with a small {@code /tmp}; no capabilities, no privilege gain, a
 * non-root user; an init process that reaps orphans. The engine keeps no log: output is
 * streamed to repofix while the command runs.
 *
 * @param image   image reference
 * @param dir     the command's folder as repofix sees it (the path inside, too)
 * @param hostDir the same folder as the engine sees it
 * @param caches  the other mounts, sources as the engine sees them
 * @param env     {@code NAME=value} entries
 * @param network whether the container is on the engine's default bridge network (else on none)
 * @param labels  labels of the container
 * @param live    whether it is a live process that reads its standard input (and whose
 *                stderr is discarded, as {@link LiveProcess} says)
 */
record ContainerSpec(String image, List<String> argv, Path dir, Path hostDir, List<SandboxCaches.Mount> caches,
        List<String> env, boolean network, SandboxLimits limits, SandboxUser user, Map<String, String> labels, boolean live) {
    ContainerSpec {
        Objects.requireNonNull(image, "image");
        argv = List.copyOf(argv);
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(hostDir, "hostDir");
        caches = List.copyOf(caches);
        env = List.copyOf(env);
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(user, "user");
        labels = Map.copyOf(labels);
    }

    /**
     * The spec of {@code command} in {@code image}, labelled for {@code owner} until {@code deadline}.
     *
     * @param mounts    the caches, then the command's own folders ({@link #folders}), sources as the engine sees them
     * @param imagePath the image's {@code PATH}, which the command's {@link Command#pathPrefix()} goes before
     */
    static ContainerSpec of(Command command, String image, Optional<String> imagePath, Path hostDir,
            SandboxCaches mounts, SandboxLimits limits, SandboxUser user, SandboxOwner owner, Instant deadline) {
        Path dir = command.workdir().toAbsolutePath().normalize();
        List<Path> visible = command.mounts().stream().map(m -> m.folder().toAbsolutePath().normalize()).toList();
        return new ContainerSpec(image, command.argv(), dir, hostDir, mounts.mounts(),
                SandboxEnvironment.of(command.environment(), mounts.environment(), visible, command.pathPrefix(),
                        imagePath),
                command.network(), limits, user, owner.labels(deadline), false);
    }

    /**
     * The command's own folders as mounts at the same path inside, read-only unless the
     * command may write them; {@code toHost} gives each folder as the engine sees it.
     */
    static List<SandboxCaches.Mount> folders(Command command, Function<Path, Path> toHost) {
        return command.mounts().stream().map(m -> {
            Path folder = m.folder().toAbsolutePath().normalize();
            return new SandboxCaches.Mount(toHost.apply(folder), folder.toString(), Map.of(), m.writable());
        }).toList();
    }

    /** The same container, kept as a live process: stdin open, stderr discarded. */
    ContainerSpec asLiveProcess() {
        return new ContainerSpec(image, argv, dir, hostDir, caches, env, network, limits, user, labels, true);
    }

    HostConfig hostConfig() {
        List<Bind> binds = new ArrayList<>();
        binds.add(new Bind(hostDir.toString(), new Volume(dir.toString()), AccessMode.rw));
        for (SandboxCaches.Mount m : caches) {
            binds.add(new Bind(m.source().toString(), new Volume(m.target()), m.writable() ? AccessMode.rw : AccessMode.ro));
        }
        String tmpOptions = "rw,exec,nosuid,nodev,size=" + limits.tmpBytes();
        return HostConfig.newHostConfig()
                .withBinds(binds)
                // The engine's default bridge (its NAT to the outside), never the host's own network stack.
                .withNetworkMode(network ? "bridge" : "none")
                .withMemory(limits.memoryBytes())
                .withMemorySwap(limits.memoryBytes())
                .withNanoCPUs(limits.nanoCpus())
                .withPidsLimit((long) limits.pids())
                .withInit(true)
                .withReadonlyRootfs(true)
                .withTmpFs(Map.of(
                        "/tmp", tmpOptions + ",mode=1777",
                        SandboxEnvironment.HOME, tmpOptions + ",mode=0700,uid=" + user.uid() + ",gid=" + user.gid()))
                .withCapDrop(Capability.ALL)
                .withSecurityOpts(List.of("no-new-privileges"))
                .withLogConfig(new LogConfig(LogConfig.LoggingType.NONE))
                .withAutoRemove(false);
    }

    /**
     * What the container runs: the argv, with stderr joined to stdout by the shell before
     * it starts. Docker carries the two in separate pipes whose order it does not keep;
     * one pipe keeps the output in the order written, as a local process's is. (Test
     * commands are {@code sh -c} scripts, so the image has a shell anyway.)
     */
    List<String> entrypoint() {
        List<String> out = new ArrayList<>(List.of("/bin/sh", "-c", live ? "exec \"$@\" 2>/dev/null" : "exec \"$@\" 2>&1",
                "sh"));
        out.addAll(argv);
        return out;
    }

    /** Fills a create request; the entrypoint replaces the image's entrypoint and command. */
    CreateContainerCmd applyTo(CreateContainerCmd create) {
        return create.withHostConfig(hostConfig())
                .withEntrypoint(entrypoint())
                .withWorkingDir(dir.toString())
                .withEnv(env)
                .withUser(user.spec())
                .withLabels(labels)
                .withHostName("sandbox")
                .withAttachStdout(true)
                .withAttachStderr(true)
                .withAttachStdin(live)
                .withStdinOpen(live)
                .withStdInOnce(false)
                .withTty(false);
    }
}
