package dev.repofix.exec;

import dev.repofix.config.HostEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which container, if any, this process runs in, as the engine names it. A seam so that
 * tests decide; {@link #fromProc(HostEnvironment)} reads it at run time.
 */
@FunctionalInterface
public interface ContainerIdentity {
    /** Our container's id (or a prefix of it), empty when we are not in a container we can tell. */
    Optional<String> containerId();

    /** Never in a container. */
    static ContainerIdentity none() {
        return Optional::empty;
    }

    /**
     * From {@code /proc/self/mountinfo} (Docker mounts {@code /etc/hostname} from
     * {@code .../containers/<id>/hostname}), else {@code /proc/self/cgroup} (cgroup v1:
     * {@code /docker/<id>}), else {@code HOSTNAME} when it looks like a short id.
     */
    static ContainerIdentity fromProc(HostEnvironment host) {
        return () -> read(Path.of("/proc/self/mountinfo")).flatMap(ContainerIdentity::idInMountinfo)
                .or(() -> read(Path.of("/proc/self/cgroup")).flatMap(ContainerIdentity::idInCgroup))
                .or(() -> host.get("HOSTNAME").filter(h -> h.matches("[0-9a-f]{12,64}")));
    }

    /**
     * The id in a mountinfo text: the source of our {@code /etc/hostname}, e.g.
     * {@code /var/lib/docker/containers/<64 hex>/hostname}. Only that mount point counts: on
     * a Docker host, other containers' folders show up in the host's own mount table.
     */
    static Optional<String> idInMountinfo(String text) {
        Pattern root = Pattern.compile("/containers/([0-9a-f]{64})/hostname");
        for (String line : text.split("\n")) {
            String[] f = line.split(" ");
            if (f.length > 4 && f[4].equals("/etc/hostname")) {
                Optional<String> id = first(root, f[3]);
                if (id.isPresent()) {
                    return id;
                }
            }
        }
        return Optional.empty();
    }

    /** The id in a cgroup text: {@code /docker/<id>}, {@code docker-<id>.scope}. */
    static Optional<String> idInCgroup(String text) {
        return first(Pattern.compile("(?:/docker/|docker-)([0-9a-f]{64})"), text);
    }

    private static Optional<String> first(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static Optional<String> read(Path file) {
        try {
            return Files.isReadable(file) ? Optional.of(Files.readString(file)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
