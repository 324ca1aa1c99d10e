package dev.repofix.exec;

import java.io.PrintWriter;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code --sandbox auto} once the engine answered: the first command of each image
 * decides between Docker (the engine has the image) and local processes (it does not,
 * or no image is known for the build), and says so in one line.
 */
public final class AutoSandbox implements Executor {
    private final DockerExecutor docker;
    private final Executor local;
    private final PrintWriter err;
    private final Map<Optional<String>, Executor> chosen = new ConcurrentHashMap<>();

    public AutoSandbox(DockerExecutor docker, Executor local, PrintWriter err) {
        this.docker = docker;
        this.local = local;
        this.err = err;
    }

    @Override
    public ExecResult run(Command command) {
        return executorFor(command.image()).run(command);
    }

    /** Where commands of {@code family} run: the executor chosen for its image, chosen now if not yet. */
    @Override
    public String where(Optional<SandboxImage> family) {
        return executorFor(family).where(family);
    }

    /** What confines commands of {@code family}: that of the executor chosen for its image. */
    @Override
    public SandboxKind sandboxKind(Optional<SandboxImage> family) {
        return executorFor(family).sandboxKind(family);
    }

    private Executor executorFor(Optional<SandboxImage> family) {
        return chosen.computeIfAbsent(docker.imageFor(family), this::choose);
    }

    private Executor choose(Optional<String> image) {
        if (image.isEmpty()) {
            say(err, "local processes, not isolated (no sandbox image is known for this build; set sandbox-image to "
                    + "use Docker)");
            return local;
        }
        try {
            if (!docker.hasImage(image.get())) {
                say(err, "local processes, not isolated (the Docker engine at " + docker.engine() + " has no image "
                        + image.get() + (image.get().startsWith("repofix/sandbox-") ? "; run `repofix images build`"
                        : "") + ")");
                return local;
            }
        } catch (ExecException e) {
            say(err, "local processes, not isolated (" + e.getMessage() + ")");
            return local;
        }
        say(err, "Docker, image " + image.get() + ", no network, " + docker.limits().describe());
        return docker;
    }

    /** One line on {@code err} saying where tests run and why. */
    public static void say(PrintWriter err, String line) {
        err.println("repofix: sandbox: " + line);
        err.flush();
    }

    @Override
    public void close() {
        try {
            docker.close();
        } finally {
            local.close();
        }
    }
}
