package dev.repofix.exec;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Turns a path as repofix sees it into the path the Docker engine sees. Outside a
 * container both are the same. When repofix itself runs in a container (a GitHub
 * container action, with the engine's socket mounted), the engine creates sibling
 * containers from the host's point of view: a folder repofix sees at
 * {@code /github/workspace} is {@code /home/runner/work/x/x} to the engine. The
 * mounts of repofix's own container say how to translate; a path under none of them
 * (e.g. that container's own {@code /tmp}) cannot be shared with a sibling at all.
 */
public final class HostPathMapper {
    /** A folder {@code source} of the host mounted at {@code destination} in our container. */
    public record BindMount(Path source, Path destination) {
        public BindMount {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(destination, "destination");
        }
    }

    private final Optional<String> container;
    private final List<BindMount> mounts;

    private HostPathMapper(Optional<String> container, List<BindMount> mounts) {
        this.container = container;
        // Longest destination first: /github/workspace/sub wins over /github/workspace.
        this.mounts = mounts.stream()
                .sorted(Comparator.comparingInt((BindMount m) -> m.destination().getNameCount()).reversed())
                .toList();
    }

    /** Repofix runs on the engine's host: every path is the host's. */
    public static HostPathMapper identity() {
        return new HostPathMapper(Optional.empty(), List.of());
    }

    /** Repofix runs in container {@code containerId}, which has these mounts. */
    public static HostPathMapper inContainer(String containerId, List<BindMount> mounts) {
        return new HostPathMapper(Optional.of(containerId), List.copyOf(mounts));
    }

    /** Whether repofix runs in a container of the engine (paths are translated). */
    public boolean translates() {
        return container.isPresent();
    }

    /** The host path of {@code seen}, or empty when it is on no mounted volume. */
    public Optional<Path> toHost(Path seen) {
        Path p = seen.toAbsolutePath().normalize();
        if (container.isEmpty()) {
            return Optional.of(p);
        }
        for (BindMount m : mounts) {
            if (p.startsWith(m.destination())) {
                return Optional.of(m.source().resolve(m.destination().relativize(p).toString()));
            }
        }
        return Optional.empty();
    }

    /**
     * The host path of a workspace copy.
     *
     * @throws ExecException when the copy is on no volume the engine can see, saying how to fix that
     */
    public Path workspaceOnHost(Path seen) {
        return shared(seen, "the workspace copy at " + seen + " is");
    }

    /**
     * The host path of the folder that holds workspace copies.
     *
     * @throws ExecException when it is on no volume the engine can see, saying how to fix that
     */
    public Path workDirOnHost(Path seen) {
        return shared(seen, "the workspace copies under " + seen + " are");
    }

    /**
     * The host path of a folder a command needs besides its workspace copy (a prepared
     * environment, the run's build cache).
     *
     * @throws ExecException when it is on no volume the engine can see, saying how to fix that
     */
    public Path folderOnHost(Path seen) {
        return shared(seen, "the folder " + seen + " that a sandboxed command needs is", "keep it (and work-dir, "
                + "REPOFIX_WORK_DIR / INPUT_WORK-DIR) under a mounted volume such as /github/home");
    }

    private Path shared(Path seen, String subject) {
        return shared(seen, subject, "set work-dir (REPOFIX_WORK_DIR / INPUT_WORK-DIR) to a folder under a mounted "
                + "volume such as /github/home");
    }

    private Path shared(Path seen, String subject, String fix) {
        return toHost(seen).orElseThrow(() -> new ExecException(subject
                + " not on a volume the Docker engine can see (repofix runs in container "
                + container.map(c -> c.substring(0, Math.min(12, c.length()))).orElse("?") + "); " + fix, null));
    }
}
