package dev.repofix.exec;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.httpclient5.ApacheDockerHttpClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connection to one Docker engine: a client for short requests, each bounded by a
 * response timeout, and one without it for the long ones (attaching to a container's
 * output, waiting for its exit) whose waits the caller bounds. Translates the engine's
 * failures into errors that name the engine and say what to do.
 */
final class DockerEngine implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DockerEngine.class);
    /** Limit of one short request (create, inspect, kill, remove, list). */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private final EngineAddress address;
    private final DockerClient requests;
    private final DockerClient streams;

    private DockerEngine(EngineAddress address, DockerClient requests, DockerClient streams) {
        this.address = address;
        this.requests = requests;
        this.streams = streams;
    }

    /** Clients for {@code address}; nothing is sent yet. */
    static DockerEngine connect(EngineAddress address) {
        return new DockerEngine(address, client(address, REQUEST_TIMEOUT, REQUEST_TIMEOUT), client(address, REQUEST_TIMEOUT, null));
    }

    /** A connection only for {@link #ping()}, answering within {@code timeout} or failing. */
    static DockerEngine forProbe(EngineAddress address, Duration timeout) {
        DockerClient c = client(address, timeout, timeout);
        return new DockerEngine(address, c, c);
    }

    /**
     * The config comes from {@link EngineAddress} (read from the environment by
     * {@code config}), never from this process's variables: those are explicitly replaced.
     */
    private static DockerClient client(EngineAddress address, Duration connect, Duration response) {
        DefaultDockerClientConfig.Builder b = DefaultDockerClientConfig.createDefaultConfigBuilder()
                .withDockerHost(address.dockerHost())
                .withDockerTlsVerify(address.tlsVerify());
        address.certPath().ifPresent(b::withDockerCertPath);
        DockerClientConfig config = b.build();
        ApacheDockerHttpClient.Builder http = new ApacheDockerHttpClient.Builder()
                .dockerHost(config.getDockerHost())
                .sslConfig(config.getSSLConfig())
                .maxConnections(128)
                .connectionTimeout(connect);
        if (response != null) {
            http.responseTimeout(response);
        }
        return DockerClientImpl.getInstance(config, http.build());
    }

    EngineAddress address() {
        return address;
    }

    DockerClient requests() {
        return requests;
    }

    DockerClient streams() {
        return streams;
    }

    /** @throws ExecException when the engine does not answer */
    void ping() {
        call("reach", () -> requests.pingCmd().exec());
    }

    /** How many CPUs the engine's host has; Docker refuses a CPU limit above that. */
    int cpus() {
        Integer n = call("ask", () -> requests.infoCmd().exec()).getNCPU();
        return n == null || n < 1 ? Integer.MAX_VALUE : n;
    }

    boolean imageExists(String image) {
        try {
            requests.inspectImageCmd(image).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        } catch (RuntimeException e) {
            throw failure("inspect image " + image + " at", e);
        }
    }

    /**
     * The {@code PATH} that {@code image}'s config sets, or empty when it sets none (the
     * engine then gives its own default).
     *
     * @throws NotFoundException when the engine has no such image
     */
    Optional<String> imagePath(String image) {
        com.github.dockerjava.api.model.ContainerConfig config;
        try {
            config = requests.inspectImageCmd(image).exec().getConfig();
        } catch (NotFoundException e) {
            throw e;
        } catch (RuntimeException e) {
            throw failure("inspect image " + image + " at", e);
        }
        List<String> env = config == null || config.getEnv() == null ? List.of() : List.of(config.getEnv());
        return env.stream().filter(e -> e.startsWith("PATH=")).map(e -> e.substring("PATH=".length())).findFirst();
    }

    /** Our own container's bind mounts, or empty when the engine has no container of that id. */
    Optional<List<HostPathMapper.BindMount>> mountsOf(String containerId) {
        InspectContainerResponse r;
        try {
            r = requests.inspectContainerCmd(containerId).exec();
        } catch (NotFoundException e) {
            return Optional.empty();
        } catch (RuntimeException e) {
            throw failure("inspect container " + containerId + " at", e);
        }
        List<HostPathMapper.BindMount> out = new ArrayList<>();
        for (InspectContainerResponse.Mount m : Optional.ofNullable(r.getMounts()).orElse(List.of())) {
            if (m.getSource() != null && !m.getSource().isEmpty() && m.getDestination() != null) {
                out.add(new HostPathMapper.BindMount(Path.of(m.getSource()), Path.of(m.getDestination().getPath())));
            }
        }
        return Optional.of(out);
    }

    /** Containers (running or not) carrying {@code label}, with their labels. */
    List<Container> listLabelled(String label) {
        return call("list containers at", () -> requests.listContainersCmd().withShowAll(true)
                .withLabelFilter(List.of(label)).exec());
    }

    /** Kills a container; one that already stopped or is gone is fine. */
    void kill(String id) {
        try {
            requests.killContainerCmd(id).exec();
        } catch (NotFoundException | ConflictException e) {
            LOG.debug("container {} already stopped: {}", id, e.getMessage());
        }
    }

    /** Removes a container, running or not; "already gone" counts as removed. Never throws. */
    boolean removeQuietly(String id) {
        try {
            requests.removeContainerCmd(id).withForce(true).withRemoveVolumes(true).exec();
            return true;
        } catch (NotFoundException e) {
            return true;
        } catch (ConflictException e) {
            // "removal already in progress": someone else removes it.
            return true;
        } catch (RuntimeException e) {
            LOG.warn("could not remove sandbox container {} at {}: {}; remove it with 'docker rm -f {}'", id,
                    address, e.getMessage(), id);
            return false;
        }
    }

    /** Runs a request; engine failures become an {@link ExecException} naming the engine. */
    <T> T call(String what, java.util.function.Supplier<T> request) {
        try {
            return request.get();
        } catch (RuntimeException e) {
            throw failure(what, e);
        }
    }

    ExecException failure(String what, RuntimeException e) {
        if (e instanceof ExecException ee) {
            return ee;
        }
        if (interrupted(e)) {
            return new ExecException("interrupted while trying to " + what.replaceFirst(" at$", "")
                    + " at the Docker engine at " + address, e);
        }
        if (e instanceof DockerException d) {
            return new ExecException("the Docker engine at " + address + " refused to " + what.replaceFirst(" at$", "")
                    + ": " + firstLine(d.getMessage()), e);
        }
        return new ExecException("cannot " + what + (what.endsWith(" at") ? " " : " the Docker engine at ") + address
                + ": " + firstLine(rootMessage(e)) + "; start the engine (or set DOCKER_HOST) or use --sandbox local", e);
    }

    /** Whether our thread was interrupted: the transport then fails with a channel closed by the interrupt. */
    private static boolean interrupted(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof InterruptedException || t instanceof java.io.InterruptedIOException
                    || t instanceof java.nio.channels.ClosedByInterruptException) {
                return true;
            }
        }
        return Thread.currentThread().isInterrupted();
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.strip().lines().findFirst().orElse("");
    }

    @Override
    public void close() {
        close(requests);
        if (streams != requests) {
            close(streams);
        }
    }

    private static void close(DockerClient c) {
        try {
            c.close();
        } catch (IOException e) {
            LOG.debug("closing the Docker client: {}", e.getMessage());
        }
    }

    /** Labels as a map, never null. */
    static Map<String, String> labels(Container c) {
        return c.getLabels() == null ? Map.of() : c.getLabels();
    }
}
