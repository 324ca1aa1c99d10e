package dev.repofix.exec;

import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import dev.repofix.config.ByteSizes;
import dev.repofix.config.HostEnvironment;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs each command in a fresh Docker container (see {@link ContainerSpec} for what it
 * may do) and removes the container on every path out: exit, failure, timeout, our
 * thread interrupted, or the JVM shutting down. Output is streamed into the usual cap
 * while the command runs. Thread-safe; {@link #close()} is idempotent.
 */
public final class DockerExecutor implements ContainerExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(DockerExecutor.class);
    /** After the exit or a kill, how long to wait for the rest of the output. */
    private static final Duration DRAIN_GRACE = Duration.ofSeconds(5);
    /** Beyond a container's timeout, how long its creator may take to remove it. */
    static final Duration REMOVAL_GRACE = Duration.ofMinutes(5);
    /**
     * How long a live process's container is labelled as ours (its creator closes it
     * when the run ends; a crashed creator's is reaped sooner, by its pid).
     */
    static final Duration LIVE_LIMIT = Duration.ofHours(12);

    /** What to do when a sandbox image is missing and could not be pulled or built. */
    static final String WHAT_TO_DO = "set sandbox-pull to where it is published, set sandbox-base to a base image "
            + "this engine has or can pull, or run `repofix images build --base IMAGE` against this engine; or use "
            + "--sandbox local";

    /** The {@code PATH} Docker gives a Linux container whose image sets none. */
    static final String ENGINE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

    private final DockerEngine engine;
    private final SandboxSettings settings;
    private final SandboxCaches caches;
    private final HostPathMapper paths;
    private final SandboxUser user;
    private final SandboxOwner owner;
    private final Clock clock;
    private final SandboxBuildCache buildCache;
    private final Map<String, Optional<String>> imagePaths = new ConcurrentHashMap<>();
    private final ImageSupply supply;
    /** Per image: empty once the engine has it, else why it cannot have it; asked once per image. */
    private final Map<String, Optional<String>> provided = new ConcurrentHashMap<>();
    /** The host's CA bundle, which a set-up's container trusts too (see {@link CaBundles}). */
    private final Optional<Path> hostBundle;
    private final Map<String, List<SandboxCaches.Mount>> trust = new ConcurrentHashMap<>();
    private final Set<String> running = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread shutdownHook;

    private DockerExecutor(DockerEngine engine, SandboxSettings settings, SandboxCaches caches, HostPathMapper paths,
            SandboxUser user, Clock clock, Optional<Path> hostBundle, ImageSupply supply) {
        this.engine = engine;
        this.supply = supply;
        this.hostBundle = hostBundle;
        this.settings = settings;
        this.caches = caches;
        this.paths = paths;
        this.user = user;
        this.owner = SandboxOwner.current(settings.runId());
        this.clock = clock;
        this.buildCache = new SandboxBuildCache(paths, user);
        // Ctrl-C or a CI cancel must not leave containers running: remove what is still there.
        this.shutdownHook = new Thread(() -> {
            running.forEach(engine::removeQuietly);
            buildCache.close();
        }, "repofix-sandbox-cleanup");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * Connects to the engine, checks that it answers, learns how to share folders with it
     * (see {@link HostPathMapper}) and removes leftovers of crashed runs.
     *
     * @throws ExecException when the engine cannot be reached, naming it and what to do
     */
    public static DockerExecutor open(SandboxSettings settings, HostEnvironment host, Clock clock) {
        return open(settings, host, clock, line -> LOG.info("sandbox: {}", line));
    }

    /**
     * As {@link #open(SandboxSettings, HostEnvironment, Clock)}; {@code notices} receives the lines
     * that say when a sandbox image the engine lacks is pulled or built, and how long it took.
     */
    public static DockerExecutor open(SandboxSettings settings, HostEnvironment host, Clock clock,
            java.util.function.Consumer<String> notices) {
        return open(settings, host, clock, ContainerIdentity.fromProc(host), SandboxUser.current(), notices);
    }

    static DockerExecutor open(SandboxSettings given, HostEnvironment host, Clock clock, ContainerIdentity identity,
            SandboxUser user) {
        return open(given, host, clock, identity, user, line -> LOG.info("sandbox: {}", line));
    }

    private static DockerExecutor open(SandboxSettings given, HostEnvironment host, Clock clock,
            ContainerIdentity identity, SandboxUser user, java.util.function.Consumer<String> notices) {
        DockerEngine engine = DockerEngine.connect(given.engine());
        try {
            engine.ping();
            SandboxSettings settings = withinEngine(given, engine.cpus());
            HostPathMapper paths = identity.containerId()
                    .flatMap(id -> engine.mountsOf(id).map(mounts -> HostPathMapper.inContainer(id, mounts)))
                    .orElse(HostPathMapper.identity());
            SandboxCaches caches = shared(SandboxCaches.detect(host, settings.extraCaches()), paths);
            // The lock files of image builds go to this machine's temp folder, shared by its runs.
            ImageSupply supply = new ImageSupply(engine, settings.source(), clock,
                    Path.of(System.getProperty("java.io.tmpdir")), notices);
            DockerExecutor executor = new DockerExecutor(engine, settings, caches, paths, user, clock,
                    CaBundles.onHost(host), supply);
            executor.reapLeftovers();
            return executor;
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    /**
     * Why the engine at {@code address} cannot be used, or empty when it answers within {@code timeout}.
     */
    public static Optional<String> probe(EngineAddress address, Duration timeout) {
        try (DockerEngine probe = DockerEngine.forProbe(address, timeout)) {
            probe.ping();
            return Optional.empty();
        } catch (ExecException e) {
            return Optional.of(e.getMessage());
        }
    }

    @Override
    public String where(Optional<SandboxImage> family) {
        return "docker " + imageFor(family).orElse("(no image known)");
    }

    @Override
    public SandboxKind sandboxKind(Optional<SandboxImage> family) {
        return SandboxKind.DOCKER;
    }

    /** The image that runs commands of {@code family}, when one is known. */
    @Override
    public Optional<String> imageFor(Optional<SandboxImage> family) {
        return settings.imageFor(family);
    }

    /** Whether the engine has {@code image}. */
    @Override
    public boolean hasImage(String image) {
        return engine.imageExists(image);
    }

    @Override
    public Optional<String> provideImage(String image) {
        return provided.computeIfAbsent(image, i -> switch (supply.provide(i)) {
            case ImageSupply.Outcome.Present p -> Optional.empty();
            case ImageSupply.Outcome.Pulled p -> Optional.empty();
            case ImageSupply.Outcome.Built b -> Optional.empty();
            case ImageSupply.Outcome.Unavailable u -> Optional.of(u.why());
        });
    }

    /** @throws ExecException saying why and what to do when the engine lacks {@code image} and cannot get it */
    private void requireImage(String image) {
        provideImage(image).ifPresent(why -> {
            throw new ExecException(why + "; " + (SandboxImage.ofReference(image).isPresent() ? WHAT_TO_DO
                    : "or use --sandbox local"), null);
        });
    }

    /**
     * Checks up front that workspace copies under {@code workDir} can be shared with
     * containers (see {@link HostPathMapper}); the run's build cache goes there too.
     *
     * @throws ExecException saying how to fix it when they cannot
     */
    public void checkShares(Path workDir) {
        paths.workDirOnHost(workDir);
        buildCache.placeUnder(workDir);
    }

    /** The run's build cache folder, once the first container made it (see {@link SandboxBuildCache}). */
    Optional<Path> buildCache() {
        return buildCache.folder();
    }

    /** The limits each container gets. */
    @Override
    public SandboxLimits limits() {
        return settings.limits();
    }

    /** Where the engine listens. */
    @Override
    public EngineAddress engine() {
        return settings.engine();
    }

    @Override
    public ExecResult run(Command command) {
        if (closed.get()) {
            throw new IllegalStateException("the Docker executor is closed");
        }
        String image = imageFor(command.image()).orElseThrow(() -> new ExecException("no sandbox image is known for '"
                + String.join(" ", command.argv()) + "': set sandbox-image to " + SandboxImage.families() + " or an "
                + "image reference, or use --sandbox local", null));
        requireImage(image);
        ContainerSpec spec = spec(command, image, clock.instant().plus(command.timeout()).plus(REMOVAL_GRACE));
        String id = create(spec);
        running.add(id);
        try {
            return runCreated(id, command);
        } finally {
            // An interrupted thread cannot talk to the engine: clear the flag for the removal, then restore it.
            boolean interrupted = Thread.interrupted();
            try {
                engine.removeQuietly(id);
                running.remove(id);
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /**
     * Starts {@code command} in a container of its own, with the same mounts and limits as
     * {@link #run}, and leaves it running with its standard input attached. Its timeout
     * is not applied (see {@link Executor#start}); {@link LiveProcess#close()} removes it.
     */
    @Override
    public Optional<LiveProcess> start(Command command) {
        if (closed.get()) {
            throw new IllegalStateException("the Docker executor is closed");
        }
        String image = imageFor(command.image()).orElseThrow(() -> new ExecException("no sandbox image is known for '"
                + String.join(" ", command.argv()) + "'", null));
        requireImage(image);
        ContainerSpec spec = spec(command, image, clock.instant().plus(LIVE_LIMIT)).asLiveProcess();
        String id = create(spec);
        running.add(id);
        Runnable remove = () -> {
            engine.removeQuietly(id);
            running.remove(id);
        };
        BytePipe stdin = new BytePipe();
        BytePipe stdout = new BytePipe();
        ContainerOutput attached = new ContainerOutput((b, off, len) -> stdout.sink().write(b, off, len), stdout::end);
        try {
            engine.streams().attachContainerCmd(id).withStdIn(stdin.source()).withStdOut(true).withStdErr(false)
                    .withFollowStream(true).withLogs(false).exec(attached);
            awaitAttached(attached, id);
            engine.call("start a container at", () -> engine.requests().startContainerCmd(id).exec());
            return Optional.of(new DockerLiveProcess(id, stdin, stdout, attached, remove));
        } catch (InterruptedException e) {
            attached.close();
            remove.run();
            Thread.currentThread().interrupt();
            throw new ExecException("interrupted while starting '" + String.join(" ", command.argv())
                    + "' in container " + id, e);
        } catch (RuntimeException e) {
            attached.close();
            remove.run();
            throw e;
        }
    }

    /**
     * The container of {@code command}: its folder and its writable folders shared (and given
     * to the sandbox user), the caches read-only, the run's build cache and the command's own folders, its
     * {@code PATH} prefix before the image's.
     */
    private ContainerSpec spec(Command command, String image, Instant deadline) {
        Path dir = command.workdir().toAbsolutePath().normalize();
        Path hostDir = paths.workspaceOnHost(dir);
        user.prepare(dir);
        // A set-up writes its folder as the sandbox user, as tests write the copy.
        command.mounts().stream().filter(Command.Mount::writable).forEach(m -> user.prepare(m.folder()));
        SandboxCaches mounts = caches.forCommand(command).plus(buildCache.mounts(dir))
                .plus(ContainerSpec.folders(command, paths::folderOnHost))
                .plus(command.network() ? trust(command, image) : List.of());
        Optional<String> imagePath = command.pathPrefix().isEmpty() ? Optional.empty() : imagePath(image);
        return ContainerSpec.of(command, image, imagePath, hostDir, mounts, settings.limits(), user, owner, deadline);
    }

    /**
     * The CA bundle a command with network gets in {@code image}: none when the image's own
     * holds every certificate of the host's, else the union, written to the run folder and
     * mounted read-only over the image's bundle (see {@link CaBundles}). Asked once per image,
     * by a container without network that prints the image's bundle.
     */
    private List<SandboxCaches.Mount> trust(Command command, String image) {
        if (hostBundle.isEmpty()) {
            return List.of();
        }
        List<SandboxCaches.Mount> known = trust.get(image);
        if (known != null) {
            return known;
        }
        String host;
        try {
            host = java.nio.file.Files.readString(hostBundle.get());
        } catch (IOException e) {
            LOG.warn("could not read the host's CA bundle {}: {}; set-ups trust the image's own", hostBundle.get(),
                    e.getMessage());
            return List.of();
        }
        ExecResult probe = run(new Command(List.of("sh", "-c", CaBundles.probeScript()), command.workdir(), Map.of(),
                Duration.ofMinutes(2), 8 * 1024 * 1024, command.image()));
        var imageBundle = CaBundles.imageBundle(probe.output());
        String target = imageBundle.map(Map.Entry::getKey).orElse(CaBundles.IMAGE_BUNDLES.get(0));
        String name = "ca-" + Integer.toHexString(image.hashCode());
        List<SandboxCaches.Mount> mounts = new ArrayList<>();
        CaBundles.union(imageBundle.map(Map.Entry::getValue).orElse(""), host).ifPresent(union -> {
            buildCache.write(name + ".crt", union).ifPresent(file -> mounts.add(new SandboxCaches.Mount(file, target,
                    CaBundles.environment(target))));
            // Java reads no PEM bundle: its tools (Maven's downloads) get the same certificates as a trust store.
            CaBundles.javaTrustStore(union).flatMap(store -> buildCache.write(name + ".p12", store))
                    .ifPresent(file -> mounts.add(new SandboxCaches.Mount(file, CaBundles.JAVA_TRUST_STORE,
                            CaBundles.javaEnvironment(CaBundles.JAVA_TRUST_STORE))));
        });
        List<SandboxCaches.Mount> found = List.copyOf(mounts);
        trust.put(image, found);
        return found;
    }

    /**
     * The {@code PATH} of {@code image}'s config, asked once per image; for an image that
     * sets none (one made by {@code docker import}), the engine's own default.
     */
    private Optional<String> imagePath(String image) {
        try {
            return imagePaths.computeIfAbsent(image, i -> engine.imagePath(i).or(() -> Optional.of(ENGINE_PATH)));
        } catch (NotFoundException e) {
            throw missing(image, e);
        }
    }

    private String create(ContainerSpec spec) {
        try {
            return spec.applyTo(engine.requests().createContainerCmd(spec.image())).exec().getId();
        } catch (NotFoundException e) {
            throw missing(spec.image(), e);
        } catch (RuntimeException e) {
            throw engine.failure("create a container of " + spec.image() + " at", e);
        }
    }

    private ExecException missing(String image, NotFoundException e) {
        return new ExecException("image " + image + " not found at the Docker engine at " + engine.address() + ": "
                + (SandboxImage.ofReference(image).isPresent() ? WHAT_TO_DO : "pull or build it, or use --sandbox local"),
                e);
    }

    private ExecResult runCreated(String id, Command command) {
        CappedOutput output = new CappedOutput(command.outputCap());
        ContainerOutput attached = new ContainerOutput(output);
        WaitContainerResultCallback exit = null;
        try {
            engine.streams().attachContainerCmd(id).withStdOut(true).withStdErr(true).withFollowStream(true)
                    .withLogs(false).exec(attached);
            // Attached before the start, or a quick command's output is lost.
            awaitAttached(attached, id);
            Instant start = clock.instant();
            engine.call("start a container at", () -> engine.requests().startContainerCmd(id).exec());
            exit = engine.call("wait for a container at",
                    () -> engine.streams().waitContainerCmd(id).exec(new WaitContainerResultCallback()));
            ExecResult.Outcome outcome;
            boolean oomKilled = false;
            if (finished(exit, command.timeout())) {
                InspectContainerResponse.ContainerState state = engine.call("inspect a container at",
                        () -> engine.requests().inspectContainerCmd(id).exec()).getState();
                oomKilled = Boolean.TRUE.equals(state.getOOMKilled());
                outcome = new ExecResult.Outcome.Exited(Optional.ofNullable(state.getExitCodeLong()).orElse(-1L).intValue());
            } else {
                LOG.debug("timeout after {}, killing container {}", command.timeout(), id);
                engine.kill(id);
                outcome = new ExecResult.Outcome.TimedOut(command.timeout());
            }
            Duration elapsed = Duration.between(start, clock.instant());
            attached.awaitEnd(DRAIN_GRACE);
            return new ExecResult(outcome, text(output, oomKilled), elapsed);
        } catch (InterruptedException e) {
            try {
                engine.kill(id);
            } catch (RuntimeException killFailed) {
                // The removal in run() still follows; the interrupt is what the caller must hear of.
                LOG.debug("kill of interrupted container {} failed: {}", id, killFailed.getMessage());
            }
            Thread.currentThread().interrupt();
            throw new ExecException("interrupted while running '" + String.join(" ", command.argv())
                    + "' in container " + id, e);
        } catch (RuntimeException e) {
            // An interrupt can also surface from the transport as a closed channel, in any request.
            throw engine.failure("run container " + id + " at", e);
        } finally {
            attached.close();
            if (exit != null) {
                closeQuietly(exit);
            }
        }
    }

    /** Waits for the engine to attach to {@code id}'s streams; a refusal or no answer is an {@link ExecException}. */
    private void awaitAttached(ContainerOutput attached, String id) throws InterruptedException {
        if (!attached.awaitAttached(DockerEngine.REQUEST_TIMEOUT) || attached.failure().isPresent()) {
            throw new ExecException("the Docker engine at " + engine.address() + " did not attach to container "
                    + id + " within " + DockerEngine.REQUEST_TIMEOUT.toSeconds() + "s" + attached.failure()
                    .map(t -> " (" + t.getMessage() + ")").orElse("") + "; check the engine", null);
        }
    }

    /** Whether the container exited within {@code limit}; an engine failure meanwhile is an {@link ExecException}. */
    private boolean finished(WaitContainerResultCallback exit, Duration limit) throws InterruptedException {
        try {
            return exit.awaitCompletion(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            throw engine.failure("wait for a container at", e);
        }
    }

    /** The output, and when the memory limit ended the command, a line that says so last (after any elision). */
    private String text(CappedOutput output, boolean oomKilled) {
        String text;
        synchronized (output) {
            text = output.text();
        }
        if (oomKilled) {
            String limit = ByteSizes.format(settings.limits().memoryBytes());
            text += (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + "repofix: the sandbox killed the tests at the "
                    + "memory limit of " + limit + "; raise it with --sandbox-memory (sandbox-memory) if they need more\n";
        }
        return text;
    }

    /** Removes other runs' containers that their creators can no longer remove (see {@link SandboxOwner#mayReap}). */
    int reapLeftovers() {
        Instant now = clock.instant();
        int removed = 0;
        for (var c : engine.listLabelled(SandboxOwner.SANDBOX)) {
            if (owner.mayReap(DockerEngine.labels(c), now, SandboxOwner::isAlive) && engine.removeQuietly(c.getId())) {
                LOG.info("removed the leftover sandbox container {} of run {}", c.getId(),
                        DockerEngine.labels(c).get(SandboxOwner.RUN));
                removed++;
            }
        }
        return removed;
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        List<String> ours = new ArrayList<>(running);
        try {
            engine.listLabelled(SandboxOwner.RUN + "=" + settings.runId()).forEach(c -> ours.add(c.getId()));
        } catch (ExecException e) {
            LOG.debug("listing this run's containers: {}", e.getMessage());
        }
        ours.stream().distinct().forEach(engine::removeQuietly);
        buildCache.close();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // Shutting down already: the hook runs anyway.
        }
        engine.close();
    }

    /** The default of 2 CPUs on a 1-CPU runner: the engine would refuse it, so the limit is all there is. */
    private static SandboxSettings withinEngine(SandboxSettings s, int engineCpus) {
        SandboxLimits limits = s.limits().withCpusAtMost(engineCpus);
        if (limits.equals(s.limits())) {
            return s;
        }
        LOG.info("the Docker engine's host has {} CPU(s); sandboxed runs get all of them instead of {}", engineCpus,
                s.limits().cpus());
        return new SandboxSettings(s.engine(), limits, s.image(), s.extraCaches(), s.runId(), s.source());
    }

    private static SandboxCaches shared(SandboxCaches caches, HostPathMapper paths) {
        List<SandboxCaches.Mount> mounts = new ArrayList<>();
        for (SandboxCaches.Mount m : caches.mounts()) {
            Optional<Path> host = paths.toHost(m.source());
            if (host.isPresent()) {
                mounts.add(m.withSource(host.get()));
            } else {
                LOG.warn("the cache {} is on no volume the Docker engine can see; sandboxed builds run without it",
                        m.source());
            }
        }
        return new SandboxCaches(mounts);
    }

    private static void closeQuietly(Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            LOG.debug("closing a Docker stream: {}", e.getMessage());
        }
    }
}
