package dev.repofix.exec;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * {@code --sandbox auto} once the engine answered: the first command of each image
 * decides between containers (the engine has the image, or it was pulled or built now) and
 * local processes (it could not be, or no image is known for the build), and says so in one
 * line to {@code notices}.
 * Everything else (running, starting a live process, where and how commands are confined)
 * is that of the executor chosen for the command's image.
 */
public final class AutoSandbox extends ForwardingExecutor {
    private final ContainerExecutor docker;
    private final Executor local;
    private final Consumer<String> notices;
    private final Map<Optional<String>, Executor> chosen = new ConcurrentHashMap<>();

    /**
     * @param notices receives one line per image when it is chosen for, saying which and why
     *     (see {@link #say} for how the CLI prints it)
     */
    public AutoSandbox(ContainerExecutor docker, Executor local, Consumer<String> notices) {
        super(List.of(docker, local));
        this.docker = docker;
        this.local = local;
        this.notices = Objects.requireNonNull(notices, "notices");
    }

    /** The executor chosen for {@code family}'s image, chosen now if not yet. */
    @Override
    protected Executor delegate(Optional<SandboxImage> family) {
        return chosen.computeIfAbsent(docker.imageFor(family), this::choose);
    }

    private Executor choose(Optional<String> image) {
        if (image.isEmpty()) {
            notices.accept("local processes, not isolated (no sandbox image is known for this build; set "
                    + "sandbox-image to use Docker)");
            return local;
        }
        try {
            Optional<String> missing = docker.provideImage(image.get());
            if (missing.isPresent()) {
                notices.accept("local processes, not isolated (" + missing.get() + ")");
                return local;
            }
        } catch (ExecException e) {
            notices.accept("local processes, not isolated (" + e.getMessage() + ")");
            return local;
        }
        notices.accept("Docker, image " + image.get() + ", no network, " + docker.limits().describe());
        return docker;
    }

    /** Prints a sandbox notice as the CLI shows it: {@code repofix: sandbox: <line>}. */
    public static void say(PrintWriter err, String line) {
        err.println("repofix: sandbox: " + line);
        err.flush();
    }
}
